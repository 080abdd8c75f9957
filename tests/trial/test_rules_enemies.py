"""§4.4 Enemies phase: each player takes 1 damage per enemy where their Captain or one of
their Temples is."""

from __future__ import annotations

import pytest

from .scenario import (
    argonaut,
    cards,
    clear_board,
    content,
    enemy,
    everyone_passes,
    hand,
    islands,
    start,
    temple,
    top,
)


def lands(n: int) -> list[str]:
    return sorted(e.id for e in content().land)[:n]


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_enemies_hurt_captains_and_temples(players: int, advanced: bool) -> None:
    """§4.4: 1 damage per enemy in the Captain's zone or a Temple's zone; an enemy in a
    zone with both the Captain and a Temple deals 1; one's own tamed monsters never, another
    player's do."""
    game = start(players, advanced)
    clear_board(game)
    s = game.state
    a, b, c, d, e = islands()[:5]
    s.players[0].zone = a
    for island in (a, b, c, d):
        temple(game, 0, island)
    first, second, third, fourth = lands(4)
    enemy(game, first, a)  # Captain and Temple: 1
    enemy(game, second, b)  # Temple: 1
    enemy(game, third, c, owner=0)  # own tamed monster: 0
    enemy(game, fourth, d, owner=1)  # another player's tamed monster: 1
    s.players[0].vigor, s.players[0].limiter = 6, 6
    for q in range(1, players):
        s.players[q].zone = e
    everyone_passes(game)
    assert s.players[0].vigor == 3
    assert all(s.players[q].vigor == 4 for q in range(1, players))


def test_two_enemies_in_one_zone_deal_two() -> None:
    """§4.4: the damage is per enemy: an Argonaut and a monster sharing the Captain's
    island deal 2."""
    game = start(2)
    clear_board(game)
    s = game.state
    island = islands()[0]
    s.players[0].zone = island
    s.players[1].zone = islands()[1]
    enemy(game, argonaut(game), island)
    enemy(game, lands(1)[0], island)
    everyone_passes(game)
    assert s.players[0].vigor == 2


def test_hand_limit_discards_in_initiative_order() -> None:
    """§4.4 with §4.3 Damage: players are damaged in Initiative order, so the first in
    Initiative discards down to a lowered hand limit first."""
    limits = content().tracks.hand_limits
    drop = next(v for v in range(2, 11) if limits[v - 2] < limits[v - 1])
    game = start(2)
    clear_board(game)
    s = game.state
    many = cards(lambda c: c.effect is None)[:12]
    for p in range(2):
        s.players[p].zone = islands()[p]
        s.players[p].vigor, s.players[p].limiter = drop, 10
        enemy(game, lands(2)[p], islands()[p])
    for p in (1, 0):
        hand(game, p, *many[6 * p : 6 * p + 6])
    everyone_passes(game)
    assert top(game)["kind"] == "discard" and game.to_decide() == [s.initiative[0]]
