"""22. Hypnus, God of Sleep — *Start of Opponent's Turn*: if one of your opponent's workers
is higher than all of their others, it cannot move.

RULINGS #39: decided when the opponent's turn starts, from the levels their workers stand
on then: a worker *strictly* higher than every other worker of that player cannot move this
turn (any move: normal, Apollo's swap, Minotaur's push, Artemis's, Hermes's); if two tie
for highest nothing is blocked. The sleeping worker may still do what needs no move (a
build without moving, as Hermes allows). A player's *only* remaining worker is higher than
"all of their others" (there are none), so it sleeps, as on Board Game Arena.

Token: ``hypnus=<square>`` names the sleeping worker from the start of the opponent's turn
to its end; a worker tag (``Power.worker_tags``), so it follows the worker wherever a force
or a swap takes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import Power, State
from ..rules import opponents_of
from ..squares import SQUARE_NAMES
from ..steps import StepCode, StepKind, step_kind, step_src
from ..token_values import ValueCheck, square

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}


class Hypnus(Power):
    name = "Hypnus"
    # The sleeper is a worker tag: a force is not a move, so a displaced sleeper (pushed,
    # ferried, swapped by Nemesis) sleeps on where it went; a removed one is gone.
    worker_tags = ("hypnus",)
    worker_tokens = ("hypnus",)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {"hypnus": square}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and board.owner[_SQUARE_OF[value]] == -1:
            return f"the sleeper is a worker, and none stands on {value}"
        return problem

    def sleeper(self, board: State) -> int | None:
        """The square of the worker that cannot move this turn, if any."""
        text = board.tokens.get(self.token)
        return None if text is None else _SQUARE_OF.get(text)

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        if player not in opponents_of(board, owner) or board.placing:
            return
        workers = board.workers[player]
        levels = [board.height[w] for w in workers]
        top = max(levels, default=-1)
        asleep = workers[levels.index(top)] if levels.count(top) == 1 else None
        value = None if asleep is None else SQUARE_NAMES[asleep]
        if board.tokens.get(self.token) != value:
            board.set_token(self.token, value)

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if self.token in board.tokens:
            board.set_token(self.token, None)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        return not (step_kind(step) is StepKind.MOVE and step_src(step) == self.sleeper(board))
