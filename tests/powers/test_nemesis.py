"""41. Nemesis (SANTORINI.md §4; RULINGS #58, printed text): at the end of her turn, if
none of an opponent's workers neighbour hers, she may force as many of that opponent's
workers as possible to take her workers' spaces, and hers take theirs."""

from __future__ import annotations

from itertools import permutations

import pytest

import naive as nv
from aegean.santorini import Board, StepKind
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import force, step_kind
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, turns

# Nemesis on b2 (ground) and c1 (level 1); the opponent far away on a5 (level 2) and e4.
LEVELS = "c1=1 a5=2 e5=3 d3=1 c3=2"
START = position(LEVELS, "b2,c1 a5,e4", powers="Nemesis,-")
THEIRS = position(LEVELS, "b2,c1 a5,e4", to_move=2, powers="Nemesis,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_swaps_after_her_build() -> None:
    """Card: she forces the opponent's workers onto her workers' spaces and vice versa;
    the swap is written as forces of the opponent's workers (``a5>b1``: the worker on a5
    takes b1, hers on b1 goes to a5)."""
    board = Scenario(START, play="b2-b1^b2,a5>b1,e4>c1").check()
    assert sorted(board.workers[0]) == sorted([sq("a5"), sq("e4")])
    assert sorted(board.workers[1]) == sorted([sq("b1"), sq("c1")])
    assert board.to_move == 1


def test_swapping_is_optional_and_both_pairings_end_alike() -> None:
    """ "You may": the swap is optional. When every worker swaps, her workers end on the
    opponent's spaces whichever pairing she writes, so it is one turn (listed once), and
    both spellings are legal."""
    Scenario(START, listed=["b2-b1^b2", "b2-b1^b2,a5>b1,e4>c1"], unlisted=["b2-b1^b2,a5>c1,e4>b1"]).check()
    after = Scenario(START, play="b2-b1^b2,a5>c1,e4>b1").check().position()
    board = Scenario(START, play="b2-b1^b2,a5>b1,e4>c1").check()
    assert board.zobrist_hash() == Board.from_position(after).zobrist_hash()


def test_as_many_as_possible_all_or_none() -> None:
    """ "As many ... as possible": once swapping begins, the other pair must swap too."""
    Scenario(START, illegal={"b2-b1^b2,a5>b1": "not finished"}).check()
    board = Scenario(START, mid="b2-b1^b2,a5>b1", steps=["e4>c1"]).check()  # no END
    assert set(board.legal_steps()) == {force(sq("e4"), sq("c1"))}


def test_no_swap_while_an_opponent_worker_neighbours_hers() -> None:
    """Card: "if none of an opponent's workers neighbor yours", judged at the end of her
    turn: b2 starts next to the opponent on a3; moving it away to c2 allows the swap,
    staying next to a3 (b3, or moving c1 instead) does not."""
    board = Scenario(
        position(LEVELS, "b2,c1 a3,e4", powers="Nemesis,-"),
        listed=["b2-c2^d2,a3>c2,e4>c1"],
        begins=["b2-b3", "c1-d1", "c1-b1"],
    ).check()
    for first in ("b2-b3", "c1-d1", "c1-b1"):
        assert not any(">" in t for t in turns(board) if t.startswith(first)), first


def test_swapped_onto_level_3_does_not_win() -> None:
    """Forced is not moved (RULINGS #1, #58): her worker swapped onto e5 (level 3) does
    not win; heights do not matter for a swap."""
    board = Scenario(
        position(LEVELS, "b2,c1 e5,a4", powers="Nemesis,-"), play="c1-d1^e1,e5>b2,a4>d1", ongoing=True
    ).check()
    assert sq("e5") in board.workers[0] and board.to_move == 1


def test_a_winning_climb_ends_the_turn_before_any_swap() -> None:
    board = Scenario(position("c1=2 c2=3", "b2,c1 a5,e5", powers="Nemesis,-"), listed=["c1-c2"]).check()
    assert not any(t.startswith("c1-c2") and t != "c1-c2" for t in turns(board))


def test_fewer_opponent_workers_swap_fewer_pairs() -> None:
    """With one opponent worker left (one removed from the game), one pair swaps, and she
    chooses which of her workers goes (BGA's "at least 2" is not followed)."""
    board = Scenario(
        position(LEVELS, "b2,c1 e4", powers="Nemesis,-", extra="removed=0,1"),
        listed=["b2-b1^b2,e4>b1", "b2-b1^b2,e4>c1"],
        play="b2-b1^b2,e4>c1",
    ).check()
    assert board.to_move == 1 and sorted(board.workers[0]) == sorted([sq("b1"), sq("e4")])


def test_undo_and_position_round_trip_mid_swap() -> None:
    steps = Board.from_position(START).parse_turn("b2-b1^b2,a5>c1,e4>b1")
    assert [step_kind(s) for s in steps][-2:] == [StepKind.FORCE, StepKind.FORCE]
    check_round_trip(START, "b2-b1^b2,a5>c1,e4>b1", compare_turns=False)


def test_mid_swap_position_text() -> None:
    board = Scenario(
        START,
        mid="b2-b1^b2,a5>c1",
        after=position(LEVELS + " b2=1", "b1,a5 c1,e4", powers="Nemesis,-", extra="turn=b2-b1^b2,a5>c1"),
    ).check()
    assert sq("a5") in board.workers[0] and sq("c1") in board.workers[1]


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(nemesis: int) -> gn.Generator:
    """From the card text alone: her base-game turn; then, if the game goes on and no
    opponent worker neighbours any of hers, either nothing or a swap of as many pairs as
    possible (each pairing of hers with theirs). The opponent plays the base game."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        if tpos.pos.to_move != nemesis:
            return gn.base_turns(tpos)
        out = []
        for text, after, won in gn.base_turns(tpos):
            out.append((text, after, won))
            if won:
                continue
            mine, theirs = after.pos.workers[nemesis], after.pos.workers[1 - nemesis]
            if any(t in nv.neighbours(m) for m in mine for t in theirs):
                continue
            pairs = min(len(mine), len(theirs))
            for chosen_mine in permutations(range(len(mine)), pairs):
                for chosen_theirs in permutations(range(len(theirs)), pairs):
                    swapped = after.copy()
                    for i, j in zip(chosen_mine, chosen_theirs, strict=True):
                        swapped.pos.workers[nemesis][i] = theirs[j]
                        swapped.pos.workers[1 - nemesis][j] = mine[i]
                    names = ",".join(
                        f"{nv.name(theirs[j])}>{nv.name(mine[i])}"
                        for i, j in zip(chosen_mine, chosen_theirs, strict=True)
                    )
                    out.append((f"{text},{names}", swapped, False))
        return out

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 112, 5827), (THEIRS, 44, 4488)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_with_nemesis_second_and_a_lone_opponent() -> None:
    for text, seat in (
        (position(LEVELS, "a5,e4 b2,c1", to_move=2, powers="-,Nemesis"), 1),
        (position(LEVELS, "b2,c1 e4", powers="Nemesis,-", extra="removed=0,1"), 0),
    ):
        assert check_against_naive(gn.oracle(naive_turns(seat)), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Nemesis", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Nemesis"], seeds=range(1), replay=False)
