"""20. Hera (SANTORINI.md §4; RULINGS #8, #37): an opponent cannot win by moving into a
perimeter space. Any win whose final action is such a move is void (Pan's drop too); the
move itself stands and the turn goes on."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import PERIMETER_MASK
from aegean.santorini.steps import step_dst
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards
from powers.scenario import Scenario, positions

position = positions("-,Hera")


# ---------------------------------------------------------------------- scenarios
#: a1 (level 2) can climb onto a2 (perimeter) or b2 (inner), both level 3.
CLIMB = position("a1=2 a2=3 b2=3", "a1,e1 c5,e5")


def test_a_climb_onto_a_perimeter_space_does_not_win() -> None:
    """Card: an opponent cannot win by moving into a perimeter space. The move is still
    legal; as it wins nothing, the worker must build after it (RULINGS #37)."""
    board = Scenario(
        CLIMB,
        unlisted=["a1-a2"],
        listed=["a1-a2^a1", "a1-a2^a3", "a1-a2^b1", "a1-a2^b2", "a1-a2^b3"],
        illegal=["a1-a2"],  # no win, so the turn is not finished
        play="a1-a2^b2",
        ongoing=True,
    ).check()
    assert board.domes >> 6 & 1  # the build on level-3 b2 was a dome


def test_a_climb_onto_an_inner_space_still_wins() -> None:
    """Only perimeter spaces are protected."""
    Scenario(CLIMB, listed=["a1-b2"], play="a1-b2", winner=0, by=Termination.CLIMB).check()


def test_hera_herself_wins_on_the_perimeter() -> None:
    """The card speaks of opponents: Hera's own workers win anywhere."""
    Scenario(position("a1=2 a2=3", "c5,e5 a1,e1", to_move=2), play="a1-a2", winner=1).check()


def test_pan_dropping_onto_the_perimeter_does_not_win() -> None:
    """RULINGS #37: Hera voids any win whose final action is a move into a perimeter space,
    so Pan's drop of two levels onto the edge wins nothing; onto an inner space it does
    (#8: Pan claims the win, then Hera may cancel it)."""
    text = position("b2=2", "b2,e5 d4,e1", powers="Pan,Hera")
    Scenario(
        text,
        unlisted=["b2-a1"],
        listed=["b2-a1^b1", "b2-c3"],  # c3 is inner: the drop wins
        play="b2-a1^b1",
        ongoing=True,
    ).check()
    Scenario(text, play="b2-c3", winner=0, by=Termination.POWER).check()


def test_artemis_vetoed_climb_then_moves_again() -> None:
    """Hera vs Artemis: the first move up onto perimeter a2 wins nothing, so the optional
    second move follows (a2 to level-3 b3 is not up, no win); a second move up onto an
    inner level 3 wins, and one up onto the perimeter does not."""
    text = position("a1=2 a2=3 b2=2 b3=3", "a1,e5 d4,e1", powers="Artemis,Hera")
    Scenario(text, unlisted=["a1-a2", "a1-b2-a2"], listed=["a1-a2^b1", "a1-a2-b3^c4", "a1-b2-b3"]).check()
    board = Scenario(text, mid="a1-b2-a2").check()
    assert board.decided is None and board.legal_steps()  # no win: a build follows
    Scenario(text, play="a1-a2-b3^c4", ongoing=True).check()
    Scenario(text, play="a1-b2-b3", winner=0).check()


def test_apollo_swap_onto_a_perimeter_level_three_does_not_win() -> None:
    """Hera vs Apollo: the swap is Apollo's move into the perimeter space: no win; the swap
    stands (Hera's worker is forced to a1) and Apollo builds. Onto an inner space it wins."""
    text = position("a1=2 a2=3 b2=3", "a1,e5 a2,b2", powers="Apollo,Hera")
    board = Scenario(
        text, unlisted=["a1-a2"], listed=["a1-a2^b1", "a1-b2"], play="a1-a2^b1", ongoing=True
    ).check()
    assert board.owner[5] == 0 and board.owner[0] == 1  # a2 Apollo, a1 Hera's worker
    Scenario(text, play="a1-b2", winner=0).check()


def test_triton_vetoed_climb_keeps_moving_along_the_edge() -> None:
    """Hera vs Triton: moving up onto perimeter a2 wins nothing, and being a move into a
    perimeter space it lets Triton move on."""
    Scenario(
        position("a1=2 a2=3", "a1,e5 d4,e1", powers="Triton,Hera"),
        unlisted=["a1-a2"],
        listed=["a1-a2-a3^a4"],
        play="a1-a2-a3^a4",
        ongoing=True,
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After a vetoed climb the turn is in progress: the position reads back with the same
    legal steps and hash; popping restores position and hash."""
    check_round_trip(
        CLIMB,
        "a1-a2^b3",
        mid=[position("a1=2 a2=3 b2=3", "a2,e1 c5,e5", extra="turn=a1-a2")],
        after=position("a1=2 a2=3 b2=3 b3=1", "a2,e1 c5,e5", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: ``seat`` is Hera's player, whose opponent wins by climbing
    only onto inner spaces."""
    me = pos.to_move
    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            after = nv.moved(pos, i, dst)
            if me != seat and nv.on_perimeter(dst):
                out += nv.builds(after, dst, f"{nv.name(src)}-{nv.name(dst)}")  # no win there
            else:
                out += nv.finish(pos, after, src, dst)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    """The legal-turn sets agree with the naive generator, for Hera's side and the other."""
    check_random_boards(
        "Hera", partial(by_turns, naive_turns), seed=2020, count=40, dome_chance=0.1, same_turns=True
    )


#: Level-3 towers on the edge (a4, e3, c1) and inside (b3, d3), with climbers beside them.
EDGE = "00000/32020/03023/12120/21310 1 b4,d3 b2,e2 powers=-,Hera"


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    """Depth-2 perft from a fixed position with climbs onto edge and inner towers for both
    sides, frozen, and recounted independently."""
    check_perft(by_turns(naive_turns, 1), {EDGE: (80, 3018)})
    Scenario(EDGE, unlisted=["b4-a4"], listed=["b4-b3"]).check()


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Hera"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner (never by a climb of Hera's
    opponent onto the perimeter), and undoing everything restores the start."""
    hera = powers.index("Hera")

    def no_perimeter_win(board: Board) -> None:
        outcome = board.decided
        if outcome is not None and outcome.winner != hera and outcome.termination is Termination.CLIMB:
            assert not PERIMETER_MASK >> step_dst(board.history[-1][-1]) & 1

    check_random_playouts(powers, replay=False, each_turn=no_perimeter_win)
