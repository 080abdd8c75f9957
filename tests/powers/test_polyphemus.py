"""54. Polyphemus (SANTORINI.md §4 "Heroes"; RULINGS #63, #68): once per game, at the end of
his turn, his worker (the one that moved and built) builds up to 2 domes at any level on any
unoccupied spaces of the board. The first dome spends the power (``polyphemus=used``)."""

from __future__ import annotations

import random
import re
from collections.abc import Hashable
from functools import partial
from itertools import combinations

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.support import position as support_position
from powers.support import turns

POWERS = "Polyphemus,-"
position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_two_domes_anywhere_after_the_build() -> None:
    """Card, RULINGS #68: any unoccupied spaces of the board, at any level; the first dome
    sets the token."""
    board = Board.from_position(position("a5=2"))
    board.play("b2-c3^c4^a5D^e1D")
    assert board.position() == position("c4=1 a5=C e1=A", "c3,d4 b4,d2", to_move=2, extra="polyphemus=used")


def test_one_dome_or_none() -> None:
    """'Up to 2': one dome is a use, none is not."""
    board = Board.from_position(position())
    board.play("b2-c3^c4^e5D")
    assert board.tokens == {"polyphemus": "used"} and board.domes == 1 << parse_square("e5")
    board.pop()
    board.play("b2-c3^c4")
    assert not board.tokens


def test_never_three_domes_nor_on_occupied_spaces() -> None:
    """At most two; never on a worker or a dome; on level 3 the dome is the ordinary piece
    (``^e5``, and ``^e5D`` means the same)."""
    board = Board.from_position(position("e5=3 a5=A"))
    for bad in ("b2-c3^c4^a1D^e1D^c5D", "b2-c3^c4^d4D", "b2-c3^c4^a5D", "b2-c3^c4^b4D"):
        assert not hs.playable(board, bad), bad
    assert hs.playable(board, "b2-c3^c4^e5D")
    board.play("b2-c3^c4^e5")
    assert board.domes >> parse_square("e5") & 1 and board.tokens == {"polyphemus": "used"}


def test_the_worker_that_built_domes() -> None:
    """'Your worker builds': the domes are the builder's, not the other worker's."""
    board = Board.from_position(position())
    assert not hs.playable(board, "b2-c3^c4,d4^a1D")
    assert hs.playable(board, "b2-c3^c4^a1D")


def test_once_per_game() -> None:
    board = Board.from_position(position(extra="polyphemus=used"))
    assert len(turns(board)) == 80
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3^c4^a1D")


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    board = Board.from_position(position("b2=2 c3=3"))
    assert not any(t.startswith("b2-c3^") for t in turns(board))
    board.play("b2-c3")
    assert board.outcome() is not None and not board.tokens


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with a Polyphemus
    worker has one build."""
    text = support_position(workers="a5,e1 b2,d4", powers="Dionysus,Polyphemus", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert legal and all(t == "." or t.count("^") == 1 for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2-c3^c4^a1D^e5D")
    expected = [
        position(workers="c3,d4 b4,d2", extra="turn=b2-c3"),
        position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4"),
        position("c4=1 a1=A", "c3,d4 b4,d2", extra="polyphemus=used turn=b2-c3^c4^a1D"),
    ]
    for step, text in zip(steps, expected, strict=False):
        board.push(step)
        assert board.position() == text
        again = Board.from_position(text)
        assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    board.push(steps[3])
    assert board.to_move == 1
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, then (once) one or two domes on any unoccupied
    spaces, built by the worker that moved."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("polyphemus") == "used":
        return out
    spent = hs.used(tokens, "polyphemus")
    for text, after, outcome, _ in hs.base_turns(pos):
        if outcome:
            continue
        free = [c for c in nv.ALL_COORDS if after.unoccupied(c)]
        for size in (1, 2):
            for chosen in combinations(free, size):
                domed = after
                for c in chosen:
                    domed = hs.dome(domed, c)
                out.append((text + "".join(f"^{hs.dome_text(after, c)}" for c in chosen), domed, spent, ""))
    return out


def norm(turn: str) -> Hashable:
    """A turn as its move and build plus the set of spaces domed (in any order)."""
    base = re.match(r"[a-e][1-5]-[a-e][1-5](\^[a-e][1-5])?", turn)
    assert base is not None
    return base.group(0), frozenset(re.findall(r"\^([a-e][1-5])", turn[base.end() :]))


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(5401)
    for i in range(10):
        seat = i % 2
        powers = "Polyphemus,-" if seat == 0 else "-,Polyphemus"
        used = " polyphemus=used" if i % 5 == 4 else ""
        text = nv.random_board(rng, dome_chance=0.45) + f" powers={powers}{used}"
        hs.check_against_naive(naive_turns, text, seat, norm)


#: Few free spaces (so few pairs of domes): a crowded late game.
CROWDED = "0ADB3/0CA2D/2120D/B0A01/A11CA 1 a3,e5 c3,d2 powers=Polyphemus,-"
CROWDED_2 = "00CD1/131C2/ACAD1/ACD11/CC111 2 e4,a5 e5,a4 powers=-,Polyphemus"


@pytest.mark.parametrize(("text", "seat", "golden"), [(CROWDED, 0, (543, 6390)), (CROWDED_2, 1, (129, 358))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    """Depth-1 and depth-2 perft from fixed positions, frozen, and recounted independently."""
    board = Board.from_position(text)
    assert (perft(board, 1), perft(board, 2)) == golden
    assert tuple(hs.naive_perft(naive_turns, text, d, seat) for d in (1, 2)) == golden
    assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Polyphemus", None], [None, "Polyphemus"], ["Polyphemus", "Athena"], ["Apollo", "Polyphemus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games played step by step: hashes, position round trips mid-turn, a
    winner, replay from notation, undo back to the start; he uses the power in some game."""
    domed = 0
    for seed in range(2):
        tally = hs.step_playout(powers, seed)
        domed += any("polyphemus=used" in p for p in tally.positions)
    assert domed > 0
