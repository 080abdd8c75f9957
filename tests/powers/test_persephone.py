"""26. Persephone (SANTORINI.md §4; RULINGS #27, #43): if possible, at least one opponent
worker must move up this turn. "Possible" means some legal turn (under every other rule)
contains a move up; then every turn without one is illegal. Multi-movers must include an
up-move somewhere; Prometheus may not build first when he could move up."""

from __future__ import annotations

import random
import sys
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board
from powers.invariants import check_random_playouts, check_round_trip, check_steps_agree_with_turns, seatings
from powers.oracle import NaiveTurn, by_turns, check_perft, check_random_boards, midgame
from powers.scenario import Scenario, positions, steps, turns
from powers.support import CallCounter

#: By default Persephone is player 2, on a5 and e1; player 1 (to move) on b2 and d4.
position = positions("-,Persephone", "b2,d4 a5,e1")


# ---------------------------------------------------------------------- scenarios
def test_when_a_move_up_is_possible_every_turn_moves_up() -> None:
    """Card: c3 (level 1) neighbours both workers, so every legal turn climbs onto it."""
    board = Scenario(
        position("c3=1"),
        all_begin=["b2-c3^", "d4-c3^"],
        count=14,
        illegal={"b2-b3^b4": r"could not be finished|Persephone"},
        play="b2-c3^b3",
    ).check()
    assert "persephone" not in board.tokens  # only marked during the turn


def test_when_no_move_up_is_possible_nothing_changes() -> None:
    Scenario(position(), turns_as=position(powers="-,-")).check()


def test_persephone_herself_is_free() -> None:
    Scenario(position("b4=1", to_move=2), begins=["a5-a4"]).check()


def test_the_only_move_up_may_be_a_winning_climb() -> None:
    """If the only move up is onto level 3, the opponent must take it (and wins)."""
    Scenario(position("b2=2 c3=3"), turns=["b2-c3"]).check()


def test_prometheus_may_not_build_first_when_he_could_move_up() -> None:
    """RULINGS #27: a build before moving forbids moving up, so it is illegal when a move
    up is possible; when none is, the early build is fine."""
    board = Scenario(
        position("c3=1", powers="Prometheus,Persephone"),
        all_begin=["b2-c3^", "d4-c3^"],
        illegal=["b2^b3-a3^a4"],
    ).check()
    check_steps_agree_with_turns(board)
    Scenario(position(powers="Prometheus,Persephone"), listed=["b2^b3-a3^a4"]).check()


def test_artemis_must_include_a_move_up_in_her_two_moves() -> None:
    """RULINGS #43: the sequence must contain an up-move. From a1/e5 only two moves reach
    c3 (level 1), so every legal turn is a level move then the climb."""
    text = position("c3=1", "a1,e5 a5,e1", powers="Artemis,Persephone")
    Scenario(text, all_begin=["a1-b2-c3^", "e5-d4-c3^"]).check()
    Scenario(text, mid="a1-b2", steps=["b2-c3"]).check()
    check_steps_agree_with_turns(Board.from_position(text))


def test_apollo_swap_up_counts_as_a_move_up() -> None:
    """The moves other powers add count: Apollo's only way up is swapping onto b2 (level 1),
    so it is his only legal turn."""
    Scenario(
        position("a2=A b1=A c1=A c2=A a3=A b3=A b2=1", "a1,e5 b2,e1", powers="Apollo,Persephone"),
        turns=["a1-b2^c3"],
    ).check()


def test_a_move_up_that_cannot_finish_a_turn_is_not_possible() -> None:
    """After the swap onto b2 every space around is domed or occupied: no build, so that
    move up is no legal turn, nothing obliges Apollo to move up, and e5 moves freely."""
    Scenario(
        position("a2=A b1=A c1=A c2=A a3=A b3=A c3=A b2=1", "a1,e5 b2,e1", powers="Apollo,Persephone"),
        count=17,
        all_begin=["e5-"],
    ).check()


def test_hermes_must_climb_when_he_can() -> None:
    """Hermes moving up makes a normal turn; with a climb possible his travels are out."""
    Scenario(position("c3=1", powers="Hermes,Persephone"), all_begin=["b2-c3^", "d4-c3^"]).check()


def test_triton_moving_up_along_the_edge() -> None:
    """Triton's chain must contain a move up: a2 (level 1) is reachable only along the edge."""
    board = Scenario(
        position("a2=1", "a1,e5 c5,e1", powers="Triton,Persephone"),
        listed=["a1-a2^a1", "a1-a2-a1^b1"],  # up and back: a1-b1-a1^b1 ends alike but never moved up
        begins=["e5-e4-e3-e2-d1-c1-b1-a2"],
    ).check()
    assert all("-a2" in t for t in turns(board))


