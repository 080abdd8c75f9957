"""§4.2 Adventure: turns, the card actions (Sail, Restore, Command, Heal, the advanced
game's Modifier), Talent and Hero actions, the direct actions (Fight, Explore, Pass) and
the effect keywords."""

from __future__ import annotations

import pytest

from aegean.trial.content.effects import EffectType

from .scenario import (
    act,
    action_effect,
    cards,
    clear_board,
    content,
    drive,
    enemy,
    follower,
    give_talent,
    god_card,
    hand,
    islands,
    monster,
    sea_next_to,
    start,
    temple,
    top,
    travel_next,
)


def plain(pred=lambda c: True) -> list[str]:  # type: ignore[no-untyped-def]
    """God cards with no effect that match."""
    return cards(lambda c: c.effect is None and pred(c))


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_a_turn_is_a_pass_or_up_to_two_actions(players: int, advanced: bool) -> None:
    """§4.2: a turn is a pass or up to 2 actions; after one action the player may end the
    turn; after two it ends; the cards played go to the discard at the end of the turn."""
    game = start(players, advanced)
    s = game.state
    a, b = plain()[:2]
    hand(game, 0, a, b)
    assert "pass" in game.legal(0) and "end" not in game.legal(0)
    act(game, f"play:{a}:restore")
    assert top(game)["kind"] == "turn" and top(game)["actions"] == 1
    assert "end" in game.legal(0) and "pass" not in game.legal(0)
    assert a in top(game)["played"] and a not in s.players[0].discard, "discarded at the turn's end"
    act(game, f"play:{b}:restore")
    assert a in s.players[0].discard and b in s.players[0].discard
    assert game.to_decide() == [s.initiative[1]]


def test_passing_ends_ones_turns_and_the_adventure_ends_when_all_passed() -> None:
    """§4.2 Pass: a player who passed takes no more turns this round; when everyone has
    passed the Adventure ends (then Enemies, then the Olympics)."""
    game = start(2)
    clear_board(game)
    act(game, "pass")
    assert game.to_decide() == [1]
    card = plain()[0]
    hand(game, 1, card)
    act(game, f"play:{card}:restore", "end")
    assert game.to_decide() == [1], "player 1 passed: player 2 plays again"
    act(game, "pass")
    assert not any(f["kind"] in ("adventure", "turn") for f in game.state.stack)
    assert top(game)["kind"] == "race"


def setup_sail(players: int = 2) -> tuple[object, str, str]:
    game = start(players)
    clear_board(game)
    s = game.state
    here = next(z.id for z in content().board.zones if z.kind == "sea" and not z.edge)
    s.players[0].zone = here
    s.blocks = []
    card = plain(lambda c: c.sail >= 2)[0]
    hand(game, 0, card)
    return game, here, card


def test_sail_draws_a_travel_card_and_blocks_the_zone() -> None:
    """§4.2 Sail: entering a sea zone without a Block draws and resolves a Travel card,
    discards it and puts a Block there; movement may go on afterwards."""
    game, here, card = setup_sail()
    s = game.state
    target = next(z for z in game.zone(here).adjacent if game.zone(z).kind == "sea")
    travel = travel_next(game, lambda ops: ops == ["gain_energy"])
    before = s.players[0].available
    act(game, f"play:{card}:sail", f"sail:{target}")
    assert s.players[0].zone == target and target in s.blocks
    assert s.travel_discard[-1] == travel and s.players[0].available == before + 1
    assert top(game)["kind"] == "sail" and top(game)["left"] == game.card(card).sail - 1


def test_no_travel_card_where_a_block_lies_and_islands() -> None:
    """§4.2 Sail: no Travel card for a zone with a Block, nor for an island."""
    game, _, card = setup_sail()
    s = game.state
    here, target, island = next(
        (z.id, t, i)
        for z in content().board.zones
        if z.kind == "sea"
        for t in z.adjacent
        if game.zone(t).kind == "sea"
        for i in game.zone(t).adjacent
        if game.zone(i).kind == "island"
    )
    s.players[0].zone = here
    s.blocks = [target]
    travel = len(s.travel)
    act(game, f"play:{card}:sail", f"sail:{target}", f"sail:{island}")
    assert s.players[0].zone == island
    assert len(s.travel) == travel and s.blocks == [target]


def test_empty_travel_deck_reshuffles_its_discard() -> None:
    """§4.2 Sail: with the Travel deck empty, its discard is shuffled into a new one."""
    game, here, card = setup_sail()
    s = game.state
    s.travel_discard += s.travel
    s.travel = []
    target = next(z for z in game.zone(here).adjacent if game.zone(z).kind == "sea")
    act(game, f"play:{card}:sail", f"sail:{target}")
    assert len(s.travel) == len(content().travel) - 1 and len(s.travel_discard) == 1
    game.check_invariants()


