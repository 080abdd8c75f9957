"""14. Chaos, Primordial Nothingness — *Setup*: shuffle all simple gods (1–10) not in use
into a face-down deck and turn the top one face up. *Any Time*: you have the power of the
face-up god. After any turn in which at least one dome was built, you must discard it and
turn up the next; when the deck is empty, reshuffle the discards into a new deck.

RULINGS #31 (Roxley wording): *any* dome counts, also one below level 3 (Atlas), after
anyone's turn. As on BGA the deck leaves out simple gods banned against a power in play.

Tokens: ``chaos=<face-up god>``, ``chaos.deck=<the deck, top first>`` (never empty: the
discards are reshuffled as soon as the last card is turned up) and ``chaos.discard=<the
discards>`` (absent when none). The face-up god keeps its own tokens (``athena=up``);
they are cleared when that god is discarded. Shuffles are deterministic: the first from
the powers in play, a reshuffle from the position's hash, so a position fully decides
the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from ..errors import SantoriniError
from ..power import REGISTRY, Power, State
from ..steps import StepKind, step_dst, step_kind
from ..token_values import ValueCheck, names, one_of
from .table import POWERS, banned_pairs

TOKEN = "chaos"
DECK = "chaos.deck"
DISCARD = "chaos.discard"

_INSTANCES: dict[str, Power] = {}


def simple_god(name: str) -> Power:
    """The (stateless, shared) power of a simple god by name."""
    power = _INSTANCES.get(name)
    if power is None:
        if name not in simple_gods() or name.lower() not in REGISTRY:
            raise SantoriniError(f"Chaos's cards are the simple gods 1-10, not {name!r}")
        power = _INSTANCES[name] = REGISTRY[name.lower()]()
    return power


def simple_gods() -> list[str]:
    """The simple gods (cards 1–10), in card order."""
    return [info.name for info in sorted(POWERS.values(), key=lambda i: i.index) if info.category == "simple"]


def clear_tokens(board: State, power: Power) -> None:
    """Remove every token of ``power`` (its key and ``key.*``): state of a power that
    changes hands does not carry over. Tokens of the card itself (``card_tokens``: a
    hero's use, spent once per game whoever holds the power) stay."""
    prefix = power.token + "."
    kept = power.card_tokens
    for key in [k for k in board.tokens if (k == power.token or k.startswith(prefix)) and k not in kept]:
        board.set_token(key, None)


def dome_built(board: State) -> bool:
    """Whether a build of the turn in progress left a dome (of any level)."""
    domes = board.domes
    return any(step_kind(s) is StepKind.BUILD and domes >> step_dst(s) & 1 for s in board.turn)


def _deck_gods() -> list[str]:
    """The simple gods that can be Chaos's cards (the implemented ones)."""
    return [g for g in simple_gods() if g.lower() in REGISTRY]


def _face_up(value: str) -> str | None:
    return one_of(*_deck_gods())(value)


def _cards(value: str) -> str | None:
    return names(_deck_gods(), most=len(_deck_gods()))(value)


class Chaos(Power):
    name = "Chaos"
    indirect = True
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: _face_up, DECK: _cards, DISCARD: _cards}

    def initial_tokens(self, board: State, owner: int) -> dict[str, str]:
        in_play = {p.name for p in board.powers if p.name}
        banned = banned_pairs()
        pool = [
            god
            for god in simple_gods()
            if god not in in_play
            and god.lower() in REGISTRY
            and not any(frozenset((god, other)) in banned for other in in_play)
        ]
        if len(pool) < 2:
            raise SantoriniError("Chaos needs at least two simple gods out of play")
        random.Random("chaos:" + ",".join(sorted(in_play))).shuffle(pool)
        return {TOKEN: pool[0], DECK: ",".join(pool[1:])}

    def token_prefixes(self) -> tuple[str, ...]:
        return (TOKEN, *(simple_god(g).token for g in simple_gods() if g.lower() in REGISTRY))

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        for god in _deck_gods():  # the face-up god's own tokens keep their names (athena=up)
            if key.partition(".")[0] == simple_god(god).token:
                return simple_god(god).check_token(board, owner, key, value)
        problem = super().check_token(board, owner, key, value)
        if problem is None:
            cards = [c for k in (TOKEN, DECK, DISCARD) for c in board.tokens.get(k, "").split(",") if c]
            if len(set(cards)) != len(cards):
                return f"a god lies in two places (face up, {DECK}, {DISCARD}): each card is in one"
        return problem

    def acting_power(self, board: State, owner: int) -> Power:
        return simple_god(board.tokens[TOKEN])

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if dome_built(board):
            self.turn_up_next(board)

    def turn_up_next(self, board: State) -> None:
        """Discard the face-up god and turn up the next; an emptied deck is refilled at
        once from the discards, shuffled by the position's hash."""
        current = board.tokens[TOKEN]
        clear_tokens(board, simple_god(current))
        discards = [*filter(None, board.tokens.get(DISCARD, "").split(",")), current]
        deck = board.tokens[DECK].split(",")
        board.set_token(TOKEN, deck[0])
        deck = deck[1:]
        if not deck:
            deck, discards = discards, []
            random.Random(board.board_hash).shuffle(deck)
        board.set_token(DECK, ",".join(deck))
        board.set_token(DISCARD, ",".join(discards) or None)
