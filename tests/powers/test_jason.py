"""51. Jason (SANTORINI.md §4 "Heroes"; RULINGS #63, #70 printed text): he keeps a third
worker on his card; once per game, instead of his normal turn, he places it on an unoccupied
ground-level perimeter space and that worker builds: ``@a1,a1^b1``. The placement spends
the power (``jason=used``) and is a turn of play, not of setup."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.squares import PERIMETER_MASK, parse_square
from powers import hero_support as hs
from powers.support import check_random_playouts, turns
from powers.support import position as support_position

POWERS = "Jason,-"
position = partial(support_position, powers=POWERS)


def placements(board: Board) -> set[str]:
    """The squares Jason's spare worker may be placed on in the turns listed."""
    return {t[1:3] for t in turns(board) if t.startswith("@")}


# ---------------------------------------------------------------------- scenarios
def test_place_the_spare_worker_on_the_perimeter_then_it_builds() -> None:
    """Card (printed text, RULINGS #70): instead of moving, the third worker comes in and
    builds; it does not move."""
    board = Board.from_position(position())
    board.play("@a1,a1^b1")
    assert board.position() == position("b1=1", "b2,d4,a1 b4,d2", to_move=2, extra="jason=used")
    assert board.history[-1] == board.parse_turn("@a1,a1^b1")


def test_only_unoccupied_ground_level_perimeter_spaces() -> None:
    """Not the centre, not a perimeter block, not a dome, not a worker's space."""
    board = Board.from_position(position("a1=1 e1=A c1=2", "b2,a5 b4,e3"))
    free = {
        s
        for s in ("a2", "a3", "a4", "b1", "b5", "c5", "d1", "d5", "e2", "e4", "e5")
        if PERIMETER_MASK >> parse_square(s) & 1
    }
    assert placements(board) == free
    for bad in ("@a1,a1^a2", "@e1,e1^d1", "@c3,c3^c4", "@a5,a5^a4", "@c1,c1^d1"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)


