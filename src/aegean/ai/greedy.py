"""A one-turn-deep opponent: the baseline every searching AI must beat.

It wins at once when it can (climbing onto level 3, or leaving the opponent without a
legal turn), never hands the next player such an immediate win when some turn avoids it,
and otherwise climbs as high as it can, with seeded random tie-breaks.

It plays any number of players: "the opponent" is whoever moves next (in three-player
games the player after that is not looked at: one turn deep means one reply), a win
of the team counts as its own (four players), and it reads its workers through
``board.workers[player]``, which team mates share.
"""

from __future__ import annotations

import random

from ..santorini import Board, Turn, fastpath
from ..santorini.rules import opponents_of
from ..santorini.squares import NEIGHBORS
from .base import legal_turns_or_raise
from .placement import choose_placement, is_placement


def opponent_can_win_now(board: Board) -> bool:
    """Whether the player to move has a turn that wins at once (for them or their
    team): a climb onto level 3 or a power's win, or a turn after which the next player
    cannot move (rule 2.2; in a three-player game that player only leaves the game)."""
    if board.decided is not None:
        return False
    if board.plain and not board.turn and not board.placing:
        return _plain_win_now(board)
    mover = board.to_move
    turns = board.legal_turns()
    # Wins by a step first: cheap to see (``decided``), and they make the costly search
    # for a stalemated next player unnecessary.
    for turn in turns:
        board.push_turn(turn)
        decided = board.decided
        board.pop()
        if decided is not None and mover in decided.winners:
            return True
    for turn in turns:
        board.push_turn(turn)
        try:
            outcome = board.outcome()
        finally:
            board.pop()
        if outcome is not None and mover in outcome.winners:
            return True
    return False


def _plain_win_now(board: Board) -> bool:
    """:func:`opponent_can_win_now` under the base rules, mostly without making turns."""
    height = board.height
    blocked = board.occupied | board.domes
    mover = board.to_move
    for w in board.workers[mover]:
        if height[w] == 2 and any(height[n] == 3 and not blocked >> n & 1 for n in NEIGHBORS[w]):
            return True  # a worker on level 2 next to a free level-3 square climbs and wins
    # A stalemate: one turn occupies one square and builds on one more, so the other
    # player keeps a move if it can reach three different squares now.
    reachable = 0
    for w in (w for other in opponents_of(board, mover) for w in board.workers[other]):
        for n in NEIGHBORS[w]:
            if not blocked >> n & 1 and height[n] <= height[w] + 1:
                reachable |= 1 << n
    if reachable.bit_count() >= 3:
        return False
    for turn in fastpath.turns(board):
        fastpath.make_turn(board, turn)
        stuck = not fastpath.has_turn(board)
        fastpath.unmake_turn(board)
        if stuck:
            return True
    return False


def climb_score(board: Board, player: int) -> int:
    """Greedy's taste: workers high up, with a free square one level higher next door."""
    height = board.height
    blocked = board.occupied | board.domes
    score = 0
    for w in board.workers[player]:
        h = height[w]
        score += 4 * h
        if h < 3:
            score += sum(1 for n in NEIGHBORS[w] if height[n] == h + 1 and not blocked >> n & 1)
    return score


class GreedyAI:
    """Best turn by :func:`climb_score` among those that do not lose on the spot."""

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose_turn(self, board: Board) -> Turn:
        turns = legal_turns_or_raise(board)
        if is_placement(board):
            return choose_placement(board, turns, self._rng)
        me = board.to_move
        best: tuple[int, float, int] | None = None
        for i, turn in enumerate(turns):
            board.push_turn(turn)
            try:
                outcome = board.outcome()
                if outcome is not None:
                    if me in outcome.winners:
                        return turn
                    safe = False  # a power's lose condition: as bad as handing over a win
                else:
                    safe = not opponent_can_win_now(board)
                score = climb_score(board, me)
            finally:
                board.pop()
            # Safe turns first (a class of their own), then the score, then a coin toss.
            key = ((1 << 20) + score if safe else score, self._rng.random(), i)
            if best is None or key > best:
                best = key
        assert best is not None
        return turns[best[2]]
