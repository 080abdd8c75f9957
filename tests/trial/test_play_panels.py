"""What the terminal shows of Trial of the Gods (issue 14, item 6): every choice the
engine offers is put in words, and every panel draws from any player's view at any point
of a game, whatever the decision, in the base and the advanced game."""

from __future__ import annotations

import io
import itertools
import random

import pytest
from rich.console import Console

from aegean.cli.trial_present import (
    DECISIONS,
    Catalog,
    board_panel,
    choice_words,
    decision_panel,
    enemies_panel,
    hand_panel,
    olympics_panel,
    players_panel,
)
from aegean.trial.engine import Game
from aegean.trial.view import observe

from .play_support import SAMPLE

CATALOG = Catalog.of(SAMPLE)
PANELS = (board_panel, players_panel, hand_panel, enemies_panel, olympics_panel)


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False)])
def test_every_choice_is_put_in_words_and_every_panel_draws(players: int, advanced: bool) -> None:
    game = Game.new(SAMPLE, players, seed=players, advanced=advanced)
    rng = random.Random(players)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    kinds: set[str] = set()
    decisions: set[str] = set()
    for step in itertools.count():
        if game.over:
            break
        player = game.to_decide()[0]
        view = observe(game, player)
        legal = game.legal(player)
        decisions.add(view["decision"]["kind"])
        for choice in legal:
            kinds.add(choice.partition(":")[0])
            assert choice_words(choice, view, CATALOG) != choice, choice
        if step % 20 == 0:  # (drawing is slow: now and then)
            for panel in PANELS:
                console.print(panel(view, CATALOG))
            console.print(decision_panel(view, CATALOG, legal))
        game.apply(player, rng.choice(legal))
    assert decisions <= set(DECISIONS)
    assert {"play", "sail", "fight", "buy", "talent", "race", "use", "place", "olympics"} <= kinds
    assert "captain" in kinds or not advanced
    assert "Traceback" not in out.getvalue()


def test_the_rarer_choices_are_put_in_words_too() -> None:
    game = Game.new(SAMPLE, 2, seed=1)
    view = observe(game, 0)
    hero = SAMPLE.heroes[0]
    island = next(z for z in SAMPLE.board.zones if z.kind == "island")
    expected = {
        f"command:{hero.id}:{island.id}": f"move {hero.name} to {island.name}",
        f"train:{hero.id}": f"train {hero.name} (cost {hero.training_cost})",
        "upgrade:attack": "raise your attack Upgrade",
        "extra:red": "reveal 2 more from the red House",
        "extra:none": "reveal no more",
        f"captain:{hero.id}": f"{hero.name}: blessings",
    }
    for choice, words in expected.items():
        assert choice_words(choice, view, CATALOG).startswith(words)


def test_the_whole_map_lists_every_zone_and_the_short_one_every_island() -> None:
    game = Game.new(SAMPLE, 2, seed=2)
    view = observe(game, 0)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    console.print(board_panel(view, CATALOG))
    whole = out.getvalue()
    assert all(zone.name in whole for zone in SAMPLE.board.zones)
    out.truncate(0)
    console.print(board_panel(view, CATALOG, full=False))
    short = out.getvalue()
    assert all(zone.name in short for zone in SAMPLE.board.zones if zone.kind == "island")
    empty_sea = [z for z in SAMPLE.board.zones if z.kind == "sea" and not z.dangerous]
    assert any(zone.name not in short for zone in empty_sea)
