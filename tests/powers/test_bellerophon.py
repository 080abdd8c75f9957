"""49. Bellerophon (SANTORINI.md §4 "Heroes"; RULINGS #63, #65): once per game, his worker
may move up two levels; from level 1 onto level 3 that wins. The use is the token
``bellerophon=used``, set by the move."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Bellerophon,-")


# ---------------------------------------------------------------------- scenarios
def test_moving_up_two_levels_spends_the_power() -> None:
    """Card: a move two levels up (ground to level 2), then the normal build."""
    Scenario(
        at("c3=2"),
        listed=["b2-c3^c4"],
        play="b2-c3^c4",
        after=at("c3=2 c4=1", "c3,d4 b4,d2", to_move=2, extra="bellerophon=used"),
    ).check()


def test_from_level_1_onto_level_3_wins() -> None:
    """RULINGS #65: up two levels onto level 3 is a climb, and wins at once."""
    Scenario(
        at("b2=1 c3=3"),
        listed=["b2-c3"],
        play="b2-c3",
        winner=0,
        by=Termination.CLIMB,
        tokens={"bellerophon": "used"},
    ).check()


def test_never_three_levels_up() -> None:
    Scenario(at("c3=3"), never_begins=["b2-c3"]).check()


def test_once_per_game() -> None:
    """RULINGS #63: once used, his workers climb one level at most."""
    board = Scenario(at("c3=2", extra="bellerophon=used"), illegal=["b2-c3^c4"]).check()
    assert not any("-c3" in t for t in turns(board))


def test_optional_and_only_a_two_level_climb_spends_it() -> None:
    """Every base turn is still legal; a one-level climb or a level move spends nothing."""
    base = turns(Board.from_position(at("c3=2 c2=1", extra="bellerophon=used")))
    board = Scenario(at("c3=2 c2=1"), listed=base).check()
    assert base < turns(board)
    Scenario(board, play="b2-c2^c1", tokens={}).check()


def test_athena_forbids_the_double_climb() -> None:
    """Opponents' limits on moving up (Athena, RULINGS #16-17) apply to it."""
    Scenario(
        position("c3=2 c2=1", powers="Bellerophon,Athena", extra="athena=up"),
        never_begins=["b2-c3", "b2-c2", "d4-c3"],
    ).check()


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus moving a Bellerophon worker in an
    extra turn climbs one level at most, and the power stays unused."""
    text = position("c3=2", workers="a5,e1 b2,d4", powers="Dionysus,Bellerophon", extra="dionysus.extra=on")
    board = Scenario(text, never_begins=["b2-c3", "d4-c3"]).check()
    assert turns(board)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        at("c3=2"),
        "b2-c3^c4",
        mid=[at("c3=2", "c3,d4 b4,d2", extra="bellerophon=used turn=b2-c3")],
        after=at("c3=2 c4=1", "c3,d4 b4,d2", to_move=2, extra="bellerophon=used"),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, and (once) a move exactly two levels up, then a
    build (or the win, onto level 3)."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("bellerophon") == "used":
        return out
    spent = hs.used(tokens, "bellerophon")
    for i, src in enumerate(pos.workers[seat]):
        for dst in nv.neighbours(src):
            if pos.unoccupied(dst) and pos.levels[dst] - pos.levels[src] == 2:
                out += hs.spending(nv.finish(pos, nv.moved(pos, i, dst), src, dst), spent)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Bellerophon", seed=4901, count=30, dome_chance=0.15)):
        check_against_naive(hs.oracle(naive_turns, seat), text + (" bellerophon=used" if i % 5 == 4 else ""))


#: Bellerophon's a2 may climb two levels onto b2, his c2 onto d3 (level 3: a win).
CLIFFS = "00000/02300/10230/02100/00000 1 a2,c2 b4,e5 powers=Bellerophon,-"
CLIFFS_2 = "00000/02300/10230/02100/00000 2 b4,e5 a2,c2 powers=-,Bellerophon"


@pytest.mark.parametrize(("text", "seat", "golden"), [(CLIFFS, 0, (67, 3377)), (CLIFFS_2, 1, (67, 3377))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    Scenario(text, listed=["c2-d3", "a2-b2^a2"]).check()
    check_perft(hs.oracle(naive_turns, seat), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Bellerophon"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
