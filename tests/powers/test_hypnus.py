"""22. Hypnus (SANTORINI.md §4; RULINGS #39): at the start of an opponent's turn, if one of
their workers is higher than all of their others, it cannot move. Strictly higher: a tie
blocks nothing; a player's only worker sleeps (as on Board Game Arena). The sleeper is
decided when the turn starts and kept in the token ``hypnus=<square>``."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_replies, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Hypnus,-")


def movers(board: Board) -> set[str]:
    """The squares of the workers that move in some legal turn."""
    return {t[:2] for t in turns(board) if t[2] == "-"}


# ---------------------------------------------------------------------- scenarios
def test_the_highest_opponent_worker_falls_asleep_when_its_turn_starts() -> None:
    """Card + RULINGS #39: decided at the start of the opponent's turn: b4 (level 1) is
    higher than d2 (level 0), so only d2 moves; the token names the sleeper."""
    board = Scenario(position("b4=1"), play="b2-c3^c4", tokens={"hypnus": "b4"}).check()
    assert board.position().endswith("powers=Hypnus,- hypnus=b4")
    assert movers(board) == {"d2"}
    Scenario(
        board,
        illegal={"b4-a4^a5": "Hypnus"},
        play="d2-d3^d2",
        tokens={},  # the sleep lasts one turn
    ).check()


def test_a_tie_for_highest_blocks_nothing() -> None:
    """RULINGS #39: if two workers tie for highest, nothing is blocked."""
    board = Scenario(position("b4=1 d2=1"), play="b2-c3^c4", tokens={}).check()
    assert movers(board) == {"b4", "d2"}


def test_the_sleeper_is_judged_by_levels_at_the_start_of_the_turn() -> None:
    """Only the levels the workers stand on when the turn starts count: b4 (level 2) sleeps
    and d2 (level 1) may move, up to level 2 included."""
    board = Scenario(position("b4=2 d2=1 d3=2"), play="b2-c3^c4", tokens={"hypnus": "b4"}).check()
    Scenario(board, listed=["d2-d3^d2"]).check()


def test_hypnus_own_workers_are_never_asleep() -> None:
    assert movers(Board.from_position(position("b2=1"))) == {"b2", "d4"}


def test_an_only_remaining_worker_sleeps() -> None:
    """Decision (RULINGS #39, as BGA): a single worker is higher than "all of their
    others" (there are none), so it cannot move, and a player without another legal turn
    loses."""
    board = Scenario(
        position(workers="b2,d4 c3", extra="removed=0,1"),
        play="b2-b1^a1",
        tokens={"hypnus": "c3", "removed": "0,1"},
        winner=0,
        by=Termination.NO_LEGAL_TURN,
    ).check()
    assert board.tokens["hypnus"] == "c3"
    assert board.legal_turns() == []


def test_a_sleeping_apollo_cannot_swap() -> None:
    """Every move is blocked, those a power adds included: Apollo's swap is a move."""
    board = Scenario(
        position("b4=1", "c3,e1 b4,d2", powers="Hypnus,Apollo"), play="e1-e2^e1", tokens={"hypnus": "b4"}
    ).check()
    Scenario(
        board,
        never_begins=["b4-"],
        listed=["d2-c3^c4"],  # the other worker may still swap (b4-c3 may not)
    ).check()


def test_a_sleeping_hermes_worker_may_still_build() -> None:
    """RULINGS #39: what needs no move still works. Hermes may move no worker and build
    with either: the sleeper builds without moving; the other worker travels."""
    board = Scenario(position("b4=1", "c3,e1 b4,d2", powers="Hypnus,Hermes"), play="e1-e2^e1").check()
    legal = Scenario(
        board,
        listed=[
            "b4^a4",  # the sleeper builds, no worker moved
            "d2-c1,b4^b5",  # the other worker travels, then the sleeper builds
        ],
    ).check()
    assert not any(t.startswith("b4-") or ",b4-" in t for t in turns(legal))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token is part of the position, between turns and inside one; push/pop restore
    position and hash."""
    check_round_trip(
        position("b4=1"),
        "b2-c3^c4",
        "d2-d3^e3",
        mid=[
            None,
            position("b4=1 c4=1", "c3,d4 b4,d2", to_move=2, extra="hypnus=b4"),
            position("b4=1 c4=1", "c3,d4 b4,d3", to_move=2, extra="hypnus=b4 turn=d2-d3"),
        ],
    )
    board = Scenario(position("b4=1"), play="b2-c3^c4").check()
    assert movers(Board.from_position(board.position())) == movers(board) == {"d2"}


# ---------------------------------------------------------------------- naive cross-check
def sleeper(pos: nv.Pos, player: int) -> nv.Coord | None:
    """The worker strictly higher than all the player's others, if any."""
    levels = [pos.levels[w] for w in pos.workers[player]]
    top = max(levels)
    return pos.workers[player][levels.index(top)] if levels.count(top) == 1 else None


def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: the opponent's worker strictly higher than the other
    cannot move (``seat``: Hypnus's)."""
    asleep = sleeper(pos, pos.to_move) if pos.to_move != seat else None
    return [t for t in nv.plain_turns(pos) if asleep is None or not t[0].startswith(nv.name(asleep) + "-")]


def test_opponent_turns_match_a_naive_generator_after_each_hypnus_turn() -> None:
    """On random positions, after every turn of Hypnus the opponent's legal turns (the
    token set by the engine at the start of that turn) equal the naive generator's."""
    assert check_replies("Hypnus", partial(by_turns, naive_turns), seed=2222, count=6, dome_chance=0.1) > 30


#: Both sides have a worker higher than the other; Hypnus (player 1) moves first, so the
#: second turn is played under the sleeper the engine picks.
MIDGAME = midgame("Hypnus,-")
#: Player 2 to move with the token its turn started with: b3 (level 3) sleeps.
ASLEEP = midgame("Hypnus,-", to_move=2, extra="hypnus=b3")


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (45, 716), ASLEEP: (16, 757)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Hypnus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=False)
