"""11. Aphrodite (SANTORINI.md §4; RULINGS #28): if an opponent worker starts its turn
neighbouring one of her workers, its last move must end on a space neighbouring one of her
workers. Multi-movers may wander, but not through a win away from her (a win ends the
movement at once), except where the win is void anyway (Hera's perimeter). The bound
workers are recorded when the opponent's turn starts, in ``aphrodite=<squares>``."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, StepKind
from powers.invariants import check_random_playouts, check_round_trip, check_steps_agree_with_turns, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_replies, midgame
from powers.scenario import Scenario, positions, step_kinds, turns

#: By default Aphrodite (player 1) stands on c3 and e2, the opponent (to move) on b4 and e4.
position = positions("Aphrodite,-", "c3,e2 b4,e4", to_move=2)


def destinations(board: Board, worker: str) -> set[str]:
    """Where the worker on ``worker`` ends its (single) move in the legal turns."""
    return {t[3:5] for t in turns(board) if t.startswith(worker + "-")}


# ---------------------------------------------------------------------- scenarios
def test_a_worker_that_starts_next_to_her_must_end_next_to_her() -> None:
    """Card: b4 starts its turn next to c3, so its move must end next to c3 or e2: only b3
    and c4 of its neighbours do. e4 started away from her and is free. The bound workers
    are recorded when the opponent's turn starts."""
    board = Scenario(
        position("", "c3,e1 b4,e4", to_move=1), play="e1-e2^e1", tokens={"aphrodite": "b4"}
    ).check()
    assert destinations(board, "b4") == {"b3", "c4"}
    assert destinations(board, "e4") == {"d3", "e3", "d4", "d5", "e5"}
    Scenario(
        board,
        illegal={"b4-a4^a5": "after b4-a4 the turn could not be finished"},
        play="e4-e5^e4",  # the bound worker need not move
        tokens={},  # the binding lasts one turn
    ).check()


def test_her_own_workers_are_free() -> None:
    board = Board.from_position(position("", "c3,e2 b4,e4", to_move=1))
    assert destinations(board, "c3") == {"b2", "c2", "d2", "b3", "d3", "c4", "d4"}


def test_a_winning_climb_away_from_her_is_illegal() -> None:
    """RULINGS #28: a win ends the movement, so it must end next to her: b4 (level 2) may
    not win on a5, but may on c4 next to c3."""
    Scenario(
        position("b4=2 a5=3 c4=3", extra="aphrodite=b4"),
        never_begins=["b4-a5"],
        listed=["b4-c4"],
        play="b4-c4",
        winner=1,
    ).check()


def test_artemis_may_wander_but_must_end_next_to_her() -> None:
    """Aphrodite vs Artemis: the last of the two moves counts: b4-a4-b3 (back next to c3)
    is legal, b4-a4-a3 is not; and a first move up onto level 3 away from her wins at once,
    so it is illegal, second move or not."""
    text = position("b4=2 a5=3", powers="Aphrodite,Artemis", extra="aphrodite=b4")
    Scenario(text, never_begins=["b4-a4-a3", "b4-a4^", "b4-a5"]).check()
    board = Scenario(
        text,
        mid="b4-a4",
        steps=["a4-b3"],  # no build from a4, and a3, a5, b5 are away from her
    ).check()
    assert board.tokens["aphrodite"] == "a4*"
    Scenario(
        board,
        mid="a4-b3",
        offered=["^a4"],
        play="^a4",
        after=position("a5=3 a4=1 b4=2", "c3,e2 b3,e4", to_move=1, powers="Aphrodite,Artemis"),
    ).check()


def test_triton_cannot_pass_through_a_win_away_from_her() -> None:
    """RULINGS #28, the Board Game Arena example: a4-a3-a2 (level 3, away from Aphrodite on
    b5) is illegal, and so is a4-a3-a2-b1; moves that end next to her are legal."""
    text = position("a4=2 a3=2 a2=3", "b5,e1 a4,e4", powers="Aphrodite,Triton", extra="aphrodite=a4")
    Scenario(text, never_begins=["a4-a3-a2"], listed=["a4-a3-a4^a3", "a4-a5^a4", "a4-b4^c3"]).check()
    Scenario(text, mid="a4-a3", not_offered=["a3-a2"]).check()


def test_a_win_voided_by_hera_may_be_passed_through() -> None:
    """RULINGS #28 exception: against Hera a climb onto perimeter a2 is no win, so Triton
    may go on through it and end next to Aphrodite (who moved to d1). Four players: teams
    Aphrodite + Hera against Triton + a player without power."""
    board = Scenario(
        position("a4=2 a3=2 a2=3", "b5,e1 a4,e4 & &", to_move=1, powers="Aphrodite,Triton,Hera,-"),
        play="e1-d1^e1",
    ).check()
    assert board.tokens["aphrodite"] == "a4"
    board = Scenario(board, listed=["a4-a3-a2-b1-c2^b2"]).check()  # c2 neighbours d1
    # (Other ends reached through a2 are listed by shorter routes.)
    ends = {t.split("^")[0][-2:] for t in turns(board) if t.startswith("a4-a3-a2")}
    assert ends == {"c1", "c2", "d2"}  # every route through a2 ends next to d1
    Scenario(board, mid="a4-a3", offered=["a3-a2"]).check()


