"""38. Harpies (SANTORINI.md §4; RULINGS #55): each time an opponent worker moves, it is
then forced on in the same direction until the next space is higher or obstructed."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import move
from powers import gf_naive as gn
from powers.naive_gods import base_turns, build_on, climbs, step_moves
from powers.support import check_random_playouts, position, turns

# Harpies (player 1) on a1 and e5; the opponent on b2 and d4. Levels make slides stop:
# b4 1, b5 2 (higher), c3 2, d2 1, e3 A (a dome), a4 3.
LEVELS = "b4=1 b5=2 c3=2 d2=1 e3=A a4=3 e1=1"
THEIRS = position(LEVELS, "a1,e5 b2,d4", to_move=2, powers="Harpies,-")
START = position(LEVELS, "a1,e5 b2,d4", powers="Harpies,-")
EMPTY = position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_the_moved_worker_slides_to_the_edge() -> None:
    """Card: forced space by space in the same direction; written as a further move of
    the worker in use (``b2-b3-b5``), then it builds where it came to rest."""
    board = Board.from_position(EMPTY)
    legal = turns(board)
    assert "b2-b3-b5^b4" in legal and not any(t.startswith("b2-b3^") for t in legal)
    board.play("b2-b3-b5^a4")
    assert sorted(board.workers[1]) == sorted([sq("b5"), sq("d4")])
    assert board.height[sq("a4")] == 1 and board.to_move == 0


def test_the_slide_stops_before_a_higher_space() -> None:
    """ "Until the next space is higher than its current one": b3 (0) -> b4 (1) is higher,
    so a move to b3 stays; from b4 itself (level 1) the next, b5 (2), is higher too."""
    board = Board.from_position(THEIRS)
    legal = turns(board)
    assert "b2-b3^b2" in legal  # no slide: b4 is higher
    assert not any(t.startswith("b2-b3-") for t in legal)


def test_equal_and_lower_spaces_let_it_slide_on() -> None:
    """Equal or lower (any drop) does not stop it: c1 (1) climbs north onto c2 (2); c3 is
    equal (on), c4 two levels lower (on), c5, then the edge."""
    text = position("c1=1 c2=2 c3=2", "a1,e5 c1,d4", to_move=2, powers="Harpies,-")
    board = Board.from_position(text)
    assert "c1-c2-c5^b5" in turns(board)
    assert not any(t.startswith("c1-c2^") or t.startswith("c1-c2-c3") for t in turns(board))


def test_obstructions_stop_it() -> None:
    """A dome, a worker (either side's) or the edge ends the slide."""
    text = position("", "a1,c5 b2,d4", to_move=2, powers="Harpies,-")
    legal = {t.split("^")[0] for t in turns(Board.from_position(text))}
    assert {"b2-b3-b5", "b2-c2-e2", "d4-c4-a4", "d4-d3-d1"} <= legal  # to the edges
    assert "b2-c3" in legal  # d4 ahead: a worker of its own side
    text = position("", "a1,b5 b2,d4", to_move=2, powers="Harpies,-")
    assert "b2-b3-b4" in {t.split("^")[0] for t in turns(Board.from_position(text))}  # Harpies on b5
    text = position("e2=A", "a1,c5 b2,d4", to_move=2, powers="Harpies,-")
    assert "b2-c2-d2" in {t.split("^")[0] for t in turns(Board.from_position(text))}  # a dome on e2


def test_a_token_that_acts_as_a_dome_obstructs() -> None:
    """The card says "obstructed": Europa's Talus is a dome for every player, Europa
    included (RULINGS #51), so a slide stops before it; Clio's coins are domes for her
    opponents only (RULINGS #50), so they stop another player's worker, not hers."""
    text = position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,Europa&Talus", extra="europa&talus=b4")
    firsts = {t.split("^")[0] for t in turns(Board.from_position(text))}
    assert "b2-b3" in firsts and not any(f.startswith("b2-b3-") for f in firsts)
    # b3 and the coin space b4 are both on level 1.
    coins = "00000/01000/01000/00000/00000 {} a1,e5 {} {} powers=Harpies,Clio,- clio=b4 clio.placed=1"
    third = Board.from_position(coins.format(3, "c1,e1", "b2,d4"))  # player 3 moves: the coin stops it
    assert "b2-b3" in {t.split("^")[0] for t in turns(third)}
    clio = Board.from_position(coins.format(2, "b2,d4", "c1,e1"))  # Clio's own worker slides over it
    assert "b2-b3-b5" in {t.split("^")[0] for t in turns(clio)}


def test_a_winning_climb_stands_without_a_slide() -> None:
    """RULINGS #55: the win check runs before the slide; the climb onto a4 (level 3) wins
    and the worker stays there (a5 beyond would not stop it)."""
    text = position("a3=2 a4=3", "c1,e5 a3,d4", to_move=2, powers="Harpies,-")
    board = Board.from_position(text)
    assert "a3-a4" in turns(board)
    board.play("a3-a4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.termination is Termination.CLIMB
    assert sq("a4") in board.workers[1]


def test_sliding_onto_level_3_or_down_wins_nothing() -> None:
    """Forced is not moved (RULINGS #1, #25): Pan moves level on 2 and slides down two
    levels: no win; moving down two levels himself still wins at once, with no slide."""
    text = position("b2=2 b3=2", "a1,e5 b2,d4", to_move=2, powers="Harpies,Pan")
    board = Board.from_position(text)
    assert "b2-b3-b5^b4" in turns(board)  # b3 (2) -> b4 (0) -> b5 (0): a drop of 2
    board.play("b2-b3-b5^b4")
    assert board.outcome() is None
    board.pop()
    board.play("b2-c2")  # Pan steps down from 2 to 0: his win, before any slide
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.termination is Termination.POWER
    assert sq("c2") in board.workers[1]


def test_harpies_own_workers_never_slide() -> None:
    board = Board.from_position(position("", "b2,e5 a5,d4", powers="Harpies,-"))
    legal = turns(board)
    assert "b2-b3^b4" in legal and not any(t.startswith("b2-b3-") for t in legal)


def test_a_slide_takes_hades_down() -> None:
    """RULINGS #54/#55: Hades's workers may not move down, but Harpies may force them
    down: b3 (1) level to c3 (1), then on east down to d3 and e3 (ground)."""
    text = position("b3=1 c3=1", "a1,a5 b3,c1", to_move=2, powers="Harpies,Hades")
    board = Board.from_position(text)
    assert "b3-c3-e3^e4" in turns(board)


def test_apollos_swap_then_slides() -> None:
    """Apollo's swap is his move, so he slides on after it; the swapped Harpies worker
    stays where it was forced."""
    text = position("", "c3,e5 b2,a5", to_move=2, powers="Harpies,Apollo")
    board = Board.from_position(text)
    assert "b2-c3-d4^d5" in turns(board)  # onto c3 (Harpies goes to b2), then on to d4
    board.play("b2-c3-d4^d5")
    assert sq("b2") in board.workers[0] and sq("d4") in board.workers[1]


def test_artemis_second_move_slides_too() -> None:
    """ "Each time" an opponent worker moves: Artemis's second move slides as well (her
    first move here stays, b4 above it being higher)."""
    text = position("b4=1", "a1,e5 b2,d4", to_move=2, powers="Harpies,Artemis")
    board = Board.from_position(text)
    board.play("b2-b3-c3-e3^e4")  # b3 stays (b4 higher); c3 slides on to e3
    assert sq("e3") in board.workers[1] and board.height[sq("e4")] == 1


def test_artemis_moves_again_after_a_slide() -> None:
    """The slide is not Artemis's move: after b2-b3 slides on to b5 she may still move
    again (not back to b2). Today Artemis's power counts the turn's steps (core request)."""
    board = Board.from_position(position("", "a1,e5 b2,d4", to_move=2, powers="Harpies,Artemis"))
    for step in board.parse_turn("b2-b3-b5"):
        board.push(step)
    assert move(sq("b5"), sq("c5")) in board.legal_steps()


def test_urania_wrap_slides_the_way_she_went() -> None:
    """A wrap-around move slides on in the direction it was made, and the slide itself
    does not wrap (RULINGS #62): a3 -> e3 went west, so she slides west through d3, c3
    and b3 back to a3, the edge; e1 -> a1 went east and stops at b1 before Harpies on c1."""
    text = position("", "c1,c5 a3,e1", to_move=2, powers="Harpies,Urania")
    board = Board.from_position(text)
    firsts = {t.split("^")[0] for t in turns(board)}
    assert {"a3-e3-a3", "e1-a1-b1", "a3-b3-e3"} <= firsts
    board.play("a3-e3-a3^b3")
    assert sq("a3") in board.workers[1] and board.height[sq("b3")] == 1


def test_after_a_whirlpool_jump_the_slide_goes_on_the_original_way() -> None:
    """RULINGS #55 (BGA: whirlpools resolve before the slide) and #49 (the jump "counts as
    a move in the same direction as the move before it"): b2-b3 lands on a whirlpool,
    jumps to d2, then slides on north from there, to d5. (With Harpies seated before
    Charybdis the engine asks Harpies first: see the core requests.)"""
    text = position(
        "", "b2,e5 a5,e1", powers="Charybdis,Harpies", extra="charybdis=b3,d2 charybdis.levels=0,0"
    )
    board = Board.from_position(text)
    assert "b2-b3-d2-d5^d4" in turns(board)
    board.play("b2-b3-d2-d5^d4")
    assert sq("d5") in board.workers[0]


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(EMPTY)
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2-b3-b5^a4")
    for i, step in enumerate(steps):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        if board.turn:
            assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        if i == 0:
            assert board.position().endswith("harpies=b3-b5 turn=b2-b3")
            assert board.legal_steps() == [move(sq("b3"), sq("b5"))]  # the slide, only
        if i == 1:
            assert board.position().endswith("harpies=b3>b5 turn=b2-b3+-b5")
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


def test_the_slide_cannot_be_skipped_or_changed() -> None:
    board = Board.from_position(EMPTY)
    for bad in ("b2-b3^b4", "b2-b3-b4^a4", "b2-b3,d4-d5^e4"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    assert board.position() == EMPTY


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

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos = tpos.pos
        me = pos.to_move
        if me == harpies:
            return base_turns(tpos)
        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in step_moves(pos, src):
                moved = tpos.copy()
                moved.pos.workers[me][index] = dst
                moved.pos.to_move = 1 - me
                text = f"{nv.name(src)}-{nv.name(dst)}"
                if climbs(pos, src, dst):
                    out.append((text, moved, True))
                    continue
                rest = slide(moved.pos, src, dst)
                if rest != dst:
                    moved.pos.workers[me][index] = rest
                    text += f"-{nv.name(rest)}"
                for target in nv.neighbours(rest):
                    if moved.pos.unoccupied(target):
                        built = moved.copy()
                        build_on(built.pos, target)
                        out.append((f"{text}^{nv.name(target)}", built, False))
        return out

    return generate


# Harpies to move on an open board: the opponent's replies slide everywhere.
OPEN = position("c3=1 d2=1", "a1,e5 b2,d4", powers="Harpies,-")


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 15, 859), (THEIRS, 61, 1304), (OPEN, 16, 1156), (EMPTY, 70, 1654)],
)
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    generate = naive_turns(0)
    assert gn.check_turns(generate, text) == depth1
    board = Board.from_position(text)
    assert perft(board, 1) == depth1
    assert perft(board, 2) == gn.perft(generate, gn.parse(text), 2) == depth2


def test_naive_agrees_on_open_and_crowded_boards() -> None:
    for text, seat in (
        (EMPTY, 0),
        (
            position("a1=2 b1=1 c1=2 a2=1 c3=3 d3=2 e3=1 b4=B", "a3,e5 b2,d4", to_move=2, powers="Harpies,-"),
            0,
        ),
        (position(LEVELS, "b2,d4 a1,e5", powers="-,Harpies"), 1),
    ):
        assert gn.check_turns(naive_turns(seat), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Harpies", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Harpies"], seeds=range(1), replay=False)
