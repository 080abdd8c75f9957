"""36. Graeae (SANTORINI.md §4; RULINGS #53, printed text): three workers; after the move,
she chooses which of her workers builds."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import parse_square
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position

# Graeae on a1, c3 (level 1) and e5; the opponent on b4 and d2. d4 is level 3 next to
# c3, so c3-d4 would climb 2 (not allowed); c4 is level 2: c3-c4 climbs to 2.
LEVELS = "c3=1 c4=2 d4=3 b3=1 e4=2 d5=3"
START = position(LEVELS, "a1,c3,e5 b4,d2", powers="Graeae,-")
THEIRS = position(LEVELS, "a1,c3,e5 b4,d2", to_move=2, powers="Graeae,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_places_three_workers() -> None:
    """Card, Setup: three workers, placed in one turn (C(25,3) = 2300 ways)."""
    board = Scenario(Board(2, ["Graeae", None]), count=2300, illegal=["@a1@c3"], play="@a1@c3@e5").check()
    assert board.to_move == 1
    board = Scenario(
        board,
        count=22 * 21 // 2,
        play="@b4@d2",
        after="00000/00000/00000/00000/00000 1 a1,c3,e5 b4,d2 powers=Graeae,-",
    ).check()
    assert not board.placing


def test_any_of_her_workers_builds_after_the_move() -> None:
    """Card, Your Build: she chooses which worker builds — the one that moved or another.
    The revised text (only an unmoved worker builds) is not followed (RULINGS #53)."""
    board = Scenario(
        START,
        listed=[
            "a1-a2^a3",  # the mover builds
            "a1-a2,e5^d5",  # the worker on e5 builds instead
            "a1-a2,c3^c2",  # or the one on c3
        ],
        unlisted=["a1-a2,c3^a1"],  # a1 does not neighbour c3
        play="a1-a2,e5^e4",
    ).check()
    assert board.height[sq("e4")] == 3 and board.to_move == 1


def test_one_build_only_and_after_a_move() -> None:
    """Still one move, then one build: no build before the move, no second build."""
    Scenario(START, illegal=["e5^e4", "a1-a2^a3,e5^e4", "a1-a2,e5^e4^e4"]).check()


def test_the_mover_writes_the_short_form() -> None:
    """When the mover and another worker could make the same build, the turn is listed
    once, without naming the builder."""
    # b2 neighbours a1->b2's mover (a1-b1) and c3: one end state, written short.
    board = Scenario(
        START,
        listed=["a1-b1^b2"],
        unlisted=["a1-b1,c3^b2"],
        play="a1-b1,c3^b2",  # the long form is legal too and ends the same way
    ).check()
    assert board.height[sq("b2")] == 1


def test_a_climb_onto_level_3_wins_at_once() -> None:
    """Rule 2.1 and ruling 7: the turn ends at the climb; no build follows."""
    Scenario(
        position("c3=2 d4=3", "a1,c3,e5 b4,d2", powers="Graeae,-"), listed=["c3-d4"], play="c3-d4", winner=0
    ).check()


def test_she_must_move_even_if_others_could_build() -> None:
    """Rule 2.2: a worker must move; with every worker walled in she loses, although her
    workers could build."""
    walls = "b1=2 a2=2 b2=2 d4=2 d5=2 e4=2 b3=2 b4=2 c2=2 c4=2 d2=2 d3=2"
    Scenario(position(walls, "a1,e5,c3 b4,d2", powers="Graeae,-"), turns=[], winner=1).check()


def test_a_sleeping_worker_may_still_build() -> None:
    """RULINGS #39 (Hypnus): Graeae's highest worker cannot move, but it may build after
    another worker moved — the build is hers to assign."""
    text = position("c3=2", "a1,c3,e5 b4,d2", powers="Graeae,Hypnus")
    # Hypnus moves; now Graeae's turn starts: c3 (level 2) sleeps
    board = Scenario(text, play=["a1-a2^a3", "b4-a4^b4"]).check()
    assert board.tokens.get("hypnus") == "c3"
    board = Scenario(board, never_begins=["c3-"], listed=["a2-a1,c3^c2"], play="a2-a1,c3^d3").check()
    assert board.height[sq("d3")] == 1


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "a1-a2,e5^d5",
        mid=[position(LEVELS, "a2,c3,e5 b4,d2", powers="Graeae,-", extra="turn=a1-a2")],
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(graeae: int) -> gn.Generator:
    """From the card text alone: one of her workers moves (base rules); a climb onto level
    3 wins; otherwise any one of her workers builds on a free space next to itself. Her
    opponent plays the base game."""

    def any_builder(moved: nv.Pos, src: nv.Coord, dst: nv.Coord, text: str) -> list[nv.Turn]:
        return [
            turn
            for builder in moved.workers[graeae]
            for turn in nv.builds(moved, builder, text + ("" if builder == dst else f",{nv.name(builder)}"))
        ]

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        return gn.base_turns(tpos, rest=any_builder if tpos.pos.to_move == graeae else None)

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 88, 6015), (THEIRS, 67, 6583)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_with_graeae_second() -> None:
    text = position(LEVELS, "b4,d2 a1,c3,e5", to_move=2, powers="-,Graeae")
    assert check_against_naive(gn.oracle(naive_turns(1)), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Graeae", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Graeae"], seeds=range(1), replay=False)
