"""21. Hestia, Goddess of Hearth and Home — *Your Build*: your worker may build one more
time, but not on a perimeter space.

RULINGS #38: the extra build is optional, by the same worker, on any unoccupied inner space
neighbouring it; the same space as the first build and a dome (the piece that fits level 3)
are both allowed. Written as a second build of the same worker: ``b2-c3^c4^c4``.
"""

from __future__ import annotations

from ..power import Power, State
from ..squares import PERIMETER_MASK
from ..steps import END, StepCode, StepKind, step_dst, step_kind, step_src


class Hestia(Power):
    name = "Hestia"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if len(turn) == 2 and step_kind(turn[1]) is StepKind.BUILD:
            # Moved and built once: one more build off the perimeter, or end the turn.
            builder = step_src(turn[1])
            extra = [
                s for s in self.build_steps(board, player, builder) if not PERIMETER_MASK >> step_dst(s) & 1
            ]
            return [*extra, END]
        return super().turn_steps(board, player)
