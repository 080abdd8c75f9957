"""25. Morpheus (SANTORINI.md §4; RULINGS #42): a piece on his card at the start of each of
his turns; instead of the normal build, any number of builds (zero included), one piece each."""

from __future__ import annotations

import itertools
import random

from aegean.santorini import Board
from aegean.santorini.squares import NEIGHBORS, SQUARE_NAMES
from powers.invariants import check_playout, check_round_trip
from powers.oracle import check_plain_replies
from powers.scenario import Scenario, turns

START = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Morpheus,-"


def test_a_piece_arrives_at_the_start_of_each_of_his_turns_not_during_placement() -> None:
    """Start of Your Turn: one piece; placing workers is setup, not a turn."""
    board = Scenario(Board(2, ["Morpheus", None]), play="@b2@d4", tokens={}).check()
    board = Scenario(board, play="@b4@d2", tokens={"morpheus": "1"}).check()
    Scenario(
        board,
        play=["b2-c3", "b4-a4^a5"],  # b2-c3 builds nothing: the piece stays on the card
        tokens={"morpheus": "2"},
    ).check()


def test_builds_spend_pieces_any_number_of_times_zero_included() -> None:
    """Your Build: zero builds, or as many as pieces allow, on any neighbouring spaces,
    the same one included; each build is the piece that fits the level."""
    board = Board.from_position(START + " morpheus=3")
    legal = {_canonical(t) for t in turns(board)}
    assert {"b2-c3", "b2-c3^c4", "b2-c3^c4^c4", "b2-c3^c4^c4^c4", "b2-c3^b2^c4^d3"} <= legal
    assert "b2-c3^c4^c4^c4^c4" not in legal
    board = Scenario(
        board,
        illegal=["b2-c3^c4^c4^c4^c4"],  # a fourth build needs a fourth piece
        play="b2-c3^c4^c4^c4",
        tokens={},  # all three spent
    ).check()
    assert board.position().startswith("00000/00300/00000/00000/00000 2 c3,d4 b4,d2")
    board.pop()
    assert board.tokens["morpheus"] == "3"


def test_with_an_empty_card_he_cannot_build() -> None:
    """Once his pieces are spent (here the one he gained), no build is left: the turn ends.
    (A card is never empty at the start of his turn: he has just gained a piece.)"""
    board = Scenario(START + " morpheus=1", illegal=["b2-c3^c4^c4"], play="b2-c3^c4").check()
    assert board.to_move == 1 and "morpheus" not in board.tokens  # the turn ended with the last piece


def test_fourth_piece_on_level_three_is_a_dome() -> None:
    board = Scenario(START + " morpheus=4", play="b2-c3^c4^c4^c4^c4").check()
    assert board.domes >> 17 & 1 and board.height[17] == 3


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START + " morpheus=2",
        "b2-c3^c4",
        mid=[None, "00000/00100/00000/00000/00000 1 c3,d4 b4,d2 powers=Morpheus,- morpheus=1 turn=b2-c3^c4"],
    )


def _naive_turns(heights: list[int], mine: list[int], theirs: list[int], pieces: int) -> set[str]:
    """An independent generator of Morpheus's full turns (no winning squares in use)."""
    out = set()
    for worker in mine:
        for dest in NEIGHBORS[worker]:
            if dest in mine or dest in theirs or heights[dest] > heights[worker] + 1:
                continue
            free = [s for s in NEIGHBORS[dest] if s not in theirs and (s == worker or s not in mine)]
            for count in range(pieces + 1):
                for combo in itertools.combinations_with_replacement(free, count):
                    stack = dict.fromkeys(combo, 0)
                    for s in combo:
                        stack[s] += 1
                    if any(heights[s] + stack[s] > 4 for s in stack):
                        continue
                    builds = "".join("^" + SQUARE_NAMES[s] for s in combo)
                    out.add(f"{SQUARE_NAMES[worker]}-{SQUARE_NAMES[dest]}{builds}")
    return out


def _canonical(turn: str) -> str:
    head, *builds = turn.split("^")
    return "^".join([head, *sorted(builds)])


def test_full_turns_match_a_naive_generator_and_perft() -> None:
    """Orderings of the same builds are one turn (equal end states merge)."""
    board = Board.from_position(START + " morpheus=2")
    engine = {_canonical(t) for t in turns(board)}
    naive = {_canonical(t) for t in _naive_turns(board.height, [6, 18], [16, 8], 2)}
    assert engine == naive
    assert len(board.legal_turns()) == 350
    # Depth 2: the opponent has no power, so the independent base-game generator in
    # tests/naive.py counts their replies (the power and token fields left out).
    assert check_plain_replies(board) == 26560


def test_random_playouts_keep_the_invariants() -> None:
    for seed in range(3):
        board = Board(2, ["Morpheus", None] if seed % 2 else [None, "Morpheus"])
        check_playout(board, random.Random(seed), max_turns=60, must_end=False)
