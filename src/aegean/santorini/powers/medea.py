"""52. Medea, Powerful Sorceress — *End of Your Turn*: once, remove one block from under
any number of workers neighboring your unmoved worker, with any tokens on those blocks.

The engine follows the printed text (RULINGS #69; the revision, all blocks under one worker
next to either Medea worker, is not used). After the normal move and build, her unmoved
worker may remove the top block from under each of any number of workers neighbouring it,
hers or an opponent's, one block per worker: the worker stays on its space, one level
lower (forced down: it has not moved, so it wins nothing). A worker on the ground has no
block under it; a dome is no block (ruling 3). Written as a removal by the unmoved worker
aimed at the space the worker stands on: ``b2-c3^d4,a1xa2xb1`` lowers the workers on a2
and b1. The first removal spends the power (``medea=used``). Tokens of any power lying on
a lowered space go (``Power.square_tokens``).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..squares import NEIGHBORS
from ..steps import END, StepCode, StepKind, remove_block, step_dst, step_kind
from .ares import unmoved_workers
from .hero import Hero, drop_tokens_on, steps_of_kind


class Medea(Hero):
    name = "Medea"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn or step_kind(turn[-1]) not in (StepKind.BUILD, StepKind.REMOVE):
            return Power.turn_steps(self, board, player)
        done = [step_dst(s) for s in steps_of_kind(turn, StepKind.REMOVE)]
        if not self.may_use(board, player, this_turn=bool(done)):
            return [END]
        height, owner = board.height, board.owner
        steps = [
            remove_block(worker, target)
            for worker in unmoved_workers(board, player)
            for target in NEIGHBORS[worker]
            if owner[target] != -1 and height[target] > 0 and target not in done
        ]
        return [*steps, END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if step_kind(step) is StepKind.REMOVE:
            self.spend(board)
            drop_tokens_on(board, step_dst(step))

    def turn_key(self, board: State) -> Hashable:
        turn = board.turn
        if turn and step_kind(turn[-1]) in (StepKind.BUILD, StepKind.REMOVE):
            return ("remove", frozenset(steps_of_kind(turn, StepKind.REMOVE)))
        return tuple(turn)
