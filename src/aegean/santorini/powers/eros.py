"""19. Eros, God of Desire — *Setup*: place your workers anywhere along opposite edges of
the board. *Win Condition*: you also win if one of your workers moves to a space
neighboring your other worker and both are on level 1 (in a 3-player game: both on the
same level) (RULINGS #36).

Setup: both workers on perimeter spaces, the second on the edge opposite an edge of the
first (a corner lies on two edges, so it has two opposite edges). The win needs a
*move* by one of his workers (forced is not moved) and both workers on the board.
"""

from __future__ import annotations

from ..outcome import Termination
from ..power import Power, State
from ..squares import NEIGHBORS, SIZE, SQUARES, file_of, is_perimeter, rank_of
from ..steps import StepCode, StepKind, step_dst, step_kind

_LAST = SIZE - 1


def on_opposite_edges(a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` lie on opposite edges of the board (left/right, bottom/top)."""
    files, ranks = {file_of(a), file_of(b)}, {rank_of(a), rank_of(b)}
    return files == {0, _LAST} or ranks == {0, _LAST}


class Eros(Power):
    name = "Eros"

    def placement_squares(self, board: State, player: int) -> list[int]:
        placed = board.workers[player]
        return [
            s
            for s in SQUARES
            if board.is_free(s) and is_perimeter(s) and all(on_opposite_edges(s, w) for w in placed)
        ]

    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        won = super().wins_with(board, player, step)
        if won is not None or step_kind(step) is not StepKind.MOVE:
            return won
        workers = board.workers[player]
        if len(workers) != 2:
            return None
        dst = step_dst(step)
        other = workers[0] if workers[1] == dst else workers[1]
        height = board.height
        if other not in NEIGHBORS[dst] or height[other] != height[dst]:
            return None
        if board.n_players == 3 or height[dst] == 1:
            return Termination.POWER
        return None
