"""§4.3 Combat, damage and Temples: the four steps of a combat, damage to players and
enemies, claiming a Temple with its Upgrade, and what defeated enemies become."""

from __future__ import annotations

import pytest

from aegean.trial.content.effects import EffectType
from aegean.trial.engine import Game
from aegean.trial.state import BLACK_CUBES, FLAGS, MAX_VIGOR

from .scenario import (
    act,
    argonaut,
    cards,
    clear_board,
    content,
    dice_of,
    drive,
    enemy,
    enemy_total,
    fight,
    god_card,
    hand,
    islands,
    monster,
    rolls,
    start,
    temple,
    top,
    with_card,
)


def arena(
    players: int = 2, advanced: bool = False, card: str | None = None, where: str | None = None
) -> tuple[Game, str]:
    """Player 1's turn, their Captain on an island alone with one neutral enemy."""
    game = start(players, advanced)
    clear_board(game)
    island = where or islands()[0]
    card = card or monster("land", lambda e: e.dice == 1)
    enemy(game, card, island)
    game.state.players[0].zone = island
    for q in range(1, players):
        game.state.players[q].zone = None
    return game, card


def numbers(game: Game, card: str) -> list[int | str]:
    return dice_of(game, card, 1)


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_a_tie_ends_the_combat_with_no_damage(players: int, advanced: bool) -> None:
    """§4.3.3: equal attacks: no winner, no damage."""
    game, beast = arena(players, advanced)
    player = game.state.players[0]
    vigor = player.vigor
    fight(game, beast, enemy_total(game, beast, numbers(game, beast)), numbers(game, beast))
    assert player.vigor == vigor and not game.state.enemy(beast).wounded


def test_winning_wounds_then_defeats() -> None:
    """§4.3.4 and enemy states: the winner deals 1 damage; an Unhurt enemy is Wounded (a
    black cube), a Wounded one is Defeated by 1 more."""
    game, beast = arena()
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    assert game.state.enemy(beast).wounded
    assert game.black_cubes_free() == BLACK_CUBES - 2 - 1
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    assert game.state.enemy(beast).owner == 0, "defeated: tamed by the winner"


def test_winning_by_four_defeats_at_once() -> None:
    """§4.3.4: winning by 4 or more deals 1 bonus damage: an Unhurt enemy is Defeated."""
    game, beast = arena()
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    assert game.state.enemy(beast).owner == 0


@pytest.mark.parametrize("by", [1, 4])
def test_losing_damages_the_player(by: int) -> None:
    """§4.3.4: the enemy winning deals 1 damage, 2 if it won by 4 or more."""
    game, beast = arena()
    player = game.state.players[0]
    player.vigor = 4
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) - by, faces)
    assert player.vigor == (3 if by == 1 else 2)
    assert not game.state.enemy(beast).wounded


def test_damage_bonuses_count_for_the_player_only_when_winning() -> None:
    """§4.3.4: +1 damage from effects or Talents is added to the winner's damage."""
    game, beast = arena()
    player = game.state.players[0]
    talent = next(t for t in content().talents if t.ability.passive.damage)
    player.talents[talent.level] = talent.id
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    assert game.state.enemy(beast).owner == 0, "1 + the Talent's damage: Defeated"
    other = monster("land", lambda e: e.dice == 1 and e.id != beast)
    enemy(game, other, player.zone)
    drive(game, lambda g: top(g)["kind"] == "turn")
    vigor = player.vigor
    fight(game, other, enemy_total(game, other, numbers(game, other)) - 1, numbers(game, other))
    assert player.vigor == vigor - 1


def test_attack_cards_and_their_number() -> None:
    """§4.3.1: up to 3 action cards, each for its Attack bonus or its Combat effect."""
    game, beast = arena()
    strong = cards(lambda c: c.effect is None and c.attack >= 1)[:4]
    hand(game, 0, *strong)
    act(game, f"fight:{beast}")
    for card in strong[:3]:
        act(game, f"attack:{card}")
    assert top(game)["attack"] == sum(game.card(c).attack for c in strong[:3])
    assert game.legal(0) == ["go"]


