"""40. Moerae (SANTORINI.md §4; RULINGS #57): 3 workers and a secret 2 × 2 square of Fate
spaces (token ``moerae.fate=<lower-left corner>``); an opponent worker that attempts to win
by moving into a Fate space makes Moerae win instead."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, Termination, format_step
from aegean.santorini.powers.moerae import CORNERS, FATE, Moerae, fate_mask
from aegean.santorini.squares import SQUARE_NAMES, parse_square
from aegean.santorini.steps import StepKind, mark, step_dst, step_kind
from powers.invariants import check_playout, check_round_trip, check_seated_playouts
from powers.oracle import Key, Oracle, by_children, check_against_naive, check_perft, random_game
from powers.scenario import Scenario, position, turns

# Moerae (player 1) on a1, e5, c5 with Fate b2-c3; the opponent on b4 and d2 (level 2).
# c3 (Fate) and d3 (not Fate) are level 3; c4 level 1; a dome on e1.
LEVELS = "c3=3 d3=3 b4=2 d2=2 c4=1 b3=1 e1=A"
START = position(LEVELS, "a1,e5,c5 b4,d2", powers="Moerae,-", extra="moerae.fate=b2")


def opp(levels: str, workers: str, powers: str = "Moerae,-", fate: str = "b2") -> str:
    """The opponent (player 2) to move; Moerae is player 1."""
    return position(levels, workers, to_move=2, powers=powers, extra=f"{FATE}={fate}")


# ---------------------------------------------------------------------- the Fate square
def test_fate_token_is_secret_and_not_a_piece_on_the_board() -> None:
    """'Behind your screen, secretly choose': the key is secret (the lead's ``view`` hides
    it), and it is no token lying on spaces (``token_squares`` stays empty)."""
    board = Board.from_position(START)
    assert FATE in Moerae.secret_tokens
    assert Moerae.square_tokens == ()
    assert board.token_squares() == 0
    assert board.position().endswith("moerae.fate=b2")


def test_fate_square_named_by_its_lower_left_corner() -> None:
    """A 2 × 2 square: corner b2 means b2, c2, b3, c3; the 16 corners are a1..d4."""
    names = {SQUARE_NAMES[s] for s in range(25) if fate_mask(parse_square("b2")) >> s & 1}
    assert names == {"b2", "c2", "b3", "c3"}
    names = {SQUARE_NAMES[s] for s in range(25) if fate_mask(parse_square("d4")) >> s & 1}
    assert names == {"d4", "e4", "d5", "e5"}
    assert {SQUARE_NAMES[c] for c in CORNERS} == {f + r for f in "abcd" for r in "1234"}


def test_three_workers() -> None:
    """'Place 3 workers of your color': the turn moves any of the three."""
    board = Board.from_position(START)
    movers = {t.split("-")[0] for t in turns(board)}
    assert movers == {"a1", "e5", "c5"}
    assert Moerae().worker_count() == 3


def test_setup_steps_are_the_corners_once_her_workers_are_down() -> None:
    """The choice is pending only after her third worker is placed, and only once."""
    power = Moerae()
    empty = Board(2, ["Moerae", None])
    assert power.setup_steps(empty, 0) == []
    placed = Board.from_position("00000/00000/00000/00000/00000 2 a1,b1,c1 - powers=Moerae,-")
    steps = power.setup_steps(placed, 0)
    assert sorted(step_dst(s) for s in steps) == sorted(CORNERS)
    assert all(step_kind(s) is StepKind.MARK for s in steps)
    assert format_step(mark(parse_square("b2"))) == "*b2"
    chosen = Board.from_position("00000/00000/00000/00000/00000 2 a1,b1,c1 - powers=Moerae,- moerae.fate=b2")
    assert power.setup_steps(chosen, 0) == []


def test_placement_turn_ends_with_the_fate_square() -> None:
    """Setup: her placement turn places 3 workers, then marks the Fate square (``*b2``,
    its lower-left corner); the turn cannot end without it, and e5 is no corner."""
    board = Scenario(
        Board(2, ["Moerae", None]),
        listing=False,
        illegal=["@a1@b1", "@a1@b1@c1", "@a1@b1*b2", "@a1@b1@c1*e5", "@a1@b1@c1*b2*c2"],
        play=["@a1@b1@c1*b2"],
        after="00000/00000/00000/00000/00000 2 a1,b1,c1 - powers=Moerae,- moerae.fate=b2",
    ).check()
    board = Scenario(board, play="@d4@e5").check()
    assert board.to_move == 0 and {t.split("-")[0] for t in turns(board)} == {"a1", "b1", "c1"}
    board.pop()
    board.pop()
    assert board.position() == "00000/00000/00000/00000/00000 1 - - powers=Moerae,-"


def test_second_to_place_she_still_marks_at_the_end_of_her_placement() -> None:
    """Seated second, the Fate square closes her own placement turn as well."""
    board = Scenario(Board(2, [None, "Moerae"]), play="@a1@b1").check()
    board = Scenario(board, offered=["@c3", "@e5"], play="@c3@d3@e3*d4").check()
    assert board.tokens[FATE] == "d4" and board.to_move == 0


def test_pending_fate_square_survives_a_position_round_trip() -> None:
    """Mid-placement, all three workers down and the mark still to come: the position
    reads back with the same choice pending (and undo restores the empty board)."""
    check_round_trip(Board(2, ["Moerae", None]), "@a1@b1@c1*b2")
    Scenario(
        Board(2, ["Moerae", None]), mid="@a1@b1@c1", steps={"*" + SQUARE_NAMES[c] for c in CORNERS}
    ).check()


# ---------------------------------------------------------------------- the win condition
def test_a_climb_into_fate_makes_moerae_win_instead() -> None:
    """Ruling 57: b4 (level 2) climbs onto c3 (level 3, a Fate space): Moerae wins."""
    board = Scenario(START.replace(" 1 ", " 2 ", 1), play="b4-c3", winner=0, by=Termination.POWER).check()
    assert board.position().endswith("moerae.fate=b2 outcome=1:power")


def test_a_climb_outside_fate_still_wins() -> None:
    """d3 (level 3) is not a Fate space: the opponent's climb wins normally."""
    Scenario(START.replace(" 1 ", " 2 ", 1), play="d2-d3", winner=1, by=Termination.CLIMB).check()


