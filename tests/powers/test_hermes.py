"""7. Hermes (SANTORINI.md §4; RULINGS #23): if his workers do not move up or down, each may
move any number of times (zero included), and then one of them builds. A move that changes
level makes the turn a normal one: that single move, then that worker builds. Two workers'
moves are written one after another: ``b2-c2,d4-d5^e5``."""

from __future__ import annotations

import random
import re
from collections import deque
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, parse_turn, perft
from aegean.santorini.steps import StepKind, step_kind
from powers.support import engine_ends, naive_end, naive_perft, naive_pos, naive_table, turns
from powers.support import position as support_position

POWERS = "Hermes,-"

position = partial(support_position, powers=POWERS)


def legal(board: Board, text: str) -> bool:
    return board.is_legal(parse_turn(text))


# ---------------------------------------------------------------------- scenarios
def test_both_workers_travel_then_one_builds() -> None:
    """Card and RULINGS #23: level moves by both workers, then the build; the comma marks
    the step of the other worker (docs/notation.md)."""
    board = Board.from_position(position())
    assert legal(board, "b2-c2,d4-d5^e5")
    assert format_turn(parse_turn("b2-c2,d4-d5^e5")) == "b2-c2,d4-d5^e5"
    board.play("b2-c2,d4-d5^e5")
    assert board.position() == position("e5=1", "c2,d5 b4,d2", to_move=2)


def test_any_number_of_moves_each() -> None:
    """RULINGS #23: each worker may move any number of times, back and forth included."""
    board = Board.from_position(position())
    assert legal(board, "b2-b3-c3-c2-b2-a1,d4-d5-e5-e4-d4^e3")
    board.play("b2-a2-a3,d4-e4-e5,a3-a4^a5")
    assert board.position() == position("a5=1", "a4,e5 b4,d2", to_move=2)


def test_zero_moves_then_either_worker_builds() -> None:
    """RULINGS #23 ('zero included'): a turn may be a build alone, by either worker."""
    board = Board.from_position(position())
    listed = turns(board)
    assert {"b2^c3", "d4^e5"} <= listed
    board.play("d4^e5")
    assert board.position() == position("e5=1", "b2,d4 b4,d2", to_move=2)


def test_the_builder_need_not_be_a_worker_that_moved() -> None:
    """RULINGS #23: after the moves '*either* worker builds'."""
    board = Board.from_position(position())
    assert legal(board, "b2-c2,d4^d5")
    assert legal(board, "b2-c2-c3,d4^e4")
    board.play("b2-b3,d4^c3")
    assert board.position() == position("c3=1", "b3,d4 b4,d2", to_move=2)


def test_a_move_up_or_down_makes_a_normal_turn() -> None:
    """RULINGS #23: a move that changes level is the turn's only move, and that worker
    builds; nothing else moves."""
    board = Board.from_position(position("c3=1 a1=1", "b2,d4 b4,d2"))
    assert legal(board, "b2-c3^c4")  # up
    assert not legal(board, "b2-c3-c4^c5")  # no second move of it ...
    assert not legal(board, "b2-c3,d4-d5^e5")  # ... nor of the other worker
    assert not legal(board, "b2-c3,d4^d5")  # and the worker that moved builds
    board = Board.from_position(position("b2=1", "b2,d4 b4,d2"))
    assert legal(board, "b2-c2^c1")  # down
    assert not legal(board, "b2-c2-c1^b1")
    with pytest.raises(IllegalTurnError):
        board.play("b2-c2,d4^d5")


def test_after_level_moves_no_move_changes_level() -> None:
    """RULINGS #23: a level change is allowed only as the single move of a normal turn."""
    board = Board.from_position(position("c3=1", "b2,d4 b4,d2"))
    assert not legal(board, "b2-c2-c3^c4")
    assert not legal(board, "d4-d5,b2-c3^c4")
    board.push(board.parse_turn("b2-c2")[0])
    moves = {format_turn((s,)) for s in board.legal_steps() if step_kind(s) is StepKind.MOVE}
    assert "c2-c3" not in moves and "d4-c3" not in moves and "c2-b2" in moves


def test_climbing_onto_level_three_wins_and_travel_on_level_three_does_not() -> None:
    """Rule 2.1: a normal turn's climb onto level 3 wins; moving level 3 -> level 3 is no
    climb (RULINGS #2), so travelling along level 3 wins nothing and still builds."""
    board = Board.from_position(position("b2=2 c3=3", "b2,d4 b4,d2"))
    assert "b2-c3" in turns(board)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB
    board = Board.from_position(position("b2=3 c3=3 c4=3", "b2,d4 b4,d2"))
    board.play("b2-c3-c4^c5")
    assert board.decided is None and board.owner[17] == 0


def test_workers_cannot_pass_through_occupied_spaces() -> None:
    """Each move is a normal move: never onto a worker or a dome."""
    board = Board.from_position(position("c2=A", "b2,c3 b4,d2"))
    assert not legal(board, "b2-c3-d3^e3")
    assert not legal(board, "b2-c2-d3^e3")
    assert legal(board, "c3-d3,b2-c3^c4")  # once c3 is vacated it can be entered


