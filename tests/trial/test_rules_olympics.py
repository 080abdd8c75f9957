"""§4.5 Olympics: Fervor bonuses, hands refilled, three races of simultaneous hidden
picks, the Heroes' Olympic abilities, prizes with their tie-breaks, and the new
Initiative."""

from __future__ import annotations

import pytest

from aegean.trial.content import ContentSet
from aegean.trial.content.effects import Op, Step, Trigger
from aegean.trial.content.schema import Prize
from aegean.trial.engine import Game

from .scenario import (
    act,
    cards,
    clear_board,
    content,
    drive,
    empty_hand,
    everyone_passes,
    frame,
    hand,
    rolls,
    show,
    start,
    take,
    top,
    with_card,
    with_olympics,
    with_responses,
)

#: The discipline used here: the first Olympics card; its symbols read from the content.
DISCIPLINE = sorted(o.id for o in content().olympics)[0]


def race_value(game: Game, card: str) -> int:
    return sum(game.card(card).value(sym.value) for sym in game.olympics_card(DISCIPLINE).disciplines)


def observable(base: ContentSet | None = None) -> ContentSet:
    """The discipline's first prize also asks its winner to Sail 1: a decision, so the
    moment between the prizes and the clean-up can be looked at."""
    card = next(o for o in content().olympics if o.id == DISCIPLINE)
    first = Prize(champions=card.prizes[0].champions, do=[*card.prizes[0].do, Step(op=Op.SAIL)])
    return with_olympics(DISCIPLINE, base, prizes=[first, *card.prizes[1:]])


def at_races(players: int = 2, advanced: bool = False, rules: ContentSet | None = None) -> Game:
    """The first race's picks, no enemy anywhere, DISCIPLINE shown."""
    game = start(players, advanced, rules=rules)
    clear_board(game)
    everyone_passes(game)
    drive(game, lambda g: top(g)["kind"] == "race")
    show(game, DISCIPLINE)
    return game


def zero() -> list[str]:
    """Effect-less god cards worth 0 in the discipline and on its tie-breaks."""
    o = content().olympics[[x.id for x in content().olympics].index(DISCIPLINE)]
    symbols = [s.value for s in (*o.disciplines, *o.tiebreaks)]
    return cards(lambda c: c.effect is None and all(c.value(s) == 0 for s in symbols))


def worth(n: int, exclude: tuple[str, ...] = ()) -> str:
    o = content().olympics[[x.id for x in content().olympics].index(DISCIPLINE)]
    return cards(
        lambda c: (
            c.effect is None and c.id not in exclude and sum(c.value(s.value) for s in o.disciplines) == n
        )
    )[0]


def test_fervor_bonuses_add_to_what_effects_gave() -> None:
    """§4.5.1: the Fervor bonuses of Talents, Upgrades and effects advance the marker; Fervor
    an effect gave during the Adventure is kept into the Olympics."""
    rules, (card,) = with_responses(Trigger.PASSES, 1, Op.FERVOR)
    game = start(2, rules=rules)
    clear_board(game)
    hand(game, 1, card)
    act(game, "pass", f"respond:{card}")
    assert game.state.players[1].fervor == 1
    everyone_passes(game)
    drive(game, lambda g: top(g)["kind"] == "race")
    assert game.state.players[1].fervor == 1 + game.passive(1, "fervor")
    assert game.state.players[0].fervor == game.passive(0, "fervor")


def test_hands_are_refilled_before_the_races() -> None:
    """§4.5.2: each player draws up to the hand limit before the races."""
    game = start(2)
    clear_board(game)
    card = cards(lambda c: c.effect is None)[0]
    hand(game, 0, card)
    everyone_passes(game)
    drive(game, lambda g: top(g)["kind"] == "race")
    for p in range(2):
        assert len(game.state.players[p].hand) == game.hand_limit(p)


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (4, True)])
def test_simultaneous_hidden_picks(players: int, advanced: bool) -> None:
    """§4.5.3: everyone picks a card face down (in any order); when all have, the cards are
    revealed and each adds the sum of its numbers on the discipline's symbols."""
    game = at_races(players, advanced)
    s = game.state
    assert game.to_decide() == s.initiative
    picks = {}
    plain = cards(lambda c: c.effect is None)
    for p in reversed(s.initiative):
        picks[p] = plain[3 * p]
        hand(game, p, *plain[3 * p : 3 * p + 3])  # cards left: the next race waits
    before = {p: s.players[p].fervor for p in range(players)}
    for p in reversed(s.initiative[1:]):
        act(game, (p, f"race:{picks[p]}"))
        assert p not in game.to_decide() and game.state.players[p].fervor == before[p], "face down"
    act(game, (s.initiative[0], f"race:{picks[s.initiative[0]]}"))
    assert game.to_decide() == s.initiative, "all revealed: the second race"
    for p in range(players):
        assert s.players[p].fervor == before[p] + race_value(game, picks[p])
        assert picks[p] in frame(game, "olympics")["played"][str(p)]


