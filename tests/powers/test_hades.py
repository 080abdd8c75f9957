"""37. Hades (SANTORINI.md §4; RULINGS #54): opponent workers cannot move down; forces
still can take them down."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import parse_square
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft, seat_of
from powers.scenario import Scenario, position, steps, turns

# Hades (player 1) on b2 (ground) and d4 (level 2); the opponent on c3 (level 2) and a4
# (level 1). Around c3: b3 1, b4 0, c2 0, d2 1 (all down), c4 2 (level), d3 3 (a climb).
LEVELS = "c3=2 b3=1 d3=3 c4=2 d2=1 a4=1 a5=2 b5=1 d4=2 e5=1"
START = position(LEVELS, "b2,d4 c3,a4", powers="Hades,-")
THEIRS = position(LEVELS, "b2,d4 c3,a4", to_move=2, powers="Hades,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_opponent_workers_cannot_move_down() -> None:
    """Card: opponent workers cannot move down — any move to a lower level is refused,
    level moves and climbs stay (the climb onto d3 wins)."""
    board = Board.from_position(THEIRS)
    assert {t.split("^")[0] for t in turns(board)} == {"c3-c4", "c3-d3", "a4-a5", "a4-b3", "a4-b5"}
    downs = ("c3-b3^c3", "c3-b4^c3", "c3-c2^c3", "c3-d2^c3", "a4-a3^a4", "a4-b4^a4")
    Scenario(board, illegal=dict.fromkeys(downs, "Hades's power forbids"), play="c3-d3", winner=1).check()


def test_hades_himself_moves_down_freely() -> None:
    """The restriction is on opponents only ("Opponent's Turn"): d4 (level 2) may step
    down to c5, d5, e4 (ground) or e3."""
    Scenario(START, begins=["d4-c5", "d4-d5", "d4-e4", "d4-e3", "b2-a1", "b2-c1"]).check()


def test_no_legal_turn_when_every_move_goes_down() -> None:
    """Rule 2.2 with the restriction: an opponent whose only moves go down has no turn
    and loses."""
    text = position(
        "c3=2 d4=2 b4=1 c4=1 d3=1 b3=1 b2=1 c2=1 d2=1", "a1,e5 c3,d4", to_move=2, powers="Hades,-"
    )
    # c3 and d4 (both level 2) may only step onto each other's level-2 space: occupied.
    Scenario(text, turns=[], winner=0).check()


def test_every_step_of_a_multi_move_is_filtered() -> None:
    """RULINGS #54, "on any step": Artemis's second move may not go down either."""
    text = position("b3=1 c3=2 d4=2", "a1,e1 b3,e5", to_move=2, powers="Hades,Artemis")
    Scenario(text, listed=["b3-c3-d4^d3"]).check()  # up, then level
    board = Scenario(text, mid="b3-c3").check()
    assert {s for s in steps(board) if "-" in s} == {"c3-d4"}  # b2, b4, c2, c4, d2, d3 are all lower


def test_apollo_may_not_swap_down_but_may_force_down() -> None:
    """RULINGS #54: Apollo's swap is his move, so it may not go down; the Hades worker he
    displaces is forced, and may go down."""
    # Apollo on c3 (level 1); Hades on b2 (ground) and d3 (level 2).
    board = Scenario(
        position("c3=1 d3=2", "b2,d3 c3,a5", to_move=2, powers="Hades,Apollo"),
        never_begins=["c3-b2"],  # Apollo would move down
        begins=["c3-d3"],  # Apollo moves up, Hades's worker goes down
        play="c3-d3^d4",
    ).check()
    assert sorted(board.workers[0]) == [sq("b2"), sq("c3")]
    assert board.height[sq("c3")] == 1 and board.height[sq("d3")] == 2


def test_forces_down_stay_possible_in_a_three_player_game() -> None:
    """RULINGS #54: being forced down is possible — Minotaur (player 2) steps level from c2
    onto c3 (both level 2) and pushes player 3's worker there down to c4 (ground)."""
    board = Scenario(
        "00000/00000/00200/00200/00000 2 a1,e5 c2,a4 c3,e4 powers=Hades,Minotaur,-",
        never_begins=["c2-b1", "c2-d1"],  # down
        play="c2-c3^c2",
    ).check()
    assert sq("c4") in board.workers[2] and board.height[sq("c4")] == 0


def test_his_own_workers_moved_by_dionysus_may_go_down() -> None:
    """ "Opponent workers": in Dionysus's extra turn the opponent moves a worker of Hades's,
    which is not an opponent worker, so it may go down (RULINGS #18 in spirit)."""
    text = "00000/10000/00300/00000/00000 2 b4,e1 b2,d4 powers=Hades,Dionysus"
    # Dionysus completes a tower: an extra turn with a Hades worker
    board = Scenario(text, play="b2-b3^c3").check()
    assert board.to_move == 1
    board = Scenario(board, begins=["b4-a3"], play="b4-a3^a2").check()  # Hades's worker on level 1 steps down
    assert sq("a3") in board.workers[0]


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(THEIRS, "a4-b5^a4")


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(hades: int) -> gn.Generator:
    """Turns from the card text alone: Hades plays the base game; his opponent plays the
    base game without any move to a lower level."""

    def not_down(pos: nv.Pos, src: nv.Coord, dst: nv.Coord) -> bool:
        return pos.levels[dst] >= pos.levels[src]

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        return gn.base_turns(tpos, None if tpos.pos.to_move == hades else not_down)

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 66, 1569), (THEIRS, 22, 1298)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_at_more_positions() -> None:
    for text in (
        position("a1=3 b1=2 c1=1 a2=2 b2=1 c3=2 d4=3", "a3,e5 b2,c3", to_move=2, powers="Hades,-"),
        position("a1=3 b1=2 c1=1 a2=2 b2=1 c3=2 d4=3", "a3,e5 b2,c3", to_move=1, powers="-,Hades"),
    ):
        assert check_against_naive(gn.oracle(naive_turns(seat_of("Hades", text))), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Hades", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Hades"], seeds=range(1), replay=False)
