"""49. Bellerophon, Tamer of Pegasus — *Your Move*: once, your worker may move up two
levels.

RULINGS #65: a move two levels up spends the power (``bellerophon=used``); from level 1
onto level 3 it is a climb and wins (it is a move up onto level 3). Opponents' limits on
moving up (Athena) apply to it like to any move up.
"""

from __future__ import annotations

from ..power import State
from ..squares import NEIGHBORS
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src
from .hero import Hero


class Bellerophon(Hero):
    name = "Bellerophon"

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        if not self.may_use(board, player):
            return super().move_targets(board, player, worker)
        limit = board.height[worker] + 2
        height, blocked = board.height, board.occupied | board.domes
        return [t for t in NEIGHBORS[worker] if not blocked >> t & 1 and height[t] <= limit]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if (
            step_kind(step) is StepKind.MOVE
            and board.height[step_dst(step)] - board.height[step_src(step)] == 2
        ):
            self.spend(board)
        super().apply_step(board, player, step)
