"""33. Clio, Muse of History — *Your Build*: put a Coin token on each of the first 3 blocks
your workers build. *Opponent's Turn*: opponents treat spaces holding your Coin tokens as
if they held only a dome.

RULINGS #50 (with the designer's ruling): opponents cannot move, build, force, place or
put a token on a coin space, and no other power removes a coin; Clio's workers standing on
coins cannot be targeted by opponents' powers. Restrictions (Aphrodite, Hades, Harpies,
Hera, Hypnus, Limus, Moerae, Persephone) still affect her normally.

- A coin rides on the block it was put on: it goes only on blocks (never a dome) built in
  Clio's own turns, and only on the first three; a dome built later on a coin space keeps
  the coin, a block built on it (only Clio can) removes it (SANTORINI.md §1, "Token"), and
  that block is a new one that earns a coin only while fewer than three were handed out.
  Blocks her worker builds in Dionysus's extra turn are his builds, not hers.
- "As if they held only a dome", during opponents' turns only: ``allows_opponent_step``
  refuses every opponent step *onto* a coin space (move, build, force, place, remove, a
  token put there), which also keeps Apollo and Minotaur off a Clio worker standing on a
  coin, and a move that would push a worker onto a coin (Minotaur; :mod:`.dome_tokens`).
- Her workers standing on a coin are out of reach of opponents' powers
  (``Power.shields``): forces *of* such a worker are refused (Charon's ferry, Odysseus,
  Siren), and effects that are no step onto it ask ``rules.shielded`` — Bia's removal
  inside her move (the move itself still happens) and Medusa's petrification.

Tokens: ``clio=<squares>`` the coin spaces (sorted, comma-separated; a ``square_token``) and
``clio.placed=<1-3>`` how many coins she has handed out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from ..power import Power, State
from ..rules import opponents_of
from ..squares import SQUARE_NAMES
from ..steps import KIND_SHIFT, StepCode, StepKind, step_dst, step_kind, step_src
from ..token_values import ValueCheck, count, squares
from .dome_tokens import displaces_onto, square_mask, targets_dome

#: The token keys: the coin spaces, and how many coins were handed out.
COINS = "clio"
PLACED = "clio.placed"
#: Coins on the card at the start: the first three blocks get one each.
CARD_COINS: Final = 3
_SQUARE_OF: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}
_FORCE: Final = int(StepKind.FORCE)


def coin_squares(board: State) -> list[int]:
    """The spaces holding a coin, ascending."""
    text = board.tokens.get(COINS)
    return [] if not text else [_SQUARE_OF[name] for name in text.split(",")]


def _set_coins(board: State, squares: list[int]) -> None:
    board.set_token(COINS, ",".join(SQUARE_NAMES[s] for s in sorted(squares)) or None)


class Clio(Power):
    name = "Clio"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {
        COINS: squares(most=CARD_COINS),
        PLACED: count(1, CARD_COINS),
    }
    square_tokens = (COINS,)

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        if step_kind(step) is not StepKind.BUILD:
            return
        square = step_dst(step)
        if board.domes >> square & 1:
            return  # a dome: not a block, and it leaves the coin under it where it is
        coins = coin_squares(board)
        changed = square in coins
        if changed:  # a block built on a coin buries it
            coins.remove(square)
        placed = int(board.tokens.get(PLACED, "0"))
        if player == owner and placed < CARD_COINS and board.owner[step_src(step)] == board.side_of(owner):
            coins.append(square)
            board.set_token(PLACED, str(placed + 1))
            changed = True
        if changed:
            _set_coins(board, coins)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        if COINS not in board.tokens or player not in opponents_of(board, owner):
            return True
        coins = square_mask(board, COINS)
        if targets_dome(step, coins) or displaces_onto(board, player, step, coins):
            return False
        # A Clio worker standing on a coin cannot be targeted (designer ruling, RULINGS #50).
        return not (step >> KIND_SHIFT & 0xF == _FORCE and self.shields(board, owner, player, step_src(step)))

    def shields(self, board: State, owner: int, player: int, square: int) -> bool:
        return (
            board.owner[square] == board.side_of(owner)
            and player in opponents_of(board, owner)
            and bool(square_mask(board, COINS) >> square & 1)
        )
