"""43. Tartarus (SANTORINI.md §4; RULINGS #6, #60): he places his workers first; once all
workers are down he secretly marks one unoccupied space as the Abyss (token
``tartarus.abyss=<square>``, a setup turn of its own); a player whose worker enters the
Abyss loses at once, and no worker wins by entering it."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, Termination, format_turn
from aegean.santorini.powers import make_power
from aegean.santorini.powers.tartarus import ABYSS, Tartarus
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import SQUARE_NAMES, parse_square
from aegean.santorini.steps import StepKind, step_dst, step_kind
from powers.invariants import check_playout, check_round_trip
from powers.oracle import Key, Oracle, by_children, check_against_naive, check_perft, random_game
from powers.scenario import Scenario, position

# Tartarus (player 1) on b2 and d4, the opponent on b4 (level 1) and d2 (level 2); the
# Abyss is c3 (level 1), next to all four workers; d3 is level 3, c4 level 2, a dome on e1.
LEVELS = "c3=1 d3=3 c4=2 d2=2 b4=1 e1=A"
START = position(LEVELS, "b2,d4 b4,d2", powers="Tartarus,-", extra="tartarus.abyss=c3")


def at(levels: str, workers: str, *, to_move: int, powers: str = "Tartarus,-", abyss: str = "c3") -> str:
    return position(levels, workers, to_move=to_move, powers=powers, extra=f"{ABYSS}={abyss}")


# ---------------------------------------------------------------------- setup
def test_places_workers_first() -> None:
    """Setup: 'place your workers first' (ruling 6): only Tartarus's seat may start."""
    assert Tartarus.placement_order == -1
    assert allowed_start_players([make_power("Tartarus"), make_power(None)]) == [0]
    assert allowed_start_players([make_power(None), make_power("Tartarus")]) == [1]


def test_abyss_is_marked_after_all_workers_in_a_setup_turn_of_its_own() -> None:
    """'After all workers are placed, secretly mark one unoccupied space': not at the end
    of his own placement (the opponent has not placed yet), but in a turn of its own once
    everyone has placed; then he still takes the first turn of play."""
    board = Scenario(Board(2, ["Tartarus", None]), illegal=["@a1@b1*c3"], play="@a1@b1").check()
    assert Tartarus().setup_steps(board, 0) == []
    board = Scenario(board, play="@d4@e5").check()
    assert board.to_move == 0
    marks = board.legal_turns()
    assert all(len(t) == 1 and step_kind(t[0]) is StepKind.MARK for t in marks)
    assert {SQUARE_NAMES[step_dst(t[0])] for t in marks} == set(SQUARE_NAMES) - {"a1", "b1", "d4", "e5"}
    board = Scenario(
        board,
        illegal=["*a1", "a1-a2^a3"],  # occupied; the Abyss first
        play="*c3",
        after="00000/00000/00000/00000/00000 1 a1,b1 d4,e5 powers=Tartarus,- tartarus.abyss=c3",
    ).check()
    assert board.to_move == 0 and len(board.history) == 3
    assert {format_turn(t)[:2] for t in board.legal_turns()} == {"a1", "b1"}  # moves of his
    assert Tartarus().setup_steps(board, 0) == []
    for _ in range(3):
        board.pop()
    assert board.position() == "00000/00000/00000/00000/00000 1 - - powers=Tartarus,-"


def test_pending_abyss_survives_a_position_round_trip() -> None:
    """After placement, before the mark: the position (no token yet) reads back with the
    same setup turn pending."""
    text = "00000/00000/00000/0000A/00000 1 a1,b1 d4,e5 powers=Tartarus,-"
    board = Scenario(text, count=20, listed=["*c3"], unlisted=["*e2", "*a1"]).check()
    assert board.position() == text


def test_abyss_is_secret_and_not_a_piece_on_the_board() -> None:
    """'Secretly mark': the key is secret (the lead's ``view`` hides it); the mark is on a
    hidden map, so no token lies on the space (``token_squares`` stays empty)."""
    assert ABYSS in Tartarus.secret_tokens
    assert Tartarus.square_tokens == ()
    assert Board.from_position(START).token_squares() == 0


# ---------------------------------------------------------------------- the lose condition
def test_opponent_entering_the_abyss_loses_at_once() -> None:
    """Lose condition: b4 moves into the Abyss c3; the game ends with no build."""
    board = Scenario(
        START.replace(" 1 ", " 2 ", 1),
        listed=["b4-c3"],
        never_begins=["b4-c3^"],
        play="b4-c3",
        winner=0,
        by=Termination.POWER,
    ).check()
    assert board.position().endswith("tartarus.abyss=c3 outcome=1:power")


def test_his_own_worker_entering_the_abyss_loses_too() -> None:
    """'A player whose worker enters the Abyss': Tartarus included (ruling 60)."""
    Scenario(START, play="b2-c3", winner=1, by=Termination.POWER).check()


def test_the_abyss_may_be_entered_knowingly() -> None:
    """Entering the Abyss is legal (it is a secret): it is offered as a turn that loses."""
    Scenario(START, listed=["b2-c3", "d4-c3"]).check()


