"""1. Apollo (SANTORINI.md §4; RULINGS #1, #15): his worker may move into a space occupied
by an opponent worker, by the normal movement rules; that worker is forced into the space
Apollo's worker just left (the two swap). The swap is a force, so it never wins for the
forced worker's owner."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Termination
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import (
    NaiveTurn,
    by_turns,
    check_perft,
    check_random_boards,
    midgame,
)
from powers.scenario import Scenario, positions

position = positions("Apollo,-")


# ---------------------------------------------------------------------- scenarios
def test_apollo_swaps_with_an_opponent_worker() -> None:
    """Card: Apollo moves into the opponent's space; that worker is forced into the space
    he left. Then Apollo's worker builds as usual (it is the worker that moved)."""
    board = Scenario(
        position(workers="b2,d4 c3,d2"),
        listed=["b2-c3^c4"],
        play="b2-c3^c4",
        after=position("c4=1", "c3,d4 d2,b2", to_move=2),
    ).check()
    assert board.owner[12] == 0 and board.owner[6] == 1  # c3 Apollo, b2 the opponent


def test_apollo_cannot_build_where_the_swapped_worker_now_stands() -> None:
    """The forced worker occupies the space Apollo left, so it cannot be built on."""
    Scenario(position(workers="b2,d4 c3,d2"), illegal={"b2-c3^b2": "b2 is occupied by a worker"}).check()


def test_apollo_obeys_the_height_limit_for_his_own_move() -> None:
    """RULINGS #15: Apollo may only swap into a space he could legally move into."""
    Scenario(
        position("c3=2", "b2,d4 c3,d2"), never_begins=["b2-c3"], illegal={"b2-c3^c4": "2 levels up"}
    ).check()
    # One level up is fine.
    board = Scenario(position("c3=1", "b2,d4 c3,d2"), play="b2-c3^c4").check()
    assert board.height[12] == 1 and board.owner[12] == 0


def test_the_swapped_worker_is_forced_to_any_height() -> None:
    """RULINGS #15: the opponent goes into the vacated space whatever its height, here two
    levels up (a force, not a move, so the height limit is not its own)."""
    board = Scenario(position("b2=2", "b2,d4 c3,d2"), play="b2-c3^c4").check()
    assert board.owner[6] == 1 and board.height[6] == 2
    assert board.decided is None


def test_a_worker_forced_onto_level_three_does_not_win() -> None:
    """RULINGS #1, #15: forced is not moved. Apollo's worker on level 3 swaps down with an
    opponent on level 2, forcing it up onto level 3: nobody wins."""
    board = Scenario(position("b2=3 c3=2", "b2,d4 c3,d2"), play="b2-c3^c4", ongoing=True).check()
    assert board.owner[6] == 1 and board.height[6] == 3
    # On its own turn the forced worker stands on level 3; a move level 3 -> level 3 still
    # is no climb (RULINGS #2), a move down is an ordinary turn.
    assert board.height[5] == 0
    Scenario(board, play="b2-a2^a1", ongoing=True).check()


def test_apollo_wins_by_swapping_up_onto_level_three() -> None:
    """The swap is Apollo's move: his worker moving up onto level 3 wins (rule 2.1)."""
    board = Scenario(
        position("b2=2 c3=3", "b2,d4 c3,d2"), listed=["b2-c3"], play="b2-c3", winner=0, by=Termination.CLIMB
    ).check()
    assert board.owner[6] == 1  # the opponent was still forced into b2


def test_apollo_cannot_swap_with_his_own_worker_or_onto_a_dome() -> None:
    """The power names opponent workers only; domes stay impassable."""
    Scenario(
        position("c2=A", "b2,c3 d4,d2"),
        never_begins=["b2-c3", "c3-b2", "b2-c2", "c3-c2"],
        illegal={"b2-c3^c4": "occupied by a worker", "b2-c2^c1": "has a dome"},
    ).check()


def test_a_swap_that_leaves_no_build_is_not_a_legal_turn() -> None:
    """Rule 2.2 (must move, then build): swapping into a1 where a2 and b1 are domed leaves
    the worker nowhere to build, because the opponent now stands on b2."""
    Scenario(
        position("a2=A b1=A", "b2,e5 a1,e1"),
        never_begins=["b2-a1"],
        not_offered=["b2-a1"],
        illegal={"b2-a1": "after b2-a1 the turn could not be finished"},
    ).check()


def test_apollo_swaps_with_any_opponent_but_not_a_teammate() -> None:
    """4 players (teams 1+3, 2+4): 'opponent' excludes the teammate (SANTORINI.md §3.2, §6)."""
    Scenario(
        "00000/00000/00000/00000/00000 1 b2,c3 b3,c2 & & powers=Apollo,-,-,-",
        begins=["b2-b3", "b2-c2"],  # the two workers of team 2+4
        never_begins=["b2-c3"],  # his own team's other worker
    ).check()


def test_the_opponent_without_apollo_cannot_swap() -> None:
    """The power is Apollo's alone."""
    Scenario(position(workers="b2,d4 c3,d2", to_move=2), never_begins=["c3-b2"]).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written after the swap (turn in
    progress) reads back with the same legal steps."""
    check_round_trip(
        position("c3=1", "b2,d4 c3,d2"),
        "b2-c3^c4",
        mid=[position("c3=1", "c3,d4 d2,b2", extra="turn=b2-c3")],
        after=position("c3=1 c4=1", "c3,d4 d2,b2", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Apollo's worker may move onto an opponent worker's space,
    forcing it into the space he left; the other player has no power (``seat``: Apollo's)."""
    me, them = pos.to_move, 1 - pos.to_move
    if me != seat:
        return nv.plain_turns(pos)
    out: list[NaiveTurn] = []
    for i, src, dst in nv.entering_moves(pos):
        after = nv.moved(pos, i, dst)
        if dst in pos.workers[them]:  # the swap
            after.workers[them][pos.workers[them].index(dst)] = src
        out += nv.finish(pos, after, src, dst)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Apollo", partial(by_turns, naive_turns), seed=2101, count=40, dome_chance=0.15)


MIDGAME = midgame("Apollo,-")
SWAPPY = "00000/01200/01210/00100/00000 1 b3,c2 c3,b4 powers=Apollo,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (51, 2155), SWAPPY: (76, 4795)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Apollo", second="Athena"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
