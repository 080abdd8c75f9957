"""53. Odysseus (SANTORINI.md §4 "Heroes"; RULINGS #63, #66, #1): once per game, at the start
of his turn, he forces any number of opponent workers neighbouring his workers into
unoccupied corner spaces (any level), then takes his normal turn: ``c3>a1,b2-b3^b4``. The
first force spends the power (``odysseus=used``)."""

from __future__ import annotations

import re
from collections.abc import Hashable

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Odysseus,-")

#: Odysseus on b2 and d4; opponents on c3 (next to both) and c2 (next to b2); e5 is level 3.
START = at("e5=3 a5=A", "b2,d4 c3,c2")


# ---------------------------------------------------------------------- scenarios
def test_forces_a_neighbouring_opponent_into_a_corner_then_his_turn() -> None:
    """Card, RULINGS #66: the force comes first, then the normal move and build."""
    Scenario(
        START,
        listed=["c3>a1,b2-b3^b4"],
        play="c3>a1,b2-b3^b4",
        after=at("e5=3 a5=A b4=1", "b3,d4 a1,c2", to_move=2, extra="odysseus=used"),
    ).check()


def test_forced_onto_level_3_is_no_win() -> None:
    """Ruling 1: a worker forced onto level 3 (the e5 corner) has not moved up, so it does
    not win."""
    board = Scenario(START, play="c3>e5,b2-b3^b4", ongoing=True).check()
    assert board.owner[parse_square("e5")] == 1


def test_any_number_each_worker_once_into_distinct_free_corners() -> None:
    """Both opponents may go, each once, into corners that are unoccupied when forced: not
    a5 (a dome), not a corner another worker took."""
    board = Scenario(
        START,
        illegal=["c3>a5,b2-b3^b4", "c3>a1,c2>a1,b2-b3^b4", "c3>a1,a1>e1,b2-b3^b4"],
        play="c2>e1,c3>a1,b2-b3^b4",
        tokens={"odysseus": "used"},
    ).check()
    assert sorted(board.workers[1]) == [parse_square("a1"), parse_square("e1")]
    board.pop()
    legal = turns(board)
    assert "c3>a1,c2>e1,b2-b3^b4" in legal or "c2>e1,c3>a1,b2-b3^b4" in legal


def test_only_opponents_next_to_his_workers_and_only_before_the_move() -> None:
    board = Scenario(
        at("e5=3", "b2,d4 c3,e2"),
        illegal=["b2-b3^b4,c3>a1"],  # "Start of Your Turn": not after the move
    ).check()
    assert not any("e2>" in t for t in turns(board))  # e2 is not next to b2 or d4


def test_once_per_game_and_optional() -> None:
    board = Scenario(
        START.replace("powers=Odysseus,-", "powers=Odysseus,- odysseus=used"), illegal=["c3>a1,b2-b3^b4"]
    ).check()
    assert not any(">" in t for t in turns(board))
    Scenario(START, play="b2-b3^b4", tokens={}).check()


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with an Odysseus
    worker starts with its move."""
    text = position(workers="c3,c2 b2,d4", powers="Dionysus,Odysseus", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b2-") for t in legal) and not any(">" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "c3>a1,c2>e1,b2-b3^b4",
        mid=[
            at("e5=3 a5=A", "b2,d4 a1,c2", extra="odysseus=used turn=c3>a1"),
            at("e5=3 a5=A", "b2,d4 a1,e1", extra="odysseus=used turn=c3>a1,c2>e1"),
            at("e5=3 a5=A", "b3,d4 a1,e1", extra="odysseus=used turn=c3>a1,c2>e1,b2-b3"),
        ],
        after=at("e5=3 a5=A b4=1", "b3,d4 a1,e1", to_move=2, extra="odysseus=used"),
    )


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
    for i, (text, seat) in enumerate(random_positions("Odysseus", seed=5301, count=30, dome_chance=0.15)):
        check_against_naive(
            hs.oracle(naive_turns, seat, norm), text + (" odysseus=used" if i % 6 == 5 else "")
        )


#: Both opponents next to his workers; two corners domed (a1 on level 3, e5 on the ground).
HUDDLE = "1000A/02100/01210/00120/D000A 1 b3,c2 c3,b2 powers=Odysseus,-"
HUDDLE_2 = "1000A/02100/01210/00120/D000A 1 c3,b2 b3,c2 powers=-,Odysseus"  # he moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(HUDDLE, 0, (176, 8185)), (HUDDLE_2, 1, (48, 8473))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Odysseus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