def test_moving_into_fate_without_winning_is_harmless() -> None:
    """Only an attempt to *win* counts: d2 steps down onto the Fate space c2 (level 0),
    which wins nothing, and the turn goes on with its build."""
    board = Scenario(START.replace(" 1 ", " 2 ", 1), play="d2-c2^d1", ongoing=True).check()
    assert board.to_move == 0


def test_level_three_to_level_three_into_fate_is_no_attempt() -> None:
    """Ruling 2: moving from level 3 to level 3 is not a win, so it is no attempt either."""
    Scenario(opp("c3=3 d3=3", "a1,e5,c5 d3,a4"), play="d3-c3^d3", ongoing=True).check()


def test_moerae_climbing_into_her_own_fate_wins_normally() -> None:
    """The condition is about opponent workers: her own climb is a plain win."""
    Scenario(
        position("c3=3 b3=2", "b3,e5,c5 a4,d1", powers="Moerae,-", extra="moerae.fate=b2"),
        play="b3-c3",
        winner=0,
        by=Termination.CLIMB,
    ).check()


def test_pans_drop_into_fate_is_an_attempt() -> None:
    """An attempt is any win the mover's power gives: Pan dropping two levels (ruling 25)
    into the Fate space b2 makes Moerae win; the same drop onto a1 wins for Pan."""
    text = opp("a2=2", "d4,e5,c5 a2,e1", powers="Moerae,Pan")
    Scenario(text, play="a2-b2", winner=0, by=Termination.POWER).check()
    Scenario(text, play="a2-a1", winner=1, by=Termination.POWER).check()


