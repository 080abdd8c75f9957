"""8. Minotaur (SANTORINI.md §4; RULINGS #1, #16, #24): his worker may move, by the normal
movement rules, into a space occupied by an opponent worker if that worker can be forced
one space straight on, in the same direction, into an unoccupied space at any level. The
push is a force: a worker pushed onto level 3 does not win."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import step_dst
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import (
    NaiveTurn,
    by_turns,
    check_against_naive,
    check_perft,
    check_random_boards,
    midgame,
)
from powers.scenario import Scenario, positions

position = positions("Minotaur,-")


# ---------------------------------------------------------------------- scenarios
def test_minotaur_pushes_an_opponent_straight_on() -> None:
    """Card: moving into the opponent's space forces that worker one space on, in the same
    direction (here diagonally b2 -> c3, so c3 -> d4); then the Minotaur builds as usual."""
    Scenario(
        position(workers="b2,a5 c3,d2"),
        listed=["b2-c3^b2"],
        play="b2-c3^b2",
        after=position("b2=1", "c3,a5 d4,d2", to_move=2),
    ).check()


@pytest.mark.parametrize(
    ("minotaur", "victim", "pushed_to"),
    [("c2", "c3", "c4"), ("d3", "c3", "b3"), ("c4", "c3", "c2"), ("b3", "c3", "d3"), ("d4", "c3", "b2")],
)
def test_every_direction(minotaur: str, victim: str, pushed_to: str) -> None:
    """'Straight on, in the same direction': orthogonal and diagonal pushes."""
    board = Scenario(position(workers=f"{minotaur},a5 {victim},e1"), mid=f"{minotaur}-{victim}").check()
    assert board.owner[parse_square(victim)] == 0
    assert board.owner[parse_square(pushed_to)] == 1
    assert board.owner[parse_square(minotaur)] == -1
    assert board.rehash() == board.zobrist_hash()


def test_no_push_off_the_board_into_a_worker_or_a_dome() -> None:
    """RULINGS #24: the space straight behind must exist and be unoccupied (no worker of
    anyone, no dome)."""
    # b2 -> a1 would push a1's worker off the board; c2 -> c3 into his own worker on c4;
    # d2 -> d3 into the opponent's worker on d4; b3 -> b4 into a dome on b5.
    Scenario(position("b5=A", "b2,c2 a1,c3"), never_begins=["b2-a1"], begins=["c2-c3"]).check()
    for text, workers in (
        ("c2-c3^c2", "c2,c4 a1,c3"),
        ("d2-d3^d2", "d2,a5 d3,d4"),
        ("b3-b4^b3", "b3,a5 b4,e1"),
    ):
        Scenario(
            position("b5=A", workers), never_begins=[text[:5]], illegal={text: "occupied by a worker"}
        ).check()


def test_the_pushed_worker_goes_to_any_level() -> None:
    """RULINGS #24: 'into an unoccupied space at any level', even three levels up."""
    board = Scenario(position("d4=3", "b2,a5 c3,e1"), play="b2-c3^b2").check()
    assert board.owner[18] == 1 and board.height[18] == 3


def test_a_worker_pushed_onto_level_three_does_not_win() -> None:
    """RULINGS #1, #24: forced is not moved; the game goes on and the pushed player plays."""
    board = Scenario(position("b2=1 c3=2 d4=3 e5=3", "b2,a5 c3,e1"), play="b2-c3^b2", ongoing=True).check()
    assert board.to_move == 1 and board.owner[18] == 1 and board.height[18] == 3
    # Standing on level 3, a move to another level-3 space is no climb (RULINGS #2).
    Scenario(board, play="d4-e5^e4", ongoing=True).check()


def test_minotaurs_own_step_obeys_the_height_limit() -> None:
    """RULINGS #24: his move is a normal move; an opponent two levels up cannot be pushed."""
    Scenario(
        position("c3=2", "b2,a5 c3,e1"), never_begins=["b2-c3"], illegal={"b2-c3^b2": "2 levels up"}
    ).check()
    Scenario(position("b2=1 c3=2", "b2,a5 c3,e1"), listed=["b2-c3^b2"]).check()


def test_minotaur_wins_by_pushing_his_way_up_onto_level_three() -> None:
    """His push-move is his move: moving up onto level 3 wins (rule 2.1), at once."""
    board = Scenario(
        position("b2=2 c3=3", "b2,a5 c3,e1"), listed=["b2-c3"], play="b2-c3", winner=0, by=Termination.CLIMB
    ).check()
    assert board.owner[18] == 1  # the opponent was still pushed to d4


