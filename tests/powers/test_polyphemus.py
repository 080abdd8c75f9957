"""54. Polyphemus (SANTORINI.md §4 "Heroes"; RULINGS #63, #68): once per game, at the end of
his turn, his worker (the one that moved and built) builds up to 2 domes at any level on any
unoccupied spaces of the board. The first dome spends the power (``polyphemus=used``)."""

from __future__ import annotations

from itertools import combinations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_round_trip, check_step_playouts, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Polyphemus,-")


# ---------------------------------------------------------------------- scenarios
def test_two_domes_anywhere_after_the_build() -> None:
    """Card, RULINGS #68: any unoccupied spaces of the board, at any level; the first dome
    sets the token."""
    Scenario(
        at("a5=2"),
        play="b2-c3^c4^a5D^e1D",
        after=at("c4=1 a5=C e1=A", "c3,d4 b4,d2", to_move=2, extra="polyphemus=used"),
    ).check()


def test_one_dome_or_none() -> None:
    """'Up to 2': one dome is a use, none is not."""
    board = Scenario(at(), play="b2-c3^c4^e5D", tokens={"polyphemus": "used"}).check()
    assert board.domes == 1 << parse_square("e5")
    Scenario(at(), play="b2-c3^c4", tokens={}).check()


def test_never_three_domes_nor_on_occupied_spaces() -> None:
    """At most two; never on a worker or a dome; on level 3 the dome is the ordinary piece
    (``^e5``, and ``^e5D`` means the same)."""
    board = Scenario(
        at("e5=3 a5=A"),
        unplayable=["b2-c3^c4^a1D^e1D^c5D", "b2-c3^c4^d4D", "b2-c3^c4^a5D", "b2-c3^c4^b4D"],
        playable=["b2-c3^c4^e5D"],
        play="b2-c3^c4^e5",
        tokens={"polyphemus": "used"},
    ).check()
    assert board.domes >> parse_square("e5") & 1


def test_the_worker_that_built_domes() -> None:
    """'Your worker builds': the domes are the builder's, not the other worker's."""
    Scenario(at(), unplayable=["b2-c3^c4,d4^a1D"], playable=["b2-c3^c4^a1D"]).check()


def test_once_per_game() -> None:
    Scenario(at(extra="polyphemus=used"), count=80, illegal=["b2-c3^c4^a1D"]).check()


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    Scenario(at("b2=2 c3=3"), never_begins=["b2-c3^"], play="b2-c3", by=Termination.CLIMB, tokens={}).check()


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with a Polyphemus
    worker has one build."""
    text = position(workers="a5,e1 b2,d4", powers="Dionysus,Polyphemus", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert legal and all(t == "." or t.count("^") == 1 for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        at(),
        "b2-c3^c4^a1D^e5D",
        mid=[
            at(workers="c3,d4 b4,d2", extra="turn=b2-c3"),
            at("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4"),
            at("c4=1 a1=A", "c3,d4 b4,d2", extra="polyphemus=used turn=b2-c3^c4^a1D"),
        ],
        after=at("c4=1 a1=A e5=A", "c3,d4 b4,d2", to_move=2, extra="polyphemus=used"),
        compare_turns=False,
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, then (once) one or two domes on any unoccupied
    spaces, built by the worker that moved."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("polyphemus") == "used":
        return out
    spent = hs.used(tokens, "polyphemus")
    for text, after, outcome, _ in hs.base_turns(pos):
        if outcome:
            continue
        free = [c for c in nv.ALL_COORDS if after.unoccupied(c)]
        for size in (1, 2):
            for chosen in combinations(free, size):
                domed = after
                for c in chosen:
                    domed = hs.dome(domed, c)
                out.append((text + "".join(f"^{hs.dome_text(after, c)}" for c in chosen), domed, spent, ""))
    return out


#: A turn as its move and build plus the set of spaces domed (in any order).
norm = hs.free_order("^")


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Polyphemus", seed=5401, count=10, dome_chance=0.45)):
        check_against_naive(
            hs.oracle(naive_turns, seat, norm), text + (" polyphemus=used" if i % 5 == 4 else "")
        )


#: Few free spaces (so few pairs of domes): a crowded late game.
CROWDED = "0ADB3/0CA2D/2120D/B0A01/A11CA 1 a3,e5 c3,d2 powers=Polyphemus,-"
CROWDED_2 = "00CD1/131C2/ACAD1/ACD11/CC111 2 e4,a5 e5,a4 powers=-,Polyphemus"


@pytest.mark.parametrize(("text", "seat", "golden"), [(CROWDED, 0, (543, 6390)), (CROWDED_2, 1, (129, 358))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Polyphemus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games played step by step: hashes, position round trips mid-turn, a
    winner, replay from notation, undo back to the start; he uses the power in some game."""
    games = check_step_playouts(powers, range(2))
    assert any("polyphemus=used" in p for game in games for p in game.positions)
