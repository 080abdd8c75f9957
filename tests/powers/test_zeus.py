"""30. Zeus (SANTORINI.md §4; RULINGS #1, #47): his worker may build a block under itself,
which forces it up one level; that is a build, not a move, so it never wins, it is
impossible on level 3 (a block, never a dome), and Athena does not stop it. Written as a
build on the worker's own square, ``b2-c3^c3``."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import StepKind, Termination, format_turn, parse_turn
from aegean.santorini.steps import step_dst, step_kind, step_src
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Zeus,-")


# ---------------------------------------------------------------------- scenarios
def test_zeus_builds_a_block_under_himself_and_is_lifted() -> None:
    """Card: a block under the worker that moved; the worker stays on its space, one level up."""
    board = Scenario(
        position(), listed=["b2-c3^c3"], play="b2-c3^c3", after=position("c3=1", "c3,d4 b4,d2", to_move=2)
    ).check()
    assert board.owner[12] == 0 and board.height[12] == 1


def test_the_build_under_himself_is_written_on_his_own_square() -> None:
    """docs/notation.md: a build names its target square; here that is the builder's own."""
    assert format_turn(parse_turn("b2-c3^c3")) == "b2-c3^c3"
    board = Scenario(position(), mid="b2-c3", offered=["^c3"]).check()
    assert board.position().endswith("turn=b2-c3")
    board = Scenario(board, mid="^c3", after=position("c3=1", "c3,d4 b4,d2", to_move=2)).check()
    assert board.height[12] == 1 and board.to_move == 1  # (the worker in use may be left out)


def test_reaching_level_three_by_building_under_himself_does_not_win() -> None:
    """RULINGS #47, #1 (Spin Master text): lifted is not moved; the game goes on."""
    board = Scenario(position("b2=2 c3=2"), play="b2-c3^c3", ongoing=True).check()
    assert board.height[12] == 3 and board.owner[12] == 0
    assert board.to_move == 1
    # On his next turn, level 3 to level 3 is no climb either (RULINGS #2) ...
    board.play("b4-a5^a4")
    Scenario(position("c3=3 c4=3", "c3,d4 b4,d2"), play="c3-c4^c3", ongoing=True).check()
    # ... but stepping down and back up onto level 3 is.
    Scenario(
        position("c3=3 c4=2 d4=3", "c3,a1 b4,d2"),
        play=["c3-c4^b5", "b4-a4^a5", "c4-d4"],
        winner=0,
        by=Termination.CLIMB,
    ).check()


def test_impossible_on_level_three() -> None:
    """RULINGS #47: only a block goes under him, and level 3 takes a dome, so a worker on
    level 3 cannot build under itself (nor put a dome there)."""
    Scenario(
        position("c3=3 c4=3", "c3,d4 b4,d2"),
        listed=["c3-c4^c3"],  # the space he left is a normal build
        illegal=["c3-c4^c4", "c3-c4^c4D"],
    ).check()


def test_never_a_dome_under_himself() -> None:
    """RULINGS #47: 'a block (never a dome)'; a dome below level 3 is never offered."""
    board = Scenario(position("c3=1"), illegal=["b2-c3^c3D"]).check()
    assert all(not t.endswith("D") for t in turns(board))


def test_only_the_worker_that_moved_builds_under_itself() -> None:
    """Your Build: the build is the moved worker's; the other worker stays as it is."""
    Scenario(position(), illegal=["b2-c3,d4^d4"]).check()


def test_athena_does_not_stop_zeus_rising() -> None:
    """RULINGS #47: Athena forbids moving up, and building under himself is no move."""
    board = Scenario(
        position("c3=1", powers="Zeus,Athena", extra="athena=up"),
        never_begins=["b2-c3"],  # moving up is forbidden
        listed=["b2-b3^b3"],
        play="b2-b3^b3",
    ).check()
    assert board.owner[11] == 0 and board.height[11] == 1


def test_the_opponent_without_zeus_cannot_build_under_himself() -> None:
    """The power is Zeus's alone."""
    board = Scenario(position(to_move=2), illegal=["b4-b3^b3"]).check()
    builds = [s for t in board.legal_turns() for s in t if step_kind(s) is StepKind.BUILD]
    assert builds and all(step_src(s) != step_dst(s) for s in builds)


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written mid-turn reads back with
    the same legal steps and turns."""
    check_round_trip(
        position("c3=2"),
        "b2-b3^b3",
        mid=[position("c3=2", "b3,d4 b4,d2", extra="turn=b2-b3")],
        after=position("b3=1 c3=2", "b3,d4 b4,d2", to_move=2),
    )
    Scenario(position("c3=2"), mid="b2-b3", listed=["b3^b3"], unlisted=["b3^b4"]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: the base turns, plus a block under the moved worker unless
    it stands on level 3. ``seat`` is Zeus's player; the other has no power."""
    out = nv.plain_turns(pos)
    if pos.to_move != seat:
        return out
    for i, src in enumerate(pos.workers[seat]):
        for dst in nv.step_moves(pos, src):
            if pos.levels[dst] == 3:
                continue  # either a winning climb or level 3 -> 3; no block goes under level 3
            after = nv.moved(pos, i, dst)
            after.levels[dst] += 1
            out.append((f"{nv.name(src)}-{nv.name(dst)}^{nv.name(dst)}", after, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Zeus", partial(by_turns, naive_turns), seed=3001, count=40, dome_chance=0.15)


MIDGAME = midgame("Zeus,-")
TOWERS = "00100/02210/12321/01220/00100 2 c3,b2 d4,b4 powers=Zeus,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (54, 2344), TOWERS: (68, 5755)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Zeus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
