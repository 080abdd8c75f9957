"""12. Ares (SANTORINI.md §4; RULINGS #3, #29): at the end of his turn he may remove an
unoccupied block (never a dome) neighbouring his unmoved worker."""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, IllegalTurnError, StepKind, Termination, format_turn, parse_turn, perft
from aegean.santorini.notation import format_step
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import remove_block, step_kind
from naive import Pos, neighbours
from powers.support import engine_children, naive_children_perft2, playout_checking_hashes, turns

# Ares on a1 (ground) and d4 (level 2); around d4: c4 and d3 level 1, d5 level 3, a dome on
# level 1 at e3, an opponent on the level-1 block at c5.
START = "00130/00120/0001B/00000/00000 1 a1,d4 a5,c5 powers=Ares,-"


def test_removes_a_block_neighbouring_the_unmoved_worker() -> None:
    """Ruling 29: after the build, the unmoved worker's neighbouring block goes."""
    board = Board.from_position(START)
    board.play("a1-a2^a3,d4xc4")
    assert board.position() == "00130/00020/1001B/00000/00000 2 a2,d4 a5,c5 powers=Ares,-"


def test_removal_is_optional_and_comes_after_the_build() -> None:
    """'You may remove': the turn may end after the build; the removal is the last step."""
    board = Board.from_position(START)
    legal = turns(board)
    assert {"a1-a2^a3", "a1-a2^a3,d4xc4", "a1-a2^a3,d4xd3", "a1-a2^a3,d4xd5"} <= legal
    assert not any(t.startswith("d4x") or "x" in t.split("^")[0] for t in legal)
    board.play("a1-a2^a3")
    assert board.to_move == 1 and board.turn == []


def test_never_a_dome_an_occupied_block_or_a_far_one() -> None:
    """Rulings 3 and 29: not the dome on e3 (nor the block under it), not the block under
    the opponent on c5, not a ground space, not a space away from the unmoved worker, and
    never by the worker that moved."""
    board = Board.from_position(START)
    for bad in ("d4xe3", "d4xc5", "d4xe4", "d4xc3", "a2xa3"):
        with pytest.raises(IllegalTurnError):
            board.play(f"a1-a2^a3,{bad}")
    assert board.position() == START
    legal = turns(board)
    assert not any(bad in t for t in legal for bad in ("xe3", "xc5", "xe4"))
    assert not any(t.endswith("xc3") for t in legal if "^c3" not in t)  # only just built


def test_one_removal_only() -> None:
    board = Board.from_position(START)
    with pytest.raises(IllegalTurnError, match="turn is over"):
        board.play("a1-a2^a3,d4xc4xd3")


def test_may_remove_the_block_just_built() -> None:
    """An unoccupied block is any block, the one built this turn included."""
    board = Board.from_position(START)
    board.play("a1-b2^c3,d4xc3")
    assert board.height[parse_square("c3")] == 0
    assert board.position().startswith("00130/00120/0001B/00000/00000 2 b2,d4")


def test_the_moving_worker_of_the_turn_decides_which_is_unmoved() -> None:
    """If d4 moves, a1 is the unmoved worker: blocks around a1 may go, not around d4."""
    board = Board.from_position("00130/00120/0001B/11000/00000 1 a1,d4 a5,c5 powers=Ares,-")
    legal = turns(board)
    assert "d4-e4^e5,a1xa2" in legal and "d4-e4^e5,a1xb2" in legal
    assert not any(",d4x" in t or ",e4x" in t for t in legal if t.startswith("d4-"))


def test_no_removal_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the turn at once; d4-d5 climbs onto level 3."""
    board = Board.from_position(START)
    board.play("d4-d5")
    assert board.outcome() is not None and board.outcome().termination is Termination.CLIMB
    assert "d4-d5" in turns(Board.from_position(START))
    assert not any(t.startswith("d4-d5") and t != "d4-d5" for t in turns(Board.from_position(START)))


def test_with_one_worker_there_is_no_unmoved_worker() -> None:
    """SANTORINI.md §1: the unmoved worker is one that did not move; Ares's only worker moved."""
    board = Board.from_position("00130/00120/0001B/00000/00000 1 d4 a5,c5 powers=Ares,- removed=1,0")
    assert not any("x" in t for t in turns(board))


def test_remove_notation_round_trips() -> None:
    """docs/notation.md: 'x' is a removal by the named worker (or the worker in use)."""
    turn = parse_turn("a1-a2^a3,d4xc4")
    assert step_kind(turn[-1]) is StepKind.REMOVE
    assert turn[-1] == remove_block(parse_square("d4"), parse_square("c4"))
    assert format_turn(turn) == "a1-a2^a3,d4xc4"
    assert format_step(turn[-1]) == "d4xc4"
    assert parse_turn("a1-a2^a3xb3")[-1] == remove_block(parse_square("a2"), parse_square("b3"))


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("a1-a2^a3,d4xd5"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
        if len(board.turn) == 2:
            assert board.position().endswith("turn=a1-a2^a3")
            assert {format_step(s, board) for s in board.legal_steps()} >= {"d4xd5", "d4xc4", "."}
    assert board.height[parse_square("d5")] == 2
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], bool]


def naive_children(pos: Pos, ares: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move (Ares is player ``ares``), written
    from the card text alone: move, build, then maybe remove one unoccupied block next to
    the other worker."""
    if pos.to_move != ares:
        return {(nxt.key(), won): nxt for _, nxt, won in naive.successors(pos)}
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out[(moved.key(), True)] = moved
                continue
            for target in neighbours(dst):
                if not moved.unoccupied(target):
                    continue
                built = moved.copy()
                if built.levels[target] == 3:
                    built.domes.add(target)
                else:
                    built.levels[target] += 1
                out[(built.key(), False)] = built
                for other in (w for j, w in enumerate(built.workers[me]) if j != i):
                    for block in neighbours(other):
                        if built.levels[block] > 0 and built.unoccupied(block):
                            lower = built.copy()
                            lower.levels[block] -= 1
                            out[(lower.key(), False)] = lower
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 104, 3631), (START.replace(" 1 ", " 2 ", 1), 34, 3747)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert perft(board, 2) == naive_children_perft2(naive_children, pos, 0) == depth2


def test_naive_agrees_along_a_random_game() -> None:
    rng = random.Random(12)
    board = Board(2, ["Ares", None])
    while board.placing or board.turn:
        board.push_turn(rng.choice(board.legal_turns()))
    for _ in range(30):
        if board.outcome() is not None:
            break
        pos = naive.parse(" ".join(board.position().split()[:4]))
        assert engine_children(board) == set(naive_children(pos, 0))
        board.push_turn(rng.choice(board.legal_turns()))


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        board = Board(2, ["Ares", rival] if seed % 2 == 0 else [rival, "Ares"])
        playout_checking_hashes(board, rng)
