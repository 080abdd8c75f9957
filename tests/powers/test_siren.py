"""42. Siren (SANTORINI.md §4; RULINGS #59, printed text): the Arrow is pointed at setup;
instead of her normal turn she may force opponent workers one space along it."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, StepKind
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import END, force, mark, step_kind
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, turns

# The Song points north-east. Siren on b2 and e1; the opponent on b4 (c5 beyond it:
# level 3) and d4 (e5 beyond it: a dome).
LEVELS = "c5=3 e3=1 e5=A c3=1 a1=2"
START = position(LEVELS, "b2,e1 b4,d4", powers="Siren,-", extra="siren=ne")
THEIRS = position(LEVELS, "b2,e1 b4,d4", to_move=2, powers="Siren,-", extra="siren=ne")
DIRECTIONS = tuple(nv.DIRECTIONS)


def sq(name: str) -> int:
    return parse_square(name)


def songs(text: str) -> set[str]:
    """The listed turns that are Songs (forces, no move)."""
    return {t for t in turns(Board.from_position(text)) if ">" in t}


def test_the_arrow_ends_her_placement_turn() -> None:
    """Card, Setup: she points the Arrow in one of 8 directions as she places."""
    board = Scenario(
        Board(2, ["Siren", None]),
        count=300 * 8,
        illegal={"@b2@d4": "not finished"},
        play="@b2@d4*ne",
        tokens={"siren": "ne"},
    ).check()
    assert board.to_move == 1
    Scenario(
        board,
        count=253,  # no Arrow for the opponent
        play="@b4@d2",
        after="00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Siren,- siren=ne",
    ).check()


def test_the_arrow_as_second_placer_and_mid_setup_round_trip() -> None:
    board = Scenario(Board(2, [None, "Siren"]), play="@b2@d4").check()
    check_round_trip(
        board,
        "@a1@a2*s",
        mid=[None, "00000/00000/00000/00000/00000 2 b2,d4 a1,a2 powers=-,Siren turn=@a1@a2"],
        after="00000/00000/00000/00000/00000 1 b2,d4 a1,a2 powers=-,Siren siren=s",
    )
    board = Scenario(board, mid="@a1@a2").check()
    assert sorted(board.legal_steps()) == sorted(mark(direction=d) for d in range(8))
    assert board.parse_turn("*s")[0] == mark(direction=4)


def test_the_song_forces_opponents_one_space_along_the_arrow() -> None:
    """Card: one or more opponent workers, one space in the direction of the Song, each
    into an unoccupied space at any level; nothing else that turn."""
    # b4 -> c5 (level 3: any level); d4 -> e5 is a dome: not possible.
    assert songs(START) == {"b4>c5"}
    board = Scenario(START, play="b4>c5", ongoing=True).check()  # forced onto level 3: no win
    assert sorted(board.workers[1]) == sorted([sq("c5"), sq("d4")])
    assert board.to_move == 1


def test_several_workers_in_either_order_and_into_a_just_vacated_space() -> None:
    """ "One or more": each opponent worker at most once; forced one after another, so
    the worker behind may follow into the space the one ahead has left."""
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    assert songs(text) == {"c3>d4", "c3>d4,b2>c3"}  # b2 -> c3 only once c3 has gone on
    board = Scenario(
        text,
        illegal=["b2>c3,c3>d4", "c3>d4,d4>e5"],  # (the same worker twice)
        play="c3>d4,b2>c3",
    ).check()
    assert sorted(board.workers[1]) == sorted([sq("c3"), sq("d4")])


def test_no_build_after_the_song() -> None:
    """RULINGS #59, printed text: the Song replaces the whole turn, no build follows (the
    revised text's build is not followed)."""
    board = Scenario(START, illegal=["b4>c5,b2^b3", "b4>c5,b2-b3^b2"], mid="b4>c5").check()
    assert board.to_move == 1  # the turn ended by itself: nothing else could follow