def test_olympics_effect_or_numbers_in_initiative_order() -> None:
    """§4.5.3: after the reveal, in Initiative order each player with an Olympics effect
    uses either the card's numbers or its effect."""
    game = at_races(3)
    s = game.state
    effects = cards(
        lambda c: c.effect is not None and c.effect.type.value == "olympics" and not c.effect.prayer
    )
    for p in range(3):
        hand(game, p, effects[p])
    initiative = list(s.initiative)
    for p in (2, 0, 1):
        act(game, (p, f"race:{effects[p]}"))
    order = []
    for p in initiative:
        assert game.to_decide() == [p]
        order.append(p)
        act(game, "use:effect" if p != 1 else "use:numbers")
    assert order == initiative


def test_a_player_without_cards_sits_a_race_out() -> None:
    """§4.5.3, decision: a player with no card in hand plays nothing in that race."""
    game = at_races(2)
    empty_hand(game, 1)
    a, b = cards(lambda c: c.effect is None)[:2]
    hand(game, 0, a, b)
    assert game.to_decide() == [0]
    act(game, (0, f"race:{a}"))
    assert game.to_decide() == [0], "the next race: player 2 still has no card"
    assert frame(game, "olympics")["played"] == {"0": [a], "1": []}


def ability_dice(game: Game) -> dict[int, int]:
    """How many dice each player rolls for the Olympic abilities in this discipline."""
    symbols = set(game.olympics_card(DISCIPLINE).disciplines)
    return {
        p: sum(1 for h in [q.captain, *q.followers] if symbols & set(game.hero(h).olympic))
        for p, q in enumerate(game.state.players)
    }


@pytest.mark.parametrize(("face", "bonus"), [(1, 1), ("*", 1), (2, 0)])
def test_olympic_abilities_roll_a_die_per_matching_argonaut(face: int | str, bonus: int) -> None:
    """§4.5.4: in Initiative order, one die per Argonaut owned (the Captain and each
    Follower, trained or not) showing a discipline symbol; +1 Fervor per 1 and per
    Activation face."""
    game = at_races(2, rules=observable())
    s = game.state
    symbols = set(game.olympics_card(DISCIPLINE).disciplines)
    taken = {q.captain for q in s.players}
    matching = [h.id for h in content().heroes if symbols & set(h.olympic) and h.id not in taken]
    s.players[1].followers = {matching[0]: False}
    s.players[1].follower_zones = {matching[0]: None}
    dice = ability_dice(game)
    zeros = zero()
    for p in range(2):
        hand(game, p, zeros[p])  # one card each: races 2 and 3 have no picks
    before = [q.fervor for q in s.players]
    rolls(game, *[face] * (dice[0] + dice[1]))
    act(game, (0, f"race:{zeros[0]}"), (1, f"race:{zeros[1]}"))
    assert top(game)["kind"] == "sail", "the first prize's Sail: the moment before the clean-up"
    assert [q.fervor for q in s.players] == [before[p] + bonus * dice[p] for p in range(2)]
    assert dice[1] >= 1, "the untrained Follower rolls too"


def test_prizes_before_the_clean_up_then_new_initiative() -> None:
    """§4.5.5-7: from first place down, Champion tokens and the place's prize; then the
    played cards are discarded, the new Initiative is this ranking and Fervor goes to 0."""
    game = at_races(4, rules=observable())
    s = game.state
    o = game.olympics_card(DISCIPLINE)
    wins = [worth(n) for n in (0, 1, 2, 3)]
    for p in range(4):
        s.players[p].fervor = 0
        hand(game, p, wins[p])
    dice = ability_dice(game)
    rolls(game, *[2] * sum(dice.values()))  # no Fervor from the abilities
    for p in range(4):
        act(game, (p, f"race:{wins[p]}"))
    assert top(game)["kind"] == "sail" and game.to_decide() == [3], "the first place's prize, first"
    assert s.players[3].champions == o.prizes[0].champions and s.players[2].champions == 0
    assert s.initiative == [0, 1, 2, 3], "not yet the new order"
    assert s.players[3].fervor == race_value(game, wins[3]), "not yet back to 0"
    assert wins[3] in frame(game, "olympics")["played"]["3"] and wins[3] not in s.players[3].discard
    act(game, "stop")
    drive(game, lambda g: g.state.round == 2)
    assert s.initiative == [3, 2, 1, 0]
    assert [s.players[p].champions for p in (3, 2, 1, 0)] == [*(pr.champions for pr in o.prizes), 0]
    assert all(q.fervor == 0 for q in s.players)
    for p in range(4):
        assert wins[p] in s.players[p].discard + s.players[p].hand + s.players[p].deck


