"""Trial of the Gods: the engine's speed, the search bot's playouts, and the bots' strength.

Prints (a) seconds per 4-player game between random bots (one process, one core; target
at most 0.2 s), (b) what a search playout costs (a playout: one determinization of the
bot's view, one of its choices applied, every seat played by the heuristic to the end of
the round, one evaluation) in Python and in the native engine, and the search bot's
playouts per second at its decisions on either engine, its choices checked to be the
same (target 2,000 playouts/s), (c) win rates in 4-player games, heuristic against
random and search against heuristic, A in every seat in turn against copies of B: A's
score (the share of B seats A finished ahead of; 0.5 if as strong) and A's wins (1/4 if
as strong), each with its Wilson 95 % interval.

    .venv/bin/python bench/bench_trial.py [--games N] [--search-games N] [--playouts N] [--quick]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections.abc import Callable
from datetime import date

from aegean.ai.match import wilson_interval
from aegean.trial import native
from aegean.trial.bots import HeuristicBot, SearchBot, make_bot, match_games, play_game
from aegean.trial.bots.search import (
    DEFAULT_PLAYOUTS,
    EPSILON,
    HORIZON,
    ROLLOUT_ROUNDS,
    SCALE,
    WEIGHTS,
    evaluate,
    rollout,
)
from aegean.trial.content import ContentSet, load_content
from aegean.trial.determinize import PlayerView, determinize
from aegean.trial.engine import Game

SEED = 20260101


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds: what a quiet machine gives."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def random_games(content: ContentSet, games: int, repeat: int) -> None:
    def run() -> None:
        for g in range(games):
            play_game(content, [make_bot("random", g * 4 + k) for k in range(4)], SEED + g)

    seconds = best_of(repeat, run) / games
    print(
        f"(a) random bots, 4 players, base game: {seconds:.4f} s a game "
        f"({games} games, best of {repeat}; target <= 0.2 s)"
    )


def decision_views(content: ContentSet, games: int) -> list[tuple[PlayerView, tuple[str, ...]]]:
    """Views at the decisions with a choice to make in heuristic 4-player games."""
    out = []
    rng = random.Random(SEED)
    for g in range(games):
        game = Game.new(content, 4, SEED + g)
        bots = [HeuristicBot(k) for k in range(4)]
        while not game.over:
            p = game.to_decide()[0]
            legal = tuple(game.legal(p))
            view = PlayerView.of(game, p)
            if len(legal) > 1 and rng.random() < 0.2:
                out.append((view, legal))
            game.apply(p, bots[p].choose(view, legal))
    return out


def playouts(content: ContentSet, budget: int, repeat: int) -> None:
    views = decision_views(content, 2)
    game = determinize(views[len(views) // 2][0], random.Random(0))
    clone = best_of(repeat, lambda: [game.clone() for _ in range(200)]) / 200
    det = best_of(repeat, lambda: [determinize(v, random.Random(1)) for v, _ in views]) / len(views)
    det_native = best_of(repeat, lambda: [native.determinize(v, random.Random(1)) for v, _ in views])
    det_native /= len(views)
    print(
        f"(b) state clone {clone * 1e6:.0f} us; determinization (a whole game from a view): "
        f"{det * 1e6:.0f} us in Python, {det_native * 1e6:.0f} us native as a round trip (the view sent as "
        "JSON, the game sent back and rebuilt in Python; inside the native search a view is read once "
        "per decision)"
    )
    search = native.NativeSearch.of(content, WEIGHTS, SCALE, EPSILON, HORIZON, ROLLOUT_ROUNDS)
    assert search is not None, "the sample set is played natively"

    def round_rollouts(fast: bool) -> Callable[[], None]:
        def run() -> None:
            for k, (view, legal) in enumerate(views):
                world = determinize(view, random.Random(k))
                if fast:
                    search.playouts(world, view.player, [legal[0]], k)
                else:
                    world.apply(view.player, legal[0])
                    rollout(world, random.Random(k), horizon=HORIZON, rounds=ROLLOUT_ROUNDS)
                    evaluate(world, view.player)

        return run

    per = best_of(repeat, round_rollouts(False)) / len(views)
    per_native = best_of(repeat, round_rollouts(True)) / len(views)
    print(
        "    one playout (determinize, choose, heuristic rollout to the game's end, evaluate): "
        f"{per * 1e3:.2f} ms in Python, {per_native * 1e3:.2f} ms with the rollout native "
        "(the determinization in Python, the state sent as JSON)"
    )
    rates = {}
    chosen = {}
    for engine in ("python", "native"):
        bot = SearchBot(2, playouts=budget, engine=engine)
        start = time.perf_counter()
        chosen[engine] = [bot.choose(view, legal) for view, legal in views[:40]]
        elapsed = time.perf_counter() - start
        rates[engine] = bot.total_playouts / elapsed
        print(
            f"    search bot ({budget} playouts a decision, engine {engine}) at {min(40, len(views))} "
            f"decisions: {rates[engine]:,.0f} playouts/s, {elapsed / min(40, len(views)):.3f} s a decision"
        )
    assert chosen["python"] == chosen["native"], "the engines chose differently"
    print(
        f"    the same {len(chosen['native'])} choices on both engines; native/Python "
        f"{rates['native'] / rates['python']:.1f}x (target 2,000 playouts/s)"
    )


def strength(content: ContentSet, a: str, b: str, games: int) -> None:
    start = time.perf_counter()
    ahead = []
    wins = 0
    for played in match_games(content, make_bot, a, b, 4, games, SEED):
        ahead.append(played.ahead)
        wins += played.result.winner == played.seat
    score = statistics.fmean(ahead)
    low, high = wilson_interval(score, games)
    win_low, win_high = wilson_interval(wins / games, games)
    elapsed = time.perf_counter() - start
    print(
        f"(c) {a} vs {b}, 4 players, {games} games: score {score:.3f} (95% CI {low:.3f}-{high:.3f}), "
        f"wins {wins}/{games} = {100 * wins / games:.1f}% "
        f"(95% CI {100 * win_low:.1f}-{100 * win_high:.1f}%), "
        f"{elapsed / games:.1f} s a game"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="heuristic-vs-random games (default 200)")
    parser.add_argument(
        "--search-games", type=int, default=120, help="search-vs-heuristic games (default 120)"
    )
    parser.add_argument(
        "--playouts", type=int, default=DEFAULT_PLAYOUTS, help="the search bot's playouts a decision"
    )
    parser.add_argument("--quick", action="store_true", help="few games: a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.games, args.search_games = 8, 4
    content = load_content()
    print(f"Trial of the Gods, {date.today()}, Python {platform.python_version()}, content: {content.label}")
    random_games(content, 10 if args.quick else 40, 3)
    playouts(content, args.playouts, 1 if args.quick else 3)
    strength(content, "heuristic", "random", args.games)
    strength(content, f"search:{args.playouts}", "heuristic", args.search_games)


if __name__ == "__main__":
    main()
