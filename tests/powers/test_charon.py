"""15. Charon (SANTORINI.md §4; RULINGS #1, #32): before his worker moves, he may force a
neighbouring opponent worker to the space directly on the other side of his worker, if
that space is unoccupied (any level); the same worker must then move."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, format_turn
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import step_kind
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import (
    Key,
    by_children,
    check_along_random_games,
    check_perft,
    ends_of,
)
from powers.scenario import Scenario, steps

# Charon on c3 (level 2) and a1; opponents on b3 (ground) and d4 (level 1); a dome on b1.
START = "00100/02010/10201/00120/0D000 1 c3,a1 b3,d4 powers=Charon,-"


def test_ferry_across_then_move_the_same_worker() -> None:
    """Ruling 32: b3 is forced across c3 to d3; then c3 moves (here into b3, now free)."""
    Scenario(
        START, play="b3>d3,c3-b3^a3", after="00100/02010/20201/00120/0D000 2 b3,a1 d3,d4 powers=Charon,-"
    ).check()


def test_the_ferry_is_written_as_a_force_step_first() -> None:
    board = Scenario(START, listed=["d4>b2,c3-c4^c5"]).check()
    turn = board.parse_turn("d4>b2,c3-c4^c5")
    assert step_kind(turn[0]) is StepKind.FORCE and format_turn(turn) == "d4>b2,c3-c4^c5"


def test_the_ferry_is_optional() -> None:
    Scenario(START, listed=["c3-c4^c5", "a1-a2^a3"], begins=["b3>d3,", "d4>b2,"]).check()


def test_only_the_worker_that_ferried_may_move() -> None:
    """Ruling 32: after ferrying with c3, a1 may not move."""
    Scenario(START, illegal={"b3>d3,a1-a2^a3": "b3>d3,a1-a2"}, never_begins=["b3>d3,a1", "d4>b2,a1"]).check()


def test_the_space_across_must_be_unoccupied_and_on_the_board() -> None:
    """Not onto a worker, not onto a dome, not off the board; only neighbouring opponents,
    never Charon's own worker."""
    # b3 -> d3: a dome on level 1; d4 -> b2: free; c4 is his own worker.
    Scenario(
        "0000D/00000/000B0/00000/00000 1 c3,c4 b3,d4 powers=Charon,-",
        never_begins=["b3>d3", "c4>"],
        begins=["b3>d5,c4-", "d4>b2,c3-"],  # b3 across c4 instead
    ).check()
    Scenario(
        "00000/00000/00000/00000/00000 1 a1,d4 b2,e5 powers=Charon,-",
        never_begins=["b2>"],  # across a1 is off the board
        begins=["e5>c3,d4-"],
    ).check()
    Scenario(
        "00000/00000/00000/00000/00000 1 c3,d2 b3,e1 powers=Charon,-",
        begins=["b3>d3,c3-"],
        never_begins=["e1>"],  # across d2 is c3: a worker
    ).check()


def test_any_level_and_a_forced_worker_never_wins() -> None:
    """Ruling 32: the space may be at any level; ruling 1: forced onto level 3 is no win."""
    board = Scenario(
        "00000/00000/00003/00000/00000 1 d3,a1 c3,a5 powers=Charon,-", play="c3>e3,d3-d4^d5", ongoing=True
    ).check()
    assert board.height[parse_square("e3")] == 3 and parse_square("e3") in board.workers[1]


def test_a_ferry_that_leaves_the_worker_no_move_is_not_legal() -> None:
    """c3 (ground) is walled in by domes but for b3 (level 2, an opponent) and d3: ferrying
    b3 to d3 leaves c3 no move (b3 is two levels up), so it is not a legal step."""
    Scenario(
        "00000/0DDD0/02000/0DDD0/00000 1 c3,a1 b3,e5 powers=Charon,-",
        not_offered=["b3>d3"],
        offered=["c3-d3"],
    ).check()
    Scenario(
        "00000/0DDD0/01000/0DDD0/00000 1 c3,a1 b3,e5 powers=Charon,-",
        offered=["b3>d3"],  # then c3-b3
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "d4>b2,c3-d4^d3",
        mid=["00100/02010/10201/00120/0D000 1 c3,a1 b3,b2 powers=Charon,- turn=d4>b2"],
    )
    board = Scenario(START, mid="d4>b2").check()
    assert {s[:3] for s in steps(board)} == {"c3-"}


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, charon: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, from the card text alone."""
    me, out = pos.to_move, {}
    for index, mine in enumerate(pos.workers[me]):
        starts = [pos]
        for victim in nv.neighbours(mine) if me == charon else []:
            across = (2 * mine[0] - victim[0], 2 * mine[1] - victim[1])
            if victim in pos.workers[1 - me] and across in nv.ALL_COORDS and pos.unoccupied(across):
                ferried = pos.copy()
                ferried.workers[1 - me][ferried.workers[1 - me].index(victim)] = across
                starts.append(ferried)
        for start in starts:
            for dst in nv.step_moves(start, mine):
                out |= ends_of(nv.finish(start, nv.moved(start, index, dst), mine, dst))
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 131, 6814), (START.replace(" 1 ", " 2 ", 1), 66, 6535)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    checked = check_along_random_games(
        "Charon", partial(by_children, naive_children), seed=15, seats=(0,) * 2
    )
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    ferries = 0

    def count_ferry(board: Board) -> None:
        nonlocal ferries
        ferries += step_kind(board.history[-1][0]) is StepKind.FORCE

    check_seated_playouts("Charon", rival, seeds=range(3), each_turn=count_ferry)
    assert ferries > 0
