"""46. Achilles (SANTORINI.md §4 "Heroes"; RULINGS #63, #64): once per game, his worker builds
both before and after moving; unlike Prometheus it may still move up. The early build names
its builder (``b2^c2-c3^d4``) and spends the power (``achilles=used``)."""

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

POWERS = "Achilles,-"
position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_build_move_build_with_one_worker_spends_the_power() -> None:
    """Card, RULINGS #64: the same worker builds, moves and builds; the use is a token."""
    board = Board.from_position(position())
    assert "b2^c2-c3^d3" in turns(board)
    board.play("b2^c2-c3^d3")
    assert board.position() == position("c2=1 d3=1", "c3,d4 b4,d2", to_move=2, extra="achilles=used")


def test_he_may_move_up_after_the_early_build_even_onto_it() -> None:
    """RULINGS #64: unlike Prometheus, the move after the early build may go up, also onto
    the block just built."""
    board = Board.from_position(position("c3=1"))
    legal = turns(board)
    assert "b2^c2-c3^d3" in legal  # up onto c3 (level 1)
    assert "b2^c2-c2^b2" in legal  # up onto the block just built
    board.play("b2^c2-c2^b2")
    assert board.height[parse_square("c2")] == 1 and board.owner[parse_square("c2")] == 0


def test_a_climb_after_the_early_build_wins_at_once() -> None:
    """Ruling 7 with #64: building c3 up to level 3 and stepping onto it from level 2 wins;
    no build follows."""
    board = Board.from_position(position("b2=2 c3=2"))
    assert "b2^c3-c3" in turns(board)
    board.play("b2^c3-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB
    assert board.tokens == {"achilles": "used"}


def test_once_per_game() -> None:
    """RULINGS #63: after the use, only normal turns remain."""
    board = Board.from_position(position(extra="achilles=used"))
    assert not any("^" in t.split("-")[0] for t in turns(board))
    assert len(turns(board)) == 80
    with pytest.raises(IllegalTurnError):
        board.play("b2^c2-c3^d3")


def test_the_use_is_optional_and_the_normal_turn_stays() -> None:
    """A hero's use is optional: every base turn is still legal and spends nothing."""
    board = Board.from_position(position())
    base = turns(Board.from_position(position(extra="achilles=used")))
    assert base <= turns(board)
    board.play("b2-c3^d3")
    assert "achilles" not in board.tokens


def test_the_same_worker_moves_and_builds_after_building_first() -> None:
    """'Your worker builds both before and after moving': the builder must be the mover."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError):
        board.play("b2^c2,d4-d5^e5")
    with pytest.raises(IllegalTurnError):
        board.play("b2^c2-c3")  # the second build is not optional
    assert board.position() == position()


def test_no_early_build_after_which_the_worker_cannot_move() -> None:
    """The turn must be finished: on a1 boxed in by domes but for b1, building b1 up to a
    level out of reach leaves no move, so that build is not offered."""
    board = Board.from_position(position("b1=1 a2=A b2=A", "a1,e5 b4,d2"))
    legal = turns(board)
    assert not any(t.startswith("a1^") for t in legal)
    assert "a1-b1^c1" in legal  # the normal turn climbs onto b1
    with pytest.raises(IllegalTurnError):
        board.play("a1^b1-b1^c1")


def test_the_opponent_cannot_build_first() -> None:
    """The power is Achilles's alone."""
    board = Board.from_position(position(to_move=2))
    assert len(turns(board)) == 80
    with pytest.raises(IllegalTurnError):
        board.play("b4^a5-a4^a3")


def test_circe_holding_the_power_cannot_use_it_and_it_stays_unused() -> None:
    """SANTORINI.md §4: only the owner uses a hero; Circe takes the power away (RULINGS #34)
    but gets nothing from it, and the card's use is not reset when the power changes hands."""
    text = support_position(workers="a1,e5 b2,d4", powers="Achilles,Circe")
    board = Board.from_position(text)
    board.play("e5-e4^e5")  # his workers are apart when her turn starts: she holds his power
    assert board.tokens == {"circe": "1"}
    assert not any("^" in t.split("-")[0] for t in turns(board))  # no early build for her
    board.play("b2-b3^b4")
    assert not any("^" in t.split("-")[0] for t in turns(board))  # nor for him now
    used = Board.from_position(text + " achilles=used")
    used.play("e5-e4^e5")
    assert used.tokens == {"achilles": "used", "circe": "1"}


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with an Achilles
    worker is a plain move and build."""
    text = support_position(workers="b2,d4 a5,e1", powers="Dionysus,Achilles", extra="dionysus.extra=on")
    board = Board.from_position(text)
    legal = turns(board)
    assert legal and not any("^" in t.split("-")[0] for t in legal if t != ".")
    for turn in board.legal_turns():
        board.push_turn(turn)
        assert "achilles" not in board.tokens
        board.pop()


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; the token is written from the early build on,
    and positions read back mid-turn with the same legal steps."""
    board = Board.from_position(position("c3=1"))
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2^c2-c3^d3")
    expected = [
        position("c2=1 c3=1", "b2,d4 b4,d2", extra="achilles=used turn=b2^c2"),
        position("c2=1 c3=1", "c3,d4 b4,d2", extra="achilles=used turn=b2^c2-c3"),
    ]
    for step, text in zip(steps, expected, strict=False):
        board.push(step)
        assert board.position() == text
        again = Board.from_position(text)
        assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
    board.push(steps[2])
    assert board.to_move == 1 and board.tokens == {"achilles": "used"}
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, and (once) build, move (up allowed), build with
    one worker."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("achilles") == "used":
        return out
    me = pos.to_move
    spent = hs.used(tokens, "achilles")
    for i, src in enumerate(pos.workers[me]):
        for first in nv.neighbours(src):
            if not pos.unoccupied(first):
                continue
            early = hs.build(pos, first)
            for m in hs.moves(early, index=i):
                text = f"{nv.name(src)}^{nv.name(first)}-{nv.name(m.dst)}"
                if m.won:
                    out.append((text, hs.flip(m.after), spent, f"{me + 1}:climb"))
                    continue
                for t in hs.builds_around(m.after, m.dst):
                    out.append((f"{text}^{nv.name(t)}", hs.flip(hs.build(m.after, t)), spent, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(4601)
    for i in range(24):
        seat = i % 2
        powers = "Achilles,-" if seat == 0 else "-,Achilles"
        used = " achilles=used" if i % 5 == 4 else ""
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}{used}"
        hs.check_against_naive(naive_turns, text, seat)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Achilles,-"
HILLS = "0A000/01210/A232A/0121B/00C00 2 c3,a1 b4,d2 powers=-,Achilles"


@pytest.mark.parametrize(("text", "seat", "golden"), [(MIDGAME, 0, (253, 10935)), (HILLS, 1, (178, 8441))])
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
    "powers", [["Achilles", None], [None, "Achilles"], ["Achilles", "Athena"], ["Apollo", "Achilles"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes, position round trips, a winner, replay from
    notation, and undo back to the start."""
    check_random_playouts(powers, replay=True)
