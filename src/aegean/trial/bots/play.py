"""Whole games between bots: the loop that asks each seat in turn, with only its view.

Used by ``aegean trial selfplay`` and ``aegean trial match`` and by the benchmarks; a game
is fixed by its seed and the bots' seeds, so it replays exactly (the search bot under a
playout budget included).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..content import ContentSet
from ..engine import Game
from .base import Bot, BotError, PlayerView

#: Far more decisions than any game takes (a random 4-player game makes about 300): a bot
#: that loops trips this instead of hanging.
MAX_DECISIONS = 20_000


@dataclass(frozen=True)
class GameResult:
    """A finished game: its seed, each seat's score, the order of finish (first: winner)."""

    seed: int
    scores: tuple[int, ...]
    order: tuple[int, ...]
    decisions: int

    @property
    def winner(self) -> int:
        return self.order[0]

    def rank(self, seat: int) -> int:
        """0 for the winner, 1 for second..."""
        return self.order.index(seat)


def play_game(content: ContentSet, bots: Sequence[Bot], seed: int, advanced: bool = False) -> GameResult:
    """Play one game, seat ``i`` played by ``bots[i]``; every bot sees only its view."""
    game = Game.new(content, len(bots), seed, advanced=advanced)
    decisions = 0
    while not game.over:
        if decisions >= MAX_DECISIONS:
            raise BotError(f"game {seed} did not end in {MAX_DECISIONS} decisions")
        p = game.to_decide()[0]
        legal = game.legal(p)
        choice = bots[p].choose(PlayerView.of(game, p), tuple(legal))
        if choice not in legal:
            raise BotError(f"bot {bots[p].name} chose {choice!r}, not a legal choice")
        game.apply(p, choice)
        decisions += 1
    return GameResult(seed, tuple(game.scores()), tuple(game.final_order()), decisions)
