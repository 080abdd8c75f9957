"""The native Trial engine (Rust, ``aegean.trial.native``) against the Python reference:
the same decisions, the same legal choices in the same order, the same state after every
decision (the generator's included), the heuristic policy making the same choices with
the same draws, the same evaluations to the last bit, and the search bot choosing the
same on either engine (issue 14: the playouts the search bot needs, at native speed).
A mismatch names the game, the decision and what differs."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from aegean import _core
from aegean.trial import native
from aegean.trial.bots import PlayerView, SearchBot
from aegean.trial.bots.heuristic import policy
from aegean.trial.bots.search import SCALE, WEIGHTS, evaluate
from aegean.trial.content import load_content
from aegean.trial.content.effects import Op
from aegean.trial.determinize import determinize
from aegean.trial.engine import Game
from aegean.trial.hooks import HOOKS

from .bot_support import random_game_until, sample
from .support import edit

TABLE = [[float(w) for w in WEIGHTS[left]] for left in range(1, max(WEIGHTS) + 1)]


def document(game: Game) -> Any:
    """The reference's state document as JSON reads it back (int keys become strings)."""
    return json.loads(native.state_text(game.state))


def differences(ours: Any, theirs: Any) -> list[str]:
    """The fields that differ, by name (players field by field)."""
    out = []
    for key in ours:
        if key == "players":
            for p, (a, b) in enumerate(zip(ours[key], theirs[key], strict=True)):
                out += [f"player {p + 1} {f}: {a[f]!r} / {b.get(f)!r}" for f in a if a[f] != b.get(f)]
        elif ours[key] != theirs.get(key):
            out.append(f"{key}: {str(ours[key])[:300]} / {str(theirs.get(key))[:300]}")
    return out


def play_both(seed: int, players: int, advanced: bool, heuristic: bool) -> int:
    """One seeded game on both engines, compared after every decision; the decisions made.
    Choices: the heuristic's (compared with the native policy's) with a tenth at random,
    or all at random."""
    game = Game.new(sample(), players, seed, advanced=advanced)
    twin = native.native_game(game)
    rng = random.Random(seed)
    made = 0
    while not game.over:
        where = f"game {seed} ({players} players, {'advanced' if advanced else 'base'}), decision {made}"
        assert twin.to_decide() == game.to_decide(), where
        p = game.to_decide()[0]
        legal = game.legal(p)
        assert twin.legal(p) == legal, f"{where}: {game.state.stack[-1]}"
        if heuristic:
            before = rng.getstate()
            choice = policy(game, p, legal, rng)
            assert twin.policy(p, list(before[1])) == (choice, list(rng.getstate()[1])), where
            if rng.random() < 0.1:
                choice = rng.choice(legal)
        else:
            choice = rng.choice(legal)
        game.apply(p, choice)
        twin.apply(p, choice)
        ours, theirs = document(game), json.loads(twin.state_document())
        assert ours == theirs, f"{where}, after {choice!r}: " + "; ".join(differences(ours, theirs))
        made += 1
    assert twin.over and twin.scores() == game.scores() and twin.final_order() == game.final_order()
    return made


@pytest.mark.parametrize("seed", range(18))
def test_random_games_agree_decision_by_decision(seed: int) -> None:
    """Random choices reach every frame of the rules: 2, 3 and 4 players, base and advanced."""
    assert play_both(seed, 2 + seed % 3, seed % 2 == 1, heuristic=False) > 100


@pytest.mark.parametrize("seed", range(100, 112))
def test_heuristic_games_agree_and_the_policy_chooses_the_same(seed: int) -> None:
    assert play_both(seed, 2 + seed % 3, seed % 4 >= 2, heuristic=True) > 100


def test_the_evaluation_is_the_same_to_the_last_bit() -> None:
    """The search bot's evaluation (fitted weights, logistic) for every seat, at points of
    several games, the last decision's included."""
    compared = 0
    for seed in range(4):
        game = Game.new(sample(), 2 + seed % 3, seed)
        rng = random.Random(seed)
        made = 0
        while True:
            if made % 25 == 0 or game.over:
                twin = native.native_game(game)
                for p in range(game.players):
                    assert twin.evaluate(p, TABLE, SCALE) == evaluate(game, p), (seed, made, p)
                    compared += 1
            if game.over:
                break
            p = game.to_decide()[0]
            game.apply(p, rng.choice(game.legal(p)))
            made += 1
    assert compared > 50


