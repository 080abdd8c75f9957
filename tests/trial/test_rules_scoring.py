"""§5 Final scoring: the four rankings (laurels, the 1-laurel minimum, ties by Dishonor
then shared places at 1 VP less) and the tie-breaks between equal totals."""

from __future__ import annotations

import pytest

from aegean.trial.engine import RANKINGS, Game
from aegean.trial.state import ROUNDS

from .scenario import (
    cards,
    clear_board,
    content,
    enemy,
    everyone_passes,
    islands,
    skip_olympics,
    start,
    take,
)


def last_round(players: int, advanced: bool = False) -> Game:
    """The last round's first turn: no enemies, no Olympics, so scoring follows the passes."""
    game = start(players, advanced)
    clear_board(game)
    skip_olympics(game)
    game.state.round = ROUNDS[advanced]
    return game


def score(game: Game) -> list[int]:
    everyone_passes(game)
    assert game.over
    return game.scores()


def land(n: int) -> list[str]:
    return sorted(e.id for e in content().land)[:n]


def devotion_free(game: Game) -> None:
    """Every player's cards worth 0 laurels (their deck swapped for 0-laurel god cards)."""
    zero = iter(cards(lambda c: c.laurels == 0))
    for player in game.state.players:
        mine = player.hand + player.deck + player.discard
        player.hand, player.discard = [], []
        player.deck = []
        for card in mine:
            if game.card(card).laurels:
                swap = take(game, next(zero))
                player.deck.append(swap)
                game.state.god_discards[next(iter(game.state.god_discards))].append(card)
            else:
                player.deck.append(card)


@pytest.mark.parametrize("advanced", [False, True])
def test_the_four_rankings(advanced: bool) -> None:
    """§5: Submission (laurels of one's tamed monsters' cards), Exploration (1 per explored
    island, 2 with a Fleece part), Olympics (1 per Champion token), Devotion (the laurels of
    one's cards, -1 per Animae card), each giving 6/4/2 or 5/3/1 VP to the top three with at
    least 1 laurel."""
    game = last_round(4, advanced)
    s = game.state
    devotion_free(game)
    beasts = land(3)
    for p, card in enumerate(beasts):
        enemy(game, card, None, owner=p)
    fleece = next(
        i for i, t in s.treasures.items() if next(x for x in content().tracks.treasures if x.id == t).fleece
    )
    plain = next(
        i
        for i, t in s.treasures.items()
        if not next(x for x in content().tracks.treasures if x.id == t).fleece
    )
    for p, where in ((1, [fleece]), (2, [plain]), (3, [fleece, plain])):
        for island in where:
            s.exploration[island].append(p)
            s.players[p].explored.append(island)
    for p, n in enumerate((0, 1, 2, 3)):
        s.players[p].champions = n
    worthy = cards(lambda c: c.laurels >= 2)[0]
    s.players[0].deck.append(take(game, worthy))
    s.players[1].deck.append(take(game, content().animae[0].id))
    laurels = {p: game.laurels(p) for p in range(4)}
    assert [laurels[p]["submission"] for p in range(4)] == [game.enemy_card(b).laurels for b in beasts] + [0]
    assert [laurels[p]["exploration"] for p in range(4)] == [0, 2, 1, 3]
    assert [laurels[p]["olympics"] for p in range(4)] == [0, 1, 2, 3]
    assert [laurels[p]["devotion"] for p in range(4)] == [game.card(worthy).laurels, -1, 0, 0]
    expected = [0, 0, 0, 0]
    for ranking, points in RANKINGS.items():
        for p, vp in game.ranking_points(ranking, {p: laurels[p][ranking] for p in range(4)}, points).items():
            expected[p] += vp
    assert score(game) == expected
    assert expected[1] >= RANKINGS["exploration"][1]  # 2nd in Exploration


def test_a_ranking_needs_a_laurel() -> None:
    """§5: a player needs at least 1 laurel in a ranking to score in it."""
    game = last_round(2)
    assert game.ranking_points("olympics", {0: 0, 1: 0}, RANKINGS["olympics"]) == {}
    assert game.ranking_points("olympics", {0: 2, 1: 0}, RANKINGS["olympics"]) == {0: 5}


def test_ties_fewer_dishonor_then_shared_place_minus_one() -> None:
    """§5: tied players: fewer Dishonor tokens takes the place, the others slide down;
    still tied, each takes that place's VP minus 1 (decision: the next player then takes
    the place after all of them)."""
    game = last_round(4)
    s = game.state
    points = RANKINGS["submission"]
    s.players[0].dishonor, s.players[1].dishonor = 1, 0
    assert game.ranking_points("submission", {0: 3, 1: 3, 2: 1, 3: 0}, points) == {1: 6, 0: 4, 2: 2}
    s.players[0].dishonor = 0
    assert game.ranking_points("submission", {0: 3, 1: 3, 2: 1, 3: 0}, points) == {0: 5, 1: 5, 2: 2}
    assert game.ranking_points("submission", {0: 3, 1: 2, 2: 2, 3: 2}, points) == {0: 6, 1: 3, 2: 3, 3: 3}


def test_two_players_score_two_places() -> None:
    """§5: with fewer than 3 players the missing places give nothing."""
    game = last_round(2)
    assert game.ranking_points("devotion", {0: 4, 1: 2}, RANKINGS["devotion"]) == {0: 5, 1: 3}


def test_devotion_counts_hand_and_discard_too() -> None:
    """§5 Devotion: hand and discard are shuffled into the deck before counting."""
    game = last_round(2)
    devotion_free(game)
    s = game.state
    worthy = cards(lambda c: c.laurels >= 1)[:2]
    s.players[0].discard.append(take(game, worthy[0]))
    s.players[0].hand.append(take(game, worthy[1]))
    assert game.laurels(0)["devotion"] == sum(game.card(c).laurels for c in worthy)
    assert score(game)[0] >= RANKINGS["devotion"][0]
    assert not s.players[0].hand and not s.players[0].discard


def test_vp_ties_break_in_order() -> None:
    """§5 ties on VP, in order: fewer Dishonor tokens (decision: the rulebook's long list
    has it first; the summary card omits it), most Exploration markers on islands with a
    Fleece part, most Temples, most Followers, leftmost on the Initiative track."""
    game = last_round(2)
    s = game.state
    a, b = s.players
    a.vp = b.vp = 10
    s.initiative = [1, 0]
    assert game.final_order() == [1, 0], "Initiative"
    a.followers = {"x": False}
    assert game.final_order() == [0, 1], "Followers"
    b.temples = [islands()[0]]
    assert game.final_order() == [1, 0], "Temples"
    fleece = next(
        i for i, t in s.treasures.items() if next(x for x in content().tracks.treasures if x.id == t).fleece
    )
    a.explored = [fleece]
    assert game.final_order() == [0, 1], "Fleece explorations"
    a.dishonor = 1
    assert game.final_order() == [1, 0], "Dishonor first"
    b.vp = 9
    assert game.final_order() == [0, 1], "VP above all"
