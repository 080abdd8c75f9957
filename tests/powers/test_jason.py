"""51. Jason (SANTORINI.md §4 "Heroes"; RULINGS #63, #70 printed text): he keeps a third
worker on his card; once per game, instead of his normal turn, he places it on an unoccupied
ground-level perimeter space and that worker builds: ``@a1,a1^b1``. The placement spends
the power (``jason=used``) and is a turn of play, not of setup."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import PERIMETER_MASK, parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Jason,-")


def placements(board: Board) -> set[str]:
    """The squares Jason's spare worker may be placed on in the turns listed."""
    return {t[1:3] for t in turns(board) if t.startswith("@")}


# ---------------------------------------------------------------------- scenarios
def test_place_the_spare_worker_on_the_perimeter_then_it_builds() -> None:
    """Card (printed text, RULINGS #70): instead of moving, the third worker comes in and
    builds; it does not move."""
    board = Scenario(
        at(), play="@a1,a1^b1", after=at("b1=1", "b2,d4,a1 b4,d2", to_move=2, extra="jason=used")
    ).check()
    assert board.history[-1] == board.parse_turn("@a1,a1^b1")


def test_only_unoccupied_ground_level_perimeter_spaces() -> None:
    """Not the centre, not a perimeter block, not a dome, not a worker's space."""
    board = Scenario(
        at("a1=1 e1=A c1=2", "b2,a5 b4,e3"),
        illegal=["@a1,a1^a2", "@e1,e1^d1", "@c3,c3^c4", "@a5,a5^a4", "@c1,c1^d1"],
    ).check()
    free = {
        s
        for s in ("a2", "a3", "a4", "b1", "b5", "c5", "d1", "d5", "e2", "e4", "e5")
        if PERIMETER_MASK >> parse_square(s) & 1
    }
    assert placements(board) == free


def test_the_new_worker_builds_next_to_itself_and_nobody_moves() -> None:
    Scenario(at(), illegal=["@a1,b2^c2", "@a1,a1^c3", "@a1,a1-a2^a3", "@a1"]).check()


def test_no_placement_where_the_worker_could_not_build() -> None:
    """The turn must be finished: a1 hemmed in by domes and workers is no place for it."""
    assert "a1" not in placements(Board.from_position(at("a2=A", "b2,b1 b4,d2")))


def test_once_per_game_three_workers_after() -> None:
    """RULINGS #63: one spare worker, placed once; then all three of his workers play."""
    board = Scenario(at(), play=["@a1,a1^b1", "b4-b5^c5"]).check()
    board = Scenario(board, never_begins=["@"]).check()
    assert {t[:2] for t in turns(board)} == {"a1", "b2", "d4"}
    Scenario(at(extra="jason=used"), count=80).check()


def test_after_a_worker_was_removed_the_spare_still_comes_in_once() -> None:
    """RULINGS #41 (Medusa, Bia remove workers from the game) and #63 (one spare, once):
    with one of his workers removed, the placement is still play, not setup, so the new
    worker builds and the power is spent; no second spare follows, and the position
    parses back (a load test once found a fourth Jason worker here)."""
    text = position(workers="b2 b4,d2", powers="Jason,-", extra="removed=1,0")
    assert not Board.from_position(text).placing
    board = Scenario(
        text, illegal=["@a1"], play="@a1,a1^b1", tokens={"jason": "used", "removed": "1,0"}
    ).check()
    board = Scenario(board, play="b4-b5^c5").check()
    board = Scenario(board, never_begins=["@"]).check()
    assert Board.from_position(board.position()).position() == board.position()


def test_setup_places_two_workers_and_keeps_the_spare() -> None:
    """'Keep one extra worker on your card': setup places two, and the power is unused
    when play starts."""
    board = Scenario(Board(2, ["Jason", None]), play=["@b2@d4", "@b4@d2"], after=at()).check()
    Scenario(board, listed=["@a1,a1^b1"]).check()
    Scenario(Board(2, ["Jason", None]), illegal=["@b2@d4@a1"]).check()


def test_the_placement_turn_is_a_turn_of_play_end_of_turn_effects_run() -> None:
    """A placement beyond his number of workers is play, not setup: the opponents' end-of-
    turn bookkeeping runs (Aphrodite's hold on his workers ends with his turn)."""
    text = position(workers="b2,d4 c3,e5", powers="Jason,Aphrodite", extra="aphrodite=b2,d4")
    board = Scenario(text, play="@a1,a1^b1", tokens={"jason": "used"}).check()
    assert board.to_move == 1 and board.history[-1][0] == board.parse_turn("@a1")[0]


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn moves a Jason worker,
    it never brings in the spare."""
    text = position(workers="a5,e1 b2,d4", powers="Dionysus,Jason", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b2-") for t in legal) and not any("@" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the placement the position shows three workers, the token and ``turn=@a1``."""
    check_round_trip(
        at(),
        "@a1,a1^b1",
        mid=[at(workers="b2,d4,a1 b4,d2", extra="jason=used turn=@a1")],
        after=at("b1=1", "b2,d4,a1 b4,d2", to_move=2, extra="jason=used"),
    )
    Scenario(at(), mid="@a1", turns=["a1^a2", "a1^b1"]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns (with any number of workers), or (once) the spare
    worker placed on an unoccupied ground-level perimeter space, then building next to it."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("jason") == "used":
        return out
    me = pos.to_move
    for spot in nv.ALL_COORDS:
        if not nv.on_perimeter(spot) or not pos.unoccupied(spot) or pos.levels[spot] != 0:
            continue
        placed = pos.copy()
        placed.workers[me].append(spot)
        placed.to_move = 1 - me
        out += hs.spending(
            nv.builds(placed, spot, f"@{nv.name(spot)},{nv.name(spot)}"), hs.used(tokens, "jason")
        )
    return out


def norm(turn: str) -> Hashable:
    """The placement's build may be written with or without its worker (``@a1^b1``)."""
    return re.sub(r"^@([a-e][1-5]),\1\^", r"@\1^", turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Jason", seed=5101, count=30, dome_chance=0.15)):
        check_against_naive(hs.oracle(naive_turns, seat, norm), text + (" jason=used" if i % 6 == 5 else ""))


def test_turns_with_three_workers_match_the_naive_generator() -> None:
    """After the placement he has three workers: the naive generator plays them all."""
    rng = random.Random(5102)
    for _ in range(8):
        text = nv.random_board(rng, dome_chance=0.1)
        fields = text.split()
        pos = nv.parse(text)
        spare = next(c for c in nv.ALL_COORDS if pos.unoccupied(c))
        fields[2] += "," + nv.name(spare)
        check_against_naive(hs.oracle(naive_turns, 0, norm), " ".join(fields) + " powers=Jason,- jason=used")


RIM = "00000/01210/02320/01210/00000 1 b2,d4 b4,d2 powers=Jason,-"
RIM_2 = "0A0A0/B121C/02320/C121B/0A0A0 1 b4,d2 b2,d4 powers=-,Jason"  # he moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(RIM, 0, (122, 7872)), (RIM_2, 1, (30, 908))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Jason"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
