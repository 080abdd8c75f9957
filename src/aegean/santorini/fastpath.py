"""The bitboard fast path for two-player games without powers.

The same rules as :mod:`aegean.santorini.rules` with the power hooks stripped out,
written for CPython speed: bit masks for occupancy, precomputed step, hash and turn
tables, and a single small journal record per turn. ``Board`` uses it only when
``board.plain`` is true; ``tests/test_fastpath.py`` checks it against the generic engine.
Every figure in ``docs/performance.md`` is measured through these functions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import combinations
from typing import Any, Final, TypeAlias

from . import zobrist
from .notation import Turn
from .outcome import Outcome, Termination
from .squares import NEIGHBOR_MASK, NEIGHBORS
from .state import JOURNAL_CALL, GameState
from .steps import BUILDS, DOME_FLAG, MOVES, TurnCode, place

#: Any state will do: the fast path reads and writes pieces only, never powers.
AnyState: TypeAlias = GameState[Any]

_PLACES: Final = tuple(place(s) for s in range(25))
_WIN_OUTCOMES: Final = (
    Outcome(frozenset({0}), Termination.CLIMB),
    Outcome(frozenset({1}), Termination.CLIMB),
)
_BIT: Final = tuple(1 << s for s in range(25))

# Tables indexed by the move step itself (``MOVES[src][dst]`` < 4096), so ``make_turn``
# does one list lookup instead of several shifts and key lookups.
_MOVE_SPAN: Final = max(max(row) for row in MOVES) + 1
#: ``_MOVE_OCC[move]``: the occupancy bits that change (source and destination).
_MOVE_OCC: Final = [0] * _MOVE_SPAN
#: ``_MOVE_Z[player][move]``: the hash change of the move plus the change of player to move.
_MOVE_Z: Final = ([0] * _MOVE_SPAN, [0] * _MOVE_SPAN)
for _src in range(25):
    for _dst in NEIGHBORS[_src]:
        _mv = MOVES[_src][_dst]
        _MOVE_OCC[_mv] = 1 << _src | 1 << _dst
        for _player in (0, 1):
            _MOVE_Z[_player][_mv] = (
                zobrist.WORKER[_player][_src]
                ^ zobrist.WORKER[_player][_dst]
                ^ zobrist.TO_MOVE[0]
                ^ zobrist.TO_MOVE[1]
            )
#: ``_RAISE_Z[square][level]``: the hash change of a block raising ``square`` from ``level``.
_RAISE_Z: Final = tuple(
    tuple(zobrist.HEIGHT[s][h] ^ zobrist.HEIGHT[s][h + 1] for h in range(3)) for s in range(25)
)
_DOME_Z: Final = zobrist.DOME

#: ``_DESTS[worker]``: for each neighbor ``d`` of ``worker``, ``(d, its bit, MOVES[worker][d] << 25,
#: NEIGHBOR_MASK[d])``: what the generators need per destination in one tuple unpacking.
_DESTS: Final = tuple(
    tuple((d, 1 << d, MOVES[w][d] << 25, NEIGHBOR_MASK[d]) for d in NEIGHBORS[w]) for w in range(25)
)

#: Marks a journal record whose turn built (any other value is the outcome before a win).
_BUILT: Final = object()

#: ``(move << 25 | free neighbors of the destination) -> the (move, build) turns``,
#: filled on first use (at most 10,224 keys, about 4 MB when full): listing a move's
#: turns is then one dict lookup and a C-level ``extend`` instead of making tuples.
_TURNS_OF: dict[int, tuple[Turn, ...]] = {}
#: ``_CLIMB[move]``: the one-step turn of a winning climb.
_CLIMB: Final = [Turn((mv,)) for mv in range(_MOVE_SPAN)]


def _turns_of_move(key: int) -> tuple[Turn, ...]:
    mv = key >> 25
    builds = BUILDS[mv & 31]
    free = key & 0x1FFFFFF
    turns = tuple(Turn((mv, builds[t])) for t in NEIGHBORS[mv & 31] if free >> t & 1)
    _TURNS_OF[key] = turns
    return turns


def turns(board: AnyState) -> list[Turn]:
    """Every legal full turn: ``(move,)`` for a winning climb, else ``(move, build)``.

    Ordered by worker (as in ``board.workers``), destination, then build square, both
    ascending: :func:`kth_turn` and :func:`random_turn` index this order.
    """
    height = board.height
    blocked = board.occupied | board.domes
    out: list[Turn] = []
    cached = _TURNS_OF.get
    for w in board.workers[board.to_move]:
        hw = height[w]
        limit = hw + 1
        free = ~blocked | 1 << w  # the vacated square can be built on
        for d, bit, key, near in _DESTS[w]:
            if blocked & bit:
                continue
            hd = height[d]
            if hd > limit:
                continue
            if hd == 3 and hw == 2:
                out.append(_CLIMB[key >> 25])
            else:
                key |= near & free
                out += cached(key) or _turns_of_move(key)
    return out


def count_turns(board: AnyState) -> int:
    """``len(turns(board))`` without making the turns (bulk counting for perft)."""
    height = board.height
    blocked = board.occupied | board.domes
    total = 0
    for w in board.workers[board.to_move]:
        hw = height[w]
        limit = hw + 1
        free = ~blocked | 1 << w
        for d, bit, _, near in _DESTS[w]:
            if blocked & bit:
                continue
            hd = height[d]
            if hd > limit:
                continue
            if hd == 3 and hw == 2:
                total += 1
            else:
                total += (near & free).bit_count()
    return total


def has_turn(board: AnyState) -> bool:
    """Whether the player to move can move (a move can always be followed by a build)."""
    height = board.height
    blocked = board.occupied | board.domes
    for w in board.workers[board.to_move]:
        limit = height[w] + 1
        for d in NEIGHBORS[w]:
            if not blocked >> d & 1 and height[d] <= limit:
                return True
    return False


def placements(board: AnyState) -> list[Turn]:
    """Placement turns: each unordered pair of free squares (or single free squares if
    one worker is still to place)."""
    blocked = board.occupied | board.domes
    free = [_PLACES[s] for s in range(25) if not blocked >> s & 1]
    missing = board.worker_counts[board.to_move] - len(board.workers[board.to_move])
    return [Turn(pair) for pair in combinations(free, missing)]


def make_turn(board: AnyState, turn: TurnCode) -> None:
    """Play a (move[, build]) turn with one journal record ``(JOURNAL_CALL, undo_record,
    old hash, flag)``.

    The record is small because :func:`unmake_turn` reads the rest back from the turn
    (the last ``board.history`` entry): who moved is the player not to move, a build was a
    dome exactly when its square now holds one. ``flag`` is ``_BUILT`` after a build, else
    the outcome before the winning climb.
    """
    player = board.to_move
    mv = turn[0]
    src = mv >> 5 & 31
    dst = mv & 31
    workers = board.workers[player]
    workers[workers[0] != src] = dst  # index 0 or 1: the worker order is kept
    owner = board.owner
    owner[src] = -1
    owner[dst] = player
    board.occupied ^= _MOVE_OCC[mv]
    z = board._z
    height = board.height
    if height[dst] == 3 and height[src] != 3:  # moved up onto level 3: a win, no build
        board._journal.append((JOURNAL_CALL, undo_record, z, board._outcome))
        board._outcome = _WIN_OUTCOMES[player]
        board._z = z ^ _MOVE_Z[player][mv]
    else:
        board._journal.append((JOURNAL_CALL, undo_record, z, _BUILT))
        b = turn[1]
        bsq = b & 31
        level = height[bsq]
        if level == 3 or b & DOME_FLAG:
            board.domes ^= _BIT[bsq]
            board._z = z ^ _MOVE_Z[player][mv] ^ _DOME_Z[bsq]
        else:
            height[bsq] = level + 1
            board._z = z ^ _MOVE_Z[player][mv] ^ _RAISE_Z[bsq][level]
    board.to_move = 1 - player
    board.ply += 1
    board.history.append(turn)


def unmake_turn(board: AnyState) -> None:
    """Take back the last :func:`make_turn` (its record must be the journal's last)."""
    _, _, board._z, flag = board._journal.pop()
    turn = board.history.pop()
    board.ply -= 1
    player = board.to_move = 1 - board.to_move
    mv = turn[0]
    src = mv >> 5 & 31
    dst = mv & 31
    if flag is _BUILT:
        bsq = turn[1] & 31
        if board.domes >> bsq & 1:  # nothing is built on a dome: this turn put it there
            board.domes ^= _BIT[bsq]
        else:
            board.height[bsq] -= 1
    else:
        board._outcome = flag
    workers = board.workers[player]
    workers[workers[0] != dst] = src
    owner = board.owner
    owner[dst] = -1
    owner[src] = player
    board.occupied ^= _MOVE_OCC[mv]


def undo_record(board: AnyState, record: tuple[Any, ...]) -> None:
    """Undo a fast-turn record already popped from the journal (``GameState._unwind``).

    It goes back on the journal so that :func:`unmake_turn` stays the one undo.
    """
    board._journal.append(record)
    unmake_turn(board)


def kth_turn(board: AnyState, k: int) -> Turn:
    """``turns(board)[k]`` without listing the others.

    Raises ``IndexError`` if ``k`` is not below ``count_turns(board)``.
    """
    height = board.height
    blocked = board.occupied | board.domes
    if k >= 0:
        for w in board.workers[board.to_move]:
            hw = height[w]
            limit = hw + 1
            free = ~blocked | 1 << w
            for d, bit, key, near in _DESTS[w]:
                if blocked & bit:
                    continue
                hd = height[d]
                if hd > limit:
                    continue
                if hd == 3 and hw == 2:
                    if k == 0:
                        return _CLIMB[key >> 25]
                    k -= 1
                    continue
                mask = near & free
                count = mask.bit_count()
                if k < count:
                    key |= mask
                    return (_TURNS_OF.get(key) or _turns_of_move(key))[k]
                k -= count
    raise IndexError("turn index out of range")


def make_placement(board: AnyState, turn: TurnCode) -> None:
    """Play a complete placement turn (one place step per missing worker).

    Goes through the board's primitives, so the journal holds exactly what the generic
    engine would log; undo it with ``Board.rollback`` to a checkpoint taken before.
    """
    player = board.to_move
    for step in turn:
        board.add_turn_step(step)
        board.add_worker(player, step & 31)
    board.end_turn(1 - player)


def random_turn(board: AnyState, randrange: Callable[[int], int]) -> Turn | None:
    """A uniformly random legal turn: ``kth_turn(board, randrange(count_turns(board)))``
    in one pass (``None``, drawing nothing, when there is no legal turn).

    ``randrange`` is called once, with the number of legal turns: a caller that draws
    ``turns(board)[randrange(len(turns(board)))]`` with the same generator picks the
    same turns (the benchmarks check the playouts against a naive generator that way).
    """
    height = board.height
    blocked = board.occupied | board.domes
    ends: list[int] = []  # running totals, one per (worker, destination)
    keys: list[int] = []  # move << 25 | free neighbors of the destination (0: a winning climb)
    total = 0
    for w in board.workers[board.to_move]:
        hw = height[w]
        limit = hw + 1
        free = ~blocked | 1 << w
        for d, bit, key, near in _DESTS[w]:
            if blocked & bit:
                continue
            hd = height[d]
            if hd > limit:
                continue
            if hd == 3 and hw == 2:
                total += 1
                keys.append(key)
            else:
                mask = near & free
                total += mask.bit_count()
                keys.append(key | mask)
            ends.append(total)
    if not total:
        return None
    r = randrange(total)
    i = bisect_right(ends, r)
    key = keys[i]
    if not key & 0x1FFFFFF:
        return _CLIMB[key >> 25]
    if i:
        r -= ends[i - 1]
    return (_TURNS_OF.get(key) or _turns_of_move(key))[r]
