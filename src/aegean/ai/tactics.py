"""Immediate wins, for any powers: can the player to move win within this very turn?

Every searching AI needs the answer: a turn after which the next player can win at once
is as good as lost (greedy's whole strength is never to play one), and the alpha-beta
search asks it at its horizon (:mod:`aegean.ai.alphabeta`). Listing the next player's
turns to find out (``legal_turns``, then each one played) costs a turn list and a pushed
turn per turn; here the engine's own steps (``rules.candidate_steps`` /
``rules.apply_step``) are tried depth first with ``checkpoint``/``rollback``, each state
of the turn once, and the search stops at the first win.

A win is either one a step reaches (climbing onto level 3, a power's win; ``board.decided``
with the mover's team among the winners) or a turn after which the following player has
no legal turn (rule 2.2; in a three-player game that player only leaves the game, which
is no win unless one player is left). Whether the following player is stuck costs a
search of its own, so it is asked only where it can be: when that player has no move
under the base rules, or an opponent's power restricts their steps (Athena, Limus, ...).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from ..santorini import Board, fastpath, rules
from ..santorini.power import Power
from ..santorini.rules import opponents_of, power_of, team_of
from ..santorini.squares import NEIGHBORS

#: Steps one question may try before it gives up and answers "no win found": powers such
#: as Heracles (any set of domes) have millions of ways to finish a turn. Wins by a step
#: are looked for before going deeper into a turn, so a climb is never missed this way.
STEP_LIMIT: Final = 4000


def can_win_now(board: Board) -> bool:
    """Whether the player to move has a turn that wins at once for their team (see the
    module docstring). ``False`` in a finished game and during setup."""
    return win_now_work(board)[0]


def win_now_work(board: Board, step_limit: int = STEP_LIMIT) -> tuple[bool, int]:
    """:func:`can_win_now` and the work it took: steps tried plus stuck-player checks
    (the search counts them against its budget)."""
    if board.decided is not None or rules.in_setup_turn(board):
        return False, 0
    if board.plain and not board.turn:
        return plain_win_now(board), 1
    probe = _WinProbe(board, step_limit)
    return probe.search(), probe.work


def restricts_opponents(board: Board, player: int) -> bool:
    """Whether an opponent of ``player`` acts with a power that can forbid them steps
    (Athena, Limus, Hypnus...): then base-rule mobility says nothing about being stuck."""
    base = Power.allows_opponent_step
    return any(
        type(power).allows_opponent_step is not base
        for owner, power in enumerate(rules.acting_powers(board))
        if owner in opponents_of(board, player)
    )


def has_plain_move(board: Board, player: int) -> bool:
    """Whether one of ``player``'s workers can step to a free neighbour at most one level
    up (under the base rules that is a legal turn: the vacated square can be built on)."""
    height = board.height
    blocked = board.occupied | board.domes
    for w in board.workers[player]:
        limit = height[w] + 1
        for n in NEIGHBORS[w]:
            if not blocked >> n & 1 and height[n] <= limit:
                return True
    return False


def may_be_stuck(board: Board) -> bool:
    """Whether the player to move might have no legal turn (when ``False`` they surely
    have one, up to powers that block squares with tokens)."""
    player = board.to_move
    return not has_plain_move(board, player) or restricts_opponents(board, player)


def plain_win_now(board: Board) -> bool:
    """:func:`can_win_now` under the base rules, mostly without making turns."""
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


class _WinProbe:
    """One depth-first search of the turn in progress for a win (see the module docs)."""

    def __init__(self, board: Board, step_limit: int) -> None:
        self.board = board
        self.team = team_of(board, board.to_move)
        self.start_ply = board.ply
        self.step_limit = step_limit
        self.work = 0
        self.seen: set[Hashable] = set()
        self.check_stuck = board.n_players != 3 or bool(board.eliminated())

    def search(self) -> bool:
        """Every step from here: first whether one wins at once, then deeper (so that a
        turn with countless endings, such as Heracles's domes, cannot hide a climb)."""
        board = self.board
        deeper = []
        for step in rules.candidate_steps(board):
            if self.work >= self.step_limit:
                return False
            self.work += 1
            mark = board.checkpoint()
            rules.apply_step(board, step)
            try:
                decided = board.decided
                if decided is not None:
                    if decided.winners & self.team:
                        return True
                elif board.ply == self.start_ply:
                    deeper.append(step)
                elif self.check_stuck and self._stuck():
                    return True
            finally:
                board.rollback(mark)
        for step in deeper:
            mark = board.checkpoint()
            rules.apply_step(board, step)
            try:
                key = (board.board_hash, power_of(board, board.to_move).turn_key(board))
                if key not in self.seen:
                    self.seen.add(key)
                    if self.search():
                        return True
            finally:
                board.rollback(mark)
        return False

    def _stuck(self) -> bool:
        """Whether the turn just finished left the next player without a legal turn, and
        that wins (two sides, or the last but one player of three)."""
        board = self.board
        if not may_be_stuck(board):
            return False
        self.work += 2
        outcome = board.outcome()
        return outcome is not None and bool(outcome.winners & self.team)

