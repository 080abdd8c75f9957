"""54. Polyphemus, Gigantic Cyclops — *End of Your Turn*: once, your worker builds up to 2
domes at any level, on any unoccupied spaces of the board.

RULINGS #68: after the normal move and build, the worker that built (the one that moved)
may build one or two domes on any unoccupied spaces, anywhere on the board; a dome below
level 3 is written ``^a1D``, one on level 3 the ordinary ``^a1``: ``b2-c3^d4^a1D^e5D``. The
first dome spends the power (``polyphemus=used``).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..squares import SQUARES
from ..steps import BUILDS, END, StepCode, StepKind, build, step_kind, step_src
from .hero import Hero, steps_of_kind

#: Domes the power builds at most.
MAX_DOMES = 2


class Polyphemus(Hero):
    name = "Polyphemus"
    builds_end_the_moves = True  # (after his normal build come only domes)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.BUILD:
            return Power.turn_steps(self, board, player)
        domes_so_far = len(steps_of_kind(turn, StepKind.BUILD)) - 1
        if domes_so_far >= MAX_DOMES or not self.may_use(board, player, this_turn=domes_so_far > 0):
            return [END]
        worker = step_src(turn[-1])
        blocked, height = board.occupied | board.domes, board.height
        domes = [
            build(worker, t, dome=True) if height[t] < 3 else BUILDS[worker][t]
            for t in SQUARES
            if not blocked >> t & 1
        ]
        return [*domes, END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.BUILD and len(steps_of_kind(board.turn, StepKind.BUILD)) > 1:
            self.spend(board)
        super().apply_step(board, player, step)

    def turn_key(self, board: State) -> Hashable:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.BUILD:
            return ("domes", len(turn))
        return tuple(turn)