def test_leaving_an_enemy_gives_dishonor_but_not_ones_own_tamed_monster() -> None:
    """§4.2 Sail: leaving a zone that holds an enemy gives a Dishonor token, unless the
    enemy is one's own tamed monster (another player's tamed monster is an enemy)."""
    game, here, card = setup_sail(3)
    s = game.state
    s.blocks = list(game.zone(here).adjacent)
    beast = monster("land")
    enemy(game, beast, here, owner=0)
    a, b = game.zone(here).adjacent[:2]
    act(game, f"play:{card}:sail", f"sail:{a}", f"sail:{here}")
    assert s.players[0].dishonor == 0
    enemy(game, beast, here, owner=1)
    card2 = plain(lambda c: c.sail >= 1 and c.id != card)[0]
    hand(game, 0, card2)
    drive(game, lambda g: top(g)["kind"] == "turn")
    act(game, f"play:{card2}:sail", f"sail:{b}")
    assert s.players[0].dishonor == 1


def test_a_captain_never_enters_an_island_with_another_captain() -> None:
    """§4.2 Sail: an island holding another Captain cannot be entered (a sea zone can)."""
    game, here, card = setup_sail()
    s = game.state
    island = next(z for z in game.zone(here).adjacent if game.zone(z).kind == "island")
    sea = next(z for z in game.zone(here).adjacent if game.zone(z).kind == "sea")
    s.players[1].zone = island
    act(game, f"play:{card}:sail")
    assert f"sail:{island}" not in game.legal(0)
    s.players[1].zone = sea
    assert f"sail:{sea}" in game.legal(0)


def test_restore_and_heal() -> None:
    """§4.2 Restore N: N Energy from Exhausted to Available (as many as there are);
    Heal N: the Vigor marker N spaces right, never past the Limiter."""
    game = start(2)
    s = game.state
    player = s.players[0]
    restore = plain(lambda c: c.restore >= 2)[0]
    heal = plain(lambda c: c.heal >= 2)[0]
    hand(game, 0, restore, heal)
    player.available, player.exhausted = 7, 1
    player.vigor, player.limiter = 4, 5
    act(game, f"play:{restore}:restore")
    assert (player.available, player.exhausted) == (8, 0)
    act(game, f"play:{heal}:heal")
    assert player.vigor == 5


def test_command_places_followers_anywhere() -> None:
    """§4.2 Command N: place (or move) a Follower in any zone, up to N times."""
    game = start(2)
    hero = follower(game, 0)
    card = plain(lambda c: c.command >= 1)[0]
    hand(game, 0, card)
    act(game, f"play:{card}:command")
    everywhere = {f"command:{hero}:{z.id}" for z in content().board.zones}
    assert everywhere <= set(game.legal(0))
    act(game, f"command:{hero}:{islands()[3]}")
    assert game.state.players[0].follower_zones[hero] == islands()[3]


def test_command_places_a_tamed_monster_with_a_cube() -> None:
    """§4.2 Command: a tamed monster placed on the board takes a cube from the reserve
    (none left: it cannot be placed, §1 Limited components); never into a zone already
    holding a monster; one already on the board moves without a new cube."""
    game = start(2)
    clear_board(game)
    s = game.state
    player = s.players[0]
    beast = monster("land")
    enemy(game, beast, None, owner=0)
    other = monster("land", lambda e: e.id != beast)
    held = islands()[5]
    enemy(game, other, held)
    argonaut_island = islands()[6]
    enemy(game, next(e.id for e in content().argonauts), argonaut_island)
    card = plain(lambda c: c.command >= 2)[0]
    hand(game, 0, card)
    act(game, f"play:{card}:command")
    assert f"command:{beast}:{held}" not in game.legal(0), "a monster is there"
    assert f"command:{beast}:{argonaut_island}" in game.legal(0), "an Argonaut is no monster"
    reserve = player.reserve
    act(game, f"command:{beast}:{islands()[0]}")
    assert player.reserve == reserve - 1 and s.enemy(beast).zone == islands()[0]
    player.reserve, player.available = 0, player.available + player.reserve
    act(game, f"command:{beast}:{islands()[1]}")
    assert s.enemy(beast).zone == islands()[1] and player.reserve == 0
    game.check_invariants()


