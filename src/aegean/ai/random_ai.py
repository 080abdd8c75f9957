"""The weakest opponent: a uniformly random legal turn (placements included)."""

from __future__ import annotations

import random

from ..santorini import Board, Turn
from .base import legal_turns_or_raise


class RandomAI:
    """Picks uniformly among the legal turns with its own seeded generator, so a seed
    replays the same game against the same opponent."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose_turn(self, board: Board) -> Turn:
        return self._rng.choice(legal_turns_or_raise(board))
