"""44. Terpsichore (SANTORINI.md §4; RULINGS #61, #4): all her workers must move, and then
all of them must build; the builds may stack, and a worker that cannot move or build
loses her the game."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini.squares import parse_square
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, turns

# Terpsichore on b2 and d4 (level 1); the opponent on a5 and e1. Domes hem the corners in.
LEVELS = "d4=1 c4=2 d5=3 a1=A b1=1 c3=1 e3=2 a4=B"
START = position(LEVELS, "b2,d4 a5,e1", powers="Terpsichore,-")
THEIRS = position(LEVELS, "b2,d4 a5,e1", to_move=2, powers="Terpsichore,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_both_workers_move_then_both_build() -> None:
    """Card: all of her workers must move, and then all of them must build."""
    board = Scenario(
        START,
        listed=["b2-a2,d4-e4^e5,a2^a3"],
        illegal=["b2-a2^a3", "b2-a2^a3,d4-e4^e5", "b2-a2,d4-e4^e5", "b2-a2-a3,d4-e4^e5,a3^a2"],
        play="b2-a2,d4-e4^e5,a2^a3",
    ).check()
    assert board.height[sq("e5")] == 1 and board.height[sq("a3")] == 1 and board.to_move == 1
    board.pop()
    for turn in turns(board):
        if "-d5" in turn.split("^")[0]:
            continue  # a winning climb ends the turn early
        assert turn.count("-") == 2 and turn.count("^") == 2, turn


def test_moves_may_come_in_either_order_and_use_a_vacated_space() -> None:
    """Decision: the moves are made one after the other, so the second worker may step
    into the space the first has just left."""
    board = Scenario(
        position("", "b2,c2 a5,e5", powers="Terpsichore,-"),
        play="c2-d2,b2-c2^b2,d2^d1",  # b2 steps into c2, which c2's worker just left
    ).check()
    assert sorted(board.workers[0]) == [sq("c2"), sq("d2")]


def test_builds_may_stack_on_one_space() -> None:
    """RULINGS #61: both builds may go on the same space — a block on a block, or level 3
    and then the dome."""
    board = Scenario(
        position("c3=2", "b2,d4 a5,e1", powers="Terpsichore,-"),
        listed=["b2-b3,d4-d3^c3,b3^c3"],
        play="b2-b3,d4-d3^c3,b3^c3",
    ).check()
    assert board.height[sq("c3")] == 3 and board.domes >> sq("c3") & 1


def test_a_worker_that_cannot_move_loses_her_the_game() -> None:
    """RULINGS #4 and #61: if one worker cannot move, she has no legal turn and loses."""
    # a1 is walled in by domes on a2, b1, b2; her other worker is free.
    Scenario(
        position("a2=A b1=A b2=A", "a1,d4 a5,e1", powers="Terpsichore,-"),
        turns=[],
        winner=1,
        illegal=["d4-d5^d4"],
    ).check()


def test_every_worker_must_be_able_to_build() -> None:
    """RULINGS #61: all must build — after b1-a1 (a1's only free neighbour is b1, which it
    left), the other worker may not step into b1, since a1 could then not build."""
    text = position("a2=A b2=A c1=A", "b1,c2 a5,e5", powers="Terpsichore,-")
    board = Scenario(text, listed=["b1-a1,c2-c3^b3,a1^b1"]).check()
    assert not any("b1-a1" in t and "c2-b1" in t for t in turns(board))
    Scenario(text, mid="b1-a1", not_offered=["c2-b1"], offered=["c2-c3"]).check()


# d4 (level 2) next to d5 (level 3): a climb.
CLIMB = position("d4=2 d5=3", "b2,d4 a5,e1", powers="Terpsichore,-")


def test_the_first_move_may_win_at_once() -> None:
    """Ruling 7: a climb onto level 3 wins at once, before the other worker moves."""
    Scenario(CLIMB, listed=["d4-d5"], play="d4-d5", winner=0).check()


