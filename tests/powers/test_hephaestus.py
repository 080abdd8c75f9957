"""6. Hephaestus (SANTORINI.md §4; RULINGS #3, #22): his worker may build one extra block
(not a dome) on top of its first block. So the extra build goes on the same space, and is
possible only when the first build made level 1 or 2."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Hephaestus,-")


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("before", "after"), [("0", "2"), ("1", "3")])
def test_a_second_block_on_the_first(before: str, after: str) -> None:
    """RULINGS #22: the extra block goes on the same space, when the first made level 1 or 2."""
    Scenario(
        position(f"c4={before}"),
        listed=["b2-c3^c4^c4"],
        play="b2-c3^c4^c4",
        after=position(f"c4={after}", "c3,d4 b4,d2", to_move=2),
    ).check()


def test_the_extra_block_is_optional() -> None:
    Scenario(position(), play="b2-c3^c4", after=position("c4=1", "c3,d4 b4,d2", to_move=2)).check()


def test_no_extra_build_after_making_level_three() -> None:
    """RULINGS #3, #22: on level 3 the next piece would be a dome, and domes are not blocks,
    so after building level 3 the turn is over."""
    Scenario(
        position("c4=2"),
        illegal={
            "b2-c3^c4^c4": "the turn is over before step 3",
            "b2-c3^c4^c4D": "the turn is over before step 3",
        },
    ).check()


def test_no_extra_build_after_a_dome() -> None:
    """A first build that is a dome (on level 3) takes no block on top."""
    Scenario(
        position("c4=3"),
        never_begins=["b2-c3^c4^"],
        play="b2-c3^c4",
        after=position("c4=D", "c3,d4 b4,d2", to_move=2),
    ).check()


def test_the_extra_block_is_never_a_dome() -> None:
    """RULINGS #3: "one extra block (not a dome)"."""
    Scenario(position("c4=1"), illegal={"b2-c3^c4^c4D": "a dome cannot be built on level 2 of c4"}).check()


def test_not_on_another_space() -> None:
    """On top of its first block only: unlike Demeter, no second space."""
    board = Scenario(position(), illegal={"b2-c3^c4^d3": r"\^d3 is not allowed here"}).check()
    assert not any(t.count("^") == 2 and t[-2:] != t[-5:-3] for t in turns(board))


def test_the_opponent_builds_once() -> None:
    board = Board.from_position(position(to_move=2))
    assert all(t.count("^") == 1 for t in turns(board))


def test_turn_count_from_the_open_position() -> None:
    """Every build on a ground space may be doubled: 80 base turns, twice."""
    Scenario(position(), count=160).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the first build (``turn=b2-c3^c4``) the extra block or END remain; the position
    reads back with the same options; undo restores everything."""
    Scenario(position(), mid="b2-c3^c4", steps=[".", "^c4"]).check()
    check_round_trip(
        position(),
        "b2-c3^c4^c4",
        mid=[None, position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4")],
        after=position("c4=2", "c3,d4 b4,d2", to_move=2),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Hephaestus's worker may build one more block (not a dome) on
    the first; the other player has no power (``seat``: Hephaestus's)."""
    plain = nv.plain_turns(pos)
    if pos.to_move != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        target = nv.coord(turn[-2:])
        if not outcome and target not in after.domes and after.levels[target] in (1, 2):
            again = after.copy()
            again.levels[target] += 1  # a block, never a dome
            out.append((f"{turn}^{nv.name(target)}", again, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Hephaestus", partial(by_turns, naive_turns), seed=2106, count=40, dome_chance=0.15)


MIDGAME = midgame("Hephaestus,-")
OPEN = position()  # the opening: workers on b2, d4 and b4, d2


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (74, 3228), OPEN: (160, 12088)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Hephaestus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
