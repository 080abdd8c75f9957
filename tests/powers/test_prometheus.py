"""10. Prometheus (SANTORINI.md §4; RULINGS #26, #27): if his worker does not move up, it
may build both before and after moving. After a build before moving, the *same* worker must
move, not up, and then builds again; the normal turn stays available. The early build names
its builder: ``b2^c2-c3^d4``."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, Termination, format_turn, parse_turn
from aegean.santorini.powers import Power
from aegean.santorini.steps import StepCode, step_kind
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Prometheus,-")


# ---------------------------------------------------------------------- scenarios
def test_build_move_build_with_one_worker() -> None:
    """Card and RULINGS #26: build, then move (not up), then build again, all with one
    worker; the early build is written with its builder."""
    assert format_turn(parse_turn("b2^c2-c3^d3")) == "b2^c2-c3^d3"
    Scenario(
        position(),
        listed=["b2^c2-c3^d3"],
        play="b2^c2-c3^d3",
        after=position("c2=1 d3=1", "c3,d4 b4,d2", to_move=2),
    ).check()


def test_the_normal_turn_is_still_there_moving_up_included() -> None:
    """'May': without the early build he moves (up too) and builds as usual."""
    board = Scenario(position("c3=1"), listed=["b2-c3^c4", "b2-b3^a4"], play="b2-c3^c4").check()
    assert board.height[12] == 1 and board.owner[12] == 0


def test_after_building_first_he_may_not_move_up() -> None:
    """RULINGS #26: after the early build the move may not go up (level or down is fine)."""
    board = Scenario(
        position("b2=1 c2=1 c3=2 a1=2"),
        listed=["b2-c3^c4"],  # the normal turn goes up
        legal=["b2^b3-c2^c1", "b2^b3-b1^a2"],  # level (c2 is level 1 like b2), down
        illegal=["b2^b1-c3^c4", "b2^b1-a1^a2"],
    ).check()
    assert not any(t.startswith("b2^") and "-c3" in t for t in turns(board))


def test_the_early_build_can_raise_the_space_he_then_cannot_enter() -> None:
    """The height limit is checked after the early build: a space raised by it is 'up'."""
    Scenario(
        position(),
        listed=["b2^c3-b3^c3"],  # build on c3, move level to b3, build on c3 again
        never_begins=["b2^c3-c3"],
        illegal=["b2^c3-c3^c4"],
    ).check()


def test_the_same_worker_must_move_after_building_first() -> None:
    """RULINGS #26: 'the *same* worker must then move'."""
    Scenario(
        position(),
        never_begins=["b2^c2,"],
        # (and the turn is not over before moving and building again)
        illegal={"b2^c2,d4-d5^e5": "d4", "b2^c2": ""},
    ).check()


def test_an_early_build_after_which_he_could_not_move_is_not_offered() -> None:
    """Rule 2.2 and #26: every neighbour of a1 is one level up, so after building first the
    worker there could not move; that early build is not a legal step (the normal turn,
    moving up, still is)."""
    board = Scenario(
        position("a2=1 b1=1 b2=1", "a1,e5 d2,d4"), listed=["a1-a2^a1"], illegal=["a1^b2-b1^a1"]
    ).check()
    early = [s for s in board.legal_steps() if step_kind(s) is StepKind.BUILD]
    assert all(format_turn((s,)).startswith("e5^") for s in early)


def test_he_cannot_win_after_building_first_but_can_with_a_normal_turn() -> None:
    """Moving up onto level 3 wins (rule 2.1); after an early build no move goes up."""
    board = Scenario(position("b2=2 c3=3"), listed=["b2-c3"]).check()
    assert not any(t.startswith("b2^") and "-c3" in t for t in turns(board))
    Scenario(board, play="b2-c3", winner=0, by=Termination.CLIMB).check()


def test_early_build_can_be_a_dome_and_two_builds_can_stack() -> None:
    """Each build is a normal build: a dome on level 3; and both may go on one space."""
    board = Scenario(position("c2=3 a1=1"), play="b2^c2-b1^a1").check()
    assert board.domes >> 7 & 1 and board.height[0] == 2


