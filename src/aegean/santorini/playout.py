"""Random playouts: play uniformly random legal turns to the end of the game.

A playout is the unit of work of Monte Carlo search and of the simulation tests. On
the fast path (two players, no powers) a turn is drawn without listing the turns:
:func:`~aegean.santorini.fastpath.random_turn` counts them per move with popcounts,
draws one index below their number and finds that turn. Every legal full turn is thus
equally likely, exactly as if one were picked from ``board.legal_turns()`` by index, at
a fraction of the cost. Other games go through ``legal_turns``/``push_turn``.

>>> import random
>>> from aegean.santorini import Board
>>> board = Board()
>>> played: list[Turn] = []
>>> outcome = random_playout(board, random.Random(1), played)
>>> board.position()  # unchanged
'00000/00000/00000/00000/00000 1 - -'
>>> replay = Board()
>>> for turn in played:
...     replay.play(turn)
>>> replay.outcome() == outcome
True
"""

from __future__ import annotations

import random
from math import comb

from . import fastpath, rules
from .board import Board
from .notation import Turn
from .outcome import Outcome
from .steps import place


def random_playout(board: Board, rng: random.Random, played: list[Turn] | None = None) -> Outcome:
    """Play uniformly random legal turns from here until the game ends; return how it ended.

    Placements come first if the board is still in placement. The board is left exactly
    as it was (position, hash, history and undo stack). If ``played`` is given, the
    turns are appended to it, so the game can be replayed with ``Board.play``.
    """
    pushed = 0
    try:
        while not (board.plain and not board.turn):
            outcome = board.outcome()
            if outcome is not None:
                return outcome
            turns = board.legal_turns()
            turn = turns[rng.randrange(len(turns))]
            board.push_turn(turn)
            pushed += 1
            if played is not None:
                played.append(turn)
        return _plain_playout(board, rng, played)
    finally:
        for _ in range(pushed):
            board.pop()


def _plain_playout(board: Board, rng: random.Random, played: list[Turn] | None) -> Outcome:
    """The fast path: placements by index, then turns by ``fastpath.random_turn``.

    Turns are made with ``fastpath.make_turn`` and undone with ``unmake_turn`` (the
    board's own make/unmake); placements are logged as primitives and rolled back.
    """
    mark = board.checkpoint()
    made = 0  # fast turns made since the last placement: they top the journal
    try:
        while True:
            outcome = board.decided
            if outcome is not None:
                return outcome
            if not (board.placing or _anyone_placing(board)):
                break
            if board.placing:
                turn = _random_placement(board, rng)
                if turn is None:
                    return rules.no_legal_turn_outcome(board)
                fastpath.make_placement(board, turn)
                made = 0
            else:
                picked = fastpath.random_turn(board, rng.randrange)
                if picked is None:
                    return rules.no_legal_turn_outcome(board)
                turn = picked
                fastpath.make_turn(board, turn)
                made += 1
            if played is not None:
                played.append(turn)
        # Every worker is on the board: from here on only moves, none placing again.
        randrange = rng.randrange
        pick, make = fastpath.random_turn, fastpath.make_turn
        while True:
            picked = pick(board, randrange)
            if picked is None:
                return rules.no_legal_turn_outcome(board)
            make(board, picked)
            made += 1
            if played is not None:
                played.append(picked)
            outcome = board.decided
            if outcome is not None:
                return outcome
    finally:
        unmake = fastpath.unmake_turn
        for _ in range(made):
            unmake(board)
        board.rollback(mark)


def _anyone_placing(board: Board) -> bool:
    return any(len(ws) < n for ws, n in zip(board.workers, board.worker_counts, strict=True))


def _random_placement(board: Board, rng: random.Random) -> Turn | None:
    """A uniformly random placement turn, in the order of ``fastpath.placements``; None
    when there is none."""
    blocked = board.occupied | board.domes
    free = [s for s in range(25) if not blocked >> s & 1]
    missing = board.worker_counts[board.to_move] - len(board.workers[board.to_move])
    total = comb(len(free), missing)
    if total == 0:
        return None
    r = rng.randrange(total)
    if missing == 2:  # the r-th pair in lexicographic order, without listing the pairs
        row = len(free) - 1
        i = 0
        while r >= row:
            r -= row
            row -= 1
            i += 1
        return Turn((place(free[i]), place(free[i + 1 + r])))
    return fastpath.placements(board)[r]
