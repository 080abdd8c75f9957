"""45. Urania (SANTORINI.md §4; RULINGS #62): when her worker moves or builds, opposite edges
and corners count as adjacent, so every space has 8 neighbours — for her only."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.powers.urania import WRAP_NEIGHBORS, wrap_direction
from aegean.santorini.squares import SQUARES, parse_square
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, check_seated_playouts
from powers.oracle import check_against_naive, check_along_random_games, check_perft, seat_of
from powers.scenario import Scenario, position, steps, turns

START = position("a2=1 e1=2 e5=1 b5=B", "a1,c3 d2,d4", powers="Urania,-")


def test_every_space_has_eight_neighbours() -> None:
    """Card: 'every space has 8 neighbors' — corners and edges included, all distinct."""
    for square in SQUARES:
        assert len(set(WRAP_NEIGHBORS[square])) == 8 and square not in WRAP_NEIGHBORS[square]
    names = steps(Board.from_position(position("", "a1,c3 d2,d4", powers="Urania,-")))
    assert {n for n in names if n.startswith("a1-")} == {
        f"a1-{s}" for s in ("b1", "a2", "b2", "e1", "e2", "a5", "b5", "e5")
    }


def test_moves_wrap_round_edges_and_corners() -> None:
    """Card: opposite edges and corners are adjacent: a1 reaches e1, a5 and the far corner e5;
    the dome on b5 still blocks, and the height rule holds across the edge (e1 is two up)."""
    Scenario(START, listed=["a1-e5^a1", "a1-a5^e4", "a1-e2^a3"], never_begins=["a1-b5", "a1-e1"]).check()


def test_builds_wrap_too() -> None:
    """Card: 'when your worker moves or builds': from a3 she builds on e2, e3, e4."""
    board = Scenario(START, listed=["a1-a2^e1", "a1-a2^e3", "a1-a2^e2", "c3-c4^c5"], play="a1-a2^e1").check()
    assert board.height[parse_square("e1")] == 3


def test_a_wrapped_climb_onto_level_three_wins() -> None:
    """The usual win (§2): a2 (level 2) to e1 (level 3) is one step west-south over the corner."""
    Scenario(
        position("a2=2 e1=3", "a2,c3 d2,d4", powers="Urania,-"), play="a2-e1", winner=0, by=Termination.CLIMB
    ).check()


def test_opponents_do_not_wrap() -> None:
    """Ruling 62: only Urania's own moves and builds wrap; her opponent on a1 cannot reach e1."""
    board = Scenario(
        position("", "c3,c4 a1,d4", powers="Urania,-", to_move=2),
        never_begins=["a1-e1", "a1-a5", "a1-e5"],
        illegal=["a1-e1^a1"],
    ).check()
    assert {t.split("^")[0] for t in turns(board) if t.startswith("a1-")} == {"a1-a2", "a1-b1", "a1-b2"}


def test_opponents_cannot_push_her_across_the_edge() -> None:
    """Ruling 62: Minotaur on b3 cannot push her worker on a3 west over the edge to e3."""
    Scenario(position("", "a3,c5 b3,d4", powers="Urania,Minotaur", to_move=2), never_begins=["b3-a3"]).check()
    board = Scenario(
        position("", "b3,c5 c3,d4", powers="Urania,Minotaur", to_move=2),
        play="c3-b3^c3",  # an ordinary push, straight on to a3
    ).check()
    assert board.position().split()[2] == "a3,c5"


def test_other_powers_still_restrict_her_wrapped_moves() -> None:
    """Ruling 62 changes only adjacency: Athena (moved up) still forbids the wrapped climb
    a1 (level 1) -> e5 (level 2), not the level wrapped move a1 -> e1."""
    Scenario(
        position("a1=1 e5=2 e1=1", "a1,c3 c1,d4", powers="Urania,Athena", extra="athena=up"),
        never_begins=["a1-e5"],
        listed=["a1-e1^a1"],
    ).check()


def test_wrap_direction() -> None:
    """A step over the edge has the direction of the wrap (used by Aeolus's wind)."""
    sq = parse_square
    assert wrap_direction(sq("a1"), sq("e1")) == (-1, 0)
    assert wrap_direction(sq("e1"), sq("a1")) == (1, 0)
    assert wrap_direction(sq("a1"), sq("e5")) == (-1, -1)
    assert wrap_direction(sq("c3"), sq("d4")) == (1, 1)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "a1-e5^a1",
        mid=[position("a2=1 e1=2 e5=1 b5=B", "e5,c3 d2,d4", powers="Urania,-", extra="turn=a1-e5")],
    )


# ---------------------------------------------------------------------- naive cross-check
def torus(c: nv.Coord) -> list[nv.Coord]:
    """The 8 squares around ``c`` when the board wraps round (written from the card)."""
    return [((c[0] + df) % 5, (c[1] + dr) % 5) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]


def naive_turns(urania: int) -> gn.Generator:
    """Every turn of the player to move: Urania (seat ``urania``) with wrapped neighbours,
    her opponent with the ordinary ones."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        return gn.base_turns(tpos, around=torus if tpos.pos.to_move == urania else nv.neighbours)

    return generate


POSITIONS = [
    START,
    position("a1=1 a5=2 e1=3 e5=2 c3=1", "a1,e3 c2,c4", powers="Urania,-"),
    position("a1=1 a5=2 e1=3 e5=2 c3=1", "a1,e3 c2,c4", powers="-,Urania", to_move=2),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    assert check_against_naive(gn.oracle(naive_turns(seat_of("Urania", text))), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[0], 84, 5666), (POSITIONS[1], 109, 10215)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    check_along_random_games("Urania", lambda seat: gn.oracle(naive_turns(seat)), seed=45, turns=12)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Urania", rival)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Urania", "Minotaur"], seeds=range(1), replay=True)
