"""6. Hephaestus, God of Blacksmiths — *Your Build*: your worker may build one extra block
(not a dome) on top of its first block (RULINGS #22: the same space, optional, so offered
only when the first build made level 1 or 2; #3: domes are not blocks)."""

from __future__ import annotations

from ..power import Power, State
from ..steps import BUILDS, END, StepCode, StepKind, step_dst, step_kind, step_src


class Hephaestus(Power):
    name = "Hephaestus"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if len(turn) == 2 and step_kind(turn[1]) is StepKind.BUILD:
            builder, first = step_src(turn[1]), step_dst(turn[1])
            if not board.domes >> first & 1 and board.height[first] <= 2:
                return [BUILDS[builder][first], END]
            return [END]
        return super().turn_steps(board, player)
