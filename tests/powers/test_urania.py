"""45. Urania (SANTORINI.md §4; RULINGS #62): when her worker moves or builds, opposite edges
and corners count as adjacent, so every space has 8 neighbours — for her only."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, perft
from aegean.santorini.powers.urania import WRAP_NEIGHBORS, wrap_direction
from aegean.santorini.squares import SQUARES, parse_square
from powers import gf_naive as gn
from powers.support import check_random_playouts, playout_checking_hashes, position, turns

START = position("a2=1 e1=2 e5=1 b5=B", "a1,c3 d2,d4", powers="Urania,-")


def test_every_space_has_eight_neighbours() -> None:
    """Card: 'every space has 8 neighbors' — corners and edges included, all distinct."""
    for square in SQUARES:
        assert len(set(WRAP_NEIGHBORS[square])) == 8 and square not in WRAP_NEIGHBORS[square]
    names = {
        format_turn((m,))
        for m in Board.from_position(position("", "a1,c3 d2,d4", powers="Urania,-")).legal_steps()
    }
    assert {n for n in names if n.startswith("a1-")} == {
        f"a1-{s}" for s in ("b1", "a2", "b2", "e1", "e2", "a5", "b5", "e5")
    }


def test_moves_wrap_round_edges_and_corners() -> None:
    """Card: opposite edges and corners are adjacent: a1 reaches e1, a5 and the far corner e5;
    the dome on b5 still blocks, and the height rule holds across the edge (e1 is two up)."""
    legal = turns(Board.from_position(START))
    assert {"a1-e5^a1", "a1-a5^e4", "a1-e2^a3"} <= legal
    assert not any(t.startswith(("a1-b5", "a1-e1")) for t in legal)


def test_builds_wrap_too() -> None:
    """Card: 'when your worker moves or builds': from a3 she builds on e2, e3, e4."""
    legal = turns(Board.from_position(START))
    assert {"a1-a2^e1", "a1-a2^e3", "a1-a2^e2", "c3-c4^c5"} <= legal
    board = Board.from_position(START)
    board.play("a1-a2^e1")
    assert board.height[parse_square("e1")] == 3


def test_a_wrapped_climb_onto_level_three_wins() -> None:
    """The usual win (§2): a2 (level 2) to e1 (level 3) is one step west-south over the corner."""
    board = Board.from_position(position("a2=2 e1=3", "a2,c3 d2,d4", powers="Urania,-"))
    board.play("a2-e1")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB


def test_opponents_do_not_wrap() -> None:
    """Ruling 62: only Urania's own moves and builds wrap; her opponent on a1 cannot reach e1."""
    board = Board.from_position(position("", "c3,c4 a1,d4", powers="Urania,-", to_move=2))
    legal = turns(board)
    assert not any(t.startswith(("a1-e1", "a1-a5", "a1-e5")) for t in legal)
    with pytest.raises(IllegalTurnError):
        board.play("a1-e1^a1")
    assert {t.split("^")[0] for t in legal if t.startswith("a1-")} == {"a1-a2", "a1-b1", "a1-b2"}


def test_opponents_cannot_push_her_across_the_edge() -> None:
    """Ruling 62: Minotaur on b3 cannot push her worker on a3 west over the edge to e3."""
    board = Board.from_position(position("", "a3,c5 b3,d4", powers="Urania,Minotaur", to_move=2))
    assert not any(t.startswith("b3-a3") for t in turns(board))
    board = Board.from_position(position("", "b3,c5 c3,d4", powers="Urania,Minotaur", to_move=2))
    board.play("c3-b3^c3")  # an ordinary push, straight on to a3
    assert board.position().split()[2] == "a3,c5"


def test_other_powers_still_restrict_her_wrapped_moves() -> None:
    """Ruling 62 changes only adjacency: Athena (moved up) still forbids the wrapped climb
    a1 (level 1) -> e5 (level 2), not the level wrapped move a1 -> e1."""
    board = Board.from_position(
        position("a1=1 e5=2 e1=1", "a1,c3 c1,d4", powers="Urania,Athena", extra="athena=up")
    )
    legal = turns(board)
    assert not any(t.startswith("a1-e5") for t in legal)
    assert "a1-e1^a1" in legal


def test_wrap_direction() -> None:
    """A step over the edge has the direction of the wrap (used by Aeolus's wind)."""
    sq = parse_square
    assert wrap_direction(sq("a1"), sq("e1")) == (-1, 0)
    assert wrap_direction(sq("e1"), sq("a1")) == (1, 0)
    assert wrap_direction(sq("a1"), sq("e5")) == (-1, -1)
    assert wrap_direction(sq("c3"), sq("d4")) == (1, 1)


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("a1-e5^a1"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        if board.turn:
            assert board.position().endswith("turn=a1-e5")
            assert turns(again) == turns(board)
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def torus(c: nv.Coord) -> list[nv.Coord]:
    """The 8 squares around ``c`` when the board wraps round (written from the card)."""
    return [((c[0] + df) % 5, (c[1] + dr) % 5) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


def naive_turns(urania: int) -> gn.Generator:
    """Every turn of the player to move: Urania (seat ``urania``) with wrapped neighbours,
    her opponent with the ordinary ones."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos, me = tpos.pos, tpos.pos.to_move
        around = torus if me == urania else nv.neighbours
        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in around(src):
                if pos.unoccupied(dst) and pos.levels[dst] <= pos.levels[src] + 1:
                    out += gn.plain_climb_or_build(
                        tpos,
                        me,
                        index,
                        src,
                        dst,
                        lambda moved, w: [t for t in around(w) if moved.pos.unoccupied(t)],
                    )
        return out

    return generate


POSITIONS = [
    START,
    position("a1=1 a5=2 e1=3 e5=2 c3=1", "a1,e3 c2,c4", powers="Urania,-"),
    position("a1=1 a5=2 e1=3 e5=2 c3=1", "a1,e3 c2,c4", powers="-,Urania", to_move=2),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    urania = 0 if text.split("powers=")[1].startswith("Urania") else 1
    assert gn.check_turns(naive_turns(urania), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[0], 84, 5666), (POSITIONS[1], 109, 10215)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(text)
    tpos = gn.parse(text)
    assert perft(board, 1) == gn.perft(naive_turns(0), tpos, 1) == depth1
    assert perft(board, 2) == gn.perft(naive_turns(0), tpos, 2) == depth2


def test_naive_agrees_along_random_games() -> None:
    gn.check_along_random_games("Urania", naive_turns, seed=45, turns=12)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(2):
        board = Board(2, ["Urania", rival] if seed % 2 == 0 else [rival, "Urania"])
        playout_checking_hashes(board, random.Random(seed))


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Urania", "Minotaur"], seeds=range(1), replay=True)
