"""35. Gaea, Goddess of the Earth — *Setup*: take 2 extra workers of your color and keep
them on your card. *Any Build*: when any worker builds a dome, Gaea may at once place a
worker from her card on a ground-level space neighboring that dome.

RULINGS #52: any dome, built by any worker (hers or an opponent's) in any turn, at any
level (a Complete Tower's dome or a low dome of Atlas, Selene, Polyphemus …), lets her
place one spare worker at once on an unoccupied ground-level space (level 0, no worker,
no dome, and no power's token: a Talus is a dome for everyone, and a placement is no
step other powers' restrictions see) next to it, before the turn goes on. She places 2
workers in setup as usual; the spares are extra (``Power.spare_workers``), so she never
counts as still placing, and positions may show her with up to 4 workers. A placed spare
is an ordinary worker of hers from then on. Placing is not moving, so it never wins.

The choice is an interjection (``interjection_steps``): right after the dome, the engine
offers Gaea's ``PLACE`` steps and ``PASS`` (declining), and writes her choice inside the
turn in which the dome was built: ``b2-c3^d4@e5`` (the dome on d4, Gaea places on e5) or
``b2-c3^d4~`` (she declines). No choice is offered when her card is empty or no space
qualifies as she sees the board (a space only Hecate's hidden worker holds looks free to
her: she is asked, and the true board offers her only the decline). The spare workers
lie on Gaea's own card: Circe, borrowing her power, has none to place (and Gaea, her
power taken, cannot place hers meanwhile).

Tokens: ``gaea=<n>`` the workers still on her card once she has placed one (absent: 2);
``gaea.dome=<square>`` the dome she is deciding about, between the build and her choice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import Power, State
from ..rules import hidden_workers
from ..squares import NEIGHBORS, SQUARE_NAMES
from ..steps import PASS, StepCode, StepKind, place, step_dst, step_kind
from ..token_values import ValueCheck, count, square

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: How many workers her card holds at the start.
SPARES = 2
#: The token's keys: workers left on the card; the dome awaiting her choice.
CARD = "gaea"
PENDING = "gaea.dome"


class Gaea(Power):
    name = "Gaea"
    spare_workers = SPARES
    token_values: ClassVar[Mapping[str, ValueCheck]] = {CARD: count(0, SPARES - 1), PENDING: square}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and key == PENDING and not board.domes >> _SQUARE_OF[value] & 1:
            return f"{PENDING} names the dome she may place beside, and {value} has none"
        return problem

    @staticmethod
    def on_card(board: State) -> int:
        """How many spare workers are still on her card."""
        text = board.tokens.get(CARD, "")
        return min(int(text), SPARES) if text.isdigit() else SPARES

    @staticmethod
    def spots(board: State, dome: int, seen_by: int | None = None) -> list[int]:
        """Unoccupied ground-level spaces next to the dome on ``dome``, holding no token;
        with ``seen_by``, as that player sees them (a hidden worker's space looks empty)."""
        occupied = board.occupied
        if seen_by is not None:
            for square in hidden_workers(board, seen_by):
                occupied &= ~(1 << square)
        blocked = occupied | board.domes | board.token_squares()
        return [s for s in NEIGHBORS[dome] if board.height[s] == 0 and not blocked >> s & 1]

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        # The spares lie on Gaea's own card: a player borrowing her power (Circe) has none.
        if step_kind(step) is not StepKind.BUILD or not isinstance(board.powers[owner], Gaea):
            return
        dome = step_dst(step)
        # She is asked when a space qualifies as she sees the board: where only Hecate's
        # hidden workers stand, she may still choose one, and the choice is cancelled.
        if board.domes >> dome & 1 and self.on_card(board) > 0 and self.spots(board, dome, seen_by=owner):
            board.set_token(PENDING, SQUARE_NAMES[dome])

    def interjection_steps(self, board: State, owner: int, player: int) -> list[StepCode]:
        dome = _SQUARE_OF.get(board.tokens.get(PENDING, ""))
        if dome is None:
            return []
        return [*(place(s) for s in self.spots(board, dome)), PASS]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        kind = step_kind(step)
        if PENDING in board.tokens and (kind is StepKind.PLACE or kind is StepKind.PASS):
            board.set_token(PENDING, None)
            if kind is StepKind.PLACE:
                board.add_worker(player, step_dst(step))
                board.set_token(CARD, str(self.on_card(board) - 1))
            return
        super().apply_step(board, player, step)
