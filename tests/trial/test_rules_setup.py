"""§2 Setup: the table, each player's board, the Captains (dealt, or drafted in the
advanced game) and where they start."""

from __future__ import annotations

import dataclasses

import pytest

from aegean.trial.content.schema import Board
from aegean.trial.engine import Game
from aegean.trial.state import CUBES, START_AVAILABLE, START_LIMITER, START_VIGOR

from .scenario import act, content, islands

CONFIGS = [(2, False), (4, False), (2, True), (4, True)]


@pytest.mark.parametrize(("players", "advanced"), CONFIGS)
def test_table(players: int, advanced: bool) -> None:
    """§2 table 1-9: a Treasure under an unclaimed Temple on each island; Olympics deck
    (base: one card face down aside; advanced: none); a Sea card per Dangerous zone (Calm Sea
    cards back in the deck); 6 Argonauts and 6 Land monsters, one per island, Argonauts on
    the Argonaut board; a god per House with its 14 cards; Animae and Travel decks."""
    c = content()
    for seed in range(5):
        game = Game.new(c, players, seed, advanced)
        s = game.state
        assert sorted(s.treasures) == sorted(islands())
        assert sorted(s.treasures.values()) == sorted(t.id for t in c.tracks.treasures)
        assert all(owner is None for owner in s.temples.values())
        assert (s.olympics_aside is None) == advanced
        assert len(s.olympics_deck) == len(c.olympics) - (0 if advanced else 1)
        dangerous = [z.id for z in c.board.zones if z.dangerous]
        at_sea = [e for e in s.enemies if game.zone(e.zone or "").kind == "sea"]
        assert {e.zone for e in at_sea} <= set(dangerous)
        assert len(at_sea) + sum(1 for e in s.sea_deck if game.enemy_card(e).kind == "calm_sea") <= len(c.sea)
        assert len(s.sea_deck) == len(c.sea) - len(at_sea)
        on_islands = [e for e in s.enemies if e.zone in s.treasures]
        assert sorted(e.zone for e in on_islands) == sorted(islands())
        kinds = [game.enemy_card(e.card).kind for e in on_islands]
        assert kinds.count("argonaut") == 6 and kinds.count("land") == 6
        heroes = [game.enemy_card(a).hero for a in s.argonaut_slots]
        assert len(set(heroes)) == 6, "the board's six Argonauts are six different heroes"
        assert sorted(s.house_gods.values()) == sorted(g.id for g in c.houses.gods)
        for house, god in s.house_gods.items():
            assert sorted(s.god_decks[house]) == sorted(x.id for x in c.gods if x.god == god)
        assert sorted(s.animae) == sorted(a.id for a in c.animae)
        assert sorted(s.travel) == sorted(t.id for t in c.travel)
        game.check_invariants()


@pytest.mark.parametrize(("players", "advanced"), CONFIGS)
def test_player_boards(players: int, advanced: bool) -> None:
    """§2 each player 1-6: Limiter on 5, Vigor 4, 8 cubes Available and the rest in reserve;
    6 Upgrades lowered; two Talents of each level; a deck of the 6 Starting cards and the
    Captain's 2 Personal cards; Initiative a random order; Fervor 0."""
    c = content()
    orders = set()
    for seed in range(8):
        game = Game.new(c, players, seed, advanced)
        if advanced:
            while game.state.stack[-1]["kind"] == "draft":
                (p,) = game.to_decide()
                act(game, game.legal(p)[0])
        s = game.state
        orders.add(tuple(s.initiative))
        for player in s.players:
            assert (player.limiter, player.vigor) == (START_LIMITER, START_VIGOR)
            assert (player.available, player.exhausted) == (START_AVAILABLE, 0)
            assert player.reserve == CUBES - START_AVAILABLE - 1
            assert sorted(player.upgrades) == sorted(u.bonus.value for u in c.tracks.upgrades)
            assert not any(player.raised)
            levels = sorted(game.talent(t).level for t in player.offered)
            assert levels == [1, 1, 2, 2, 3, 3]
            starting = {x.id for x in c.starting if x.colour == player.colour}
            personal = {x.id for x in c.personal if x.hero == player.captain}
            assert len(starting) == 6 and len(personal) == 2
            assert set(player.deck) == starting | personal
            assert player.fervor == 0 and not player.followers
    assert len(orders) > 1, "Initiative is shuffled"


