"""Benchmark: how fast and how deep the alpha-beta AI searches, against a naive reference.

Run as ``.venv/bin/python bench/bench_search.py [seconds] [depth]`` (defaults: 1 s per
position, a time-to-depth comparison at 3 full turns; the naive search needs several
seconds per position for that).
For each fixed middle-game position it prints the alpha-beta search's nodes per second
and the full-turn depth it completed in the time, then the same for a deliberately naive
reference timed in the same run: plain minimax (no pruning, no table, no ordering) over
a legal-turn generator written here from the rules, on a board copied at every turn.
Both score leaves with the engine's evaluation, so nodes per second compare the
machinery (fast path and make/unmake against copying a board per turn), while the depth
reached in the same time and the time to complete the same depth show what pruning,
ordering and the transposition table add.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from aegean.ai import AlphaBetaAI
from aegean.ai.evaluation import WIN, evaluate
from aegean.santorini import Board

#: Middle games from self-play (turns 10-16), written down so every run is comparable.
POSITIONS = [
    "00000/12000/00001/120D0/00230 1 a4,d3 b3,c1",
    "00000/03300/01200/21000/0D000 1 a2,c5 b2,d4",
    "20010/01012/00000/00030/00010 2 d1,b4 d4,d5",
    "01010/01000/00001/00033/00100 2 d1,b4 c5,e3",
    "21210/01030/00000/00030/00100 1 c3,a5 c1,b5",
]


# ---------------------------------------------------------------- naive reference
@dataclass(frozen=True)
class NaiveState:
    """A position as plain data: copied, never changed in place."""

    height: tuple[int, ...]  # 25 levels, square = 5 * rank + file
    domes: frozenset[int]
    workers: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: int


def naive_neighbours(square: int) -> list[int]:
    f, r = square % 5, square // 5
    return [
        (r + dr) * 5 + f + df
        for dr in (-1, 0, 1)
        for df in (-1, 0, 1)
        if (df or dr) and 0 <= f + df < 5 and 0 <= r + dr < 5
    ]


def naive_children(state: NaiveState) -> list[tuple[NaiveState, bool]]:
    """Every position after a legal turn, with whether that turn won (rules §2)."""
    me = state.to_move
    occupied = set(state.workers[0]) | set(state.workers[1]) | state.domes
    out: list[tuple[NaiveState, bool]] = []
    for index, src in enumerate(state.workers[me]):
        for dst in naive_neighbours(src):
            if dst in occupied or state.height[dst] > state.height[src] + 1:
                continue
            mine = list(state.workers[me])
            mine[index] = dst
            workers = (tuple(mine), state.workers[1]) if me == 0 else (state.workers[0], tuple(mine))
            if state.height[dst] == 3 and state.height[src] == 2:
                out.append((NaiveState(state.height, state.domes, workers, 1 - me), True))
                continue
            for spot in naive_neighbours(dst):
                if spot != src and spot in occupied:
                    continue
                height = list(state.height)
                domes = state.domes
                if height[spot] == 3:
                    domes = domes | {spot}
                else:
                    height[spot] += 1
                out.append((NaiveState(tuple(height), domes, workers, 1 - me), False))
    return out


def naive_eval(state: NaiveState) -> int:
    """The engine's own evaluation, so that both searches score leaves alike."""
    masks = [sum(1 << s for s in range(25) if state.height[s] > k) for k in range(3)]
    blocked = sum(1 << s for s in (*state.domes, *state.workers[0], *state.workers[1]))
    me, you = state.workers[state.to_move], state.workers[1 - state.to_move]
    return evaluate(list(state.height), list(me), list(you), blocked, masks, 0)


class NaiveMinimax:
    """Full-width negamax to a fixed depth; counts nodes like the real search does."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0

    def search(self, state: NaiveState, depth: int) -> int:
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise TimeoutError
        if depth == 0:
            return naive_eval(state)
        children = naive_children(state)
        if not children:
            return -WIN
        best = -WIN - 1
        for child, won in children:
            score = WIN if won else -self.search(child, depth - 1)
            best = max(best, score)
        return best


def naive_state(board: Board) -> NaiveState:
    return NaiveState(
        tuple(board.height),
        frozenset(s for s in range(25) if board.domes >> s & 1),
        (tuple(board.workers[0]), tuple(board.workers[1])),
        board.to_move,
    )


def run_naive(board: Board, seconds: float) -> tuple[int, int, float]:
    """Iterative deepening for ``seconds``: (depth completed, nodes, elapsed)."""
    start = time.perf_counter()
    searcher = NaiveMinimax(start + seconds)
    state = naive_state(board)
    depth = 0
    try:
        while True:
            searcher.search(state, depth + 1)
            depth += 1
    except TimeoutError:
        pass
    return depth, searcher.nodes, time.perf_counter() - start


# ---------------------------------------------------------------- the benchmark
def time_to_depth(board: Board, depth: int) -> tuple[float, float]:
    """Seconds each search needs to complete ``depth`` full turns: (alpha-beta, naive)."""
    start = time.perf_counter()
    AlphaBetaAI(max_depth=depth, seed=0).choose_turn(board)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    NaiveMinimax(start + 3600).search(naive_state(board), depth)
    return fast, time.perf_counter() - start


def main(seconds: float, depth: int) -> None:
    print(f"In {seconds:g} s per position: nodes per second and full turns completed (d);")
    print(f"then the seconds each search needs to complete {depth} full turns.")
    print(
        f"{'position':44} {'alpha-beta':>20} {'naive minimax':>20} {'n/s ratio':>9}"
        f"  {f'time to depth {depth}: alpha-beta / naive':>38}"
    )
    totals = [0, 0.0, 0, 0.0, 0.0, 0.0]
    for position in POSITIONS:
        board = Board.from_position(position)
        engine = AlphaBetaAI(time_limit=seconds, seed=0, early_stop=False)
        engine.choose_turn(board)
        info = engine.last_info
        assert info is not None
        n_depth, n_nodes, n_seconds = run_naive(board, seconds)
        fast_2, naive_2 = time_to_depth(board, depth)
        fast, slow = info.nodes_per_second, n_nodes / n_seconds
        for k, value in enumerate((info.nodes, info.seconds, n_nodes, n_seconds, fast_2, naive_2)):
            totals[k] += value
        print(
            f"{position:44} {fast:8,.0f} n/s  d {info.depth:2}  {slow:8,.0f} n/s  d {n_depth:2}"
            f" {fast / slow:8.2f}x  {fast_2:8.3f} s / {naive_2:6.3f} s = {naive_2 / fast_2:5.1f}x faster"
        )
    fast, slow = totals[0] / totals[1], totals[2] / totals[3]
    speedup = totals[5] / totals[4]
    print(
        f"{'all positions':44} {fast:8,.0f} n/s {'':5} {slow:8,.0f} n/s {'':5}"
        f" {fast / slow:8.2f}x  {totals[4]:8.3f} s / {totals[5]:6.3f} s = {speedup:5.1f}x faster"
    )


if __name__ == "__main__":
    main(
        float(sys.argv[1]) if len(sys.argv) > 1 else 1.0,
        int(sys.argv[2]) if len(sys.argv) > 2 else 3,
    )
