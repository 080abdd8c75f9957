"""51. Jason, Leader of the Argonauts — *Setup*: keep one extra worker of your color on
your card. *Your Turn*: once, instead of your normal turn, place the extra worker on an
unoccupied ground-level perimeter space; that worker then builds.

The engine follows the printed text (RULINGS #70; the revision, where the new worker then
moves and builds, is not used). Jason places his two workers as usual; the third waits on
his card while ``jason`` is unset. His once-per-game turn is a placement in the middle of
the game followed by a build of that worker: ``@a1,a1^b1``. The placement spends the power
(``jason=used``); from then on he has three workers on the board. A placement after which
the new worker cannot build is no turn (the turn could not be finished). The spare worker
is ``Power.spare_workers``, so positions may show three Jason workers.
"""

from __future__ import annotations

from ..power import Power, State
from ..squares import PERIMETER_MASK, SQUARES
from ..steps import StepCode, StepKind, place, step_dst, step_kind
from .hero import Hero


class Jason(Hero):
    name = "Jason"
    spare_workers = 1

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            steps = Power.turn_steps(self, board, player)
            if self.may_use(board, player):
                blocked, height = board.occupied | board.domes, board.height
                steps += [
                    place(s)
                    for s in SQUARES
                    if PERIMETER_MASK >> s & 1 and not blocked >> s & 1 and height[s] == 0
                ]
            return steps
        if len(turn) == 1 and step_kind(turn[0]) is StepKind.PLACE:
            return self.build_steps(board, player, step_dst(turn[0]))
        return Power.turn_steps(self, board, player)

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        # A placement beyond his number of workers is the spare coming in (not setup).
        if step_kind(step) is StepKind.PLACE and board.still_to_place(player) < 0:
            self.spend(board)
