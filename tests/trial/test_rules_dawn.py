"""§4.1 Dawn: hands drawn, the Olympics card chosen, god cards revealed by Blessings,
then bought with Talents and training."""

from __future__ import annotations

from collections import Counter

import pytest

from aegean.trial.engine import Game
from aegean.trial.state import EXTRA_REVEAL, REVEAL_LIMIT

from .scenario import act, content, drive, frame, last_race, top


def at_olympics_choice(players: int = 2, advanced: bool = False, seed: int = 0) -> Game:
    """Round 1's Dawn at step 2: hands drawn, nothing revealed yet."""
    game = Game.new(content(), players, seed, advanced)
    drive(game, lambda g: top(g)["kind"] == "olympics_card")
    return game


def houses_of(game: Game, cards: list[str]) -> Counter[str]:
    return Counter(next(h for h, g in game.state.house_gods.items() if g == game.card(c).god) for c in cards)


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_hands_drawn_to_the_limit(players: int, advanced: bool) -> None:
    """§4.1.1: each player draws up to the hand limit printed under their Vigor marker."""
    game = at_olympics_choice(players, advanced)
    for p, player in enumerate(game.state.players):
        assert len(player.hand) == game.hand_limit(p) == content().tracks.hand_limits[player.vigor - 1]


def test_drawing_reshuffles_the_discard() -> None:
    """§3 player board (deck): drawing from an empty deck shuffles the discard into a new
    deck first; Dawn of round 2 draws up to the limit that way."""
    game = at_olympics_choice()
    drive(game, last_race)
    player = game.state.players[0]
    played = frame(game, "olympics")["played"]["0"]
    everything = sorted(player.deck + player.discard + player.hand + played)
    player.discard += player.deck
    player.deck = []
    drive(game, lambda g: g.state.round == 2 and top(g)["kind"] == "olympics_card")
    assert len(player.hand) == game.hand_limit(0)
    assert sorted(player.deck + player.discard + player.hand) == everything
    assert player.discard == [], "the discard became the deck"


@pytest.mark.parametrize("players", [2, 4])
def test_last_in_initiative_chooses_the_olympics_card(players: int) -> None:
    """§4.1.2: the last on the Initiative track draws 2 Olympics cards, shows one on the
    leftmost free slot and shuffles the other back."""
    game = at_olympics_choice(players)
    s = game.state
    assert game.to_decide() == [s.initiative[-1]]
    drawn = top(game)["drawn"]
    assert len(drawn) == 2 and not set(drawn) & set(s.olympics_deck)
    before = len(s.olympics_deck)
    act(game, f"olympics:{drawn[1]}")
    assert s.olympics_shown == [drawn[1]]
    assert drawn[0] in s.olympics_deck and len(s.olympics_deck) == before + 1
    assert game.discipline() == drawn[1]


def test_reveal_one_card_per_blessing() -> None:
    """§4.1.3: in Initiative order each player reveals one god card per Blessing from the
    House it names."""
    game = at_olympics_choice(4)
    s = game.state
    act(game, f"olympics:{top(game)['drawn'][0]}")
    for p, player in enumerate(s.players):
        blessings = game.blessings(p)
        assert sum(blessings.values()) <= REVEAL_LIMIT
        assert houses_of(game, player.revealed) == blessings


def test_reveal_limit_takes_the_most_blessed_houses_first() -> None:
    """§4.1.3: at most 4 cards in all; decision: over the limit, the Houses with the most
    Blessings are revealed first (ties by House name)."""
    game = at_olympics_choice(2)
    s = game.state
    player = s.players[0]
    heroes = [h.id for h in content().heroes if h.id not in (q.captain for q in s.players)]
    player.followers = {heroes[0]: False, heroes[1]: False}
    player.follower_zones = {heroes[0]: None, heroes[1]: None}
    blessings = game.blessings(0)
    assert sum(blessings.values()) > REVEAL_LIMIT
    act(game, f"olympics:{top(game)['drawn'][0]}")
    expected: Counter[str] = Counter()
    left = REVEAL_LIMIT
    for house, n in sorted(blessings.items(), key=lambda kv: (-kv[1], kv[0])):
        expected[house] = min(n, left)
        left -= expected[house]
    assert houses_of(game, player.revealed) == +expected


def test_followers_and_raised_upgrades_bless() -> None:
    """§3 Hero card (Blessings) and §4.3 claiming a Temple: Blessings come from the
    Captain, every Follower trained or not, and each raised Upgrade's two."""
    game = at_olympics_choice(2)
    player = game.state.players[0]
    hero = next(h for h in content().heroes if h.id not in (q.captain for q in game.state.players))
    before = game.blessings(0)
    player.followers = {hero.id: False}
    player.follower_zones = {hero.id: None}
    player.raised[0] = True
    upgrade = next(u for u in content().tracks.upgrades if u.bonus.value == player.upgrades[0])
    assert game.blessings(0) == before + Counter(hero.blessings) + Counter(upgrade.blessings)


