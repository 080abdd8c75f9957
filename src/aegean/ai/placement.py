"""Choosing where to place workers, by a heuristic instead of a search.

Searching placements is hopeless (300 × 253 pairs before the first move, and the
evaluation says little about an empty board), so the AIs that think place by rule of
thumb: central squares give a worker the most neighbors to climb and build on, and
staying near the opponent's workers keeps them within blocking reach. A seeded random
tie-break makes different seeds open differently.
"""

from __future__ import annotations

import random
from typing import Final

from ..santorini import Board, StepKind, Turn
from ..santorini.squares import SQUARES, file_of, rank_of
from ..santorini.steps import step_dst, step_kind


def _ring(square: int) -> int:
    """Chebyshev distance from the centre square c3: 0, 1 or 2."""
    return max(abs(file_of(square) - 2), abs(rank_of(square) - 2))


def _distance(a: int, b: int) -> int:
    return max(abs(file_of(a) - file_of(b)), abs(rank_of(a) - rank_of(b)))


#: Value of a square for a freshly placed worker: centre 6, inner ring 4, edge 1,
#: corners 0 (a corner worker has only three neighbors).
PLACE_VALUE: Final = tuple(
    (6, 4, 1)[_ring(s)] - (1 if _ring(s) == 2 and file_of(s) in (0, 4) and rank_of(s) in (0, 4) else 0)
    for s in SQUARES
)


def placement_score(board: Board, turn: Turn) -> int:
    """Heuristic value of a placement turn for the player to move (higher is better)."""
    me = board.to_move
    others = [s for p, ws in enumerate(board.workers) if p != me for s in ws]
    own = list(board.workers[me])
    score = 0
    for step in turn:
        if step_kind(step) is not StepKind.PLACE:
            continue
        square = step_dst(step)
        score += PLACE_VALUE[square] + 3 * board.height[square]
        if others:
            # Within two steps of an opponent worker: close enough to block its climbs.
            score -= 2 * max(0, min(_distance(square, o) for o in others) - 2)
        if own and min(_distance(square, o) for o in own) > 3:
            score -= 1  # workers far apart cannot help each other
        own.append(square)
    return score


def choose_placement(board: Board, turns: list[Turn], rng: random.Random) -> Turn:
    """The best placement by :func:`placement_score`, ties broken by ``rng``."""
    scored = [(placement_score(board, t), rng.random(), i) for i, t in enumerate(turns)]
    return turns[max(scored)[2]]


def is_placement(board: Board) -> bool:
    """Whether the turn to choose places workers (the only turns the AIs do not search)."""
    if board.turn:
        return step_kind(board.turn[0]) is StepKind.PLACE
    return board.placing
