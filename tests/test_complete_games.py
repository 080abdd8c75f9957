"""Every power in every mode its card is marked for, played to the end (issue 13, item 1).

The budgeted fuzz (``test_power_fuzz.py``, ``test_mode_fuzz.py``) samples many pairings
but stops games early, which is how Chaos beside the board (Golden Fleece) crashed only
after a dome, many turns in. Here each power plays whole games — in two-player games
against a seeded random allowed opponent, in three- and four-player games when POWERS.csv
marks it so (with seeded random allowed partners), and beside the board in the Golden
Fleece variant when it carries the mark — with several seeds, checked by the playout
harness (``fuzzing.Playout``: the board's invariants, hash and position round trip after
every step, undo to the start at the end) until the game is over.
"""

from __future__ import annotations

import random
import zlib

import pytest

from aegean.santorini.powers import banned_pairs, implemented, make_power, power_info
from aegean.santorini.setup import allowed_start_players, compatible
from fuzzing import Playout, Work

SEEDS = 3
#: Turns per game at most: a random game ends long before (the longest seen: about 120).
TURN_CAP = 400
BANNED = banned_pairs()
#: Every turn is a random walk through ``legal_steps`` (but the first: listing turns,
#: checked both ways round, is what the budgeted fuzz does).
WALKS = 10**9


def modes_of(power: str) -> list[str]:
    """The modes a card may be played in: ``2p`` always, ``3p``/``4p`` if marked, ``fleece``."""
    info = power_info(power)
    return ["2p", *["3p"] * info.three_players, *["4p"] * info.four_players, *["fleece"] * info.golden_fleece]


def partners(power: str, n_players: int, rng: random.Random) -> tuple[str, ...]:
    """``power`` and seeded random others allowed with it, seated so setup can start."""
    pool = [name for name in implemented() if name != power and compatible(name, n_players)]
    while True:
        names = [power, *rng.sample(pool, n_players - 1)]
        if any(frozenset((a, b)) in BANNED for a in names for b in names if a < b):
            continue
        rng.shuffle(names)
        if allowed_start_players([make_power(name) for name in names]):
            return tuple(names)


CASES = [
    pytest.param(power, mode, id=f"{power}-{mode}") for power in implemented() for mode in modes_of(power)
]


@pytest.mark.parametrize(("power", "mode"), CASES)
def test_whole_games_keep_the_invariants_to_the_end(power: str, mode: str) -> None:
    for seed in range(SEEDS):
        game_seed = zlib.crc32(f"{power}/{mode}/{seed}".encode())
        rng = random.Random(game_seed)
        if mode == "fleece":
            seats: tuple[str | None, ...] = (None, None)
        else:
            seats = partners(power, int(mode[0]), rng)
        fleece = power if mode == "fleece" else None
        playout = Playout(seats, game_seed, Work(10**9), fleece=fleece, turn_cap=TURN_CAP, list_every=WALKS)
        ended = playout.run()
        assert ended, f"no outcome after {TURN_CAP} turns: {playout.where()}"


def test_every_power_and_mode_is_played() -> None:
    """All 55 cards, each in all its modes (29 in the Golden Fleece variant)."""
    assert len({power for power, _ in (case.values for case in CASES)}) == len(implemented()) == 55
    assert sum(1 for case in CASES if case.values[1] == "fleece") == 29
