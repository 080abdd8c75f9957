"""53. Odysseus (SANTORINI.md §4 "Heroes"; RULINGS #63, #66, #1): once per game, at the start
of his turn, he forces any number of opponent workers neighbouring his workers into
unoccupied corner spaces (any level), then takes his normal turn: ``c3>a1,b2-b3^b4``. The
first force spends the power (``odysseus=used``)."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.support import check_random_playouts, turns
from powers.support import position as support_position

POWERS = "Odysseus,-"
position = partial(support_position, powers=POWERS)

#: Odysseus on b2 and d4; opponents on c3 (next to both) and c2 (next to b2); e5 is level 3.
START = position("e5=3 a5=A", "b2,d4 c3,c2")


# ---------------------------------------------------------------------- scenarios
def test_forces_a_neighbouring_opponent_into_a_corner_then_his_turn() -> None:
    """Card, RULINGS #66: the force comes first, then the normal move and build."""
    board = Board.from_position(START)
    assert "c3>a1,b2-b3^b4" in turns(board)
    board.play("c3>a1,b2-b3^b4")
    assert board.position() == position("e5=3 a5=A b4=1", "b3,d4 a1,c2", to_move=2, extra="odysseus=used")


def test_forced_onto_level_3_is_no_win() -> None:
    """Ruling 1: a worker forced onto level 3 (the e5 corner) has not moved up, so it does
    not win."""
    board = Board.from_position(START)
    board.play("c3>e5,b2-b3^b4")
    assert board.outcome() is None and board.owner[parse_square("e5")] == 1


def test_any_number_each_worker_once_into_distinct_free_corners() -> None:
    """Both opponents may go, each once, into corners that are unoccupied when forced: not
    a5 (a dome), not a corner another worker took."""
    board = Board.from_position(START)
    legal = turns(board)
    assert "c3>a1,c2>e1,b2-b3^b4" in legal or "c2>e1,c3>a1,b2-b3^b4" in legal
    for bad in ("c3>a5,b2-b3^b4", "c3>a1,c2>a1,b2-b3^b4", "c3>a1,a1>e1,b2-b3^b4"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    board.play("c2>e1,c3>a1,b2-b3^b4")
    assert sorted(board.workers[1]) == [parse_square("a1"), parse_square("e1")]
    assert board.tokens == {"odysseus": "used"}


def test_only_opponents_next_to_his_workers_and_only_before_the_move() -> None:
    board = Board.from_position(position("e5=3", "b2,d4 c3,e2"))
    legal = turns(board)
    assert not any("e2>" in t for t in legal)  # e2 is not next to b2 or d4
    with pytest.raises(IllegalTurnError):
        board.play("b2-b3^b4,c3>a1")  # "Start of Your Turn": not after the move


def test_once_per_game_and_optional() -> None:
    board = Board.from_position(START.replace("powers=Odysseus,-", "powers=Odysseus,- odysseus=used"))
    assert not any(">" in t for t in turns(board))
    with pytest.raises(IllegalTurnError):
        board.play("c3>a1,b2-b3^b4")
    board = Board.from_position(START)
    board.play("b2-b3^b4")
    assert "odysseus" not in board.tokens


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with an Odysseus
    worker starts with its move."""
    text = support_position(workers="c3,c2 b2,d4", powers="Dionysus,Odysseus", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b2-") for t in legal) and not any(">" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("c3>a1,c2>e1,b2-b3^b4")
    expected = [
        position("e5=3 a5=A", "b2,d4 a1,c2", extra="odysseus=used turn=c3>a1"),
        position("e5=3 a5=A", "b2,d4 a1,e1", extra="odysseus=used turn=c3>a1,c2>e1"),
        position("e5=3 a5=A", "b3,d4 a1,e1", extra="odysseus=used turn=c3>a1,c2>e1,b2-b3"),
    ]
    for step, text in zip(steps, expected, strict=False):
        board.push(step)
        assert board.position() == text
        again = Board.from_position(text)
        assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
    board.push(steps[3])
    assert board.to_move == 1
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: (once) force any sequence of distinct opponent workers that
    neighbour his workers into corners unoccupied at the time, then the base turn."""
    if pos.to_move != seat:
        return hs.plain_turns(pos, tokens)
    me, them = pos.to_move, 1 - pos.to_move
    near = {c for w in pos.workers[me] for c in nv.neighbours(w)}
    victims = [k for k, w in enumerate(pos.workers[them]) if w in near]
    out: list[hs.NaiveTurn] = []

    def go(cur: nv.Pos, forced: list[str], left: list[int]) -> None:
        toks = hs.used(tokens, "odysseus") if forced else dict(tokens)
        prefix = ",".join(forced) + "," if forced else ""
        out.extend((prefix + text, after, toks, outcome) for text, after, outcome, _ in hs.base_turns(cur))
        if tokens.get("odysseus") == "used":
            return
        for k in left:
            for corner in hs.CORNERS:
                if cur.unoccupied(corner):
                    nxt = cur.copy()
                    src = nxt.workers[them][k]
                    nxt.workers[them][k] = corner
                    go(nxt, [*forced, f"{nv.name(src)}>{nv.name(corner)}"], [j for j in left if j != k])

    go(pos, [], victims)
    return out


def norm(turn: str) -> Hashable:
    """A turn as its set of forces (in any order) and the normal turn after them."""
    forces = re.findall(r"[a-e][1-5]>[a-e][1-5]", turn)
    return frozenset(forces), re.sub(r"[a-e][1-5]>[a-e][1-5],?", "", turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(5301)
    for i in range(30):
        seat = i % 2
        powers = "Odysseus,-" if seat == 0 else "-,Odysseus"
        used = " odysseus=used" if i % 6 == 5 else ""
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}{used}"
        hs.check_against_naive(naive_turns, text, seat, norm)


#: Both opponents next to his workers; two corners domed (a1 on level 3, e5 on the ground).
HUDDLE = "1000A/02100/01210/00120/D000A 1 b3,c2 c3,b2 powers=Odysseus,-"
HUDDLE_2 = "1000A/02100/01210/00120/D000A 1 c3,b2 b3,c2 powers=-,Odysseus"  # he moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(HUDDLE, 0, (176, 8185)), (HUDDLE_2, 1, (48, 8473))])
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
    "powers", [["Odysseus", None], [None, "Odysseus"], ["Odysseus", "Athena"], ["Apollo", "Odysseus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes, position round trips, a winner, replay from
    notation, and undo back to the start."""
    check_random_playouts(powers, replay=True)
