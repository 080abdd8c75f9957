"""28. Selene, Goddess of the Moon — *Setup*: place a male and a female worker of your
color. *Your Build*: instead of your normal build, your female worker may build a dome at
any level, whichever worker moved.

RULINGS #45: the female's dome replaces the normal build even when the male moved (Spin
Master: "even if your male Worker moved"). After the move Selene either builds normally
with the worker that moved, or her female worker builds a dome on an unoccupied space next
to *her* (on level 3 that dome is the ordinary one, ``^d4``; below it ``^d4D``). Written
with the female as actor when she did not move: ``b2-c3,e1^d1D``.

The second worker Selene places is the female (``@b2@e1``: e1 is female), so the two
orders of a placement are different turns. Token: ``selene=<square>`` names the female; it
is a worker tag (``Power.worker_tags``), so the board keeps it on her whether she moves,
is swapped (Apollo), pushed (Minotaur) or ferried (Charon), and drops it when she leaves
the game (Bia, Medusa): then only the normal build is left.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import Power, State
from ..squares import NEIGHBORS, SQUARE_NAMES
from ..steps import BUILDS, StepCode, StepKind, build, step_dst, step_kind
from ..token_values import ValueCheck, square

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: The token's key (``Power.token``).
TOKEN = "selene"


class Selene(Power):
    name = "Selene"
    worker_tags = (TOKEN,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: square}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and board.owner[_SQUARE_OF[value]] == -1:
            return f"the female is a worker, and none stands on {value}"
        return problem

    @staticmethod
    def female(board: State, player: int) -> int | None:
        """The square of the owner's female worker, if she is on the board."""
        square = _SQUARE_OF.get(board.tokens.get(TOKEN, ""))
        if square is None or board.owner[square] != board.side_of(player):
            return None
        return square

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        steps = super().turn_steps(board, player)
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.MOVE:
            return steps
        her = self.female(board, player)
        if her is None:
            return steps
        # Normal builds first, so that a level-3 dome reachable both ways is written as
        # the mover's build when the two turns merge.
        blocked = board.occupied | board.domes
        height = board.height
        mover = step_dst(turn[-1])
        for t in NEIGHBORS[her]:
            if not blocked >> t & 1:
                if height[t] < 3:
                    steps.append(build(her, t, dome=True))
                elif her != mover:
                    steps.append(BUILDS[her][t])
        return steps

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if step_kind(step) is StepKind.PLACE and len(board.workers[player]) == 2:
            board.set_token(TOKEN, SQUARE_NAMES[step_dst(step)])
