"""29. Triton (SANTORINI.md §4; RULINGS #7, #46): each time his worker moves into a perimeter
space (ground or block), it may immediately move again. No limit, revisits allowed, the same
worker only; the chain stops after a move into a non-perimeter space; a move up onto level 3
wins at once, wherever in the chain. Written as one worker's moves: ``a2-a3-b4^c4``."""

from __future__ import annotations

import random
from collections import deque

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, Termination, format_turn
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, Oracle, by_walks, check_against_naive, check_perft, check_random_boards
from powers.scenario import Scenario, positions, turns

position = positions("Triton,-", "a2,d4 b4,d2")


# ---------------------------------------------------------------------- scenarios
def test_a_move_into_the_perimeter_may_be_followed_by_another() -> None:
    """Card: a2 -> a3 (perimeter) -> b4 (not perimeter), then the build."""
    Scenario(
        position(workers="a2,d4 e5,d2"),
        legal=["a2-a3-b4^c4"],
        play="a2-a3-b4^c4",
        after=position("c4=1", "b4,d4 e5,d2", to_move=2),
    ).check()


def test_the_chain_stops_after_a_move_into_a_non_perimeter_space() -> None:
    """RULINGS #46: b3 is not on the perimeter, so no move may follow it."""
    Scenario(
        position(workers="a2,d4 e5,d2"),
        never_begins=["a2-b3-"],
        # From a non-perimeter start, the first move into the interior ends the moving too.
        illegal=["a2-b3-c3^c4", "d4-c3-b3^b2"],
    ).check()


def test_the_extra_moves_are_optional() -> None:
    """'May': after a move into the perimeter the worker may build at once."""
    Scenario(position(workers="a2,d4 e5,d2"), listed=["a2-a3^b3"]).check()
    Scenario(position(workers="a2,d4 e5,d2"), mid="a2-a3", kinds={StepKind.MOVE, StepKind.BUILD}).check()


def test_no_limit_and_revisits_are_allowed() -> None:
    """RULINGS #46: round the whole edge and back to the start space, then build."""
    long_way = "a1-b1-c1-d1-e1-e2-e3-e4-e5-d5-c5-b5-a5-a4-a3-a2-a1^b2"
    board = Scenario(
        position(workers="a1,c3 c4,d2"),
        legal=[long_way, "a1-a2-a1^b1"],  # back where he started
        play=long_way,
    ).check()
    assert board.owner[0] == 0 and board.height[6] == 1
    # Listed, the turn comes out the shortest way (here: out and back).
    board.pop()
    assert "a1-a2-a1^b2" in turns(board) or "a1-b1-a1^b2" in turns(board)


def test_only_the_same_worker_goes_on() -> None:
    """RULINGS #46: the extra move belongs to the worker that moved into the perimeter."""
    Scenario(
        position(workers="a2,d4 e5,d2"), illegal={"a2-a3,d4-c3^c4": "only the worker on a3 may go on"}
    ).check()


def test_each_move_obeys_the_height_limit() -> None:
    """Every move of the chain is a normal move: at most one level up, any level down,
    and perimeter spaces count at any level ('ground or block')."""
    Scenario(
        position("a3=1 a4=2 a5=2", "a2,d4 e5,d2"),
        legal=["a2-a3-a4-a5-b5^c5"],  # 0 -> 1 -> 2 -> 2 -> 0
        illegal=["a2-a4^a3"],  # not a neighbour
    ).check()
    board = Board.from_position(position("a3=2", "a2,d4 e5,d2"))
    assert not any("a3" in t.split("^")[0] for t in turns(board))


def test_a_climb_onto_level_three_wins_at_any_step() -> None:
    """RULINGS #7, #46: the win is checked after every move, so moving up onto level 3 in
    the middle of the chain wins there and then; nothing follows."""
    Scenario(
        position("a3=1 a4=2 a5=3", "a2,d4 e5,d2"),
        listed=["a2-a3-a4-a5"],
        illegal={"a2-a3-a4-a5-b5^c5": "wins the game"},
        play="a2-a3-a4-a5",
        winner=0,
        by=Termination.CLIMB,
    ).check()


def test_moving_along_level_three_is_no_win() -> None:
    """RULINGS #2: from level 3 to level 3 is no climb, along the edge or not."""
    board = Scenario(position("a1=3 a2=3 a3=3", "a1,d4 e5,d2"), play="a1-a2-a3^b3").check()
    assert board.decided is None and board.owner[10] == 0


def test_athena_stops_the_rising_steps_of_the_chain() -> None:
    """RULINGS #16-17: after Athena moved up, no move of the chain may go up."""
    text = position("a3=1 a4=1", "a2,d4 e5,d2", powers="Triton,Athena", extra="athena=up")
    Scenario(text, illegal=["a2-a3-a4^b4"], legal=["a2-a1-b1^c1"]).check()
    Scenario(text.replace(" athena=up", ""), legal=["a2-a3-a4^b4"]).check()


