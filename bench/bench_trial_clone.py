"""Trial of the Gods state copies per second: ``GameState.clone`` (hand-written) against
``copy.deepcopy`` (its "naive reference", what ``clone`` was before), on the same states.

The states are taken every 25 decisions of seeded random games (2-4 players, base and
advanced), so decks, hands, enemies and decision frames of every phase are in them. Both
copies are checked equal to the original (``==`` compares the random generator too).

    .venv/bin/python bench/bench_trial_clone.py [--long] [--repeat N]
"""

from __future__ import annotations

import copy
import random

from aegean.trial.content import load_content
from aegean.trial.engine import Game
from aegean.trial.state import GameState
from benchlib import Result, best_of, main, same


def states(games: int) -> list[GameState]:
    content = load_content()
    out: list[GameState] = []
    for seed in range(games):
        game = Game.new(content, 2 + seed % 3, seed, advanced=seed % 2 == 1)
        rng = random.Random(seed)
        step = 0
        while not game.over:
            player = rng.choice(game.to_decide())
            game.apply(player, rng.choice(game.legal(player)))
            step += 1
            if step % 25 == 0:
                out.append(game.state.clone())
    return out


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    sample = states(24 if long else 6)
    rounds = 20 if long else 5
    same("clone", all(s.clone() == s for s in sample), True)
    same("deepcopy", all(copy.deepcopy(s) == s for s in sample), True)
    fast, _ = best_of(repeat, lambda: [s.clone() for _ in range(rounds) for s in sample])
    slow, _ = best_of(repeat, lambda: [copy.deepcopy(s) for _ in range(rounds) for s in sample])
    count = rounds * len(sample)
    return [
        Result(
            "Trial state clone",
            "states/s",
            count / fast,
            count / slow,
            detail=f"{len(sample)} states of 2-4 player games, {count} copies per run",
        )
    ]


if __name__ == "__main__":
    main(__doc__, run)
