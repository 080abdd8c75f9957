"""4. Atlas (SANTORINI.md §4; RULINGS #20): his worker may build a dome on any level,
ground included. A dome below level 3 is written ``^d4D`` in turns and ``A``-``C`` in
positions; it is not a Complete Tower."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

position = positions("Atlas,-")


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("level", "piece"), [("0", "A"), ("1", "B"), ("2", "C")])
def test_atlas_domes_any_level_ground_included(level: str, piece: str) -> None:
    """RULINGS #20: a dome on level 0, 1 or 2; the level below it stays as it was."""
    board = Scenario(
        position(f"c4={level}"),
        listed=["b2-c3^c4", "b2-c3^c4D"],
        play="b2-c3^c4D",
        after=position(f"c4={piece}", "c3,d4 b4,d2", to_move=2),
    ).check()
    assert board.domes >> 17 & 1 and board.height[17] == int(level)


def test_he_may_still_build_the_ordinary_block() -> None:
    """The dome is an option ("may"): the block that fits is still there."""
    board = Scenario(position("c4=1"), play="b2-c3^c4").check()
    assert board.height[17] == 2 and not board.domes >> 17 & 1


def test_on_level_three_the_dome_is_the_ordinary_build() -> None:
    """A dome on level 3 is the Complete Tower everyone builds; asking for it explicitly is
    the same turn, listed once."""
    board = Scenario(
        position("c4=3"),
        listed=["b2-c3^c4"],
        unlisted=["b2-c3^c4D"],
        play="b2-c3^c4D",
        after=position("c4=D", "c3,d4 b4,d2", to_move=2),
    ).check()
    board.pop()
    assert len(turns(board)) == len(board.legal_turns())


def test_every_free_space_offers_both_pieces_below_level_three() -> None:
    """Turn count: the base game's 80 turns from the open position, doubled (each build
    can be the block or a dome)."""
    Scenario(position(), count=160).check()
    Scenario(position(powers="-,-").replace(" powers=-,-", ""), count=80).check()


def test_a_low_dome_blocks_every_worker_and_every_build() -> None:
    """SANTORINI.md §1: nothing can be placed on a dome, and a domed space is occupied, so
    no worker moves there, whatever the level below."""
    board = Scenario(
        position("c3=A", "b2,e5 b4,d2", to_move=2),
        illegal={"d2-c3^c4": "c3 has a dome", "d2-d3^c3": "c3 has a dome: nothing can be built on it"},
    ).check()
    assert not any("-c3" in t or "^c3" in t for t in turns(board))


def test_a_low_dome_is_not_a_complete_tower() -> None:
    """RULINGS #20: a Complete Tower is a dome on level 3 (``D``); Atlas's low domes are
    written ``A``-``C`` and keep their level."""
    board = Scenario(position("c4=2 c2=3"), play=["b2-c3^c4D", "d2-d3^d2", "c3-b3^c2"]).check()
    cells = board.position().split()[0]
    assert cells == "00000/00C00/00000/00D10/00000" and cells.count("D") == 1
    assert board.height[17] == 2 and board.height[7] == 3


def test_opponents_cannot_dome_below_level_three() -> None:
    """The power is Atlas's alone."""
    board = Scenario(
        position(to_move=2), illegal={"b4-a5^a4D": "a dome cannot be built on level 0 of a4"}
    ).check()
    assert not any(t.endswith("D") for t in turns(board))


def test_undo_and_position_round_trip() -> None:
    """The dome is undone with the turn; positions with low domes and a turn in progress
    read back with the same hash and options."""
    check_round_trip(position("c4=1"), "b2-c3^c4D", after=position("c4=B", "c3,d4 b4,d2", to_move=2))


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: Atlas's worker may build a dome at any level instead of the
    block; the other player has no power (``seat``: Atlas's)."""
    plain = nv.plain_turns(pos)
    if pos.to_move != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        if outcome:
            continue
        target = nv.coord(turn[-2:])
        if pos.levels[target] < 3:  # the same move, a dome instead of the block
            domed = after.copy()
            domed.levels[target] = pos.levels[target]
            domed.domes.add(target)
            out.append((turn + "D", domed, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards("Atlas", partial(by_turns, naive_turns), seed=2104, count=40, dome_chance=0.15)


MIDGAME = midgame("Atlas,-")
OPEN = position()  # the opening: workers on b2, d4 and b4, d2


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {MIDGAME: (85, 3533), OPEN: (160, 11816)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Atlas"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