def test_no_worker_wins_by_climbing_into_the_abyss() -> None:
    """'No worker can win by entering the Abyss': a climb onto a level-3 Abyss loses, for
    the opponent and for Tartarus alike."""
    Scenario(at("c3=3 b4=2", "b2,d4 b4,d2", to_move=2), play="b4-c3", winner=0, by=Termination.POWER).check()
    Scenario(at("c3=3 b2=2", "b2,d4 b4,d2", to_move=1), play="b2-c3", winner=1, by=Termination.POWER).check()


def test_a_climb_elsewhere_still_wins() -> None:
    Scenario(START.replace(" 1 ", " 2 ", 1), play="d2-d3", winner=1, by=Termination.CLIMB).check()


def test_pan_dropping_into_the_abyss_loses() -> None:
    """Pan's drop (ruling 25) into the Abyss is no win either: Pan loses."""
    Scenario(
        at("b4=2", "b2,d4 b4,e1", to_move=2, powers="Tartarus,Pan"),
        play="b4-c3",
        winner=0,
        by=Termination.POWER,
    ).check()


def test_a_worker_forced_into_the_abyss_loses_for_its_owner() -> None:
    """Ruling 60: forced counts. Minotaur on a1 moves to b2, pushing Tartarus's worker
    there into the Abyss c3: Tartarus loses (no build follows)."""
    board = Scenario(
        at("", "b2,e5 a1,e1", to_move=2, powers="Tartarus,Minotaur"),
        play="a1-b2",
        winner=1,
        by=Termination.POWER,
    ).check()
    assert board.owner[parse_square("c3")] == 0


def test_a_worker_placed_into_the_abyss_loses() -> None:
    """Ruling 60: placed counts. Jason's once-per-game placement (on a ground perimeter
    space) into the Abyss a1 loses at once, before the build."""
    Scenario(
        at("", "b2,d4 b4,d2", to_move=2, powers="Tartarus,Jason", abyss="a1"),
        listed=["@a1"],
        play="@a1",
        winner=0,
        by=Termination.POWER,
    ).check()


def test_circe_borrowing_the_power_keeps_the_abyss() -> None:
    """Circe (ruling 34) takes the power while his workers are apart: the Abyss belongs to
    the card (``card_tokens``), so it stays, Tartarus gets no second setup turn, and a
    worker entering it still loses."""
    board = Scenario(at("", "a1,c1 b4,d4", to_move=2, powers="Circe,Tartarus"), play="b4-b5^a5").check()
    assert board.tokens["circe"] == "2" and board.tokens[ABYSS] == "c3"
    board = Scenario(board, play="a1-a2^a3").check()
    assert board.tokens[ABYSS] == "c3"
    Scenario(board, never_begins=["*"], play="d4-c3", winner=0, by=Termination.POWER).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "d4-e4^e5",
        "b4-c3",
        mid=[position(LEVELS, "b2,e4 b4,d2", powers="Tartarus,-", extra="tartarus.abyss=c3 turn=d4-e4")],
        after=position(
            LEVELS + " e5=1", "b2,e4 c3,d2", powers="Tartarus,-", extra="tartarus.abyss=c3 outcome=1:power"
        ),
    )


def test_hash_depends_on_the_abyss() -> None:
    a = Board.from_position(START)
    b = Board.from_position(START.replace("abyss=c3", "abyss=a5"))
    assert a.zobrist_hash() != b.zobrist_hash()


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, abyss: nv.Coord) -> dict[Key, nv.Pos]:
    """Every end of the turn of the player to move, from the card text alone: a move
    into the Abyss loses at once (no build, no win); a climb up onto level 3 elsewhere
    wins; otherwise the worker builds."""
    me = pos.to_move
    out: dict[Key, nv.Pos] = {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            moved = nv.moved(pos, i, dst)
            if dst == abyss:
                out[(moved.key(), f"{2 - me}:power")] = moved
                continue
            for _, after, outcome in nv.finish(pos, moved, src, dst):
                out[(after.key(), outcome)] = after
    return out


def oracle(abyss: str) -> Oracle[nv.Pos]:
    return by_children(lambda pos, seat: naive_children(pos, nv.coord(abyss)), 0)


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 58, 3282), (START.replace(" 1 ", " 2 ", 1), 61, 3216)],
)
def test_full_turns_match_a_naive_generator_and_perft(text: str, depth1: int, depth2: int) -> None:
    check_perft(oracle("c3"), {text: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    """Positions of seeded random games, the Abyss on the edge (so games last a while)."""
    checked = 0
    for seed in range(4):
        board = Board.from_position(
            position("", "b2,d4 b4,d2", powers="Tartarus,-", extra="tartarus.abyss=a3")
        )
        for at_ in random_game(board, random.Random(seed)):
            if checked >= 80:
                break
            check_against_naive(oracle("a3"), at_.position())
            checked += 1
    assert checked >= 40


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    """Whole games from the empty board, Tartarus in either seat (and so starting): the
    Abyss is always marked before play, and every game ends with a winner."""
    for seed in range(2):
        powers = ["Tartarus", rival] if seed % 2 == 0 else [rival, "Tartarus"]
        board = Board(2, powers, start_player=seed % 2)
        playout = check_playout(board, random.Random(seed), place_by_steps=True)
        abyss = Board.from_position(playout.positions[0])  # the first turn marks the Abyss
        assert ABYSS in abyss.tokens and abyss.to_move == seed % 2
