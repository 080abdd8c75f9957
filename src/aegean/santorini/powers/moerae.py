"""40. Moerae, Goddesses of Fate — *Setup*: behind your screen, secretly choose a 2 × 2
square of Fate spaces. Place 3 workers of your color. *Win Condition*: if an opponent
worker attempts to win by moving into one of your Fate spaces, you win instead
(RULINGS #57; not on Board Game Arena).

Setup: Moerae places 3 workers; her placement turn ends with a ``MARK`` step naming the
lower-left corner of her Fate square (``@a1@b1@c1*b2``: the Fate spaces are b2, c2, b3,
c3), so corners run a1..d4. Token: ``moerae.fate=<corner>``, secret
(``Power.secret_tokens``): it is a note behind a screen, not a piece on the board, so it is
no ``square_token`` (other tokens may lie on Fate spaces, and building there keeps it).

"Attempts to win": a *move* of an opponent into a Fate space that the mover's own power
says wins (``wins_with``: a climb onto level 3, Pan's drop, Eros's meeting). Moerae vetoes
that win (``vetoes_win``) and claims it (``wins_on``, ``Termination.POWER``). Whether a
third power would veto the mover's win anyway does not matter: the mover attempted it.
A forced worker has not moved (ruling 1), a build is no move, and moves during Dionysus's
extra turns cannot win at all (ruling 35), so none of these is an attempt.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..outcome import Termination
from ..power import Power, State
from ..rules import opponents_of, power_of
from ..squares import SQUARE_NAMES
from ..steps import StepCode, StepKind, mark, step_dst, step_kind
from ..token_values import ValueCheck, one_of

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: The token's key: the lower-left corner of the Fate square.
FATE = "moerae.fate"
#: Squares that can be the lower-left corner of a 2 × 2 square: files a-d, ranks 1-4.
CORNERS = tuple(s for s in range(25) if s % 5 < 4 and s // 5 < 4)


def fate_mask(corner: int) -> int:
    """The four Fate spaces of the square whose lower-left corner is ``corner``."""
    return (0b11 | 0b11 << 5) << corner


class Moerae(Power):
    name = "Moerae"
    #: The Fate square is named by its lower-left corner.
    token_values: ClassVar[Mapping[str, ValueCheck]] = {FATE: one_of(*(SQUARE_NAMES[c] for c in CORNERS))}
    secret_tokens = (FATE,)

    @property
    def card_tokens(self) -> tuple[str, ...]:
        """The setup choice belongs to the card: it stays when Circe borrows the power
        (else the owner would be asked to choose again in the middle of the game)."""
        return (FATE,)

    def worker_count(self) -> int:
        return 3

    def secret_values(self, board: State, key: str) -> list[str]:
        """Any 2×2 square could be the Fate square, as far as her opponents know."""
        return [SQUARE_NAMES[corner] for corner in CORNERS]

    @staticmethod
    def fate(board: State) -> int:
        """Bit mask of the Fate spaces (0 before the square is chosen)."""
        corner = _SQUARE_OF.get(board.tokens.get(FATE, ""))
        return 0 if corner is None or corner not in CORNERS else fate_mask(corner)

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        """The Fate square is chosen once all of her workers are down (her placement
        turn ends with it), and only once."""
        if FATE in board.tokens:
            return []
        if board.still_to_place(owner) > 0:
            return []
        return [mark(corner) for corner in CORNERS]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            board.set_token(FATE, SQUARE_NAMES[step_dst(step)])
        else:
            super().apply_step(board, player, step)

    def _fated(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        """Whether ``step`` is opponent ``player``'s own move into a Fate space."""
        return (
            step_kind(step) is StepKind.MOVE
            and player == board.to_move
            and player in opponents_of(board, owner)
            and bool(self.fate(board) >> step_dst(step) & 1)
        )

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        return self._fated(board, owner, player, step)

    def wins_on(self, board: State, owner: int, player: int, step: StepCode) -> Termination | None:
        if self._fated(board, owner, player, step) and power_of(board, player).wins_with(board, player, step):
            return Termination.POWER
        return None
