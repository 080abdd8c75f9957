"""30. Zeus, God of the Sky — *Your Build*: your worker may build a block under itself; it
is forced up one level, and reaching level 3 this way does not win (RULINGS #47: a block,
never a dome, so impossible on level 3; a build, not a move, so Athena does not stop it).

The build under himself is written as a build on the worker's own square: ``b2-c3^c3``.
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import BUILDS, StepCode


class Zeus(Power):
    name = "Zeus"

    def build_steps(self, board: State, player: int, worker: int) -> list[StepCode]:
        steps = super().build_steps(board, player, worker)
        # The base build_on lifts the worker with the block it stands on; no move is made,
        # so the default wins_with (moves only) never counts it as a climb.
        if board.height[worker] < 3:
            steps.append(BUILDS[worker][worker])
        return steps
