"""Memory of the native search over a long self-play run: the transposition table never
grows past its set size, and the process's resident memory stays flat after warm-up.

Plays games between two native AIs (fixed work per turn, a fresh game from a random
placement each time, simple gods on both sides in every other game) for ``--minutes``,
reading the resident set size (``VmRSS``) and the peak (``VmHWM``) every ``--every``
seconds, and prints them with the tables' sizes. The verdict compares the peak at the end
with the peak after the first tenth of the run (the warm-up).

    .venv/bin/python bench/bench_native_memory.py [--minutes 10] [--every 30] [--nodes 300000]
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from aegean.ai.native import NativeAI
from aegean.santorini import Board, native

GODS = sorted(p for p in native.POWERS if p != "-")
SQUARES = [f"{f}{r}" for f in "abcde" for r in "12345"]


def memory_kb() -> tuple[int, int]:
    """The process's resident set size and its peak so far, in kB (Linux)."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"]


def opening(rng: random.Random, gods: bool) -> str:
    a, b, c, d = rng.sample(SQUARES, 4)
    text = f"00000/00000/00000/00000/00000 1 {a},{b} {c},{d}"
    if gods:
        first, second = rng.sample(GODS, 2)
        text += f" powers={first},{second}"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between readings")
    parser.add_argument("--nodes", type=int, default=300_000, help="work units a turn")
    parser.add_argument("--table-mb", type=int, default=64)
    args = parser.parse_args()
    rng = random.Random(20261127)
    ais = [NativeAI(node_limit=args.nodes, table_mb=args.table_mb) for _ in range(2)]
    sizes = {ai.table_bytes for ai in ais}
    start = time.perf_counter()
    end = start + 60 * args.minutes
    next_reading = start
    readings: list[tuple[float, int, int, int, int]] = []
    games = turns = 0
    while time.perf_counter() < end:
        board = Board.from_position(opening(rng, gods=games % 2 == 1))
        for ai in ais:
            ai.new_game()
        while board.outcome() is None and time.perf_counter() < end:
            board.play(ais[board.to_move].choose_turn(board))
            turns += 1
            if time.perf_counter() >= next_reading:
                rss, peak = memory_kb()
                readings.append((time.perf_counter() - start, rss, peak, games, turns))
                print(
                    f"{readings[-1][0]:6.0f} s: RSS {rss / 1024:7.1f} MB, peak {peak / 1024:7.1f} MB, "
                    f"{games} games, {turns} turns",
                    flush=True,
                )
                next_reading += args.every
        games += 1
    assert {ai.table_bytes for ai in ais} == sizes, "a table changed its size"
    warm = next(r for r in readings if r[0] >= 0.1 * 60 * args.minutes) if len(readings) > 1 else readings[0]
    final = memory_kb()
    growth = (final[1] - warm[2]) / 1024
    print(
        f"tables: {sizes.pop() / 2**20:.0f} MB each, unchanged; peak RSS after warm-up "
        f"{warm[2] / 1024:.1f} MB, at the end {final[1] / 1024:.1f} MB (growth {growth:+.1f} MB) "
        f"over {games} games and {turns} turns: {'flat' if growth < 5 else 'GROWING'}"
    )


if __name__ == "__main__":
    main()
