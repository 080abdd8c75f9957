"""20. Hera, Goddess of Marriage — *Opponent's Turn*: an opponent cannot win by moving into
a perimeter space.

RULINGS #37: *any* win whose final action is a move into a perimeter space is void, not
only the climb onto level 3 (a Pan worker dropping two levels onto the edge does not win
either); #8: the mover's win powers speak first, then Hera may veto. A vetoed move still
stands and the turn goes on (the worker then builds, or moves again if its power allows).
A win by a build (Chronus) or by a move into an inner space is untouched.
"""

from __future__ import annotations

from ..power import Power, State
from ..squares import PERIMETER_MASK
from ..steps import StepCode, StepKind, step_dst, step_kind


class Hera(Power):
    name = "Hera"

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        # Only the mover's own win by that move: a win another power claims on it
        # (Moerae "instead") was not won by moving.
        return (
            player == board.to_move
            and step_kind(step) is StepKind.MOVE
            and bool(PERIMETER_MASK >> step_dst(step) & 1)
        )
