"""Trial of the Gods bots: random, heuristic and search, made by name with :func:`make_bot`.

A name may carry the search bot's budget: ``search`` (the default playout budget),
``search:200`` (200 playouts a decision, reproducible whatever the load) or
``search:0.5s`` (half a second a decision, as many playouts as fit).
"""

from __future__ import annotations

from .base import Bot, BotError, PlayerView
from .heuristic import HeuristicBot
from .play import GameResult, MatchGame, bot_seed, match_games, play_game
from .random import RandomBot
from .search import DEFAULT_PLAYOUTS, SearchBot

BOT_NAMES = ("random", "heuristic", "search")
#: Budgets a name may ask for: playouts a decision, and seconds a decision.
MAX_PLAYOUTS = 100_000
MAX_SECONDS = 600.0


class UnknownBot(ValueError):
    """A bot name that is not one of :data:`BOT_NAMES` (or a bad budget)."""


def make_bot(name: str, seed: int) -> Bot:
    """The bot called ``name`` (``random``, ``heuristic``, ``search[:N|:Xs]``), seeded."""
    base, _, budget = name.strip().partition(":")
    if base == "random" and not budget:
        return RandomBot(seed)
    if base == "heuristic" and not budget:
        return HeuristicBot(seed)
    if base == "search":
        if not budget:
            return SearchBot(seed, playouts=DEFAULT_PLAYOUTS)
        if budget.endswith("s"):
            try:
                seconds = float(budget[:-1])
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= MAX_SECONDS:
                raise UnknownBot(
                    f"bot {name!r}: the time budget must be 0 to {MAX_SECONDS:g} seconds, e.g. search:0.5s"
                )
            return SearchBot(seed, seconds=seconds)
        if budget.isdigit() and 1 <= int(budget) <= MAX_PLAYOUTS:
            return SearchBot(seed, playouts=int(budget))
        raise UnknownBot(f"bot {name!r}: the playout budget must be 1 to {MAX_PLAYOUTS}, e.g. search:200")
    known = ", ".join(BOT_NAMES)
    raise UnknownBot(f"unknown bot {name!r} (known: {known}; search takes a budget: search:200, search:0.5s)")


__all__ = [
    "BOT_NAMES",
    "Bot",
    "BotError",
    "GameResult",
    "HeuristicBot",
    "MatchGame",
    "PlayerView",
    "RandomBot",
    "SearchBot",
    "UnknownBot",
    "bot_seed",
    "make_bot",
    "match_games",
    "play_game",
]
