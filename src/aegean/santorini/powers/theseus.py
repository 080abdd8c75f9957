"""55. Theseus, Slayer of the Minotaur — *End of Your Turn*: once, if any of your workers
is exactly 2 levels below a neighboring opponent worker, remove one such opponent worker
from the game.

RULINGS #67: after the normal move and build, one opponent worker standing exactly two
levels above a neighbouring Theseus worker (either of his workers, moved or not) may be
removed from the game (``Board.remove_from_game``). Written as a removal by the Theseus
worker below aimed at the victim's space, ``b2-c3^d4,c3xd3``: on Theseus's turn ``x``
onto a worker takes that worker away (it never removes a block). The removal spends the
power (``theseus=used``). A player left without workers has no legal turn and loses.
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBORS
from ..steps import END, StepCode, StepKind, remove_block, step_dst, step_kind
from .hero import Hero


class Theseus(Hero):
    name = "Theseus"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.BUILD:
            return Power.turn_steps(self, board, player)
        if not self.may_use(board, player):
            return [END]
        rivals = opponents_of(board, player)
        height, owner = board.height, board.owner
        steps = [
            remove_block(worker, target)
            for worker in board.workers[player]
            for target in NEIGHBORS[worker]
            if owner[target] in rivals and height[target] == height[worker] + 2
        ]
        return [*steps, END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.REMOVE:
            self.spend(board)
            board.remove_from_game(step_dst(step))
            return
        super().apply_step(board, player, step)