def test_special_faces_trigger_the_enemys_ability() -> None:
    """§4.3.2: numeric faces add to the enemy's attack; each special face applies the
    enemy's ability (to its opponent, the fighter)."""
    beast = monster("land", lambda e: e.dice == 1 and [s.op.value for s in e.ability] == ["wound"])
    game, beast = arena(card=beast)
    player = game.state.players[0]
    player.vigor = 4
    fight(game, beast, game.enemy_card(beast).attack + 1, ["*"])
    assert player.vigor == 3, "the ability wounded the fighter; the fighter won"
    assert game.state.enemy(beast).wounded


def test_at_vigor_one_damage_gives_dishonor() -> None:
    """§4.3 Damage: at Vigor 1 each further damage gives a Dishonor token instead."""
    game, beast = arena()
    player = game.state.players[0]
    player.vigor = 2
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) - 4, faces)
    assert (player.vigor, player.dishonor) == (1, 1)
    drive(game, lambda g: top(g)["kind"] == "turn")
    fight(game, beast, enemy_total(game, beast, faces) - 4, faces)
    assert (player.vigor, player.dishonor) == (1, 3)


def limits_at() -> tuple[int, int]:
    """Two Vigor values: one whose step down lowers the hand limit, one whose does not."""
    limits = content().tracks.hand_limits
    drop = next(v for v in range(2, 11) if limits[v - 2] < limits[v - 1])
    same = next(v for v in range(2, 11) if limits[v - 2] == limits[v - 1])
    return drop, same


@pytest.mark.parametrize("drops", [True, False])
def test_a_lower_hand_limit_discards_the_excess(drops: bool) -> None:
    """§4.3 Damage: if the hand limit drops, discard down to it; the discard is for a
    limit that dropped: a hand already over an unchanged limit is kept."""
    drop, same = limits_at()
    game, beast = arena()
    player = game.state.players[0]
    player.vigor, player.limiter = (drop if drops else same), 10
    extra = cards(lambda c: c.effect is None)[:7]
    hand(game, 0, *extra)
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) - 1, faces)
    if not drops:
        assert top(game)["kind"] == "turn" and len(player.hand) == 7
        return
    limit = game.hand_limit(0)
    assert top(game)["kind"] == "discard" and top(game)["why"] == "hand limit"
    while top(game)["kind"] == "discard":
        act(game, game.legal(0)[0])
    assert len(player.hand) == limit


def test_a_tamed_monster_is_defeated_by_one_damage() -> None:
    """§4.3 enemy states and Defeated enemies: another player's tamed monster is Defeated
    by 1 damage; its figure is removed (its cube back to its owner), its owner can no
    longer use it, but its card still counts for that owner's Submission."""
    game, beast = arena()
    s = game.state
    enemy(game, beast, s.players[0].zone, owner=1)
    reserve = s.players[1].reserve
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    assert all(e.card != beast for e in s.enemies)
    assert s.players[1].reserve == reserve + 1
    assert beast in s.players[1].tamed and beast not in s.players[0].tamed
    assert game.laurels(1)["submission"] == game.enemy_card(beast).laurels
    game.check_invariants()


def test_a_neutral_monster_becomes_tamed() -> None:
    """§4.3 Defeated enemies, neutral monster: its figure goes beside the winner's board
    (not Wounded any more), its card to their Tamed Monsters, +1 Energy from the reserve."""
    game, beast = arena()
    s = game.state
    player = s.players[0]
    s.enemy(beast).wounded = True
    available = player.available
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    tamed = s.enemy(beast)
    assert (tamed.owner, tamed.zone, tamed.wounded) == (0, None, False)
    assert player.tamed == [beast]
    assert player.available >= available + 1  # + the Upgrade's, if energy was chosen
    game.check_invariants()


def test_argonaut_becomes_a_follower() -> None:
    """§4.3 Defeated enemies, Argonaut: its Hero card untrained in a free Follower slot,
    the Limiter 2 right, its figure on the card, ready to be Commanded."""
    game = start(2)
    clear_board(game)
    card = argonaut(game)
    island = islands()[0]
    enemy(game, card, island)
    player = game.state.players[0]
    player.zone = island
    faces = numbers(game, card)
    fight(game, card, enemy_total(game, card, faces) + 4, faces)
    hero = game.enemy_card(card).hero
    assert player.followers == {hero: False} and player.follower_zones == {hero: None}
    assert player.limiter == 7
    act(game, game.legal(0)[0])  # the Temple's Upgrade
    drive(game, lambda g: top(g)["kind"] == "turn")
    commander = cards(lambda c: c.effect is None and c.command >= 1)[0]
    hand(game, 0, commander)
    act(game, f"play:{commander}:command")
    assert any(c.startswith(f"command:{hero}:") for c in game.legal(0))


