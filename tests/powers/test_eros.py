"""19. Eros (SANTORINI.md §4; RULINGS #1, #36): workers placed along opposite edges; he also
wins when one of his workers moves to a space neighbouring his other worker and both are
on level 1 (3 players: both on the same level)."""

from __future__ import annotations

import itertools
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import (
    Key,
    by_children,
    check_along_random_games,
    check_perft,
    ends_of,
)
from powers.scenario import Scenario

# Eros on b2 (level 1) and e5; level-1 spaces c3 and d4, level 3 at a1, level 2 at b1.
START = "00001/00010/00100/01000/32000 1 b2,e5 b4,d2 powers=Eros,-"


# ---------------------------------------------------------------------- setup
def naive_placements() -> set[str]:
    """Pairs of perimeter spaces on opposite edges (left/right or bottom/top)."""
    out = set()
    for a, b in itertools.combinations(nv.ALL_COORDS, 2):
        files, ranks = {a[0], b[0]}, {a[1], b[1]}
        if files == {0, 4} or ranks == {0, 4}:
            out.add(f"@{nv.name(a)}@{nv.name(b)}")
    return out


@pytest.mark.parametrize("seat", [0, 1])
def test_workers_go_on_opposite_edges(seat: int) -> None:
    """Ruling 36: both on perimeter spaces, on opposite edges (a corner lies on two)."""
    board = Board(2, ["Eros", None] if seat == 0 else [None, "Eros"])
    if seat == 1:
        board.play("@b2@c3")
    assert len(naive_placements()) == 48
    Scenario(
        board,
        turns=naive_placements(),
        illegal=["@a1@b1", "@a1@c3", "@b1@e3", "@c3@c4"],
        legal=["@a1@a5", "@a1@e5", "@a3@e1", "@c1@c5"],
    ).check()


def test_the_second_worker_goes_on_an_edge_opposite_the_first() -> None:
    board = Scenario(Board(2, [None, "Eros"]), play="@a1@b1").check()
    board = Scenario(board, mid="@e4", steps=["@a2", "@a3", "@a4", "@a5"]).check()
    assert board.placing and board.position().endswith("a1,b1 e4 powers=-,Eros")


def test_a_first_worker_with_no_opposite_space_left_is_refused() -> None:
    """A placement step that cannot be completed is not legal (SANTORINI.md §3.2): with
    domes all along the a-file, e2-e4 have no opposite space; the corners e1 and e5 do."""
    Scenario(
        "A0000/A0000/A0000/A0000/A0000 2 c3,c4 - powers=-,Eros",
        not_offered=["@e2", "@e3", "@e4", "@c3", "@a1"],
        offered=["@e1", "@e5", "@b1", "@b5"],
    ).check()


# ---------------------------------------------------------------------- winning
def test_moving_next_to_the_other_worker_both_on_level_one_wins() -> None:
    """Card: the move wins at once, with no build (ruling 7)."""
    Scenario(
        "00000/00000/00100/01000/00000 1 b2,e5 b4,d2 powers=Eros,-",
        unlisted=["b2-c3"],  # c3 is not next to e5
    ).check()
    board = Scenario(
        "00000/00000/00100/01000/00000 1 b2,d4 a4,e1 powers=Eros,-",
        play="d4-c3",
        winner=0,
        by=Termination.POWER,
    ).check()
    assert board.history[-1] == board.parse_turn("d4-c3")


def test_both_must_be_on_level_one() -> None:
    """Level 2 (or the ground) next to each other is no win in a 2-player game."""
    for text in (
        "00000/00000/02210/00000/00000 1 b3,d3 a5,e5 powers=Eros,-",
        "00000/00000/01000/00000/00000 1 b3,d3 a5,e5 powers=Eros,-",  # c3 ground, b3 level 1
        "00000/00000/00000/00000/00000 1 b3,d3 a5,e5 powers=Eros,-",
    ):
        Scenario(text, play="d3-c3^d3", ongoing=True).check()


def test_in_three_player_games_any_equal_level_wins() -> None:
    Scenario(
        "00000/00000/02210/00000/00000 1 b3,d3 a5,e5 a1,e1 powers=Eros,-,-",
        play="d3-c3",
        winner=0,
        by=Termination.POWER,
    ).check()


def test_staying_next_to_the_other_worker_counts() -> None:
    """Decision: 'moves to a space neighbouring your other worker' holds for a move that
    starts next to it too."""
    Scenario("00000/00000/01100/01000/00000 1 b3,b2 a5,e5 powers=Eros,-", play="b2-c3", winner=0).check()


def test_a_forced_worker_does_not_win() -> None:
    """Ruling 1: Apollo swapping Eros's worker onto level 1 next to the other is no move."""
    Scenario(
        "00000/00000/01100/00000/00000 2 b3,d2 c3,e5 powers=Eros,Apollo",
        play="c3-d2^d1",  # Eros's worker is forced d2 -> c3, next to b3, both level 1
        ongoing=True,
    ).check()


def test_with_one_worker_left_there_is_no_love_win() -> None:
    """Ruling 36: both workers must be on the board."""
    Scenario(
        "00000/00000/01100/00000/00000 1 b3 a5,e5 powers=Eros,- removed=1,0", play="b3-c3^b3", ongoing=True
    ).check()


def test_climbing_still_wins() -> None:
    Scenario(
        "00000/00000/00000/02000/03000 1 b2,e5 a4,d4 powers=Eros,-", play="b2-b1", by=Termination.CLIMB
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(START, "b2-c3^c2")


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, eros: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, from the card text alone."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            moved = nv.moved(pos, i, dst)
            others = [w for j, w in enumerate(pos.workers[me]) if j != i]
            love = (
                me == eros
                and len(others) == 1
                and others[0] in nv.neighbours(dst)
                and pos.levels[dst] == pos.levels[others[0]] == 1
            )
            if love and not nv.climbs(pos, src, dst):
                out[(moved.key(), f"{me + 1}:power")] = moved
            else:
                out |= ends_of(nv.finish(pos, moved, src, dst))
    return out


PERFT_START = "10101/01010/10101/01010/10101 1 a1,c3 e5,b4 powers=Eros,-"


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(PERFT_START, 57, 3126), (PERFT_START.replace(" 1 ", " 2 ", 1), 54, 3174)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    checked = check_along_random_games("Eros", partial(by_children, naive_children), seed=19, seats=(0,) * 2)
    assert checked > 10


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Eros", rival, seeds=range(3))
