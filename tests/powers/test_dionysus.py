"""18. Dionysus (SANTORINI.md §4; RULINGS #18, #20, #35): completing a tower earns an
extra turn with an opponent worker, during which nobody can win."""

from __future__ import annotations

import random

import pytest

import naive as naive_base
from aegean.santorini import Board, IllegalTurnError
from powers.support import turns

#: Dionysus (player 1) on b2 can dome the level-3 tower on c3.
TOWER = "00000/00000/00300/00000/00000 1 b2,d4 b4,e1 powers=Dionysus,-"


def test_completing_a_tower_earns_an_extra_turn_with_an_opponent_worker() -> None:
    """#35: after the turn, an extra turn moving then building with one opponent worker."""
    board = Board.from_position(TOWER)
    board.play("b2-b3^c3")
    assert board.to_move == 0 and board.tokens == {"dionysus.extra": "on"}
    legal = turns(board)
    assert "." in legal  # "may": he can decline
    assert {"b4-a3^a2", "e1-d1^e1"} <= legal
    assert not any(t.startswith(("b3", "d4")) for t in legal)  # not his own workers
    board.play("b4-a3^b4")
    assert board.to_move == 1 and "dionysus.extra" not in board.tokens
    assert board.workers[1] == [10, 4]  # the moved worker is still player 2's (#18)


def test_declining_the_extra_turn() -> None:
    board = Board.from_position(TOWER)
    board.play("b2-b3^c3")
    board.play(".")
    assert board.to_move == 1 and not board.tokens
    assert board.history[-1] == board.parse_turn(".")


def test_a_lower_dome_is_no_complete_tower() -> None:
    """#20: only a dome on level 3 is a Complete Tower; ordinary blocks earn nothing."""
    board = Board.from_position("00000/00000/00200/00000/00000 1 b2,d4 b4,e1 powers=Dionysus,-")
    board.play("b2-b3^c3")
    assert board.to_move == 1 and not board.tokens


def test_nobody_wins_during_the_extra_turn() -> None:
    """#35: an opponent worker moved up onto level 3 by Dionysus does not win."""
    board = Board.from_position("00000/00000/00300/00023/00000 1 b2,a5 d2,e1 powers=Dionysus,-")
    board.play("b2-b3^c3")
    assert "d2-e2^d2" in turns(board)  # d2 (level 2) onto e2 (level 3)
    with pytest.raises(IllegalTurnError, match="not finished"):
        board.play("d2-e2")  # the climb wins nothing, so the build is still owed
    board.play("d2-e2^d2")
    assert board.outcome() is None and board.to_move == 1


def test_a_tower_completed_during_the_extra_turn_chains_another() -> None:
    """#35: completing another tower during an extra turn gives a further one."""
    board = Board.from_position("00000/00000/00300/00030/00000 1 b2,a5 d3,e1 powers=Dionysus,-")
    board.play("b2-b3^c3")
    board.play("d3-e3^d2")  # the opponent worker domes d2's level-3 tower
    assert board.to_move == 0 and board.tokens == {"dionysus.extra": "on"}
    board.play(".")
    assert board.to_move == 1 and not board.tokens


def test_his_own_wins_still_count_outside_extra_turns() -> None:
    board = Board.from_position("00000/00000/00300/02000/00000 1 b2,a5 d4,e1 powers=Dionysus,-")
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0}


def test_undo_and_position_round_trip() -> None:
    board = Board.from_position(TOWER)
    start = (board.position(), board.zobrist_hash())
    board.play("b2-b3^c3")
    again = Board.from_position(board.position())
    assert turns(again) == turns(board)
    board.play("b4-a3^b4")
    assert Board.from_position(board.position()).position() == board.position()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == start


def test_extra_turns_match_the_naive_generator_and_perft() -> None:
    """The extra turn's moves are the base-game turns of the opponent's workers (counted by
    the independent generator in tests/naive.py, with player 2 to move), plus declining."""
    board = Board.from_position(TOWER)
    board.play("b2-b3^c3")
    fields = board.position().split()
    as_opponent = naive_base.parse(" ".join([fields[0], "2", *fields[2:4]]))
    assert turns(board) == set(naive_base.legal_turns(as_opponent)) | {"."}
    total = 0
    for turn in board.legal_turns():
        board.push_turn(turn)
        replies = len(board.legal_turns())
        assert replies == naive_base.count_turns(naive_base.parse(" ".join(board.position().split()[:4])))
        total += replies
        board.pop()
    assert (len(board.legal_turns()), total) == (43, 1897)


def test_random_playouts_keep_the_invariants() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        board = Board(2, ["Dionysus", None] if seed % 2 else [None, "Dionysus"])
        start = board.position()
        plies = 0
        while board.outcome() is None and plies < 80:
            board.push_turn(rng.choice(board.legal_turns()))
            assert board.rehash() == board.zobrist_hash()
            assert Board.from_position(board.position()).position() == board.position()
            plies += 1
        for _ in range(plies):
            board.pop()
        assert board.position() == start


def test_athena_does_not_restrict_her_own_workers_in_his_extra_turn() -> None:
    """RULINGS #18: workers moved in Dionysus's extra turns still belong to their owner, and
    Athena's own workers moved by Dionysus are not restricted by her."""
    board = Board.from_position(
        "00000/00000/00300/00010/00000 1 b2,a5 c2,e1 powers=Dionysus,Athena athena=up"
    )
    board.play("b2-b3^c3")
    legal = turns(board)
    assert "c2-d2^e2" in legal  # Athena's worker moving up, moved by Dionysus


def test_pan_cannot_win_in_the_extra_turn() -> None:
    """RULINGS #35: nobody wins during extra turns, Pan included: Dionysus moving Pan's
    worker down two levels wins for nobody."""
    board = Board.from_position("00000/00000/00300/00200/00000 1 b2,a5 c2,e1 powers=Dionysus,Pan")
    board.play("b2-b3^c3")
    assert "c2-d1^c2" in turns(board)  # level 2 down to level 0
    board.play("c2-d1^c2")
    assert board.outcome() is None and board.to_move == 1
    # Outside the extra turn the same drop wins for Pan.
    pan = Board.from_position("00000/00000/00300/00200/00000 2 b2,a5 c2,e1 powers=Dionysus,Pan")
    pan.play("c2-d1")
    outcome = pan.outcome()
    assert outcome is not None and outcome.winners == {1}
