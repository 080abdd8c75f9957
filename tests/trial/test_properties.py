"""Properties of the rules engine over random games: invariants after every decision,
an end with scores, illegal choices refused with nothing changed, determinism, and clones
independent of their original. The many-games run plays 50 seeded games in each of the
six configurations."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aegean.trial.engine import Game, IllegalChoice

from .scenario import content, playout, position, random_step

CONFIGS = [(players, advanced) for players in (2, 3, 4) for advanced in (False, True)]
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.integers(min_value=0, max_value=2**32 - 1)
configs = st.sampled_from(CONFIGS)


def play_checked(players: int, advanced: bool, seed: int, bold: bool = False) -> Game:
    """A random game to its end, invariants checked after every decision."""
    game = None
    for game in playout(players, advanced, seed, bold=bold):
        game.check_invariants()
    assert game is not None and game.over
    return game


def check_end(game: Game) -> None:
    scores = game.scores()
    assert len(scores) == game.players and min(scores) >= 0
    order = game.final_order()
    assert sorted(order) == list(range(game.players)) and game.winner() == order[0]
    assert [scores[p] for p in order] == sorted(scores, reverse=True)
    assert game.to_decide() == [] and all(game.legal(p) == [] for p in range(game.players))


@FEW
@given(seed=seeds, config=configs, bold=st.booleans())
def test_random_games_keep_the_invariants_and_end_with_scores(
    seed: int, config: tuple[int, bool], bold: bool
) -> None:
    """Every decision of a random game (uniform, or bold: fighting and exploring more)
    leaves the components conserved and within their counts (check_invariants), someone
    to decide with a choice; the game ends, scored."""
    check_end(play_checked(*config, seed, bold))


@FEW
@given(seed=seeds, config=configs, junk=st.text(max_size=30), stop=st.integers(0, 400))
def test_an_illegal_choice_changes_nothing(seed: int, config: tuple[int, bool], junk: str, stop: int) -> None:
    """``apply`` of a choice not among the legal ones raises IllegalChoice and leaves the
    state equal: junk, another decision's choice, a player not deciding, no such player."""
    game = position(*config, seed, stop)
    before = game.state.clone()
    deciding = game.to_decide()
    idle = [p for p in range(game.players) if p not in deciding]
    attempts: list[tuple[int, object]] = [(p, junk) for p in deciding if junk not in game.legal(p)]
    attempts += [
        (p, c) for p in deciding for c in ("pass", "go", "done", "no", "stop") if c not in game.legal(p)
    ]
    if deciding:
        attempts += [(q, game.legal(deciding[0])[0]) for q in idle]
        theirs = {c for q in deciding[1:] for c in game.legal(q)}  # simultaneous picks
        attempts += [(deciding[0], c) for c in sorted(theirs - set(game.legal(deciding[0])))]
    attempts += [(game.players, "pass"), (-1, "pass"), ("0", "pass"), (None, "pass"), (True, "pass")]
    attempts += [(deciding[0] if deciding else 0, 7), (deciding[0] if deciding else 0, None)]
    for player, choice in attempts:
        with pytest.raises(IllegalChoice) as refused:
            game.apply(player, choice)  # type: ignore[arg-type]
        assert "\n" not in str(refused.value) and str(refused.value)
        assert game.state == before, f"{choice!r} by player {player} changed the state"


@FEW
@given(seed=seeds, config=configs)
def test_the_same_seed_and_choices_replay_the_same_game(seed: int, config: tuple[int, bool]) -> None:
    """Determinism: a game replayed from its seed and its choices reaches the same state at
    every step (the random generator's included)."""
    players, advanced = config
    first = Game.new(content(), players, seed, advanced)
    again = Game.new(content(), players, seed, advanced)
    rng = random.Random(seed ^ 0x5EED)
    assert first.state == again.state
    while not first.over:
        p, choice = random_step(first, rng)
        again.apply(p, choice)
        assert first.state == again.state
    assert first.scores() == again.scores() and first.state.log == again.state.log


@FEW
@given(seed=seeds, config=configs, at=st.integers(0, 300))
def test_a_clone_is_independent_and_plays_the_same(seed: int, config: tuple[int, bool], at: int) -> None:
    """clone(): playing on the clone leaves the original untouched, and both play on
    alike under the same choices (so the hand-written copy shares nothing)."""
    game = position(*config, seed, at)
    twin = game.clone()
    snapshot = copy.deepcopy(game.state)
    assert twin.state == game.state
    rng = random.Random(seed)
    moves = []
    while not twin.over and len(moves) < 150:
        moves.append(random_step(twin, rng))
    assert game.state == snapshot, "the original changed"
    for p, choice in moves:
        game.apply(p, choice)
    assert game.state == twin.state


@pytest.mark.parametrize(("players", "advanced"), CONFIGS)
def test_many_games(players: int, advanced: bool) -> None:
    """50 seeded random games per configuration (300 in all, one in four bold), checked
    after every decision, each ending scored."""
    lengths = []
    for seed in range(50):
        game = play_checked(players, advanced, seed, bold=seed % 4 == 3)
        check_end(game)
        lengths.append(len(game.state.log))
    assert min(lengths) > 0
