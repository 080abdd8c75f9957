"""17. Circe (SANTORINI.md §4; RULINGS #34): at the start of her turn, if the opponent's
workers do not neighbour each other, she alone has the use of the opponent's power until
her next turn; the opponent has none in between, not even end-of-turn effects."""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.squares import parse_square
from powers.support import turns


def position(
    levels: str = "",
    workers: str = "b2,e5 a1,c3",
    *,
    to_move: int = 1,
    powers: str = "Circe,Apollo",
    tokens: str = "",
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", tokens) if f)


def starts(board: Board, move: str) -> bool:
    return any(t.startswith(move) for t in turns(board))


# ---------------------------------------------------------------------- taking and giving back
def test_circe_takes_the_power_of_an_opponent_whose_workers_are_apart() -> None:
    """Start of Your Turn: Apollo's workers (a1, e4) do not neighbour each other, so Circe
    takes his power (token ``circe=2``) and swaps; Apollo then cannot swap."""
    board = Board.from_position(position(workers="b2,d4 a1,e5", to_move=2))
    assert starts(board, "e5-d4")  # Apollo still has his power
    board.play("e5-e4^e5")
    assert board.tokens == {"circe": "2"}
    assert starts(board, "b2-a1")
    board.play("b2-a1^a2")  # Circe swaps
    assert board.owner[parse_square("b2")] == 1
    assert not starts(board, "b2-a1")
    with pytest.raises(IllegalTurnError):
        board.play("b2-a1^b1")
    board.play("e4-e3^e4")
    assert board.tokens == {"circe": "2"}  # still apart: she keeps it


def test_no_power_is_taken_while_the_workers_neighbour_each_other() -> None:
    """The condition fails when the workers are adjacent at the start of her turn: Circe
    has no power of her own to use, and Apollo keeps his."""
    board = Board.from_position(position(workers="b2,d4 a1,c2", to_move=2))
    board.play("c2-b1^c1")  # a1 and b1 are neighbours
    assert board.tokens == {}
    assert not starts(board, "b2-a1") and not starts(board, "b2-b1")
    board.play("d4-d5^d4")
    assert starts(board, "b1-b2")


def test_the_power_goes_back_when_the_workers_neighbour_each_other_at_her_turn() -> None:
    """RULINGS #34: it returns at the start of Circe's next turn, if the workers are
    adjacent then: Apollo swaps again, Circe cannot."""
    board = Board.from_position(position(workers="b2,d4 a1,c2", to_move=2, tokens="circe=2"))
    board.play("c2-b1^c1")  # now a1 and b1 are neighbours
    assert "circe" not in board.tokens
    assert not starts(board, "b2-a1") and not starts(board, "b2-b1")
    board.play("d4-d5^d4")
    assert starts(board, "b1-b2")


def test_the_power_stays_with_circe_until_her_next_turn() -> None:
    """RULINGS #34: the power goes back only at the start of her next turn: her swap puts
    Apollo's workers side by side (b2, c3), yet he stays powerless in his turn."""
    board = Board.from_position(position(workers="b2,e5 a1,c3", tokens="circe=2"))
    board.play("b2-a1^a2")
    assert board.tokens == {"circe": "2"}
    assert not starts(board, "b2-a1")
    board.play("c3-d3^d2")
    # Circe's turn: b2 and d3 are apart, so she keeps it.
    assert board.tokens == {"circe": "2"}


# ---------------------------------------------------------------------- tokens of borrowed powers
def test_circe_and_athena() -> None:
    """RULINGS #17/#34: a taken Athena's restriction lapses (her token is cleared as the
    power changes hands); Circe moving up with Athena's power restricts the Athena player
    (token ``athena=up``, same name); given back, Circe is free again."""
    board = Board.from_position(
        position("c3=1 d3=1 e4=2 b3=2", "b2,e5 d2,b4", to_move=2, powers="Circe,Athena")
    )
    board.play("d2-d3^d2")  # Athena moves up; her workers d3, b4 are apart
    assert board.tokens == {"circe": "2"}
    board.play("b2-c3^c2")  # up: allowed, Athena's restriction went with her power
    assert board.tokens == {"circe": "2", "athena": "up"}
    with pytest.raises(IllegalTurnError, match="Athena's power forbids d3-e4"):
        board.play("d3-e4^e5")
    board.play("b4-c4^b5")  # c4 neighbours d3
    assert board.tokens == {}
    assert starts(board, "c3-b3")  # up again: the Athena player did not move up


def test_circe_and_morpheus() -> None:
    """Circe takes Morpheus: his pieces are cleared (state of the previous holder) and she
    gets one at the start of her turn (token ``morpheus``); the Morpheus player, powerless,
    then gains none and builds once as normal."""
    board = Board.from_position(
        position("", "b2,e5 d2,a5", to_move=2, powers="Circe,Morpheus", tokens="morpheus=2")
    )
    board.play("d2-d3^d4")
    assert board.tokens == {"circe": "2", "morpheus": "1"}
    legal = turns(board)
    assert "b2-b1^a1" in legal and "b2-b1" in legal and "b2-b1^a1^a1" not in legal
    board.play("b2-b1^a1")
    assert board.tokens == {"circe": "2"}
    assert all(t.count("^") == 1 for t in turns(board))


def test_the_opponent_loses_even_end_of_turn_effects() -> None:
    """RULINGS #34: no power at all in between: Medusa's end-of-turn petrification does
    not happen for her, but does for Circe, who holds it."""
    board = Board.from_position(
        position("c3=1 b4=1", "b3,e5 c3,a4", to_move=2, powers="Circe,Medusa", tokens="circe=2")
    )
    board.play("a4-a5^a4")  # c3 (level 1) neighbours Circe's b3 (level 0)
    assert board.owner[parse_square("b3")] == 0
    assert board.tokens == {"circe": "2"}
    board.play("b3-b4^b3")  # b4 (level 1) neighbours the Medusa worker on a5 (level 0)
    assert board.workers[1] == [parse_square("c3")]
    assert board.height[parse_square("a5")] == 1


# ---------------------------------------------------------------------- undo, round trip, perft
def test_undo_and_round_trip_with_tokens() -> None:
    """Undo restores the position and hash across a take-over; positions read back."""
    board = Board.from_position(position(workers="b2,d4 a1,e5", to_move=2))
    start = (board.position(), board.zobrist_hash())
    board.play("e5-e4^e5")
    text = board.position()
    assert text.endswith("powers=Circe,Apollo circe=2")
    assert Board.from_position(text).zobrist_hash() == board.zobrist_hash()
    board.push(board.parse_turn("b2-a1^a2")[0])  # mid-turn
    mid = board.position()
    assert Board.from_position(mid).position() == mid
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == start


@pytest.mark.parametrize(
    ("text", "same_as", "golden"),
    [
        # Holding Apollo's power, Circe plays Apollo against a powerless player.
        (
            position("c3=1 d3=2", "b2,d4 a1,c3", tokens="circe=2"),
            position("c3=1 d3=2", "b2,d4 a1,c3", powers="Apollo,-"),
            4238,
        ),
        # Not holding it: base rules against Apollo.
        (position("c3=1 d3=2", "b2,d4 a1,b1"), position("c3=1 d3=2", "b2,d4 a1,b1", powers="-,Apollo"), 2134),
        (
            position("c3=1 d3=2 a3=3", "b2,d4 a1,c3", powers="Circe,Hermes", tokens="circe=2"),
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
    taken = 0
    for seed, powers in enumerate((["Circe", opponent], [opponent, "Circe"])):
        rng = random.Random(f"circe{opponent}{seed}")
        board = Board(2, powers)
        start = (board.position(), board.zobrist_hash())
        for _ in range(150):
            legal = board.legal_turns()
            if not legal:
                break
            board.push_turn(rng.choice(legal))
            taken += "circe" in board.tokens
            assert board.rehash() == board.zobrist_hash()
            text = board.position()
            assert Board.from_position(text).position() == text
            if board.outcome() is not None:
                break
        assert board.outcome() is not None and len(board.outcome().winners) == 1  # type: ignore[union-attr]
        while board.history:
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
    assert taken > 0
