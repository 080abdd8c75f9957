"""Position and turn notation (docs/notation.md): fixed round trips and bad input.

Every parser error must be a :class:`NotationError` (a ``ValueError``) with a message that
says what is wrong; a bad position is a :class:`PositionError` whose ``field`` names the
bad field.
"""

from __future__ import annotations

import pytest

from aegean.santorini import (
    Board,
    NotationError,
    PositionError,
    format_position,
    format_step,
    format_turn,
    parse_position,
    parse_turn,
)
from aegean.santorini.positions import board_diagram
from aegean.santorini.squares import parse_square, square_name
from aegean.santorini.steps import END, build, force, move, place

E = "00000/00000/00000/00000/00000"


# ---------------------------------------------------------------------- squares
def test_square_names() -> None:
    """SANTORINI.md §1: files a-e left to right, ranks 1-5 bottom to top; sq = 5·rank + file."""
    assert [square_name(s) for s in (0, 4, 7, 12, 20, 24)] == ["a1", "e1", "c2", "c3", "a5", "e5"]
    assert all(parse_square(square_name(s)) == s for s in range(25))
    for text in ("f1", "a0", "a6", "A1", "", "a", "a11"):
        with pytest.raises(ValueError, match="not a square"):
            parse_square(text)


# ---------------------------------------------------------------------- positions
@pytest.mark.parametrize(
    "position",
    [
        f"{E} 1 - -",  # the empty board, player 1 to place
        f"{E} 2 b2,d4 -",  # player 2 to place
        f"{E} 1 b2 -",  # player 1 half way through placing
        f"{E} 1 b2,d4 b4,d2",  # the start of play
        "0123D/A2310/1B20C/03120/20013 1 c3,d1 b4,e1",  # every level, domes on 0-3
        "0123D/A2310/1B20C/03120/20013 2 d1,c3 e1,b4",  # worker order is kept
        f"{E} 1 c3,d4 b4,d2 turn=b2-c3",  # a turn in progress
        "00000/00000/00300/02000/00000 2 c3,a1 d4,e5 outcome=1:climb",
        f"{E} 1 b2,d4 b4,d2 outcome=2:resignation",
        f"{E} 2 b2,d4 b4,d2 c3,e5",  # three players
        f"{E} 4 a1,b1 c1,d1 & &",  # four players: team mates share workers
    ],
)
def test_position_round_trip(position: str) -> None:
    board = parse_position(position)
    assert format_position(board) == position
    assert Board.from_position(position).position() == position
    assert board.zobrist_hash() == Board.from_position(position).zobrist_hash()


def test_position_fields_are_read_as_written() -> None:
    """docs/notation.md: ranks 5..1, files a..e; A-D are domes on levels 0-3."""
    board = parse_position("0123D/A2310/1B20C/03120/20013 2 c3,d1 b4,e1")
    sq = parse_square
    assert [board.height[sq(n)] for n in ("a5", "b5", "c5", "d5", "e5")] == [0, 1, 2, 3, 3]
    assert [board.height[sq(n)] for n in ("a4", "b3", "e3", "e5")] == [0, 1, 2, 3]
    domes = {square_name(s) for s in range(25) if board.domes >> s & 1}
    assert domes == {"e5", "a4", "b3", "e3"}
    assert board.height[sq("a1")] == 2 and board.height[sq("e1")] == 3
    assert board.to_move == 1
    assert board.workers == [[sq("c3"), sq("d1")], [sq("b4"), sq("e1")]]
    assert board.owner[sq("c3")] == 0 and board.owner[sq("e1")] == 1 and board.owner[sq("a1")] == -1
    assert board.occupied == sum(1 << sq(n) for n in ("c3", "d1", "b4", "e1"))
    assert board.decided is None and board.turn == [] and not board.placing


def test_position_extra_fields() -> None:
    board = parse_position(f"{E} 1 c3,d4 b4,d2 turn=b2-c3")
    assert board.turn == [move(parse_square("b2"), parse_square("c3"))]
    board = parse_position(f"{E} 2 b2,d4 b4,d2 outcome=1:climb")
    assert board.decided is not None and board.decided.winners == {0}
    assert board.legal_turns() == []
    board = parse_position(f"{E} 1 b2 -")
    assert board.placing and board.turn == [place(parse_square("b2"))]
    assert len(board.legal_turns()) == 24  # the second worker goes on any free square


