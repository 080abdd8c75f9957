"""15. Charon (SANTORINI.md §4; RULINGS #1, #32): before his worker moves, he may force a
neighbouring opponent worker to the space directly on the other side of his worker, if
that space is unoccupied (any level); the same worker must then move."""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, IllegalTurnError, StepKind, format_turn, perft
from aegean.santorini.notation import format_step
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import step_kind
from naive import Coord, Pos, neighbours
from powers.support import check_naive_along_random_games, engine_children, naive_children_perft2, turns

# Charon on c3 (level 2) and a1; opponents on b3 (ground) and d4 (level 1); a dome on b1.
START = "00100/02010/10201/00120/0D000 1 c3,a1 b3,d4 powers=Charon,-"


def test_ferry_across_then_move_the_same_worker() -> None:
    """Ruling 32: b3 is forced across c3 to d3; then c3 moves (here into b3, now free)."""
    board = Board.from_position(START)
    board.play("b3>d3,c3-b3^a3")
    assert board.position() == "00100/02010/20201/00120/0D000 2 b3,a1 d3,d4 powers=Charon,-"


def test_the_ferry_is_written_as_a_force_step_first() -> None:
    board = Board.from_position(START)
    turn = board.parse_turn("d4>b2,c3-c4^c5")
    assert step_kind(turn[0]) is StepKind.FORCE and format_turn(turn) == "d4>b2,c3-c4^c5"
    assert "d4>b2,c3-c4^c5" in turns(board)


def test_the_ferry_is_optional() -> None:
    board = Board.from_position(START)
    legal = turns(board)
    assert "c3-c4^c5" in legal and "a1-a2^a3" in legal
    assert any(t.startswith("b3>d3,") for t in legal) and any(t.startswith("d4>b2,") for t in legal)


def test_only_the_worker_that_ferried_may_move() -> None:
    """Ruling 32: after ferrying with c3, a1 may not move."""
    board = Board.from_position(START)
    with pytest.raises(IllegalTurnError, match="b3>d3,a1-a2"):
        board.play("b3>d3,a1-a2^a3")
    assert not any(t.startswith(("b3>d3,a1", "d4>b2,a1")) for t in turns(board))


def test_the_space_across_must_be_unoccupied_and_on_the_board() -> None:
    """Not onto a worker, not onto a dome, not off the board; only neighbouring opponents,
    never Charon's own worker."""
    board = Board.from_position("0000D/00000/000B0/00000/00000 1 c3,c4 b3,d4 powers=Charon,-")
    # b3 -> d3: a dome on level 1; d4 -> b2: free; c4 is his own worker.
    legal = turns(board)
    assert not any(t.startswith("b3>d3") for t in legal)
    assert any(t.startswith("b3>d5,c4-") for t in legal)  # across c4 instead
    assert any(t.startswith("d4>b2,c3-") for t in legal)
    assert not any(t.startswith("c4>") for t in legal)
    board = Board.from_position("00000/00000/00000/00000/00000 1 a1,d4 b2,e5 powers=Charon,-")
    legal = turns(board)
    assert not any(t.startswith("b2>") for t in legal)  # across a1 is off the board
    assert any(t.startswith("e5>c3,d4-") for t in legal)
    board = Board.from_position("00000/00000/00000/00000/00000 1 c3,d2 b3,e1 powers=Charon,-")
    legal = turns(board)
    assert any(t.startswith("b3>d3,c3-") for t in legal)
    assert not any(t.startswith("e1>") for t in legal)  # across d2 is c3: a worker


def test_any_level_and_a_forced_worker_never_wins() -> None:
    """Ruling 32: the space may be at any level; ruling 1: forced onto level 3 is no win."""
    board = Board.from_position("00000/00000/00003/00000/00000 1 d3,a1 c3,a5 powers=Charon,-")
    board.play("c3>e3,d3-d4^d5")
    assert board.outcome() is None
    assert board.height[parse_square("e3")] == 3 and parse_square("e3") in board.workers[1]


def test_a_ferry_that_leaves_the_worker_no_move_is_not_legal() -> None:
    """c3 (ground) is walled in by domes but for b3 (level 2, an opponent) and d3: ferrying
    b3 to d3 leaves c3 no move (b3 is two levels up), so it is not a legal step."""
    board = Board.from_position("00000/0DDD0/02000/0DDD0/00000 1 c3,a1 b3,e5 powers=Charon,-")
    steps = {format_step(s, board) for s in board.legal_steps()}
    assert "b3>d3" not in steps and "c3-d3" in steps
    board = Board.from_position("00000/0DDD0/01000/0DDD0/00000 1 c3,a1 b3,e5 powers=Charon,-")
    assert "b3>d3" in {format_step(s, board) for s in board.legal_steps()}  # then c3-b3


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("d4>b2,c3-d4^d3"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
        if len(board.turn) == 1:
            assert board.position().endswith("turn=d4>b2")
            assert {format_step(s, board)[:3] for s in board.legal_steps()} == {"c3-"}
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], bool]


def _move_and_build(pos: Pos, me: int, index: int, out: dict[Key, Pos]) -> None:
    src = pos.workers[me][index]
    for dst in neighbours(src):
        if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
            continue
        moved = pos.copy()
        moved.workers[me][index] = dst
        moved.to_move = 1 - me
        if pos.levels[dst] == 3 and pos.levels[src] < 3:
            out[(moved.key(), True)] = moved
            continue
        for target in neighbours(dst):
            if moved.unoccupied(target):
                built = moved.copy()
                if built.levels[target] == 3:
                    built.domes.add(target)
                else:
                    built.levels[target] += 1
                out[(built.key(), False)] = built


def naive_children(pos: Pos, charon: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move, from the card text alone."""
    me, out = pos.to_move, {}
    for index in range(len(pos.workers[me])):
        _move_and_build(pos, me, index, out)
        if me != charon:
            continue
        mine: Coord = pos.workers[me][index]
        for victim in neighbours(mine):
            if victim not in pos.workers[1 - me]:
                continue
            across = (2 * mine[0] - victim[0], 2 * mine[1] - victim[1])
            if not (0 <= across[0] <= 4 and 0 <= across[1] <= 4) or not pos.unoccupied(across):
                continue
            ferried = pos.copy()
            ferried.workers[1 - me][ferried.workers[1 - me].index(victim)] = across
            _move_and_build(ferried, me, index, out)
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 131, 6814), (START.replace(" 1 ", " 2 ", 1), 66, 6535)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert perft(board, 2) == naive_children_perft2(naive_children, pos, 0) == depth2


def test_naive_agrees_along_random_games() -> None:
    checked = check_naive_along_random_games("Charon", naive_children, seed=15, seats=(0,) * 2)
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    ferries = 0
    for seed in range(3):
        rng = random.Random(seed)
        board = Board(2, ["Charon", rival] if seed % 2 == 0 else [rival, "Charon"])
        start = (board.position(), board.zobrist_hash())
        plies = 0
        while board.outcome() is None and plies < 300:
            turn = rng.choice(board.legal_turns())
            ferries += step_kind(turn[0]) is StepKind.FORCE
            board.push_turn(turn)
            plies += 1
            h = board.zobrist_hash()
            assert board.rehash() == h
            assert Board.from_position(board.position()).zobrist_hash() == h
        outcome = board.outcome()
        assert outcome is not None and outcome.winner is not None
        for _ in range(plies):
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
    assert ferries > 0
