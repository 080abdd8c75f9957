"""The bots: legal choices only, in every mode; no hidden information in their input;
the determinizer rebuilds games the bot cannot tell from the real one; the registry."""

from __future__ import annotations

import inspect
import random

import pytest

from aegean.trial.bots import BotError, UnknownBot, make_bot, play_game
from aegean.trial.bots.search import SearchBot, evaluate, rollout
from aegean.trial.determinize import PlayerView, determinize
from aegean.trial.engine import Game
from aegean.trial.view import observe

from .bot_support import random_game_until, sample

MODES = [(2, False), (3, True), (4, False), (4, True)]


class Checked:
    """Wraps a bot: fails the test at once if it returns a choice not in ``legal``."""

    def __init__(self, name: str, seed: int) -> None:
        self.bot = make_bot(name, seed)
        self.name = name
        self.decisions = 0

    def choose(self, view: PlayerView, legal: tuple[str, ...]) -> str:
        choice = self.bot.choose(view, legal)
        assert choice in legal, f"{self.name} chose {choice!r} among {legal}"
        self.decisions += 1
        return choice


@pytest.mark.parametrize(("players", "advanced"), MODES)
def test_random_and_heuristic_choose_legally_to_the_end(players: int, advanced: bool) -> None:
    for seed in range(3):
        names = ["heuristic" if (seat + seed) % 2 else "random" for seat in range(players)]
        bots = [Checked(name, seed * 10 + seat) for seat, name in enumerate(names)]
        result = play_game(sample(), bots, seed, advanced=advanced)
        assert sorted(result.order) == list(range(players))
        assert len(result.scores) == players
        assert all(bot.decisions > 0 for bot in bots)


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (3, False)])
def test_search_chooses_legally_to_the_end(players: int, advanced: bool) -> None:
    bots = [Checked("search:2" if seat == 0 else "heuristic", seat) for seat in range(players)]
    result = play_game(sample(), bots, 7, advanced=advanced)
    assert sorted(result.order) == list(range(players))
    assert bots[0].decisions > 20


def test_the_heuristic_beats_random() -> None:
    """A handful of 4-player games (the benchmark measures the rate over many)."""
    first = 0
    for seed in range(6):
        seat = seed % 4
        bots = [make_bot("heuristic" if k == seat else "random", seed * 4 + k) for k in range(4)]
        first += play_game(sample(), bots, seed).winner == seat
    assert first >= 4


def test_a_seeded_game_replays_exactly() -> None:
    def once() -> tuple[tuple[int, ...], int]:
        bots = [make_bot(name, k) for k, name in enumerate(["search:2", "heuristic", "random"])]
        result = play_game(sample(), bots, 11)
        return result.scores, result.decisions

    assert once() == once()


# ---------------------------------------------------------------------- hidden information


def test_the_determinizer_is_given_only_the_view_and_a_generator() -> None:
    assert list(inspect.signature(determinize).parameters) == ["view", "rng"]
    for bot in ("random", "heuristic", "search"):
        assert list(inspect.signature(type(make_bot(bot, 0)).choose).parameters) == ["self", "view", "legal"]


@pytest.mark.parametrize(("players", "advanced"), MODES)
def test_a_determinization_looks_the_same_to_its_viewer(players: int, advanced: bool) -> None:
    """Rebuilt at many points of random games, the game shows its viewer exactly the view
    it was built from (the log aside), offers the same choices, and keeps the invariants;
    it also plays on to the end."""
    game = Game.new(sample(), players, 3, advanced=advanced)
    rng = random.Random(3)
    checked = 0
    while not game.over:
        p = game.to_decide()[0]
        legal = game.legal(p)
        if rng.random() < 0.15:
            viewer = rng.randrange(players)
            view = PlayerView.of(game, viewer)
            world = determinize(view, random.Random(checked))
            world.check_invariants()
            seen, rebuilt = dict(view.data), observe(world, viewer, recall=True)
            del seen["log"], rebuilt["log"]
            assert rebuilt == seen
            assert world.to_decide() == game.to_decide()
            assert world.legal(viewer) == game.legal(viewer)
            checked += 1
        game.apply(p, legal[rng.randrange(len(legal))])
    assert checked > 10
    world = determinize(
        PlayerView.of(random_game_until(players, 5, ("turn",), advanced), 0), random.Random(1)
    )
    for _ in range(5000):
        if world.over:
            break
        q = world.to_decide()[0]
        legal = world.legal(q)
        world.apply(q, legal[rng.randrange(len(legal))])
    assert world.over
    world.check_invariants()