def test_diagram() -> None:
    """``str(board)``: a plain picture, rank 5 on top, each square's level then its worker."""
    board = parse_position("0123D/A2310/1B20C/03120/20013 1 c3,d1 b4,e1")
    assert (
        str(board)
        == board_diagram(board)
        == "\n".join(
            [
                "5 0. 1. 2. 3. D.",
                "4 A. 22 3. 1. 0.",
                "3 1. B. 21 0. C.",
                "2 0. 3. 1. 2. 0.",
                "1 2. 0. 0. 11 32",
                "  a  b  c  d  e",
            ]
        )
    )


BAD_POSITIONS = [
    # (text, field, words in the message)
    ("", "count", "at least 4 fields"),
    (f"{E} 1 -", "count", "found 3"),
    ("00000/00000/00000/00000 1 - -", "board", "5 ranks"),
    (f"{E}/00000 1 - -", "board", "found 6"),
    ("00000/00000/0000/00000/00000 1 - -", "board", "rank 3 '0000' must have 5 squares"),
    ("00000/00000/00000/00000/000000 1 - -", "board", "rank 1"),
    ("00000/00000/00X00/00000/00000 1 - -", "board", "'X' on c3 is not a level"),
    ("00000/00000/00400/00000/00000 1 - -", "board", "'4' on c3"),
    ("00000/00000/00000/00000/0000E 1 - -", "board", "'E' on e1"),
    (f"{E} 3 - -", "to-move", "expected a player 1..2, found '3'"),
    (f"{E} 0 - -", "to-move", "found '0'"),
    (f"{E} x - -", "to-move", "found 'x'"),
    (f"{E} 1 b2,f4 b4,d2", "player-1", "not a square: 'f4'"),
    (f"{E} 1 b2,d4 b4,z0", "player-2", "not a square: 'z0'"),
    (f"{E} 1 b2,b2 b4,d2", "player-1", "two workers on b2"),
    (f"{E} 1 b2,d4 b4,b2", "player-2", "two workers on b2"),
    ("A0000/00000/00000/00000/00000 1 a5,d4 b4,d2", "player-1", "a worker on the dome at a5"),
    ("00000/00000/00000/00000/0000D 1 b2,d4 b4,e1", "player-2", "dome at e1"),
    (f"{E} 1 a1,b1,c1 b4,d2", "player-1", "3 workers, at most 2"),
    (f"{E} 1 - b4", "player-2", "1 of 2 workers placed"),
    (f"{E} 1 b2,d4 b4", "player-2", "placing is one whole turn"),
    (f"{E} 1 b2,d4 -", "player-2", "no workers placed"),
    (f"{E} 1 a1 b1 c1 d1 e1", "workers", "2-4"),
    (f"{E} 1 b2,d4 outcome=1:climb b4,d2", "order", "before key=value"),
    (f"{E} 1 b2,d4 b4,d2 foo=1", "foo", "unknown field 'foo=1'"),
    (f"{E} 1 b2,d4 b4,d2 =1", "=1", "unknown field"),
    (f"{E} 1 b2,d4 b4,d2 outcome=3:climb", "outcome", "players 1..2"),
    (f"{E} 1 b2,d4 b4,d2 outcome=1:won", "outcome", "like 1:climb, found '1:won'"),
    (f"{E} 1 b2,d4 b4,d2 outcome=", "outcome", "found ''"),
    (f"{E} 1 b2,d4 b4,d2 turn=b2-z9", "turn", "expected a square"),
    (f"{E} 1 b2 - turn=b2-c3", "turn", "implied by the workers"),
    (f"{E} 1 c3,d4 b4,d2 turn=b2-c3 turn=b2-c3", "turn", "given 2 times"),
]


@pytest.mark.parametrize(("text", "field", "words"), BAD_POSITIONS)
def test_bad_position(text: str, field: str, words: str) -> None:
    """Each malformed field is named, and the message says what is wrong with it."""
    with pytest.raises(PositionError) as info:
        Board.from_position(text)
    assert info.value.field == field
    message = str(info.value)
    assert message.startswith(f"bad position field {field}: ")
    assert words in message
    assert isinstance(info.value, NotationError) and isinstance(info.value, ValueError)


# ---------------------------------------------------------------------- turns
sq = parse_square

