"""Perft: count the sequences of exactly ``depth`` full turns from a position.

Convention (``docs/notation.md``): a winning turn ends the game, so it counts only as
the last turn of a sequence; a player with no legal turn contributes 0.

``engine`` picks who counts: ``"auto"`` (the default) the native core
(:mod:`.native`, Rust) wherever it plays the position, else the Python reference;
``"native"`` the core or :class:`~aegean.santorini.native.Unsupported`; ``"reference"``
the Python engine. The reference takes the fast path (:mod:`aegean.santorini.fastpath`)
when the board allows it (two players, no powers, between turns, placement over) and
otherwise the generic ``Board.legal_turns``/``push_turn``/``pop``. The fast path makes and unmakes
turns with the very ``make_turn``/``unmake_turn`` that ``Board.push_turn``/``pop`` use,
so ``perft`` measures the engine's real make/unmake (``bench/bench_perft.py``).
"""

from __future__ import annotations

from typing import Literal

from . import fastpath, native
from .board import Board
from .notation import Turn


def _fast(board: Board) -> bool:
    return board.plain and not board.turn and not board.placing and board.decided is None


#: Who counts: the native core where it can, the native core only, or the Python engine.
Engine = Literal["auto", "native", "reference"]


def _native(board: Board, engine: Engine) -> bool:
    if engine not in ("auto", "native", "reference"):
        raise ValueError(f"engine must be auto, native or reference, not {engine!r}")
    return engine == "native" or (engine == "auto" and native.supports(board))


def perft(board: Board, depth: int, engine: Engine = "auto") -> int:
    """Perft by making and unmaking every turn, leaves included."""
    if _native(board, engine):
        return native.perft(board, depth, bulk=False)
    return _perft_reference(board, depth)


def _perft_reference(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    if _fast(board):
        return _perft_plain(board, depth)
    total = 0
    push, pop = board.push_turn, board.pop
    for turn in board.legal_turns():
        push(turn)
        total += 1 if depth == 1 else _perft_reference(board, depth - 1)
        pop()
    return total


def _perft_plain(board: Board, depth: int) -> int:
    """``perft`` on the fast path: every turn made and unmade, with no stack entries."""
    turns = fastpath.turns(board)
    make, unmake = fastpath.make_turn, fastpath.unmake_turn
    if depth == 1:
        for turn in turns:
            make(board, turn)
            unmake(board)
        return len(turns)
    total = 0
    for turn in turns:
        make(board, turn)
        if board.decided is None:  # a win ends the game: it counts only as a last turn
            total += _perft_plain(board, depth - 1)
        unmake(board)
    return total


def perft_bulk(board: Board, depth: int, engine: Engine = "auto") -> int:
    """Perft that counts the last level's turns without making them."""
    if _native(board, engine):
        return native.perft(board, depth, bulk=True)
    return _perft_bulk_reference(board, depth)


def _perft_bulk_reference(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    if _fast(board):
        return _perft_bulk_plain(board, depth)
    if depth == 1:
        return len(board.legal_turns())
    total = 0
    for turn in board.legal_turns():
        board.push_turn(turn)
        total += _perft_bulk_reference(board, depth - 1)
        board.pop()
    return total


def _perft_bulk_plain(board: Board, depth: int) -> int:
    """``perft_bulk`` on the fast path."""
    if depth == 1:
        return fastpath.count_turns(board)
    make, unmake = fastpath.make_turn, fastpath.unmake_turn
    total = 0
    if depth == 2:
        count = fastpath.count_turns
        for turn in fastpath.turns(board):
            make(board, turn)
            if board.decided is None:  # a win counts only as a last turn
                total += count(board)
            unmake(board)
        return total
    for turn in fastpath.turns(board):
        make(board, turn)
        if board.decided is None:
            total += _perft_bulk_plain(board, depth - 1)
        unmake(board)
    return total


def divide(board: Board, depth: int) -> list[tuple[Turn, int]]:
    """Per-turn perft counts at the root (``depth`` ≥ 1)."""
    out = []
    for turn in board.legal_turns():
        board.push_turn(turn)
        out.append((turn, perft_bulk(board, depth - 1)))
        board.pop()
    return out
