"""Alpha-beta search (negamax) with iterative deepening over full turns.

Two searches share the driver :class:`AlphaBetaAI`:

- :class:`PlainSearch` for two-player games without powers (``board.plain``), the one
  that has to be fast. It plays turns with :func:`fastpath.make_turn` /
  :func:`fastpath.unmake_turn` and keeps its own level masks (squares of level ≥ 1,
  ≥ 2, 3) in step, so that the win check, the threat check and the evaluation are a
  few bit operations.
- :class:`GenericSearch` for everything else (powers, three or four players, a turn
  already in progress): ``legal_turns``/``push_turn``/``pop`` only, scores from the
  searching player's team's point of view (with three players the opponents are
  modelled as playing for themselves), its horizon checked against the next player's
  immediate win (:mod:`aegean.ai.tactics`) the way greedy checks its turn.

Whatever the budget, the first iteration (one full turn) is searched to the end, so a
slow position or a loaded machine never leaves the AI with an unsearched turn. Node
budgets are counted in work units: a plain node is one, the generic search's slower
operations count as several (``PUSH_UNITS`` ...), so a budget buys about the same time
either way.

What makes the plain search strong for its speed, all exact under the base rules:

- **Immediate wins**: a side to move with a worker on level 2 next to a free level-3
  square wins; no turn list is made.
- **Threats**: if the opponent has such a worker, the only turns that do not lose at
  once dome the threatened square(s) (or, from level 3, step onto one). Only those are
  searched; two threatened squares and no worker on level 3 is a loss.
- **Threat quiescence**: at the horizon a side facing a threat is not evaluated but
  searched on (with those blocking turns only), so scores are never taken in the
  middle of a tactic.
- Move ordering: the transposition-table move, killer turns, then climbs, blocks and
  threat-making builds, then the history table; principal-variation search.

Scores carry ply distance (``WIN - ply``) so the search prefers faster wins and slower
losses; the transposition table stores them relative to the node.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final, Protocol

from ..santorini import Board, Outcome, Turn, fastpath
from ..santorini.rules import opponents_of, team_of
from ..santorini.squares import NEIGHBOR_MASK
from .base import SearchInfo, legal_turns_or_raise, search_turns
from .evaluation import MATE_BOUND, WIN, evaluate, evaluate_for, level_masks
from .placement import choose_placement, is_placement
from .tactics import may_be_stuck, win_now_work

INF: Final = WIN + 1
#: Deepest iteration tried (a game has at most ~100 turns before the board fills).
MAX_DEPTH: Final = 64
#: Ply beyond which threat quiescence stops and the evaluation is trusted anyway.
MAX_PLY: Final = 128
#: Entries kept in the transposition table before it is cleared.
TT_LIMIT: Final = 400_000
#: Nodes this deep or deeper get the full move ordering; nearer the leaves, where most
#: nodes are and a cutoff usually comes at once, scoring every turn costs more than it
#: saves (measured: about 15 % faster to the same depth).
FULL_ORDERING_DEPTH: Final = 3
#: Nodes between budget checks in the plain search (a clock read costs more than a
#: node there); the generic search, whose nodes are slow, checks at every node.
CHECK_EVERY: Final = 1024

# Work units of the generic search, on the plain search's scale (one unit is one plain
# node, about 7 µs on the reference machine), so that a node budget buys about the same
# time with or without powers: what the engine's operations cost there, measured over
# the power suite (docs/performance.md, "AI strength").
#: A turn pushed and popped.
PUSH_UNITS: Final = 15
#: Each turn of a turn list.
LIST_UNITS: Final = 10
#: One evaluation.
EVAL_UNITS: Final = 2
#: One step of a win probe (:func:`~aegean.ai.tactics.win_now_work`).
STEP_UNITS: Final = 5
#: A search for one legal turn of a player who may be stuck.
STUCK_UNITS: Final = 20

EXACT: Final = 0
LOWER: Final = 1  # the score is at least the stored value (a beta cutoff)
UPPER: Final = 2  # the score is at most the stored value (no turn reached alpha)

TTEntry = tuple[int, int, int, Turn | None]


class SearchTimeout(Exception):
    """Raised inside the search when the budget is spent; the driver catches it."""


class StopSignal(Protocol):
    """Asked by the search whether someone wants it to stop now (a ``threading.Event``
    is one): an engine protocol's ``stop`` or ``quit`` arriving from another thread."""

    def is_set(self) -> bool: ...


