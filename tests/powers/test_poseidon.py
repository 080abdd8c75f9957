"""27. Poseidon (SANTORINI.md §4; RULINGS #44): at the end of his turn, if his unmoved worker
is on the ground level, it may build up to three times on its neighbouring spaces."""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, IllegalTurnError, Termination, format_step, perft
from aegean.santorini.squares import parse_square
from naive import Pos, neighbours
from powers.support import engine_children, naive_children_perft2, playout_checking_hashes, turns

# Poseidon on a1 (ground) and c3 (level 1); around a1: a2 (ground), b1 (level 2) and a
# dome on b2.
START = "00000/00000/00100/0A000/02000 1 a1,c3 e5,d1 powers=Poseidon,-"


def test_the_unmoved_worker_on_the_ground_builds_up_to_three_times() -> None:
    """Ruling 44: after the normal build, a1 (unmoved, ground) builds around itself."""
    board = Board.from_position(START)
    board.play("c3-c4^c5,a1^a2^a2^b1")
    assert board.position() == "00100/00000/00100/2A000/03000 2 a1,c4 e5,d1 powers=Poseidon,-"


def test_the_extra_builds_are_optional_and_at_most_three() -> None:
    board = Board.from_position(START)
    legal = turns(board)
    assert {"c3-c4^c5", "c3-c4^c5,a1^a2", "c3-c4^c5,a1^a2^a2", "c3-c4^c5,a1^a2^a2^a2"} <= legal
    with pytest.raises(IllegalTurnError, match="turn is over"):
        board.play("c3-c4^c5,a1^a2^a2^a2^b1")
    assert board.position() == START


def test_same_builds_in_another_order_are_one_turn() -> None:
    """Turns that end in the same position are listed once (docs/rules-decisions.md)."""
    board = Board.from_position(START)
    legal = turns(board)
    assert ("c3-c4^c5,a1^a2^b1" in legal) != ("c3-c4^c5,a1^b1^a2" in legal)
    board.play("c3-c4^c5,a1^b1^a2")  # both orders are legal to play
    board.pop()
    board.play("c3-c4^c5,a1^a2^b1")


def test_a_level_three_neighbour_gets_a_dome() -> None:
    """The extra builds are normal builds: b1 level 2 -> 3 -> dome."""
    board = Board.from_position(START)
    board.play("c3-c4^c5,a1^b1^b1")
    assert board.height[parse_square("b1")] == 3 and board.domes >> parse_square("b1") & 1
    assert "c3-c4^c5,a1^b1^b1^b1" not in turns(Board.from_position(START))


def test_no_extra_builds_when_the_unmoved_worker_is_above_ground() -> None:
    """When a1 moves, c3 (level 1) is the unmoved worker: no extra builds."""
    board = Board.from_position(START)
    assert not any("," in t for t in turns(board) if t.startswith("a1-"))
    with pytest.raises(IllegalTurnError):
        board.play("a1-a2^a3,c3^d3")


def test_only_the_unmoved_worker_builds_again() -> None:
    board = Board.from_position(START)
    with pytest.raises(IllegalTurnError):
        board.play("c3-c4^c5^d5")
    with pytest.raises(IllegalTurnError):
        board.play("c3-c4^c5,a1^c2")  # c2 does not neighbour a1


def test_with_one_worker_there_is_no_unmoved_worker() -> None:
    """BGA skips the power with one worker; here there is simply no unmoved worker."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 c3 e5,d1 powers=Poseidon,- removed=1,0")
    assert all("," not in t for t in turns(board))


def test_no_extra_builds_after_a_winning_climb() -> None:
    board = Board.from_position("00000/00000/00230/00000/00000 1 a1,c3 e5,d1 powers=Poseidon,-")
    board.play("c3-d3")
    assert board.outcome() is not None and board.outcome().termination is Termination.CLIMB


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("c3-c4^c5,a1^a2^b1^a2"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
        if len(board.turn) == 3:
            assert board.position().endswith("turn=c3-c4^c5,a1^a2")
            assert {format_step(s, board) for s in board.legal_steps()} == {"^a2", "^b1", "."}
    assert board.turn == [] and board.to_move == 1  # the third extra build ended the turn
    for _ in range(5):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], bool]


def _build(pos: Pos, target: tuple[int, int]) -> Pos:
    built = pos.copy()
    if built.levels[target] == 3:
        built.domes.add(target)
    else:
        built.levels[target] += 1
    return built


def naive_children(pos: Pos, poseidon: int) -> dict[Key, Pos]:
    """Every end state of the turn of the player to move, from the card text alone: move,
    build; then, if the other worker is on the ground, 0-3 builds around it."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out[(moved.key(), True)] = moved
                continue
            others = [w for j, w in enumerate(pos.workers[me]) if j != i]
            for target in neighbours(dst):
                if not moved.unoccupied(target):
                    continue
                layer = [_build(moved, target)]
                for _ in range(3 if me == poseidon and others and moved.levels[others[0]] == 0 else 0):
                    for state in layer:
                        out[(state.key(), False)] = state
                    layer = [
                        _build(state, extra)
                        for state in layer
                        for extra in neighbours(others[0])
                        if state.unoccupied(extra)
                    ]
                for state in layer:
                    out[(state.key(), False)] = state
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 461, 18119), (START.replace(" 1 ", " 2 ", 1), 42, 17619)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(position)
    pos = naive.parse(" ".join(position.split()[:4]))
    engine = engine_children(board)
    assert len(engine) == len(board.legal_turns()) == depth1
    assert engine == set(naive_children(pos, 0))
    assert perft(board, 2) == naive_children_perft2(naive_children, pos, 0) == depth2


def test_naive_agrees_along_a_random_game() -> None:
    rng = random.Random(27)
    board = Board(2, ["Poseidon", None])
    for _ in range(12):  # placements and a few turns: towers grow, fewer extra builds
        board.push_turn(rng.choice(board.legal_turns()))
    checked = 0
    while board.outcome() is None and checked < 6:
        pos = naive.parse(" ".join(board.position().split()[:4]))
        assert engine_children(board) == set(naive_children(pos, 0))
        board.push_turn(rng.choice(board.legal_turns()))
        checked += 1
    assert checked >= 4


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    rng = random.Random(rival or "none")
    board = Board(2, ["Poseidon", rival] if rival != "Athena" else [rival, "Poseidon"])
    playout_checking_hashes(board, rng)
