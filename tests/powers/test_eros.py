"""19. Eros (SANTORINI.md §4; RULINGS #1, #36): workers placed along opposite edges; he also
wins when one of his workers moves to a space neighbouring his other worker and both are
on level 1 (3 players: both on the same level)."""

from __future__ import annotations

import itertools
import random

import pytest

import naive
from aegean.santorini import Board, IllegalTurnError, Termination, format_step, perft
from naive import ALL_COORDS, Pos, neighbours
from powers.support import (
    check_naive_along_random_games,
    engine_children,
    naive_children_perft2,
    playout_checking_hashes,
    turns,
)

# Eros on b2 (level 1) and e5; level-1 spaces c3 and d4, level 3 at a1, level 2 at b1.
START = "00001/00010/00100/01000/32000 1 b2,e5 b4,d2 powers=Eros,-"


# ---------------------------------------------------------------------- setup
def naive_placements() -> set[str]:
    """Pairs of perimeter spaces on opposite edges (left/right or bottom/top)."""
    out = set()
    for a, b in itertools.combinations(ALL_COORDS, 2):
        files, ranks = {a[0], b[0]}, {a[1], b[1]}
        if files == {0, 4} or ranks == {0, 4}:
            out.add(f"@{naive.name(a)}@{naive.name(b)}")
    return out


@pytest.mark.parametrize("seat", [0, 1])
def test_workers_go_on_opposite_edges(seat: int) -> None:
    """Ruling 36: both on perimeter spaces, on opposite edges (a corner lies on two)."""
    board = Board(2, ["Eros", None] if seat == 0 else [None, "Eros"])
    if seat == 1:
        board.play("@b2@c3")
    assert turns(board) == naive_placements() and len(naive_placements()) == 48
    for bad in ("@a1@b1", "@a1@c3", "@b1@e3", "@c3@c4"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    for good in ("@a1@a5", "@a1@e5", "@a3@e1", "@c1@c5"):
        board.play(good)
        board.pop()


def test_the_second_worker_goes_on_an_edge_opposite_the_first() -> None:
    board = Board(2, [None, "Eros"])
    board.play("@a1@b1")
    board.push(board.parse_turn("@e4")[0])
    assert board.placing and board.position().endswith("a1,b1 e4 powers=-,Eros")
    assert {format_step(s, board) for s in board.legal_steps()} == {"@a2", "@a3", "@a4", "@a5"}


def test_a_first_worker_with_no_opposite_space_left_is_refused() -> None:
    """A placement step that cannot be completed is not legal (SANTORINI.md §3.2): with
    domes all along the a-file, e2-e4 have no opposite space; the corners e1 and e5 do."""
    board = Board.from_position("A0000/A0000/A0000/A0000/A0000 2 c3,c4 - powers=-,Eros")
    steps = {format_step(s, board) for s in board.legal_steps()}
    assert not steps & {"@e2", "@e3", "@e4", "@c3", "@a1"}
    assert {"@e1", "@e5", "@b1", "@b5"} <= steps


# ---------------------------------------------------------------------- winning
def test_moving_next_to_the_other_worker_both_on_level_one_wins() -> None:
    """Card: the move wins at once, with no build (ruling 7)."""
    board = Board.from_position("00000/00000/00100/01000/00000 1 b2,e5 b4,d2 powers=Eros,-")
    assert "b2-c3" not in turns(board)  # c3 is not next to e5
    board = Board.from_position("00000/00000/00100/01000/00000 1 b2,d4 a4,e1 powers=Eros,-")
    board.play("d4-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER
    assert board.history[-1] == board.parse_turn("d4-c3")


def test_both_must_be_on_level_one() -> None:
    """Level 2 (or the ground) next to each other is no win in a 2-player game."""
    board = Board.from_position("00000/00000/02210/00000/00000 1 b3,d3 a5,e5 powers=Eros,-")
    board.play("d3-c3^d3")
    assert board.outcome() is None
    board = Board.from_position("00000/00000/01000/00000/00000 1 b3,d3 a5,e5 powers=Eros,-")
    board.play("d3-c3^d3")  # c3 ground, b3 level 1
    assert board.outcome() is None
    board = Board.from_position("00000/00000/00000/00000/00000 1 b3,d3 a5,e5 powers=Eros,-")
    board.play("d3-c3^d3")
    assert board.outcome() is None


def test_in_three_player_games_any_equal_level_wins() -> None:
    board = Board.from_position("00000/00000/02210/00000/00000 1 b3,d3 a5,e5 a1,e1 powers=Eros,-,-")
    board.play("d3-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER


def test_staying_next_to_the_other_worker_counts() -> None:
    """Decision: 'moves to a space neighbouring your other worker' holds for a move that
    starts next to it too."""
    board = Board.from_position("00000/00000/01100/01000/00000 1 b3,b2 a5,e5 powers=Eros,-")
    board.play("b2-c3")
    assert board.outcome() is not None and board.outcome().winner == 0


def test_a_forced_worker_does_not_win() -> None:
    """Ruling 1: Apollo swapping Eros's worker onto level 1 next to the other is no move."""
    board = Board.from_position("00000/00000/01100/00000/00000 2 b3,d2 c3,e5 powers=Eros,Apollo")
    board.play("c3-d2^d1")  # Eros's worker is forced d2 -> c3, next to b3, both level 1
    assert board.outcome() is None


def test_with_one_worker_left_there_is_no_love_win() -> None:
    """Ruling 36: both workers must be on the board."""
    board = Board.from_position("00000/00000/01100/00000/00000 1 b3 a5,e5 powers=Eros,- removed=1,0")
    board.play("b3-c3^b3")
    assert board.outcome() is None


def test_climbing_still_wins() -> None:
    board = Board.from_position("00000/00000/00000/02000/03000 1 b2,e5 a4,d4 powers=Eros,-")
    board.play("b2-b1")
    assert board.outcome() is not None and board.outcome().termination is Termination.CLIMB


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c3^c2"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], bool]


def naive_children(pos: Pos, eros: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move, from the card text alone."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            others = [w for j, w in enumerate(pos.workers[me]) if j != i]
            love = (
                me == eros
                and len(others) == 1
                and others[0] in neighbours(dst)
                and pos.levels[dst] == pos.levels[others[0]] == 1
            )
            if love or (pos.levels[dst] == 3 and pos.levels[src] < 3):
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


PERFT_START = "10101/01010/10101/01010/10101 1 a1,c3 e5,b4 powers=Eros,-"


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(PERFT_START, 57, 3126), (PERFT_START.replace(" 1 ", " 2 ", 1), 54, 3174)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert perft(board, 2) == naive_children_perft2(naive_children, pos, 0) == depth2


def test_naive_agrees_along_random_games() -> None:
    checked = check_naive_along_random_games("Eros", naive_children, seed=19, seats=(0,) * 2)
    assert checked > 10


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        board = Board(2, ["Eros", rival] if seed % 2 == 0 else [rival, "Eros"])
        playout_checking_hashes(board, rng)
