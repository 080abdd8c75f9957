"""27. Poseidon (SANTORINI.md §4; RULINGS #44): at the end of his turn, if his unmoved worker
is on the ground level, it may build up to three times on its neighbouring spaces."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from powers.invariants import check_playout, check_round_trip
from powers.oracle import Key, by_children, check_against_naive, check_perft, random_game
from powers.scenario import Scenario, turns

# Poseidon on a1 (ground) and c3 (level 1); around a1: a2 (ground), b1 (level 2) and a
# dome on b2.
START = "00000/00000/00100/0A000/02000 1 a1,c3 e5,d1 powers=Poseidon,-"


def test_the_unmoved_worker_on_the_ground_builds_up_to_three_times() -> None:
    """Ruling 44: after the normal build, a1 (unmoved, ground) builds around itself."""
    Scenario(
        START,
        play="c3-c4^c5,a1^a2^a2^b1",
        after="00100/00000/00100/2A000/03000 2 a1,c4 e5,d1 powers=Poseidon,-",
    ).check()


def test_the_extra_builds_are_optional_and_at_most_three() -> None:
    Scenario(
        START,
        listed=["c3-c4^c5", "c3-c4^c5,a1^a2", "c3-c4^c5,a1^a2^a2", "c3-c4^c5,a1^a2^a2^a2"],
        illegal={"c3-c4^c5,a1^a2^a2^a2^b1": "turn is over"},
    ).check()


def test_same_builds_in_another_order_are_one_turn() -> None:
    """Turns that end in the same position are listed once (docs/rules-decisions.md)."""
    board = Scenario(START, legal=["c3-c4^c5,a1^b1^a2", "c3-c4^c5,a1^a2^b1"]).check()  # both orders play
    legal = turns(board)
    assert ("c3-c4^c5,a1^a2^b1" in legal) != ("c3-c4^c5,a1^b1^a2" in legal)


def test_a_level_three_neighbour_gets_a_dome() -> None:
    """The extra builds are normal builds: b1 level 2 -> 3 -> dome."""
    Scenario(START, unlisted=["c3-c4^c5,a1^b1^b1^b1"]).check()
    board = Scenario(START, play="c3-c4^c5,a1^b1^b1").check()
    assert board.height[parse_square("b1")] == 3 and board.domes >> parse_square("b1") & 1


def test_no_extra_builds_when_the_unmoved_worker_is_above_ground() -> None:
    """When a1 moves, c3 (level 1) is the unmoved worker: no extra builds."""
    board = Scenario(START, illegal=["a1-a2^a3,c3^d3"]).check()
    assert not any("," in t for t in turns(board) if t.startswith("a1-"))


def test_only_the_unmoved_worker_builds_again() -> None:
    Scenario(START, illegal=["c3-c4^c5^d5", "c3-c4^c5,a1^c2"]).check()  # c2 does not neighbour a1


def test_with_one_worker_there_is_no_unmoved_worker() -> None:
    """BGA skips the power with one worker; here there is simply no unmoved worker."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 c3 e5,d1 powers=Poseidon,- removed=1,0")
    assert all("," not in t for t in turns(board))


def test_no_extra_builds_after_a_winning_climb() -> None:
    Scenario(
        "00000/00000/00230/00000/00000 1 a1,c3 e5,d1 powers=Poseidon,-", play="c3-d3", by=Termination.CLIMB
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "c3-c4^c5,a1^a2^b1^a2",  # the third extra build ends the turn
        mid=[None, None, "00100/00000/00100/1A000/02000 1 a1,c4 e5,d1 powers=Poseidon,- turn=c3-c4^c5,a1^a2"],
        after="00100/00000/00100/2A000/03000 2 a1,c4 e5,d1 powers=Poseidon,-",
    )
    Scenario(START, mid="c3-c4^c5,a1^a2", steps=["^a2", "^b1", "."]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, poseidon: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, from the card text alone: move,
    build; then, if the other worker is on the ground, 0-3 builds around it."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        others = [w for j, w in enumerate(pos.workers[me]) if j != i]
        extra = 3 if me == poseidon and others and pos.levels[others[0]] == 0 else 0
        for dst in nv.step_moves(pos, src):
            for _, built, outcome in nv.finish(pos, nv.moved(pos, i, dst), src, dst):
                layer = [built]
                for _ in range(0 if outcome else extra):
                    for state in layer:
                        out[(state.key(), "")] = state
                    layer = [
                        nv.built(state, spot)
                        for state in layer
                        for spot in nv.neighbours(others[0])
                        if state.unoccupied(spot)
                    ]
                for state in layer:
                    out[(state.key(), outcome)] = state
    return out


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(START, 461, 18119), (START.replace(" 1 ", " 2 ", 1), 42, 17619)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_a_random_game() -> None:
    rng = random.Random(27)
    board = Board(2, ["Poseidon", None])
    for _ in range(12):  # placements and a few turns: towers grow, fewer extra builds
        board.push_turn(rng.choice(board.legal_turns()))
    checked = 0
    for at in random_game(board, rng, turns=6):
        check_against_naive(by_children(naive_children, 0), at.position())
        checked += 1
    assert checked >= 4


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    board = Board(2, ["Poseidon", rival] if rival != "Athena" else [rival, "Poseidon"])
    check_playout(board, random.Random(rival or "none"))
