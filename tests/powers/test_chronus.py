"""16. Chronus (SANTORINI.md §4; RULINGS #20, #33): he also wins when there are at least
five Complete Towers (domes on level 3) on the board, even during an opponent's turn."""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, Termination, perft
from aegean.santorini.powers import power_info
from aegean.santorini.powers.chronus import complete_towers
from aegean.santorini.squares import parse_square
from naive import ALL_COORDS, Pos, neighbours
from powers.support import key_of, turns

# Four Complete Towers (a5, c5, e5, a1); level-3 spaces at b4, d4, b2, d2 around c3.
START = "D0D0D/03030/00000/03030/D0000 1 c3,c1 a3,e3 powers=Chronus,-"


def test_his_fifth_complete_tower_wins() -> None:
    """Card: five Complete Towers on the board win; the build is the last step."""
    board = Board.from_position(START)
    assert complete_towers(board) == 4
    board.play("c3-c4^d4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER
    assert board.position().endswith("outcome=1:power")


def test_a_fifth_tower_built_by_the_opponent_wins_for_chronus() -> None:
    """Ruling 33: the win also comes during an opponent's turn."""
    board = Board.from_position(START.replace(" 1 ", " 2 ", 1))
    board.play("a3-a4^b4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER
    assert board.legal_turns() == []
    assert Board.from_position(board.position()).outcome() == outcome


def test_any_build_of_the_opponent_counts_even_an_extra_one() -> None:
    """Ruling 33 with Poseidon's extra builds: the dome that makes the fifth tower wins for
    Chronus at once, in the middle of Poseidon's turn (ruling 7)."""
    board = Board.from_position("D0D0D/0000D/00000/03000/00000 2 c4,a4 a2,c3 powers=Chronus,Poseidon")
    assert complete_towers(board) == 4
    assert board.height[parse_square("b2")] == 3
    board.play("c3-d3^d2,a2^b2")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER
    assert board.history[-1] == board.parse_turn("c3-d3^d2,a2^b2") and board.turn == []


def test_a_block_to_level_three_is_no_tower() -> None:
    board = Board.from_position("D0D0D/02000/00000/00000/D0000 2 c3,c1 a3,e3 powers=Chronus,-")
    board.play("a3-a4^b4")
    assert board.height[parse_square("b4")] == 3 and board.outcome() is None


def test_domes_below_level_three_do_not_count() -> None:
    """Ruling 20: only a dome on level 3 is a Complete Tower; A-C domes are not."""
    board = Board.from_position("D0D0A/03030/0B000/0C030/D0000 1 c3,c1 a3,e3 powers=Chronus,-")
    assert complete_towers(board) == 3
    board.play("c3-c4^d4")
    assert complete_towers(board) == 4 and board.outcome() is None  # 7 domes, 4 towers
    board.play("a3-a4^b4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0


def test_climbing_still_wins() -> None:
    """SANTORINI.md §3.2: a Win Condition adds a way to win."""
    board = Board.from_position("00000/00000/00230/00000/00000 1 c3,a1 e5,e1 powers=Chronus,-")
    board.play("c3-d3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB


def test_the_opponents_climb_is_checked_first() -> None:
    """Ruling 8: the mover's own win is evaluated first (a climb has no build, so the
    opponent cannot complete a tower with it; the climb simply wins)."""
    board = Board.from_position("D0D0D/03030/02000/00030/D0000 2 c3,c1 b3,e3 powers=Chronus,-")
    board.play("b3-b4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.termination is Termination.CLIMB


def test_two_players_only() -> None:
    info = power_info("Chronus")
    assert not info.three_players and not info.four_players


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("c3-c4^d4"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
        assert again.outcome() == board.outcome()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], int | None]


def _towers(pos: Pos) -> int:
    return sum(1 for c in ALL_COORDS if c in pos.domes and pos.levels[c] == 3)


def naive_children(pos: Pos, chronus: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move, with the winner (or None), from
    the card text alone: a climb wins for the mover; after any build, five domes on level
    3 win for Chronus."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out[(moved.key(), me)] = moved
                continue
            for target in neighbours(dst):
                if moved.unoccupied(target):
                    built = moved.copy()
                    if built.levels[target] == 3:
                        built.domes.add(target)
                    else:
                        built.levels[target] += 1
                    out[(built.key(), chronus if _towers(built) >= 5 else None)] = built
    return out


def engine_children(board: Board) -> set[Key]:
    out = set()
    for turn in board.legal_turns():
        board.push_turn(turn)
        out.add((key_of(board), None if board.decided is None else board.decided.winner))
        board.pop()
    return out


def naive_perft2(pos: Pos, chronus: int) -> int:
    children = naive_children(pos, chronus).items()
    return sum(len(naive_children(nxt, chronus)) for (_, won), nxt in children if won is None)


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 44, 895), (START.replace(" 1 ", " 2 ", 1), 31, 905)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert any(won == 0 for _, won in engine)
    assert perft(board, 2) == naive_perft2(pos, 0) == depth2


def test_naive_agrees_along_random_games() -> None:
    rng = random.Random(16)
    checked = 0
    for seat in (0, 1):
        board = Board(2, ["Chronus", None] if seat == 0 else [None, "Chronus"])
        while board.placing or board.turn:
            board.push_turn(rng.choice(board.legal_turns()))
        while board.outcome() is None:
            pos = naive.parse(" ".join(board.position().split()[:4]))
            assert engine_children(board) == set(naive_children(pos, seat))
            board.push_turn(rng.choice(board.legal_turns()))
            checked += 1
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        board = Board(2, ["Chronus", rival] if seed % 2 == 0 else [rival, "Chronus"])
        start = (board.position(), board.zobrist_hash())
        plies = 0
        while board.outcome() is None and plies < 300:
            board.push_turn(rng.choice(board.legal_turns()))
            plies += 1
            h = board.zobrist_hash()
            assert board.rehash() == h
            assert Board.from_position(board.position()).zobrist_hash() == h
        outcome = board.outcome()
        assert outcome is not None and outcome.winner is not None
        if outcome.termination is Termination.POWER:
            assert complete_towers(board) >= 5
        for _ in range(plies):
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
