"""5. Demeter, Goddess of the Harvest — *Your Build*: your worker may build one more time,
but not on the same space (RULINGS #21: optional, the same worker, a different space; the
second build is the piece that fits, so a dome on level 3)."""

from __future__ import annotations

from ..power import Power, State
from ..steps import END, StepCode, StepKind, step_dst, step_kind, step_src


class Demeter(Power):
    name = "Demeter"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if len(turn) == 2 and step_kind(turn[1]) is StepKind.BUILD:
            builder, first = step_src(turn[1]), step_dst(turn[1])
            again = [s for s in self.build_steps(board, player, builder) if step_dst(s) != first]
            return [*again, END]
        return super().turn_steps(board, player)