def test_determinizations_draw_other_hands_afresh() -> None:
    """Were the determinizer reading the true hands, every draw would match them."""
    game = random_game_until(4, 2, ("turn",), skip=3)
    me = game.to_decide()[0]
    view = PlayerView.of(game, me)
    others = [q for q in range(4) if q != me]
    true = [sorted(game.state.players[q].hand) for q in others]
    draws = [determinize(view, random.Random(k)) for k in range(20)]
    assert all(w.state.players[me].hand == game.state.players[me].hand for w in draws)
    assert any([sorted(w.state.players[q].hand) for q in others] != true for w in draws)
    assert len({tuple(w.state.treasures.items()) for w in draws}) > 1


def _scramble_hidden(game: Game, me: int, seed: int) -> Game:
    """A copy of ``game`` whose hidden parts differ (another split of the other players'
    cards between hand and deck, every deck reordered, the Treasures under unexplored
    islands swapped, other dice to come) while ``me``'s view stays the same."""
    twin = game.clone()
    s = twin.state
    rng = random.Random(seed)
    for q, player in enumerate(s.players):
        if q != me:
            cards = player.hand + player.deck
            rng.shuffle(cards)
            player.hand, player.deck = cards[: len(player.hand)], cards[len(player.hand) :]
        rng.shuffle(player.deck)
    for deck in (*s.god_decks.values(), s.travel, s.sea_deck, s.animae, s.olympics_deck):
        rng.shuffle(deck)
    unseen = [i for i in s.treasures if i not in s.players[me].peeked and not s.exploration[i]]
    moved = [s.treasures[i] for i in unseen]
    rng.shuffle(moved)
    s.treasures.update(zip(unseen, moved, strict=True))
    s.rng = random.Random(seed)
    return twin


@pytest.mark.parametrize("name", ["random", "heuristic", "search:6"])
def test_changing_what_a_bot_cannot_see_does_not_change_its_choice(name: str) -> None:
    for seed, kinds in ((1, ("turn",)), (4, ("combat", "turn")), (8, ("race",))):
        game = random_game_until(4, seed, kinds, skip=2)
        me = game.to_decide()[0]
        scrambled = _scramble_hidden(game, me, seed)
        assert [p.hand for p in scrambled.state.players] != [p.hand for p in game.state.players]
        view, other_view = PlayerView.of(game, me), PlayerView.of(scrambled, me)
        assert view.data == other_view.data
        legal = tuple(game.legal(me))
        first = make_bot(name, 99).choose(view, legal)
        assert make_bot(name, 99).choose(other_view, legal) == first


def test_the_view_hides_other_players_picks() -> None:
    game = random_game_until(3, 6, ("race",))
    first = game.to_decide()[0]
    game.apply(first, game.legal(first)[0])
    frame = game.state.stack[-1]
    assert frame["kind"] == "race" and frame["stage"] == "pick"
    other = next(p for p in range(3) if p != first)
    public = observe(game, other)["frames"][-1]
    assert public["picks"] == {first: None}
    assert observe(game, first)["frames"][-1]["picks"] == {first: frame["picks"][first]}
    # the picked card stays in the picker's public cards: nobody learns which it was
    assert sorted(observe(game, other, recall=True)["players"][first]["hand_and_deck"]) == sorted(
        game.state.players[first].hand + game.state.players[first].deck + [frame["picks"][first]]
    )


# ---------------------------------------------------------------------- search pieces


def test_a_rollout_stops_at_the_end_of_the_round_and_evaluates_in_range() -> None:
    game = random_game_until(4, 9, ("turn",))
    world = determinize(PlayerView.of(game, 0), random.Random(0))
    start = world.state.round
    made = rollout(world, random.Random(0))
    assert made > 0
    assert world.over or world.state.round == start + 1
    assert all(0.0 <= evaluate(world, p) <= 1.0 for p in range(4))


def test_the_search_bot_obeys_a_time_budget() -> None:
    game = random_game_until(4, 9, ("turn",))
    me = game.to_decide()[0]
    bot = SearchBot(0, seconds=0.05)
    assert bot.choose(PlayerView.of(game, me), tuple(game.legal(me))) in game.legal(me)
    assert bot.total_playouts >= 1


def test_make_bot_refuses_unknown_names_and_bad_budgets() -> None:
    assert make_bot("search:12", 0).playouts == 12  # type: ignore[union-attr]
    assert make_bot("search:0.5s", 0).seconds == 0.5  # type: ignore[union-attr]
    for bad in ("greedy", "search:0", "search:abc", "search:-1s", "random:3", ""):
        with pytest.raises(UnknownBot, match="bot"):
            make_bot(bad, 0)


def test_an_illegal_choice_stops_the_game() -> None:
    class Cheat:
        name = "cheat"

        def choose(self, view: PlayerView, legal: tuple[str, ...]) -> str:
            return "win"

    with pytest.raises(BotError, match="cheat chose 'win'"):
        play_game(sample(), [Cheat(), Cheat()], 0)
