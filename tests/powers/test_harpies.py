"""38. Harpies (SANTORINI.md §4; RULINGS #55): each time an opponent worker moves, it is
then forced on in the same direction until the next space is higher or obstructed."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import move
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, turns

# Harpies (player 1) on a1 and e5; the opponent on b2 and d4. Levels make slides stop:
# b4 1, b5 2 (higher), c3 2, d2 1, e3 A (a dome), a4 3.
LEVELS = "b4=1 b5=2 c3=2 d2=1 e3=A a4=3 e1=1"
THEIRS = position(LEVELS, "a1,e5 b2,d4", to_move=2, powers="Harpies,-")
START = position(LEVELS, "a1,e5 b2,d4", powers="Harpies,-")
EMPTY = position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,-")


def sq(name: str) -> int:
    return parse_square(name)


def firsts(text: str) -> set[str]:
    """The moves of the listed turns (the build left out)."""
    return {t.split("^")[0] for t in turns(Board.from_position(text))}


def test_the_moved_worker_slides_to_the_edge() -> None:
    """Card: forced space by space in the same direction; written as a further move of
    the worker in use (``b2-b3-b5``), then it builds where it came to rest."""
    board = Scenario(EMPTY, listed=["b2-b3-b5^b4"], never_begins=["b2-b3^"], play="b2-b3-b5^a4").check()
    assert sorted(board.workers[1]) == sorted([sq("b5"), sq("d4")])
    assert board.height[sq("a4")] == 1 and board.to_move == 0


def test_the_slide_stops_before_a_higher_space() -> None:
    """ "Until the next space is higher than its current one": b3 (0) -> b4 (1) is higher,
    so a move to b3 stays; from b4 itself (level 1) the next, b5 (2), is higher too."""
    Scenario(THEIRS, listed=["b2-b3^b2"], never_begins=["b2-b3-"]).check()  # no slide: b4 is higher


def test_equal_and_lower_spaces_let_it_slide_on() -> None:
    """Equal or lower (any drop) does not stop it: c1 (1) climbs north onto c2 (2); c3 is
    equal (on), c4 two levels lower (on), c5, then the edge."""
    Scenario(
        position("c1=1 c2=2 c3=2", "a1,e5 c1,d4", to_move=2, powers="Harpies,-"),
        listed=["c1-c2-c5^b5"],
        never_begins=["c1-c2^", "c1-c2-c3"],
    ).check()


def test_obstructions_stop_it() -> None:
    """A dome, a worker (either side's) or the edge ends the slide."""
    legal = firsts(position("", "a1,c5 b2,d4", to_move=2, powers="Harpies,-"))
    assert {"b2-b3-b5", "b2-c2-e2", "d4-c4-a4", "d4-d3-d1"} <= legal  # to the edges
    assert "b2-c3" in legal  # d4 ahead: a worker of its own side
    assert "b2-b3-b4" in firsts(position("", "a1,b5 b2,d4", to_move=2, powers="Harpies,-"))  # Harpies on b5
    assert "b2-c2-d2" in firsts(
        position("e2=A", "a1,c5 b2,d4", to_move=2, powers="Harpies,-")
    )  # a dome on e2


def test_a_token_that_acts_as_a_dome_obstructs() -> None:
    """The card says "obstructed": Europa's Talus is a dome for every player, Europa
    included (RULINGS #51), so a slide stops before it; Clio's coins are domes for her
    opponents only (RULINGS #50), so they stop another player's worker, not hers."""
    talus = firsts(
        position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,Europa&Talus", extra="europa&talus=b4")
    )
    assert "b2-b3" in talus and not any(f.startswith("b2-b3-") for f in talus)
    # b3 and the coin space b4 are both on level 1.
    coins = "00000/01000/01000/00000/00000 {} a1,e5 {} {} powers=Harpies,Clio,- clio=b4 clio.placed=1"
    assert "b2-b3" in firsts(coins.format(3, "c1,e1", "b2,d4"))  # player 3 moves: the coin stops it
    assert "b2-b3-b5" in firsts(coins.format(2, "b2,d4", "c1,e1"))  # Clio's own worker slides over it


def test_a_winning_climb_stands_without_a_slide() -> None:
    """RULINGS #55: the win check runs before the slide; the climb onto a4 (level 3) wins
    and the worker stays there (a5 beyond would not stop it)."""
    board = Scenario(
        position("a3=2 a4=3", "c1,e5 a3,d4", to_move=2, powers="Harpies,-"),
        listed=["a3-a4"],
        play="a3-a4",
        winner=1,
        by=Termination.CLIMB,
    ).check()
    assert sq("a4") in board.workers[1]


def test_sliding_onto_level_3_or_down_wins_nothing() -> None:
    """Forced is not moved (RULINGS #1, #25): Pan moves level on 2 and slides down two
    levels: no win; moving down two levels himself still wins at once, with no slide."""
    text = position("b2=2 b3=2", "a1,e5 b2,d4", to_move=2, powers="Harpies,Pan")
    # b3 (2) -> b4 (0) -> b5 (0): a drop of 2
    Scenario(text, listed=["b2-b3-b5^b4"], play="b2-b3-b5^b4", ongoing=True).check()
    board = Scenario(
        text,
        play="b2-c2",
        winner=1,
        by=Termination.POWER,  # Pan steps down from 2 to 0: his win, before any slide
    ).check()
    assert sq("c2") in board.workers[1]


def test_harpies_own_workers_never_slide() -> None:
    Scenario(
        position("", "b2,e5 a5,d4", powers="Harpies,-"), listed=["b2-b3^b4"], never_begins=["b2-b3-"]
    ).check()


def test_a_slide_takes_hades_down() -> None:
    """RULINGS #54/#55: Hades's workers may not move down, but Harpies may force them
    down: b3 (1) level to c3 (1), then on east down to d3 and e3 (ground)."""
    Scenario(
        position("b3=1 c3=1", "a1,a5 b3,c1", to_move=2, powers="Harpies,Hades"), listed=["b3-c3-e3^e4"]
    ).check()


def test_apollos_swap_then_slides() -> None:
    """Apollo's swap is his move, so he slides on after it; the swapped Harpies worker
    stays where it was forced."""
    board = Scenario(
        position("", "c3,e5 b2,a5", to_move=2, powers="Harpies,Apollo"),
        listed=["b2-c3-d4^d5"],  # onto c3 (Harpies goes to b2), then on to d4
        play="b2-c3-d4^d5",
    ).check()
    assert sq("b2") in board.workers[0] and sq("d4") in board.workers[1]


def test_artemis_second_move_slides_too() -> None:
    """ "Each time" an opponent worker moves: Artemis's second move slides as well (her
    first move here stays, b4 above it being higher)."""
    board = Scenario(
        position("b4=1", "a1,e5 b2,d4", to_move=2, powers="Harpies,Artemis"),
        play="b2-b3-c3-e3^e4",  # b3 stays (b4 higher); c3 slides on to e3
    ).check()
    assert sq("e3") in board.workers[1] and board.height[sq("e4")] == 1


def test_artemis_moves_again_after_a_slide() -> None:
    """The slide is not Artemis's move: after b2-b3 slides on to b5 she may still move
    again (not back to b2). Today Artemis's power counts the turn's steps (core request)."""
    board = Scenario(position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,Artemis"), mid="b2-b3-b5").check()
    assert move(sq("b5"), sq("c5")) in board.legal_steps()


def test_urania_wrap_slides_the_way_she_went() -> None:
    """A wrap-around move slides on in the direction it was made, and the slide itself
    does not wrap (RULINGS #62): a3 -> e3 went west, so she slides west through d3, c3
    and b3 back to a3, the edge; e1 -> a1 went east and stops at b1 before Harpies on c1."""
    text = position("", "c1,c5 a3,e1", to_move=2, powers="Harpies,Urania")
    assert {"a3-e3-a3", "e1-a1-b1", "a3-b3-e3"} <= firsts(text)
    board = Scenario(text, play="a3-e3-a3^b3").check()
    assert sq("a3") in board.workers[1] and board.height[sq("b3")] == 1


def test_after_a_whirlpool_jump_the_slide_goes_on_the_original_way() -> None:
    """RULINGS #55 (BGA: whirlpools resolve before the slide) and #49 (the jump "counts as
    a move in the same direction as the move before it"): b2-b3 lands on a whirlpool,
    jumps to d2, then slides on north from there, to d5. (With Harpies seated before
    Charybdis the engine asks Harpies first: see the core requests.)"""
    text = position(
        "", "b2,e5 a5,e1", powers="Charybdis,Harpies", extra="charybdis=b3,d2 charybdis.levels=0,0"
    )
    board = Scenario(text, listed=["b2-b3-d2-d5^d4"], play="b2-b3-d2-d5^d4").check()
    assert sq("d5") in board.workers[0]


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        EMPTY,
        "b2-b3-b5^a4",
        mid=[
            position("", "a1,e5 b3,d4", to_move=2, powers="Harpies,-", extra="harpies=b3-b5 turn=b2-b3"),
            position("", "a1,e5 b5,d4", to_move=2, powers="Harpies,-", extra="harpies=b3>b5 turn=b2-b3+-b5"),
        ],
    )
    board = Scenario(EMPTY, mid="b2-b3").check()
    assert board.legal_steps() == [move(sq("b3"), sq("b5"))]  # the slide, only


def test_the_slide_cannot_be_skipped_or_changed() -> None:
    Scenario(EMPTY, illegal=["b2-b3^b4", "b2-b3-b4^a4", "b2-b3,d4-d5^e4"]).check()


# ---------------------------------------------------------------------- naive cross-check
def slide(pos: nv.Pos, src: nv.Coord, dst: nv.Coord) -> nv.Coord:
    """Where a worker that moved src -> dst comes to rest (the card's text)."""
    df, dr = dst[0] - src[0], dst[1] - src[1]
    here = dst
    while True:
        ahead = (here[0] + df, here[1] + dr)
        if not (0 <= ahead[0] <= 4 and 0 <= ahead[1] <= 4):
            return here
        if not pos.unoccupied(ahead) or pos.levels[ahead] > pos.levels[here]:
            return here
        here = ahead


def naive_turns(harpies: int) -> gn.Generator:
    """From the card text alone: Harpies plays the base game. The opponent moves (base
    rules); a climb onto level 3 wins at once; otherwise the worker slides on, and then
    builds next to where it came to rest."""

    def slide_then_build(moved: nv.Pos, src: nv.Coord, dst: nv.Coord, text: str) -> list[nv.Turn]:
        rest = slide(moved, src, dst)
        if rest != dst:
            mine = moved.workers[1 - moved.to_move]  # (the next player is to move)
            mine[mine.index(dst)] = rest
            text += f"-{nv.name(rest)}"
        return nv.builds(moved, rest, text)

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        return gn.base_turns(tpos, rest=slide_then_build if tpos.pos.to_move != harpies else None)

    return generate


# Harpies to move on an open board: the opponent's replies slide everywhere.
OPEN = position("c3=1 d2=1", "a1,e5 b2,d4", powers="Harpies,-")


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 15, 859), (THEIRS, 61, 1304), (OPEN, 16, 1156), (EMPTY, 70, 1654)],
)
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(0)), {text: (depth1, depth2)})


def test_naive_agrees_on_open_and_crowded_boards() -> None:
    for text, seat in (
        (EMPTY, 0),
        (
            position("a1=2 b1=1 c1=2 a2=1 c3=3 d3=2 e3=1 b4=B", "a3,e5 b2,d4", to_move=2, powers="Harpies,-"),
            0,
        ),
        (position(LEVELS, "b2,d4 a1,e5", powers="-,Harpies"), 1),
    ):
        assert check_against_naive(gn.oracle(naive_turns(seat)), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Harpies", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Harpies"], seeds=range(1), replay=False)
