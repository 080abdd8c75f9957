"""Seeded random playouts over every allowed two-player pairing of the implemented powers
(all 55 once they are), and each of them against no power, checking the engine's invariants as it goes.

After every turn (and after every step of the turns played step by step):
- no two workers share a square, no worker stands on a dome, levels stay 0-3, and the
  owner table and occupied mask agree with the worker lists;
- the incrementally kept hash equals one computed from scratch (``rehash``);
- the position survives ``Board.from_position(board.position())`` (text and hash);
- ``outcome()`` is set exactly when there is no legal turn or a win was recorded.

On sampled turns the two ways of playing must agree: a turn from ``legal_turns`` can be
replayed step by step through ``legal_steps`` to the same position, and a random walk
through ``legal_steps`` ends where some turn of ``legal_turns`` ends. At the end,
undoing the whole game restores the start position and hash.

The pairs are collected from ``implemented()`` when the tests are collected, so new
powers join automatically. The whole file is bounded (under a minute even with all 30
powers, 465 pairs) by a budget of work that does not depend on the machine: the steps
the engine applies (``rules.apply_step`` calls, searches included), shared out among
the pairs. A game stops when its pair's budget is spent, so a pairing with enormous
turns (Hermes) plays fewer turns instead of slowing the file down. Everything is seeded
from the pair's names: a failure names a reproducible game (the pair, the seed, the
position and the turns that led to it).
"""

from __future__ import annotations

import zlib
from itertools import combinations

import pytest

from aegean.santorini.powers import banned_pairs, implemented, power_info
from fuzzing import Playout, Work, counting_work

MAX_INDEX = 55
CANDIDATES = [name for name in implemented() if power_info(name).index <= MAX_INDEX]
BANNED = banned_pairs()
PAIRS: list[tuple[str, str | None]] = [
    *combinations(CANDIDATES, 2),
    *((name, None) for name in CANDIDATES),
]
ALLOWED = [pair for pair in PAIRS if pair[1] is None or frozenset(pair) not in BANNED]

#: Games per pair: two (one per seating) while there are few pairs, else one.
GAMES = 2 if len(ALLOWED) <= 60 else 1
#: The budget of the whole file in engine steps (about 25 µs each, checks included).
TOTAL_WORK = 1_600_000
PAIR_WORK = max(3_000, TOTAL_WORK // max(1, len(ALLOWED)))


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Work:
    return counting_work(monkeypatch, PAIR_WORK)


def _param(pair: tuple[str, str | None]) -> object:
    a, b = pair
    marks = [pytest.mark.skip(reason="banned matchup")] if b is not None and frozenset(pair) in BANNED else []
    return pytest.param(a, b, id=f"{a}-{b or 'none'}", marks=marks)


@pytest.mark.parametrize(("first", "second"), [_param(pair) for pair in PAIRS])
def test_random_playouts_keep_the_invariants(first: str, second: str | None, work: Work) -> None:
    seed = zlib.crc32(f"{first}/{second or '-'}".encode())
    for game in range(GAMES):
        # Both seatings when there are two games; else the seed picks one.
        swap = (game + seed) % 2 == 1
        Playout((second, first) if swap else (first, second), seed + game, work).run()
        if work.spent:
            break


def test_the_pairs_cover_every_implemented_power() -> None:
    """Every implemented power meets every other and no power."""
    named = {name for pair in PAIRS for name in pair if name is not None}
    assert named == set(CANDIDATES)
    assert len(PAIRS) == len(CANDIDATES) * (len(CANDIDATES) - 1) // 2 + len(CANDIDATES)
