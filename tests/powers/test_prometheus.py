"""10. Prometheus (SANTORINI.md §4; RULINGS #26, #27): if his worker does not move up, it
may build both before and after moving. After a build before moving, the *same* worker must
move, not up, and then builds again; the normal turn stays available. The early build names
its builder: ``b2^c2-c3^d4``."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, parse_turn, perft
from aegean.santorini.powers import Power
from aegean.santorini.steps import StepCode, StepKind, step_kind
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Prometheus,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_build_move_build_with_one_worker() -> None:
    """Card and RULINGS #26: build, then move (not up), then build again, all with one
    worker; the early build is written with its builder."""
    board = Board.from_position(position())
    assert "b2^c2-c3^d3" in turns(board)
    assert format_turn(parse_turn("b2^c2-c3^d3")) == "b2^c2-c3^d3"
    board.play("b2^c2-c3^d3")
    assert board.position() == position("c2=1 d3=1", "c3,d4 b4,d2", to_move=2)


def test_the_normal_turn_is_still_there_moving_up_included() -> None:
    """'May': without the early build he moves (up too) and builds as usual."""
    board = Board.from_position(position("c3=1"))
    legal = turns(board)
    assert "b2-c3^c4" in legal and "b2-b3^a4" in legal
    board.play("b2-c3^c4")
    assert board.height[12] == 1 and board.owner[12] == 0


def test_after_building_first_he_may_not_move_up() -> None:
    """RULINGS #26: after the early build the move may not go up (level or down is fine)."""
    board = Board.from_position(position("b2=1 c2=1 c3=2 a1=2"))
    legal = turns(board)
    assert "b2-c3^c4" in legal  # the normal turn goes up
    assert not any(t.startswith("b2^") and "-c3" in t for t in legal)
    assert board.is_legal(parse_turn("b2^b3-c2^c1"))  # level (c2 is level 1 like b2)
    assert board.is_legal(parse_turn("b2^b3-b1^a2"))  # down
    with pytest.raises(IllegalTurnError):
        board.play("b2^b1-c3^c4")
    with pytest.raises(IllegalTurnError):
        board.play("b2^b1-a1^a2")


def test_the_early_build_can_raise_the_space_he_then_cannot_enter() -> None:
    """The height limit is checked after the early build: a space raised by it is 'up'."""
    board = Board.from_position(position())
    legal = turns(board)
    assert "b2^c3-b3^c3" in legal  # build on c3, move level to b3, build on c3 again
    assert not any(t.startswith("b2^c3-c3") for t in legal)
    with pytest.raises(IllegalTurnError):
        board.play("b2^c3-c3^c4")


def test_the_same_worker_must_move_after_building_first() -> None:
    """RULINGS #26: 'the *same* worker must then move'."""
    board = Board.from_position(position())
    assert not any(t.startswith("b2^c2,") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="d4"):
        board.play("b2^c2,d4-d5^e5")
    with pytest.raises(IllegalTurnError):
        board.play("b2^c2")  # and the turn is not over before moving and building again


def test_an_early_build_after_which_he_could_not_move_is_not_offered() -> None:
    """Rule 2.2 and #26: every neighbour of a1 is one level up, so after building first the
    worker there could not move; that early build is not a legal step (the normal turn,
    moving up, still is)."""
    board = Board.from_position(position("a2=1 b1=1 b2=1", "a1,e5 d2,d4"))
    early = [s for s in board.legal_steps() if step_kind(s) is StepKind.BUILD]
    assert all(format_turn((s,)).startswith("e5^") for s in early)
    assert "a1-a2^a1" in turns(board)
    with pytest.raises(IllegalTurnError):
        board.play("a1^b2-b1^a1")


def test_he_cannot_win_after_building_first_but_can_with_a_normal_turn() -> None:
    """Moving up onto level 3 wins (rule 2.1); after an early build no move goes up."""
    board = Board.from_position(position("b2=2 c3=3"))
    legal = turns(board)
    assert "b2-c3" in legal
    assert not any(t.startswith("b2^") and "-c3" in t for t in legal)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB


def test_early_build_can_be_a_dome_and_two_builds_can_stack() -> None:
    """Each build is a normal build: a dome on level 3; and both may go on one space."""
    board = Board.from_position(position("c2=3 a1=1"))
    board.play("b2^c2-b1^a1")
    assert board.domes >> 7 & 1 and board.height[0] == 2


