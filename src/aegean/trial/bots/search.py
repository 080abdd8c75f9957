"""The search bot: determinized flat Monte-Carlo search with UCB1 at the root.

For each playout it imagines a game consistent with its view
(:func:`~aegean.trial.determinize.determinize`: other hands, deck orders, Treasures, dice
drawn afresh), makes one of its legal choices there, lets every seat play on with the
heuristic policy (a little randomised) to the end of the round, and scores the result
with :func:`evaluate`, its estimate of the final standings. UCB1 spreads the playouts
over the choices; the most-played wins.

A playout, as the benchmark counts it, is exactly that: one determinization, one choice,
one rollout to the round's end (or the game's), one evaluation. Budgets are per decision:
``playouts`` (reproducible from the seed whatever the load) or ``seconds``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..determinize import determinize
from ..engine import Game
from ..state import MAX_VIGOR, ROUNDS
from .base import PlayerView
from .heuristic import attack_potential, fight_value, policy

DEFAULT_PLAYOUTS = 64
#: The head start of the heuristic's own choice, in summed rewards (each in [0, 1]).
BIAS = 0.05
#: Rollout decisions made at random instead of by the heuristic, for variety.
EPSILON = 0.05
#: A rollout stops after this many decisions even if the round goes on.
MAX_ROLLOUT = 400
#: The standings' gap (in Victory Points) that the evaluation maps to 73 % (a logistic).
SCALE = 4.0


def projected(game: Game) -> list[float]:
    """Each player's projected final score: the Victory Points the rankings would give
    now, a little for each laurel (ranks move), and, while rounds are left, for what
    earns laurels later (Energy, Vigor, Followers, Talents, Temples, cards)."""
    s = game.state
    n = len(s.players)
    if s.over:
        return [float(v) for v in game.scores()]
    laurels = [game.laurels(p) for p in range(n)]
    vp = [0.0] * n
    for ranking, points in (
        ("submission", (6, 4, 2)),
        ("exploration", (6, 4, 2)),
        ("olympics", (5, 3, 1)),
        ("devotion", (5, 3, 1)),
    ):
        for p, v in game.ranking_points(ranking, {p: laurels[p][ranking] for p in range(n)}, points).items():
            vp[p] += v
    left = (ROUNDS[s.advanced] - s.round) / ROUNDS[s.advanced]
    out = []
    for p, player in enumerate(s.players):
        value = vp[p] + 0.4 * sum(laurels[p].values()) - 0.3 * player.dishonor
        value += left * (
            0.3 * player.available
            + 0.15 * player.exhausted
            + 0.3 * player.vigor
            + 1.0 * len(player.followers)
            + 0.5 * sum(player.followers.values())
            + 0.8 * len(player.talents)
            + 0.5 * len(player.temples)
            + 0.3 * sum(player.raised)
        )
        out.append(value)
    return out


def evaluate(game: Game, p: int) -> float:
    """How good ``game`` looks for ``p``, in [0, 1]: its projected score against the best
    rival's, through a logistic (1 for a won game)."""
    values = projected(game)
    if game.over and game.winner() == p:
        return 1.0
    best_other = max(v for q, v in enumerate(values) if q != p)
    return 1.0 / (1.0 + math.exp(-(values[p] - best_other) / SCALE))


def rollout(game: Game, rng: random.Random, epsilon: float = EPSILON) -> int:
    """Play every seat with the heuristic policy to the end of the round; the decisions made."""
    start = game.state.round
    made = 0
    while not game.over and game.state.round == start and made < MAX_ROLLOUT:
        q = game.to_decide()[0]
        legal = game.legal(q)
        if len(legal) == 1:
            choice = legal[0]
        elif rng.random() < epsilon:
            choice = legal[rng.randrange(len(legal))]
        else:
            choice = policy(game, q, legal, rng)
        game.apply(q, choice)
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
    """Flat Monte-Carlo over determinizations with common random numbers: every choice
    still in the running is tried on the same imagined game and dice, and the worse half
    is dropped at each stage (sequential halving); heuristic rollouts."""

    name = "search"

    def __init__(self, seed: int, playouts: int | None = None, seconds: float | None = None) -> None:
        if playouts is None and seconds is None:
            playouts = DEFAULT_PLAYOUTS
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds
        #: Playouts run so far, for the benchmark's rate.
        self.total_playouts = 0

    def choose(self, view: PlayerView, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        me = view.player
        here = determinize(view, self.rng)
        prior = policy(here, me, legal, self.rng)
        arms = candidates(here, me, legal, prior)
        if len(arms) == 1:
            return prior
        totals = dict.fromkeys(arms, 0.0)
        # The heuristic's choice wins ties and near-ties: evidence must beat it.
        totals[prior] += BIAS
        sizes = [len(arms)]
        while sizes[-1] > 2:
            sizes.append(max(2, sizes[-1] // 2))
        passes_per_stage = max(1, self.playouts // sum(sizes)) if self.playouts is not None else 2
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        passes = 0
        alive = list(arms)
        while len(alive) > 1:
            if self.playouts is not None and done + len(alive) > self.playouts and passes:
                break
            if deadline is not None and time.perf_counter() >= deadline and passes:
                break
            seed = self.rng.getrandbits(64)
            for arm in alive:
                world = determinize(view, random.Random(seed))
                world.apply(me, arm)
                rollout(world, random.Random(seed + 1))
                totals[arm] += evaluate(world, me)
            done += len(alive)
            passes += 1
            if passes % passes_per_stage == 0 and len(alive) > 2:
                alive.sort(key=lambda c: -totals[c])
                alive = alive[: max(2, len(alive) // 2)]
        self.total_playouts += done
        return max(alive, key=lambda c: totals[c])
