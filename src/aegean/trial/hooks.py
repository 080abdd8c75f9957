"""Effects the data vocabulary cannot say, registered by name.

A content file names one with ``{"op": "hook", "name": "..."}``; the loader refuses a
name that is not registered here, and the engine calls the function with the game and
the player the effect concerns. A publisher's set that needs a new one adds a function
here; everything else about a card stays data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: name -> function(game, player); the engine's module registers what it defines.
HOOKS: dict[str, Callable[[Any, int], None]] = {}


def hook(name: str) -> Callable[[Callable[[Any, int], None]], Callable[[Any, int], None]]:
    """Register ``function`` under ``name`` (a decorator)."""

    def register(function: Callable[[Any, int], None]) -> Callable[[Any, int], None]:
        HOOKS[name] = function
        return function

    return register
