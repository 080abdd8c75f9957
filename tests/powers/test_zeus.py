"""30. Zeus (SANTORINI.md §4; RULINGS #1, #47): his worker may build a block under itself,
which forces it up one level; that is a build, not a move, so it never wins, it is
impossible on level 3 (a block, never a dome), and Athena does not stop it. Written as a
build on the worker's own square, ``b2-c3^c3``."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, StepKind, Termination, format_turn, parse_turn, perft
from aegean.santorini.steps import step_dst, step_kind, step_src
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Zeus,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_zeus_builds_a_block_under_himself_and_is_lifted() -> None:
    """Card: a block under the worker that moved; the worker stays on its space, one level up."""
    board = Board.from_position(position())
    assert "b2-c3^c3" in turns(board)
    board.play("b2-c3^c3")
    assert board.position() == position("c3=1", "c3,d4 b4,d2", to_move=2)
    assert board.owner[12] == 0 and board.height[12] == 1


def test_the_build_under_himself_is_written_on_his_own_square() -> None:
    """docs/notation.md: a build names its target square; here that is the builder's own."""
    turn = parse_turn("b2-c3^c3")
    assert format_turn(turn) == "b2-c3^c3"
    board = Board.from_position(position())
    board.push(turn[0])
    assert board.position().endswith("turn=b2-c3")
    board.push(board.parse_turn("^c3")[0])  # the worker in use may be left out
    assert board.height[12] == 1 and board.to_move == 1


def test_reaching_level_three_by_building_under_himself_does_not_win() -> None:
    """RULINGS #47, #1 (Spin Master text): lifted is not moved; the game goes on."""
    board = Board.from_position(position("b2=2 c3=2"))
    board.play("b2-c3^c3")
    assert board.height[12] == 3 and board.owner[12] == 0
    assert board.decided is None and board.outcome() is None
    assert board.to_move == 1
    # On his next turn, level 3 to level 3 is no climb either (RULINGS #2) ...
    board.play("b4-a5^a4")
    board = Board.from_position(position("c3=3 c4=3", "c3,d4 b4,d2"))
    board.play("c3-c4^c3")
    assert board.decided is None
    # ... but stepping down and back up onto level 3 is.
    board = Board.from_position(position("c3=3 c4=2 d4=3", "c3,a1 b4,d2"))
    board.play("c3-c4^b5")
    board.play("b4-a4^a5")
    board.play("c4-d4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB


def test_impossible_on_level_three() -> None:
    """RULINGS #47: only a block goes under him, and level 3 takes a dome, so a worker on
    level 3 cannot build under itself (nor put a dome there)."""
    board = Board.from_position(position("c3=3 c4=3", "c3,d4 b4,d2"))
    legal = turns(board)
    assert "c3-c4^c3" in legal  # the space he left is a normal build
    assert "c3-c4^c4" not in legal
    with pytest.raises(IllegalTurnError):
        board.play("c3-c4^c4")
    with pytest.raises(IllegalTurnError):
        board.play("c3-c4^c4D")
    assert board.position() == position("c3=3 c4=3", "c3,d4 b4,d2")


def test_never_a_dome_under_himself() -> None:
    """RULINGS #47: 'a block (never a dome)'; a dome below level 3 is never offered."""
    board = Board.from_position(position("c3=1"))
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3^c3D")
    assert all(not t.endswith("D") for t in turns(board))


def test_only_the_worker_that_moved_builds_under_itself() -> None:
    """Your Build: the build is the moved worker's; the other worker stays as it is."""
    board = Board.from_position(position())
    assert "b2-c3,d4^d4" not in turns(board)
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3,d4^d4")


def test_athena_does_not_stop_zeus_rising() -> None:
    """RULINGS #47: Athena forbids moving up, and building under himself is no move."""
    board = Board.from_position(position("c3=1", powers="Zeus,Athena", extra="athena=up"))
    legal = turns(board)
    assert not any(t.startswith("b2-c3") for t in legal)  # moving up is forbidden
    assert "b2-b3^b3" in legal
    board.play("b2-b3^b3")
    assert board.owner[11] == 0 and board.height[11] == 1


def test_the_opponent_without_zeus_cannot_build_under_himself() -> None:
    """The power is Zeus's alone."""
    board = Board.from_position(position(to_move=2))
    builds = [s for t in board.legal_turns() for s in t if step_kind(s) is StepKind.BUILD]
    assert builds and all(step_src(s) != step_dst(s) for s in builds)
    with pytest.raises(IllegalTurnError):
        board.play("b4-b3^b3")


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written mid-turn reads back with
    the same legal steps and turns."""
    board = Board.from_position(position("c3=2"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-b3")[0])
    text = board.position()
    assert text == position("c3=2", "b3,d4 b4,d2", extra="turn=b2-b3")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert turns(again) == turns(board)
    assert "b3^b3" in turns(board) and "b3^b4" not in turns(board)
    board.push(board.parse_turn("^b3")[0])
    assert board.to_move == 1 and board.rehash() == board.zobrist_hash()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), from the card text
    alone: the base turns, plus a block under the moved worker unless it stands on level 3.
    ``seat`` is Zeus's player; the other has no power."""
    me = pos.to_move
    out = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return out
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            if pos.levels[dst] == 3:
                continue  # either a winning climb or level 3 -> 3; no block goes under level 3
            after = pos.copy()
            after.workers[me][i] = dst
            after.levels[dst] += 1
            after.to_move = 1 - me
            out.append((f"{nv.name(src)}-{nv.name(dst)}^{nv.name(dst)}", after, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(3001)
    for i in range(40):
        seat = i % 2
        powers = "Zeus,-" if seat == 0 else "-,Zeus"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Zeus,-"
TOWERS = "00100/02210/12321/01220/00100 2 c3,b2 d4,b4 powers=Zeus,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (TOWERS, PERFT_TOWERS)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (54, 2344)
PERFT_TOWERS = (68, 5755)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", [["Zeus", None], [None, "Zeus"], ["Zeus", "Athena"], ["Apollo", "Zeus"]])
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
