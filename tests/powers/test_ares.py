"""12. Ares (SANTORINI.md §4; RULINGS #3, #29): at the end of his turn he may remove an
unoccupied block (never a dome) neighbouring his unmoved worker."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, Termination, format_step, format_turn, parse_turn
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import remove_block, step_kind
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import (
    Key,
    by_children,
    check_along_random_games,
    check_perft,
    ends_of,
)
from powers.scenario import Scenario, turns

# Ares on a1 (ground) and d4 (level 2); around d4: c4 and d3 level 1, d5 level 3, a dome on
# level 1 at e3, an opponent on the level-1 block at c5.
START = "00130/00120/0001B/00000/00000 1 a1,d4 a5,c5 powers=Ares,-"


def test_removes_a_block_neighbouring_the_unmoved_worker() -> None:
    """Ruling 29: after the build, the unmoved worker's neighbouring block goes."""
    Scenario(
        START, play="a1-a2^a3,d4xc4", after="00130/00020/1001B/00000/00000 2 a2,d4 a5,c5 powers=Ares,-"
    ).check()


def test_removal_is_optional_and_comes_after_the_build() -> None:
    """'You may remove': the turn may end after the build; the removal is the last step."""
    board = Scenario(
        START, listed=["a1-a2^a3", "a1-a2^a3,d4xc4", "a1-a2^a3,d4xd3", "a1-a2^a3,d4xd5"], never_begins=["d4x"]
    ).check()
    assert not any("x" in t.split("^")[0] for t in turns(board))
    board = Scenario(board, play="a1-a2^a3").check()
    assert board.to_move == 1 and board.turn == []


def test_never_a_dome_an_occupied_block_or_a_far_one() -> None:
    """Rulings 3 and 29: not the dome on e3 (nor the block under it), not the block under
    the opponent on c5, not a ground space, not a space away from the unmoved worker, and
    never by the worker that moved."""
    board = Scenario(
        START, illegal=[f"a1-a2^a3,{bad}" for bad in ("d4xe3", "d4xc5", "d4xe4", "d4xc3", "a2xa3")]
    ).check()
    assert board.position() == START
    legal = turns(board)
    assert not any(bad in t for t in legal for bad in ("xe3", "xc5", "xe4"))
    assert not any(t.endswith("xc3") for t in legal if "^c3" not in t)  # only just built


def test_one_removal_only() -> None:
    Scenario(START, illegal={"a1-a2^a3,d4xc4xd3": "turn is over"}).check()


def test_may_remove_the_block_just_built() -> None:
    """An unoccupied block is any block, the one built this turn included."""
    board = Scenario(START, play="a1-b2^c3,d4xc3").check()
    assert board.height[parse_square("c3")] == 0
    assert board.position().startswith("00130/00120/0001B/00000/00000 2 b2,d4")


def test_the_moving_worker_of_the_turn_decides_which_is_unmoved() -> None:
    """If d4 moves, a1 is the unmoved worker: blocks around a1 may go, not around d4."""
    board = Scenario(
        "00130/00120/0001B/11000/00000 1 a1,d4 a5,c5 powers=Ares,-",
        listed=["d4-e4^e5,a1xa2", "d4-e4^e5,a1xb2"],
    ).check()
    assert not any(",d4x" in t or ",e4x" in t for t in turns(board) if t.startswith("d4-"))


def test_no_removal_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the turn at once; d4-d5 climbs onto level 3."""
    board = Scenario(START, listed=["d4-d5"], play="d4-d5", by=Termination.CLIMB).check()
    board.pop()
    assert not any(t.startswith("d4-d5") and t != "d4-d5" for t in turns(board))


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
    check_round_trip(
        START,
        "a1-a2^a3,d4xd5",
        mid=[None, "00130/00120/1001B/00000/00000 1 a2,d4 a5,c5 powers=Ares,- turn=a1-a2^a3"],
        after="00120/00120/1001B/00000/00000 2 a2,d4 a5,c5 powers=Ares,-",
    )
    Scenario(START, mid="a1-a2^a3", offered=["d4xd5", "d4xc4", "."]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, ares: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move (Ares is player ``ares``), written
    from the card text alone: move, build, then maybe remove one unoccupied block next to
    the other worker."""
    me, out = pos.to_move, ends_of(nv.plain_turns(pos))
    if me != ares:
        return out
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            for _, built, outcome in nv.finish(pos, nv.moved(pos, i, dst), src, dst):
                for other in (w for j, w in enumerate(built.workers[me]) if j != i and not outcome):
                    for block in nv.neighbours(other):
                        if built.levels[block] > 0 and built.unoccupied(block):
                            lower = built.copy()
                            lower.levels[block] -= 1
                            out[(lower.key(), "")] = lower
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 104, 3631), (START.replace(" 1 ", " 2 ", 1), 34, 3747)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_a_random_game() -> None:
    check_along_random_games("Ares", partial(by_children, naive_children), seed=12, seats=(0,), turns=30)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Ares", rival)
