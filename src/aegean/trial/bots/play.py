"""Whole games between bots: the loop that asks each seat in turn, with only its view.

Used by ``aegean trial selfplay`` and ``aegean trial match`` and by the benchmarks; a game
is fixed by its seed and the bots' seeds, so it replays exactly (the search bot under a
playout budget included).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..audit import AuditFailure, audit
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


def play_game(
    content: ContentSet, bots: Sequence[Bot], seed: int, advanced: bool = False, check: bool = False
) -> GameResult:
    """Play one game, seat ``i`` played by ``bots[i]``; every bot sees only its view.
    ``check``: :func:`~aegean.trial.audit.audit` the game after set-up and after every
    decision (:class:`~aegean.trial.audit.AuditFailure` names the game and the decision)."""
    game = Game.new(content, len(bots), seed, advanced=advanced)
    decisions = 0
    if check:
        _audit(game, seed, decisions)
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
        if check:
            _audit(game, seed, decisions)
    return GameResult(seed, tuple(game.scores()), tuple(game.final_order()), decisions)


def _audit(game: Game, seed: int, decisions: int) -> None:
    try:
        audit(game)
    except AuditFailure as failure:
        raise AuditFailure(f"game {seed}, after decision {decisions}: {failure}") from None


def bot_seed(seed: int, game: int, seat: int) -> int:
    """A bot's seed, fixed by the run's seed, the game's number and the seat."""
    return (seed * 1_000_003 + game * 101 + seat) % (2**63 - 1)


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: where A sat, and the result."""

    number: int  #: 0-based
    seat: int  #: A's seat
    result: GameResult

    @property
    def ahead(self) -> float:
        """The share of B seats that A finished ahead of (1: A won)."""
        seats = len(self.result.scores)
        rank = self.result.rank(self.seat)
        return sum(1 for k in range(seats) if k != self.seat and rank < self.result.rank(k)) / (seats - 1)


def match_games(
    content: ContentSet,
    make: Callable[[str, int], Bot],
    a: str,
    b: str,
    players: int,
    games: int,
    seed: int,
    advanced: bool = False,
) -> Iterator[MatchGame]:
    """A against B: game ``g`` puts A in seat ``g % players`` and B everywhere else, on
    the deal of seed ``seed + g // players`` (so each deal is played with A in every seat)."""
    for g in range(games):
        seat = g % players
        names = [a if k == seat else b for k in range(players)]
        bots = [make(name, bot_seed(seed, g, k)) for k, name in enumerate(names)]
        yield MatchGame(g, seat, play_game(content, bots, seed + g // players, advanced=advanced))
