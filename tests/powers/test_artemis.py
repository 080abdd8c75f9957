"""2. Artemis (SANTORINI.md §4; RULINGS #7, #19): her worker may move one more time, but
not back to the space it started the turn on. The second move is optional, by the same
worker, and may go up too; a first move up onto level 3 wins at once."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Termination
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Artemis,-")


# ---------------------------------------------------------------------- scenarios
def test_the_second_move_is_optional() -> None:
    """Card: "may move one more time"; one move and a build is a full turn."""
    Scenario(
        position(),
        listed=["b2-c3^c4", "b2-c2-d3^e3"],
        legal=["b2-c3-c4^c5"],
        play="b2-c3^c4",
        after=position("c4=1", "c3,d4 b4,d2", to_move=2),
    ).check()


def test_two_moves_then_the_build_next_to_where_she_stopped() -> None:
    """The build follows the last move, by the worker that moved; it may go on the space
    she passed through or the one she started on when they neighbor the end space."""
    Scenario(position(), play="b2-c3-c4^c3", after=position("c3=1", "c4,d4 b4,d2", to_move=2)).check()
    Scenario(position(), play="b2-b3-a4^b3", after=position("b3=1", "a4,d4 b4,d2", to_move=2)).check()


def test_she_may_not_move_back_to_her_start_square() -> None:
    """RULINGS #19: not back to the space it started the turn on."""
    Scenario(position(), mid="b2-c3", not_offered=["c3-b2"], offered=["c3-b3"]).check()
    Scenario(position(), illegal={"b2-c3-b2^b1": "c3-b2 is not allowed here"}).check()


def test_the_second_move_uses_the_same_worker() -> None:
    """RULINGS #19: the same worker moves again."""
    Scenario(position(), illegal={"b2-c3,d4-d5^e5": "only the worker on c3 may go on"}).check()


def test_both_moves_may_go_up() -> None:
    """RULINGS #19: ground -> level 1 -> level 2 in one turn."""
    board = Scenario(position("c3=1 d3=2"), play="b2-c3-d3^e3").check()
    assert board.workers[0] == [13, 18] and board.height[13] == 2
    assert board.decided is None


def test_each_move_obeys_the_movement_rules() -> None:
    """Each move: a neighboring unoccupied space, at most one level up (rule 2)."""
    Scenario(
        position("c3=1 d3=3 c4=A"),
        illegal={
            "b2-c3-d3": "d3 is 2 levels up from c3",  # 2 levels up on the second move
            "b2-c3-c4^c5": "",  # onto a dome
            "b2-c3-d4^e5": "",  # onto her own worker
        },
    ).check()


def test_the_first_move_up_onto_level_three_wins_at_once() -> None:
    """RULINGS #7: the win is checked after every move, so the first move wins before any
    second move, and nothing may follow it."""
    board = Scenario(
        position("b2=2 c3=3 d3=3"),
        listed=["b2-c3"],
        never_begins=["b2-c3-"],
        illegal={"b2-c3-d3^e3": "b2-c3 wins the game, so nothing may follow it"},
        play="b2-c3",
        winner=0,
        by=Termination.CLIMB,
    ).check()
    assert board.position().endswith("outcome=1:climb")


def test_the_second_move_up_onto_level_three_wins() -> None:
    """Rule 2.1 applies to each move: level 1 -> 2 -> 3 wins on the second move."""
    Scenario(
        position("b2=1 c3=2 d3=3"), listed=["b2-c3-d3"], play="b2-c3-d3", winner=0, by=Termination.CLIMB
    ).check()


def test_level_three_to_level_three_does_not_win() -> None:
    """RULINGS #2: from level 3 to level 3 is not moving up, on either move."""
    board = Scenario(position("b2=3 c3=3 d3=3"), unlisted=["b2-c3", "b2-c3-d3"], play="b2-c3-d3^e3").check()
    assert board.decided is None


def test_one_non_winning_move_alone_is_not_a_turn() -> None:
    """She must still build (rule 2): a lone move is unfinished."""
    Scenario(
        position(), illegal={"b2-c3-c4": "the turn is not finished", "b2-c3": "the turn is not finished"}
    ).check()


def test_the_opponent_without_artemis_moves_once() -> None:
    board = Scenario(position(to_move=2), illegal=["b4-b3-a3^a2"]).check()
    assert all(t.count("-") == 1 for t in turns(board))


def test_turns_are_listed_once_by_their_shortest_form() -> None:
    """Two paths to the same end (b2-c3 directly, or via b3) are one turn, written as the
    direct one."""
    Scenario(
        position(),
        listed=["b2-c3^c4"],
        unlisted=["b2-b3-c3^c4"],
        legal=["b2-b3-c3^c4"],  # still a legal way to play it
        count=120,
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """A position after the first move (``turn=b2-c3``) reads back with the same options,
    the start square still excluded; push/pop restore position and hash."""
    check_round_trip(position("c3=1"), "b2-c3-d3^c3", after=position("c3=2", "d3,d4 b4,d2", to_move=2))
    mid = position("c3=1", "c3,d4 b4,d2", extra="turn=b2-c3")
    Scenario(mid, not_offered=["c3-b2"], listed=["c3-d3^c3", "c3^b2"]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Artemis's worker may move once more, not back to where it
    started; the other player has no power (``seat``: Artemis's)."""
    me = pos.to_move
    if me != seat:
        return nv.plain_turns(pos)
    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        for first in nv.step_moves(pos, src):
            once = nv.moved(pos, i, first)
            out += nv.finish(pos, once, src, first)
            if nv.climbs(pos, src, first):
                continue
            for second in nv.step_moves(once, first):
                if second != src:
                    move = f"{nv.name(src)}-{nv.name(first)}-{nv.name(second)}"
                    out += nv.finish(pos, nv.moved(pos, i, second), first, second, move)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    """The same set of end positions, and each listed turn is one of the naive paths there,
    the shortest."""
    check_random_boards(
        "Artemis", lambda seat: by_turns(naive_turns, seat, length=len), seed=2102, count=30, dome_chance=0.15
    )


MIDGAME = midgame("Artemis,-")
OPEN = position()  # the opening: workers on b2, d4 and b4, d2


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (90, 4136), OPEN: (120, 9160)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Artemis"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
