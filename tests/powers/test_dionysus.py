"""18. Dionysus (SANTORINI.md §4; RULINGS #18, #20, #35): completing a tower earns an
extra turn with an opponent worker, during which nobody can win."""

from __future__ import annotations

import random

import naive as nv
from aegean.santorini import Board
from powers.invariants import check_playout, check_round_trip
from powers.oracle import check_plain_replies, naive_pos
from powers.scenario import Scenario, turns

#: Dionysus (player 1) on b2 can dome the level-3 tower on c3.
TOWER = "00000/00000/00300/00000/00000 1 b2,d4 b4,e1 powers=Dionysus,-"


def test_completing_a_tower_earns_an_extra_turn_with_an_opponent_worker() -> None:
    """#35: after the turn, an extra turn moving then building with one opponent worker."""
    board = Scenario(TOWER, play="b2-b3^c3", tokens={"dionysus.extra": "on"}).check()
    assert board.to_move == 0
    board = Scenario(
        board,
        listed=[".", "b4-a3^a2", "e1-d1^e1"],  # ".": "may", he can decline
        never_begins=["b3", "d4"],  # not his own workers
        play="b4-a3^b4",
        tokens={},
    ).check()
    assert board.to_move == 1
    assert board.workers[1] == [10, 4]  # the moved worker is still player 2's (#18)


def test_declining_the_extra_turn() -> None:
    board = Scenario(TOWER, play=["b2-b3^c3", "."], tokens={}).check()
    assert board.to_move == 1
    assert board.history[-1] == board.parse_turn(".")


def test_a_lower_dome_is_no_complete_tower() -> None:
    """#20: only a dome on level 3 is a Complete Tower; ordinary blocks earn nothing."""
    board = Scenario(
        "00000/00000/00200/00000/00000 1 b2,d4 b4,e1 powers=Dionysus,-", play="b2-b3^c3", tokens={}
    ).check()
    assert board.to_move == 1


def test_nobody_wins_during_the_extra_turn() -> None:
    """#35: an opponent worker moved up onto level 3 by Dionysus does not win."""
    board = Scenario("00000/00000/00300/00023/00000 1 b2,a5 d2,e1 powers=Dionysus,-", play="b2-b3^c3").check()
    board = Scenario(
        board,
        listed=["d2-e2^d2"],  # d2 (level 2) onto e2 (level 3)
        illegal={"d2-e2": "not finished"},  # the climb wins nothing, so the build is still owed
        play="d2-e2^d2",
        ongoing=True,
    ).check()
    assert board.to_move == 1


def test_a_tower_completed_during_the_extra_turn_chains_another() -> None:
    """#35: completing another tower during an extra turn gives a further one."""
    board = Scenario(
        "00000/00000/00300/00030/00000 1 b2,a5 d3,e1 powers=Dionysus,-",
        play=["b2-b3^c3", "d3-e3^d2"],  # the opponent worker domes d2's level-3 tower
        tokens={"dionysus.extra": "on"},
    ).check()
    assert board.to_move == 0
    board = Scenario(board, play=".", tokens={}).check()
    assert board.to_move == 1


def test_his_own_wins_still_count_outside_extra_turns() -> None:
    Scenario("00000/00000/00300/02000/00000 1 b2,a5 d4,e1 powers=Dionysus,-", play="b2-c3", winner=0).check()


def test_undo_and_position_round_trip() -> None:
    check_round_trip(TOWER, "b2-b3^c3", "b4-a3^b4")


def test_extra_turns_match_the_naive_generator_and_perft() -> None:
    """The extra turn's moves are the base-game turns of the opponent's workers (counted by
    the independent generator in tests/naive.py, with player 2 to move), plus declining."""
    board = Scenario(TOWER, play="b2-b3^c3").check()
    fields = board.position().split()
    as_opponent = naive_pos(" ".join([fields[0], "2", *fields[2:4]]))
    assert turns(board) == set(nv.legal_turns(as_opponent)) | {"."}
    assert (len(board.legal_turns()), check_plain_replies(board)) == (43, 1897)


def test_random_playouts_keep_the_invariants() -> None:
    for seed in range(4):
        board = Board(2, ["Dionysus", None] if seed % 2 else [None, "Dionysus"])
        check_playout(board, random.Random(seed), max_turns=80, must_end=False)


def test_athena_does_not_restrict_her_own_workers_in_his_extra_turn() -> None:
    """RULINGS #18: workers moved in Dionysus's extra turns still belong to their owner, and
    Athena's own workers moved by Dionysus are not restricted by her."""
    board = Scenario(
        "00000/00000/00300/00010/00000 1 b2,a5 c2,e1 powers=Dionysus,Athena athena=up", play="b2-b3^c3"
    ).check()
    Scenario(board, listed=["c2-d2^e2"]).check()  # Athena's worker moving up, moved by Dionysus


def test_pan_cannot_win_in_the_extra_turn() -> None:
    """RULINGS #35: nobody wins during extra turns, Pan included: Dionysus moving Pan's
    worker down two levels wins for nobody."""
    board = Scenario(
        "00000/00000/00300/00200/00000 1 b2,a5 c2,e1 powers=Dionysus,Pan", play="b2-b3^c3"
    ).check()
    board = Scenario(board, listed=["c2-d1^c2"], play="c2-d1^c2", ongoing=True).check()  # level 2 down to 0
    assert board.to_move == 1
    # Outside the extra turn the same drop wins for Pan.
    Scenario(
        "00000/00000/00300/00200/00000 2 b2,a5 c2,e1 powers=Dionysus,Pan", play="c2-d1", winner=1
    ).check()