def test_reveal_upgrade_two_more_from_one_house() -> None:
    """§4.3 Upgrades: the raised reveal Upgrade lets its owner reveal up to 2 more god
    cards from one House of their choice, beyond the limit of 4 (or none)."""
    game = at_olympics_choice(2)
    s = game.state
    player = s.players[0]
    player.raised[player.upgrades.index("reveal")] = True
    act(game, f"olympics:{top(game)['drawn'][0]}")
    drive(game, lambda g: top(g)["kind"] == "extra")
    assert game.to_decide() == [0]
    assert set(game.legal(0)) == {f"extra:{h.id}" for h in content().houses.houses} | {"extra:none"}
    base = list(player.revealed)
    assert len(base) == min(REVEAL_LIMIT, sum(game.blessings(0).values()))
    house = content().houses.houses[0].id
    act(game, f"extra:{house}")
    extra = player.revealed[len(base) :]
    assert len(extra) == EXTRA_REVEAL and houses_of(game, extra) == Counter({house: EXTRA_REVEAL})


def test_buy_god_cards_talents_and_training() -> None:
    """§4.1.4: buy revealed god cards (to the discard), Talents (one per level in the
    game, on the slot of its level) and train Followers, each paid in Energy; what is
    too dear is not offered."""
    game = at_olympics_choice(2)
    s = game.state
    player = s.players[s.initiative[0]]
    p = s.initiative[0]
    hero = next(h for h in content().heroes if h.id not in (q.captain for q in s.players))
    player.followers = {hero.id: False}
    player.follower_zones = {hero.id: None}
    act(game, f"olympics:{top(game)['drawn'][0]}")
    drive(game, lambda g: top(g)["kind"] == "buy" and g.to_decide() == [p])
    player.available, player.reserve = 19 - 1, 0
    card = player.revealed[0]
    act(game, f"buy:{card}")
    assert card in player.discard and card not in player.revealed
    assert player.available == 18 - game.card(card).cost and player.exhausted == game.card(card).cost
    talent = next(t for t in player.offered if game.talent(t).level == 1)
    act(game, f"talent:{talent}")
    assert player.talents == {1: talent}
    assert not any(
        game.talent(t).level == 1 for t in (c.split(":")[1] for c in game.legal(p) if "talent:" in c)
    )
    act(game, f"train:{hero.id}")
    assert player.followers[hero.id] is True
    assert f"train:{hero.id}" not in game.legal(p)
    player.exhausted += player.available
    player.available = 0
    assert game.legal(p) == ["done"] or all(
        c == "done" or (c.startswith("buy:") and game.card(c[4:]).cost == 0) for c in game.legal(p)
    )
    game.check_invariants()


def test_unbought_cards_go_to_their_house() -> None:
    """§4.1.5: revealed god cards not bought go to their House's discard."""
    game = at_olympics_choice(2)
    s = game.state
    act(game, f"olympics:{top(game)['drawn'][0]}")
    revealed = {p: list(q.revealed) for p, q in enumerate(s.players)}
    drive(game, lambda g: top(g)["kind"] == "turn")
    for cards in revealed.values():
        for card in cards:
            house = next(h for h, g in s.house_gods.items() if g == game.card(card).god)
            assert card in s.god_discards[house]
    assert all(not q.revealed for q in s.players)


def test_empty_house_reshuffles_its_discard_or_gives_nothing() -> None:
    """§4.1 (Houses without cards): an empty House deck is made again from its discard;
    with no discard either, nobody draws from it."""
    game = at_olympics_choice(2)
    s = game.state
    p = s.initiative[0]
    house = max(game.blessings(p), key=lambda h: game.blessings(p)[h])
    s.god_discards[house] += s.god_decks[house]
    s.god_decks[house] = []
    act(game, f"olympics:{top(game)['drawn'][0]}")
    assert houses_of(game, s.players[p].revealed)[house] > 0
    game2 = at_olympics_choice(2)
    s2 = game2.state
    gone = s2.god_decks[house] + s2.god_discards[house]
    s2.god_decks[house], s2.god_discards[house] = [], []
    s2.players[1 - p].discard += gone  # out of the House (kept in play for the count)
    act(game2, f"olympics:{top(game2)['drawn'][0]}")
    assert houses_of(game2, s2.players[p].revealed)[house] == 0
    game2.check_invariants()
