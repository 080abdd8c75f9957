"""5. Demeter (SANTORINI.md §4; RULINGS #21): her worker may build one more time, but not
on the same space. The second build is optional, by the same worker, on a different space,
and it is the piece that fits (a dome on level 3)."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Demeter,-")


# ---------------------------------------------------------------------- scenarios
def test_a_second_build_on_another_space() -> None:
    """Card: one more build, not on the same space."""
    Scenario(position(), play="b2-c3^c4^d3", after=position("c4=1 d3=1", "c3,d4 b4,d2", to_move=2)).check()


def test_the_second_build_is_optional() -> None:
    Scenario(
        position(), listed=["b2-c3^c4"], play="b2-c3^c4", after=position("c4=1", "c3,d4 b4,d2", to_move=2)
    ).check()


def test_not_twice_on_the_same_space() -> None:
    """RULINGS #21: a different space."""
    board = Scenario(position(), illegal={"b2-c3^c4^c4": r"\^c4 is not allowed here"}).check()
    assert not any(t.endswith("^c4^c4") for t in turns(board))
    assert board.position() == position()


def test_the_same_worker_builds_both_times() -> None:
    """RULINGS #21: the worker that moved builds again, not the other one."""
    Scenario(position(), illegal={"b2-c3^c4,d4^d5": "the worker on c3 must build, not one on d4"}).check()


def test_either_build_may_be_a_dome_on_level_three() -> None:
    """RULINGS #21: it may be a dome (the piece that fits level 3)."""
    Scenario(
        position("c4=3 d3=3"), play="b2-c3^c4^d3", after=position("c4=D d3=D", "c3,d4 b4,d2", to_move=2)
    ).check()


def test_no_dome_below_level_three() -> None:
    """Demeter builds the piece that fits; only Atlas-like powers dome lower levels."""
    Scenario(position("c4=2"), illegal={"b2-c3^d3^c4D": "a dome cannot be built on level 2 of c4"}).check()


def test_building_on_the_space_she_left() -> None:
    board = Scenario(position(), play="b2-c3^b2^c2").check()
    assert board.height[6] == 1 and board.height[7] == 1


def test_the_order_of_the_two_builds_does_not_matter() -> None:
    """The same two builds in either order end alike: one turn (equal end states merge)."""
    board = Scenario(position(), legal=["b2-c3^c4^d3", "b2-c3^d3^c4"], count=254).check()
    legal = turns(board)
    assert ("b2-c3^c4^d3" in legal) != ("b2-c3^d3^c4" in legal)


def test_the_opponent_builds_once() -> None:
    board = Scenario(position(to_move=2), illegal={"b4-a4^a5^b5": "the turn is over before step 3"}).check()
    assert all(t.count("^") == 1 for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the first build the turn is still open (``turn=b2-c3^c4``): a second build or
    END; the position reads back with the same options, and undo restores everything."""
    Scenario(position(), mid="b2-c3^c4", offered=["."], not_offered=["^c4"]).check()
    check_round_trip(
        position(),
        "b2-c3^c4",
        mid=[None, position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4")],
        after=position("c4=1", "c3,d4 b4,d2", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Demeter's worker may build once more, not on the same space;
    the other player has no power (``seat``: Demeter's)."""
    plain = nv.plain_turns(pos)
    if pos.to_move != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        if outcome:
            continue
        worker, first = nv.coord(turn[3:5]), nv.coord(turn[-2:])
        for target in nv.neighbours(worker):
            if target != first and after.unoccupied(target):
                out.append((f"{turn}^{nv.name(target)}", nv.built(after, target), ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Demeter", partial(by_turns, naive_turns), seed=2105, count=30, dome_chance=0.15)


MIDGAME = midgame("Demeter,-")
OPEN = position()  # the opening: workers on b2, d4 and b4, d2


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (135, 5824), OPEN: (254, 19396)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Demeter"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
