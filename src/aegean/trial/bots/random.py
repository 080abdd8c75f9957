"""The random bot: a uniform choice among the legal ones, from its own seeded generator
(the baseline every other bot must beat, and the cheapest rollout policy)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .base import PlayerView


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[str]) -> str:
        return legal[self.rng.randrange(len(legal))]