def test_ties_go_to_the_tie_break_symbols_then_initiative() -> None:
    """§4.5.5: tied players compare the sums of their played cards on the first tie-break
    symbol, then the next; still tied, the better Initiative wins."""
    game = at_races(3)
    s = game.state
    o = game.olympics_card(DISCIPLINE)
    first = o.tiebreaks[0].value
    symbols = [x.value for x in o.disciplines]
    base = cards(lambda c: c.effect is None and all(c.value(x) == 0 for x in symbols))
    low = next(c for c in base if game.card(c).value(first) == 0)
    high = next(c for c in base if game.card(c).value(first) > 0)
    for p in range(3):
        s.players[p].fervor = 5
    played = frame(game, "olympics")["played"]
    played["0"], played["1"], played["2"] = [low], [high], [low]
    for card in (low, high):
        take(game, card)
    ranking = game.olympics_ranking(played)
    assert ranking == [1, 0, 2], "player 2 by the tie-break; players 1 and 3 by Initiative"


def test_two_players_only_two_prizes() -> None:
    """§4.5.5: the prizes are for the places there are: two players, two prizes."""
    game = at_races(2)
    s = game.state
    o = game.olympics_card(DISCIPLINE)
    s.players[0].fervor, s.players[1].fervor = 1, 0
    for p in range(2):
        hand(game, p, zero()[p])
    rolls(game, *[2] * sum(ability_dice(game).values()))
    act(game, (0, f"race:{zero()[0]}"), (1, f"race:{zero()[1]}"))
    assert game.state.round == 2
    assert s.initiative == [0, 1]
    assert (s.players[0].champions, s.players[1].champions) == (o.prizes[0].champions, o.prizes[1].champions)


def test_removal_in_the_olympics() -> None:
    """§4.2 keywords, Removal: an Olympics effect with Removal goes to its House's discard
    with the clean-up (it still counts for the tie-breaks until then), not to its player's."""
    game = at_races(2)
    s = game.state
    card = cards(lambda c: c.effect is not None and c.effect.type.value == "olympics" and c.effect.removal)[0]
    hand(game, 0, card)
    hand(game, 1)
    act(game, (0, f"race:{card}"), "use:effect")
    hand(game, 0)
    drive(game, lambda g: g.state.round == 2)
    house = next(h for h, g in s.house_gods.items() if g == game.card(card).god)
    assert card in s.god_discards[house]
    assert card not in s.players[0].discard + s.players[0].deck + s.players[0].hand
    game.check_invariants()


def test_devotion_in_the_olympics_counts_this_phase() -> None:
    """§4.2 keywords, Devotion, decision: in the Olympics (no turn) another card of the same
    god played in an earlier race of this phase counts."""
    card = cards(
        lambda c: c.effect is not None and c.effect.type.value == "olympics" and not c.effect.removal
    )[0]
    rules = with_card(card, effect_devotion=[Step(op=Op.FERVOR, n=5)])
    god = content().action_card(card).god
    same = cards(lambda c: c.god == god and c.id != card and c.effect is None)[0]
    effect = rules.action_card(card).effect
    assert effect is not None
    gain = sum(x.n for x in effect.do if x.op is Op.FERVOR)
    for earlier in (False, True):
        game = at_races(2, rules=rules)
        s = game.state
        hand(game, 1)
        spare = next(c for c in zero() if c not in (same, card))
        hand(game, 0, *([same, card, spare] if earlier else [card, spare]))
        if earlier:
            act(game, (0, f"race:{same}"))
        before = s.players[0].fervor
        act(game, (0, f"race:{card}"), "use:effect")
        assert s.players[0].fervor == before + gain + (5 if earlier else 0)