def test_the_new_worker_builds_next_to_itself_and_nobody_moves() -> None:
    board = Board.from_position(position())
    for bad in ("@a1,b2^c2", "@a1,a1^c3", "@a1,a1-a2^a3", "@a1"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    assert board.position() == position()


def test_no_placement_where_the_worker_could_not_build() -> None:
    """The turn must be finished: a1 hemmed in by domes and workers is no place for it."""
    board = Board.from_position(position("a2=A", "b2,b1 b4,d2"))
    assert "a1" not in placements(board)


def test_once_per_game_three_workers_after() -> None:
    """RULINGS #63: one spare worker, placed once; then all three of his workers play."""
    board = Board.from_position(position())
    board.play("@a1,a1^b1")
    board.play("b4-b5^c5")
    legal = turns(board)
    assert not any(t.startswith("@") for t in legal)
    assert {t[:2] for t in legal} == {"a1", "b2", "d4"}
    used = Board.from_position(position(extra="jason=used"))
    assert len(turns(used)) == 80


def test_after_a_worker_was_removed_the_spare_still_comes_in_once() -> None:
    """RULINGS #41 (Medusa, Bia remove workers from the game) and #63 (one spare, once):
    with one of his workers removed, the placement is still play, not setup, so the new
    worker builds and the power is spent; no second spare follows, and the position
    parses back (a load test once found a fourth Jason worker here)."""
    text = support_position(workers="b2 b4,d2", powers="Jason,-", extra="removed=1,0")
    board = Board.from_position(text)
    assert not board.placing
    with pytest.raises(IllegalTurnError):
        board.play("@a1")
    board.play("@a1,a1^b1")
    assert board.tokens == {"jason": "used", "removed": "1,0"}
    board.play("b4-b5^c5")
    assert not any(t.startswith("@") for t in turns(board))
    assert Board.from_position(board.position()).position() == board.position()


def test_setup_places_two_workers_and_keeps_the_spare() -> None:
    """'Keep one extra worker on your card': setup places two, and the power is unused
    when play starts."""
    board = Board(2, ["Jason", None])
    board.play("@b2@d4")
    board.play("@b4@d2")
    assert board.position() == position()
    assert "@a1,a1^b1" in turns(board)
    with pytest.raises(IllegalTurnError):
        Board(2, ["Jason", None]).play("@b2@d4@a1")


def test_the_placement_turn_is_a_turn_of_play_end_of_turn_effects_run() -> None:
    """A placement beyond his number of workers is play, not setup: the opponents' end-of-
    turn bookkeeping runs (Aphrodite's hold on his workers ends with his turn)."""
    text = support_position(workers="b2,d4 c3,e5", powers="Jason,Aphrodite", extra="aphrodite=b2,d4")
    board = Board.from_position(text)
    board.play("@a1,a1^b1")
    assert board.tokens == {"jason": "used"}
    assert board.to_move == 1 and board.history[-1][0] == board.parse_turn("@a1")[0]


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn moves a Jason worker,
    it never brings in the spare."""
    text = support_position(workers="a5,e1 b2,d4", powers="Dionysus,Jason", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b2-") for t in legal) and not any("@" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the placement the position shows three workers, the token and ``turn=@a1``."""
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("@a1,a1^b1")
    board.push(steps[0])
    text = position(workers="b2,d4,a1 b4,d2", extra="jason=used turn=@a1")
    assert board.position() == text
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert turns(again) == turns(board) == {"a1^a2", "a1^b1"}
    board.push(steps[1])
    assert board.to_move == 1
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns (with any number of workers), or (once) the spare
    worker placed on an unoccupied ground-level perimeter space, then building next to it."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("jason") == "used":
        return out
    me = pos.to_move
    for spot in nv.ALL_COORDS:
        if not hs.is_perimeter(spot) or not pos.unoccupied(spot) or pos.levels[spot] != 0:
            continue
        placed = pos.copy()
        placed.workers[me].append(spot)
        for t in hs.builds_around(placed, spot):
            text = f"@{nv.name(spot)},{nv.name(spot)}^{nv.name(t)}"
            out.append((text, hs.flip(hs.build(placed, t)), hs.used(tokens, "jason"), ""))
    return out


def norm(turn: str) -> Hashable:
    """The placement's build may be written with or without its worker (``@a1^b1``)."""
    return re.sub(r"^@([a-e][1-5]),\1\^", r"@\1^", turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(5101)
    for i in range(30):
        seat = i % 2
        powers = "Jason,-" if seat == 0 else "-,Jason"
        used = " jason=used" if i % 6 == 5 else ""
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}{used}"
        hs.check_against_naive(naive_turns, text, seat, norm)


def test_turns_with_three_workers_match_the_naive_generator() -> None:
    """After the placement he has three workers: the naive generator plays them all."""
    rng = random.Random(5102)
    for _ in range(8):
        text = nv.random_board(rng, dome_chance=0.1)
        fields = text.split()
        pos = nv.parse(text)
        spare = next(c for c in nv.ALL_COORDS if pos.unoccupied(c))
        fields[2] += "," + nv.name(spare)
        hs.check_against_naive(naive_turns, " ".join(fields) + " powers=Jason,- jason=used", 0, norm)


RIM = "00000/01210/02320/01210/00000 1 b2,d4 b4,d2 powers=Jason,-"
RIM_2 = "0A0A0/B121C/02320/C121B/0A0A0 1 b4,d2 b2,d4 powers=-,Jason"  # he moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(RIM, 0, (122, 7872)), (RIM_2, 1, (30, 908))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    """Depth-1 and depth-2 perft from fixed positions, frozen, and recounted independently."""
    board = Board.from_position(text)
    assert (perft(board, 1), perft(board, 2)) == golden
    assert tuple(hs.naive_perft(naive_turns, text, d, seat) for d in (1, 2)) == golden
    assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Jason", None], [None, "Jason"], ["Jason", "Athena"], ["Apollo", "Jason"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games from the empty board to the end: hashes, position round trips, a
    winner, replay from notation, and undo back to the start."""
    check_random_playouts(powers, replay=True)
