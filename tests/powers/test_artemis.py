"""2. Artemis (SANTORINI.md §4; RULINGS #7, #19): her worker may move one more time, but
not back to the space it started the turn on. The second move is optional, by the same
worker, and may go up too; a first move up onto level 3 wins at once."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from powers.support import check_random_playouts, engine_ends, naive_end, naive_perft, naive_pos, turns
from powers.support import position as support_position

POWERS = "Artemis,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
def test_the_second_move_is_optional() -> None:
    """Card: "may move one more time"; one move and a build is a full turn."""
    board = Board.from_position(position())
    legal = turns(board)
    assert "b2-c3^c4" in legal and "b2-c2-d3^e3" in legal
    assert board.is_legal(board.parse_turn("b2-c3-c4^c5"))
    board.play("b2-c3^c4")
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)


def test_two_moves_then_the_build_next_to_where_she_stopped() -> None:
    """The build follows the last move, by the worker that moved; it may go on the space
    she passed through or the one she started on when they neighbor the end space."""
    board = Board.from_position(position())
    board.play("b2-c3-c4^c3")
    assert board.position() == position("c3=1", "c4,d4 b4,d2", to_move=2)
    board = Board.from_position(position())
    board.play("b2-b3-a4^b3")
    assert board.position() == position("b3=1", "a4,d4 b4,d2", to_move=2)


def test_she_may_not_move_back_to_her_start_square() -> None:
    """RULINGS #19: not back to the space it started the turn on."""
    board = Board.from_position(position())
    assert not board.is_legal(board.parse_turn("b2-c3-b2^b1"))
    board.push(board.parse_turn("b2-c3")[0])
    offered = board.legal_steps()
    assert board.parse_turn("c3-b2")[0] not in offered
    assert board.parse_turn("c3-b3")[0] in offered
    board.pop()
    with pytest.raises(IllegalTurnError, match="c3-b2 is not allowed here"):
        board.play("b2-c3-b2^b1")
    assert board.position() == position()


def test_the_second_move_uses_the_same_worker() -> None:
    """RULINGS #19: the same worker moves again."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError, match="only the worker on c3 may go on"):
        board.play("b2-c3,d4-d5^e5")


def test_both_moves_may_go_up() -> None:
    """RULINGS #19: ground -> level 1 -> level 2 in one turn."""
    board = Board.from_position(position("c3=1 d3=2"))
    board.play("b2-c3-d3^e3")
    assert board.workers[0] == [13, 18] and board.height[13] == 2
    assert board.decided is None


def test_each_move_obeys_the_movement_rules() -> None:
    """Each move: a neighboring unoccupied space, at most one level up (rule 2)."""
    board = Board.from_position(position("c3=1 d3=3 c4=A"))
    assert not board.is_legal(board.parse_turn("b2-c3-d3"))  # 2 levels up on the second move
    assert not board.is_legal(board.parse_turn("b2-c3-c4^c5"))  # onto a dome
    assert not board.is_legal(board.parse_turn("b2-c3-d4^e5"))  # onto her own worker
    with pytest.raises(IllegalTurnError, match="d3 is 2 levels up from c3"):
        board.play("b2-c3-d3")


def test_the_first_move_up_onto_level_three_wins_at_once() -> None:
    """RULINGS #7: the win is checked after every move, so the first move wins before any
    second move, and nothing may follow it."""
    board = Board.from_position(position("b2=2 c3=3 d3=3"))
    assert "b2-c3" in turns(board)
    assert not any(t.startswith("b2-c3-") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="b2-c3 wins the game, so nothing may follow it"):
        board.play("b2-c3-d3^e3")
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB
    assert board.position().endswith("outcome=1:climb")


