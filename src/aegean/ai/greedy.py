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

from ..santorini import Board, Turn
from ..santorini.squares import NEIGHBORS
from .base import legal_turns_or_raise
from .placement import choose_placement, is_placement
from .tactics import can_win_now

#: (Its first name: "the opponent", the player to move after greedy's turn.)
opponent_can_win_now = can_win_now


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
        # (score, coin toss, index) of each turn that does not lose on the spot by a
        # power's lose condition; the coin is tossed for every turn, in list order.
        keys: list[tuple[int, float, int]] = []
        doomed: list[tuple[int, float, int]] = []
        for i, turn in enumerate(turns):
            board.push_turn(turn)
            try:
                outcome = board.outcome()
                if outcome is not None and me in outcome.winners:
                    return turn
                score = climb_score(board, me)
            finally:
                board.pop()
            # A power's lose condition is as bad as handing over a win.
            (keys if outcome is None else doomed).append((score, self._rng.random(), i))
        # The best safe turn: the best by score whose opponent cannot win at once. Only
        # the turns before it in that order are checked (most positions: one).
        keys.sort(reverse=True)
        for key in keys:
            board.push_turn(turns[key[2]])
            try:
                safe = not can_win_now(board)
            finally:
                board.pop()
            if safe:
                return turns[key[2]]
        return turns[max(keys + doomed)[2]]
