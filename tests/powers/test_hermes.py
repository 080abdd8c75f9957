"""7. Hermes (SANTORINI.md §4; RULINGS #23): if his workers do not move up or down, each may
move any number of times (zero included), and then one of them builds. A move that changes
level makes the turn a normal one: that single move, then that worker builds. Two workers'
moves are written one after another: ``b2-c2,d4-d5^e5``."""

from __future__ import annotations

import random
from collections import deque

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, Termination, format_turn, parse_turn
from powers.invariants import check_playout, check_round_trip, seatings
from powers.oracle import (
    NaiveTurn,
    Oracle,
    by_walks,
    check_against_naive,
    check_perft,
    check_random_boards,
    midgame,
)
from powers.scenario import Scenario, positions

position = positions("Hermes,-")


# ---------------------------------------------------------------------- scenarios
def test_both_workers_travel_then_one_builds() -> None:
    """Card and RULINGS #23: level moves by both workers, then the build; the comma marks
    the step of the other worker (docs/notation.md)."""
    assert format_turn(parse_turn("b2-c2,d4-d5^e5")) == "b2-c2,d4-d5^e5"
    Scenario(
        position(),
        legal=["b2-c2,d4-d5^e5"],
        play="b2-c2,d4-d5^e5",
        after=position("e5=1", "c2,d5 b4,d2", to_move=2),
    ).check()


def test_any_number_of_moves_each() -> None:
    """RULINGS #23: each worker may move any number of times, back and forth included."""
    Scenario(
        position(),
        legal=["b2-b3-c3-c2-b2-a1,d4-d5-e5-e4-d4^e3"],
        play="b2-a2-a3,d4-e4-e5,a3-a4^a5",
        after=position("a5=1", "a4,e5 b4,d2", to_move=2),
    ).check()


def test_zero_moves_then_either_worker_builds() -> None:
    """RULINGS #23 ('zero included'): a turn may be a build alone, by either worker."""
    Scenario(
        position(), listed=["b2^c3", "d4^e5"], play="d4^e5", after=position("e5=1", "b2,d4 b4,d2", to_move=2)
    ).check()


def test_the_builder_need_not_be_a_worker_that_moved() -> None:
    """RULINGS #23: after the moves '*either* worker builds'."""
    Scenario(
        position(),
        legal=["b2-c2,d4^d5", "b2-c2-c3,d4^e4"],
        play="b2-b3,d4^c3",
        after=position("c3=1", "b3,d4 b4,d2", to_move=2),
    ).check()


def test_a_move_up_or_down_makes_a_normal_turn() -> None:
    """RULINGS #23: a move that changes level is the turn's only move, and that worker
    builds; nothing else moves."""
    Scenario(
        position("c3=1 a1=1", "b2,d4 b4,d2"),
        legal=["b2-c3^c4"],  # up
        # no second move of it, nor of the other worker, and the worker that moved builds
        illegal=["b2-c3-c4^c5", "b2-c3,d4-d5^e5", "b2-c3,d4^d5"],
    ).check()
    Scenario(
        position("b2=1", "b2,d4 b4,d2"),
        legal=["b2-c2^c1"],  # down
        illegal=["b2-c2-c1^b1", "b2-c2,d4^d5"],
    ).check()


def test_after_level_moves_no_move_changes_level() -> None:
    """RULINGS #23: a level change is allowed only as the single move of a normal turn."""
    Scenario(position("c3=1", "b2,d4 b4,d2"), illegal=["b2-c2-c3^c4", "d4-d5,b2-c3^c4"]).check()
    Scenario(
        position("c3=1", "b2,d4 b4,d2"), mid="b2-c2", not_offered=["c2-c3", "d4-c3"], offered=["c2-b2"]
    ).check()


def test_climbing_onto_level_three_wins_and_travel_on_level_three_does_not() -> None:
    """Rule 2.1: a normal turn's climb onto level 3 wins; moving level 3 -> level 3 is no
    climb (RULINGS #2), so travelling along level 3 wins nothing and still builds."""
    Scenario(
        position("b2=2 c3=3", "b2,d4 b4,d2"), listed=["b2-c3"], play="b2-c3", winner=0, by=Termination.CLIMB
    ).check()
    board = Scenario(position("b2=3 c3=3 c4=3", "b2,d4 b4,d2"), play="b2-c3-c4^c5").check()
    assert board.decided is None and board.owner[17] == 0


def test_workers_cannot_pass_through_occupied_spaces() -> None:
    """Each move is a normal move: never onto a worker or a dome."""
    Scenario(
        position("c2=A", "b2,c3 b4,d2"),
        illegal=["b2-c3-d3^e3", "b2-c2-d3^e3"],
        legal=["c3-d3,b2-c3^c4"],  # once c3 is vacated it can be entered
    ).check()


def test_athena_forbids_his_normal_move_up_but_not_travel() -> None:
    """RULINGS #16-17: after Athena moved up, no move of his may go up; level travel and
    moves down are still his."""
    text = position("c3=1 a1=1", "b2,a1 b4,d2", powers="Hermes,Athena", extra="athena=up")
    Scenario(
        text,
        illegal=["b2-c3^c4", "b2-c2-d3,a1-a2^a3"],  # a1 -> a2 goes down: a normal move only
        legal=["a1-a2^a3", "b2-c2-d3^d4"],
    ).check()
    Scenario(text.replace(" athena=up", ""), legal=["b2-c3^c4"]).check()


