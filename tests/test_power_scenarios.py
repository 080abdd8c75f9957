"""The power tests' scenario helper and shared checks fail when what they state is false
(issue 13, item 17): a check that cannot fail would make every power test pass vacuously."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from powers.invariants import check_playout, check_round_trip
from powers.oracle import NaiveTurn, by_turns, check_against_naive, check_perft
from powers.scenario import Scenario, positions

position = positions("Apollo,-")
SWAP = position(workers="b2,d4 c3,d2")
CLIMB = position("b2=2 c3=3", "b2,d4 c3,d2")


@pytest.mark.parametrize(
    "wrong",
    [
        Scenario(SWAP, listed=["b2-c3^b2"]),  # not listed: b2 is taken by the swapped worker
        Scenario(SWAP, unlisted=["b2-c3^c4"]),
        Scenario(SWAP, turns=["b2-c3^c4"]),
        Scenario(SWAP, count=1),
        Scenario(SWAP, turns_as=position(workers="b2,d4 c3,d2", powers="-,-")),
        Scenario(SWAP, begins=["b2-a9"]),
        Scenario(SWAP, never_begins=["b2-c3"]),
        Scenario(SWAP, all_begin=["b2-"]),
        Scenario(SWAP, legal=["b2-c3^b2"]),
        Scenario(SWAP, illegal=["b2-c3^c4"]),
        Scenario(SWAP, illegal={"b2-c3^b2": "a reason it does not give"}),
        Scenario(SWAP, mid="b2-c3", steps=["^c4"]),
        Scenario(SWAP, mid="b2-c3", offered=["^b2"]),
        Scenario(SWAP, mid="b2-c3", not_offered=["^c4"]),
        Scenario(SWAP, playable=["b2-c3^b2"]),
        Scenario(SWAP, unplayable=["b2-c3^c4"]),
        Scenario(SWAP, play="b2-c3^c4", after=SWAP),
        Scenario(SWAP, play="b2-c3^c4", winner=0),
        Scenario(CLIMB, play="b2-c3", winner=1),
        Scenario(CLIMB, play="b2-c3", by=Termination.POWER),
        Scenario(CLIMB, play="b2-c3", ongoing=True),
        Scenario(SWAP, play="b2-c3^c4", tokens={"apollo": "used"}),
    ],
)
def test_a_false_scenario_fails(wrong: Scenario) -> None:
    with pytest.raises(AssertionError):
        wrong.check()


def test_a_true_scenario_passes_and_returns_the_board() -> None:
    board = Scenario(SWAP, listed=["b2-c3^c4"], illegal={"b2-c3^b2": "occupied"}, play="b2-c3^c4").check()
    assert board.position() == position("c4=1", "c3,d4 d2,b2", to_move=2)


def test_a_wrong_mid_turn_position_fails_the_round_trip() -> None:
    check_round_trip(SWAP, "b2-c3^c4", mid=[position(workers="c3,d4 d2,b2", extra="turn=b2-c3")])
    with pytest.raises(AssertionError):
        check_round_trip(SWAP, "b2-c3^c4", mid=[SWAP])
    with pytest.raises(AssertionError):
        check_round_trip(SWAP, "b2-c3^c4", after=SWAP)


def no_swap(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """A wrong naive Apollo: the base game, no swap."""
    return nv.plain_turns(pos)


def test_a_wrong_naive_generator_fails_the_cross_checks() -> None:
    from powers.test_apollo import naive_turns

    check_against_naive(by_turns(naive_turns, 0), SWAP)
    with pytest.raises(AssertionError):
        check_against_naive(by_turns(no_swap, 0), SWAP)
    golden = {SWAP: (len(Board.from_position(SWAP).legal_turns()),)}
    check_perft(by_turns(naive_turns, 0), golden)
    with pytest.raises(AssertionError):
        check_perft(by_turns(no_swap, 0), golden)


def test_a_playout_that_cannot_end_in_time_fails() -> None:
    with pytest.raises(AssertionError, match="no winner"):
        check_playout(Board(2, ["Apollo", None]), random.Random(0), max_turns=3)
