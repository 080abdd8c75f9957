"""1. Apollo, God of Music — *Your Move*: your worker may move into a space occupied by an
opponent worker (by normal movement rules); that worker is forced into the space yours
just left (RULINGS #15: the height limit applies to Apollo's move only; the swap is a
force, so the opponent cannot win by it)."""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBORS
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src


class Apollo(Power):
    name = "Apollo"

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        limit = board.height[worker] + 1
        rivals = opponents_of(board, player)
        return [
            t
            for t in NEIGHBORS[worker]
            if not board.domes >> t & 1
            and board.height[t] <= limit
            and (board.owner[t] == -1 or board.owner[t] in rivals)
        ]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MOVE and board.owner[step_dst(step)] != -1:
            board.swap_workers(step_src(step), step_dst(step))
        else:
            super().apply_step(board, player, step)