def test_heracles_must_climb_when_he_can_and_keeps_his_domes() -> None:
    """Heracles's turn is a normal turn, then domes: with c3 (level 1) in reach every turn
    climbs, and after the climb and the build his domes are offered as usual."""
    text = position("c3=1", powers="Heracles,Persephone")
    board = Scenario(text, steps=["b2-c3", "d4-c3"]).check()
    board = Scenario(board, mid="b2-c3").check()
    build = board.legal_steps()[0]
    assert steps(board) and all(s.startswith("^") for s in steps(board))
    board.push(build)
    domes = steps(board)
    plain = Board.from_position(board.position().replace("Persephone", "-").replace(" persephone=up", ""))
    assert domes == steps(plain) and len(domes) > 10


def test_heracles_without_a_climb_is_searched_once_not_per_set_of_domes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No move up in reach: nothing changes (his steps are those without Persephone), and
    the search that finds no climb stops once his moves are over (``Power.moves_over``)
    instead of passing over every set of domes he could build (2**13 and more here: one
    such search held the server 9 s, docs/performance.md)."""
    from aegean.santorini.powers import persephone

    searched = CallCounter(
        monkeypatch, persephone.Persephone, "_search", 200, "the search passes over the sets of domes"
    )
    persephone._MEMO.clear()
    text = position("a3=2 e3=2", powers="Heracles,Persephone")  # too high to climb
    alone = Board.from_position(text.replace("Persephone", "-"))
    board = Scenario(text, steps=steps(alone), play="d4-d5^d4").check()
    assert board.position().split()[1] == "2"
    assert searched.calls > 0


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token ``persephone=up`` marks a move up during the turn; positions read back
    with the same legal steps; push/pop restore position and hash."""
    text = position("c3=1", powers="Artemis,Persephone")
    check_round_trip(
        text,
        "b2-c3^c4",
        mid=[position("c3=1", "c3,d4 a5,e1", powers="Artemis,Persephone", extra="persephone=up turn=b2-c3")],
    )
    board = Scenario(text, mid="b2-c3-b3").check()  # a second move, down: the turn already went up
    assert "." not in steps(board) and steps(board)


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[NaiveTurn]:
    """From the card text alone: if some turn of the opponent moves up, only those are
    legal (``seat``: Persephone's)."""
    options = nv.plain_turns(pos)
    if pos.to_move == seat:
        return options
    climbing = [o for o in options if pos.levels[nv.coord(o[0][3:5])] > pos.levels[nv.coord(o[0][:2])]]
    return climbing or options


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    check_random_boards(
        "Persephone", partial(by_turns, naive_turns), seed=2626, count=40, dome_chance=0.1, same_turns=True
    )


def test_steps_agree_with_turns_against_multi_movers() -> None:
    """On random positions against Prometheus, Artemis and Apollo, walking legal steps
    reaches exactly the end states of the legal turns."""
    rng = random.Random(43)
    for rival in ("Prometheus", "Artemis", "Apollo"):
        for _ in range(3):
            fields = nv.random_board(rng, dome_chance=0.1).split()
            fields[1] = "1"
            check_steps_agree_with_turns(
                Board.from_position(" ".join(fields) + f" powers={rival},Persephone")
            )


#: Towers of every height; player 1 (restricted) moves first, Persephone second.
MIDGAME = midgame("-,Persephone")
#: Persephone first: the opponent's replies are restricted at depth 2.
REPLIES = "01230/12C10/0321A/21031/00120 2 b3,d4 b2,c3 powers=-,Persephone"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    check_perft(by_turns(naive_turns, 1), {MIDGAME: (5, 176), REPLIES: (45, 230)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Persephone"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=False)


def test_a_turn_searched_deeper_than_the_recursion_limit_is_still_answered() -> None:
    """Persephone's search goes one call deeper per state of the turn; Hermes's travels on
    a flat board pass through a couple of hundred (an online game reached about 930 and
    the server answered a preview with an error). The search lifts Python's recursion
    limit while it runs, so it answers here with the ambient limit far below that depth."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 a1,e5 c3,b4 powers=Hermes,Persephone")
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(150)
    try:
        assert board.outcome() is None
    finally:
        sys.setrecursionlimit(before)
    assert sys.getrecursionlimit() == before