def test_no_cube_no_placing() -> None:
    """§1 Limited components: with no cube in reserve a tamed monster beside the board
    cannot be placed."""
    game = start(2)
    s = game.state
    player = s.players[0]
    beast = monster("land")
    enemy(game, beast, None, owner=0)
    player.available += player.reserve
    player.reserve = 0
    card = plain(lambda c: c.command >= 1)[0]
    hand(game, 0, card)
    act(game, f"play:{card}:command")
    assert not any(c.startswith(f"command:{beast}:") for c in game.legal(0))


@pytest.mark.parametrize("advanced", [False, True])
def test_temple_modifier_advanced_only(advanced: bool) -> None:
    """§4.2 Modifier (advanced only): an action card's action matching the Modifier of the
    Temple on the Captain's island is worth 1 more, a printed 0 included."""
    game = start(2, advanced)
    s = game.state
    island = next(z for z in content().board.zones if z.kind == "island" and z.modifier == "heal")
    s.players[0].zone = island.id
    card = plain(lambda c: c.heal == 0)[0]
    hand(game, 0, card)
    s.players[0].vigor = 2
    act(game, f"play:{card}:heal")
    assert s.players[0].vigor == (3 if advanced else 2)


def test_modifier_not_for_talents_nor_effects() -> None:
    """§4.2 Modifier: only actions taken through an action card's numbers; not a Talent's
    action, nor an action card's Action effect (decision)."""
    game = start(2, advanced=True)
    s = game.state
    player = s.players[0]
    island = next(z for z in content().board.zones if z.kind == "island" and z.modifier == "heal")
    player.zone = island.id
    player.limiter, player.vigor = 10, 1
    talent = next(
        t
        for t in content().talents
        if [step.op.value for step in t.ability.action] == ["heal"] * len(t.ability.action)
        and t.ability.action
        and not t.ability.prayer
    )
    give_talent(game, 0, talent.id)
    effect_card = action_effect("heal")
    hand(game, 0, effect_card)
    act(game, f"ability:{talent.id}")
    healed = sum(step.n for step in talent.ability.action)
    assert player.vigor == 1 + healed
    act(game, f"play:{effect_card}:effect")
    effect = game.card(effect_card).effect
    assert effect is not None
    assert player.vigor == 1 + healed + sum(step.n for step in effect.do if step.op.value == "heal")


def test_an_action_of_value_zero_is_allowed() -> None:
    """§4.2 (actions of value 0): any numeric action may be chosen, even one worth 0."""
    game = start(2)
    card = plain(lambda c: c.command == 0)[0]
    hand(game, 0, card)
    assert f"play:{card}:command" in game.legal(0)
    act(game, f"play:{card}:command")
    assert top(game)["kind"] == "turn" and top(game)["actions"] == 1


def test_once_per_round_actions_are_blocked_until_sunset() -> None:
    """§4.2 Talent/Hero actions: a once-per-round action gets a Block marker until the
    Sunset (§4.6.2 removes it)."""
    game = start(2)
    player = game.state.players[0]
    talent = next(
        t for t in content().talents if t.ability.action and t.ability.once_per_round and not t.ability.prayer
    )
    give_talent(game, 0, talent.id)
    act(game, f"ability:{talent.id}")
    drive(game, lambda g: top(g)["kind"] == "turn")
    assert talent.id in player.blocked
    if game.to_decide() == [0]:
        assert f"ability:{talent.id}" not in game.legal(0)
    drive(game, lambda g: g.state.round == 2)
    assert player.blocked == []


def test_fight_where_the_captain_is_or_a_follower_on_ones_temple() -> None:
    """§4.2 Fight: an enemy in the Captain's zone, or in a zone holding one of one's
    Followers and one of one's Temples; never one's own tamed monster."""
    game = start(2)
    clear_board(game)
    s = game.state
    a, b, c, d = islands()[:4]
    s.players[0].zone = a
    s.players[1].zone = sea_next_to(d)
    enemy(game, monster("land"), a)
    enemy(game, monster("land", lambda e: e.id != monster("land")), b)
    third = sorted(e.id for e in content().land)[2]
    enemy(game, third, c)
    fourth = sorted(e.id for e in content().land)[3]
    enemy(game, fourth, d, owner=0)
    follower(game, 0, b)
    hero2 = follower(game, 0, c)
    temple(game, 0, b)
    fights = {x for x in game.legal(0) if x.startswith("fight:")}
    assert fights == {
        f"fight:{monster('land')}",
        f"fight:{monster('land', lambda e: e.id != monster('land'))}",
    }
    s.players[0].follower_zones[hero2] = d
    s.players[0].zone = d
    assert not any(x.startswith("fight:") for x in game.legal(0) if fourth in x)