def test_athena_forbids_his_normal_move_up_but_not_travel() -> None:
    """RULINGS #16-17: after Athena moved up, no move of his may go up; level travel and
    moves down are still his."""
    text = position("c3=1 a1=1", "b2,a1 b4,d2", powers="Hermes,Athena", extra="athena=up")
    board = Board.from_position(text)
    assert not legal(board, "b2-c3^c4")
    assert not legal(board, "b2-c2-d3,a1-a2^a3")  # a1 -> a2 goes down: a normal move only
    assert legal(board, "a1-a2^a3") and legal(board, "b2-c2-d3^d4")
    free = Board.from_position(text.replace(" athena=up", ""))
    assert legal(free, "b2-c3^c4")


def test_the_opponent_without_hermes_moves_once() -> None:
    """The power is Hermes's alone."""
    board = Board.from_position(position(to_move=2))
    assert len(board.legal_turns()) == 80
    assert not legal(board, "b4-b5,d2-d1^e1")
    assert not legal(board, "b4^b5")


def test_listing_terminates_and_writes_each_turn_the_shortest_way() -> None:
    """The turn search merges states by (position, phase) (``turn_key``), so it ends even
    though workers may walk back and forth; each end position is listed once, reached
    by as few steps as any way to it."""
    board = Board.from_position(position())
    ends = engine_ends(board)
    assert len(ends) == len(board.legal_turns()) == 2101
    table = naive_table(naive_turns, naive_pos(board.position()), 0, POWERS)
    assert set(ends) == set(table)
    for end, turn in ends.items():
        assert n_steps(turn) == min(n_steps(t) for t in table[end]), turn
    assert max(n_steps(t) for t in ends.values()) == 7  # e.g. b2-c1-d1-e1,d4-c4-b5-a5,e1^d1


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written mid-travel read back with the
    same legal steps and turns (the turn field tells travel from a normal turn)."""
    board = Board.from_position(position("a3=1"))
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2-c2,d4-d5-e5,c2^c3")
    for step in steps[:-1]:
        board.push(step)
        text = board.position()
        assert "turn=" in text
        again = Board.from_position(text)
        assert again.position() == text
        assert again.zobrist_hash() == board.zobrist_hash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
        assert board.rehash() == board.zobrist_hash()
    assert text == position("a3=1", "c2,e5 b4,d2", extra="turn=b2-c2,d4-d5-e5")
    board.push(steps[-1])
    assert board.to_move == 1 and board.height[12] == 1
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before
    # A normal turn in progress: only its worker's builds follow.
    board.push(board.parse_turn("b2-a3")[0])
    again = Board.from_position(board.position())
    assert again.position().endswith("turn=b2-a3")
    assert {step_kind(s) for s in again.legal_steps()} == {StepKind.BUILD}
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())


# ---------------------------------------------------------------------- naive cross-check
def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def _notation(moves: list[tuple[nv.Coord, nv.Coord]], builder: nv.Coord, target: nv.Coord) -> str:
    """Moves then a build, the acting worker left out when it is the one just used."""
    parts: list[str] = []
    current: nv.Coord | None = None
    for a, b in moves:
        parts.append(f"-{nv.name(b)}" if a == current else f",{nv.name(a)}-{nv.name(b)}")
        current = b
    parts.append(f"^{nv.name(target)}" if builder == current else f",{nv.name(builder)}^{nv.name(target)}")
    return "".join(parts).lstrip(",")


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), from the card text
    alone: a normal turn whose single move changes level; or, breadth first over where the
    two workers can get to by level moves, a build by either of them. ``seat`` is Hermes's
    player; the other has no power."""
    me = pos.to_move
    if me != seat:
        return [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    out: list[tuple[str, nv.Pos, str]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            rise = pos.levels[dst] - pos.levels[src]
            if not pos.unoccupied(dst) or rise > 1 or rise == 0:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            if pos.levels[dst] == 3:
                out.append((f"{nv.name(src)}-{nv.name(dst)}", moved, f"{me + 1}:climb"))
                continue
            for target in nv.neighbours(dst):
                if moved.unoccupied(target):
                    out.append((_notation([(src, dst)], dst, target), _built(moved, target), ""))
    start = tuple(pos.workers[me])
    routes: dict[frozenset[nv.Coord], tuple[tuple[nv.Coord, ...], list[tuple[nv.Coord, nv.Coord]]]] = {
        frozenset(start): (start, [])
    }
    queue: deque[frozenset[nv.Coord]] = deque([frozenset(start)])
    while queue:
        squares, moves = routes[queue.popleft()]
        state = pos.copy()
        state.workers[me] = list(squares)
        for i, src in enumerate(squares):
            for dst in nv.neighbours(src):
                if state.unoccupied(dst) and pos.levels[dst] == pos.levels[src]:
                    nxt = list(squares)
                    nxt[i] = dst
                    key = frozenset(nxt)
                    if key not in routes:
                        routes[key] = (tuple(nxt), [*moves, (src, dst)])
                        queue.append(key)
    for squares, moves in routes.values():
        state = pos.copy()
        state.workers[me] = list(squares)
        state.to_move = 1 - me
        for builder in squares:
            for target in nv.neighbours(builder):
                if state.unoccupied(target):
                    out.append((_notation(moves, builder, target), _built(state, target), ""))
    return out


_STEP = re.compile(r"([a-e][1-5])?([-^])([a-e][1-5])")


def n_steps(text: str) -> int:
    return len(_STEP.findall(text))


def naive_apply(pos: nv.Pos, text: str) -> tuple[nv.Pos, str]:
    """Play a Hermes turn written in notation, checking every step against the card text;
    returns the position after it and the outcome field."""
    me = pos.to_move
    after = pos.copy()
    steps = _STEP.findall(text.replace(",", ""))
    assert "".join(a + o + t for a, o, t in steps) == text.replace(",", ""), text
    current: nv.Coord | None = None
    mode = ""
    for k, (actor, op, target) in enumerate(steps):
        here = nv.coord(actor) if actor else current
        there = nv.coord(target)
        assert here is not None and here in after.workers[me], text
        assert there in nv.neighbours(here) and after.unoccupied(there), text
        if op == "-":
            rise = pos.levels[there] - pos.levels[here]
            assert rise <= 1, text
            if not mode:
                mode = "travel" if rise == 0 else "normal"
            else:
                assert mode == "travel" and rise == 0, text  # only level moves follow
            after.workers[me][after.workers[me].index(here)] = there
            current = there
            if pos.levels[there] == 3 and pos.levels[here] < 3:
                assert k == len(steps) - 1, text
                after.to_move = 1 - me
                return after, f"{me + 1}:climb"
        else:
            assert k == len(steps) - 1, text
            if mode == "normal":
                assert here == current, text  # the worker that moved builds
            after = _built(after, there)
            after.to_move = 1 - me
            return after, ""
    raise AssertionError(f"{text}: the turn is not finished")


def _check_against_naive(text: str, seat: int, powers: str) -> None:
    """The same set of end positions; each listed turn is legal by the card text, ends
    where the engine says and is as short as any way to that end."""
    board = Board.from_position(text)
    ends = engine_ends(board)
    assert len(ends) == len(board.legal_turns())  # no two listed turns end alike
    pos = naive_pos(text)
    table = naive_table(naive_turns, pos, seat, powers)
    assert set(ends) == set(table), text
    if pos.to_move != seat:
        return
    for end, turn in ends.items():
        after, outcome = naive_apply(pos, turn)
        assert naive_end(after, outcome, powers) == end, (text, turn)
        assert n_steps(turn) == min(n_steps(t) for t in table[end]), (text, turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(701)
    for i in range(40):
        seat = i % 2
        powers = "Hermes,-" if seat == 0 else "-,Hermes"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        _check_against_naive(text, seat, powers)


def test_turn_sets_match_on_small_open_positions() -> None:
    """Legal-turn sets compared where travel goes far: level plateaus; and naive turns,
    written as the naive generator writes them, are accepted by the engine."""
    rng = random.Random(702)
    for text in (
        "11111/10001/10201/10001/11111 1 a1,c3 e5,b2 powers=Hermes,-",
        "2222A/2A002/20302/20002/22222 1 a1,c1 d5,c4 powers=Hermes,-",
        "00000/0AAA0/0A3A0/0AAA0/00000 1 a1,c3 e5,e1 powers=Hermes,-",
    ):
        _check_against_naive(text, 0, POWERS)
        board = Board.from_position(text)
        naive = [t for texts in naive_table(naive_turns, naive_pos(text), 0, POWERS).values() for t in texts]
        for turn in rng.sample(naive, 12):
            assert legal(board, turn), (text, turn)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Hermes,-"
TERRACES = "11000/11100/0A220/00221/00021 2 a5,e2 b5,d1 powers=Hermes,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (TERRACES, PERFT_TERRACES)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (90, 4143)
PERFT_TERRACES = (42, 3266)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Hermes", None], [None, "Hermes"], ["Hermes", "Athena"], ["Apollo", "Hermes"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    rng = random.Random(f"{powers}")
    board = Board(2, powers)
    start = (board.position(), board.zobrist_hash())
    played: list[str] = []
    while board.outcome() is None:
        assert len(played) < 300
        turn = rng.choice(board.legal_turns())
        board.push_turn(turn)
        played.append(format_turn(turn))
        z = board.zobrist_hash()
        assert board.rehash() == z
        assert Board.from_position(board.position()).zobrist_hash() == z
    outcome = board.outcome()
    assert outcome is not None and outcome.winners
    replay = Board(2, powers)
    for text in played:
        replay.play(text)
    assert replay.position() == board.position() and replay.outcome() == outcome
    for _ in played:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == start
