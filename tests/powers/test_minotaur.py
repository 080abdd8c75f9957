"""8. Minotaur (SANTORINI.md §4; RULINGS #1, #16, #24): his worker may move, by the normal
movement rules, into a space occupied by an opponent worker if that worker can be forced
one space straight on, in the same direction, into an unoccupied space at any level. The
push is a force: a worker pushed onto level 3 does not win."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import step_dst
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Minotaur,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
def test_minotaur_pushes_an_opponent_straight_on() -> None:
    """Card: moving into the opponent's space forces that worker one space on, in the same
    direction (here diagonally b2 -> c3, so c3 -> d4); then the Minotaur builds as usual."""
    board = Board.from_position(position(workers="b2,a5 c3,d2"))
    assert "b2-c3^b2" in turns(board)
    board.play("b2-c3^b2")
    assert board.position() == position("b2=1", "c3,a5 d4,d2", to_move=2)


@pytest.mark.parametrize(
    ("minotaur", "victim", "pushed_to"),
    [("c2", "c3", "c4"), ("d3", "c3", "b3"), ("c4", "c3", "c2"), ("b3", "c3", "d3"), ("d4", "c3", "b2")],
)
def test_every_direction(minotaur: str, victim: str, pushed_to: str) -> None:
    """'Straight on, in the same direction': orthogonal and diagonal pushes."""
    board = Board.from_position(position(workers=f"{minotaur},a5 {victim},e1"))
    board.push(board.parse_turn(f"{minotaur}-{victim}")[0])
    assert board.owner[parse_square(victim)] == 0
    assert board.owner[parse_square(pushed_to)] == 1
    assert board.owner[parse_square(minotaur)] == -1
    assert board.rehash() == board.zobrist_hash()


def test_no_push_off_the_board_into_a_worker_or_a_dome() -> None:
    """RULINGS #24: the space straight behind must exist and be unoccupied (no worker of
    anyone, no dome)."""
    # b2 -> a1 would push a1's worker off the board; c2 -> c3 into his own worker on c4;
    # d2 -> d3 into the opponent's worker on d4; b3 -> b4 into a dome on b5.
    board = Board.from_position(position("b5=A", "b2,c2 a1,c3"))
    legal = turns(board)
    assert not any(t.startswith("b2-a1") for t in legal)
    assert any(t.startswith("c2-c3") for t in legal)  # c4 is free: the push works
    for text, workers in (
        ("c2-c3^c2", "c2,c4 a1,c3"),
        ("d2-d3^d2", "d2,a5 d3,d4"),
        ("b3-b4^b3", "b3,a5 b4,e1"),
    ):
        board = Board.from_position(position("b5=A", workers))
        assert not any(t.startswith(text[:5]) for t in turns(board)), text
        with pytest.raises(IllegalTurnError, match="occupied by a worker"):
            board.play(text)
        assert board.position() == position("b5=A", workers)


def test_the_pushed_worker_goes_to_any_level() -> None:
    """RULINGS #24: 'into an unoccupied space at any level', even three levels up."""
    board = Board.from_position(position("d4=3", "b2,a5 c3,e1"))
    board.play("b2-c3^b2")
    assert board.owner[18] == 1 and board.height[18] == 3


def test_a_worker_pushed_onto_level_three_does_not_win() -> None:
    """RULINGS #1, #24: forced is not moved; the game goes on and the pushed player plays."""
    board = Board.from_position(position("b2=1 c3=2 d4=3 e5=3", "b2,a5 c3,e1"))
    board.play("b2-c3^b2")
    assert board.decided is None and board.outcome() is None
    assert board.to_move == 1 and board.owner[18] == 1 and board.height[18] == 3
    # Standing on level 3, a move to another level-3 space is no climb (RULINGS #2).
    board.play("d4-e5^e4")
    assert board.decided is None


def test_minotaurs_own_step_obeys_the_height_limit() -> None:
    """RULINGS #24: his move is a normal move; an opponent two levels up cannot be pushed."""
    board = Board.from_position(position("c3=2", "b2,a5 c3,e1"))
    assert not any(t.startswith("b2-c3") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="2 levels up"):
        board.play("b2-c3^b2")
    board = Board.from_position(position("b2=1 c3=2", "b2,a5 c3,e1"))
    assert "b2-c3^b2" in turns(board)


def test_minotaur_wins_by_pushing_his_way_up_onto_level_three() -> None:
    """His push-move is his move: moving up onto level 3 wins (rule 2.1), at once."""
    board = Board.from_position(position("b2=2 c3=3", "b2,a5 c3,e1"))
    assert "b2-c3" in turns(board)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB
    assert board.owner[18] == 1  # the opponent was still pushed to d4


def test_minotaur_cannot_push_his_own_worker_or_a_teammate() -> None:
    """The card names opponent workers; in 4-player games the teammate is no opponent
    (teams 1+3, 2+4)."""
    board = Board.from_position(position(workers="b2,c3 a5,e1"))
    assert not any(t.startswith("b2-c3") for t in turns(board))
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,c3 b3,c2 & & powers=Minotaur,-,-,-")
    legal = turns(board)
    assert any(t.startswith("b2-b3") for t in legal)  # player 2's worker, pushed to b4
    assert any(t.startswith("b2-c2") for t in legal)  # player 4's worker, pushed to d2
    assert not any(t.startswith("b2-c3") for t in legal)  # player 3 is his teammate