def test_explore_reaches_the_leftmost_threshold() -> None:
    """§4.2 Explore: on an island without one's marker where one's Captain or a Follower
    is, play up to 3 cards adding their Discovery; reaching the leftmost empty space's value
    places the marker there and lets the player look at the Treasure; short of it, the
    action cannot be taken."""
    game = start(3)
    s = game.state
    island = islands()[0]
    need = content().board.zones[[z.id for z in content().board.zones].index(island)].exploration
    s.players[0].zone = island
    low = plain(lambda c: c.discovery == 0)[:3]
    hand(game, 0, *low)
    assert f"explore:{island}" not in game.legal(0)
    finds = plain(lambda c: c.discovery >= 1)
    chosen: list[str] = []
    for card in sorted(finds, key=lambda c: -game.card(c).discovery):
        if sum(game.card(c).discovery for c in chosen) >= need[0]:
            break
        chosen.append(card)
    hand(game, 0, *chosen)
    act(game, f"explore:{island}")
    for card in chosen:
        act(game, f"discover:{card}")
    act(game, "go")
    assert s.exploration[island] == [0] and island in s.players[0].explored
    assert s.players[0].peeked == {island: s.treasures[island]}
    assert f"explore:{island}" not in game.legal(0), "one marker per player per island"
    hero = follower(game, 1, island)
    assert hero
    strong = sorted(finds, key=lambda c: -game.card(c).discovery)
    hand(game, 1, *[c for c in strong if c not in chosen][:3])
    act(game, "end")
    best = sum(sorted((game.card(c).discovery for c in s.players[1].hand), reverse=True)[:3])
    assert (f"explore:{island}" in game.legal(1)) == (best >= need[1]), "the next space's value"


def test_explore_counts_the_discovery_upgrade() -> None:
    """§4.3 Upgrades: the raised Discovery Upgrade adds 1 when Exploring."""
    game = start(2)
    s = game.state
    island = islands()[0]
    need = game.zone(island).exploration[0]
    s.players[0].zone = island
    hand(game, 0)
    base = game.passive(0, "discovery")
    s.players[0].raised[s.players[0].upgrades.index("discovery")] = True
    assert game.passive(0, "discovery") == base + 1
    assert (f"explore:{island}" in game.legal(0)) == (base + 1 >= need)


def test_prayer_is_paid_first() -> None:
    """§4.2 keywords, Prayer N: spend N Energy first; too little Energy, no effect."""
    game = start(2)
    player = game.state.players[0]
    card = god_card(
        lambda c: c.effect is not None and c.effect.type is EffectType.ACTION and c.effect.prayer > 0
    )
    effect = game.card(card).effect
    assert effect is not None
    hand(game, 0, card)
    player.exhausted += player.available - effect.prayer + 1
    player.available = effect.prayer - 1
    assert f"play:{card}:effect" not in game.legal(0)
    player.available += 1
    player.exhausted -= 1
    act(game, f"play:{card}:effect")
    drive(game, lambda g: top(g)["kind"] == "turn")
    assert player.exhausted >= effect.prayer


def test_devour_discards_first() -> None:
    """§4.2 keywords, Devour N: discard N cards from hand first (with fewer other cards in
    hand, the effect is not offered)."""
    game = start(2)
    player = game.state.players[0]
    card = god_card(
        lambda c: c.effect is not None and c.effect.type is EffectType.ACTION and c.effect.devour > 0
    )
    hand(game, 0, card)
    assert f"play:{card}:effect" not in game.legal(0)
    other = plain()[0]
    hand(game, 0, card, other)
    deck = len(player.deck)
    act(game, f"play:{card}:effect")
    assert top(game)["kind"] == "discard" and top(game)["why"] == "devour"
    assert len(player.deck) == deck, "nothing drawn before the Devour is paid"
    act(game, f"discard:{other}")
    assert other in player.discard


def test_removal_goes_to_the_house_after_resolving() -> None:
    """§4.2 keywords, Removal: after resolving, the card goes to its House's discard and
    not to its player's."""
    game = start(2)
    s = game.state
    card = god_card(
        lambda c: c.effect is not None and c.effect.type is EffectType.ACTION and c.effect.removal
    )
    hand(game, 0, card)
    act(game, f"play:{card}:effect")
    drive(game, lambda g: top(g)["kind"] == "turn")
    act(game, "end")
    house = next(h for h, g in s.house_gods.items() if g == game.card(card).god)
    assert card in s.god_discards[house] and card not in s.players[0].discard
    game.check_invariants()