def test_athena_forbids_his_normal_move_up_and_the_early_build_still_works() -> None:
    """RULINGS #16-17 with #26: after Athena moved up, no move of his goes up; the early
    build path never goes up anyway, so it is unaffected."""
    text = position("c3=1", powers="Prometheus,Athena", extra="athena=up")
    board = Scenario(text, never_begins=["b2-c3"], listed=["b2^c3-b3^c3", "b2-b3^c3"]).check()
    free = Board.from_position(text.replace(" athena=up", ""))
    assert turns(board) < turns(free)
    assert turns(free) - turns(board) == {t for t in turns(free) if t.startswith(("b2-c3", "d4-c3"))}


class NoBuildBeforeMoving(Power):
    """A test-only opponent power that forbids building before moving (no card; the engine
    filters every step of the mover through ``allows_opponent_step``, RULINGS #27)."""

    def allows_opponent_step(self, board: Board, owner: int, player: int, step: StepCode) -> bool:
        return not (step_kind(step) is StepKind.BUILD and not board.turn)


def test_opponents_restrictions_apply_to_the_early_build() -> None:
    """RULINGS #27 (Persephone vs Prometheus): the build before moving comes through the
    same filter as every step, so an opponent's power can rule it out."""
    board = Scenario(Board(2, ["Prometheus", NoBuildBeforeMoving()]), play=["@b2@d4", "@b4@d2"]).check()
    board = Scenario(board, count=80, illegal=["b2^c2-c3^d3"]).check()
    assert not any("^" in t.split("-")[0] for t in turns(board))
    assert len(turns(Board.from_position(position()))) > 80


def test_persephone_rules_out_the_early_build_when_he_could_move_up() -> None:
    """RULINGS #27 with the real card: a move up onto c3 is possible, so he must make one,
    and building first would forbid it; on a flat board nothing can go up, so he may."""
    board = Scenario(position("c3=1", powers="Prometheus,Persephone"), illegal=["b2^c2-b3^a4"]).check()
    legal = turns(board)
    assert legal and all("-c3" in t and not t.split("-")[0].count("^") for t in legal)
    Scenario(position(powers="Prometheus,Persephone"), legal=["b2^c2-b3^a4"]).check()


def test_the_opponent_without_prometheus_cannot_build_first() -> None:
    """The power is Prometheus's alone."""
    Scenario(position(to_move=2), count=80, illegal=["b4^a5-a4^a3"]).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written after the early build and after
    the move read back with the same legal steps and turns."""
    expected = [
        position("c2=1 c3=1", "b2,d4 b4,d2", extra="turn=b2^c2"),
        position("c2=1 c3=1", "b3,d4 b4,d2", extra="turn=b2^c2-b3"),
    ]
    check_round_trip(
        position("c3=1"), "b2^c2-b3^c3", mid=expected, after=position("c2=1 c3=2", "b3,d4 b4,d2", to_move=2)
    )
    assert not any("-c3" in t for t in turns(Board.from_position(expected[0])))  # c3 is up now


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: the base turns, and build-move-build by one worker whose
    move does not go up. ``seat`` is Prometheus's player; the other has no power."""
    out = nv.plain_turns(pos)
    if pos.to_move != seat:
        return out
    for i, src in enumerate(pos.workers[seat]):
        for first in nv.neighbours(src):
            if not pos.unoccupied(first):
                continue
            early = nv.built(pos, first)
            for dst in nv.step_moves(early, src):
                if early.levels[dst] <= early.levels[src]:  # not up: no climb either
                    move = f"{nv.name(src)}^{nv.name(first)}-{nv.name(dst)}"
                    out += nv.finish(early, nv.moved(early, i, dst), src, dst, move)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Prometheus", partial(by_turns, naive_turns), seed=1001, count=30, dome_chance=0.15)


MIDGAME = midgame("Prometheus,-")
HILLS = "0A000/01210/A232A/0121B/00C00 2 c3,a1 b4,d2 powers=Prometheus,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (227, 9944), HILLS: (37, 10025)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Prometheus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