def test_the_second_move_may_win() -> None:
    Scenario(CLIMB, listed=["b2-b3,d4-d5"], play="b2-b3,d4-d5", winner=0).check()


def test_with_one_worker_left_she_plays_a_normal_turn() -> None:
    """ "All of your workers": with one worker (the other removed from the game), that one
    moves and builds."""
    board = Scenario(
        position(LEVELS, "d4 a5,e1", powers="Terpsichore,-", extra="removed=1,0"), listed=["d4-e4^e5"]
    ).check()
    assert all(t.count("-") == 1 for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(START, "b2-a2,d4-e4^e5,a2^a3")
    # b2's worker moved: only d4's worker may move now.
    board = Scenario(START, mid="b2-a2").check()
    assert {s >> 5 & 0x1F for s in board.legal_steps()} == {sq("d4")}


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(terpsichore: int) -> gn.Generator:
    """From the card text alone: every worker moves once (base moves, in any order), a
    climb onto level 3 wins at once; then every worker builds once next to itself (in any
    order, the same space allowed). A turn that cannot finish is no turn. The opponent
    plays the base game."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos = tpos.pos
        me = pos.to_move
        if me != terpsichore:
            return gn.base_turns(tpos)
        out: list[gn.Result] = []

        # Written as the notation does: a step by the worker in use (the last to move or
        # build) leaves out its square; another worker's step is named after a comma.
        def builds(state: gn.TPos, left: list[int], text: str, current: nv.Coord) -> None:
            if not left:
                done = state.copy()
                done.pos.to_move = 1 - me
                out.append((text, done, False))
                return
            for i in left:
                worker = state.pos.workers[me][i]
                who = "" if worker == current else f",{nv.name(worker)}"
                for target in nv.neighbours(worker):
                    if state.pos.unoccupied(target):
                        built = gn.TPos(nv.built(state.pos, target), dict(state.tokens))
                        rest = [j for j in left if j != i]
                        builds(built, rest, f"{text}{who}^{nv.name(target)}", worker)

        def moves(state: gn.TPos, left: list[int], text: str, current: nv.Coord | None) -> None:
            if not left:
                assert current is not None
                builds(state, list(range(len(state.pos.workers[me]))), text, current)
                return
            for i in left:
                src = state.pos.workers[me][i]
                for dst in nv.step_moves(state.pos, src):
                    moved = state.copy()
                    moved.pos.workers[me][i] = dst
                    step = f"{text}{',' if text else ''}{nv.name(src)}-{nv.name(dst)}"
                    if nv.climbs(state.pos, src, dst):
                        moved.pos.to_move = 1 - me
                        out.append((step, moved, True))
                        continue
                    moves(moved, [j for j in left if j != i], step, dst)

        moves(tpos, list(range(len(pos.workers[me]))), "", None)
        return out

    return generate


# A narrower dance floor for the counts: domes and towers around both workers.
NARROW = position(LEVELS + " c2=A d2=B e4=A b4=2 a3=1", "b2,d4 a5,e1", powers="Terpsichore,-")


NARROW_THEIRS = NARROW.replace(" 1 ", " 2 ", 1)


def test_turns_and_perft_match_a_naive_generator() -> None:
    """Depth 1 and 2 from her turn; depth 1 from the opponent's (its depth 2, 6434, lists
    her ~650 turns eleven times over: too slow for this file)."""
    check_perft(gn.oracle(naive_turns(0)), {NARROW: (649, 6544), NARROW_THEIRS: (11,)})


def test_naive_agrees_on_the_open_floor() -> None:
    """Depth 1 from START (1477 turns), every turn's spelling included."""
    assert check_against_naive(gn.oracle(naive_turns(0)), START) == 1477


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    # Her turns are many (both workers move and build): one game each is plenty, seated
    # first against no power (with the replay from notation), second against the others.
    seats: list[str | None] = ["Terpsichore", rival] if rival is None else [rival, "Terpsichore"]
    check_random_playouts(seats, seeds=range(1), replay=rival is None)