#: Hears each finished iteration of :meth:`AlphaBetaAI.search` (its depth, score, work,
#: time, best turn and principal variation), as it happens.
Progress = Callable[[SearchInfo], None]


def _to_tt(score: int, ply: int) -> int:
    """Win/loss scores are stored relative to the node, so they stay valid elsewhere."""
    if score > MATE_BOUND:
        return score + ply
    if score < -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score > MATE_BOUND:
        return score - ply
    if score < -MATE_BOUND:
        return score + ply
    return score


class Budget:
    """Counts nodes and raises :class:`SearchTimeout` when time or nodes run out, or
    when ``stop`` is set (checked as often as the clock)."""

    __slots__ = ("deadline", "enforced", "every", "next_check", "node_limit", "nodes", "stop")

    def __init__(
        self,
        deadline: float | None,
        node_limit: int | None,
        every: int = CHECK_EVERY,
        stop: StopSignal | None = None,
    ) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.every = every
        self.stop = stop
        self.nodes = 0
        self.next_check = every if node_limit is None else min(every, node_limit)
        #: Off while the first iteration runs: one full turn deep is always searched.
        self.enforced = True

    def check(self) -> None:
        """Called when ``nodes`` reaches ``next_check``."""
        if self.enforced:
            if self.node_limit is not None and self.nodes >= self.node_limit:
                raise SearchTimeout
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise SearchTimeout
            if self.stop is not None and self.stop.is_set():
                raise SearchTimeout
        step = self.every
        if self.node_limit is not None and self.nodes < self.node_limit:
            step = min(step, self.node_limit - self.nodes)
        self.next_check = self.nodes + step

    def spent(self) -> bool:
        """Whether the budget is used up (asked between iterations)."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            return True
        if self.stop is not None and self.stop.is_set():
            return True
        return self.deadline is not None and time.perf_counter() >= self.deadline


class PlainSearch:
    """Negamax over full turns for two players without powers (the fast path)."""

    def __init__(
        self, board: Board, budget: Budget, tt: dict[int, TTEntry], history: dict[Turn, int]
    ) -> None:
        self.board = board
        self.budget = budget
        self.tt = tt
        self.history = history
        self.masks = level_masks(board)
        self.killers: list[list[Turn | None]] = [[None, None] for _ in range(MAX_PLY + 2)]

    # ------------------------------------------------------------------ the tree
    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Score of the position for the side to move, searched ``depth`` full turns."""
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        board = self.board
        height = board.height
        masks = self.masks
        blocked = board.occupied | board.domes
        top = masks[2] & ~blocked  # free level-3 squares
        me = board.to_move
        mine = board.workers[me]
        theirs = board.workers[1 - me]
        threats = 0
        if top:
            for w in mine:
                if height[w] == 2 and NEIGHBOR_MASK[w] & top:
                    return WIN - ply
            for w in theirs:
                if height[w] == 2:
                    threats |= NEIGHBOR_MASK[w] & top
            if threats & (threats - 1) and height[mine[0]] != 3 and height[mine[1]] != 3:
                # Two squares to dome and one build: the opponent wins next turn (or
                # this side cannot even move and has lost already).
                return ply + 1 - WIN if fastpath.has_turn(board) else ply - WIN
        if depth <= 0:
            if not threats or ply >= MAX_PLY:
                return evaluate(height, mine, theirs, blocked, masks, ply)
            return self._quiesce(threats, alpha, beta, ply)

        # Transposition table.
        key = board.zobrist_hash()
        entry = self.tt.get(key)
        tt_turn: Turn | None = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_turn = entry
            if e_depth >= depth:
                score = _from_tt(e_score, ply)
                if e_flag == EXACT:
                    return score
                if e_flag == LOWER:
                    if score >= beta:
                        return score
                elif score <= alpha:
                    return score

        turns = fastpath.turns(board)
        if not turns:
            return ply - WIN  # no legal turn: the side to move loses (rule 2.2)
        if threats:
            turns = [t for t in turns if not threats & ~((1 << (t[0] & 31)) | (1 << (t[1] & 31)))]
            if not turns:
                return ply + 1 - WIN
        elif depth >= FULL_ORDERING_DEPTH:
            turns = self._ordered(turns, tt_turn, ply, theirs)
        else:
            turns = self._ordered_fast(turns, tt_turn, ply)
            if depth == 1:
                score, turn = self._frontier(turns, alpha, beta, ply)
                self._store(key, 1, alpha, beta, score, turn, ply)
                return score

        make, unmake = fastpath.make_turn, fastpath.unmake_turn
        alpha0 = alpha
        best_score = -INF
        best_turn: Turn | None = None
        first = True
        for turn in turns:
            bsq = turn[1] & 31
            level = height[bsq]
            make(board, turn)
            if level < 3:
                masks[level] |= 1 << bsq
            if first or depth == 1:  # leaves ignore the window: no re-search
                score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                first = False
            else:
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            unmake(board)
            if level < 3:
                masks[level] ^= 1 << bsq
            if score > best_score:
                best_score = score
                best_turn = turn
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(turn, depth, ply)
                        break
        self._store(key, depth, alpha0, beta, best_score, best_turn, ply)
        return best_score

    def _store(
        self, key: int, depth: int, alpha: int, beta: int, score: int, turn: Turn | None, ply: int
    ) -> None:
        """Remember a node's result, as a bound unless it fell inside (alpha, beta)."""
        flag = LOWER if score >= beta else EXACT if score > alpha else UPPER
        tt = self.tt
        if len(tt) >= TT_LIMIT:
            tt.clear()
        tt[key] = (depth, flag, _to_tt(score, ply), turn)

    def _frontier(self, turns: list[Turn], alpha: int, beta: int, ply: int) -> tuple[int, Turn | None]:
        """The last full turn before the horizon: :meth:`negamax` at depth 1 with the
        children's evaluation inlined (most nodes are these children).

        A child where a worker on level 2 touches a free level-3 square (a win to
        take or a threat to answer) goes through :meth:`negamax` as usual.
        """
        board = self.board
        height = board.height
        masks = self.masks
        budget = self.budget
        nbm = NEIGHBOR_MASK
        me = board.to_move
        mine = board.workers[me]
        theirs = board.workers[1 - me]
        make, unmake = fastpath.make_turn, fastpath.unmake_turn
        child = ply + 1
        best_score = -INF
        best_turn: Turn | None = None
        for turn in turns:
            bsq = turn[1] & 31
            level = height[bsq]
            make(board, turn)
            if level < 3:
                masks[level] |= 1 << bsq
            occupied = board.occupied
            blocked = occupied | board.domes
            top = masks[2] & ~blocked
            on2 = occupied & masks[1] & ~masks[2] if top else 0  # workers on level 2
            while on2:
                low = on2 & -on2
                if nbm[low.bit_length() - 1] & top:
                    break
                on2 ^= low
            if on2:
                score = -self.negamax(0, -beta, -alpha, child)
            else:
                budget.nodes += 1
                if budget.nodes >= budget.next_check:
                    budget.check()
                score = -evaluate(height, theirs, mine, blocked, masks, child)
            unmake(board)
            if level < 3:
                masks[level] ^= 1 << bsq
            if score > best_score:
                best_score = score
                best_turn = turn
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(turn, 1, ply)
                        break
        return best_score, best_turn

    def _quiesce(self, threats: int, alpha: int, beta: int, ply: int) -> int:
        """At the horizon with an opponent threat: search the blocking turns only."""
        board = self.board
        height = board.height
        masks = self.masks
        turns = fastpath.turns(board)
        if not turns:
            return ply - WIN
        turns = [t for t in turns if not threats & ~((1 << (t[0] & 31)) | (1 << (t[1] & 31)))]
        if not turns:
            return ply + 1 - WIN
        make, unmake = fastpath.make_turn, fastpath.unmake_turn
        best_score = -INF
        for turn in turns:
            bsq = turn[1] & 31
            level = height[bsq]
            make(board, turn)
            if level < 3:
                masks[level] |= 1 << bsq
            score = -self.negamax(0, -beta, -alpha, ply + 1)
            unmake(board)
            if level < 3:
                masks[level] ^= 1 << bsq
            if score > best_score:
                best_score = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best_score

    # ------------------------------------------------------------------ ordering
    def _ordered(self, turns: list[Turn], tt_turn: Turn | None, ply: int, theirs: list[int]) -> list[Turn]:
        """Turns best-first: TT turn, killers, then climbs and builds by a quick score."""
        height = self.board.height
        danger = 0  # squares next to an opponent worker on level 2
        for w in theirs:
            if height[w] == 2:
                danger |= NEIGHBOR_MASK[w]
        hist = self.history.get
        k1, k2 = self.killers[ply]
        keys = []
        for t in turns:
            mv = t[0]
            b = t[1] & 31
            hd = height[mv & 31]
            hb = height[b]
            s = hist(t, 0) + (hd << 12)
            if danger >> b & 1:
                # Level 2 -> 3 next to their level-2 worker hands them the win;
                # doming their target square blocks it.
                s += -(1 << 20) if hb == 2 else (1 << 11) if hb == 3 else 0
            elif hb == hd and hd < 3:
                s += 1 << 10  # a step up for the next turn
            keys.append(s)
        order = sorted(range(len(turns)), key=keys.__getitem__, reverse=True)
        out = [turns[i] for i in order]
        front = [t for t in (tt_turn, k1, k2) if t is not None and t in turns]
        if front:
            seen = set(front)
            out = list(dict.fromkeys(front)) + [t for t in out if t not in seen]
        return out

    def _ordered_fast(self, turns: list[Turn], tt_turn: Turn | None, ply: int) -> list[Turn]:
        """Cheaper ordering for the last full turn: TT turn, killers, then by height reached."""
        height = self.board.height
        keys = [height[t[0] & 31] for t in turns]
        out = [turns[i] for i in sorted(range(len(turns)), key=keys.__getitem__, reverse=True)]
        k1, k2 = self.killers[ply]
        front = [t for t in (tt_turn, k1, k2) if t is not None and t in turns]
        if front:
            seen = set(front)
            out = list(dict.fromkeys(front)) + [t for t in out if t not in seen]
        return out

    def _reward(self, turn: Turn, depth: int, ply: int) -> None:
        """A turn that caused a cutoff: remember it for siblings and for later."""
        self.history[turn] = self.history.get(turn, 0) + depth * depth
        killers = self.killers[ply]
        if killers[0] != turn:
            killers[1] = killers[0]
            killers[0] = turn

    # ------------------------------------------------------------------ the root
    def root_turns(self, rng: random.Random | None) -> tuple[list[Turn], Turn | None]:
        """Root turns in search order, or an immediately winning turn."""
        board = self.board
        turns = fastpath.turns(board)
        for t in turns:
            if len(t) == 1:
                return turns, t  # a climb onto level 3
        if rng is not None:
            rng.shuffle(turns)  # the seed picks among equals
        height = board.height
        top = self.masks[2] & ~(board.occupied | board.domes)
        threats = 0
        theirs = board.workers[1 - board.to_move]
        for w in theirs:
            if height[w] == 2:
                threats |= NEIGHBOR_MASK[w] & top
        if threats:
            blocking = [t for t in turns if not threats & ~((1 << (t[0] & 31)) | (1 << (t[1] & 31)))]
            if blocking:
                turns = blocking
        return self._ordered(turns, None, 0, theirs), None

    def search_root(self, turns: list[Turn], depth: int, found: Callable[[Turn, int], None]) -> None:
        """Search every root turn ``depth`` full turns deep; ``found`` hears each new best."""
        board = self.board
        height = board.height
        masks = self.masks
        make, unmake = fastpath.make_turn, fastpath.unmake_turn
        alpha = -INF
        for i, turn in enumerate(turns):
            bsq = turn[1] & 31
            level = height[bsq]
            make(board, turn)
            if level < 3:
                masks[level] |= 1 << bsq
            if i == 0:
                score = -self.negamax(depth - 1, -INF, INF, 1)
            else:
                score = -self.negamax(depth - 1, -alpha - 1, -alpha, 1)
                if score > alpha:
                    score = -self.negamax(depth - 1, -INF, -alpha, 1)
            unmake(board)
            if level < 3:
                masks[level] ^= 1 << bsq
            if score > alpha:
                alpha = score
                found(turn, score)

    def restore(self, ply: int) -> None:
        """Undo the turns a timeout left on the board."""
        while self.board.ply > ply:
            fastpath.unmake_turn(self.board)
        self.masks[:] = level_masks(self.board)


