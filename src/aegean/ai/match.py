"""Matches between two AIs, with the statistics to tell whether one is stronger.

Games start from a fixed suite of openings (positions right after placement), each
played twice with colours swapped (six times, every seat in turn, with three players), so
neither side profits from a lucky opening or from moving first. The score is wins plus
half the draws (a game still running after ``max_turns`` is a draw); the Wilson interval
bounds the true score with 95 % confidence, and the Elo difference is the logistic rating
gap that score implies.

>>> r = MatchResult.from_counts(games=10, wins_a=7, wins_b=2)
>>> r.score, round(r.elo)
(0.75, 191)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..santorini import Board
from .base import Engine

#: The two-sided 95 % normal quantile.
Z95: Final = 1.959963984540054

#: Opening positions after placement, player 1 to move, level ground. Chosen by hand to
#: differ in shape (no two alike under the board's symmetries and a swap of colours)
#: while staying roughly balanced (a 4-turn search scores them within ±15 points,
#: a fifth of a level); each is played with both colours.
OPENINGS: Final[list[str]] = [
    "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",  # diagonal cross
    "00000/00000/00000/00000/00000 1 c2,c4 b3,d3",  # orthogonal cross
    "00000/00000/00000/00000/00000 1 b2,c3 c2,d3",  # interlocked on a diagonal
    "00000/00000/00000/00000/00000 1 b2,b4 d2,d4",  # facing files
    "00000/00000/00000/00000/00000 1 c2,d3 b3,c4",  # diamond
    "00000/00000/00000/00000/00000 1 a1,e5 c2,c4",  # corners against the centre
    "00000/00000/00000/00000/00000 1 a3,e3 c2,c4",  # edges against the centre
    "00000/00000/00000/00000/00000 1 c2,c3 b4,d4",  # column against a pincer
    "00000/00000/00000/00000/00000 1 c1,c5 a3,e3",  # all on the edges
    "00000/00000/00000/00000/00000 1 b2,c2 b4,c4",  # facing pairs
    "00000/00000/00000/00000/00000 1 b3,c3 c2,d2",  # staggered pairs
    "00000/00000/00000/00000/00000 1 a2,d4 b4,e2",  # pinwheel
]


def wilson_interval(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a success fraction ``score`` over ``games`` trials.

    Unlike the normal approximation it stays inside [0, 1] and is sensible at a score
    of 0 or 1, which lopsided matches produce.
    """
    if games <= 0:
        return 0.0, 1.0
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (score + z2 / (2 * games)) / denominator
    half = z * math.sqrt(score * (1 - score) / games + z2 / (4 * games * games)) / denominator
    low = 0.0 if score <= 0.0 else max(0.0, centre - half)  # exact at the ends, despite rounding
    high = 1.0 if score >= 1.0 else min(1.0, centre + half)
    return low, high


def elo_difference(score: float) -> float:
    """Rating gap implied by a score fraction: ``-400 log10(1/score - 1)``; ±inf at 1/0."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass
class MatchResult:
    """A match so far, from A's side: ``score`` is A's points per game."""

    games: int
    wins_a: int
    wins_b: int
    score: float
    wilson_low: float
    wilson_high: float
    elo: float  #: Elo difference A − B (±inf when one side won every game)

    @classmethod
    def from_counts(cls, games: int, wins_a: int, wins_b: int) -> MatchResult:
        """The statistics of ``games`` games of which A won ``wins_a`` and B ``wins_b``."""
        if not 0 <= wins_a + wins_b <= games or wins_a < 0 or wins_b < 0:
            raise ValueError(f"impossible counts: {wins_a} + {wins_b} wins in {games} games")
        score = (wins_a + 0.5 * (games - wins_a - wins_b)) / games if games else 0.5
        low, high = wilson_interval(score, games)
        return cls(games, wins_a, wins_b, score, low, high, elo_difference(score) if games else 0.0)

    @property
    def draws(self) -> int:
        return self.games - self.wins_a - self.wins_b

    @property
    def elo_interval(self) -> tuple[float, float]:
        """The Elo differences at the ends of the Wilson interval."""
        return elo_difference(self.wilson_low), elo_difference(self.wilson_high)

    def summary(self, name_a: str, name_b: str) -> str:
        """One line: score, W/L/D, the 95 % interval of the score and the Elo gap."""
        points = self.wins_a + 0.5 * self.draws
        elo_low, elo_high = self.elo_interval
        return (
            f"{name_a} vs {name_b}: {points:g}/{self.games} ({100 * self.score:.1f}%), "
            f"+{self.wins_a} -{self.wins_b} ={self.draws}, "
            f"95% CI [{100 * self.wilson_low:.1f}%, {100 * self.wilson_high:.1f}%], "
            f"Elo {_signed(self.elo)} [{_signed(elo_low)}, {_signed(elo_high)}]"
        )


def _signed(elo: float) -> str:
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    return f"{elo:+.0f}"


def sides_of(board: Board, player: int) -> frozenset[int]:
    """The seats that play together with ``player``: just that seat, or the team of two
    in four-player games (SANTORINI.md §6), who share their workers and their result."""
    side = board.side_of(player)
    return frozenset(p for p in range(board.n_players) if board.side_of(p) == side)


#: Who plays which side, game after game from one opening: in two-sided games A takes
#: the side to move, then the other; in three-player games (free-for-all) A plays each
#: seat alone against two Bs, then B each seat alone against two As. Over a round A holds
#: as many seats as B, so equal players score 50 % in either.
SEATINGS: Final[dict[int, tuple[str, ...]]] = {
    2: ("AB", "BA"),
    3: ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB"),
}


def seatings_for(board: Board) -> tuple[str, ...]:
    """The rotation of :data:`SEATINGS` for ``board``'s number of sides."""
    if board.n_sides not in SEATINGS:
        raise ValueError(f"a match needs 2 or 3 sides (4 players play in two teams), not {board.n_players}")
    return SEATINGS[board.n_sides]