def test_a_song_mid_turn_offers_more_forces_or_the_end() -> None:
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    board = Scenario(text, mid="c3>d4", steps=["b2>c3", "."]).check()
    assert board.position().endswith("turn=c3>d4")
    assert set(board.legal_steps()) == {force(sq("b2"), sq("c3")), END}
    again = Board.from_position(board.position())
    assert set(again.legal_steps()) == set(board.legal_steps())


def test_the_normal_turn_stays_and_the_song_saves_a_stuck_siren() -> None:
    """ "You may": the normal turn is still there; and with every worker of hers walled in
    she does not lose while she can sing."""
    Scenario(START, listed=["b2-b3^b2"]).check()
    walled = position("a2=A b1=A b2=A c2=A d1=A d2=A e2=A", "a1,e1 b4,d4", powers="Siren,-", extra="siren=ne")
    Scenario(walled, turns=["b4>c5", "d4>e5", "b4>c5,d4>e5"], ongoing=True).check()
    nowhere = Board.from_position(walled.replace("siren=ne", "siren=n").replace("b4,d4", "a5,b5"))
    assert nowhere.legal_turns() == [] and nowhere.outcome() is not None


def test_only_opponent_workers_are_forced_and_only_onto_free_spaces() -> None:
    """Opponent workers only (her own c3 could go south-west to b2, but is hers); not onto
    her worker (d4 -> c3), not off the board (b1)."""
    assert not songs(position("", "c3,e5 d4,b1", powers="Siren,-", extra="siren=sw"))
    assert songs(position("", "c3,e5 d4,b2", powers="Siren,-", extra="siren=sw")) == {"b2>a1"}


def test_a_position_without_the_arrow_asks_for_it_first() -> None:
    board = Scenario(
        position("", "b2,d4 b4,d2", powers="Siren,-"),
        turns=[f"*{d}" for d in DIRECTIONS],
        play="*w",
        tokens={"siren": "w"},
    ).check()
    assert board.to_move == 0


def test_undo_and_position_round_trip() -> None:
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    assert all(step_kind(s) is StepKind.FORCE for s in Board.from_position(text).parse_turn("c3>d4,b2>c3"))
    check_round_trip(text, "c3>d4,b2>c3")


# ---------------------------------------------------------------------- naive cross-check


def naive_turns(siren: int) -> gn.Generator:
    """From the card text alone: the base-game turn, or the Song — any non-empty set of
    opponent workers, forced in some order, each one space along the Arrow onto a space
    on the board with no worker and no dome (any level). The opponent plays the base game."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos = tpos.pos
        me = pos.to_move
        out = gn.base_turns(tpos)
        if me != siren:
            return out
        df, dr = nv.DIRECTIONS[tpos.tokens["siren"]]

        def sing(state: gn.TPos, left: list[int], text: str) -> None:
            for j in left:
                here = state.pos.workers[1 - me][j]
                there = (here[0] + df, here[1] + dr)
                if not (0 <= there[0] <= 4 and 0 <= there[1] <= 4) or not state.pos.unoccupied(there):
                    continue
                forced = state.copy()
                forced.pos.workers[1 - me][j] = there
                step = f"{text}{',' if text else ''}{nv.name(here)}>{nv.name(there)}"
                done = forced.copy()
                done.pos.to_move = 1 - me
                out.append((step, done, False))
                sing(forced, [k for k in left if k != j], step)

        sing(tpos, list(range(len(pos.workers[1 - me]))), "")
        return out

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 59, 3975), (THEIRS, 71, 4023)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_in_every_direction() -> None:
    for d in DIRECTIONS:
        text = position(LEVELS, "b2,e1 b4,c3", powers="Siren,-", extra=f"siren={d}")
        assert check_against_naive(gn.oracle(naive_turns(0)), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Siren", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Siren"], seeds=range(1), replay=False)