class GenericSearch:
    """Alpha-beta over ``legal_turns``/``push_turn``/``pop``, for any game.

    Scores are from the point of view of ``player``'s team: its turns maximise, the
    other side's minimise. With three players each for themselves, minimising would
    have both opponents gang up on the searching player (the "paranoid" search), which
    they do not: each plays for itself. So an opponent there is *modelled*: it plays the
    turn level 1 would choose for it (a win, else its best turn by its own evaluation
    after which the next player cannot win at once), and only that turn is searched on
    (:meth:`_own_choice`). Turns are slow here (a turn list costs milliseconds), so the
    work goes where greedy puts it:

    - **Immediate wins**: every child is pushed once, for ordering; one whose turn won
      (or left the next player without a legal turn) ends the node at once.
    - **The horizon** (the last turn before the evaluation) is *verified*: a turn after
      which the next player can win at once (:func:`~aegean.ai.tactics.win_now_work`)
      scores as that loss. Children are taken best-first by their evaluation and only
      checked until the first one that is safe (nothing after it can be better), so a
      horizon node costs one turn list, a push per turn and usually one check. At the
      root this *is* level 1: greedy's safety with the evaluation instead of its taste.
    - Move ordering by the children's evaluation (the transposition-table turn first).

    The lazy check finds the dangers of the turns a side would play, not wins a turn
    hands to the side's own team (a power that gives the next turn to the same player).
    """

    def __init__(self, board: Board, budget: Budget, tt: dict[int, TTEntry], player: int) -> None:
        self.board = board
        self.budget = budget
        self.tt = tt
        self.team = team_of(board, player)
        self.player = player

    def _spend(self, units: int) -> None:
        budget = self.budget
        budget.nodes += units
        if budget.nodes >= budget.next_check:
            budget.check()

    def _score(self, winners: frozenset[int], distance: int) -> int:
        """A finished game on the plain search's scale: ``WIN - distance`` for a win of
        the team, where ``distance`` is the ply of the turn that decided it."""
        return WIN - distance if winners & self.team else distance - WIN

    def _children(
        self, turns: list[Turn], ply: int
    ) -> tuple[list[tuple[int, bool, int]], tuple[int, Turn] | None]:
        """``(score, exact, index)`` of every turn: the evaluation after it, or the exact
        score of a game it ends (``exact``). The second item is ``(score, turn)`` of a
        turn that wins for the side to move, found before the rest are pushed."""
        board = self.board
        maximizing = board.to_move in self.team
        out: list[tuple[int, bool, int]] = []
        for i, turn in enumerate(turns):
            board.push_turn(turn)
            try:
                outcome, distance = self._ending(ply)
                if outcome is not None:
                    score, exact = self._score(outcome.winners, distance), True
                else:
                    self._spend(EVAL_UNITS)
                    score, exact = evaluate_for(board, self.player), False
            finally:
                board.pop()
            if exact and (score > MATE_BOUND if maximizing else score < -MATE_BOUND):
                return out, (score, turn)
            out.append((score, exact, i))
        return out, None

    def _ending(self, ply: int) -> tuple[Outcome | None, int]:
        """Just after a turn made at ``ply`` (counted as one pushed turn): the end of the
        game it brought, a step's win or the next player left without a legal turn, and
        the ply that decided it."""
        board = self.board
        self._spend(PUSH_UNITS)
        if board.decided is not None:
            return board.decided, ply
        if may_be_stuck(board) and not board.has_legal_turn():
            self._spend(STUCK_UNITS)
            return board.outcome(), ply + 1
        return None, ply

    def _verified(self, turn: Turn, ply: int) -> int | None:
        """The score of ``turn`` if the next player can win at once after it, else
        ``None`` (the evaluation stands)."""
        board = self.board
        board.push_turn(turn)
        try:
            won, work = win_now_work(board)
            self._spend(PUSH_UNITS + STEP_UNITS * work)
            return self._score(team_of(board, board.to_move), ply + 1) if won else None
        finally:
            board.pop()

    def _horizon(
        self, turns: list[Turn], alpha: int, beta: int, ply: int, order: list[Turn] | None = None
    ) -> tuple[int, Turn]:
        """The last full turn before the evaluation, verified lazily (see the class
        docstring). ``order``, when given, receives every turn, best first."""
        maximizing = self.board.to_move in self.team
        children, win = self._children(turns, ply)
        if win is not None:
            if order is not None:
                order[:] = [win[1], *(t for t in turns if t != win[1])]
            return win
        sign = 1 if maximizing else -1
        children.sort(key=lambda c: -sign * c[0])  # stable: equals keep the list's order
        best, best_turn = -sign * INF, turns[children[0][2]]
        settled = len(children)
        for k, (score, exact, i) in enumerate(children):
            if not exact:
                if sign * score <= sign * (alpha if maximizing else beta):
                    # This and every later turn are no better than a bound already held.
                    if sign * score > sign * best:
                        best, best_turn = score, turns[i]
                    settled = k
                    break
                verified = self._verified(turns[i], ply)
                if verified is None:
                    if sign * score > sign * best:
                        best, best_turn = score, turns[i]
                    settled = k
                    break  # safe: no later turn evaluates better
                score = verified
                if sign * score > MATE_BOUND:  # the next player is on the mover's side
                    best, best_turn = score, turns[i]
                    settled = k
                    break
                children[k] = (score, True, i)
            if sign * score > sign * best:
                best, best_turn = score, turns[i]
        if order is not None:
            # Verified losses after the turns still standing, in evaluation order.
            head = [c for c in children[: settled + 1] if not (c[1] and sign * c[0] < -MATE_BOUND)]
            tail = [c for c in children[: settled + 1] if c[1] and sign * c[0] < -MATE_BOUND]
            rest = children[settled + 1 :]
            order[:] = [turns[c[2]] for c in (*head, *rest, *tail)]
        return best, best_turn

    def value(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the position ``depth`` full turns deep (at least one)."""
        board = self.board
        decided = board.decided
        if decided is not None:
            return self._score(decided.winners, ply - 1)
        key = board.zobrist_hash()
        entry = self.tt.get(key)
        tt_turn: Turn | None = None
        if entry is not None:
            e_depth, e_flag, e_score, tt_turn = entry
            if e_depth >= depth:
                score = _from_tt(e_score, ply)
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and score >= beta)
                    or (e_flag == UPPER and score <= alpha)
                ):
                    return score
        turns = search_turns(board)
        self._spend(LIST_UNITS * max(1, len(turns)))
        if not turns:
            outcome = board.outcome()
            return 0 if outcome is None else self._score(outcome.winners, ply)
        alpha0, beta0 = alpha, beta
        if board.to_move not in self.team and self._free_for_all():
            best_turn, best, exact = self._own_choice(turns, ply)
            if depth > 1 and not exact:
                board.push_turn(best_turn)
                try:
                    best = self.value(depth - 1, alpha, beta, ply + 1)
                finally:
                    board.pop()
        elif depth <= 1:
            best, best_turn = self._horizon(turns, alpha, beta, ply)
        else:
            best, best_turn = self._interior(turns, tt_turn, depth, alpha, beta, ply)
        if best <= alpha0:
            flag = UPPER
        elif best >= beta0:
            flag = LOWER
        else:
            flag = EXACT
        if len(self.tt) >= TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, flag, _to_tt(best, ply), best_turn)
        return best

    def _free_for_all(self) -> bool:
        """Whether the searching player has more than one opponent side (three players)."""
        return len(opponents_of(self.board, self.player)) > len(self.team)

    def _own_choice(self, turns: list[Turn], ply: int) -> tuple[Turn, int, bool]:
        """The turn an opponent of a free-for-all plays, as level 1 would choose it: a win
        if it has one, else its best turn by its own evaluation after which the next
        player cannot win at once. Returns the turn, the searching player's score after
        it, and whether that score is exact (the game ends)."""
        board = self.board
        mover = board.to_move
        mover_team = team_of(board, mover)
        scored: list[tuple[int, int, bool, int]] = []
        for i, turn in enumerate(turns):
            board.push_turn(turn)
            try:
                outcome, distance = self._ending(ply)
                if outcome is not None:
                    if outcome.winners & mover_team:
                        return turn, self._score(outcome.winners, distance), True
                    scored.append((-INF, self._score(outcome.winners, distance), True, i))
                    continue
                self._spend(2 * EVAL_UNITS)
                own = evaluate_for(board, mover)
                scored.append((own, evaluate_for(board, self.player), False, i))
            finally:
                board.pop()
        scored.sort(key=lambda c: -c[0])  # stable: equals keep the list's order
        fallback: tuple[Turn, int, bool] | None = None
        for _, score, exact, i in scored:
            if exact:
                break  # only losses for the mover are left
            verified = self._verified(turns[i], ply)
            if verified is None:
                return turns[i], score, False
            if fallback is None:
                fallback = (turns[i], verified, True)
        if fallback is not None:
            return fallback
        return turns[scored[0][3]], scored[0][1], True

    def _interior(
        self, turns: list[Turn], tt_turn: Turn | None, depth: int, alpha: int, beta: int, ply: int
    ) -> tuple[int, Turn]:
        """A node two or more full turns from the horizon: children best-first by their
        evaluation (the table's turn first), each searched one turn less deep."""
        board = self.board
        maximizing = board.to_move in self.team
        children, win = self._children(turns, ply)
        if win is not None:
            return win
        sign = 1 if maximizing else -1
        first = _index(turns, tt_turn)
        children.sort(key=lambda c: (c[2] != first, -sign * c[0]))
        best, best_turn = -sign * INF, turns[children[0][2]]
        for score, exact, i in children:
            if not exact:
                board.push_turn(turns[i])
                try:
                    score = self.value(depth - 1, alpha, beta, ply + 1)
                finally:
                    board.pop()
            if sign * score > sign * best:
                best, best_turn = score, turns[i]
                if maximizing:
                    alpha = max(alpha, score)
                else:
                    beta = min(beta, score)
                if alpha >= beta:
                    break
        return best, best_turn

    def restore(self, ply: int) -> None:
        """Nothing to do: every push is popped on the way out, timeouts included."""

    def search_root(self, turns: list[Turn], depth: int, found: Callable[[Turn, int], None]) -> None:
        """Search every root turn ``depth`` full turns deep; ``found`` hears each new best.
        At depth 1 the root is a verified horizon, and ``turns`` is reordered best first
        for the deeper iterations."""
        if depth == 1:
            order: list[Turn] = []
            score, turn = self._horizon(turns, -INF, INF, 0, order)
            turns[:] = order
            found(turn, score)
            return
        alpha = -INF
        board = self.board
        for turn in turns:
            board.push_turn(turn)
            try:
                score = self.value(depth - 1, alpha, INF, 1)
            finally:
                board.pop()
            if score > alpha:
                alpha = score
                found(turn, score)


def principal_variation(search: PlainSearch | GenericSearch, first: Turn, depth: int) -> tuple[Turn, ...]:
    """``first`` and the turns the transposition table holds after it, at most ``depth``
    turns in all, each checked legal before it is played (an entry may be stale or from
    another position): the line the search expects. The board is left as it was."""
    board = search.board
    line = [first]
    board.push_turn(first)
    try:
        while len(line) < depth and board.decided is None:
            entry = search.tt.get(board.zobrist_hash())
            turn = None if entry is None else entry[3]
            if turn is None or turn not in search_turns(board):
                break
            board.push_turn(turn)
            line.append(turn)
    finally:
        for _ in line:
            board.pop()
    return tuple(line)


def _index(turns: list[Turn], turn: Turn | None) -> int:
    """Where ``turn`` is in ``turns`` (-1 when absent or ``None``)."""
    if turn is None:
        return -1
    try:
        return turns.index(turn)
    except ValueError:
        return -1


class AlphaBetaAI:
    """Iterative-deepening alpha-beta within a depth, time and/or node budget.

    ``max_depth`` caps the full turns searched; ``time_limit`` (seconds) and
    ``node_limit`` (work units) stop the search after the first iteration, keeping the
    best turn of the deepest iteration (or of the unfinished one, if it already found a
    better turn). With a time limit it starts no new iteration after half the time
    (``early_stop``; benchmarks turn that off). A node budget makes the choice
    reproducible; the seed breaks ties among equally scored turns. After each
    :meth:`choose_turn`, :attr:`last_info` says how deep and how much it searched, and
    whether the budget cut an iteration short. :meth:`search` is :meth:`choose_turn` with
    a report after each iteration and a stop signal, for an engine protocol
    (``aegean engine``), which also changes the budget between searches with
    :meth:`set_budget` while the transposition table stays.
    """

    def __init__(
        self,
        *,
        max_depth: int | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        seed: int | None = None,
        name: str = "alphabeta",
        early_stop: bool = True,
    ) -> None:
        self.name = name
        self.early_stop = early_stop
        self.set_budget(max_depth=max_depth, time_limit=time_limit, node_limit=node_limit)
        self._rng = random.Random(seed)
        self._tt: dict[int, TTEntry] = {}
        self._history: dict[Turn, int] = {}
        self.last_info: SearchInfo | None = None

    def set_budget(
        self, *, max_depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
    ) -> None:
        """The budget of the next searches (at least one of the three; checked as the
        constructor checks it)."""
        if max_depth is None and time_limit is None and node_limit is None:
            raise ValueError("alpha-beta needs a budget: max_depth, time_limit or node_limit")
        if max_depth is not None and max_depth < 1:
            raise ValueError(f"max_depth must be at least 1, not {max_depth}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"the time per move must be positive, not {time_limit}")
        if node_limit is not None and node_limit < 1:
            raise ValueError(f"node_limit must be at least 1, not {node_limit}")
        self.max_depth = min(max_depth or MAX_DEPTH, MAX_DEPTH)
        self.time_limit = time_limit
        self.node_limit = node_limit

    def choose_turn(self, board: Board) -> Turn:
        return self.search(board)

    def search(
        self, board: Board, *, progress: Progress | None = None, stop: StopSignal | None = None
    ) -> Turn:
        """:meth:`choose_turn`, telling ``progress`` about each finished iteration (with
        its principal variation, read from the transposition table) and ending the
        search as if its budget were spent once ``stop`` is set. As with any budget, the
        first iteration (one full turn) is finished first. A placement or an immediate
        win is found without iterations: ``progress`` hears nothing then."""
        start = time.perf_counter()
        turns = legal_turns_or_raise(board)
        if is_placement(board):
            turn = choose_placement(board, turns, self._rng)
            self.last_info = SearchInfo(0, 0, time.perf_counter() - start, 0, turn)
            return turn
        deadline = None if self.time_limit is None else start + self.time_limit
        for k in self._history:  # age the history: recent cutoffs count most
            self._history[k] >>= 2
        if board.plain and not board.turn:
            budget = Budget(deadline, self.node_limit, stop=stop)
            return self._search_plain(board, budget, start, progress)
        budget = Budget(deadline, self.node_limit, every=1, stop=stop)
        return self._search_generic(board, turns, budget, start, progress)

    def _search_plain(
        self, board: Board, budget: Budget, start: float, progress: Progress | None = None
    ) -> Turn:
        search = PlainSearch(board, budget, self._tt, self._history)
        turns, win = search.root_turns(self._rng)
        if win is not None:
            self.last_info = SearchInfo(0, 0, time.perf_counter() - start, WIN, win)
            return win
        # A forced turn needs no thought; a shallow search still scores it.
        max_depth = self.max_depth if len(turns) > 1 else min(self.max_depth, 2)
        return self._deepen(search, turns, max_depth, start, progress)

    def _search_generic(
        self,
        board: Board,
        turns: list[Turn],
        budget: Budget,
        start: float,
        progress: Progress | None = None,
    ) -> Turn:
        tt: dict[int, TTEntry] = {}  # scores depend on whose point of view: not shared
        self._rng.shuffle(turns)  # the seed picks among equals
        max_depth = self.max_depth if len(turns) > 1 else 1
        search = GenericSearch(board, budget, tt, board.to_move)
        return self._deepen(search, turns, max_depth, start, progress)

    def _deepen(
        self,
        search: PlainSearch | GenericSearch,
        turns: list[Turn],
        max_depth: int,
        start: float,
        progress: Progress | None = None,
    ) -> Turn:
        """Iterative deepening: search 1, 2, 3... full turns until a budget runs out."""
        root_ply = search.board.ply
        best: list[tuple[Turn, int]] = []
        done: tuple[Turn, int] = (turns[0], 0)  # if not even one turn gets searched
        done_depth = 0
        budget = search.budget
        cut_short = False
        for depth in range(1, max_depth + 1):
            mark = len(best)
            budget.enforced = depth > 1  # one full turn is always searched to the end
            if depth > 1 and budget.spent():
                break
            try:
                search.search_root(turns, depth, lambda turn, score: best.append((turn, score)))
            except SearchTimeout:
                search.restore(root_ply)
                cut_short = True
                # The first turn searched is the previous best; a turn that beat it at
                # this depth is better, even if the iteration did not finish.
                if len(best) > mark + 1:
                    done = best[-1]
                break
            done, done_depth = best[-1], depth
            turns.remove(done[0])  # search the best turn first next time
            turns.insert(0, done[0])
            if progress is not None:
                seconds = time.perf_counter() - start
                pv = principal_variation(search, done[0], depth)
                progress(SearchInfo(depth, budget.nodes, seconds, done[1], done[0], pv=pv))
            if abs(done[1]) > MATE_BOUND or self._out_of_time(start):
                break  # a forced win or loss does not change with depth
        nodes = search.budget.nodes
        seconds = time.perf_counter() - start
        self.last_info = SearchInfo(done_depth, nodes, seconds, done[1], done[0], cut_short)
        return done[0]

    def _out_of_time(self, start: float) -> bool:
        """Whether a next iteration is pointless: it would take many times longer than
        this one, so with half the time gone it cannot finish."""
        if self.time_limit is None or not self.early_stop:
            return False
        return time.perf_counter() - start > 0.5 * self.time_limit
