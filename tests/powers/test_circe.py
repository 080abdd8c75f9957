"""17. Circe (SANTORINI.md §4; RULINGS #34): at the start of her turn, if the opponent's
workers do not neighbour each other, she alone has the use of the opponent's power until
her next turn; the opponent has none in between, not even end-of-turn effects."""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board, perft
from aegean.santorini.squares import parse_square
from powers.invariants import check_playout, check_round_trip
from powers.scenario import Scenario, positions, turns

position = positions("Circe,Apollo", "b2,e5 a1,c3")


# ---------------------------------------------------------------------- taking and giving back
def test_circe_takes_the_power_of_an_opponent_whose_workers_are_apart() -> None:
    """Start of Your Turn: Apollo's workers (a1, e4) do not neighbour each other, so Circe
    takes his power (token ``circe=2``) and swaps; Apollo then cannot swap."""
    board = Scenario(
        position(workers="b2,d4 a1,e5", to_move=2),
        begins=["e5-d4"],  # Apollo still has his power
        play="e5-e4^e5",
        tokens={"circe": "2"},
    ).check()
    board = Scenario(board, begins=["b2-a1"], play="b2-a1^a2").check()  # Circe swaps
    assert board.owner[parse_square("b2")] == 1
    Scenario(
        board,
        never_begins=["b2-a1"],
        illegal=["b2-a1^b1"],
        play="e4-e3^e4",
        tokens={"circe": "2"},  # still apart: she keeps it
    ).check()


def test_no_power_is_taken_while_the_workers_neighbour_each_other() -> None:
    """The condition fails when the workers are adjacent at the start of her turn: Circe
    has no power of her own to use, and Apollo keeps his."""
    board = Scenario(
        position(workers="b2,d4 a1,c2", to_move=2),
        play="c2-b1^c1",  # a1 and b1 are neighbours
        tokens={},
    ).check()
    board = Scenario(board, never_begins=["b2-a1", "b2-b1"], play="d4-d5^d4").check()
    Scenario(board, begins=["b1-b2"]).check()


def test_the_power_goes_back_when_the_workers_neighbour_each_other_at_her_turn() -> None:
    """RULINGS #34: it returns at the start of Circe's next turn, if the workers are
    adjacent then: Apollo swaps again, Circe cannot."""
    board = Scenario(
        position(workers="b2,d4 a1,c2", to_move=2, extra="circe=2"),
        play="c2-b1^c1",  # now a1 and b1 are neighbours
        tokens={},
    ).check()
    board = Scenario(board, never_begins=["b2-a1", "b2-b1"], play="d4-d5^d4").check()
    Scenario(board, begins=["b1-b2"]).check()


def test_the_power_stays_with_circe_until_her_next_turn() -> None:
    """RULINGS #34: the power goes back only at the start of her next turn: her swap puts
    Apollo's workers side by side (b2, c3), yet he stays powerless in his turn."""
    board = Scenario(
        position(workers="b2,e5 a1,c3", extra="circe=2"), play="b2-a1^a2", tokens={"circe": "2"}
    ).check()
    # Circe's turn: b2 and d3 are apart, so she keeps it.
    Scenario(board, never_begins=["b2-a1"], play="c3-d3^d2", tokens={"circe": "2"}).check()


# ---------------------------------------------------------------------- tokens of borrowed powers
def test_circe_and_athena() -> None:
    """RULINGS #17/#34: a taken Athena's restriction lapses (her token is cleared as the
    power changes hands); Circe moving up with Athena's power restricts the Athena player
    (token ``athena=up``, same name); given back, Circe is free again."""
    board = Scenario(
        position("c3=1 d3=1 e4=2 b3=2", "b2,e5 d2,b4", to_move=2, powers="Circe,Athena"),
        play="d2-d3^d2",  # Athena moves up; her workers d3, b4 are apart
        tokens={"circe": "2"},
    ).check()
    board = Scenario(
        board,
        play="b2-c3^c2",  # up: allowed, Athena's restriction went with her power
        tokens={"circe": "2", "athena": "up"},
    ).check()
    board = Scenario(
        board,
        illegal={"d3-e4^e5": "Athena's power forbids d3-e4"},
        play="b4-c4^b5",  # c4 neighbours d3
        tokens={},
    ).check()
    Scenario(board, begins=["c3-b3"]).check()  # up again: the Athena player did not move up


