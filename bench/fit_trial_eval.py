"""Fit the search bot's evaluation (``aegean.trial.bots.search.WEIGHTS``) on a content set.

Plays games between heuristic bots (2 to 4 players, base and advanced, a few with some
random choices for variety), records each player's :func:`features` at the start of every
round and their final Victory Points, and fits, for each number of rounds left, the
least-squares weights (a little ridge) with each weight kept to its sign (laurels, Energy,
Heroes and Talents count for, Dishonor against: a weight of the wrong sign is dropped and
the rest refitted). Prints the table to paste into ``WEIGHTS`` and how often it names the
winner on games it was not fitted on.

    .venv/bin/python bench/fit_trial_eval.py [--games N] [--content DIR]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from aegean.trial.bots.heuristic import policy
from aegean.trial.bots.search import FEATURES, features, ranking_vp
from aegean.trial.content import ContentSet, load_content
from aegean.trial.engine import Game
from aegean.trial.state import ROUNDS

SEED = 100_000
#: +1: the weight may not be negative, -1: not positive, 0: free (the constant).
SIGNS = (0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, 1)
RIDGE = 1.0

Sample = tuple[list[float], float]


def play(content: ContentSet, g: int) -> list[tuple[int, list[Sample], int]]:
    """One game's snapshots: (rounds left, each player's (features, final VP), winner)."""
    players, advanced = (2, 3, 4, 4)[g % 4], (g // 4) % 2 == 1
    game = Game.new(content, players, SEED + g, advanced=advanced)
    rng = random.Random(SEED + g)
    epsilon = rng.choice((0.0, 0.05, 0.15))
    snapshots: list[tuple[int, list[list[float]]]] = []
    seen_round = game.state.round
    while not game.over:
        if game.state.round != seen_round:
            seen_round = game.state.round
            vp = ranking_vp(game)
            left = ROUNDS[advanced] - seen_round + 1
            snapshots.append((left, [features(game, p, vp) for p in range(players)]))
        q = game.to_decide()[0]
        legal = game.legal(q)
        if rng.random() < epsilon:
            game.apply(q, legal[rng.randrange(len(legal))])
        else:
            game.apply(q, policy(game, q, legal, rng))
    final = game.scores()
    winner = game.final_order()[0]
    return [(left, [(x, float(final[p])) for p, x in enumerate(xs)], winner) for left, xs in snapshots]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(a)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i and m[i][i]:
                factor = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= factor * m[i][c]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def least_squares(data: Sequence[Sample], columns: list[int]) -> list[float]:
    k = len(columns)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in data:
        row = [x[c] for c in columns]
        for i in range(k):
            b[i] += row[i] * y
            for j in range(k):
                a[i][j] += row[i] * row[j]
    for i in range(k):
        if columns[i] != 0:
            a[i][i] += RIDGE
    return solve(a, b)


def signed_fit(data: Sequence[Sample]) -> list[float]:
    """Least squares, dropping the worst weight of the wrong sign until none is left."""
    columns = list(range(len(FEATURES)))
    while True:
        weights = [0.0] * len(FEATURES)
        for c, w in zip(columns, least_squares(data, columns), strict=True):
            weights[c] = w
        wrong = [c for c in columns if SIGNS[c] * weights[c] < 0]
        if not wrong:
            return weights
        columns.remove(min(wrong, key=lambda c: SIGNS[c] * weights[c]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--content", default=None, help="a content set's folder (default: the sample set)")
    args = parser.parse_args()
    content = load_content(args.content)
    games = [play(content, g) for g in range(args.games)]
    held_out = games[::5]
    train = [snap for g, game in enumerate(games) if g % 5 for snap in game]
    print(f"{args.games} games, content: {content.label}")
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    fitted = {}
    for left in sorted({snap[0] for snap in train}):
        fitted[left] = signed_fit([s for snap in train if snap[0] == left for s in snap[1]])
        final = signed_fit([s for game in games for snap in game if snap[0] == left for s in snap[1]])
        print(f"    {left}: ({', '.join(f'{round(w, 2):g}' for w in final)}),")
    print("}")
    for left, weights in fitted.items():
        snaps = [snap for game in held_out for snap in game if snap[0] == left]
        right = 0
        for _, samples, winner in snaps:
            values = [sum(w * x for w, x in zip(weights, xs, strict=True)) for xs, _ in samples]
            right += max(range(len(values)), key=values.__getitem__) == winner
        print(f"rounds left {left}: names the winner in {right}/{len(snaps)} held-out games")


if __name__ == "__main__":
    main()