def test_he_builds_where_he_likes_but_not_on_the_pushed_worker() -> None:
    """After the push the Minotaur's worker builds as the worker that moved: the space he
    left is free, the space the victim was pushed to is occupied."""
    board = Board.from_position(position(workers="b2,a5 c3,e1"))
    legal = turns(board)
    assert "b2-c3^b2" in legal and "b2-c3^d4" not in legal
    with pytest.raises(IllegalTurnError, match="d4 is occupied by a worker"):
        board.play("b2-c3^d4")


def test_athena_stops_minotaur_pushing_his_way_up() -> None:
    """RULINGS #16: after Athena moved up, the push is still a move by the Minotaur, so he
    cannot push his way up onto a higher opponent; a level push is still fine, and forcing
    Athena's worker up is no move of hers (RULINGS #17)."""
    text = position("c3=1 d4=2 c4=0", "b2,a5 c3,c5", powers="Minotaur,Athena", extra="athena=up")
    board = Board.from_position(text)
    assert not any(t.startswith("b2-c3") for t in turns(board))
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3^b2")
    board = Board.from_position(
        position("b2=1 c3=1 d4=2", "b2,a5 c3,c5", powers="Minotaur,Athena", extra="athena=up")
    )
    board.play("b2-c3^b2")  # level push: Athena's worker is forced up onto d4
    assert board.owner[18] == 1 and board.height[18] == 2
    assert "athena" not in board.tokens  # her turn began; being forced up is no move up
    # Without Athena's token the Minotaur may push his way up.
    board = Board.from_position(text.replace(" athena=up", ""))
    assert "b2-c3^b2" in turns(board)


def test_the_opponent_without_minotaur_cannot_push() -> None:
    """The power is the Minotaur's alone."""
    board = Board.from_position(position(workers="b2,a5 c3,e1", to_move=2))
    assert not any(t.startswith("c3-b2") for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; a position written after the push (turn in
    progress) reads back with the same legal steps and turns."""
    board = Board.from_position(position("d4=2", "b2,a5 c3,e1"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    text = board.position()
    assert text == position("d4=2", "c3,a5 d4,e1", extra="turn=b2-c3")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert turns(again) == turns(board)
    assert board.rehash() == board.zobrist_hash()
    board.push(board.parse_turn("b2-c3^b2")[1])
    assert board.to_move == 1
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before
    assert board.workers == [[6, 20], [12, 4]]


# ---------------------------------------------------------------------- naive cross-check
def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is the Minotaur's player, the other has no power."""
    me, them = pos.to_move, 1 - pos.to_move
    if me != seat:
        return [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    out: list[tuple[str, nv.Pos, str]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if dst in pos.domes or dst in pos.workers[me] or pos.levels[dst] > pos.levels[src] + 1:
                continue
            after = pos.copy()
            after.workers[me][i] = dst
            if dst in pos.workers[them]:  # the push
                behind = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
                if not (0 <= behind[0] < 5 and 0 <= behind[1] < 5) or not pos.unoccupied(behind):
                    continue
                after.workers[them][pos.workers[them].index(dst)] = behind
            after.to_move = them
            move = f"{nv.name(src)}-{nv.name(dst)}"
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out.append((move, after, f"{me + 1}:climb"))
                continue
            for target in nv.neighbours(dst):
                if after.unoccupied(target):
                    out.append((f"{move}^{nv.name(target)}", _built(after, target), ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(801)
    for i in range(40):
        seat = i % 2
        powers = "Minotaur,-" if seat == 0 else "-,Minotaur"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


def test_turns_match_the_naive_generator_in_crowded_positions() -> None:
    """Random positions where the four workers stand close together, so pushes abound."""
    rng = random.Random(802)
    pushes = 0
    for i in range(60):
        seat = i % 2
        powers = "Minotaur,-" if seat == 0 else "-,Minotaur"
        squares = rng.sample([f + r for f in "bcd" for r in "234"], 4)
        grid = {f + r: rng.choice("0001123A") for f in "abcde" for r in "12345"}
        grid.update({sq: rng.choice("0123") for sq in squares})
        levels = "/".join("".join(grid[f + r] for f in "abcde") for r in "54321")
        text = f"{levels} {seat + 1} {squares[0]},{squares[1]} {squares[2]},{squares[3]} powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)
        board = Board.from_position(text)
        pushes += sum(board.owner[step_dst(t[0])] != -1 for t in board.legal_turns())
    assert pushes > 50  # the positions exercise the push


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Minotaur,-"
SCRUM = "00000/01200/01210/00100/00000 1 b3,c2 c3,b4 powers=Minotaur,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (SCRUM, PERFT_SCRUM)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (51, 2114)
PERFT_SCRUM = (76, 4764)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Minotaur", None], [None, "Minotaur"], ["Minotaur", "Athena"], ["Apollo", "Minotaur"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
