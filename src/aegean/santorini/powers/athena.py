"""3. Athena, Goddess of Wisdom — *Opponent's Turn*: if one of your workers moved up on
your last turn, opponent workers cannot move up this turn (RULINGS #16-17: any step of a
multi-move counts, a force does not; the restriction lasts until her next turn and covers
the moves powers add, such as Apollo's and Minotaur's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import Power, State
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src
from ..token_values import ValueCheck, one_of

#: Token value while Athena's last turn had a worker of hers move up.
MOVED_UP = "up"


class Athena(Power):
    name = "Athena"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {"athena": one_of(MOVED_UP)}

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        if player == owner and self.token in board.tokens:
            board.set_token(self.token, None)

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        # Checked as the move happens: a later build on the vacated space must not hide it.
        if (
            player == owner
            and step_kind(step) is StepKind.MOVE
            and board.height[step_dst(step)] > board.height[step_src(step)]
            and board.tokens.get(self.token) != MOVED_UP
        ):
            board.set_token(self.token, MOVED_UP)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        # Her own workers moved by an opponent (Dionysus's extra turn) are free (RULINGS #18).
        return not (
            board.tokens.get(self.token) == MOVED_UP
            and step_kind(step) is StepKind.MOVE
            and board.owner[step_src(step)] != owner
            and board.height[step_dst(step)] > board.height[step_src(step)]
        )
