"""What a Trial of the Gods bot is: something that, given what its seat may see and its
legal choices, returns one of them.

A bot's only input is a :class:`~aegean.trial.determinize.PlayerView` (the content set,
its seat and :func:`~aegean.trial.view.observe`'s dict for that seat) and the legal
choices; it never holds the game itself, so it cannot read another player's hand, a deck's
order, an unexplored Treasure or the dice to come. Bots that look ahead imagine the hidden
part with :func:`~aegean.trial.determinize.determinize`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..determinize import PlayerView

__all__ = ["Bot", "BotError", "PlayerView"]


class BotError(RuntimeError):
    """A bot returned a choice that was not legal (a bug in the bot)."""


class Bot(Protocol):
    """A player of Trial of the Gods. ``choose`` returns one of ``legal`` (never empty)."""

    @property
    def name(self) -> str: ...

    def choose(self, view: PlayerView, legal: Sequence[str]) -> str: ...