def test_dealt_captains_base() -> None:
    """§2 table 4 and player 3 (base game): each player is dealt an Argonaut, its hero is
    their Captain (trained side: its passive counts); that hero's other Argonaut card
    leaves the game before the board's six are drawn, so no Captain is also an enemy."""
    for players in (2, 4):
        for seed in range(20):
            game = Game.new(content(), players, seed)
            s = game.state
            captains = [q.captain for q in s.players]
            assert all(captains) and len(set(captains)) == players
            board = {game.enemy_card(e.card).hero for e in s.enemies} - {None}
            assert not board & set(captains)


def test_captain_draft_advanced() -> None:
    """§2 player 3, advanced: the Captain draft. Starting with the last in Initiative and
    going right (reverse Initiative), each keeps one of the remaining Argonauts whose hero
    is not on the board; a chosen hero is gone for the next."""
    game = Game.new(content(), 4, 11, advanced=True)
    s = game.state
    board = {game.enemy_card(e.card).hero for e in s.enemies} - {None}
    assert [game.to_decide()[0]] == [s.initiative[-1]]
    order = []
    chosen = []
    while s.stack[-1]["kind"] == "draft":
        (p,) = game.to_decide()
        options = [o.split(":")[1] for o in game.legal(p)]
        assert not set(options) & board and not set(options) & set(chosen)
        order.append(p)
        chosen.append(options[-1])
        act(game, f"captain:{options[-1]}")
    assert order == list(reversed(s.initiative))
    assert [s.players[p].captain for p in order] == chosen
    for p in order:
        personal = {x.id for x in content().personal if x.hero == s.players[p].captain}
        assert personal <= set(s.players[p].deck)
    game.check_invariants()


@pytest.mark.parametrize("advanced", [False, True])
def test_captains_start_apart_on_the_edge(advanced: bool) -> None:
    """§2 player 7: in reverse Initiative each Captain goes to an edge sea zone, not in nor
    next to another Captain's zone."""
    game = Game.new(content(), 4, 5, advanced)
    s = game.state
    while s.stack[-1]["kind"] == "draft":
        act(game, game.legal(game.to_decide()[0])[0])
    order = []
    while s.stack[-1]["kind"] == "place":
        (p,) = game.to_decide()
        order.append(p)
        taken = [q.zone for q in s.players if q.zone]
        for choice in game.legal(p):
            zone = game.zone(choice.split(":")[1])
            assert zone.edge and zone.kind == "sea"
            assert all(t != zone.id and t not in zone.adjacent for t in taken)
        act(game, game.legal(p)[-1])
    assert order == list(reversed(s.initiative))


def test_placement_on_a_crowded_edge() -> None:
    """§2 player 7, decision: on a board whose edge cannot keep the Captains apart, a
    Captain may still start on a free edge zone (never no choice at all)."""
    c = content()
    a = next(z for z in c.board.zones if z.edge)
    b = next(z for z in c.board.zones if z.edge and z.id in a.adjacent)
    zones = [z.model_copy(update={"edge": z.id in (a.id, b.id)}) for z in c.board.zones]
    game = Game.new(dataclasses.replace(c, board=Board(zones=zones)), 3, 0)
    act(game, f"place:{a.id}")
    assert game.legal(game.to_decide()[0]) == [f"place:{b.id}"], "next to a Captain, but free"
    act(game, f"place:{b.id}")
    assert sorted(game.legal(game.to_decide()[0])) == sorted([f"place:{a.id}", f"place:{b.id}"])