def test_eros_meeting_in_fate_is_an_attempt() -> None:
    """Eros wins when a worker moves next to the other with both on level 1 (ruling 36):
    moving b4 onto the level-1 Fate space c3 beside d3 makes Moerae win; with the Fate
    square elsewhere (c4: c4, d4, c5, d5) Eros wins."""
    Scenario(opp("c3=1 d3=1", "a1,e1,a5 b4,d3", powers="Moerae,Eros"), play="b4-c3", winner=0).check()
    Scenario(
        opp("c3=1 d3=1", "a1,e1,a5 b4,d3", powers="Moerae,Eros", fate="c4"), play="b4-c3", winner=1
    ).check()


def test_apollos_swap_into_fate_is_an_attempt() -> None:
    """Apollo's swap is his move (ruling 15): swapping up onto Moerae's worker on the
    level-3 Fate space c3 is an attempt to win, so Moerae wins; her worker, forced down to
    b4, wins nothing (ruling 1)."""
    Scenario(
        opp("c3=3 b4=2", "c3,e5,a1 b4,e1", powers="Moerae,Apollo"),
        play="b4-c3",
        winner=0,
        by=Termination.POWER,
    ).check()


def test_a_worker_forced_into_fate_wins_nothing() -> None:
    """Ruling 1: Minotaur on a5 moves to b4 (level 2), pushing Moerae's worker there
    straight on to c3 (level 3, a Fate space). A forced worker has not moved and cannot
    attempt anything: nobody wins, and Minotaur builds."""
    board = Scenario(
        opp("c3=3 b4=2 a5=1", "b4,e5,e1 a5,d1", powers="Moerae,Minotaur"), play="a5-b4^a5", ongoing=True
    ).check()
    assert board.owner[parse_square("c3")] == 0


def test_artemis_second_move_decides() -> None:
    """Artemis may move twice (ruling 19): the move that wins is the one that counts. Into
    Fate b2 then up onto a3 (not Fate) wins for her; up onto the Fate space c3 wins for
    Moerae."""
    text = opp("a1=1 b2=2 a3=3 c3=3", "e5,e4,d5 a1,e1", powers="Moerae,Artemis")
    Scenario(text, play="a1-b2-a3", winner=1).check()
    Scenario(text, play="a1-b2-c3", winner=0).check()


def test_three_players_every_opponent_is_bound() -> None:
    """Ruling 5 ('opponent' = any opponent of Moerae): in a 3-player game the third player's
    climb into Fate makes Moerae win too."""
    Scenario(
        "00000/00000/00300/00200/00000 3 a5,d4,e5 a1,e1 c2,b5 powers=Moerae,-,- moerae.fate=b2",
        play="c2-c3",
        winner=0,
        by=Termination.POWER,
    ).check()


def test_hera_cannot_veto_the_win_moerae_takes_instead() -> None:
    """Hera (ruling 37) stops opponents winning *by moving* into the perimeter. Hera's own
    climb onto a perimeter Fate space (a2) is still an attempt to win (Hera binds only
    her opponents), and Moerae wins instead: Moerae did not win by moving."""
    Scenario(
        opp("a2=3 a1=2", "c4,d4,e5 a1,e3", powers="Moerae,Hera", fate="a1"), play="a1-a2", winner=0
    ).check()