def test_the_second_move_up_onto_level_three_wins() -> None:
    """Rule 2.1 applies to each move: level 1 -> 2 -> 3 wins on the second move."""
    board = Board.from_position(position("b2=1 c3=2 d3=3"))
    assert "b2-c3-d3" in turns(board)
    board.play("b2-c3-d3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB


def test_level_three_to_level_three_does_not_win() -> None:
    """RULINGS #2: from level 3 to level 3 is not moving up, on either move."""
    board = Board.from_position(position("b2=3 c3=3 d3=3"))
    assert "b2-c3" not in turns(board) and "b2-c3-d3" not in turns(board)
    board.play("b2-c3-d3^e3")
    assert board.decided is None


def test_one_non_winning_move_alone_is_not_a_turn() -> None:
    """She must still build (rule 2): a lone move is unfinished."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError, match="the turn is not finished"):
        board.play("b2-c3-c4")
    with pytest.raises(IllegalTurnError, match="the turn is not finished"):
        board.play("b2-c3")


def test_the_opponent_without_artemis_moves_once() -> None:
    board = Board.from_position(position(to_move=2))
    assert not board.is_legal(board.parse_turn("b4-b3-a3^a2"))
    assert all(t.count("-") == 1 for t in turns(board))


def test_turns_are_listed_once_by_their_shortest_form() -> None:
    """Two paths to the same end (b2-c3 directly, or via b3) are one turn, written as the
    direct one."""
    board = Board.from_position(position())
    legal = turns(board)
    assert "b2-c3^c4" in legal and "b2-b3-c3^c4" not in legal
    assert board.is_legal(board.parse_turn("b2-b3-c3^c4"))  # still a legal way to play it
    assert len(legal) == len(board.legal_turns()) == 120


def test_undo_and_position_round_trip_mid_turn() -> None:
    """A position after the first move (``turn=b2-c3``) reads back with the same options,
    the start square still excluded; push/pop restore position and hash."""
    board = Board.from_position(position("c3=1"))
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c3-d3^c3"):
        text = board.position()
        again = Board.from_position(text)
        assert again.position() == text and again.zobrist_hash() == board.zobrist_hash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        board.push(step)
        assert board.rehash() == board.zobrist_hash()
    assert board.position() == position("c3=2", "d3,d4 b4,d2", to_move=2)
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before
    mid = Board.from_position(position("c3=1", "c3,d4 b4,d2", extra="turn=b2-c3"))
    assert mid.parse_turn("-b2")[0] not in mid.legal_steps()
    assert turns(mid) >= {"c3-d3^c3", "c3^b2"}


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
    text alone; ``seat`` is Artemis's player, the other has no power."""
    me, them = pos.to_move, 1 - pos.to_move
    if me != seat:
        return [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    out: list[tuple[str, nv.Pos, str]] = []
    levels = pos.levels
    for i, src in enumerate(pos.workers[me]):
        for first in nv.neighbours(src):
            if not pos.unoccupied(first) or levels[first] > levels[src] + 1:
                continue
            once = pos.copy()
            once.workers[me][i] = first
            once.to_move = them
            text = f"{nv.name(src)}-{nv.name(first)}"
            if levels[first] == 3 and levels[src] < 3:
                out.append((text, once, f"{me + 1}:climb"))
                continue
            ends = [(text, once, first)]
            for second in nv.neighbours(first):
                if second == src or not once.unoccupied(second) or levels[second] > levels[first] + 1:
                    continue
                twice = once.copy()
                twice.workers[me][i] = second
                text2 = f"{text}-{nv.name(second)}"
                if levels[second] == 3 and levels[first] < 3:
                    out.append((text2, twice, f"{me + 1}:climb"))
                    continue
                ends.append((text2, twice, second))
            for moves, moved, at in ends:
                for target in nv.neighbours(at):
                    if moved.unoccupied(target):
                        out.append((f"{moves}^{nv.name(target)}", _built(moved, target), ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    """The same set of end positions, and each listed turn is one of the naive paths there."""
    rng = random.Random(2102)
    for i in range(30):
        seat = i % 2
        powers = "Artemis,-" if seat == 0 else "-,Artemis"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        board = Board.from_position(text)
        ends = engine_ends(board)
        assert len(ends) == len(board.legal_turns())
        table: dict[str, set[str]] = {}
        for turn, after, outcome in naive_turns(naive_pos(text), seat):
            table.setdefault(naive_end(after, outcome, powers), set()).add(turn)
        assert set(ends) == set(table), text
        for end, turn in ends.items():
            assert turn in table[end]
            assert len(turn) == min(len(t) for t in table[end])  # the shortest form


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Artemis,-"
OPEN = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Artemis,-"
PERFT_MIDGAME = (90, 4136)
PERFT_OPEN = (120, 9160)


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
    "powers", [["Artemis", None], [None, "Artemis"], ["Artemis", "Athena"], ["Apollo", "Artemis"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
