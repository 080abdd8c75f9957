"""6. Hephaestus (SANTORINI.md §4; RULINGS #3, #22): his worker may build one extra block
(not a dome) on top of its first block. So the extra build goes on the same space, and is
possible only when the first build made level 1 or 2."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import END, Board, IllegalTurnError, perft
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Hephaestus,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("before", "after"), [("0", "2"), ("1", "3")])
def test_a_second_block_on_the_first(before: str, after: str) -> None:
    """RULINGS #22: the extra block goes on the same space, when the first made level 1 or 2."""
    board = Board.from_position(position(f"c4={before}"))
    assert "b2-c3^c4^c4" in turns(board)
    board.play("b2-c3^c4^c4")
    assert board.position() == position(f"c4={after}", "c3,d4 b4,d2", to_move=2)


def test_the_extra_block_is_optional() -> None:
    board = Board.from_position(position())
    board.play("b2-c3^c4")
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)


def test_no_extra_build_after_making_level_three() -> None:
    """RULINGS #3, #22: on level 3 the next piece would be a dome, and domes are not blocks,
    so after building level 3 the turn is over."""
    board = Board.from_position(position("c4=2"))
    assert "b2-c3^c4^c4" not in turns(board)
    with pytest.raises(IllegalTurnError, match="the turn is over before step 3"):
        board.play("b2-c3^c4^c4")
    with pytest.raises(IllegalTurnError, match="the turn is over before step 3"):
        board.play("b2-c3^c4^c4D")


def test_no_extra_build_after_a_dome() -> None:
    """A first build that is a dome (on level 3) takes no block on top."""
    board = Board.from_position(position("c4=3"))
    board.play("b2-c3^c4")
    assert board.position() == position("c4=D", "c3,d4 b4,d2", to_move=2)
    assert not any(t.startswith("b2-c3^c4^") for t in turns(Board.from_position(position("c4=3"))))


def test_the_extra_block_is_never_a_dome() -> None:
    """RULINGS #3: "one extra block (not a dome)"."""
    board = Board.from_position(position("c4=1"))
    with pytest.raises(IllegalTurnError, match="a dome cannot be built on level 2 of c4"):
        board.play("b2-c3^c4^c4D")


def test_not_on_another_space() -> None:
    """On top of its first block only: unlike Demeter, no second space."""
    board = Board.from_position(position())
    assert not any(t.count("^") == 2 and t[-2:] != t[-5:-3] for t in turns(board))
    with pytest.raises(IllegalTurnError, match=r"\^d3 is not allowed here"):
        board.play("b2-c3^c4^d3")


def test_the_opponent_builds_once() -> None:
    board = Board.from_position(position(to_move=2))
    assert all(t.count("^") == 1 for t in turns(board))


def test_turn_count_from_the_open_position() -> None:
    """Every build on a ground space may be doubled: 80 base turns, twice."""
    board = Board.from_position(position())
    assert len(board.legal_turns()) == 160


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the first build (``turn=b2-c3^c4``) the extra block or END remain; the position
    reads back with the same options; undo restores everything."""
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c3^c4"):
        board.push(step)
    text = board.position()
    assert text == position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert (
        sorted(again.legal_steps())
        == sorted(board.legal_steps())
        == sorted([END, board.parse_turn("b2-c3^c4")[1]])
    )
    board.push(board.parse_turn("b2-c3^c4")[1])
    assert board.position() == position("c4=2", "c3,d4 b4,d2", to_move=2)
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Hephaestus's player, the other has no power."""
    me = pos.to_move
    plain = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        target = nv.coord(turn[-2:])
        if not outcome and target not in after.domes and after.levels[target] in (1, 2):
            again = after.copy()
            again.levels[target] += 1  # a block, never a dome
            out.append((f"{turn}^{nv.name(target)}", again, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2106)
    for i in range(40):
        seat = i % 2
        powers = "Hephaestus,-" if seat == 0 else "-,Hephaestus"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Hephaestus,-"
OPEN = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Hephaestus,-"
PERFT_MIDGAME = (74, 3228)
PERFT_OPEN = (160, 12088)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (OPEN, PERFT_OPEN)):
        board = Board.from_position(text)
        assert (perft(board, 1), perft(board, 2)) == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Hephaestus", None], [None, "Hephaestus"], ["Hephaestus", "Athena"], ["Apollo", "Hephaestus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
