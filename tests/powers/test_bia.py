"""13. Bia (SANTORINI.md §4; RULINGS #30): when her worker moves into a space and the next
space in the same direction holds an opponent worker, that worker is removed from the game
(printed text: anywhere on the board, no perimeter restriction)."""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, IllegalTurnError, PositionError, Termination, format_turn, perft
from aegean.santorini.powers import make_power
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import parse_square
from naive import Pos, neighbours
from powers.support import (
    check_naive_along_random_games,
    engine_children,
    naive_children_perft2,
    playout_checking_hashes,
    turns,
)

START = "00000/00000/00000/00000/00000 1 b2,e5 b4,d4 powers=Bia,-"


def test_she_places_her_workers_first() -> None:
    """Setup (ruling 6): only Bia's seat may be the start player, who places first."""
    assert allowed_start_players([make_power("Bia"), make_power(None)]) == [0]
    assert allowed_start_players([make_power("Athena"), make_power("Bia")]) == [1]


def test_moving_towards_an_opponent_two_spaces_away_removes_it() -> None:
    """Ruling 30: b2-b3 points at b4 (straight on); b2-c3 points at d4 (diagonally)."""
    board = Board.from_position(START)
    board.play("b2-b3^a3")
    assert board.workers[1] == [parse_square("d4")]
    assert board.position() == "00000/00000/10000/00000/00000 2 b3,e5 d4 powers=Bia,- removed=0,1"
    board.pop()
    board.play("b2-c3^c2")
    assert board.workers[1] == [parse_square("b4")]


def test_the_removed_worker_is_gone_for_good() -> None:
    """A removed worker is not placed again: its owner plays on with the other one."""
    board = Board.from_position(START)
    board.play("b2-b3^a3")
    assert not board.placing
    assert board.legal_turns() and all(format_turn(t).startswith("d4-") for t in board.legal_turns())
    with pytest.raises(IllegalTurnError):
        board.play("@a1")
    assert board.removed_counts() == [0, 1]


def test_no_removal_without_an_opponent_straight_on() -> None:
    """Own workers, empty spaces, off-board spaces and opponents not in line are safe."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,b4 a5,d3 powers=Bia,-")
    for turn in ("b2-b3^a2", "b4-a4^a3", "b2-a1^b1", "b2-c2^b1"):
        board.play(turn)
        assert len(board.workers[1]) == 2 and "removed" not in board.tokens, turn
        board.pop()
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,b4 a5,d3 powers=Bia,-")
    board.play("b2-b3^c3")  # b4 is Bia's own worker: nothing happens
    assert len(board.workers[0]) == 2 and len(board.workers[1]) == 2


def test_no_perimeter_restriction() -> None:
    """The printed card has none (the revised text does): a victim in the middle goes."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 a1,e5 c3,a5 powers=Bia,-")
    board.play("a1-b2^a2")
    assert board.workers[1] == [parse_square("a5")]


def test_only_her_own_moves_kill() -> None:
    """'Your Move': an opponent moving in line with Bia's workers removes nothing."""
    board = Board.from_position("00000/00000/00000/00000/00000 2 b2,e5 b4,d4 powers=Bia,-")
    board.play("b4-b3^a3")
    assert len(board.workers[0]) == 2 and "removed" not in board.tokens


def test_a_worker_pushed_by_apollo_is_forced_not_moved() -> None:
    """Ruling 1: forced is not moved, so Bia's worker swapped by Apollo removes nothing."""
    board = Board.from_position("00000/00000/00000/00000/00000 2 b3,e5 b2,b4 powers=Bia,Apollo")
    board.play("b2-b3^c3")  # Apollo swaps: Bia's worker is forced b3 -> b2
    assert len(board.workers[1]) == 2 and "removed" not in board.tokens


def test_a_winning_move_wins_and_still_removes() -> None:
    """Ruling 7 and 30: the climb onto level 3 wins; the removal is part of that move."""
    board = Board.from_position("00000/00000/00300/02000/00000 1 b2,e5 d4,a1 powers=Bia,-")
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB
    assert board.workers[1] == [parse_square("a1")]
    assert board.position().endswith("removed=0,1 outcome=1:climb")
    assert Board.from_position(board.position()).outcome() == outcome


def test_removing_the_last_worker_leaves_the_opponent_without_a_turn() -> None:
    """Decision: a player with no worker has no legal turn and loses (rule 2.2)."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,e5 b4 powers=Bia,- removed=0,1")
    board.play("b2-b3^a3")
    assert board.workers[1] == [] and not board.placing
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.NO_LEGAL_TURN
    again = Board.from_position(board.position())
    assert again.position().endswith("b3,e5 - powers=Bia,- removed=0,2")
    assert again.outcome() == outcome


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
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-b3^a3"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
    board.pop()
    assert board.position().endswith("d4 powers=Bia,- removed=0,1 turn=b2-b3")
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before
    assert board.workers[1] == [parse_square("b4"), parse_square("d4")]


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], bool]


def naive_children(pos: Pos, bia: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move, from the card text alone: a move
    (removing the opponent worker two spaces straight on, if Bia's), the win check, a
    build. Handles players with fewer than two workers."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            beyond = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
            if me == bia and beyond in moved.workers[1 - me]:
                moved.workers[1 - me].remove(beyond)
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out[(moved.key(), True)] = moved
                continue
            for target in neighbours(dst):
                if moved.unoccupied(target):
                    built = moved.copy()
                    if built.levels[target] == 3:
                        built.domes.add(target)
                    else:
                        built.levels[target] += 1
                    out[(built.key(), False)] = built
    return out


PERFT_START = "00000/01010/00200/01010/00000 1 b2,d2 b4,d4 powers=Bia,-"


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(PERFT_START, 84, 5656), (PERFT_START.replace(" 1 ", " 2 ", 1), 80, 6338)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert perft(board, 2) == naive_children_perft2(naive_children, pos, 0) == depth2


def test_naive_agrees_along_random_games() -> None:
    checked = check_naive_along_random_games("Bia", naive_children, seed=13, seats=(0,) * 3)
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    removals = 0

    def count_removal(board: Board) -> None:
        nonlocal removals
        removals += board.tokens.get("removed") is not None

    for seed in range(3):
        rng = random.Random(seed)
        # Bia places first (RULINGS #6): her seat starts.
        board = Board(2, ["Bia", rival] if seed % 2 == 0 else [rival, "Bia"], start_player=seed % 2)
        playout_checking_hashes(board, rng, each_turn=count_removal)
    assert removals > 0