def play_game(a: Engine, b: Engine, start: str, a_first: bool, max_turns: int) -> int | None:
    """Play one two-sided game; returns 0 if A won, 1 if B won, ``None`` for a draw by
    length. A plays the side to move at ``start`` when ``a_first``, else the other side;
    a side is a player, or a team of two in four-player games (one engine plays both)."""
    board = Board.from_position(start)
    if board.n_sides != 2:
        raise ValueError(f"a match is between two sides (2 players, or 4 in teams), not {board.n_players}")
    return play_seated(lambda: a, lambda: b, start, "AB" if a_first else "BA", max_turns)


def play_seated(
    make_a: Callable[[], Engine], make_b: Callable[[], Engine], start: str, seating: str, max_turns: int
) -> int | None:
    """Play one game with ``seating[k]`` ("A" or "B") at the ``k``-th side counted from
    the side to move at ``start``; returns 0 if an A seat won, 1 if a B seat won, ``None``
    for a draw by length (``max_turns`` turns without a result).

    Each side gets its own engine (a team's two seats share one). Turns go through
    :meth:`Board.play`, so an AI returning an illegal turn fails loudly instead of
    corrupting the game.
    """
    board = Board.from_position(start)
    n = board.n_sides
    if len(seating) != n:
        raise ValueError(f"a seating of {len(seating)} sides for a game of {n}")
    first = board.side_of(board.to_move)
    engines = {(first + k) % n: make_a() if seat == "A" else make_b() for k, seat in enumerate(seating)}
    a_seats = frozenset(p for p in range(board.n_players) if seating[(board.side_of(p) - first) % n] == "A")
    for _ in range(max_turns):
        outcome = board.outcome()
        if outcome is not None:
            return 0 if outcome.winners & a_seats else 1
        board.play(engines[board.side_of(board.to_move)].choose_turn(board))
    outcome = board.outcome()
    if outcome is None:
        return None
    return 0 if outcome.winners & a_seats else 1


def run_match(
    make_a: Callable[[], Engine],
    make_b: Callable[[], Engine],
    games: int,
    *,
    openings: Sequence[str] = OPENINGS,
    max_turns: int = 300,
    on_game: Callable[[int, MatchResult], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between fresh AIs from ``make_a`` and ``make_b``.

    With ``k`` seatings (:data:`SEATINGS`: 2, or 6 for three players), game ``i`` starts
    from ``openings[(i // k) % len(openings)]`` with seating ``i % k``: in two-sided
    games A moves first when ``i`` is even. ``on_game(i, result_so_far)`` is called after
    each game. The openings may be of any game: two players (with powers, or the Golden
    Fleece), four players in teams, where each AI plays both seats of its team, or three
    players, each seat with an AI of its own.
    """
    if games < 1:
        raise ValueError(f"a match needs at least one game, not {games}")
    if not openings:
        raise ValueError("no openings to start the games from")
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, not {max_turns}")
    seatings = seatings_for(Board.from_position(openings[0]))
    k = len(seatings)
    wins = [0, 0]
    result = MatchResult.from_counts(0, 0, 0)
    for i in range(games):
        start = openings[(i // k) % len(openings)]
        winner = play_seated(make_a, make_b, start, seatings[i % k], max_turns)
        if winner is not None:
            wins[winner] += 1
        result = MatchResult.from_counts(i + 1, wins[0], wins[1])
        if on_game is not None:
            on_game(i, result)
    return result
