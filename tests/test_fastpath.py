"""The bitboard fast path agrees with the generic, hook-driven engine.

``Board`` serves two-player games without powers from :mod:`aegean.santorini.fastpath`;
every other game goes through :mod:`aegean.santorini.rules`. Both must give the same
turns, the same positions after them and the same hashes, on many seeded positions:
every position of seeded random games, and arbitrary boards (domes on every level,
workers already on level 3, players with no legal turn).
"""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, Outcome, Termination, fastpath, rules
from aegean.santorini.steps import TurnCode


def _positions() -> list[str]:
    rng = random.Random(77)
    positions: list[str] = []
    for _ in range(6):
        positions += naive.random_game(rng)[::3]
    positions += [naive.random_board(rng, dome_chance=(0.1, 0.35, 0.65)[i % 3]) for i in range(150)]
    positions += [naive.random_board(rng, dome_chance=0.5, placed=i % 2) for i in range(10)]
    return positions


POSITIONS = _positions()


def _state(board: Board) -> tuple[object, ...]:
    return (
        board.position(),
        board.zobrist_hash(),
        [list(ws) for ws in board.workers],
        list(board.owner),
        board.occupied,
        board.domes,
        list(board.height),
        board.to_move,
        board.ply,
        list(board.history),
        board.decided,
    )


def test_sample_is_varied() -> None:
    boards = [Board.from_position(p) for p in POSITIONS]
    assert len(boards) >= 300
    assert sum(b.placing for b in boards) >= 10
    assert sum(not b.placing and not fastpath.has_turn(b) for b in boards) >= 5
    assert sum(any(len(t) == 1 for t in b.legal_turns()) for b in boards if not b.placing) >= 10


@pytest.mark.parametrize("chunk", range(4))
def test_fast_turns_match_generic_turns(chunk: int) -> None:
    """``turns``/``count_turns``/``has_turn``/``placements`` == ``rules.legal_turns``."""
    for position in POSITIONS[chunk::4]:
        board = Board.from_position(position)
        generic = rules.legal_turns(board)
        assert len(generic) == len(set(generic)), position
        if board.placing:
            fast = fastpath.placements(board)
        else:
            fast = fastpath.turns(board)
            assert fastpath.count_turns(board) == len(fast), position
            assert fastpath.has_turn(board) == bool(fast), position
        assert len(fast) == len(set(fast)), position
        assert set(fast) == set(generic), position
        assert set(board.legal_turns()) == set(generic), position
        assert _state(board)[0] == position  # generating changes nothing


def _apply_generic(board: Board, turn: TurnCode) -> None:
    for step in turn:
        rules.apply_step(board, step)


@pytest.mark.parametrize("chunk", range(4))
def test_fast_make_unmake_match_generic_steps(chunk: int) -> None:
    """``make_turn`` reaches the same position, hash, history and outcome as applying the
    steps with ``rules.apply_step``; ``unmake_turn`` restores everything."""
    for position in POSITIONS[chunk::4]:
        fast = Board.from_position(position)
        generic = Board.from_position(position)
        if fast.placing:
            continue
        before = _state(fast)
        for turn in fastpath.turns(fast):
            fastpath.make_turn(fast, turn)
            after_fast = _state(fast)
            assert fast.rehash() == after_fast[1]
            fastpath.unmake_turn(fast)
            assert _state(fast) == before, (position, turn)

            mark = generic.checkpoint()
            _apply_generic(generic, turn)
            assert _state(generic) == after_fast, (position, turn)
            generic.rollback(mark)
            assert _state(generic) == before

            decided = after_fast[-1]
            if len(turn) == 1:
                assert isinstance(decided, Outcome) and decided.termination is Termination.CLIMB
                assert decided.winners == {before[7]}
            else:
                assert decided is None


@pytest.mark.parametrize("chunk", range(2))
def test_push_turn_and_play_agree(chunk: int) -> None:
    """Through the public API: ``push_turn`` (fast path) and ``play`` (checked, generic
    steps) give the same board; ``pop`` undoes either."""
    for position in POSITIONS[chunk::6]:
        board = Board.from_position(position)
        before = _state(board)
        for turn in board.legal_turns():
            board.push_turn(turn)
            pushed = _state(board)
            board.pop()
            assert _state(board) == before
            board.play(turn)
            assert _state(board) == pushed, (position, turn)
            board.pop()
            assert _state(board) == before


def test_fast_games_match_generic_games() -> None:
    """Whole seeded games played both ways stay identical turn after turn, and undoing
    the whole game on the fast board returns to the start."""
    rng = random.Random(5)
    for _ in range(8):
        fast = Board()
        generic = Board()
        while True:
            turns = fast.legal_turns()
            assert set(turns) == set(rules.legal_turns(generic))
            if not turns:
                break
            turn = rng.choice(turns)
            fast.push_turn(turn)
            _apply_generic(generic, turn)
            assert _state(fast) == _state(generic)
        assert fast.outcome() == generic.outcome() is not None
        while fast.history:
            fast.pop()
        assert fast.position() == Board().position()
        assert fast.zobrist_hash() == Board().zobrist_hash()