@pytest.mark.parametrize("seed", range(6))
def test_determinize_draws_the_same_game(seed: int) -> None:
    """From every third view of a game (each seat's, every kind of decision, the advanced
    draft included), the native determinization draws the same game as the reference
    from the same generator state, and leaves the generator in the same state."""
    game = Game.new(sample(), 2 + seed % 3, seed, advanced=seed % 2 == 0)
    rng = random.Random(seed)
    kinds = set()
    made = 0
    while not game.over:
        p = game.to_decide()[0]
        legal = game.legal(p)
        if made % 3 == 0:
            view = PlayerView.of(game, p)
            ours, theirs = random.Random(made), random.Random(made)
            expected, drawn = determinize(view, ours), native.determinize(view, theirs)
            assert document(drawn) == document(expected), (seed, made, game.state.stack[-1]["kind"])
            assert theirs.getstate() == ours.getstate()
            kinds.add(game.state.stack[-1]["kind"])
        game.apply(p, policy(game, p, legal, rng) if rng.random() < 0.8 else rng.choice(legal))
        made += 1
    assert {"turn", "race", "buy", "respond"} <= kinds


def test_the_search_bot_chooses_the_same_on_either_engine() -> None:
    """Determinizations and playouts are the same, so the whole search is: the same
    choices from the same seed, the same number of playouts, the same generator after."""
    views: list[tuple[PlayerView, list[str]]] = []
    for seed, kinds in ((3, ("turn",)), (4, ("sail", "combat")), (5, ("race", "buy")), (6, ("turn",))):
        game = random_game_until(4, seed, kinds, skip=seed)
        p = game.to_decide()[0]
        views.append((PlayerView.of(game, p), game.legal(p)))
    game = random_game_until(3, 7, ("draft",), advanced=True)
    views.append((PlayerView.of(game, game.to_decide()[0]), game.legal(game.to_decide()[0])))
    for settings in ({}, {"rounds": 1, "confidence": 0.5}):
        python = SearchBot(9, playouts=40, engine="python", **settings)
        fast = SearchBot(9, playouts=40, engine="native", **settings)
        chosen = [python.choose(v, legal) for v, legal in views]
        assert chosen == [fast.choose(v, legal) for v, legal in views]
        assert python.total_playouts == fast.total_playouts > 0
        assert python.rng.getstate() == fast.rng.getstate()


def test_a_content_set_with_a_hook_is_played_out_in_python(content_dir: Path, monkeypatch: Any) -> None:
    """A hook is Python code: the native engine refuses the set, the search bot falls back
    to the reference (and says so when told to use the native engine)."""
    monkeypatch.setitem(HOOKS, "test_gain_two", lambda game, p: game._one_step(p, Op.GAIN_ENERGY, 2, None))
    hook = [{"op": "hook", "name": "test_gain_two"}]
    edit(content_dir, "travel.json", lambda d: d["cards"][0].update(do=hook))
    content = load_content(content_dir)
    assert not native.supports(content) and native.supports(sample())
    with pytest.raises(ValueError, match="hook"):
        native.native_game(Game.new(content, 2, 1))
    game = Game.new(content, 2, 3)
    rng = random.Random(3)
    while game.state.stack[-1]["kind"] != "turn" or len(game.legal(game.to_decide()[0])) < 3:
        p = game.to_decide()[0]
        game.apply(p, rng.choice(game.legal(p)))
    p = game.to_decide()[0]
    view, legal = PlayerView.of(game, p), game.legal(p)
    assert SearchBot(1, playouts=12).choose(view, legal) in legal
    with pytest.raises(ValueError, match="hook effects"):
        SearchBot(1, playouts=12, engine="native").choose(view, legal)


def test_bad_input_to_the_native_engine_is_one_line_and_changes_nothing() -> None:
    game = Game.new(sample(), 3, 8)
    twin = native.native_game(game)
    before = twin.state_document()
    p = game.to_decide()[0]
    for choice in ("nonsense", "sail:atlantis", "pass", "play:start-crimson-1:fly", "x" * 10_000):
        with pytest.raises(ValueError) as caught:
            twin.apply(p, choice)
        assert "\n" not in str(caught.value) and "not a legal choice" in str(caught.value)
    assert twin.state_document() == before
    core = native.NativeContent.of(sample())
    assert core is not None
    broken = json.loads(before)
    for change in (
        lambda d: d.pop("stack"),
        lambda d: d["players"][0].update(hand=["no-such-card"]),
        lambda d: d.update(rng=[1, 2, 3]),
        lambda d: d["stack"].append({"kind": "dance"}),
    ):
        doc = json.loads(before)
        change(doc)
        with pytest.raises(ValueError) as caught:
            _core.TrialGame(core.core, json.dumps(doc))
        assert "\n" not in str(caught.value) and str(caught.value).startswith("state")
    assert broken == json.loads(before)
    with pytest.raises(ValueError, match="17 weights"):
        _core.TrialSearch(core.core, [[1.0]], SCALE, 0.05, 10, 1)
    with pytest.raises(ValueError, match="content document"):
        _core.TrialContent("{}")
