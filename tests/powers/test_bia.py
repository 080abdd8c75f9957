"""13. Bia (SANTORINI.md §4; RULINGS #30): when her worker moves into a space and the next
space in the same direction holds an opponent worker, that worker is removed from the game
(printed text: anywhere on the board, no perimeter restriction)."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, PositionError, Termination
from aegean.santorini.powers import make_power
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import parse_square
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import (
    Key,
    by_children,
    check_along_random_games,
    check_perft,
    ends_of,
)
from powers.scenario import Scenario

START = "00000/00000/00000/00000/00000 1 b2,e5 b4,d4 powers=Bia,-"


def test_she_places_her_workers_first() -> None:
    """Setup (ruling 6): only Bia's seat may be the start player, who places first."""
    assert allowed_start_players([make_power("Bia"), make_power(None)]) == [0]
    assert allowed_start_players([make_power("Athena"), make_power("Bia")]) == [1]


def test_moving_towards_an_opponent_two_spaces_away_removes_it() -> None:
    """Ruling 30: b2-b3 points at b4 (straight on); b2-c3 points at d4 (diagonally)."""
    board = Scenario(
        START, play="b2-b3^a3", after="00000/00000/10000/00000/00000 2 b3,e5 d4 powers=Bia,- removed=0,1"
    ).check()
    assert board.workers[1] == [parse_square("d4")]
    board.pop()
    board = Scenario(board, play="b2-c3^c2").check()
    assert board.workers[1] == [parse_square("b4")]


def test_the_removed_worker_is_gone_for_good() -> None:
    """A removed worker is not placed again: its owner plays on with the other one."""
    board = Scenario(START, play="b2-b3^a3").check()
    assert not board.placing
    board = Scenario(board, all_begin=["d4-"], illegal=["@a1"]).check()
    assert board.removed_counts() == [0, 1]


def test_no_removal_without_an_opponent_straight_on() -> None:
    """Own workers, empty spaces, off-board spaces and opponents not in line are safe."""
    text = "00000/00000/00000/00000/00000 1 b2,b4 a5,d3 powers=Bia,-"
    for turn in ("b2-b3^a2", "b4-a4^a3", "b2-a1^b1", "b2-c2^b1"):
        board = Scenario(text, play=turn).check()
        assert len(board.workers[1]) == 2 and "removed" not in board.tokens, turn
    board = Scenario(text, play="b2-b3^c3").check()  # b4 is Bia's own worker: nothing happens
    assert len(board.workers[0]) == 2 and len(board.workers[1]) == 2


def test_no_perimeter_restriction() -> None:
    """The printed card has none (the revised text does): a victim in the middle goes."""
    board = Scenario("00000/00000/00000/00000/00000 1 a1,e5 c3,a5 powers=Bia,-", play="a1-b2^a2").check()
    assert board.workers[1] == [parse_square("a5")]


def test_only_her_own_moves_kill() -> None:
    """'Your Move': an opponent moving in line with Bia's workers removes nothing."""
    board = Scenario(
        "00000/00000/00000/00000/00000 2 b2,e5 b4,d4 powers=Bia,-", play="b4-b3^a3", tokens={}
    ).check()
    assert len(board.workers[0]) == 2


def test_a_worker_pushed_by_apollo_is_forced_not_moved() -> None:
    """Ruling 1: forced is not moved, so Bia's worker swapped by Apollo removes nothing."""
    board = Scenario(
        "00000/00000/00000/00000/00000 2 b3,e5 b2,b4 powers=Bia,Apollo",
        play="b2-b3^c3",  # Apollo swaps: Bia's worker is forced b3 -> b2
        tokens={},
    ).check()
    assert len(board.workers[1]) == 2


def test_a_winning_move_wins_and_still_removes() -> None:
    """Ruling 7 and 30: the climb onto level 3 wins; the removal is part of that move."""
    board = Scenario(
        "00000/00000/00300/02000/00000 1 b2,e5 d4,a1 powers=Bia,-",
        play="b2-c3",
        winner=0,
        by=Termination.CLIMB,
    ).check()
    assert board.workers[1] == [parse_square("a1")]
    assert board.position().endswith("removed=0,1 outcome=1:climb")
    assert Board.from_position(board.position()).outcome() == board.outcome()


def test_removing_the_last_worker_leaves_the_opponent_without_a_turn() -> None:
    """Decision: a player with no worker has no legal turn and loses (rule 2.2)."""
    board = Scenario(
        "00000/00000/00000/00000/00000 1 b2,e5 b4 powers=Bia,- removed=0,1",
        play="b2-b3^a3",
        winner=0,
        by=Termination.NO_LEGAL_TURN,
    ).check()
    assert board.workers[1] == [] and not board.placing
    assert board.legal_turns() == []
    again = Board.from_position(board.position())
    assert again.position().endswith("b3,e5 - powers=Bia,- removed=0,2")
    assert again.outcome() == board.outcome()


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("removed=1", "expected 2 counts"),
        ("removed=0,x", "expected 2 counts"),
        ("removed=0,²", "expected 2 counts"),
        ("removed=0,2", "player 2 has 2 workers and 2 removed"),
        ("removed=0,0", "leave the field out"),
    ],
)
def test_bad_removed_fields_are_refused(extra: str, words: str) -> None:
    with pytest.raises(PositionError, match=words) as info:
        Board.from_position(f"{START} {extra}")
    assert info.value.field == "removed"


def test_removed_workers_are_not_still_to_place() -> None:
    """Without ``removed=`` a missing worker means a placement in progress."""
    with pytest.raises(PositionError):
        Board.from_position("00000/00000/00000/00000/00000 1 b2,e5 d4 powers=Bia,-")
    board = Board.from_position("00000/00000/00000/00000/00000 2 b2,e5 d4 powers=Bia,- removed=0,1")
    assert not board.placing and board.turn == []


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b2-b3^a3",
        mid=["00000/00000/00000/00000/00000 1 b3,e5 d4 powers=Bia,- removed=0,1 turn=b2-b3"],
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, bia: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, from the card text alone: a move
    (removing the opponent worker two spaces straight on, if Bia's), the win check, a
    build. Handles players with fewer than two workers."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            moved = nv.moved(pos, i, dst)
            beyond = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
            if me == bia and beyond in moved.workers[1 - me]:
                moved.workers[1 - me].remove(beyond)
            out |= ends_of(nv.finish(pos, moved, src, dst))
    return out


PERFT_START = "00000/01010/00200/01010/00000 1 b2,d2 b4,d4 powers=Bia,-"


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(PERFT_START, 84, 5656), (PERFT_START.replace(" 1 ", " 2 ", 1), 80, 6338)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    checked = check_along_random_games("Bia", partial(by_children, naive_children), seed=13, seats=(0,) * 3)
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    removals = 0

    def count_removal(board: Board) -> None:
        nonlocal removals
        removals += board.tokens.get("removed") is not None

    check_seated_playouts("Bia", rival, seeds=range(3), each_turn=count_removal)
    assert removals > 0
