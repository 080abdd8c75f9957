"""Seeded random playouts in every mode beyond two players with powers (issue 4):
three-player free-for-all and four-player teams over seeded samples of at least 500 power
combinations each, and the Golden Fleece variant with at least 200 games per power that
carries the mark. The harness (``fuzzing.Playout``) checks the engine's invariants after
every step and turn, and undoes each game back to its start (see ``test_power_fuzz.py``).

Combinations are drawn from the implemented powers allowed for that player count
(POWERS.csv), without banned matchups, seeded, so a failure names a reproducible game.
"""

from __future__ import annotations

import random
import zlib
from itertools import permutations

import pytest

from aegean.santorini.powers import banned_pairs, implemented, make_power, power_info
from aegean.santorini.setup import allowed_start_players, compatible
from fuzzing import Playout, Work, counting_work

BANNED = banned_pairs()
COMBINATIONS = 500
#: Combinations per test case (so a failure points at a small batch).
BATCH = 25
#: Work (engine steps) per game, and turns per game at most.
GAME_WORK = {3: 700, 4: 700}
TURN_CAP = {3: 24, 4: 24}
FLEECE_GAMES = 200
FLEECE_WORK = 200
FLEECE_TURNS = 10


def combinations_for(n_players: int, count: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` distinct seeded combinations of compatible, mutually allowed powers."""
    pool = [name for name in implemented() if compatible(name, n_players)]
    rng = random.Random(seed)
    found: list[tuple[str, ...]] = []
    seen: set[frozenset[str]] = set()
    while len(found) < count:
        combo = tuple(rng.sample(pool, n_players))
        key = frozenset(combo)
        if key in seen or any(frozenset((a, b)) in BANNED for a in combo for b in combo if a < b):
            continue
        seen.add(key)
        # Seat them so that setup can start (Bia first, Hecate last: RULINGS #6).
        seated = next(
            (p for p in permutations(combo) if allowed_start_players([make_power(n) for n in p])), None
        )
        assert seated is not None, f"no seating of {combo} can be set up"
        found.append(seated)
    return found


SAMPLES = {n: combinations_for(n, COMBINATIONS, seed=n) for n in (3, 4)}
FLEECE_POWERS = [name for name in implemented() if power_info(name).golden_fleece]


@pytest.mark.parametrize("n_players", [3, 4])
@pytest.mark.parametrize("batch", range(COMBINATIONS // BATCH))
def test_multiplayer_playouts_keep_the_invariants(
    n_players: int, batch: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    for combo in SAMPLES[n_players][batch * BATCH : (batch + 1) * BATCH]:
        work: Work = counting_work(monkeypatch, GAME_WORK[n_players])
        seed = zlib.crc32("/".join(combo).encode())
        Playout(combo, seed, work, turn_cap=TURN_CAP[n_players], list_every=3).run()
        monkeypatch.undo()


@pytest.mark.parametrize("fleece", FLEECE_POWERS)
def test_golden_fleece_playouts_keep_the_invariants(fleece: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for game in range(FLEECE_GAMES):
        work: Work = counting_work(monkeypatch, FLEECE_WORK)
        seed = zlib.crc32(f"fleece/{fleece}/{game}".encode())
        Playout((None, None), seed, work, fleece=fleece, turn_cap=FLEECE_TURNS, list_every=4).run()
        monkeypatch.undo()


def test_the_samples_are_large_and_allowed() -> None:
    """At least 500 distinct combinations per player count, each power allowed for that
    count and no banned pair inside; every Golden Fleece power is played."""
    for n_players, combos in SAMPLES.items():
        assert len({frozenset(c) for c in combos}) == COMBINATIONS
        assert all(compatible(name, n_players) for combo in combos for name in combo)
    assert len(FLEECE_POWERS) == 29  # SANTORINI.md §5: 29 cards carry the mark, all implemented
    assert FLEECE_GAMES >= 200
