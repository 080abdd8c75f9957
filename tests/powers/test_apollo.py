"""1. Apollo (SANTORINI.md §4; RULINGS #1, #15): his worker may move into a space occupied
by an opponent worker, by the normal movement rules; that worker is forced into the space
Apollo's worker just left (the two swap). The swap is a force, so it never wins for the
forced worker's owner."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Apollo,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_apollo_swaps_with_an_opponent_worker() -> None:
    """Card: Apollo moves into the opponent's space; that worker is forced into the space
    he left. Then Apollo's worker builds as usual (it is the worker that moved)."""
    board = Board.from_position(position(workers="b2,d4 c3,d2"))
    assert "b2-c3^c4" in turns(board)
    board.play("b2-c3^c4")
    assert board.position() == position("c4=1", "c3,d4 d2,b2", to_move=2)
    assert board.owner[12] == 0 and board.owner[6] == 1  # c3 Apollo, b2 the opponent


def test_apollo_cannot_build_where_the_swapped_worker_now_stands() -> None:
    """The forced worker occupies the space Apollo left, so it cannot be built on."""
    board = Board.from_position(position(workers="b2,d4 c3,d2"))
    assert "b2-c3^b2" not in turns(board)
    with pytest.raises(IllegalTurnError, match="b2 is occupied by a worker"):
        board.play("b2-c3^b2")


def test_apollo_obeys_the_height_limit_for_his_own_move() -> None:
    """RULINGS #15: Apollo may only swap into a space he could legally move into."""
    board = Board.from_position(position("c3=2", "b2,d4 c3,d2"))
    assert not any(t.startswith("b2-c3") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="2 levels up"):
        board.play("b2-c3^c4")
    # One level up is fine.
    board = Board.from_position(position("c3=1", "b2,d4 c3,d2"))
    board.play("b2-c3^c4")
    assert board.height[12] == 1 and board.owner[12] == 0


def test_the_swapped_worker_is_forced_to_any_height() -> None:
    """RULINGS #15: the opponent goes into the vacated space whatever its height, here two
    levels up (a force, not a move, so the height limit is not its own)."""
    board = Board.from_position(position("b2=2", "b2,d4 c3,d2"))
    board.play("b2-c3^c4")
    assert board.owner[6] == 1 and board.height[6] == 2
    assert board.decided is None


def test_a_worker_forced_onto_level_three_does_not_win() -> None:
    """RULINGS #1, #15: forced is not moved. Apollo's worker on level 3 swaps down with an
    opponent on level 2, forcing it up onto level 3: nobody wins."""
    board = Board.from_position(position("b2=3 c3=2", "b2,d4 c3,d2"))
    board.play("b2-c3^c4")
    assert board.owner[6] == 1 and board.height[6] == 3
    assert board.decided is None and board.outcome() is None
    # On its own turn the forced worker stands on level 3; a move level 3 -> level 3 still
    # is no climb (RULINGS #2), a move down is an ordinary turn.
    assert board.height[5] == 0
    board.play("b2-a2^a1")
    assert board.decided is None


def test_apollo_wins_by_swapping_up_onto_level_three() -> None:
    """The swap is Apollo's move: his worker moving up onto level 3 wins (rule 2.1)."""
    board = Board.from_position(position("b2=2 c3=3", "b2,d4 c3,d2"))
    assert "b2-c3" in turns(board)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB
    assert board.owner[6] == 1  # the opponent was still forced into b2


def test_apollo_cannot_swap_with_his_own_worker_or_onto_a_dome() -> None:
    """The power names opponent workers only; domes stay impassable."""
    board = Board.from_position(position("c2=A", "b2,c3 d4,d2"))
    legal = turns(board)
    assert not any(t.startswith(("b2-c3", "c3-b2", "b2-c2", "c3-c2")) for t in legal)
    with pytest.raises(IllegalTurnError, match="occupied by a worker"):
        board.play("b2-c3^c4")
    with pytest.raises(IllegalTurnError, match="has a dome"):
        board.play("b2-c2^c1")


def test_a_swap_that_leaves_no_build_is_not_a_legal_turn() -> None:
    """Rule 2.2 (must move, then build): swapping into a1 where a2 and b1 are domed leaves
    the worker nowhere to build, because the opponent now stands on b2."""
    board = Board.from_position(position("a2=A b1=A", "b2,e5 a1,e1"))
    assert not any(t.startswith("b2-a1") for t in turns(board))
    assert all(s != board.parse_turn("b2-a1")[0] for s in board.legal_steps())
    with pytest.raises(IllegalTurnError, match="after b2-a1 the turn could not be finished"):
        board.play("b2-a1")


def test_apollo_swaps_with_any_opponent_but_not_a_teammate() -> None:
    """4 players (teams 1+3, 2+4): 'opponent' excludes the teammate (SANTORINI.md §3.2, §6)."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,c3 b3,c2 & & powers=Apollo,-,-,-")
    legal = turns(board)
    assert any(t.startswith("b2-b3") for t in legal)  # a worker of team 2+4
    assert any(t.startswith("b2-c2") for t in legal)  # the other worker of team 2+4
    assert not any(t.startswith("b2-c3") for t in legal)  # his own team's other worker


def test_the_opponent_without_apollo_cannot_swap() -> None:
    """The power is Apollo's alone."""
    board = Board.from_position(position(workers="b2,d4 c3,d2", to_move=2))
    assert not any(t.startswith("c3-b2") for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written after the swap (turn in
    progress) reads back with the same legal steps."""
    board = Board.from_position(position("c3=1", "b2,d4 c3,d2"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    text = board.position()
    assert text == position("c3=1", "c3,d4 d2,b2", extra="turn=b2-c3")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert turns(again) == turns(board)
    assert board.rehash() == board.zobrist_hash()
    board.push(board.parse_turn("b2-c3^c4")[1])
    assert board.to_move == 1
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before
    assert board.workers == [[6, 18], [12, 8]]


# ---------------------------------------------------------------------- naive cross-check
def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Apollo's player, the other has no power."""
    me, them = pos.to_move, 1 - pos.to_move
    if me != seat:
        return [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    out: list[tuple[str, nv.Pos, str]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if dst in pos.domes or dst in pos.workers[me] or pos.levels[dst] > pos.levels[src] + 1:
                continue
            after = pos.copy()
            after.workers[me][i] = dst
            if dst in pos.workers[them]:  # the swap
                after.workers[them][pos.workers[them].index(dst)] = src
            after.to_move = them
            move = f"{nv.name(src)}-{nv.name(dst)}"
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out.append((move, after, f"{me + 1}:climb"))
                continue
            for target in nv.neighbours(dst):
                if after.unoccupied(target):
                    out.append((f"{move}^{nv.name(target)}", _built(after, target), ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2101)
    for i in range(40):
        seat = i % 2
        powers = "Apollo,-" if seat == 0 else "-,Apollo"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Apollo,-"
SWAPPY = "00000/01200/01210/00100/00000 1 b3,c2 c3,b4 powers=Apollo,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (SWAPPY, PERFT_SWAPPY)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (51, 2155)
PERFT_SWAPPY = (76, 4795)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Apollo", None], [None, "Apollo"], ["Apollo", "Athena"], ["Athena", "Apollo"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