def test_argonaut_without_a_free_slot_gives_a_champion() -> None:
    """§4.3 Defeated enemies, Argonaut with no free Follower slot: all but the Hero card
    (the Limiter moves; removed past 10), a Champion token instead."""
    game = start(2)
    clear_board(game)
    player = game.state.players[0]
    for _ in range(2):
        other = argonaut(game)
        hero = game.enemy_card(other).hero
        assert hero
        player.followers[hero] = False
        player.follower_zones[hero] = None
    card = argonaut(game)
    island = islands()[0]
    enemy(game, card, island)
    player.zone = island
    player.limiter = 9
    faces = numbers(game, card)
    fight(game, card, enemy_total(game, card, faces) + 4, faces)
    assert len(player.followers) == 2 and game.enemy_card(card).hero not in player.followers
    assert (player.champions, player.champion_overflow) == (1, 1)
    assert player.limiter is None, "moved past 10: removed"


@pytest.mark.parametrize("bonus", ["energy", "energy, 1 cube left", "limiter", "attack", "fervor"])
def test_claiming_a_temple_raises_an_upgrade(bonus: str) -> None:
    """§4.3 Claiming a Temple: defeating an enemy on an island with an unclaimed Temple
    puts one's Flag on it, then one Upgrade is raised: its bonus (+2 Energy from the
    reserve, Limiter +2, +1 attack, +1 Fervor...) and its two Blessings."""
    game, beast = arena()
    s = game.state
    player = s.players[0]
    island = player.zone
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    if bonus == "energy, 1 cube left":
        player.reserve, player.available = 1, player.available + player.reserve - 1
    assert s.temples[island] == 0 and player.temples == [island]
    assert top(game)["kind"] == "upgrade" and set(game.legal(0)) == {f"upgrade:{b}" for b in player.upgrades}
    before = (player.available, player.limiter, game.passive(0, "attack"), game.passive(0, "fervor"))
    blessings = game.blessings(0)
    act(game, f"upgrade:{bonus.split(',')[0]}")
    after = (player.available, player.limiter, game.passive(0, "attack"), game.passive(0, "fervor"))
    expected = {
        "energy": (before[0] + 2, before[1], before[2], before[3]),
        "energy, 1 cube left": (before[0] + 1, before[1], before[2], before[3]),
        "limiter": (before[0], (before[1] or 0) + 2, before[2], before[3]),
        "attack": (before[0], before[1], before[2] + 1, before[3]),
        "fervor": (before[0], before[1], before[2], before[3] + 1),
    }[bonus]
    assert after == expected
    assert sum(game.blessings(0).values()) == sum(blessings.values()) + 2
    assert player.raised[player.upgrades.index(bonus.split(",")[0])]
    game.check_invariants()


def test_claims_need_an_unclaimed_temple_on_an_island() -> None:
    """§4.3 Claiming a Temple: only an unclaimed Temple, only on an island."""
    game, beast = arena()
    s = game.state
    temple(game, 1, s.players[0].zone or "")
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    assert s.players[0].temples == [] and top(game)["kind"] == "turn"
    sea = next(z.id for z in content().board.zones if z.kind == "sea")
    other = monster("sea")
    enemy(game, other, sea)
    s.players[0].zone = sea
    fight(game, other, enemy_total(game, other, dice_of(game, other, 1)) + 4, dice_of(game, other, 1))
    assert s.players[0].temples == []


def test_no_flag_left_no_claim() -> None:
    """§1 Limited components (24 Flags, 6 a colour): a player whose 6 Flags are all on
    Temples claims no more (and raises no Upgrade)."""
    game, beast = arena()
    s = game.state
    island = s.players[0].zone
    for other in [i for i in islands() if i != island][:FLAGS]:
        temple(game, 0, other)
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    assert s.temples[island or ""] is None and len(s.players[0].temples) == FLAGS
    assert top(game)["kind"] == "turn"


