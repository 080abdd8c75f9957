"""31. Aeolus, God of the Winds — *Setup*: place the Wind token beside the board pointing in
one of the 8 directions: the direction the wind blows. *End of Your Turn*: turn the Wind
token to any of the 8 directions. *Any Move*: no worker can move directly into the wind
(that is, in the direction opposite to the one the wind blows).

The engine follows the printed text (RULINGS #48); the revised text (the Wind may rest on
the card, with no effect) is not implemented.

- Setup: his placement turn ends with a ``MARK`` direction step, ``@b2@d4*ne`` (the wind
  blows north-east), offered by ``setup_steps`` once his workers are down.
- End of his turn: a last ``MARK`` step after his build turns the Wind, ``b2-c3^d4*sw``.
  The card has no "may", but "any of the 8 directions" includes the one the token shows, so
  leaving it is turning it to itself: a turn without a mark keeps the wind, and ``*<same>``
  is accepted as the same turn. No end of turn after a winning climb (the game is over).
- "No worker": his own moves are filtered in ``turn_steps``, everyone else's (opponents and,
  in four-player games, his team mate) in ``allows_opponent_step``. A wind blowing north
  forbids every move whose direction is south (south-west and south-east stay allowed).
  Forced is not moved (RULINGS #1): Apollo's swapped worker, Minotaur's pushed one and
  Charybdis's whirlpool jump (a power's effect, "in the same direction as the move before
  it") are not filtered. Urania's wrapped steps have the direction of the wrap
  (``a1-e1`` goes west).

Token: ``aeolus=<direction>`` (``n``, ``ne``, ... ``nw``): the way the wind blows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from ..notation import DIRECTION_NAMES
from ..power import Power, State
from ..squares import DIRECTIONS, SQUARES
from ..steps import END, KIND_MOVE, KIND_SHIFT, StepCode, StepKind, mark, mark_direction, step_kind
from ..token_values import ValueCheck, direction
from .urania import wrap_direction

#: The token's key (``Power.token``, spelled out for the hot paths).
WIND = "aeolus"
_INDEX_OF_NAME: Final = {name: i for i, name in enumerate(DIRECTION_NAMES)}
_INDEX_OF_DELTA: Final = {delta: i for i, delta in enumerate(DIRECTIONS)}
#: ``MOVE_DIRECTION[src][dst]``: the direction index of a one-square move (wrapping round the
#: edges, for Urania), or -1 where ``dst`` is no (wrapped) neighbour of ``src``.
MOVE_DIRECTION: Final = tuple(
    tuple(_INDEX_OF_DELTA.get(wrap_direction(s, d), -1) for d in SQUARES) for s in SQUARES
)
#: Every way to turn the Wind token.
WIND_MARKS: Final = tuple(mark(direction=i) for i in range(len(DIRECTIONS)))


def wind(board: State) -> int | None:
    """The direction index the wind blows in, or ``None`` before it is set."""
    name = board.tokens.get(WIND)
    return None if name is None else _INDEX_OF_NAME.get(name)


def into_the_wind(board: State, step: StepCode) -> bool:
    """Whether ``step`` is a move directly into the wind (opposite to where it blows)."""
    if step >> KIND_SHIFT & 0xF != KIND_MOVE:
        return False
    blows = wind(board)
    if blows is None:
        return False
    return MOVE_DIRECTION[step >> 5 & 0x1F][step & 0x1F] == (blows + 4) % 8


class Aeolus(Power):
    name = "Aeolus"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {WIND: direction}

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        """The first direction of the wind, once his workers are down; only once."""
        if WIND in board.tokens or board.still_to_place(owner) > 0:
            return []
        return list(WIND_MARKS)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MARK:
            return [END]
        steps = super().turn_steps(board, player)
        if steps == [END]:
            return [END, *WIND_MARKS]  # end of his turn: turn the Wind (END keeps it)
        return [s for s in steps if not into_the_wind(board, s)]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            direction = mark_direction(step)
            if direction is not None:
                board.set_token(WIND, DIRECTION_NAMES[direction])
            return
        super().apply_step(board, player, step)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        return not into_the_wind(board, step)
