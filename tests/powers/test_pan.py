"""9. Pan (SANTORINI.md §4; RULINGS #7, #25): Pan also wins if his worker moves down two or
more levels. Only his own *move* counts (a worker forced down has not moved); the win is
``Termination.POWER``, checked as the move happens, and climbing onto level 3 still wins."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.powers.apollo import Apollo
from aegean.santorini.squares import NEIGHBORS
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions

position = positions("Pan,-")


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("start", "end"), [("2", "0"), ("3", "1"), ("3", "0")])
def test_pan_wins_by_moving_down_two_or_more_levels(start: str, end: str) -> None:
    """Card: "your worker moves down two or more levels"; the game ends with the move, so
    the turn has no build (RULINGS #7)."""
    board = Scenario(
        position(f"b2={start} c3={end}"),
        listed=["b2-c3"],
        play="b2-c3",
        winner=0,
        by=Termination.POWER,
        after=position(f"b2={start} c3={end}", "c3,d4 b4,d2", to_move=2, extra="outcome=1:power"),
    ).check()
    assert board.outcome() is not None and board.outcome().result() == "1-0"
    assert board.legal_turns() == []


def test_nothing_follows_the_winning_move() -> None:
    Scenario(
        position("b2=2"),
        never_begins=["b2-c3^"],
        illegal={"b2-c3^c4": "b2-c3 wins the game, so nothing may follow it"},
    ).check()


def test_moving_down_one_level_does_not_win() -> None:
    Scenario(position("b2=2 c3=1"), play="b2-c3^c4", ongoing=True).check()


def test_pan_still_wins_by_climbing() -> None:
    """SANTORINI.md §3.2: a Win Condition adds a way to win; the climb still wins."""
    Scenario(position("b2=2 c3=3"), play="b2-c3", winner=0, by=Termination.CLIMB).check()


def test_an_opponent_without_pan_does_not_win_by_falling() -> None:
    Scenario(position("b4=3", to_move=2), play="b4-a4^a5", ongoing=True).check()


def test_pan_as_second_player_wins_for_player_two() -> None:
    board = Scenario(position("b4=2", powers="-,Pan", to_move=2), play="b4-a4", winner=1).check()
    assert board.outcome() is not None and board.outcome().result() == "0-1"


class _Shover(Apollo):
    """A test-only power (no card name, so not registered): Apollo's swap without the height
    limit, to force a worker down two levels."""

    name = ""

    def move_targets(self, board: Board, player: int, worker: int) -> list[int]:
        return [t for t in NEIGHBORS[worker] if not board.domes >> t & 1 and board.owner[t] != player]


def test_a_pan_worker_forced_down_does_not_win() -> None:
    """RULINGS #25: forced is not moved. The test power climbs from level 0 onto Pan's worker
    on level 2, forcing it down two levels: no win for Pan (nor for the mover)."""
    board = Scenario(Board(2, [_Shover(), "Pan"]), play=["@b2@e5", "@c3@a5"]).check()
    board.set_height(12, 2)  # Pan's worker on c3 stands on level 2
    board = Scenario(board, play="b2-c3^c4", ongoing=True).check()
    assert board.owner[6] == 1 and board.height[6] == 0  # Pan's worker forced 2 -> 0


def test_apollo_swaps_never_make_pan_win() -> None:
    """Apollo vs Pan (RULINGS #15, #25): Apollo on level 3 swaps down onto Pan's worker on
    the ground. Apollo fell three levels but has no Pan power; Pan's worker was forced up
    onto level 3, which is no climb. Nobody wins, and Pan's next fall does win."""
    board = Scenario(position("b2=3", "b2,e5 c3,a5", powers="Apollo,Pan"), play="b2-c3^c4").check()
    assert board.owner[6] == 1 and board.height[6] == 3
    assert board.decided is None
    # level 3 -> ground: Pan's own move, a win
    Scenario(board, listed=["b2-a1"], play="b2-a1", winner=1, by=Termination.POWER).check()


def test_undo_and_position_round_trip_of_a_win() -> None:
    """The win is undone with the turn; a won position reads back with its outcome."""
    check_round_trip(
        position("b2=2"), "b2-c3", after=position("b2=2", "c3,d4 b4,d2", to_move=2, extra="outcome=1:power")
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: a move of Pan's worker down two or more levels wins at
    once; the other player has no power (``seat``: Pan's)."""
    me = pos.to_move
    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            if me == seat and pos.levels[src] - pos.levels[dst] >= 2:
                # the move alone: the game ends before the build
                out.append((f"{nv.name(src)}-{nv.name(dst)}", nv.moved(pos, i, dst), f"{me + 1}:power"))
            else:
                out += nv.finish(pos, nv.moved(pos, i, dst), src, dst)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Pan", partial(by_turns, naive_turns), seed=2109, count=40, dome_chance=0.15)


MIDGAME = midgame("Pan,-")
CLIFFS = "00000/03320/02310/01200/00000 1 c3,d4 b2,c2 powers=Pan,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (40, 1683), CLIFFS: (35, 1470)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Pan"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
