"""The slowest listings the web server would make, over every allowed ordered pair of the
55 powers: random games played step by step as the bench's scripted clients play them
(after three steps, any step but a move first), timing ``Board.outcome()`` on a fresh copy
between turns and ``Board.legal_steps()`` at every step. Prints the slowest pairs, each
with its position, so that a slow one can be replayed. Where the core plays a position,
both come from it; elsewhere from the reference.

    .venv/bin/python bench/slow_listings.py                 # one game a pair (about a minute)
    .venv/bin/python bench/slow_listings.py --games 2 --part 0/2 &   # half the pairs each
    .venv/bin/python bench/slow_listings.py --games 2 --part 1/2
"""

from __future__ import annotations

import argparse
import random
import time

from aegean.santorini import Board
from aegean.santorini.powers import banned_pairs, implemented
from aegean.santorini.steps import StepKind, step_kind


def pairs() -> list[tuple[str, str]]:
    """Every ordered pair of two different powers that is not a banned matchup."""
    names, banned = sorted(implemented()), banned_pairs()
    return [(a, b) for a in names for b in names if a != b and frozenset((a, b)) not in banned]


def slowest_of(first: str, second: str, games: int, turns: int = 40) -> tuple[float, str]:
    """The slowest listing in ``games`` seeded random games of the pair: seconds, and what."""
    rng = random.Random(f"{first}:{second}")
    slow = (0.0, "")
    for _ in range(games):
        board = Board(2, [first, second], strict=False)
        for _ in range(turns):
            fresh = board.copy()  # (nothing remembered from listing it before)
            clock = time.perf_counter()
            outcome = fresh.outcome()
            slow = max(slow, (time.perf_counter() - clock, f"outcome() at {board.position()}"))
            if outcome is not None:
                break
            start, taken = board.ply, 0
            while board.ply == start and board.decided is None and taken < 30:
                clock = time.perf_counter()
                steps = board.legal_steps()
                took = time.perf_counter() - clock
                slow = max(slow, (took, f"legal_steps() at {board.position()}"))
                if not steps:
                    break
                others = [s for s in steps if step_kind(s) is not StepKind.MOVE]
                board.push(rng.choice(others if taken >= 3 and others else steps), legal=steps)
                taken += 1
            if board.ply == start:
                break
    return slow


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="random games a pair (1)")
    parser.add_argument("--part", default="0/1", help="i/n: the i-th of n shares of the pairs (0/1)")
    parser.add_argument("--show", type=int, default=20, help="pairs shown, slowest first (20)")
    args = parser.parse_args()
    part, parts = (int(x) for x in args.part.split("/"))
    chosen = pairs()[part::parts]
    started = time.perf_counter()
    found = sorted(((*slowest_of(a, b, args.games), a, b) for a, b in chosen), reverse=True)
    for seconds, what, a, b in found[: args.show]:
        print(f"{1000 * seconds:8.1f} ms  {a} v {b}: {what}")
    print(f"{len(chosen)} pairs, {args.games} game(s) each, in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
