"""Shared setup for the Trial of the Gods bot tests: the sample content, and games
driven to a chosen kind of decision."""

from __future__ import annotations

import random
from functools import cache

from aegean.trial.content import ContentSet, load_content
from aegean.trial.engine import Game


@cache
def sample() -> ContentSet:
    return load_content()


def random_game_until(
    players: int, seed: int, kinds: tuple[str, ...], advanced: bool = False, skip: int = 0
) -> Game:
    """A game played at random (seeded) until the decision on top is one of ``kinds``
    with more than one legal choice, ``skip`` such decisions passed over."""
    game = Game.new(sample(), players, seed, advanced=advanced)
    rng = random.Random(seed)
    while not game.over:
        p = game.to_decide()[0]
        legal = game.legal(p)
        if game.state.stack[-1]["kind"] in kinds and len(legal) > 1:
            if skip == 0:
                return game
            skip -= 1
        game.apply(p, legal[rng.randrange(len(legal))])
    raise AssertionError(f"game {seed} ended before a {kinds} decision")
