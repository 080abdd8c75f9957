"""42. Siren (SANTORINI.md §4; RULINGS #59, printed text): the Arrow is pointed at setup;
instead of her normal turn she may force opponent workers one space along it."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, StepKind, perft
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import END, force, mark, step_kind
from powers import gf_naive as gn
from powers.naive_gods import base_turns
from powers.support import check_random_playouts, position, turns

# The Song points north-east. Siren on b2 and e1; the opponent on b4 (c5 beyond it:
# level 3) and d4 (e5 beyond it: a dome).
LEVELS = "c5=3 e3=1 e5=A c3=1 a1=2"
START = position(LEVELS, "b2,e1 b4,d4", powers="Siren,-", extra="siren=ne")
THEIRS = position(LEVELS, "b2,e1 b4,d4", to_move=2, powers="Siren,-", extra="siren=ne")
DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def sq(name: str) -> int:
    return parse_square(name)


def test_the_arrow_ends_her_placement_turn() -> None:
    """Card, Setup: she points the Arrow in one of 8 directions as she places."""
    board = Board(2, ["Siren", None])
    assert len(board.legal_turns()) == 300 * 8
    with pytest.raises(IllegalTurnError, match="not finished"):
        board.play("@b2@d4")
    board.play("@b2@d4*ne")
    assert board.tokens["siren"] == "ne" and board.to_move == 1
    assert len(board.legal_turns()) == 253  # no Arrow for the opponent
    board.play("@b4@d2")
    assert board.position() == "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Siren,- siren=ne"


def test_the_arrow_as_second_placer_and_mid_setup_round_trip() -> None:
    board = Board(2, [None, "Siren"])
    board.play("@b2@d4")
    for step in board.parse_turn("@a1@a2"):
        board.push(step)
    text = board.position()
    assert text.endswith("turn=@a1@a2")
    again = Board.from_position(text)
    assert again.position() == text and again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(mark(direction=d) for d in range(8))
    again.push(mark(direction=4))
    assert again.tokens["siren"] == "s" and again.to_move == 0


def test_the_song_forces_opponents_one_space_along_the_arrow() -> None:
    """Card: one or more opponent workers, one space in the direction of the Song, each
    into an unoccupied space at any level; nothing else that turn."""
    board = Board.from_position(START)
    songs = {t for t in turns(board) if ">" in t}
    # b4 -> c5 (level 3: any level); d4 -> e5 is a dome: not possible.
    assert songs == {"b4>c5"}
    board.play("b4>c5")
    assert sorted(board.workers[1]) == sorted([sq("c5"), sq("d4")])
    assert board.to_move == 1 and board.outcome() is None  # forced onto level 3: no win


def test_several_workers_in_either_order_and_into_a_just_vacated_space() -> None:
    """ "One or more": each opponent worker at most once; forced one after another, so
    the worker behind may follow into the space the one ahead has left."""
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    board = Board.from_position(text)
    songs = {t for t in turns(board) if ">" in t}
    assert songs == {"c3>d4", "c3>d4,b2>c3"}  # b2 -> c3 only once c3 has gone on
    with pytest.raises(IllegalTurnError):
        board.play("b2>c3,c3>d4")
    with pytest.raises(IllegalTurnError):
        board.play("c3>d4,d4>e5")  # the same worker twice
    board.play("c3>d4,b2>c3")
    assert sorted(board.workers[1]) == sorted([sq("c3"), sq("d4")])


def test_no_build_after_the_song() -> None:
    """RULINGS #59, printed text: the Song replaces the whole turn, no build follows (the
    revised text's build is not followed)."""
    board = Board.from_position(START)
    for bad in ("b4>c5,b2^b3", "b4>c5,b2-b3^b2"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    for step in board.parse_turn("b4>c5"):
        board.push(step)
    assert board.to_move == 1  # the turn ended by itself: nothing else could follow


def test_a_song_mid_turn_offers_more_forces_or_the_end() -> None:
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    board = Board.from_position(text)
    board.push(force(sq("c3"), sq("d4")))
    assert board.position().endswith("turn=c3>d4")
    assert set(board.legal_steps()) == {force(sq("b2"), sq("c3")), END}
    again = Board.from_position(board.position())
    assert set(again.legal_steps()) == set(board.legal_steps())


def test_the_normal_turn_stays_and_the_song_saves_a_stuck_siren() -> None:
    """ "You may": the normal turn is still there; and with every worker of hers walled in
    she does not lose while she can sing."""
    board = Board.from_position(START)
    assert "b2-b3^b2" in turns(board)
    walled = position("a2=A b1=A b2=A c2=A d1=A d2=A e2=A", "a1,e1 b4,d4", powers="Siren,-", extra="siren=ne")
    stuck = Board.from_position(walled)
    assert turns(stuck) == {"b4>c5", "d4>e5", "b4>c5,d4>e5"}
    assert stuck.outcome() is None
    nowhere = Board.from_position(walled.replace("siren=ne", "siren=n").replace("b4,d4", "a5,b5"))
    assert nowhere.legal_turns() == [] and nowhere.outcome() is not None


def test_only_opponent_workers_are_forced_and_only_onto_free_spaces() -> None:
    """Opponent workers only (her own c3 could go south-west to b2, but is hers); not onto
    her worker (d4 -> c3), not off the board (b1)."""
    text = position("", "c3,e5 d4,b1", powers="Siren,-", extra="siren=sw")
    assert not any(">" in t for t in turns(Board.from_position(text)))
    text = position("", "c3,e5 d4,b2", powers="Siren,-", extra="siren=sw")
    assert {t for t in turns(Board.from_position(text)) if ">" in t} == {"b2>a1"}


def test_a_position_without_the_arrow_asks_for_it_first() -> None:
    board = Board.from_position(position("", "b2,d4 b4,d2", powers="Siren,-"))
    assert turns(board) == {f"*{d}" for d in DIRECTIONS}
    board.play("*w")
    assert board.to_move == 0 and board.tokens["siren"] == "w"


def test_undo_and_position_round_trip() -> None:
    text = position("", "a1,e1 b2,c3", powers="Siren,-", extra="siren=ne")
    board = Board.from_position(text)
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("c3>d4,b2>c3")
    assert all(step_kind(s) is StepKind.FORCE for s in steps)
    for step in steps:
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
_DELTAS = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}


def naive_turns(siren: int) -> gn.Generator:
    """From the card text alone: the base-game turn, or the Song — any non-empty set of
    opponent workers, forced in some order, each one space along the Arrow onto a space
    on the board with no worker and no dome (any level). The opponent plays the base game."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos = tpos.pos
        me = pos.to_move
        out = base_turns(tpos)
        if me != siren:
            return out
        df, dr = _DELTAS[tpos.tokens["siren"]]

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
    generate = naive_turns(0)
    assert gn.check_turns(generate, text) == depth1
    board = Board.from_position(text)
    assert perft(board, 1) == depth1
    assert perft(board, 2) == gn.perft(generate, gn.parse(text), 2) == depth2


def test_naive_agrees_in_every_direction() -> None:
    for d in DIRECTIONS:
        text = position(LEVELS, "b2,e1 b4,c3", powers="Siren,-", extra=f"siren={d}")
        assert gn.check_turns(naive_turns(0), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Siren", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Siren"], seeds=range(1), replay=False)
