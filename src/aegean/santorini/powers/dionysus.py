"""18. Dionysus, God of Wine — *Your Build*: each time a worker you control creates a
Complete Tower, you may take an additional turn using an opponent worker instead of your
own. No player can win during these additional turns (RULINGS #35: the extra turn moves and
then builds with one opponent worker; a tower completed during it chains another; #20:
only a dome on level 3 is a Complete Tower; #18: the workers moved still belong to their
owner).

Tokens: ``dionysus=<extra turns earned, not yet begun>``; ``dionysus.extra=on`` while an
extra turn is being played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..outcome import Termination
from ..power import Power, State
from ..rules import opponents_of
from ..steps import END, MOVES, StepCode, StepKind, step_dst, step_kind
from ..token_values import ValueCheck, count, one_of


class Dionysus(Power):
    name = "Dionysus"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {"dionysus": count(1), "dionysus.extra": one_of("on")}

    def in_extra_turn(self, board: State) -> bool:
        return board.tokens.get(self.token + ".extra") == "on"

    def _earned(self, board: State) -> int:
        return int(board.tokens.get(self.token, "0"))

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        # "A worker you control": during his turns (extra ones included) he controls the
        # worker that builds, whoever owns it.
        square = step_dst(step)
        if (
            player == owner
            and step_kind(step) is StepKind.BUILD
            and board.domes >> square & 1
            and board.height[square] == 3
        ):
            board.set_token(self.token, str(self._earned(board) + 1))

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if player != owner:
            return
        earned = self._earned(board)
        if earned:
            board.set_token(self.token, str(earned - 1) if earned > 1 else None)
            if not self.in_extra_turn(board):
                board.set_token(self.token + ".extra", "on")
        elif self.in_extra_turn(board):
            board.set_token(self.token + ".extra", None)

    def next_player(self, board: State, owner: int, player: int) -> int | None:
        return owner if player == owner and self.in_extra_turn(board) else None

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        if not self.in_extra_turn(board):
            return super().turn_steps(board, player)
        if board.turn:  # the opponent worker has moved: it builds, then the turn ends
            return super().turn_steps(board, player)
        moves = [
            MOVES[worker][target]
            for opponent in sorted(opponents_of(board, player))
            for worker in board.workers[opponent]
            for target in self.move_targets(board, player, worker)
        ]
        return [*moves, END]  # "may": the extra turn can be declined

    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        return None if self.in_extra_turn(board) else super().wins_with(board, player, step)
