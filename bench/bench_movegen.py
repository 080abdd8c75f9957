"""Full legal-turn generations per second on fixed positions from early, middle and late game.

One generation is one call of ``Board.legal_turns()`` (the public API, so the dispatch
past the power hooks is included) returning the list of every legal full turn. The
naive reference lists the same turns (checked: same set, same order) its own way.

    .venv/bin/python bench/bench_movegen.py [--long] [--repeat N]
"""

from __future__ import annotations

import naive_reference as naive
from aegean.santorini import Board, Turn
from benchlib import Result, best_of, main, same

# Positions from seeded random games (aegean.santorini.playout, seed 2024), at 10-95 %
# of their length, plus the perft start position; the comment is the number of turns.
POSITIONS = [
    "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",  # 80, early
    "00110/00000/00100/01010/00000 2 c5,b4 c2,a2",  # 74, early
    "00000/01001/00000/00010/00000 2 c1,c3 a2,d1",  # 45, early
    "00001/10001/01001/10000/00000 1 b1,b3 d3,d4",  # 72, early
    "00000/00000/12100/10000/00000 2 a1,d4 d1,a2",  # 53, early
    "01000/11121/01010/10020/00010 2 d3,b4 c4,c2",  # 65, middle
    "10131/10300/01310/12020/00000 1 b5,e4 d3,a5",  # 30, middle
    "01000/12131/01121/21220/10020 1 e4,b2 a2,d2",  # 54, middle
    "00001/10021/02113/10102/21012 1 d2,c2 b2,a2",  # 49, middle
    "00110/12001/23100/11100/01012 2 b2,e5 e2,a5",  # 36, middle
    "20331/30D21/02D30/23030/00000 1 d1,e5 d4,b4",  # 24, middle
    "01000/122D1/02131/22321/12130 2 e3,c4 a2,e1",  # 32, middle
    "01110/3D102/2D110/11D01/11122 2 b5,d4 e3,c3",  # 37, middle
    "10111/310D1/03213/12312/31113 1 d3,e4 b5,c3",  # 23, late
    "01100/132D1/02131/32321/121D1 1 e3,a5 a3,d2",  # 16, late
    "02121/3D22D/2D220/11D12/1113D 1 d4,e3 c3,d3",  # 18, late
    "20331/D2D31/23DD2/231D2/01100 1 d1,e5 e4,b4",  # 11, late
    "303D1/D2D32/2DDD2/2D2D3/02100 1 b1,e5 e3,b5",  # 13, late
    "11D12/331D2/0D21D/13D2D/31213 2 e4,d2 a5,d3",  # 13, late
    "0D1D2/3D22D/2D330/11D12/111DD 1 d4,e3 e2,c5",  # 10, late
    "11D12/DD3D3/0D21D/13DDD/3121D 2 d3,d1 a5,c3",  # 4, late
]


def as_naive(turn: Turn) -> naive.Turn:
    """An engine turn in the naive reference's ``(src, dst, build)`` form."""
    move = turn[0]
    return (move >> 5 & 31, move & 31, turn[1] & 31 if len(turn) > 1 else -1)


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    rounds = 20000 if long else 3000
    boards = [Board.from_position(p) for p in POSITIONS]
    references = [naive.Position(p) for p in POSITIONS]
    for board, reference in zip(boards, references, strict=True):
        same(f"turns of {board.position()!r}", [as_naive(t) for t in board.legal_turns()], reference.turns())

    def engine() -> int:
        total = 0
        for _ in range(rounds):
            for board in boards:
                total += len(board.legal_turns())
        return total

    def simple() -> int:
        total = 0
        for _ in range(rounds):
            for reference in references:
                total += len(reference.turns())
        return total

    t, turns = best_of(repeat, engine)
    tn, turns_naive = best_of(repeat, simple)
    same("turns listed", turns, turns_naive)
    generations = rounds * len(boards)
    return [
        Result(
            "legal-turn generations",
            "lists/s",
            generations / t,
            generations / tn,
            50e3,
            100e3,
            f"{generations:,} lists of {turns / generations:.1f} turns on average "
            f"({turns / t / 1e6:.2f} M turns/s) from {len(boards)} positions in {t:.2f} s "
            f"(naive {tn:.2f} s)",
        )
    ]


if __name__ == "__main__":
    main(__doc__, run)
