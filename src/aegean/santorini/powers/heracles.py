"""50. Heracles, Doer of Great Deeds — *End of Your Turn*: once, both of your workers build
any number of domes (zero included) at any level.

The engine follows the printed text (RULINGS #71; the revision, an alternative build that
replaces the normal one, is not used): after the normal move and build, each of his
workers may build domes on unoccupied spaces neighbouring it, as many as it likes, in any
order. A dome below level 3 is written ``^c4D``, one on level 3 is the ordinary ``^c4``;
e.g. ``b2-c3^d4^c4D,a1^a2D``. The first dome spends the power (``heracles=used``); building
none is not a use. The domes can make for very many different turns (every set of
neighbouring spaces), so a position where the power is still unused may have tens of
thousands of legal turns.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..squares import NEIGHBORS
from ..steps import BUILDS, END, StepCode, StepKind, build, step_kind
from .hero import Hero, steps_of_kind


class Heracles(Hero):
    name = "Heracles"
    builds_end_the_moves = True  # (after his normal build come only domes)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.BUILD:
            return Power.turn_steps(self, board, player)
        if not self.may_use(board, player, this_turn=len(steps_of_kind(turn, StepKind.BUILD)) > 1):
            return [END]
        blocked, height = board.occupied | board.domes, board.height
        domes = [
            build(worker, t, dome=True) if height[t] < 3 else BUILDS[worker][t]
            for worker in board.workers[player]
            for t in NEIGHBORS[worker]
            if not blocked >> t & 1
        ]
        return [*domes, END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.BUILD and len(steps_of_kind(board.turn, StepKind.BUILD)) > 1:
            self.spend(board)
        super().apply_step(board, player, step)

    def turn_key(self, board: State) -> Hashable:
        # After the normal build, what may follow depends on the board alone (its hash
        # includes the token): domes in any order merge.
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.BUILD:
            return "domes"
        return tuple(turn)
