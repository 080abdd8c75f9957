"""Hidden information: ``observe(game, viewer)`` — all a front end or a bot may read —
never holds what the viewer may not know. Each view is written out as JSON and searched
for the ids that must not be there: another player's hand, any deck's cards (their order),
the Treasure of an island the viewer has not explored, the Olympics card set aside,
another player's face-down race pick, the Olympics card drawn and not (yet) chosen by
someone else."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from aegean.trial.audit import leaks, secrets
from aegean.trial.engine import Game
from aegean.trial.view import observe

from .scenario import act, content, drive, last_race, playout, position, start, top

CONFIGS = [(players, advanced) for players in (2, 3, 4) for advanced in (False, True)]


def viewers(game: Game) -> list[int | None]:
    return [*range(game.players), None]


@pytest.mark.parametrize(("players", "advanced"), CONFIGS)
def test_random_positions_leak_nothing(players: int, advanced: bool) -> None:
    """Every 3rd position of 2 random games per configuration, every seat and a
    spectator: no secret id in the view (and each kind of secret was live somewhere)."""
    live: Counter[str] = Counter()
    for seed in range(2):
        for n, game in enumerate(playout(players, advanced, seed)):
            if n % 3:
                continue
            for viewer in viewers(game):
                assert leaks(game, viewer) == {}, f"seed {seed}, decision {n}, viewer {viewer}"
                live.update(kind for kind, ids in secrets(game, viewer).items() if ids)
    expected = {"hand", "deck", "treasure", "pick", "drawn"} | ({"aside"} if not advanced else set())
    assert expected <= set(live), f"never live: {expected - set(live)}"


def test_own_secrets_are_shown_to_their_holder() -> None:
    """The viewer sees their own hand, the Treasures they looked at, the Olympics cards
    they drew and their own face-down pick (the scan above is not vacuous)."""
    game = start(3)
    s = game.state
    view = observe(game, 0)
    assert view["players"][0]["hand"] == s.players[0].hand
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_size"] == len(s.players[1].hand)
    drive(game, last_race)
    picker = game.to_decide()[0]
    card = game.legal(picker)[0].split(":", 1)[1]
    act(game, (picker, f"race:{card}"))
    assert observe(game, picker)["decision"]["mine"] == card
    for other in viewers(game):
        if other != picker:
            assert f'"{card}"' not in json.dumps(observe(game, other))
    drive(game, lambda g: top(g)["kind"] == "olympics_card")
    chooser = top(game)["player"]
    assert observe(game, chooser)["decision"]["drawn"] == top(game)["drawn"]
    assert observe(game, (chooser + 1) % 3)["decision"]["drawn"] == 2


def test_explored_treasure_seen_by_its_explorer_only() -> None:
    """§4.2 Explore: the explorer may look at the Treasure secretly; the others may not
    (until the final scoring reveals them all)."""
    game = start(2)
    s = game.state
    island = next(iter(s.treasures))
    s.exploration[island].append(0)
    s.players[0].explored.append(island)
    s.players[0].peeked[island] = s.treasures[island]
    treasure = f'"{s.treasures[island]}"'
    assert treasure in json.dumps(observe(game, 0))
    assert treasure not in json.dumps(observe(game, 1))
    assert treasure not in json.dumps(observe(game, None))


def test_everything_is_revealed_at_the_end() -> None:
    """§5 Exploration: all Treasures are revealed for the final scoring."""
    game = position(2, False, 1, 10**6)
    assert game.over
    view = observe(game, 1)
    assert view["treasures"] == game.state.treasures
    assert json.loads(json.dumps(view))["content_label"] == content().label


def test_recall_tells_nothing_of_the_split_or_the_order() -> None:
    """What bots are given beyond the view (``recall=True``): each player's hand and deck
    as one sorted multiset, the same for every viewer, unchanged when cards move between
    that hand and deck or the deck is reordered — so it holds what the table saw happen
    and none of the secrets (the split, the order)."""
    game = position(3, False, 4, 60)
    s = game.state
    before = [observe(game, v, recall=True)["players"] for v in viewers(game)]
    multisets = [[seat["hand_and_deck"] for seat in view] for view in before]
    assert all(m == multisets[0] for m in multisets)
    for player in s.players:
        moved = player.hand[:1]
        player.hand, player.deck = player.hand[1:] + player.deck[:1], list(reversed(player.deck[1:])) + moved
    after = [
        [seat["hand_and_deck"] for seat in observe(game, v, recall=True)["players"]] for v in viewers(game)
    ]
    assert after == multisets
    assert "hand_and_deck" not in json.dumps(observe(game, 0)), "screens never get it"
