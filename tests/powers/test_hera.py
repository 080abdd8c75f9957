"""20. Hera (SANTORINI.md §4; RULINGS #8, #37): an opponent cannot win by moving into a
perimeter space. Any win whose final action is such a move is void (Pan's drop too); the
move itself stands and the turn goes on."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from aegean.santorini.squares import PERIMETER_MASK
from aegean.santorini.steps import step_dst
from powers.support import naive_pos, turns
from powers.support import position as support_position

POWERS = "-,Hera"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios
#: a1 (level 2) can climb onto a2 (perimeter) or b2 (inner), both level 3.
CLIMB = position("a1=2 a2=3 b2=3", "a1,e1 c5,e5")


def test_a_climb_onto_a_perimeter_space_does_not_win() -> None:
    """Card: an opponent cannot win by moving into a perimeter space. The move is still
    legal; as it wins nothing, the worker must build after it (RULINGS #37)."""
    board = Board.from_position(CLIMB)
    legal = turns(board)
    assert "a1-a2" not in legal
    assert {"a1-a2^a1", "a1-a2^a3", "a1-a2^b1", "a1-a2^b2", "a1-a2^b3"} <= legal
    with pytest.raises(IllegalTurnError):
        board.play("a1-a2")  # no win, so the turn is not finished
    board.play("a1-a2^b2")
    assert board.outcome() is None
    assert board.domes >> 6 & 1  # the build on level-3 b2 was a dome


def test_a_climb_onto_an_inner_space_still_wins() -> None:
    """Only perimeter spaces are protected."""
    board = Board.from_position(CLIMB)
    assert "a1-b2" in turns(board)
    board.play("a1-b2")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.CLIMB


def test_hera_herself_wins_on_the_perimeter() -> None:
    """The card speaks of opponents: Hera's own workers win anywhere."""
    board = Board.from_position(position("a1=2 a2=3", "c5,e5 a1,e1", to_move=2))
    board.play("a1-a2")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 1


def test_pan_dropping_onto_the_perimeter_does_not_win() -> None:
    """RULINGS #37: Hera voids any win whose final action is a move into a perimeter space,
    so Pan's drop of two levels onto the edge wins nothing; onto an inner space it does
    (#8: Pan claims the win, then Hera may cancel it)."""
    text = position("b2=2", "b2,e5 d4,e1", powers="Pan,Hera")
    board = Board.from_position(text)
    legal = turns(board)
    assert "b2-a1" not in legal and "b2-a1^b1" in legal
    assert "b2-c3" in legal  # c3 is inner: the drop wins
    board.play("b2-a1^b1")
    assert board.outcome() is None
    board = Board.from_position(text)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.POWER


def test_artemis_vetoed_climb_then_moves_again() -> None:
    """Hera vs Artemis: the first move up onto perimeter a2 wins nothing, so the optional
    second move follows (a2 to level-3 b3 is not up, no win); a second move up onto an
    inner level 3 wins, and one up onto the perimeter does not."""
    board = Board.from_position(position("a1=2 a2=3 b2=2 b3=3", "a1,e5 d4,e1", powers="Artemis,Hera"))
    legal = turns(board)
    assert "a1-a2" not in legal
    assert {"a1-a2^b1", "a1-a2-b3^c4", "a1-b2-b3"} <= legal
    assert "a1-b2-a2" not in legal
    board.push(board.parse_turn("a1-b2")[0])
    board.push(board.parse_turn("b2-a2")[0])
    assert board.decided is None and board.legal_steps()  # no win: a build follows
    board.pop()
    board.pop()
    board.play("a1-a2-b3^c4")
    assert board.outcome() is None
    board.pop()
    board.play("a1-b2-b3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0


def test_apollo_swap_onto_a_perimeter_level_three_does_not_win() -> None:
    """Hera vs Apollo: the swap is Apollo's move into the perimeter space: no win; the swap
    stands (Hera's worker is forced to a1) and Apollo builds. Onto an inner space it wins."""
    board = Board.from_position(position("a1=2 a2=3 b2=3", "a1,e5 a2,b2", powers="Apollo,Hera"))
    legal = turns(board)
    assert "a1-a2" not in legal and "a1-a2^b1" in legal
    assert "a1-b2" in legal
    board.play("a1-a2^b1")
    assert board.outcome() is None
    assert board.owner[5] == 0 and board.owner[0] == 1  # a2 Apollo, a1 Hera's worker
    board.pop()
    board.play("a1-b2")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0


def test_triton_vetoed_climb_keeps_moving_along_the_edge() -> None:
    """Hera vs Triton: moving up onto perimeter a2 wins nothing, and being a move into a
    perimeter space it lets Triton move on."""
    board = Board.from_position(position("a1=2 a2=3", "a1,e5 d4,e1", powers="Triton,Hera"))
    legal = turns(board)
    assert "a1-a2" not in legal
    assert "a1-a2-a3^a4" in legal
    board.play("a1-a2-a3^a4")
    assert board.outcome() is None


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After a vetoed climb the turn is in progress: the position reads back with the same
    legal steps and hash; popping restores position and hash."""
    board = Board.from_position(CLIMB)
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("a1-a2")[0])
    assert board.decided is None
    text = board.position()
    assert text == position("a1=2 a2=3 b2=3", "a2,e1 c5,e5", extra="turn=a1-a2")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert board.rehash() == board.zobrist_hash()
    board.push(board.parse_turn("a2^b3")[0])
    assert board.to_move == 1
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def _perimeter(c: nv.Coord) -> bool:
    return c[0] in (0, 4) or c[1] in (0, 4)


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone: ``seat``
    is Hera's player, whose opponent wins by climbing only onto inner spaces."""
    me = pos.to_move
    out: list[tuple[str, nv.Pos, bool]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            after = pos.copy()
            after.workers[me][i] = dst
            after.to_move = 1 - me
            move = f"{nv.name(src)}-{nv.name(dst)}"
            if pos.levels[dst] == 3 and pos.levels[src] < 3 and (me == seat or not _perimeter(dst)):
                out.append((move, after, True))
                continue
            for target in nv.neighbours(dst):
                if after.unoccupied(target):
                    built = after.copy()
                    if built.levels[target] == 3:
                        built.domes.add(target)
                    else:
                        built.levels[target] += 1
                    out.append((f"{move}^{nv.name(target)}", built, False))
    return out


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    options = naive_turns(pos, seat)
    if depth == 1:
        return len(options)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in options if not won)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    """The legal-turn sets agree with the naive generator, for Hera's side and the other."""
    rng = random.Random(2020)
    for i in range(40):
        seat = i % 2
        powers = "Hera,-" if seat == 0 else "-,Hera"
        text = nv.random_board(rng, dome_chance=0.1) + f" powers={powers}"
        board = Board.from_position(text)
        expected = {t for t, _, _ in naive_turns(naive_pos(text), seat)}
        assert turns(board) == expected, text


#: Level-3 towers on the edge (a4, e3, c1) and inside (b3, d3), with climbers beside them.
EDGE = "00000/32020/03023/12120/21310 1 b4,d3 b2,e2 powers=-,Hera"
PERFT_EDGE = (80, 3018)


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    """Depth-2 perft from a fixed position with climbs onto edge and inner towers for both
    sides, frozen, and recounted independently."""
    board = Board.from_position(EDGE)
    counts = (perft(board, 1), perft(board, 2))
    assert counts == PERFT_EDGE
    pos = naive_pos(EDGE)
    assert (naive_perft(pos, 1, 1), naive_perft(pos, 2, 1)) == PERFT_EDGE
    assert "b4-a4" not in turns(board) and "b4-b3" in turns(board)
    assert board.position() == EDGE


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", [["Hera", None], [None, "Hera"], ["Hera", "Athena"], ["Apollo", "Hera"]])
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner (never by a climb of Hera's
    opponent onto the perimeter), and undoing everything restores the start."""
    hera = powers.index("Hera")
    for seed in range(2):
        rng = random.Random(f"{powers}{seed}")
        board = Board(2, powers)
        start = (board.position(), board.zobrist_hash())
        played = 0
        while board.outcome() is None:
            assert played < 300
            turn = rng.choice(board.legal_turns())
            board.push_turn(turn)
            played += 1
            z = board.zobrist_hash()
            assert board.rehash() == z
            assert Board.from_position(board.position()).zobrist_hash() == z
        outcome = board.outcome()
        assert outcome is not None and outcome.winners
        if outcome.winner != hera and outcome.termination is Termination.CLIMB:
            assert not PERIMETER_MASK >> step_dst(board.history[-1][-1]) & 1
        for _ in range(played):
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