def test_apollo_swapping_with_her_worker_ends_next_to_her() -> None:
    """Aphrodite vs Apollo: the bound worker may swap with her worker (it then stands next
    to her worker, now on its old square), but not move away."""
    text = position(powers="Aphrodite,Apollo", extra="aphrodite=b4")
    assert destinations(Board.from_position(text), "b4") == {"b3", "c3", "c4"}
    board = Scenario(text, play="b4-c3^d4").check()
    assert board.owner[12] == 1 and board.owner[16] == 0  # c3 Apollo, b4 Aphrodite


def test_morpheus_cannot_end_the_turn_away_from_her_without_building() -> None:
    """Aphrodite vs Morpheus (his builds are optional): ending the turn also ends the
    movement, so the bound worker's move alone must end next to her."""
    board = Board.from_position(position(powers="Aphrodite,Morpheus", extra="aphrodite=b4 morpheus=1"))
    assert destinations(board, "b4") == {"b3", "c4"}
    free = Board.from_position(position(powers="-,Morpheus", extra="morpheus=1"))
    assert destinations(free, "b4") == {"a3", "a4", "a5", "b3", "b5", "c4", "c5"}


def test_hermes_may_travel_but_builds_only_once_the_bound_worker_is_back() -> None:
    """Aphrodite vs Hermes: after b4-a4 (away from her) no build is offered, only moves;
    coming back next to her makes the builds legal again."""
    text = position(powers="Aphrodite,Hermes", extra="aphrodite=b4")
    Scenario(text, mid="b4-a4", kinds={StepKind.MOVE}).check()
    assert StepKind.BUILD in step_kinds(Scenario(text, mid="b4-a4-b3").check())
    Scenario(
        text,
        never_begins=["b4-a4^"],
        listed=["e4-d4,b4^a4"],  # the bound worker did not move: it may build anywhere
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token follows the bound worker and marks it as moved (``b3*``); positions read
    back with the same legal steps; push/pop restore position and hash."""
    check_round_trip(
        position("", "c3,e1 b4,e4", to_move=1),
        "e1-e2^e1",
        "b4-b3^a3",
        mid=[
            None,
            position("e1=1", "c3,e2 b4,e4", extra="aphrodite=b4"),
            position("e1=1", "c3,e2 b3,e4", extra="aphrodite=b3* turn=b4-b3"),
        ],
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone (``seat``: Aphrodite's): her workers stay put during a
    powerless opponent's turn, so a bound worker's one move must simply end next to one of
    them."""
    options = nv.plain_turns(pos)
    if pos.to_move == seat:
        return options
    near = {c for w in pos.workers[seat] for c in nv.neighbours(w)}
    bound = [w for w in pos.workers[pos.to_move] if w in near]
    return [o for o in options if nv.coord(o[0][:2]) not in bound or nv.coord(o[0][3:5]) in near]


def test_opponent_turns_match_a_naive_generator_after_each_aphrodite_turn() -> None:
    """On random positions, after turns of Aphrodite the opponent's legal turns (bound
    workers recorded by the engine at the start of that turn) equal the naive ones."""
    assert (
        check_replies("Aphrodite", partial(by_turns, naive_turns), seed=1111, count=6, dome_chance=0.1) > 30
    )


def test_steps_agree_with_turns_against_multi_movers() -> None:
    """On random positions, after a turn of Aphrodite, against Artemis, Triton, Hermes,
    Apollo and Morpheus (optional builds): walking legal steps reaches exactly the end
    states of the legal turns."""
    rng = random.Random(28)
    checked = 0
    for rival in ("Artemis", "Triton", "Hermes", "Apollo", "Morpheus"):
        for _ in range(2):
            fields = nv.random_board(rng, dome_chance=0.1).split()
            fields[1] = "1"
            pieces = " morpheus=1" if rival == "Morpheus" else ""
            board = Board.from_position(" ".join(fields) + f" powers=Aphrodite,{rival}{pieces}")
            for turn in board.legal_turns():  # the first turn of hers that binds a worker
                board.push_turn(turn)
                if board.decided is None and "aphrodite" in board.tokens and board.legal_turns():
                    check_steps_agree_with_turns(board)
                    checked += 1
                    break
                board.pop()
    assert checked >= 8


#: Workers of both sides side by side among towers: Aphrodite (player 1) moves first.
CLOSE = midgame("Aphrodite,-")
#: The opponent to move with both workers bound (b3 and d4 neighbour c3).
BOUND = midgame("Aphrodite,-", to_move=2, extra="aphrodite=b3,d4")


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 0), {CLOSE: (45, 1211), BOUND: (25, 990)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Aphrodite"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=False)
