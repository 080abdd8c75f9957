"""49. Bellerophon (SANTORINI.md §4 "Heroes"; RULINGS #63, #65): once per game, his worker
may move up two levels; from level 1 onto level 3 that wins. The use is the token
``bellerophon=used``, set by the move."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.support import check_random_playouts, turns
from powers.support import position as support_position

POWERS = "Bellerophon,-"
position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_moving_up_two_levels_spends_the_power() -> None:
    """Card: a move two levels up (ground to level 2), then the normal build."""
    board = Board.from_position(position("c3=2"))
    assert "b2-c3^c4" in turns(board)
    board.play("b2-c3^c4")
    assert board.position() == position("c3=2 c4=1", "c3,d4 b4,d2", to_move=2, extra="bellerophon=used")


def test_from_level_1_onto_level_3_wins() -> None:
    """RULINGS #65: up two levels onto level 3 is a climb, and wins at once."""
    board = Board.from_position(position("b2=1 c3=3"))
    assert "b2-c3" in turns(board)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB
    assert board.tokens == {"bellerophon": "used"}


def test_never_three_levels_up() -> None:
    board = Board.from_position(position("c3=3"))
    assert not any(t.startswith("b2-c3") for t in turns(board))


def test_once_per_game() -> None:
    """RULINGS #63: once used, his workers climb one level at most."""
    board = Board.from_position(position("c3=2", extra="bellerophon=used"))
    assert not any("-c3" in t for t in turns(board))
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3^c4")


def test_optional_and_only_a_two_level_climb_spends_it() -> None:
    """Every base turn is still legal; a one-level climb or a level move spends nothing."""
    board = Board.from_position(position("c3=2 c2=1"))
    base = turns(Board.from_position(position("c3=2 c2=1", extra="bellerophon=used")))
    assert base < turns(board)
    board.play("b2-c2^c1")
    assert "bellerophon" not in board.tokens


def test_athena_forbids_the_double_climb() -> None:
    """Opponents' limits on moving up (Athena, RULINGS #16-17) apply to it."""
    text = support_position("c3=2 c2=1", powers="Bellerophon,Athena", extra="athena=up")
    board = Board.from_position(text)
    legal = turns(board)
    assert not any(t.startswith(("b2-c3", "b2-c2")) for t in legal)
    assert not any(t.startswith("d4-c3") for t in legal)


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus moving a Bellerophon worker in an
    extra turn climbs one level at most, and the power stays unused."""
    text = support_position(
        "c3=2", workers="a5,e1 b2,d4", powers="Dionysus,Bellerophon", extra="dionysus.extra=on"
    )
    board = Board.from_position(text)
    legal = turns(board)
    assert legal and not any(t.startswith(("b2-c3", "d4-c3")) for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(position("c3=2"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    text = position("c3=2", "c3,d4 b4,d2", extra="bellerophon=used turn=b2-c3")
    assert board.position() == text
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert turns(again) == turns(board)
    board.push(board.parse_turn("^c4")[0])
    assert board.to_move == 1 and board.height[parse_square("c4")] == 1
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, and (once) a move exactly two levels up, then a
    build (or the win, onto level 3)."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("bellerophon") == "used":
        return out
    me = pos.to_move
    spent = hs.used(tokens, "bellerophon")
    for m in hs.moves(pos, rise=2):
        if pos.levels[m.dst] - pos.levels[m.src] != 2:
            continue
        text = f"{nv.name(m.src)}-{nv.name(m.dst)}"
        if m.won:
            out.append((text, hs.flip(m.after), spent, f"{me + 1}:climb"))
            continue
        for t in hs.builds_around(m.after, m.dst):
            out.append((f"{text}^{nv.name(t)}", hs.flip(hs.build(m.after, t)), spent, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(4901)
    for i in range(30):
        seat = i % 2
        powers = "Bellerophon,-" if seat == 0 else "-,Bellerophon"
        used = " bellerophon=used" if i % 5 == 4 else ""
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}{used}"
        hs.check_against_naive(naive_turns, text, seat)


#: Bellerophon's a2 may climb two levels onto b2, his c2 onto d3 (level 3: a win).
CLIFFS = "00000/02300/10230/02100/00000 1 a2,c2 b4,e5 powers=Bellerophon,-"
CLIFFS_2 = "00000/02300/10230/02100/00000 2 b4,e5 a2,c2 powers=-,Bellerophon"


@pytest.mark.parametrize(("text", "seat", "golden"), [(CLIFFS, 0, (67, 3377)), (CLIFFS_2, 1, (67, 3377))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    """Depth-1 and depth-2 perft from fixed positions, frozen, and recounted independently."""
    board = Board.from_position(text)
    assert "c2-d3" in turns(board) and "a2-b2^a2" in turns(board)
    assert (perft(board, 1), perft(board, 2)) == golden
    assert tuple(hs.naive_perft(naive_turns, text, d, seat) for d in (1, 2)) == golden
    assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers",
    [["Bellerophon", None], [None, "Bellerophon"], ["Bellerophon", "Athena"], ["Apollo", "Bellerophon"]],
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes, position round trips, a winner, replay from
    notation, and undo back to the start."""
    check_random_playouts(powers, replay=True)