def test_athena_forbids_his_normal_move_up_and_the_early_build_still_works() -> None:
    """RULINGS #16-17 with #26: after Athena moved up, no move of his goes up; the early
    build path never goes up anyway, so it is unaffected."""
    text = position("c3=1", powers="Prometheus,Athena", extra="athena=up")
    board = Board.from_position(text)
    legal = turns(board)
    assert not any(t.startswith("b2-c3") for t in legal)
    assert "b2^c3-b3^c3" in legal and "b2-b3^c3" in legal
    free = Board.from_position(text.replace(" athena=up", ""))
    assert turns(board) < turns(free)
    assert turns(free) - turns(board) == {t for t in turns(free) if t.startswith(("b2-c3", "d4-c3"))}


class NoBuildBeforeMoving(Power):
    """A test-only opponent power that forbids building before moving (no card; the engine
    filters every step of the mover through ``allows_opponent_step``, RULINGS #27)."""

    def allows_opponent_step(self, board: Board, owner: int, player: int, step: StepCode) -> bool:
        return not (step_kind(step) is StepKind.BUILD and not board.turn)


def test_opponents_restrictions_apply_to_the_early_build() -> None:
    """RULINGS #27 (Persephone vs Prometheus): the build before moving comes through the
    same filter as every step, so an opponent's power can rule it out."""
    board = Board(2, ["Prometheus", NoBuildBeforeMoving()])
    board.play("@b2@d4")
    board.play("@b4@d2")
    legal = turns(board)
    assert legal and not any("^" in t.split("-")[0] for t in legal)
    with pytest.raises(IllegalTurnError):
        board.play("b2^c2-c3^d3")
    free = Board.from_position(position())
    assert len(turns(free)) > len(legal) == 80


def test_persephone_rules_out_the_early_build_when_he_could_move_up() -> None:
    """RULINGS #27 with the real card: a move up onto c3 is possible, so he must make one,
    and building first would forbid it; on a flat board nothing can go up, so he may."""
    board = Board.from_position(position("c3=1", powers="Prometheus,Persephone"))
    legal = turns(board)
    assert legal and all("-c3" in t and not t.split("-")[0].count("^") for t in legal)
    assert not board.is_legal(parse_turn("b2^c2-b3^a4"))
    flat = Board.from_position(position(powers="Prometheus,Persephone"))
    assert flat.is_legal(parse_turn("b2^c2-b3^a4"))


def test_the_opponent_without_prometheus_cannot_build_first() -> None:
    """The power is Prometheus's alone."""
    board = Board.from_position(position(to_move=2))
    assert len(turns(board)) == 80
    with pytest.raises(IllegalTurnError):
        board.play("b4^a5-a4^a3")


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written after the early build and after
    the move read back with the same legal steps and turns."""
    board = Board.from_position(position("c3=1"))
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2^c2-b3^c3")
    expected = [
        position("c2=1 c3=1", "b2,d4 b4,d2", extra="turn=b2^c2"),
        position("c2=1 c3=1", "b3,d4 b4,d2", extra="turn=b2^c2-b3"),
    ]
    for step, text in zip(steps, expected, strict=False):
        board.push(step)
        assert board.position() == text
        again = Board.from_position(text)
        assert again.zobrist_hash() == board.zobrist_hash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
        assert board.rehash() == board.zobrist_hash()
    assert not any("-c3" in t for t in turns(Board.from_position(expected[0])))  # c3 is up now
    board.push(steps[2])
    assert board.to_move == 1 and board.height[12] == 2
    for _ in steps:
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
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone: the base turns, and build-move-build by one worker whose move does not go
    up. ``seat`` is Prometheus's player; the other has no power."""
    me = pos.to_move
    out = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return out
    for i, src in enumerate(pos.workers[me]):
        for first in nv.neighbours(src):
            if not pos.unoccupied(first):
                continue
            early = _built(pos, first)
            for dst in nv.neighbours(src):
                if not early.unoccupied(dst) or early.levels[dst] > early.levels[src]:
                    continue
                moved = early.copy()
                moved.workers[me][i] = dst
                moved.to_move = 1 - me
                for target in nv.neighbours(dst):
                    if moved.unoccupied(target):
                        text = f"{nv.name(src)}^{nv.name(first)}-{nv.name(dst)}^{nv.name(target)}"
                        out.append((text, _built(moved, target), ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(1001)
    for i in range(30):
        seat = i % 2
        powers = "Prometheus,-" if seat == 0 else "-,Prometheus"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Prometheus,-"
HILLS = "0A000/01210/A232A/0121B/00C00 2 c3,a1 b4,d2 powers=Prometheus,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (HILLS, PERFT_HILLS)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (227, 9944)
PERFT_HILLS = (37, 10025)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Prometheus", None], [None, "Prometheus"], ["Prometheus", "Athena"], ["Apollo", "Prometheus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
