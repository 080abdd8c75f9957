"""17. Circe, Divine Enchantress — *Start of Your Turn*: if an opponent's workers do not
neighbor each other, you alone have the use of that opponent's power until your next turn.

RULINGS #34 (BGA): 2-player only. Decided at the start of each of her turns: while she
holds the power the opponent has none at all (not even end-of-turn effects); it goes back
only at the start of her next turn, and only if the workers neighbour each other then.

Token: ``circe=<the opponent's seat, 1-based>`` while she holds the power. The borrowed
power keeps its own token names (``athena=up``, ``morpheus=2``); its tokens are cleared
whenever it changes hands, since they record the previous holder's turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import NO_POWER, Power, State
from ..squares import NEIGHBORS
from ..token_values import ValueCheck, one_of
from .chaos import clear_tokens

TOKEN = "circe"


class Circe(Power):
    name = "Circe"
    indirect = True
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: one_of("1", "2")}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and (board.n_players != 2 or value != str(2 - owner)):
            return f"Circe holds the power of her opponent, player {2 - owner}, in a 2-player game only"
        return problem

    def _victim_power(self, board: State, owner: int) -> Power:
        """The power of the opponent's card (through Chaos's face-up god)."""
        seat = 1 - owner
        card = board.powers[seat]
        return card.acting_power(board, seat) if card.indirect else card

    def acting_power(self, board: State, owner: int) -> Power:
        return self._victim_power(board, owner) if TOKEN in board.tokens else NO_POWER

    def suppresses(self, board: State, owner: int, player: int) -> bool:
        return player != owner and TOKEN in board.tokens

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        if player != owner or board.n_players != 2:
            return
        workers = board.workers[1 - owner]
        # Fewer than two workers cannot neighbour each other; with three (Graeae, Moerae)
        # "their workers do not neighbor each other" holds when no two of them do.
        apart = not any(b in NEIGHBORS[a] for i, a in enumerate(workers) for b in workers[i + 1 :])
        if apart == (TOKEN in board.tokens):
            return
        clear_tokens(board, self._victim_power(board, owner))
        board.set_token(TOKEN, str(2 - owner) if apart else None)
