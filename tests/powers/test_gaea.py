"""35. Gaea (SANTORINI.md §4; RULINGS #52): two spare workers on her card; whenever any
worker builds a dome, she may at once place one on a ground-level space next to it."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, format_turn
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import PASS, place, step_kind
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, turns

# Gaea (player 1) on a1 and e5; the opponent on b2 and d4. c3 is level 3 (a dome to be),
# next to it b3 and c4 are level 1; d3 holds a dome already.
LEVELS = "c3=3 b3=1 c4=1 d3=A e1=3"
THEIRS = position(LEVELS, "a1,e5 b2,d4", to_move=2, powers="Gaea,-")
START = position(LEVELS, "a1,e5 b2,d4", powers="Gaea,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_places_a_spare_next_to_an_opponents_dome() -> None:
    """RULINGS #52: an opponent's dome, in the opponent's turn: Gaea places at once on an
    unoccupied ground-level neighbour (b2, just left, b4 and d2 — not b3/c4 on level 1,
    not d3's dome, not c2/d4 where workers stand)."""
    board = Board.from_position(THEIRS)
    choices = {t for t in turns(board) if t.startswith("b2-c2^c3")}
    assert choices == {"b2-c2^c3@b2", "b2-c2^c3@b4", "b2-c2^c3@d2", "b2-c2^c3~"}
    board = Scenario(board, play="b2-c2^c3@b4").check()
    assert board.domes >> sq("c3") & 1
    assert sorted(board.workers[0]) == sorted([sq("a1"), sq("e5"), sq("b4")])
    assert board.tokens["gaea"] == "1" and board.to_move == 0
    assert not board.placing and board.still_to_place(0) < 0


def test_she_may_decline() -> None:
    """ "Gaea may": ``~`` passes; the spare stays on her card."""
    board = Scenario(THEIRS, play="b2-c2^c3~", tokens={}).check()
    assert len(board.workers[0]) == 2


def test_the_choice_comes_at_once_before_the_turn_goes_on() -> None:
    """ "At once": right after the dome, before anything else of the turn."""
    board = Scenario(
        THEIRS,
        mid="b2-c2^c3",
        after=position(
            LEVELS + " c3=D", "a1,e5 c2,d4", to_move=2, powers="Gaea,-", extra="gaea.dome=c3 turn=b2-c2^c3"
        ),
    ).check()
    assert board.to_move == 1  # still the opponent's turn, but Gaea decides now
    assert set(board.legal_steps()) == {place(sq("b2")), place(sq("b4")), place(sq("d2")), PASS}
    board = Scenario(board, mid="@d2").check()
    assert board.to_move == 0 and "gaea.dome" not in board.tokens


def test_her_own_dome_counts_too() -> None:
    """ "Any worker": her own dome lets her place in her own turn."""
    board = Scenario(
        position(LEVELS, "b2,e5 a5,e2", powers="Gaea,-"), listed=["b2-c2^c3@d2"], play="b2-c2^c3@d2"
    ).check()
    assert len(board.workers[0]) == 3 and board.to_move == 1


def test_a_dome_at_any_level_counts() -> None:
    """RULINGS #52 "builds a dome": a low dome too (Atlas, a banned matchup a position may
    still show; Polyphemus, an allowed one)."""
    Scenario(position("", "a1,e5 b2,d4", to_move=2, powers="Gaea,Atlas"), listed=["b2-b3^c3D@c2"]).check()
    board = Scenario(
        position("", "a1,e5 b2,d4", to_move=2, powers="Gaea,Polyphemus"),
        play="b2-b3^b4^a4D@a5",  # Polyphemus's dome on the ground at a4
    ).check()
    assert sq("a5") in board.workers[0]


def test_no_choice_when_the_card_is_empty_or_no_space_fits() -> None:
    board = Board.from_position(
        position(LEVELS, "a1,e5,b4,e4 b2,d4", to_move=2, powers="Gaea,-", extra="gaea=0")
    )
    assert {t for t in turns(board) if t.startswith("b2-c2^c3")} == {"b2-c2^c3"}
    # Every neighbour of c3 raised, domed or taken: nothing to choose.
    crowded = position(LEVELS + " b2=1 b4=1 c2=1 d2=1", "a1,e5 b2,d4", to_move=2, powers="Gaea,-")
    board = Board.from_position(crowded)
    assert {t for t in turns(board) if t.startswith("b2-c2^c3")} == {"b2-c2^c3"}
    board = Scenario(board, play="b2-c2^c3").check()
    assert board.to_move == 0 and "gaea.dome" not in board.tokens


def test_no_placement_on_a_token() -> None:
    """A placement is no step other powers' restrictions see, so she keeps off tokens
    herself: Europa's Talus on b4 is a dome for everyone (RULINGS #51)."""
    text = position("c3=3", "a1,e5 b2,d4", to_move=2, powers="Gaea,Europa&Talus", extra="europa&talus=b4")
    Scenario(text, mid="b2-c2^c3", not_offered=["@b4"], offered=["@b2", "@b3", "~"]).check()


def test_both_spares_then_none() -> None:
    board = Scenario(
        position(LEVELS + " c1=3", "a1,e5 b2,d4", to_move=2, powers="Gaea,-"),
        play=["b2-c2^c3@b4", "a1-a2^a3", "c2-b1^c1@d1"],
    ).check()
    assert len(board.workers[0]) == 4 and board.tokens["gaea"] == "0"
    board = Scenario(board, play="a2-a1^a2").check()
    assert not any("@" in t for t in turns(board))


def test_placed_spares_are_ordinary_workers() -> None:
    """A placed spare moves and builds like the others (and she may choose any)."""
    Scenario(position(LEVELS, "a1,e5,b4 b2,d4", powers="Gaea,-", extra="gaea=1"), begins=["b4-"]).check()


def test_placement_is_not_a_move_and_setup_is_two_workers() -> None:
    """She places 2 workers in setup (300 placements from the empty board); the spares
    never count as workers still to place."""
    board = Scenario(Board(2, ["Gaea", None]), count=300, play="@a1@e5").check()
    assert board.to_move == 1


def test_circe_borrowing_her_power_has_no_spares() -> None:
    """Decision: the spares lie on Gaea's card; Circe, holding Gaea's power, has none to
    place (and Gaea, her power taken, cannot place meanwhile)."""
    # Circe (player 2) holds Gaea's power this turn (``circe=1``: Gaea's workers apart).
    text = position("c3=3", "a1,e5 b2,c2", to_move=2, powers="Gaea,Circe", extra="circe=1")
    assert not any("@" in t or "~" in t for t in turns(Board.from_position(text)))
    board = Scenario(text, play="c2-d2^c3").check()
    assert "gaea.dome" not in board.tokens and len(board.workers[1]) == 2
    assert len(board.workers[0]) == 2


def test_undo_and_position_round_trip_mid_turn_with_the_choice_pending() -> None:
    assert step_kind(Board.from_position(THEIRS).parse_turn("b2-c2^c3@d2")[-1]) is StepKind.PLACE
    check_round_trip(
        THEIRS,
        "b2-c2^c3@d2",
        after=position(LEVELS + " c3=D", "a1,e5,d2 c2,d4", powers="Gaea,-", extra="gaea=1"),
        compare_turns=False,
    )


def test_demeters_second_build_after_gaeas_choice() -> None:
    """Demeter's first build domes c3; Gaea chooses; Demeter's optional second build must
    still be offered, since Gaea's placement is not Demeter's step (the engine shows the
    mover's power its turn without inserted steps, ``rules.mover_turn``)."""
    board = Scenario(
        position(LEVELS, "a1,e5 b2,d4", to_move=2, powers="Gaea,Demeter"), mid="b2-c2^c3", offered=["@b4"]
    ).check()
    board = Scenario(board, mid="@b4", offered=["^b1"]).check()
    assert board.turn
    board = Scenario(board, mid="^b1").check()
    assert board.to_move == 0 and format_turn(board.history[-1]) == "b2-c2^c3+@b4^b1"


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(gaea: int) -> gn.Generator:
    """From the card text alone: both players play the base game; after a build that is a
    dome (a build on level 3), while her card holds a worker (``gaea`` token, absent = 2),
    Gaea either places one on an unoccupied ground-level space next to the dome or not."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        out: list[gn.Result] = []
        for text, after, won in gn.base_turns(tpos):
            out.append((text, after, won))
            if won:
                continue
            target = nv.coord(text[-2:])
            spare = int(after.tokens.get("gaea", "2"))
            if target not in after.pos.domes or target in tpos.pos.domes or spare == 0:
                continue
            spots = [c for c in nv.neighbours(target) if after.pos.levels[c] == 0 and after.pos.unoccupied(c)]
            if not spots:
                continue
            out[-1] = (text + "~", after, False)
            for spot in spots:
                placed = after.copy()
                placed.pos.workers[gaea].append(spot)
                placed.tokens["gaea"] = str(spare - 1)
                out.append((f"{text}@{nv.name(spot)}", placed, False))
        return out

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 15, 928), (THEIRS, 67, 1806)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_with_gaea_second_and_three_workers() -> None:
    for text, seat in (
        (position(LEVELS, "b2,d4 a1,e5", powers="-,Gaea"), 1),
        (position(LEVELS, "a1,e5,a5 b2,d4", to_move=2, powers="Gaea,-", extra="gaea=1"), 0),
    ):
        assert check_against_naive(gn.oracle(naive_turns(seat)), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Gaea", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Gaea"], seeds=range(1), replay=False)


def test_illegal_placements_are_refused() -> None:
    Scenario(THEIRS, illegal=["b2-c2^c3@b3", "b2-c2^c3@d3", "b2-c2^c3@a5", "b2-c2^c3@b4@d2"]).check()
