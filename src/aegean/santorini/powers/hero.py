"""What the ten heroes (SANTORINI.md §4 "Heroes", RULINGS #63-72) have in common.

A hero's power works **once per game**, only for its **owner**, and is always optional
(RULINGS #63). The use is part of the position: the step that uses the power sets the
token ``<hero>=used`` (``achilles=used``), so the journal undoes it with ``pop`` and the
hash and the position string show it. A power that spans several steps of one turn
(Atalanta's extra moves, Heracles's domes) keeps going in the turn that spent it: each
hero asks :meth:`Hero.may_use` with "this turn already used it" worked out from the
steps of the turn.

"Only by its owner": the hooks act only when the player is the seat the card was dealt
to (``board.powers[player] is self``). Circe, who may hold an opponent's power, therefore
gets nothing out of a hero (she only takes it away), and no opponent's power (Dionysus's
extra turns with a hero's workers, Circe) can make the hero spend its use.

:class:`Hero` has no ``name``, so it does not register as a power of its own.
"""

from __future__ import annotations

from typing import Final

from ..power import Power, State
from ..squares import SQUARE_NAMES
from ..steps import KIND_SHIFT, StepCode, StepKind
from ..token_values import one_of

#: The value of ``<hero>`` once the power has been used.
USED: Final = "used"


class Hero(Power):
    """A once-per-game power (no ``name``: not a card of its own)."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if cls.name:  # ``<hero>=used`` besides the hero's own tokens
            cls.token_values = {cls.name.lower().replace(" ", ""): one_of(USED), **cls.token_values}

    @property
    def card_tokens(self) -> tuple[str, ...]:
        """Token keys of the card itself, not of whoever holds its power: the use stays
        spent when Circe takes the power and gives it back (``chaos.clear_tokens``)."""
        return (self.token,)

    def is_card_owner(self, board: State, player: int) -> bool:
        """``player`` is the seat this card was dealt to (not Circe holding it)."""
        return board.powers[player] is self

    def used(self, board: State) -> bool:
        """Whether the power has been used in this game."""
        return board.tokens.get(self.token) == USED

    def may_use(self, board: State, player: int, *, this_turn: bool = False) -> bool:
        """Whether ``player`` may take a step of the power now: the card is theirs and the
        power is still unused, or (``this_turn``) it was spent earlier in this very turn."""
        return self.is_card_owner(board, player) and (this_turn or not self.used(board))

    def spend(self, board: State) -> None:
        """Mark the power used (in the step that uses it)."""
        if not self.used(board):
            board.set_token(self.token, USED)


def steps_of_kind(turn: list[StepCode], kind: StepKind) -> list[StepCode]:
    """The steps of ``kind`` in ``turn``."""
    code = int(kind)
    return [s for s in turn if s >> KIND_SHIFT & 0xF == code]


def drop_tokens_on(board: State, square: int) -> None:
    """Take every power's token off ``square`` (keys in ``Power.square_tokens``, values
    one or more square names separated by commas): "with any tokens on those blocks"."""
    name = SQUARE_NAMES[square]
    for power in board.powers:
        for key in power.square_tokens:
            value = board.tokens.get(key)
            if value is None:
                continue
            names = value.split(",")
            if name in names:
                rest = [n for n in names if n != name]
                board.set_token(key, ",".join(rest) or None)
