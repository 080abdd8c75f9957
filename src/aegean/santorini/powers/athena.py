"""3. Athena, Goddess of Wisdom — *Opponent's Turn*: if one of your workers moved up on
your last turn, opponent workers cannot move up this turn (RULINGS #16-17: any step of a
multi-move counts, a force does not; the restriction lasts until her next turn and covers
the moves powers add, such as Apollo's and Minotaur's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..steps import Step, StepKind, step_dst, step_kind, step_src
from .base import Power

if TYPE_CHECKING:
    from ..board import Board

#: Token value while Athena's last turn had a worker of hers move up.
MOVED_UP = "up"


class Athena(Power):
    name = "Athena"

    def start_of_turn(self, board: Board, owner: int, player: int) -> None:
        if player == owner and self.token in board.tokens:
            board.set_token(self.token, None)

    def after_step(self, board: Board, owner: int, player: int, step: Step) -> None:
        # Checked as the move happens: a later build on the vacated space must not hide it.
        if (
            player == owner
            and step_kind(step) is StepKind.MOVE
            and board.height[step_dst(step)] > board.height[step_src(step)]
            and board.tokens.get(self.token) != MOVED_UP
        ):
            board.set_token(self.token, MOVED_UP)

    def allows_opponent_step(self, board: Board, owner: int, player: int, step: Step) -> bool:
        # Her own workers moved by an opponent (Dionysus's extra turn) are free (RULINGS #18).
        return not (
            board.tokens.get(self.token) == MOVED_UP
            and step_kind(step) is StepKind.MOVE
            and board.owner[step_src(step)] != owner
            and board.height[step_dst(step)] > board.height[step_src(step)]
        )
