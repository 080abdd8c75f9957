"""9. Pan, God of the Wild — *Win Condition*: you also win if your worker moves down two
or more levels (RULINGS #25: only Pan's own *move*; a worker forced down has not moved;
the win is ``Termination.POWER``, and climbing onto level 3 still wins as well)."""

from __future__ import annotations

from ..outcome import Termination
from ..power import Power, State
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src


class Pan(Power):
    name = "Pan"

    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        if step_kind(step) is StepKind.MOVE:
            height = board.height
            if height[step_src(step)] - height[step_dst(step)] >= 2:
                return Termination.POWER
        return super().wins_with(board, player, step)
