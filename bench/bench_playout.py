"""Random playouts per second: random placements, then uniformly random turns to the end.

The engine runs ``random_playout(Board(), rng, played)``; the naive reference lists all
turns and picks one with the same ``randrange`` calls, so with the same seed both play
the very same games: the benchmark checks every turn of every game and the winners.

    .venv/bin/python bench/bench_playout.py [--long] [--repeat N]
"""

from __future__ import annotations

import random

import naive_reference as naive
from aegean.santorini import Board, Turn
from aegean.santorini.playout import random_playout
from aegean.santorini.steps import StepKind, step_kind
from benchlib import Result, best_of, main, same

SEED = 20240501


def as_naive(turn: Turn) -> naive.Turn:
    """An engine turn in the naive form; a placement ``@a@b`` is ``(a, b, -2)``."""
    if step_kind(turn[0]) is StepKind.PLACE:
        return (turn[0] & 31, turn[1] & 31, -2)
    move = turn[0]
    return (move >> 5 & 31, move & 31, turn[1] & 31 if len(turn) > 1 else -1)


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    games = 10000 if long else 1500

    def engine() -> list[tuple[int | None, list[Turn]]]:
        rng = random.Random(SEED)
        board = Board()
        out = []
        for _ in range(games):
            played: list[Turn] = []
            outcome = random_playout(board, rng, played)
            out.append((outcome.winner, played))
        after = (board.position(), board.ply, board.history)
        same("board after the playouts", after, (Board().position(), 0, []))
        return out

    def simple() -> list[tuple[int, list[naive.Turn]]]:
        rng = random.Random(SEED)
        return [naive.random_game(rng) for _ in range(games)]

    t, played = best_of(repeat, engine)
    tn, played_naive = best_of(repeat, simple)
    converted = [(winner, [as_naive(turn) for turn in turns]) for winner, turns in played]
    same("the games played", converted, played_naive)
    turns = sum(len(game) for _, game in played) - 2 * games
    return [
        Result(
            "random playouts",
            "games/s",
            games / t,
            games / tn,
            2e3,
            None,
            f"{games:,} games from random placements, {turns / games:.1f} turns each on average, "
            f"in {t:.2f} s (naive {tn:.2f} s)",
        )
    ]


if __name__ == "__main__":
    main(__doc__, run)
