"""52. Medea (SANTORINI.md §4 "Heroes"; RULINGS #63, #69 printed text, #3, #54): once per
game, at the end of her turn, her unmoved worker removes one block from under each of any
number of workers neighbouring it (hers or an opponent's), with any tokens on those blocks;
the workers come down one level, forced, not moved. Written ``b2-c3^c4,a1xa2xb1``; the first
removal spends the power (``medea=used``)."""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.powers import Power, implemented
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Medea,-")

#: Medea on a1 (unmoved if b3 moves) and b3; opponents on a2 (level 2) and b1 (level 1).
START = at("a2=2 b1=1 b2=1", "a1,b3 a2,b1")


# ---------------------------------------------------------------------- scenarios
def test_removes_a_block_from_under_a_neighbouring_worker() -> None:
    """Card: the opponent on a2 comes down from level 2 to level 1 and stays there."""
    Scenario(
        START,
        play="b3-c3^c4,a1xa2",
        after=at("a2=1 b1=1 b2=1 c4=1", "a1,c3 a2,b1", to_move=2, extra="medea=used"),
    ).check()


def test_any_number_of_workers_hers_included_one_block_each() -> None:
    """'Any number of workers': both opponents and her own moved worker (b2, level 1), one
    block from under each."""
    Scenario(START, illegal=["b3-c3^c4,a1xa2xa2"]).check()  # one block per worker
    board = Scenario(START, play="b3-b2^c2,a1xa2xb1xb2", tokens={"medea": "used"}).check()
    assert [board.height[parse_square(s)] for s in ("a2", "b1", "b2")] == [1, 0, 0]
    assert board.owner[parse_square("b2")] == 0


def test_the_removal_is_optional_and_comes_at_the_end_of_the_turn() -> None:
    Scenario(
        START, listed=["b3-c3^c4", "b3-c3^c4,a1xa2"], never_begins=["a1x"], play="b3-c3^c4", tokens={}
    ).check()


def test_only_workers_on_blocks_next_to_the_unmoved_worker() -> None:
    """Not a worker on the ground (c4), not an unoccupied block (that is Ares's power: b1,
    b2), and never by the worker that moved: the unmoved worker takes away."""
    board = Scenario(at("a2=2 b1=1 b2=1", "a1,b3 a2,c4"), listed=["b3-c3^d3,a1xa2", "a1-b1^c1,b3xa2"]).check()
    for turn in turns(board):
        removal = turn.partition(",")[2]
        if turn.startswith("b3-c3^"):
            assert removal in ("", "a1xa2"), turn
        if turn.startswith("a1-b1^"):
            assert removal in ("", "b3xa2"), turn


def test_once_per_game() -> None:
    board = Scenario(
        START.replace("powers=Medea,-", "powers=Medea,- medea=used"), illegal=["b3-c3^c4,a1xa2"]
    ).check()
    assert not any("x" in t for t in turns(board))


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    board = Scenario(at("a2=2 b3=2 c3=3", "a1,b3 a2,b1"), play="b3-c3", tokens={}).check()
    assert board.outcome() is not None
    board.pop()
    assert not any(t.startswith("b3-c3") and t != "b3-c3" for t in turns(board))


def test_with_one_worker_there_is_no_unmoved_worker() -> None:
    """SANTORINI.md §1: the unmoved worker is one that did not move; her only worker moved."""
    text = at("a2=2 b1=1", "b3 a2,b1", extra="removed=1,0")
    assert not any("x" in t for t in turns(Board.from_position(text)))


def test_hades_does_not_stop_workers_coming_down() -> None:
    """RULINGS #54: Hades forbids opponents' moves down, but being forced down by Medea
    is still possible (his worker comes down; hers may come down too)."""
    if "Hades" not in implemented():
        pytest.skip("Hades is not implemented")
    board = Scenario(START.replace("powers=Medea,-", "powers=Medea,Hades"), play="b3-b2^c2,a1xa2xb2").check()
    assert board.height[parse_square("a2")] == 1 and board.height[parse_square("b2")] == 0


class Coins(Power):
    """A test card with a square token (``coins.spots``), like Clio's coins."""

    square_tokens: ClassVar[tuple[str, ...]] = ("coins.spots",)


def test_tokens_on_the_lowered_blocks_go_with_them() -> None:
    """'With any tokens on those blocks': a power's token on a lowered space is removed,
    tokens elsewhere stay."""
    board = Board.from_position(START)
    board.powers = (board.powers[0], Coins())
    board.set_token("coins.spots", "a2,e5")
    board.rehash()
    board.push_turn(board.parse_turn("b3-c3^c4,a1xa2"))
    assert board.tokens == {"medea": "used", "coins.spots": "e5"}
    assert board.rehash() == board.zobrist_hash()
    board.pop()
    assert board.tokens == {"coins.spots": "a2,e5"}


def test_dionysus_extra_turn_cannot_make_her_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with a Medea worker
    is a move and a build, with no removal."""
    text = position(
        "a2=2 b1=1 b2=1", workers="d5,e4 a1,b3", powers="Dionysus,Medea", extra="dionysus.extra=on"
    )
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b3-") for t in legal) and not any("x" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b3-b2^c2,a1xa2xb1",
        mid=[
            at("a2=2 b1=1 b2=1", "a1,b2 a2,b1", extra="turn=b3-b2"),
            at("a2=2 b1=1 b2=1 c2=1", "a1,b2 a2,b1", extra="turn=b3-b2^c2"),
            at("a2=1 b1=1 b2=1 c2=1", "a1,b2 a2,b1", extra="medea=used turn=b3-b2^c2,a1xa2"),
            at("a2=1 b2=1 c2=1", "a1,b2 a2,b1", extra="medea=used turn=b3-b2^c2,a1xa2xb1"),
        ],
        after=at("a2=1 b2=1 c2=1", "a1,b2 a2,b1", to_move=2, extra="medea=used"),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, then (once) the worker that did not move takes
    one block from under each of any set of workers next to it standing on a block."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("medea") == "used":
        return out
    me = pos.to_move
    spent = hs.used(tokens, "medea")
    for text, after, outcome, m in hs.base_turns(pos):
        if outcome:
            continue
        for j, unmoved in enumerate(after.workers[me]):
            if j == m.worker:
                continue
            standing = {c for ws in after.workers for c in ws}
            below = [c for c in nv.neighbours(unmoved) if c in standing and after.levels[c] > 0]
            for size in range(1, len(below) + 1):
                for chosen in combinations(below, size):
                    lowered = after.copy()
                    for c in chosen:
                        lowered.levels[c] -= 1
                    removal = "x".join(nv.name(c) for c in chosen)
                    out.append((f"{text},{nv.name(unmoved)}x{removal}", lowered, spent, ""))
    return out


#: A turn as its move and build plus the set of spaces lowered (in any order).
norm = hs.free_order("x")


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Medea", seed=5201, count=30, dome_chance=0.15)):
        check_against_naive(hs.oracle(naive_turns, seat, norm), text + (" medea=used" if i % 6 == 5 else ""))


#: Workers on blocks, next to each other.
CLUSTER = "00000/01230/02320/01210/00000 1 b2,c3 c2,d3 powers=Medea,-"
CLUSTER_2 = "00000/01230/02320/01210/00000 1 c2,d3 b2,c3 powers=-,Medea"  # she moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(CLUSTER, 0, (212, 11472)), (CLUSTER_2, 1, (54, 9194))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Medea"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
