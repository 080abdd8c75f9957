"""16. Chronus (SANTORINI.md §4; RULINGS #20, #33): he also wins when there are at least
five Complete Towers (domes on level 3) on the board, even during an opponent's turn."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.powers import power_info
from aegean.santorini.powers.chronus import complete_towers
from aegean.santorini.squares import parse_square
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import Key, by_children, check_along_random_games, check_perft
from powers.scenario import Scenario

# Four Complete Towers (a5, c5, e5, a1); level-3 spaces at b4, d4, b2, d2 around c3.
START = "D0D0D/03030/00000/03030/D0000 1 c3,c1 a3,e3 powers=Chronus,-"


def test_his_fifth_complete_tower_wins() -> None:
    """Card: five Complete Towers on the board win; the build is the last step."""
    assert complete_towers(Board.from_position(START)) == 4
    board = Scenario(START, play="c3-c4^d4", winner=0, by=Termination.POWER).check()
    assert board.position().endswith("outcome=1:power")


def test_a_fifth_tower_built_by_the_opponent_wins_for_chronus() -> None:
    """Ruling 33: the win also comes during an opponent's turn."""
    board = Scenario(START.replace(" 1 ", " 2 ", 1), play="a3-a4^b4", winner=0, by=Termination.POWER).check()
    assert board.legal_turns() == []
    assert Board.from_position(board.position()).outcome() == board.outcome()


def test_any_build_of_the_opponent_counts_even_an_extra_one() -> None:
    """Ruling 33 with Poseidon's extra builds: the dome that makes the fifth tower wins for
    Chronus at once, in the middle of Poseidon's turn (ruling 7)."""
    text = "D0D0D/0000D/00000/03000/00000 2 c4,a4 a2,c3 powers=Chronus,Poseidon"
    start = Board.from_position(text)
    assert complete_towers(start) == 4
    assert start.height[parse_square("b2")] == 3
    board = Scenario(text, play="c3-d3^d2,a2^b2", winner=0, by=Termination.POWER).check()
    assert board.history[-1] == board.parse_turn("c3-d3^d2,a2^b2") and board.turn == []


def test_a_block_to_level_three_is_no_tower() -> None:
    board = Scenario(
        "D0D0D/02000/00000/00000/D0000 2 c3,c1 a3,e3 powers=Chronus,-", play="a3-a4^b4", ongoing=True
    ).check()
    assert board.height[parse_square("b4")] == 3


def test_domes_below_level_three_do_not_count() -> None:
    """Ruling 20: only a dome on level 3 is a Complete Tower; A-C domes are not."""
    text = "D0D0A/03030/0B000/0C030/D0000 1 c3,c1 a3,e3 powers=Chronus,-"
    assert complete_towers(Board.from_position(text)) == 3
    board = Scenario(text, play="c3-c4^d4", ongoing=True).check()
    assert complete_towers(board) == 4  # 7 domes, 4 towers
    Scenario(board, play="a3-a4^b4", winner=0).check()


def test_climbing_still_wins() -> None:
    """SANTORINI.md §3.2: a Win Condition adds a way to win."""
    Scenario(
        "00000/00000/00230/00000/00000 1 c3,a1 e5,e1 powers=Chronus,-",
        play="c3-d3",
        winner=0,
        by=Termination.CLIMB,
    ).check()


def test_the_opponents_climb_is_checked_first() -> None:
    """Ruling 8: the mover's own win is evaluated first (a climb has no build, so the
    opponent cannot complete a tower with it; the climb simply wins)."""
    Scenario(
        "D0D0D/03030/02000/00030/D0000 2 c3,c1 b3,e3 powers=Chronus,-",
        play="b3-b4",
        winner=1,
        by=Termination.CLIMB,
    ).check()


def test_two_players_only() -> None:
    info = power_info("Chronus")
    assert not info.three_players and not info.four_players


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(START, "c3-c4^d4")


# ---------------------------------------------------------------------- naive cross-check
def _towers(pos: nv.Pos) -> int:
    return sum(1 for c in nv.ALL_COORDS if c in pos.domes and pos.levels[c] == 3)


def naive_children(pos: nv.Pos, chronus: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, with the outcome, from the card
    text alone: a climb wins for the mover; after any build, five domes on level 3 win for
    Chronus."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            for _, after, outcome in nv.finish(pos, nv.moved(pos, i, dst), src, dst):
                out[(after.key(), outcome or (f"{chronus + 1}:power" if _towers(after) >= 5 else ""))] = after
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 44, 895), (START.replace(" 1 ", " 2 ", 1), 31, 905)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    assert any(
        outcome == "1:power" for _, outcome in naive_children(nv.parse(" ".join(position.split()[:4])), 0)
    )
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    checked = check_along_random_games("Chronus", partial(by_children, naive_children), seed=16)
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    def towers_win(board: Board) -> None:
        if board.decided is not None and board.decided.termination is Termination.POWER:
            assert complete_towers(board) >= 5

    check_seated_playouts("Chronus", rival, seeds=range(3), each_turn=towers_win)