def test_no_black_cube_left_no_wound() -> None:
    """§1 Limited components (10 black cubes, the Limiters in play among them): with every
    black cube in use, a single damage cannot be marked and the enemy stays Unhurt
    (decision); 2 damage still defeat it."""
    game, beast = arena()
    s = game.state
    spare = [e for e in content().land if e.id != beast][: BLACK_CUBES - 2]
    seas = [z.id for z in content().board.zones if z.kind == "sea"]
    for card, zone in zip(spare, seas, strict=False):
        enemy(game, card.id, zone, wounded=True)
    assert game.black_cubes_free() == 0
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 1, faces)
    assert not s.enemy(beast).wounded
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    assert s.enemy(beast).owner == 0
    game.check_invariants()


def test_devotion_counts_cards_played_earlier_in_the_turn() -> None:
    """§4.2 keywords, Devotion: a Combat effect's Devotion part applies when another card
    of the same god was played this turn (as a card action or to this combat)."""
    card = god_card(
        lambda c: (
            c.effect is not None
            and c.effect.type is EffectType.COMBAT
            and bool(c.effect.devotion)
            and not c.effect.prayer
            and not c.effect.devour
        )
    )
    effect = content().action_card(card).effect
    assert effect is not None
    god = content().action_card(card).god
    same = cards(lambda c: c.god == god and c.id != card and c.effect is None)
    bonus = sum(s.n for s in effect.devotion if s.op.value == "attack")
    base = sum(s.n for s in effect.do if s.op.value == "attack")
    damage = sum(s.n for s in effect.devotion if s.op.value == "damage")
    for earlier in ("action", "combat", None):
        game, beast = arena()
        hand(game, 0, card, same[0])
        if earlier == "action":
            act(game, f"play:{same[0]}:restore")
        act(game, f"fight:{beast}")
        if earlier == "combat":
            act(game, f"attack:{same[0]}")
        act(game, f"combat:{card}")
        frame = top(game)
        played = game.card(same[0]).attack if earlier == "combat" else 0
        applies = earlier is not None
        assert frame["attack"] == base + played + (bonus if applies else 0), earlier
        assert frame["damage"] == (damage if applies else 0), earlier


def test_removal_in_combat() -> None:
    """§4.2 keywords, Removal: a Combat effect with Removal goes to its House's discard
    after resolving, not to its player's discard."""
    card = god_card(
        lambda c: (
            c.effect is not None
            and c.effect.type is EffectType.COMBAT
            and not c.effect.prayer
            and not c.effect.devour
        )
    )
    rules = with_card(card, effect_removal=True)
    game = start(2, rules=rules)
    clear_board(game)
    beast = monster("land", lambda e: e.dice == 1)
    island = islands()[0]
    enemy(game, beast, island)
    game.state.players[0].zone = island
    hand(game, 0, card)
    act(game, f"fight:{beast}", f"combat:{card}")
    house = next(h for h, g in game.state.house_gods.items() if g == game.card(card).god)
    assert card in game.state.god_discards[house]
    game.check_invariants()


def test_combat_cards_are_discarded_at_the_turns_end() -> None:
    """§4.2: cards played in a turn (to a combat too) go to the discard at its end."""
    game, beast = arena()
    player = game.state.players[0]
    card = cards(lambda c: c.effect is None and c.attack >= 1)[0]
    hand(game, 0, card)
    act(game, f"fight:{beast}", f"attack:{card}")
    rolls(game, *numbers(game, beast))
    act(game, "go")
    drive(game, lambda g: top(g)["kind"] == "turn")
    assert card in top(game)["played"] and card not in player.discard
    act(game, "end")
    assert card in player.discard


def test_limiter_removed_past_ten_lets_vigor_reach_ten() -> None:
    """§4.3 Upgrades and Argonauts: a Limiter moved past 10 is removed; Vigor may then
    reach 10."""
    game, beast = arena()
    player = game.state.players[0]
    player.limiter, player.vigor = 9, 8
    faces = numbers(game, beast)
    fight(game, beast, enemy_total(game, beast, faces) + 4, faces)
    act(game, "upgrade:limiter")
    assert player.limiter is None
    heal = cards(lambda c: c.effect is None and c.heal >= 2)[0]
    hand(game, 0, heal)
    act(game, f"play:{heal}:heal")
    assert player.vigor == MAX_VIGOR
