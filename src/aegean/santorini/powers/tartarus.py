"""43. Tartarus, God of the Abyss — *Setup*: place your workers first. After all workers
are placed, secretly mark one unoccupied space as the Abyss. *Lose Condition*: a player
whose worker enters the Abyss loses at once; no worker can win by entering the Abyss
(RULINGS #6, #60).

Setup: ``placement_order = -1`` (he places first). Once *every* worker is down he takes a
setup turn of his own, a single ``MARK`` step (``*c3``), before the first turn of play;
it does not use up his first turn. Token: ``tartarus.abyss=<square>``, secret
(``Power.secret_tokens``). The Abyss is a mark on a hidden map, not a piece on the board,
so it is no ``square_token``: building on it, or any token on it, leaves it in place.

Lose condition: after any step (``after_step``, called for every power) a worker standing
on the Abyss loses the game for its owner (and team), whoever moved, forced or placed it
there, Tartarus's own workers included (ruling 60). No worker wins by entering it: his
``vetoes_win`` stops opponents' wins and his ``wins_with`` his own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..outcome import Outcome, Termination
from ..power import Power, State
from ..rules import opponents_of
from ..squares import SQUARE_NAMES, SQUARES
from ..steps import StepCode, StepKind, mark, step_dst, step_kind
from ..token_values import ValueCheck, square

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: The token's key: the square of the Abyss.
ABYSS = "tartarus.abyss"


def abyss(board: State) -> int | None:
    """The square of the Abyss, if it has been marked."""
    return _SQUARE_OF.get(board.tokens.get(ABYSS, ""))


def _entered(board: State, step: StepCode) -> bool:
    """Whether ``step`` took a worker into the Abyss (so it cannot win)."""
    square = abyss(board)
    return square is not None and step_kind(step) is StepKind.MOVE and step_dst(step) == square


class Tartarus(Power):
    name = "Tartarus"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {ABYSS: square}
    placement_order = -1
    secret_tokens = (ABYSS,)

    @property
    def card_tokens(self) -> tuple[str, ...]:
        """The setup choice belongs to the card: it stays when Circe borrows the power
        (else the owner would be asked to choose again in the middle of the game)."""
        return (ABYSS,)

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        """One unoccupied space, once every player's workers are all down; only once."""
        if ABYSS in board.tokens:
            return []
        if any(board.still_to_place(player) > 0 for player in range(board.n_players)):
            return []
        return [mark(s) for s in SQUARES if board.is_free(s)]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            board.set_token(ABYSS, SQUARE_NAMES[step_dst(step)])
        else:
            super().apply_step(board, player, step)

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        square = abyss(board)
        if square is None or board.decided is not None:
            return
        loser = board.owner[square]
        if loser >= 0:
            board.set_outcome(Outcome(opponents_of(board, loser), Termination.POWER))

    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        return None if _entered(board, step) else super().wins_with(board, player, step)

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        # Also any win claimed once a worker has fallen in: the game is already lost.
        square = abyss(board)
        return square is not None and (_entered(board, step) or board.owner[square] >= 0)