def test_circe_and_morpheus() -> None:
    """Circe takes Morpheus: his pieces are cleared (state of the previous holder) and she
    gets one at the start of her turn (token ``morpheus``); the Morpheus player, powerless,
    then gains none and builds once as normal."""
    board = Scenario(
        position("", "b2,e5 d2,a5", to_move=2, powers="Circe,Morpheus", extra="morpheus=2"),
        play="d2-d3^d4",
        tokens={"circe": "2", "morpheus": "1"},
    ).check()
    board = Scenario(
        board,
        listed=["b2-b1^a1", "b2-b1"],
        unlisted=["b2-b1^a1^a1"],
        play="b2-b1^a1",
        tokens={"circe": "2"},
    ).check()
    assert all(t.count("^") == 1 for t in turns(board))


def test_the_opponent_loses_even_end_of_turn_effects() -> None:
    """RULINGS #34: no power at all in between: Medusa's end-of-turn petrification does
    not happen for her, but does for Circe, who holds it."""
    board = Scenario(
        position("c3=1 b4=1", "b3,e5 c3,a4", to_move=2, powers="Circe,Medusa", extra="circe=2"),
        play="a4-a5^a4",  # c3 (level 1) neighbours Circe's b3 (level 0)
        tokens={"circe": "2"},
    ).check()
    assert board.owner[parse_square("b3")] == 0
    board = Scenario(
        board, play="b3-b4^b3"
    ).check()  # b4 (level 1) neighbours the Medusa worker on a5 (level 0)
    assert board.workers[1] == [parse_square("c3")]
    assert board.height[parse_square("a5")] == 1


# ---------------------------------------------------------------------- undo, round trip, perft
def test_undo_and_round_trip_with_tokens() -> None:
    """Undo restores the position and hash across a take-over; positions read back."""
    check_round_trip(
        position(workers="b2,d4 a1,e5", to_move=2),
        "e5-e4^e5",
        "b2-a1^a2",  # mid-turn after the swap
        mid=[None, position("e5=1", "b2,d4 a1,e4", extra="circe=2")],
    )


@pytest.mark.parametrize(
    ("text", "same_as", "golden"),
    [
        # Holding Apollo's power, Circe plays Apollo against a powerless player.
        (
            position("c3=1 d3=2", "b2,d4 a1,c3", extra="circe=2"),
            position("c3=1 d3=2", "b2,d4 a1,c3", powers="Apollo,-"),
            4238,
        ),
        # Not holding it: base rules against Apollo.
        (position("c3=1 d3=2", "b2,d4 a1,b1"), position("c3=1 d3=2", "b2,d4 a1,b1", powers="-,Apollo"), 2134),
        (
            position("c3=1 d3=2 a3=3", "b2,d4 a1,c3", powers="Circe,Hermes", extra="circe=2"),
            position("c3=1 d3=2 a3=3", "b2,d4 a1,c3", powers="Hermes,-"),
            124552,
        ),
    ],
)
def test_perft_two_matches_the_power_played_outright(text: str, same_as: str, golden: int) -> None:
    """Depth 2 cross-check: Circe holding a power is that power in her seat and none in the
    opponent's (no re-evaluation happens within two turns from her turn)."""
    board, other = Board.from_position(text), Board.from_position(same_as)
    assert turns(board) == turns(other)
    assert perft(board, 2) == perft(other, 2) == golden


@pytest.mark.parametrize("opponent", [None, "Athena", "Apollo", "Hermes"])
def test_random_playouts_keep_the_invariants(opponent: str | None) -> None:
    """Seeded random games: hash consistency after every turn, positions round-trip, a
    winner at the end, undoing everything restores the start."""
    games = [
        check_playout(Board(2, powers), random.Random(f"circe{opponent}{seed}"), max_turns=150)
        for seed, powers in enumerate((["Circe", opponent], [opponent, "Circe"]))
    ]
    assert any("circe=" in p for game in games for p in game.positions)  # the power was taken
