"""46. Achilles (SANTORINI.md §4 "Heroes"; RULINGS #63, #64): once per game, his worker builds
both before and after moving; unlike Prometheus it may still move up. The early build names
its builder (``b2^c2-c3^d4``) and spends the power (``achilles=used``)."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, midgame, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Achilles,-")


def early_builds(board: Board) -> set[str]:
    """The listed turns that build before moving."""
    return {t for t in turns(board) if "^" in t.split("-")[0]}


# ---------------------------------------------------------------------- scenarios
def test_build_move_build_with_one_worker_spends_the_power() -> None:
    """Card, RULINGS #64: the same worker builds, moves and builds; the use is a token."""
    Scenario(
        at(),
        listed=["b2^c2-c3^d3"],
        play="b2^c2-c3^d3",
        after=at("c2=1 d3=1", "c3,d4 b4,d2", to_move=2, extra="achilles=used"),
    ).check()


def test_he_may_move_up_after_the_early_build_even_onto_it() -> None:
    """RULINGS #64: unlike Prometheus, the move after the early build may go up, also onto
    the block just built."""
    board = Scenario(
        at("c3=1"),
        listed=["b2^c2-c3^d3", "b2^c2-c2^b2"],  # up onto c3 (level 1); up onto the block just built
        play="b2^c2-c2^b2",
    ).check()
    assert board.height[parse_square("c2")] == 1 and board.owner[parse_square("c2")] == 0


def test_a_climb_after_the_early_build_wins_at_once() -> None:
    """Ruling 7 with #64: building c3 up to level 3 and stepping onto it from level 2 wins;
    no build follows."""
    Scenario(
        at("b2=2 c3=2"),
        listed=["b2^c3-c3"],
        play="b2^c3-c3",
        winner=0,
        by=Termination.CLIMB,
        tokens={"achilles": "used"},
    ).check()


def test_once_per_game() -> None:
    """RULINGS #63: after the use, only normal turns remain."""
    board = Scenario(at(extra="achilles=used"), count=80, illegal=["b2^c2-c3^d3"]).check()
    assert not early_builds(board)


def test_the_use_is_optional_and_the_normal_turn_stays() -> None:
    """A hero's use is optional: every base turn is still legal and spends nothing."""
    base = turns(Board.from_position(at(extra="achilles=used")))
    Scenario(at(), listed=base, play="b2-c3^d3", tokens={}).check()


def test_the_same_worker_moves_and_builds_after_building_first() -> None:
    """'Your worker builds both before and after moving': the builder must be the mover."""
    Scenario(at(), illegal=["b2^c2,d4-d5^e5", "b2^c2-c3"]).check()  # the second build is not optional


def test_no_early_build_after_which_the_worker_cannot_move() -> None:
    """The turn must be finished: on a1 boxed in by domes but for b1, building b1 up to a
    level out of reach leaves no move, so that build is not offered."""
    Scenario(
        at("b1=1 a2=A b2=A", "a1,e5 b4,d2"),
        never_begins=["a1^"],
        listed=["a1-b1^c1"],  # the normal turn climbs onto b1
        illegal=["a1^b1-b1^c1"],
    ).check()


def test_the_opponent_cannot_build_first() -> None:
    """The power is Achilles's alone."""
    Scenario(at(to_move=2), count=80, illegal=["b4^a5-a4^a3"]).check()


def test_circe_holding_the_power_cannot_use_it_and_it_stays_unused() -> None:
    """SANTORINI.md §4: only the owner uses a hero; Circe takes the power away (RULINGS #34)
    but gets nothing from it, and the card's use is not reset when the power changes hands."""
    text = position(workers="a1,e5 b2,d4", powers="Achilles,Circe")
    # his workers are apart when her turn starts: she holds his power
    board = Scenario(text, play="e5-e4^e5", tokens={"circe": "1"}).check()
    assert not early_builds(board)  # no early build for her
    board = Scenario(board, play="b2-b3^b4").check()
    assert not early_builds(board)  # nor for him now
    Scenario(text + " achilles=used", play="e5-e4^e5", tokens={"achilles": "used", "circe": "1"}).check()


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with an Achilles
    worker is a plain move and build."""
    text = position(workers="b2,d4 a5,e1", powers="Dionysus,Achilles", extra="dionysus.extra=on")
    board = Board.from_position(text)
    legal = turns(board)
    assert legal and not any("^" in t.split("-")[0] for t in legal if t != ".")
    for turn in board.legal_turns():
        board.push_turn(turn)
        assert "achilles" not in board.tokens
        board.pop()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; the token is written from the early build on,
    and positions read back mid-turn with the same legal steps."""
    check_round_trip(
        at("c3=1"),
        "b2^c2-c3^d3",
        mid=[
            at("c2=1 c3=1", "b2,d4 b4,d2", extra="achilles=used turn=b2^c2"),
            at("c2=1 c3=1", "c3,d4 b4,d2", extra="achilles=used turn=b2^c2-c3"),
        ],
        after=at("c2=1 c3=1 d3=1", "c3,d4 b4,d2", to_move=2, extra="achilles=used"),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, and (once) build, move (up allowed), build with
    one worker."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("achilles") == "used":
        return out
    spent = hs.used(tokens, "achilles")
    for i, src in enumerate(pos.workers[seat]):
        for first in nv.neighbours(src):
            if pos.unoccupied(first):
                early = nv.built(pos, first)
                for dst in nv.step_moves(early, src):
                    move = f"{nv.name(src)}^{nv.name(first)}-{nv.name(dst)}"
                    out += hs.spending(nv.finish(early, nv.moved(early, i, dst), src, dst, move), spent)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Achilles", seed=4601, count=24, dome_chance=0.15)):
        check_against_naive(hs.oracle(naive_turns, seat), text + (" achilles=used" if i % 5 == 4 else ""))


MIDGAME = midgame("Achilles,-")
HILLS = "0A000/01210/A232A/0121B/00C00 2 c3,a1 b4,d2 powers=-,Achilles"


@pytest.mark.parametrize(("text", "seat", "golden"), [(MIDGAME, 0, (253, 10935)), (HILLS, 1, (178, 8441))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Achilles"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
