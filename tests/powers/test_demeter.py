"""5. Demeter (SANTORINI.md §4; RULINGS #21): her worker may build one more time, but not
on the same space. The second build is optional, by the same worker, on a different space,
and it is the piece that fits (a dome on level 3)."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import END, Board, IllegalTurnError, perft
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Demeter,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
def test_a_second_build_on_another_space() -> None:
    """Card: one more build, not on the same space."""
    board = Board.from_position(position())
    board.play("b2-c3^c4^d3")
    assert board.position() == position("c4=1 d3=1", "c3,d4 b4,d2", to_move=2)


def test_the_second_build_is_optional() -> None:
    board = Board.from_position(position())
    assert "b2-c3^c4" in turns(board)
    board.play("b2-c3^c4")
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)


def test_not_twice_on_the_same_space() -> None:
    """RULINGS #21: a different space."""
    board = Board.from_position(position())
    assert not any(t.endswith("^c4^c4") for t in turns(board))
    with pytest.raises(IllegalTurnError, match=r"\^c4 is not allowed here"):
        board.play("b2-c3^c4^c4")
    assert board.position() == position()


def test_the_same_worker_builds_both_times() -> None:
    """RULINGS #21: the worker that moved builds again, not the other one."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError, match="the worker on c3 must build, not one on d4"):
        board.play("b2-c3^c4,d4^d5")


def test_either_build_may_be_a_dome_on_level_three() -> None:
    """RULINGS #21: it may be a dome (the piece that fits level 3)."""
    board = Board.from_position(position("c4=3 d3=3"))
    board.play("b2-c3^c4^d3")
    assert board.position() == position("c4=D d3=D", "c3,d4 b4,d2", to_move=2)


def test_no_dome_below_level_three() -> None:
    """Demeter builds the piece that fits; only Atlas-like powers dome lower levels."""
    board = Board.from_position(position("c4=2"))
    with pytest.raises(IllegalTurnError, match="a dome cannot be built on level 2 of c4"):
        board.play("b2-c3^d3^c4D")


def test_building_on_the_space_she_left() -> None:
    board = Board.from_position(position())
    board.play("b2-c3^b2^c2")
    assert board.height[6] == 1 and board.height[7] == 1


def test_the_order_of_the_two_builds_does_not_matter() -> None:
    """The same two builds in either order end alike: one turn (equal end states merge)."""
    board = Board.from_position(position())
    legal = turns(board)
    assert ("b2-c3^c4^d3" in legal) != ("b2-c3^d3^c4" in legal)
    assert board.is_legal(board.parse_turn("b2-c3^c4^d3")) and board.is_legal(board.parse_turn("b2-c3^d3^c4"))
    assert len(legal) == len(board.legal_turns()) == 254


def test_the_opponent_builds_once() -> None:
    board = Board.from_position(position(to_move=2))
    assert all(t.count("^") == 1 for t in turns(board))
    with pytest.raises(IllegalTurnError, match="the turn is over before step 3"):
        board.play("b4-a4^a5^b5")


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the first build the turn is still open (``turn=b2-c3^c4``): a second build or
    END; the position reads back with the same options, and undo restores everything."""
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c3^c4"):
        board.push(step)
    text = board.position()
    assert text == position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert END in board.legal_steps() and board.parse_turn("b2-c3^c4")[1] not in board.legal_steps()
    board.push(END)
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Demeter's player, the other has no power."""
    me = pos.to_move
    plain = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        if outcome:
            continue
        worker, first = nv.coord(turn[3:5]), nv.coord(turn[-2:])
        for target in nv.neighbours(worker):
            if target != first and after.unoccupied(target):
                again = after.copy()
                if again.levels[target] == 3:
                    again.domes.add(target)
                else:
                    again.levels[target] += 1
                out.append((f"{turn}^{nv.name(target)}", again, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2105)
    for i in range(30):
        seat = i % 2
        powers = "Demeter,-" if seat == 0 else "-,Demeter"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Demeter,-"
OPEN = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Demeter,-"
PERFT_MIDGAME = (135, 5824)
PERFT_OPEN = (254, 19396)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (OPEN, PERFT_OPEN)):
        board = Board.from_position(text)
        assert (perft(board, 1), perft(board, 2)) == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Demeter", None], [None, "Demeter"], ["Demeter", "Athena"], ["Apollo", "Demeter"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