def test_circe_borrowing_the_power_keeps_the_fate_square() -> None:
    """Circe (ruling 34) takes the power while Moerae's workers are apart: the Fate square
    belongs to the card (``card_tokens``), so it stays (Moerae is not asked to choose
    again), and while Circe holds the power, Moerae's own climb into Fate makes Circe win."""
    board = Scenario(
        position("b4=2 c3=3", "a1,e1 b4,d4,e2", to_move=2, powers="Circe,Moerae", extra="moerae.fate=b2"),
        play="e2-d1^e2",  # no two of her three workers neighbour
    ).check()
    assert board.tokens["circe"] == "2" and board.tokens[FATE] == "b2"
    board = Scenario(board, play="a1-a2^a1").check()
    assert board.tokens[FATE] == "b2"
    Scenario(board, never_begins=["*"], play="b4-c3", winner=0, by=Termination.POWER).check()


# ---------------------------------------------------------------------- undo and notation
def test_undo_and_position_round_trip_mid_turn() -> None:
    """The Fate token survives positions mid-turn (``turn=``), and undo restores all."""
    check_round_trip(
        START,
        "c5-c4^b5",
        "b4-c3",
        mid=[position(LEVELS, "a1,e5,c4 b4,d2", powers="Moerae,-", extra="moerae.fate=b2 turn=c5-c4")],
    )
    board = Scenario(START, play="c5-c4^b5").check()
    Scenario(board, play="b4-c3", winner=0).check()


def test_hash_depends_on_the_fate_square() -> None:
    """The secret choice is part of the state (search must not merge two Fate squares)."""
    a = Board.from_position(START)
    b = Board.from_position(START.replace("moerae.fate=b2", "moerae.fate=c2"))
    assert a.zobrist_hash() != b.zobrist_hash()


# ---------------------------------------------------------------------- naive cross-check
def fate_coords(corner: str) -> set[nv.Coord]:
    f, r = nv.coord(corner)
    return {(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)}


def naive_children(pos: nv.Pos, moerae: int, fate: set[nv.Coord]) -> dict[Key, nv.Pos]:
    """Every end of the turn of the player to move, from the card text alone: any worker
    (three for Moerae) moves then builds; a climb up onto level 3 wins at once, for Moerae
    instead when an opponent climbs into a Fate space."""
    me = pos.to_move
    out: dict[Key, nv.Pos] = {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            for _, after, outcome in nv.finish(pos, nv.moved(pos, i, dst), src, dst):
                if outcome and me != moerae and dst in fate:
                    outcome = f"{moerae + 1}:power"
                out[(after.key(), outcome)] = after
    return out


def oracle(fate: str) -> Oracle[nv.Pos]:
    """Moerae in seat 0, her Fate square at ``fate``."""
    return by_children(lambda pos, seat: naive_children(pos, seat, fate_coords(fate)), 0)


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 56, 3315), (START.replace(" 1 ", " 2 ", 1), 61, 3074)],
)
def test_full_turns_match_a_naive_generator_and_perft(text: str, depth1: int, depth2: int) -> None:
    check_perft(oracle("b2"), {text: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    """From random positions of real games (Fate square chosen in the position)."""
    rng = random.Random(40)
    checked = 0
    for seed in range(3):
        board = Board.from_position(position("", "a1,c5,e3 b4,d2", powers="Moerae,-", extra="moerae.fate=c2"))
        rng.seed(seed)
        for at in random_game(board, rng):
            if checked >= 60:
                break
            check_against_naive(oracle("c2"), at.position())
            checked += 1
    assert checked >= 30


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    """Whole games from the empty board (both seats; the placement played step by step, as
    listing Moerae's 36,800 placement turns, three workers times 16 Fate squares, is slow),
    and a game from a position with the Fate square in the middle of the board, where
    opponents often climb into it."""
    check_seated_playouts("Moerae", rival, place_by_steps=True)
    text = position(LEVELS, "a1,e5,c5 b4,d2", powers=f"Moerae,{rival or '-'}", extra="moerae.fate=b2")
    check_playout(Board.from_position(text), random.Random(7))


def test_illegal_mark_outside_setup() -> None:
    """A turn of play never starts with a MARK step: the Fate square is fixed."""
    Scenario(START, illegal=["*c3"]).check()
