"""Issue 16's table of all 55 powers: each power to move against a random allowed
opponent, in a middle game reached by seeded random play from the start (setup
included), ``Board.legal_turns()`` timed (the native core's where it plays the position,
the reference's elsewhere) beside the reference's own listing (``rules.legal_turns``) on
the same board, in the same run. Prints a Markdown table, in POWERS.csv's order.

    .venv/bin/python bench/all_powers.py            # about a minute
    .venv/bin/python bench/all_powers.py --turns 12 # a later middle game
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

from aegean.santorini import Board, rules
from aegean.santorini.powers import banned_pairs
from aegean.santorini.powers.table import POWERS

#: The issue's target for ``Board.legal_turns()`` (lists/s), and for long lists (turns/s).
TARGET = 50_000
LONG_TARGET = 2_000_000


def rate(call: Callable[[], object], budget: float) -> float:
    """Calls a second of ``call``, repeated for about ``budget`` seconds (at least once)."""
    done, started = 0, time.perf_counter()
    while True:
        call()
        done += 1
        spent = time.perf_counter() - started
        if spent >= budget:
            return done / spent


def middle_game(power: str, rng: random.Random, turns: int) -> tuple[Board, str] | None:
    """A position after ``turns`` random turns with ``power`` to move against a random
    allowed opponent (None if every try ended the game first)."""
    names, banned = [info.name for info in POWERS.values()], banned_pairs()
    for _ in range(20):
        other = rng.choice([n for n in names if n != power and frozenset((power, n)) not in banned])
        board = Board(2, [power, other], strict=False)
        while board.ply < turns + rng.randrange(2) and board.outcome() is None:
            board.push_turn(rng.choice(board.legal_turns()))
        if board.outcome() is None and board.n_players == 2 and board.powers[board.to_move].name == power:
            return board, other
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=8, help="random turns before the listing (8)")
    parser.add_argument("--seconds", type=float, default=0.3, help="time to list each (0.3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    columns = "core | turns | `Board.legal_turns()`, lists/s | turns/s | reference, lists/s | ×"
    print(f"| # | power to move (against) | {columns} |")
    print("|---:|---|---|---:|---:|---:|---:|---:|")
    below = []
    for number, name in enumerate((info.name for info in POWERS.values()), 1):
        found = middle_game(name, random.Random(f"{args.seed}:{name}"), args.turns)
        if found is None:
            print(f"| {number} | {name} | | | (every game ended before turn {args.turns}) | | | |")
            continue
        board, other = found
        listed = len(board.legal_turns())
        fast = rate(board.legal_turns, args.seconds)
        reference = rate(partial(rules.legal_turns, board, None), args.seconds)
        core = "yes" if board.native_plays else "no"
        met = fast >= TARGET or fast * listed >= LONG_TARGET
        if not met:
            below.append(name)
        shown = f"{fast:,.0f}" + ("" if met else " **(below)**")
        print(
            f"| {number} | {name} ({other}) | {core} | {listed:,} | {shown} "
            f"| {fast * listed / 1e6:,.2f} M | {reference:,.0f} | {fast / reference:,.0f} |"
        )
    print(f"\nbelow {TARGET:,} lists/s and {LONG_TARGET / 1e6:g} M turns/s: {', '.join(below) or 'none'}")


if __name__ == "__main__":
    main()
