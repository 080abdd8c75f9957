"""The native core (Rust, ``aegean._core``) beside the pure-Python naive reference, in one
run: bulk perft, make-every-leaf perft, uniform random playouts, and legal-turn lists.

Every count is checked against the naive reference on the same position first (so the
rates compare equal work), then the core runs the big workload: perft 5 of the issue's
position (898,817,042 leaves) is checked against its known value. The core runs on one
thread.

    .venv/bin/python bench/bench_native.py [--long] [--repeat N]
"""

from __future__ import annotations

import random
import timeit
from functools import partial

import naive_reference as naive
from aegean import _core
from aegean.santorini import Board, native
from benchlib import Result, best_of, main, same

POSITION = "00000/00000/00000/00000/00000 1 c5,d3 c4,a1"  # perft 5: 898,817,042
PERFT_5 = 898_817_042
MIDGAME = "01000/12131/01121/21220/10020 1 e4,b2 a2,d2"  # bench_perft.py's midgame


def perft_rates(bulk: bool, long: bool, repeat: int) -> Result:
    depth = 5 if bulk else 4
    naive_depth = 3
    same(
        f"perft {naive_depth} of {POSITION!r}",
        _core.perft(POSITION, naive_depth, bulk),
        naive.perft(naive.Position(POSITION), naive_depth, bulk),
    )
    t, leaves = best_of(repeat, partial(_core.perft, POSITION, depth, bulk))
    if bulk:
        same("perft 5 of the issue's position", leaves, PERFT_5)
    tn, naive_leaves = best_of(
        1 if long else repeat, partial(naive.perft, naive.Position(POSITION), naive_depth, bulk)
    )
    kind = "bulk" if bulk else "make every leaf"
    return Result(
        f"native perft ({kind})",
        "leaves/s",
        leaves / t,
        naive_leaves / tn,
        300e6 if bulk else 100e6,
        None,
        f"perft {depth}: {leaves:,} leaves in {t:.2f} s; naive perft {naive_depth}: "
        f"{naive_leaves:,} leaves in {tn:.2f} s",
    )


def playouts(long: bool, repeat: int) -> Result:
    games = 1_000_000 if long else 200_000
    naive_games = 3_000 if long else 600
    t, (wins_1, wins_2, turns) = best_of(repeat, partial(native.random_playouts, games, 1))
    same("every native playout ended", wins_1 + wins_2, games)
    rng = random.Random(1)
    tn, _ = best_of(1, lambda: [naive.random_game(rng) for _ in range(naive_games)])
    return Result(
        "native random playouts",
        "games/s",
        games / t,
        naive_games / tn,
        100e3,
        None,
        f"{games:,} games from random placements, {turns / games:.1f} turns each, player 1 won "
        f"{100 * wins_1 / games:.1f} %; naive: {naive_games:,} games",
    )


def lists() -> Result:
    """Legal-turn lists of the midgame position: in the core alone (timed from Python, so
    the figure includes one call), and through ``native.legal_turns`` as ``Turn``s."""
    board = Board.from_position(MIDGAME)
    same("legal turns of the midgame", native.legal_turns(board), board.legal_turns())
    number = 20_000
    core = min(timeit.repeat(partial(_core.legal_turns, MIDGAME), number=number, repeat=3)) / number
    wrapped = min(timeit.repeat(partial(native.legal_turns, board), number=number, repeat=3)) / number
    reference = naive.Position(MIDGAME)
    tn = min(timeit.repeat(reference.turns, number=2_000, repeat=3)) / 2_000
    return Result(
        "native legal-turn lists (no powers)",
        "lists/s",
        1 / core,
        1 / tn,
        None,
        None,
        f"{len(board.legal_turns())} turns a list; through native.legal_turns as Turns: "
        f"{1 / wrapped:,.0f} lists/s; the Python fast path (Board.legal_turns): "
        f"{1 / (min(timeit.repeat(board.legal_turns, number=number, repeat=3)) / number):,.0f} lists/s",
    )


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    return [
        perft_rates(True, long, repeat),
        perft_rates(False, long, repeat),
        playouts(long, repeat),
        lists(),
    ]


if __name__ == "__main__":
    main(__doc__, run)
