"""Perft leaves per second: with make/unmake of every turn, and bulk (last level counted).

``perft`` really plays and takes back every leaf turn on the board, through the
``fastpath.make_turn``/``unmake_turn`` that ``Board.push_turn``/``pop`` use; ``perft_bulk``
counts the last level's turns without playing them. The naive reference does the same
two things its own way. Also prints what one make/unmake pair costs, the floor of
make/unmake perft in CPython.

    .venv/bin/python bench/bench_perft.py [--long] [--repeat N]
"""

from __future__ import annotations

import timeit
from collections.abc import Callable
from functools import partial

import naive_reference as naive
from aegean.santorini import Board, fastpath, perft, perft_bulk
from benchlib import Result, best_of, main, same

START = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"  # perft 80, 6176, 426384, 29096316
MIDGAME = "01000/12131/01121/21220/10020 1 e4,b2 a2,d2"  # 54 turns, a random game's 26th


def workloads(long: bool) -> list[tuple[str, int]]:
    return [(START, 4)] if long else [(START, 3), (MIDGAME, 3)]


def measure(kind: str, long: bool, repeat: int) -> Result:
    """Leaves per second of the engine and the naive reference over the workloads."""
    bulk = kind == "bulk"
    counter = perft_bulk if bulk else perft
    engine_time = naive_time = 0.0
    leaves = 0
    names = []
    for position, depth in workloads(long):
        board = Board.from_position(position)
        before = (board.position(), board.zobrist_hash())
        t, count = best_of(repeat, partial(counter, board, depth, "reference"))
        same(f"{kind} perft position/hash restored", (board.position(), board.rehash()), before)
        reference = naive.Position(position)
        tn, count_naive = best_of(repeat, partial(naive.perft, reference, depth, bulk))
        same(f"{kind} perft({position!r}, {depth})", count, count_naive)
        engine_time += t
        naive_time += tn
        leaves += count
        names.append(f"{'start' if position == START else 'midgame'} d{depth}")
    if long:
        same("perft of the start position at depth 4", leaves, 29096316)
    label = "perft bulk" if bulk else "perft make/unmake"
    target, stretch = (5e6, None) if bulk else (1.5e6, 3e6)
    return Result(
        label,
        "leaves/s",
        leaves / engine_time,
        leaves / naive_time,
        target,
        stretch,
        f"{leaves:,} leaves ({', '.join(names)}) in {engine_time:.2f} s (naive {naive_time:.2f} s)",
    )


def pair_costs() -> str:
    """Microseconds per make+unmake pair: the engine's, an empty pair of calls, naive's."""
    board = Board.from_position(START)
    turns = fastpath.turns(board)
    make, unmake = fastpath.make_turn, fastpath.unmake_turn
    reference = naive.Position(START)
    naive_turns = reference.turns()

    def engine() -> None:
        for turn in turns:
            make(board, turn)
            unmake(board)

    def nothing(board: Board, turn: tuple[int, ...] = ()) -> None:
        pass

    def calls() -> None:
        for turn in turns:
            nothing(board, turn)
            nothing(board)

    def simple() -> None:
        for turn in naive_turns:
            reference.play(turn)
            reference.undo(turn)

    def per_pair(fn: Callable[[], None]) -> float:
        return min(timeit.repeat(fn, number=300, repeat=5)) / 300 / len(turns) * 1e6

    return (
        f"one make+unmake pair: engine {per_pair(engine):.2f} µs, "
        f"two empty Python calls {per_pair(calls):.2f} µs, naive play+undo {per_pair(simple):.2f} µs"
    )


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    results = [measure("make/unmake", long, repeat), measure("bulk", long, repeat)]
    results[0].detail += "\n    " + pair_costs()
    return results


if __name__ == "__main__":
    main(__doc__, run)