def test_the_opponent_without_triton_moves_once() -> None:
    """The power is Triton's alone."""
    board = Scenario(position(workers="c3,d4 b4,a2", to_move=2), illegal=["a2-a3-a4^b5"]).check()
    assert all(format_turn(t).count("-") == 1 for t in board.legal_turns())


def test_listing_terminates_with_shortest_turns() -> None:
    """RULINGS #46 (revisits): the turn search merges equal states (``turn_key``), so it
    ends; each end position is listed once, reached the shortest way."""
    text = position(workers="a1,c3 c4,d2")
    check_against_naive(oracle(0), text)
    ends = oracle(0).ends(nv.parse(" ".join(text.split()[:4])))
    assert (
        max(min(map(nv.n_steps, end.spellings)) for end in ends.values()) >= 8
    )  # walks long enough to matter


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written mid-chain read back with the
    same legal steps and turns (the turn field says which worker goes on)."""
    check_round_trip(
        position(workers="a2,d4 e5,d2"),
        "a2-a3-a4-b4^c4",
        mid=[
            position(workers="a3,d4 e5,d2", extra="turn=a2-a3"),
            position(workers="a4,d4 e5,d2", extra="turn=a2-a3-a4"),
            position(workers="b4,d4 e5,d2", extra="turn=a2-a3-a4-b4"),
        ],
        after=position("c4=1", "b4,d4 e5,d2", to_move=2),
    )
    Scenario(position(workers="a2,d4 e5,d2"), mid="a2-a3-a4-b4", kinds={StepKind.BUILD}).check()  # chain over


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: for each worker, a breadth-first walk over the spaces it
    can stand on after a move, going on only from perimeter spaces; a climb onto level 3
    ends the turn. Each end is written along a shortest walk. ``seat`` is Triton's player;
    the other has no power."""
    me = pos.to_move
    if me != seat:
        return nv.plain_turns(pos)
    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        lifted = pos.copy()
        lifted.workers[me][i] = (-9, -9)  # the worker is in hand while it walks
        walks: dict[nv.Coord, list[nv.Coord]] = {}
        queue: deque[list[nv.Coord]] = deque([[src]])
        while queue:
            walk = queue.popleft()
            here = walk[-1]
            if len(walk) > 1 and not nv.on_perimeter(here):
                continue
            for there in nv.step_moves(lifted, here):
                if nv.climbs(pos, here, there):
                    won = nv.moved(pos, i, there)
                    out.append(("-".join(nv.name(c) for c in [*walk, there]), won, f"{me + 1}:climb"))
                elif there not in walks:
                    walks[there] = [*walk, there]
                    queue.append(walks[there])
        for there, walk in walks.items():
            out += nv.finish(pos, nv.moved(pos, i, there), walk[-2], there, "-".join(map(nv.name, walk)))
    return out


def naive_apply(pos: nv.Pos, text: str) -> tuple[nv.Pos, str]:
    """Play a Triton turn written in notation, checking every step against the card text;
    returns the position after it and the outcome field."""

    def step_ok(op: str, current: nv.Coord | None, here: nv.Coord, there: nv.Coord) -> None:
        if op == "-":
            if current is not None:
                assert here == current and nv.on_perimeter(current), text  # only on from the edge
            assert pos.levels[there] <= pos.levels[here] + 1, text
        else:
            assert current is not None and here == current, text

    return nv.replay(pos, text, step_ok)


def oracle(seat: int) -> Oracle[nv.Pos]:
    """The same set of end positions; each of Triton's listed turns is legal by the card
    text, ends where the engine says and is as short as any way to that end."""
    return by_walks(naive_turns, naive_apply, seat)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Triton", oracle, seed=2901, count=40, dome_chance=0.15)


def test_turn_sets_match_on_small_open_positions() -> None:
    """Legal-turn sets compared where the walks are long: low, open boards with the
    workers on the edge; and every naive turn is accepted by the engine as written."""
    rng = random.Random(2902)
    for text in (
        "00000/00000/00000/00000/00000 1 a1,e5 c3,c2 powers=Triton,-",
        "01210/10001/20001/10001/01210 1 a3,c1 c3,e4 powers=Triton,-",
        "33333/30003/30003/30003/32333 1 b1,c3 d3,b3 powers=Triton,-",
    ):
        check_against_naive(oracle(0), text)
        naive = [
            t for end in oracle(0).ends(nv.parse(" ".join(text.split()[:4]))).values() for t in end.spellings
        ]
        Scenario(text, legal=rng.sample(naive, 12)).check()


MIDGAME = "01230/12C10/0321A/21031/00120 1 a2,c3 b3,d4 powers=Triton,-"
SHORE = "01110/1000A/10001/20001/01110 2 a1,e2 c3,d4 powers=Triton,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(oracle(0), {MIDGAME: (91, 4061), SHORE: (76, 13427)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Triton"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
