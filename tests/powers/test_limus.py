"""23. Limus (SANTORINI.md §4; RULINGS #40): opponent workers cannot build on spaces
neighbouring her workers, unless the build is a dome completing a Complete Tower. The
printed text is followed: a dome below level 3 (Atlas) is refused there too. The rule
covers every build an opponent's power adds."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, turns

#: By default Limus (player 2) stands on c3 and a5; player 1 on b1 and e1.
position = positions("-,Limus", "b1,e1 c3,a5")


def builds_after(board: Board, move: str) -> set[str]:
    """The build squares of the legal turns that start with ``move``."""
    return {t[len(move) + 1 :] for t in turns(board) if t.startswith(move + "^")}


# ---------------------------------------------------------------------- scenarios
def test_opponents_cannot_build_next_to_her_workers() -> None:
    """Card: after b1-b2, c2 and b3 neighbour Limus's worker on c3 and are refused; the
    other neighbours of b2 are not."""
    board = Scenario(position(), illegal={"b1-b2^c2": "Limus"}).check()
    assert builds_after(board, "b1-b2") == {"a1", "b1", "c1", "a2", "a3"}


def test_a_dome_completing_a_tower_is_allowed() -> None:
    """Card: "unless the build is a dome completing a Complete Tower": on level 3."""
    board = Board.from_position(position("c2=3 b3=2"))
    assert builds_after(board, "b1-b2") == {"a1", "b1", "c1", "a2", "a3", "c2"}
    board = Scenario(board, play="b1-b2^c2").check()
    assert board.domes >> 7 & 1 and board.height[7] == 3


def test_her_own_workers_build_anywhere() -> None:
    board = Board.from_position(position(to_move=2))
    assert builds_after(board, "c3-c2") == {"c1", "d1", "b2", "d2", "b3", "c3", "d3"}  # b1 is occupied


def test_atlas_low_dome_next_to_limus_is_refused() -> None:
    """RULINGS #40 (printed text) and #20: Atlas's dome on level 0-2 is no Complete Tower,
    so not next to Limus; away from her it is fine, and on level 3 next to her too."""
    Scenario(
        position("c2=3", powers="Atlas,Limus"),
        listed=["b1-b2^a2D", "b1-b2^c2"],  # the dome on level 3
        never_begins=["b1-b2^b3"],
        illegal=["b1-b2^b3D"],
    ).check()
    Scenario(position(powers="Atlas,Limus"), unlisted=["b1-b2^c2D"]).check()


def test_extra_builds_of_other_powers_are_refused_next_to_her() -> None:
    """Demeter's second build, Hestia's extra build, Prometheus's build before moving and
    Zeus's block under himself are builds like any other."""
    demeter = Scenario(position(powers="Demeter,Limus"), listed=["b1-b2^a2^a3"]).check()
    assert not any(t.startswith("b1-b2^a2^") and t[-2:] in ("c2", "b3") for t in turns(demeter))
    # Every inner space neighbours c3: with Limus there, Hestia has no extra build at all.
    hestia = Board.from_position(position(powers="Hestia,Limus"))
    assert all(t.count("^") == 1 for t in turns(hestia))
    Scenario(
        position(workers="b1,e1 d4,a5", powers="Hestia,Limus"),
        listed=["b1-b2^a1^c2", "b1-b2^a1^b3"],
        unlisted=["b1-b2^a1^c3"],  # c3 neighbours d4
    ).check()
    Scenario(position(powers="Prometheus,Limus"), listed=["b1^a2-a1^b1"], never_begins=["b1^c2"]).check()
    Scenario(
        position(powers="Zeus,Limus"),
        listed=["b1-a1^a1"],  # a1 does not neighbour c3
        unlisted=["b1-b2^b2"],
    ).check()


def test_an_opponent_whose_every_build_is_refused_loses() -> None:
    """Every move of a1/a3 ends where all buildable neighbours touch b2 or b4: no legal
    turn, and player 1 loses (SANTORINI.md §3.2, rule 2.2)."""
    board = Scenario(position("", "a1,a3 b2,b4"), winner=1, by=Termination.NO_LEGAL_TURN).check()
    assert board.legal_turns() == []


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(position(), "b1-b2^a3")
    Scenario(position(), mid="b1-b2", steps=["^a1", "^b1", "^c1", "^a2", "^a3"]).check()


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: the opponent builds next to no worker of Limus's, but for
    a dome on level 3 (``seat``: Limus's)."""
    me = pos.to_move
    near_limus = {c for w in pos.workers[seat] for c in nv.neighbours(w)}

    def allowed(turn: NaiveTurn) -> bool:
        target = nv.coord(turn[0][-2:])
        return me == seat or bool(turn[2]) or target not in near_limus or pos.levels[target] == 3

    out: list[NaiveTurn] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            out += filter(allowed, nv.finish(pos, nv.moved(pos, i, dst), src, dst))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards(
        "Limus", partial(by_turns, naive_turns), seed=2323, count=40, dome_chance=0.1, same_turns=True
    )


#: Towers of every height; player 1 (restricted) moves first, Limus second.
MIDGAME = midgame("-,Limus")


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 1), {MIDGAME: (21, 887)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Limus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=False)