TURNS = [
    ("b2-c3^d4", (move(sq("b2"), sq("c3")), build(sq("c3"), sq("d4")))),
    ("b2-c3", (move(sq("b2"), sq("c3")),)),
    ("@b2@d4", (place(sq("b2")), place(sq("d4")))),
    ("@e5", (place(sq("e5")),)),
    ("b2-c3^b2", (move(sq("b2"), sq("c3")), build(sq("c3"), sq("b2")))),
    ("b2-c3^d4D", (move(sq("b2"), sq("c3")), build(sq("c3"), sq("d4"), dome=True))),
    ("b2-c3-d4^e5", (move(sq("b2"), sq("c3")), move(sq("c3"), sq("d4")), build(sq("d4"), sq("e5")))),
    ("b2^c2-c3^d4", (build(sq("b2"), sq("c2")), move(sq("b2"), sq("c3")), build(sq("c3"), sq("d4")))),
    ("d4-c4^c5^c5", (move(sq("d4"), sq("c4")), build(sq("c4"), sq("c5")), build(sq("c4"), sq("c5")))),
    ("b2-c2,d4-d5^e5", (move(sq("b2"), sq("c2")), move(sq("d4"), sq("d5")), build(sq("d5"), sq("e5")))),
    ("a1>a2", (force(sq("a1"), sq("a2")),)),
]


@pytest.mark.parametrize(("text", "steps"), TURNS)
def test_turn_round_trip(text: str, steps: tuple[int, ...]) -> None:
    """docs/notation.md Turns: each form parses to its steps and formats back."""
    assert parse_turn(text) == steps
    assert format_turn(steps) == text


def test_turn_parsing_is_lenient_about_commas_and_outer_space() -> None:
    assert parse_turn(" b2-c3^d4 ") == parse_turn("b2-c3^d4")
    assert parse_turn("b2-c3,^d4") == parse_turn("b2-c3^d4")
    assert parse_turn("@b2,@d4") == parse_turn("@b2@d4")
    assert parse_turn("b2-c3,c3^d4") == parse_turn("b2-c3^d4")  # naming the worker in use
    assert format_turn(parse_turn("b2-c3,c3^d4")) == "b2-c3^d4"


def test_format_step() -> None:
    assert format_step(move(sq("b2"), sq("c3"))) == "b2-c3"
    assert format_step(build(sq("c3"), sq("d4"))) == "c3^d4"
    assert format_step(build(sq("c3"), sq("d4")), current=sq("c3")) == "^d4"
    assert format_step(build(sq("c3"), sq("d4"), dome=True)) == "c3^d4D"
    assert format_step(place(sq("a1"))) == "@a1"
    assert format_step(END) == "."
    board = Board.from_position(f"{E} 1 c3,d4 b4,d2 turn=b2-c3")
    assert format_step(build(sq("c3"), sq("d3")), board) == "^d3"  # the worker in use


BAD_TURNS = [
    ("", "empty turn"),
    ("   ", "empty turn"),
    ("b2", "expected '-' (move), '^' (build), '>' (force) or 'x' (remove) at 3, found 'the end'"),
    ("b2c3", "at 3, found 'c'"),
    ("b2*c3", "found '*'"),
    ("b2-", "expected a square (a1..e5) at 4, found 'the end'"),
    ("b2-c", "found 'c'"),
    ("b2-f3", "found 'f3'"),
    ("z9-c3", "at 1, found 'z9'"),
    ("B2-C3^D4", "found 'B2'"),
    ("^c3", "the first step must name its worker"),
    ("-c3", "the first step must name its worker"),
    ("b2-c3^", "at 7, found 'the end'"),
    ("b2-c3^d4y", "at 9, found 'y'"),
    ("b2-c3^d4DD", "at 10, found 'D'"),
    ("b2-c3 ^d4", "at 6"),
    ("@", "at 2, found 'the end'"),
    ("@z9", "found 'z9'"),
    ("@b2@", "at 5"),
    (",b2-c3", "at 1"),
]


@pytest.mark.parametrize(("text", "words"), BAD_TURNS)
def test_bad_turn(text: str, words: str) -> None:
    """Bad turn text raises NotationError quoting the text and saying where it is wrong."""
    with pytest.raises(NotationError) as info:
        parse_turn(text)
    message = str(info.value)
    assert words in message
    if text.strip():
        assert repr(text) in message


def test_bad_turn_through_play_is_a_notation_error() -> None:
    """``Board.play`` with unreadable text raises NotationError and changes nothing."""
    board = Board.from_position(f"{E} 1 b2,d4 b4,d2")
    with pytest.raises(NotationError, match="expected a square"):
        board.play("b2-c9^c3")
    assert board.position() == f"{E} 1 b2,d4 b4,d2" and board.history == []