def test_the_opponent_without_hermes_moves_once() -> None:
    """The power is Hermes's alone."""
    Scenario(position(to_move=2), count=80, illegal=["b4-b5,d2-d1^e1", "b4^b5"]).check()


def test_listing_terminates_and_writes_each_turn_the_shortest_way() -> None:
    """The turn search merges states by (position, phase) (``turn_key``), so it ends even
    though workers may walk back and forth; each end position is listed once, reached
    by as few steps as any way to it."""
    board = Scenario(position(), count=2101).check()
    assert check_against_naive(oracle(0), position()) == 2101
    assert (
        max(nv.n_steps(format_turn(t)) for t in board.legal_turns()) == 7
    )  # e.g. b2-c1-d1-e1,d4-c4-b5-a5,e1^d1


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written mid-travel read back with the
    same legal steps and turns (the turn field tells travel from a normal turn)."""
    check_round_trip(
        position("a3=1"),
        "b2-c2,d4-d5-e5,c2^c3",
        mid=[
            position("a3=1", "c2,d4 b4,d2", extra="turn=b2-c2"),
            position("a3=1", "c2,d5 b4,d2", extra="turn=b2-c2,d4-d5"),
            position("a3=1", "c2,e5 b4,d2", extra="turn=b2-c2,d4-d5-e5"),
        ],
        after=position("a3=1 c3=1", "c2,e5 b4,d2", to_move=2),
    )
    # A normal turn in progress: only its worker's builds follow.
    check_round_trip(position("a3=1"), "b2-a3^a4", mid=[position("a3=1", "a3,d4 b4,d2", extra="turn=b2-a3")])
    Scenario(position("a3=1"), mid="b2-a3", kinds={StepKind.BUILD}).check()


# ---------------------------------------------------------------------- naive cross-check
def _notation(moves: list[tuple[nv.Coord, nv.Coord]], builder: nv.Coord, target: nv.Coord) -> str:
    """Moves then a build, the acting worker left out when it is the one just used."""
    parts: list[str] = []
    current: nv.Coord | None = None
    for a, b in moves:
        parts.append(f"-{nv.name(b)}" if a == current else f",{nv.name(a)}-{nv.name(b)}")
        current = b
    parts.append(f"^{nv.name(target)}" if builder == current else f",{nv.name(builder)}^{nv.name(target)}")
    return "".join(parts).lstrip(",")


def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: a normal turn whose single move changes level; or, breadth
    first over where the two workers can get to by level moves, a build by either of them.
    ``seat`` is Hermes's player; the other has no power."""
    me = pos.to_move
    if me != seat:
        return nv.plain_turns(pos)
    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            if pos.levels[dst] != pos.levels[src]:
                out += nv.finish(pos, nv.moved(pos, i, dst), src, dst)
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
                    out.append((_notation(moves, builder, target), nv.built(state, target), ""))
    return out


def naive_apply(pos: nv.Pos, text: str) -> tuple[nv.Pos, str]:
    """Play a Hermes turn written in notation, checking every step against the card text;
    returns the position after it and the outcome field."""
    mode = ""

    def step_ok(op: str, current: nv.Coord | None, here: nv.Coord, there: nv.Coord) -> None:
        nonlocal mode
        if op == "-":
            rise = pos.levels[there] - pos.levels[here]
            assert rise <= 1, text
            if not mode:
                mode = "travel" if rise == 0 else "normal"
            else:
                assert mode == "travel" and rise == 0, text  # only level moves follow
        elif mode == "normal":
            assert here == current, text  # the worker that moved builds

    return nv.replay(pos, text, step_ok)


def oracle(seat: int) -> Oracle[nv.Pos]:
    """The same set of end positions; each of Hermes's listed turns is legal by the card
    text, ends where the engine says and is as short as any way to that end."""
    return by_walks(naive_turns, naive_apply, seat)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Hermes", oracle, seed=701, count=40, dome_chance=0.15)


def test_turn_sets_match_on_small_open_positions() -> None:
    """Legal-turn sets compared where travel goes far: level plateaus; and naive turns,
    written as the naive generator writes them, are accepted by the engine."""
    rng = random.Random(702)
    for text in (
        "11111/10001/10201/10001/11111 1 a1,c3 e5,b2 powers=Hermes,-",
        "2222A/2A002/20302/20002/22222 1 a1,c1 d5,c4 powers=Hermes,-",
        "00000/0AAA0/0A3A0/0AAA0/00000 1 a1,c3 e5,e1 powers=Hermes,-",
    ):
        check_against_naive(oracle(0), text)
        naive = [
            t for end in oracle(0).ends(nv.parse(" ".join(text.split()[:4]))).values() for t in end.spellings
        ]
        Scenario(text, legal=rng.sample(naive, 12)).check()


MIDGAME = midgame("Hermes,-")
TERRACES = "11000/11100/0A220/00221/00021 2 a5,e2 b5,d1 powers=Hermes,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(oracle(0), {MIDGAME: (90, 4143), TERRACES: (42, 3266)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Hermes"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_playout(Board(2, powers), random.Random(f"{powers}"), replay=True)