def test_minotaur_cannot_push_his_own_worker_or_a_teammate() -> None:
    """The card names opponent workers; in 4-player games the teammate is no opponent
    (teams 1+3, 2+4)."""
    Scenario(position(workers="b2,c3 a5,e1"), never_begins=["b2-c3"]).check()
    Scenario(
        "00000/00000/00000/00000/00000 1 b2,c3 b3,c2 & & powers=Minotaur,-,-,-",
        begins=["b2-b3", "b2-c2"],  # player 2's worker, pushed to b4; player 4's, to d2
        never_begins=["b2-c3"],  # player 3 is his teammate
    ).check()


def test_he_builds_where_he_likes_but_not_on_the_pushed_worker() -> None:
    """After the push the Minotaur's worker builds as the worker that moved: the space he
    left is free, the space the victim was pushed to is occupied."""
    Scenario(
        position(workers="b2,a5 c3,e1"),
        listed=["b2-c3^b2"],
        illegal={"b2-c3^d4": "d4 is occupied by a worker"},
    ).check()


def test_athena_stops_minotaur_pushing_his_way_up() -> None:
    """RULINGS #16: after Athena moved up, the push is still a move by the Minotaur, so he
    cannot push his way up onto a higher opponent; a level push is still fine, and forcing
    Athena's worker up is no move of hers (RULINGS #17)."""
    text = position("c3=1 d4=2 c4=0", "b2,a5 c3,c5", powers="Minotaur,Athena", extra="athena=up")
    Scenario(text, never_begins=["b2-c3"], illegal=["b2-c3^b2"]).check()
    board = Scenario(
        position("b2=1 c3=1 d4=2", "b2,a5 c3,c5", powers="Minotaur,Athena", extra="athena=up"),
        play="b2-c3^b2",  # level push: Athena's worker is forced up onto d4
    ).check()
    assert board.owner[18] == 1 and board.height[18] == 2
    assert "athena" not in board.tokens  # her turn began; being forced up is no move up
    # Without Athena's token the Minotaur may push his way up.
    Scenario(text.replace(" athena=up", ""), listed=["b2-c3^b2"]).check()


def test_the_opponent_without_minotaur_cannot_push() -> None:
    """The power is the Minotaur's alone."""
    Scenario(position(workers="b2,a5 c3,e1", to_move=2), never_begins=["c3-b2"]).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written after the push (turn in
    progress) reads back with the same legal steps and turns."""
    check_round_trip(
        position("d4=2", "b2,a5 c3,e1"),
        "b2-c3^b2",
        mid=[position("d4=2", "c3,a5 d4,e1", extra="turn=b2-c3")],
        after=position("b2=1 d4=2", "c3,a5 d4,e1", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: the Minotaur's worker may move onto an opponent worker's
    space when the space straight on beyond it is free, pushing it there; the other player has
    no power (``seat``: the Minotaur's)."""
    me, them = pos.to_move, 1 - pos.to_move
    if me != seat:
        return nv.plain_turns(pos)
    out: list[NaiveTurn] = []
    for i, src, dst in nv.entering_moves(pos):
        after = nv.moved(pos, i, dst)
        if dst in pos.workers[them]:  # the push
            behind = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
            if not (0 <= behind[0] < 5 and 0 <= behind[1] < 5) or not pos.unoccupied(behind):
                continue
            after.workers[them][pos.workers[them].index(dst)] = behind
        out += nv.finish(pos, after, src, dst)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Minotaur", partial(by_turns, naive_turns), seed=801, count=40, dome_chance=0.15)


def test_turns_match_the_naive_generator_in_crowded_positions() -> None:
    """Random positions where the four workers stand close together, so pushes abound."""
    rng = random.Random(802)
    pushes = 0
    for i in range(60):
        seat = i % 2
        powers = "Minotaur,-" if seat == 0 else "-,Minotaur"
        squares = rng.sample([f + r for f in "bcd" for r in "234"], 4)
        grid = {f + r: rng.choice("0001123A") for f in "abcde" for r in "12345"}
        grid.update({sq: rng.choice("0123") for sq in squares})
        levels = "/".join("".join(grid[f + r] for f in "abcde") for r in "54321")
        text = f"{levels} {seat + 1} {squares[0]},{squares[1]} {squares[2]},{squares[3]} powers={powers}"
        check_against_naive(by_turns(naive_turns, seat), text)
        board = Board.from_position(text)
        pushes += sum(board.owner[step_dst(t[0])] != -1 for t in board.legal_turns())
    assert pushes > 50  # the positions exercise the push


MIDGAME = midgame("Minotaur,-")
SCRUM = "00000/01200/01210/00100/00000 1 b3,c2 c3,b4 powers=Minotaur,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (51, 2114), SCRUM: (76, 4764)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Minotaur"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
