"""The search bot: determinized Monte-Carlo search that must prove the heuristic wrong.

At a decision with a real choice it asks the heuristic policy what it would do, drops the
legal choices that cannot help (:func:`candidates`), then runs passes. A pass imagines one
game consistent with the bot's view (:func:`~aegean.trial.determinize.determinize`: other
hands, deck orders, Treasures and dice drawn afresh) and plays every choice still in the
running on that same game with the same generator (common random numbers): the choice
applied, every seat played on by the heuristic, a little randomised, to the end of the
game (:func:`rollout`), the result scored by :func:`evaluate` (1 for a win, else the final
scores' gap to the best rival through a logistic). After each stage of passes
the worse half of the rivals to the heuristic's choice drops out (sequential halving); at
the end a rival replaces the heuristic's choice only if its gain, pass by pass, is clear.
A small budget therefore plays like the heuristic, a bigger one departs from it where
the playouts say so.

A playout, as the benchmark counts it, is one choice played out on one imagined game:
determinize, apply, roll out to the game's end, evaluate. Budgets are per decision:
``playouts`` (reproducible from the seed whatever the load) or ``seconds``. (Rollouts that
stop at the round's end and score the fitted projection instead, ``rounds=1``, were the
default while playouts ran in Python; with 1,000 playouts a decision they won 60 % of
4-player games against the heuristic, to the game's end 87 %: docs/performance.md.)

The playouts run in the native engine (:mod:`aegean.trial.native`, Rust) wherever it
plays the content set: the same rollouts, decision for decision, and the same
evaluations to the last bit, so the bot chooses exactly as it would in Python, only
sooner. A content set with hook effects is played out in Python.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from .. import native
from ..content import ContentSet
from ..determinize import determinize
from ..engine import RANKINGS, Game
from ..state import MAX_VIGOR, ROUNDS
from .base import PlayerView
from .heuristic import attack_potential, fight_value, policy

DEFAULT_PLAYOUTS = 1000
#: How clear a rival's gain over the heuristic's choice must be, in standard errors of
#: its mean (paired playouts), to be chosen instead.
CONFIDENCE = 1.0
#: Rollout decisions made at random instead of by the heuristic, for variety.
EPSILON = 0.05
#: A rollout of one round stops after this many decisions even if the round goes on.
MAX_ROLLOUT = 400
#: The search bot's rollouts stop after this many decisions (a game takes some 300; the
#: cap only guarantees an end).
HORIZON = 2000
#: Rounds a rollout plays (1: to the end of the round it starts in): every round left.
ROLLOUT_ROUNDS = max(ROUNDS.values())
#: The standings' gap (in Victory Points) that the evaluation maps to 73 % (a logistic).
SCALE = 4.0


#: What :func:`features` measures, in order.
FEATURES = (
    "1",
    "ranking VP now",
    "submission laurels",
    "exploration laurels",
    "olympics laurels",
    "devotion laurels",
    "Energy available",
    "Energy exhausted",
    "Vigor",
    "Followers",
    "trained Followers",
    "Talents",
    "Temples",
    "raised Upgrades",
    "Dishonor",
    "passive attack + discovery",
    "passive fervor",
)
#: Rounds left to play -> the weight of each feature in the projected final score: a
#: least-squares fit of final Victory Points on the features at the start of each round,
#: in 800 games of the sample set between heuristic bots (2 to 4 players, base and
#: advanced; ``bench/fit_trial_eval.py --games 800`` prints this table), every weight kept
#: to its sign (a laurel never counts against). Early on Followers and Talents say most;
#: with one round left, the rankings. On held-out games the highest projection names the
#: winner in 70 % of games with one round left, 54 % with four.
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (0.31, 0.74, 0, 0, 0.23, 0.01, 0.15, 0, 0.1, 0.33, 0, 0.13, 0.17, 0.17, -0.05, 0.11, 0),
    2: (0.93, 0.6, 0, 0, 0.36, 0, 0.21, 0, 0.21, 1.15, 0, 0.36, 0.11, 0.11, -0.14, 0.18, 0),
    3: (2.05, 0.44, 0, 0, 0.52, 0, 0.22, 0, 0.39, 1.81, 0, 0.37, 0.01, 0.01, -0.26, 0.33, 0.09),
    4: (3.29, 0.31, 0.24, 0, 1.02, 0, 0.23, 0.01, 0.11, 2.87, 0, 0.45, 0.31, 0.31, -0.21, 0.57, 0.23),
}


def ranking_vp(game: Game, laurels: Sequence[dict[str, int]] | None = None) -> list[float]:
    """The Victory Points each player would get from the four rankings if the game ended
    now (``laurels``: every player's :meth:`~aegean.trial.engine.Game.laurels`, if known)."""
    n = len(game.state.players)
    if laurels is None:
        laurels = [game.laurels(p) for p in range(n)]
    vp = [0.0] * n
    for ranking, points in RANKINGS.items():
        for p, v in game.ranking_points(ranking, {p: laurels[p][ranking] for p in range(n)}, points).items():
            vp[p] += v
    return vp


def features(game: Game, p: int, vp: Sequence[float], laurels: dict[str, int] | None = None) -> list[float]:
    """Player ``p``'s :data:`FEATURES` (``vp``: every player's :func:`ranking_vp`;
    ``laurels``: ``p``'s, if known)."""
    player = game.state.players[p]
    if laurels is None:
        laurels = game.laurels(p)
    return [
        1.0,
        vp[p],
        laurels["submission"],
        laurels["exploration"],
        laurels["olympics"],
        laurels["devotion"],
        player.available,
        player.exhausted,
        player.vigor,
        len(player.followers),
        sum(player.followers.values()),
        len(player.talents),
        len(player.temples),
        sum(player.raised),
        player.dishonor,
        game.passive(p, "attack") + game.passive(p, "discovery"),
        game.passive(p, "fervor"),
    ]


def projected(game: Game) -> list[float]:
    """Each player's projected final score: the score itself once the game is over, else
    the fitted :data:`WEIGHTS` for the rounds left applied to the :func:`features`."""
    s = game.state
    if s.over:
        return [float(v) for v in game.scores()]
    left = min(max(ROUNDS[s.advanced] - s.round + 1, 1), max(WEIGHTS))
    weights = WEIGHTS[left]
    laurels = [game.laurels(p) for p in range(len(s.players))]
    vp = ranking_vp(game, laurels)
    return [
        sum(w * x for w, x in zip(weights, features(game, p, vp, laurels[p]), strict=True))
        for p in range(len(s.players))
    ]


def evaluate(game: Game, p: int) -> float:
    """How good ``game`` looks for ``p``, in [0, 1]: its projected score against the best
    rival's, through a logistic (1 for a won game)."""
    values = projected(game)
    if game.over and game.winner() == p:
        return 1.0
    best_other = max(v for q, v in enumerate(values) if q != p)
    return 1.0 / (1.0 + math.exp(-(values[p] - best_other) / SCALE))


def rollout(
    game: Game, rng: random.Random, epsilon: float = EPSILON, horizon: int = MAX_ROLLOUT, rounds: int = 1
) -> int:
    """Play every seat with the heuristic policy to the end of the round (``rounds``: of
    that many rounds), or for ``horizon`` decisions if that comes first; the decisions made."""
    end = game.state.round + rounds
    made = 0
    while not game.over and game.state.round < end and made < horizon:
        q = game.to_decide()[0]
        legal = game.legal(q)
        if len(legal) == 1:
            choice = legal[0]
        elif rng.random() < epsilon:
            choice = legal[rng.randrange(len(legal))]
        else:
            choice = policy(game, q, legal, rng)
        game.apply_unchecked(q, choice)
        made += 1
    return made


def candidates(game: Game, p: int, legal: Sequence[str], prior: str) -> list[str]:
    """The choices worth searching: ``legal`` without those that cannot help (a Restore
    with nothing exhausted, a Heal at full Vigor, a Command with nothing to command, a
    fight the hand cannot win), the heuristic's choice always kept and first."""
    player = game.state.players[p]
    top = MAX_VIGOR if player.limiter is None else player.limiter
    pieces = bool(player.followers) or any(e.owner == p for e in game.state.enemies)
    out = [prior]
    for choice in legal:
        if choice == prior:
            continue
        if choice.startswith("play:"):
            action = choice.rsplit(":", 1)[1]
            if (
                (action == "restore" and not player.exhausted)
                or (action == "heal" and player.vigor >= top)
                or (action == "command" and not pieces)
            ):
                continue
        elif choice.startswith("fight:"):
            enemy = game.state.enemy(choice[6:])
            if fight_value(game, p, enemy, attack_potential(game, p, player.hand)) < 0:
                continue
        out.append(choice)
    return out


class SearchBot:
    """Flat Monte-Carlo over determinizations, paired against the heuristic's choice."""

    name = "search"

    def __init__(
        self,
        seed: int,
        playouts: int | None = None,
        seconds: float | None = None,
        horizon: int = HORIZON,
        engine: str = "auto",
        rounds: int = ROLLOUT_ROUNDS,
        confidence: float = CONFIDENCE,
    ) -> None:
        """``engine``: where the playouts run: ``native`` (an error where the native
        engine does not play the content), ``python``, or ``auto`` (native wherever it
        can)."""
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        if engine not in ("auto", "native", "python"):
            raise ValueError(f"engine: auto, native or python, not {engine!r}")
        self.rng = random.Random(seed)
        self.horizon = horizon
        self.rounds = rounds
        self.confidence = confidence
        self.playouts = playouts
        self.seconds = seconds
        self.engine = engine
        #: Playouts run so far, for the benchmark's rate.
        self.total_playouts = 0
        self._native: tuple[object, native.NativeSearch | None] | None = None

    def choose(self, view: PlayerView, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        me = view.player
        here = determinize(view, self.rng)
        prior = policy(here, me, legal, self.rng)
        arms = candidates(here, me, legal, prior)
        if len(arms) == 1:
            return prior
        search = self._native_search(view.content)
        if search is not None:
            choice, done = search.choose(view, arms, self.rng, self.playouts, self.seconds, self.confidence)
            self.total_playouts += done
            return choice
        # Each pass plays every choice still in the running on one imagined game: the
        # differences from the heuristic's choice, pass by pass, are paired samples.
        gains: dict[str, list[float]] = {arm: [] for arm in arms[1:]}
        sizes = [len(arms)]
        while sizes[-1] > 2:
            sizes.append(max(2, (sizes[-1] - 1) // 2 + 1))
        passes_per_stage = max(1, self.playouts // sum(sizes)) if self.playouts is not None else 2
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        passes = 0
        rivals = list(arms[1:])
        while True:
            if self.playouts is not None and done + 1 + len(rivals) > self.playouts and passes:
                break
            if deadline is not None and time.perf_counter() >= deadline and passes:
                break
            world = determinize(view, self.rng)
            seed = self.rng.getrandbits(64)
            base, *values = self._playouts(world, me, [prior, *rivals], seed)
            for arm, value in zip(rivals, values, strict=True):
                gains[arm].append(value - base)
            done += 1 + len(rivals)
            passes += 1
            if passes % passes_per_stage == 0 and len(rivals) > 1:
                rivals.sort(key=lambda c: -sum(gains[c]))
                rivals = rivals[: max(1, len(rivals) // 2)]
        self.total_playouts += done
        return _verified(prior, {arm: gains[arm] for arm in rivals}, self.confidence)

    def _playouts(self, world: Game, me: int, arms: Sequence[str], seed: int) -> list[float]:
        """Each of ``arms`` played out on its own copy of ``world`` and evaluated, every
        rollout's randomness from ``seed`` (common random numbers)."""
        return [self._playout(world, me, arm, seed) for arm in arms]

    def _native_search(self, content: ContentSet) -> native.NativeSearch | None:
        if self.engine == "python":
            return None
        if self._native is None or self._native[0] is not content:
            search = native.NativeSearch.of(content, WEIGHTS, SCALE, EPSILON, self.horizon, self.rounds)
            if search is None and self.engine == "native":
                raise ValueError("the native engine cannot play this content set (it has hook effects)")
            self._native = (content, search)
        return self._native[1]

    def _playout(self, world: Game, me: int, arm: str, seed: int) -> float:
        """``arm`` played out on a copy of ``world``, the rollout's randomness from ``seed``
        (the same for every arm of a pass): the reference of the native playouts."""
        game = world.clone()
        game.apply_unchecked(me, arm)
        rollout(game, random.Random(seed), horizon=self.horizon, rounds=self.rounds)
        return evaluate(game, me)


def _verified(prior: str, gains: dict[str, list[float]], confidence: float = CONFIDENCE) -> str:
    """The rival whose mean gain over the heuristic's choice is largest, if that gain is
    clear (at least :data:`CONFIDENCE` standard errors); else the heuristic's choice."""
    best, best_mean = prior, 0.0
    for arm, diffs in gains.items():
        n = len(diffs)
        if n < 2:
            continue
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        if mean > best_mean and mean > confidence * spread:
            best, best_mean = arm, mean
    return best
