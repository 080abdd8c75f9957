"""4. Atlas (SANTORINI.md §4; RULINGS #20): his worker may build a dome on any level,
ground included. A dome below level 3 is written ``^d4D`` in turns and ``A``-``C`` in
positions; it is not a Complete Tower."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Atlas,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("level", "piece"), [("0", "A"), ("1", "B"), ("2", "C")])
def test_atlas_domes_any_level_ground_included(level: str, piece: str) -> None:
    """RULINGS #20: a dome on level 0, 1 or 2; the level below it stays as it was."""
    board = Board.from_position(position(f"c4={level}"))
    assert {"b2-c3^c4", "b2-c3^c4D"} <= turns(board)
    board.play("b2-c3^c4D")
    assert board.position() == position(f"c4={piece}", "c3,d4 b4,d2", to_move=2)
    assert board.domes >> 17 & 1 and board.height[17] == int(level)


def test_he_may_still_build_the_ordinary_block() -> None:
    """The dome is an option ("may"): the block that fits is still there."""
    board = Board.from_position(position("c4=1"))
    board.play("b2-c3^c4")
    assert board.height[17] == 2 and not board.domes >> 17 & 1


def test_on_level_three_the_dome_is_the_ordinary_build() -> None:
    """A dome on level 3 is the Complete Tower everyone builds; asking for it explicitly is
    the same turn, listed once."""
    board = Board.from_position(position("c4=3"))
    legal = turns(board)
    assert "b2-c3^c4" in legal and "b2-c3^c4D" not in legal
    assert len(legal) == len(board.legal_turns())
    board.play("b2-c3^c4D")
    assert board.position() == position("c4=D", "c3,d4 b4,d2", to_move=2)


def test_every_free_space_offers_both_pieces_below_level_three() -> None:
    """Turn count: the base game's 80 turns from the open position, doubled (each build
    can be the block or a dome)."""
    board = Board.from_position(position())
    assert len(board.legal_turns()) == 160
    plain = Board.from_position(position(powers="-,-").replace(" powers=-,-", ""))
    assert len(plain.legal_turns()) == 80


def test_a_low_dome_blocks_every_worker_and_every_build() -> None:
    """SANTORINI.md §1: nothing can be placed on a dome, and a domed space is occupied, so
    no worker moves there, whatever the level below."""
    board = Board.from_position(position("c3=A", "b2,e5 b4,d2", to_move=2))
    legal = turns(board)
    assert not any("-c3" in t or "^c3" in t for t in legal)
    with pytest.raises(IllegalTurnError, match="c3 has a dome"):
        board.play("d2-c3^c4")
    with pytest.raises(IllegalTurnError, match="c3 has a dome: nothing can be built on it"):
        board.play("d2-d3^c3")


def test_a_low_dome_is_not_a_complete_tower() -> None:
    """RULINGS #20: a Complete Tower is a dome on level 3 (``D``); Atlas's low domes are
    written ``A``-``C`` and keep their level."""
    board = Board.from_position(position("c4=2 c2=3"))
    board.play("b2-c3^c4D")
    board.play("d2-d3^d2")
    board.play("c3-b3^c2")
    cells = board.position().split()[0]
    assert cells == "00000/00C00/00000/00D10/00000" and cells.count("D") == 1
    assert board.height[17] == 2 and board.height[7] == 3


def test_opponents_cannot_dome_below_level_three() -> None:
    """The power is Atlas's alone."""
    board = Board.from_position(position(to_move=2))
    assert not any(t.endswith("D") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="a dome cannot be built on level 0 of a4"):
        board.play("b4-a5^a4D")


def test_undo_and_position_round_trip() -> None:
    """The dome is undone with the turn; positions with low domes and a turn in progress
    read back with the same hash and options."""
    board = Board.from_position(position("c4=1"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    mid = Board.from_position(board.position())
    assert mid.zobrist_hash() == board.zobrist_hash()
    assert sorted(mid.legal_steps()) == sorted(board.legal_steps())
    board.push(board.parse_turn("b2-c3^c4D")[1])
    after = Board.from_position(board.position())
    assert board.position() == position("c4=B", "c3,d4 b4,d2", to_move=2)
    assert after.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert turns(after) == turns(board)
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before and board.domes == 0


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Atlas's player, the other has no power."""
    me = pos.to_move
    plain = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        if outcome:
            continue
        target = nv.coord(turn[-2:])
        if pos.levels[target] < 3:  # the same move, a dome instead of the block
            domed = after.copy()
            domed.levels[target] = pos.levels[target]
            domed.domes.add(target)
            out.append((turn + "D", domed, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2104)
    for i in range(40):
        seat = i % 2
        powers = "Atlas,-" if seat == 0 else "-,Atlas"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Atlas,-"
OPEN = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Atlas,-"
PERFT_MIDGAME = (85, 3533)
PERFT_OPEN = (160, 11816)


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
    "powers", [["Atlas", None], [None, "Atlas"], ["Atlas", "Athena"], ["Apollo", "Atlas"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
