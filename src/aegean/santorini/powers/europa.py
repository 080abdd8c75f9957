"""34. Europa & Talus, Queen & Guardian Automaton — *Setup*: put the Talus token on your
card. *End of Your Turn*: you may move the Talus token to an unoccupied space neighboring
the worker that moved. *Any Time*: every player treats the Talus space as if it held only
a dome.

RULINGS #51: the Talus space is a dome for *every* player, Europa included.

- End of her turn: an optional last ``MARK`` step after her build puts the Talus (from
  the card, or from where it stands) on an unoccupied space neighbouring the worker that
  moved (where that worker stands now), ``b2-c3^d4*b3``; not on a space holding another
  token (SANTORINI.md §1, "Token"), so not where it already stands either. No end of turn
  after a winning climb.
- "As if it held only a dome": nothing moves, is forced, placed or built there, no block
  is removed from it and no token goes on it. Her own moves and builds skip it
  (``move_targets``, ``build_steps``); everyone else's steps are refused by
  ``allows_opponent_step`` (asked for team mates too: "every player"), including a move
  that would push a worker onto it (Minotaur; see :mod:`.dome_tokens`). It is no Complete
  Tower (the space holds *only* a dome). Since nothing is ever built there, the Talus never
  leaves through a build.

Token: ``europa&talus=<square>`` (``Power.token`` of the card name), a ``square_token``;
no token while the Talus is on her card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from ..power import Power, State
from ..squares import NEIGHBORS, SQUARE_NAMES
from ..steps import END, StepCode, StepKind, mark, step_dst, step_kind
from ..token_values import ValueCheck, square
from .dome_tokens import displaces_onto, targets_dome

#: The token's key: the card name lower-cased without spaces (``Power.token``).
TALUS = "europa&talus"
_SQUARE_OF: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}


def talus(board: State) -> int | None:
    """The square of the Talus, or ``None`` while it is on the card."""
    return _SQUARE_OF.get(board.tokens.get(TALUS, ""))


def moved_worker(board: State) -> int | None:
    """Where the worker that moved this turn stands: the target of the turn's last move."""
    for step in reversed(board.turn):
        if step_kind(step) is StepKind.MOVE:
            return step_dst(step)
    return None


class EuropaTalus(Power):
    name = "Europa & Talus"
    square_tokens = (TALUS,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TALUS: square}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and not board.is_free(_SQUARE_OF[value]):
            return f"the Talus is a dome: nothing else stands on {value}"
        return problem

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MARK:
            return [END]
        steps = super().turn_steps(board, player)
        if steps != [END]:
            return steps
        worker = moved_worker(board)
        if worker is None or board.owner[worker] != board.side_of(player):
            return steps
        blocked = board.occupied | board.domes | board.token_squares()
        return [*(mark(t) for t in NEIGHBORS[worker] if not blocked >> t & 1), END]

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        guard = talus(board)
        return [t for t in super().move_targets(board, player, worker) if t != guard]

    def build_steps(self, board: State, player: int, worker: int) -> list[StepCode]:
        guard = talus(board)
        return [s for s in super().build_steps(board, player, worker) if step_dst(s) != guard]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            board.set_token(TALUS, SQUARE_NAMES[step_dst(step)])
            return
        super().apply_step(board, player, step)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        guard = talus(board)
        if guard is None:
            return True
        mask = 1 << guard
        return not (targets_dome(step, mask) or displaces_onto(board, player, step, mask))
