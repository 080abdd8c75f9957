"""The bitboard fast path for two-player games without powers.

The same rules as :mod:`aegean.santorini.rules` with the power hooks stripped out,
written for CPython speed: bit masks for occupancy, precomputed step tables, and a
single journal record per turn. ``Board`` uses it only when ``board.plain`` is true;
``tests/test_fastpath.py`` checks it against the generic engine.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Final

from . import zobrist
from .outcome import Outcome, Termination
from .squares import NEIGHBOR_MASK, NEIGHBORS
from .steps import DOME_FLAG, MOVES, Turn, place

if TYPE_CHECKING:
    from .board import Board

#: ``BUILD_BITS[worker]``: (bit of target, build step) for each neighbor of ``worker``.
BUILD_BITS: Final = tuple(
    tuple((1 << t, (t | w << 5 | 3 << 10)) for t in NEIGHBORS[w]) for w in range(25)
)
_PLACES: Final = tuple(place(s) for s in range(25))
_FAST_TURN: Final = 10  # the board's journal opcode for a whole fast turn
_WIN_OUTCOMES: Final = (
    Outcome(frozenset({0}), Termination.CLIMB),
    Outcome(frozenset({1}), Termination.CLIMB),
)


def turns(board: Board) -> list[Turn]:
    """Every legal full turn: ``(move,)`` for a winning climb, else ``(move, build)``."""
    height = board.height
    blocked = board.occupied | board.domes
    out: list[Turn] = []
    for w in board.workers[board.to_move]:
        hw = height[w]
        limit = hw + 1
        free = ~blocked | 1 << w  # the vacated square can be built on
        row = MOVES[w]
        for d in NEIGHBORS[w]:
            if blocked >> d & 1:
                continue
            hd = height[d]
            if hd > limit:
                continue
            mv = row[d]
            if hd == 3 and hw == 2:
                out.append((mv,))
            else:
                out.extend([(mv, s) for bit, s in BUILD_BITS[d] if free & bit])
    return out


def count_turns(board: Board) -> int:
    """``len(turns(board))`` without making the turns (bulk counting for perft)."""
    height = board.height
    blocked = board.occupied | board.domes
    total = 0
    for w in board.workers[board.to_move]:
        hw = height[w]
        limit = hw + 1
        free = ~blocked | 1 << w
        for d in NEIGHBORS[w]:
            if blocked >> d & 1 or height[d] > limit:
                continue
            if height[d] == 3 and hw == 2:
                total += 1
            else:
                total += (NEIGHBOR_MASK[d] & free).bit_count()
    return total


def has_turn(board: Board) -> bool:
    """Whether the player to move can move (a move can always be followed by a build)."""
    height = board.height
    blocked = board.occupied | board.domes
    for w in board.workers[board.to_move]:
        limit = height[w] + 1
        for d in NEIGHBORS[w]:
            if not blocked >> d & 1 and height[d] <= limit:
                return True
    return False


def placements(board: Board) -> list[Turn]:
    """Placement turns: each unordered pair of free squares (or single free squares if
    one worker is still to place)."""
    free = [s for s in range(25) if board.is_free(s)]
    missing = board.worker_counts[board.to_move] - len(board.workers[board.to_move])
    return [tuple(_PLACES[s] for s in combo) for combo in combinations(free, missing)]


def make_turn(board: Board, turn: Turn) -> None:
    """Play a (move[, build]) turn with one journal record (the board's ``_FAST_TURN``)."""
    player = board.to_move
    mv = turn[0]
    src = mv >> 5 & 31
    dst = mv & 31
    workers = board.workers[player]
    index = 0 if workers[0] == src else 1
    workers[index] = dst
    owner = board.owner
    owner[src] = -1
    owner[dst] = player
    board.occupied ^= (1 << src) | (1 << dst)
    wkeys = zobrist.WORKER[player]
    z = board._z ^ wkeys[src] ^ wkeys[dst] ^ zobrist.TO_MOVE[player] ^ zobrist.TO_MOVE[1 - player]
    height = board.height
    if height[dst] == 3 and height[src] < 3:
        board._outcome = _WIN_OUTCOMES[player]
        bsq, dome = -1, False
    else:
        b = turn[1]
        bsq = b & 31
        level = height[bsq]
        if level == 3 or b & DOME_FLAG:
            board.domes ^= 1 << bsq
            z ^= zobrist.DOME[bsq]
            dome = True
        else:
            height[bsq] = level + 1
            hkeys = zobrist.HEIGHT[bsq]
            z ^= hkeys[level] ^ hkeys[level + 1]
            dome = False
    board._journal.append((_FAST_TURN, player, index, src, dst, bsq, dome, board._z))
    board._z = z
    board.to_move = 1 - player
    board.ply += 1
    board.history.append(turn)


def unmake_turn(board: Board) -> None:
    """Take back the last :func:`make_turn`."""
    undo_record(board, board._journal.pop())


def undo_record(board: Board, record: tuple[int, int, int, int, int, int, bool, int]) -> None:
    _, player, index, src, dst, bsq, dome, z = record
    board.history.pop()
    board.ply -= 1
    board.to_move = player
    board._outcome = None
    if bsq >= 0:
        if dome:
            board.domes ^= 1 << bsq
        else:
            board.height[bsq] -= 1
    board.workers[player][index] = src
    owner = board.owner
    owner[dst] = -1
    owner[src] = player
    board.occupied ^= (1 << src) | (1 << dst)
    board._z = z
