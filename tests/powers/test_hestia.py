"""21. Hestia (SANTORINI.md §4; RULINGS #38): her worker may build one more time, but not
on a perimeter space. The extra build is optional, by the same worker, and may go on the
same space or be a dome (the piece that fits level 3)."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Hestia,-", "b2,d4 b4,e1")


# ---------------------------------------------------------------------- scenarios
def test_the_extra_build_is_optional_and_never_on_the_perimeter() -> None:
    """Card: one more build, not on a perimeter space. From the corner a1 the worker may
    build on a2, b1 or b2, but its extra build only on b2, the one inner neighbour."""
    board = Scenario(
        position(),
        illegal=["b2-a1^b2^a2", "b2-a1^b2^b1", "b2-a1^a2^a2"],
        play="b2-a1^a2",  # declining the extra build
    ).check()
    assert board.to_move == 1 and board.height[5] == 1
    board.pop()
    corner = {t for t in turns(board) if t.startswith("b2-a1")}
    assert corner == {"b2-a1^a2", "b2-a1^b1", "b2-a1^b2", "b2-a1^a2^b2", "b2-a1^b1^b2", "b2-a1^b2^b2"}


def test_the_extra_build_may_go_on_the_same_space() -> None:
    """RULINGS #38: the same space is allowed (unlike Demeter)."""
    board = Scenario(position(), play="b2-a1^b2^b2").check()
    assert board.height[6] == 2 and not board.domes


def test_the_extra_build_may_be_a_dome_completing_a_tower() -> None:
    """RULINGS #38: a dome is allowed: level 2 -> 3, then the dome on level 3."""
    board = Scenario(position("c3=2"), play="b2-b3^c3^c3").check()
    assert board.height[12] == 3 and board.domes >> 12 & 1


def test_only_the_worker_that_built_builds_again() -> None:
    """RULINGS #38: the extra build uses the same worker, on a space neighbouring it."""
    Scenario(position(), illegal=["b2-b3^c3,d4^d3", "b2-b3^c3^d3"]).check()  # d3 does not neighbour b3


def test_offered_step_by_step_with_end() -> None:
    """After the first build the turn offers END beside the inner builds; END (or the
    extra build) ends the turn."""
    board = Scenario(position(), mid="b2-a1^a2", steps=[".", "^b2"]).check()
    assert board.to_move == 0
    board = Scenario(board, mid=".").check()
    assert board.to_move == 1 and not board.turn
    board.pop()
    board = Scenario(board, mid="^b2").check()
    assert board.to_move == 1


def test_no_build_after_a_winning_climb() -> None:
    """A climb onto level 3 wins at once (RULINGS #7): no build, extra or not."""
    Scenario(position("b2=2 c3=3"), listed=["b2-c3"], never_begins=["b2-c3^"], play="b2-c3", winner=0).check()


def test_the_opponent_has_no_extra_build() -> None:
    assert all(t.count("^") == 1 for t in turns(Board.from_position(position(to_move=2))))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written between the builds and after
    the move read back with the same legal steps."""
    check_round_trip(
        position("c3=1"),
        "b2-b3^c3^c3",
        mid=[None, position("c3=2", "b3,d4 b4,e1", extra="turn=b2-b3^c3")],
        after=position("c3=3", "b3,d4 b4,e1", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Hestia's worker may build once more, not on the perimeter
    (``seat``: Hestia's). Different turns may reach the same position."""
    plain = nv.plain_turns(pos)
    if pos.to_move != seat:
        return plain
    out = list(plain)
    for turn, once, outcome in plain:
        if not outcome:
            worker = nv.coord(turn[3:5])
            extra = [b for b in nv.builds(once, worker, turn) if not nv.on_perimeter(nv.coord(b[0][-2:]))]
            out += extra
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Hestia", partial(by_turns, naive_turns), seed=2121, count=30, dome_chance=0.1)


#: Towers of every height around both sides' workers; c3 (level 2) can win on d2.
MIDGAME = midgame("Hestia,-")


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    """Depth-2 perft from a fixed position (Hestia to move, then the opponent), frozen,
    and recounted independently."""
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (124, 5325)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Hestia"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=False)
