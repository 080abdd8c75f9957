"""The Golden Fleece variant (SANTORINI.md §5; RULINGS #11-14).

One power with the Golden Fleece mark lies beside the board and belongs to nobody. After
the workers are placed, the player who placed first puts the Ram figure on an unoccupied
space, and the other player takes the first turn. At the start of every turn, each player
with a worker next to the Ram holds the power for that whole turn, End of Turn effects
included; several players may hold it at once.

The variant needs no code of its own in the engine: each player gets a
:class:`FleeceCard`, an *indirect* card (like Chaos) that lends the fleece power to its
player while they hold it. The Ram is a dome on level 0 (ruling 13: "no worker may move
onto it and nothing may be built there") plus the token ``ram=<square>``, so every
power's notion of a blocked space already covers it. Tokens: ``ram=c3``; ``ram.holders=1,2``
(who holds the power this turn, 1-based; ``-`` for nobody).
"""

from __future__ import annotations

from typing import ClassVar

from .errors import SantoriniError
from .power import NO_POWER, Power, State
from .powers import make_power, power_info
from .squares import NEIGHBOR_MASK, SQUARE_NAMES, SQUARES, parse_square
from .steps import StepCode, StepKind, mark, step_dst, step_kind
from .token_values import seats, square

RAM = "ram"
HOLDERS = "ram.holders"


def fleece_cards(power: Power | str, n_players: int) -> tuple[Power, tuple[Power, ...]]:
    """The fleece power and each player's card for a Golden Fleece game."""
    fleece = power if not isinstance(power, str) else make_power(power)
    if n_players != 2:
        raise SantoriniError("the Golden Fleece variant is for 2 players (SANTORINI.md §5)")
    if not fleece.name or not power_info(fleece.name).golden_fleece:
        raise SantoriniError(
            f"{fleece.name or 'no power'} has no Golden Fleece mark; the variant uses a marked power"
        )
    card = FleeceCard(fleece)
    return fleece, (card,) * n_players


def ram_square(board: State) -> int | None:
    text = board.tokens.get(RAM)
    return parse_square(text) if text else None


def holders(board: State) -> frozenset[int]:
    """The players holding the fleece power this turn (0-based)."""
    text = board.tokens.get(HOLDERS, "-")
    return frozenset() if text == "-" else frozenset(int(p) - 1 for p in text.split(","))


class FleeceCard(Power):
    """A player's seat in the Golden Fleece variant: the fleece power while they hold it."""

    indirect: ClassVar[bool] = True

    def __init__(self, fleece: Power) -> None:
        self.fleece = fleece

    def __repr__(self) -> str:
        return f"<Golden Fleece card: {self.fleece.name}>"

    def token_prefixes(self) -> tuple[str, ...]:
        return (*self.fleece.token_prefixes(), RAM)

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        if key == RAM:
            problem = square(value)
            if problem is not None:
                return problem
            ram = parse_square(value)
            if board.height[ram] or not board.domes >> ram & 1:
                return f"the Ram stands on its space as a dome on level 0: write A on {value}"
            return None
        if key == HOLDERS:
            return seats(board.n_players, none="-")(value)
        # The card's state is one for whoever holds it: judged for each holder in turn
        # (a sleeper is an opponent of one of them), or for the seat asking if nobody does.
        judges = sorted(holders(board)) or [owner]
        problems = [self.fleece.check_token(board, seat, key, value) for seat in judges]
        return None if None in problems else problems[0]

    def initial_tokens(self, board: State, owner: int) -> dict[str, str]:
        # The card beside the board starts with its own state (Chaos's deck), once for
        # the game: every seat's fleece card answers the same.
        return self.fleece.initial_tokens(board, owner)

    def acting_power(self, board: State, owner: int) -> Power:
        if owner not in holders(board):
            return NO_POWER
        # An indirect fleece power (Chaos) lends its own power in turn: the face-up god.
        return self.fleece.acting_power(board, owner) if self.fleece.indirect else self.fleece

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        # An indirect fleece power keeps its own books after the turn (Chaos turns up the
        # next god after a dome), once, for the card beside the board: run by the fleece
        # card of the first player holding it this turn; with no holder the card sleeps.
        if self.fleece.indirect and owner == min(holders(board), default=None):
            self.fleece.end_of_turn(board, owner, player)

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        # The first placer puts the Ram once every worker is down (ruling 11); the
        # engine asks the player to move, who is the first placer at that moment.
        # A turn of its own (not the end of the last placer's turn): board.turn is empty.
        if RAM in board.tokens:
            # The fleece power's own setup (Aeolus's wind, Siren's arrow) follows the Ram
            # in the same setup turn: the first placer makes it for the card beside the board.
            return self.fleece.setup_steps(board, owner) if board.turn else []
        if board.turn or any(board.still_to_place(p) > 0 for p in range(board.n_players)):
            return []
        return [mark(s) for s in SQUARES if board.is_free(s)]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK and RAM in board.tokens and not self.fleece.is_plain:
            self.fleece.apply_step(board, player, step)  # the fleece power's setup choice
        elif step_kind(step) is StepKind.MARK:
            square = step_dst(step)
            board.toggle_dome(square)  # like a ground-level dome (ruling 13)
            board.set_token(RAM, SQUARE_NAMES[square])
            board.set_token(HOLDERS, "-")
        else:
            super().apply_step(board, player, step)

    def next_player(self, board: State, owner: int, player: int) -> int | None:
        # After the Ram is placed, the other player takes the first turn (ruling 11).
        turn = board.turn
        if owner == player and turn and step_kind(turn[0]) is StepKind.MARK:
            return (player + 1) % board.n_players
        return None

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        # Ruling 12: at the start of each turn, everyone next to the Ram holds it.
        ram = ram_square(board)
        if ram is None or owner != player:
            return
        near = NEIGHBOR_MASK[ram]
        seats = [str(p + 1) for p in range(board.n_players) if any(near >> w & 1 for w in board.workers[p])]
        value = ",".join(seats) or "-"
        if board.tokens.get(HOLDERS) != value:
            board.set_token(HOLDERS, value)
        if self.fleece.indirect and seats:
            self.fleece.start_of_turn_state(board, int(seats[0]) - 1, player)

    def start_of_turn(self, board: State, owner: int, player: int) -> None:
        first = min(holders(board), default=None)
        if self.fleece.indirect and owner == player and first is not None:
            self.fleece.start_of_turn(board, first, player)

    def missing_token(self, board: State, owner: int) -> tuple[str, str] | None:
        if RAM in board.tokens and HOLDERS not in board.tokens and board.turn:
            return HOLDERS, f"a turn in progress needs {HOLDERS}: who held the power as it began ('-' nobody)"
        return self.fleece.missing_token(board, owner)
