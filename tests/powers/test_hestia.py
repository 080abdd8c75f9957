"""21. Hestia (SANTORINI.md §4; RULINGS #38): her worker may build one more time, but not
on a perimeter space. The extra build is optional, by the same worker, and may go on the
same space or be a dome (the piece that fits level 3)."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, format_turn, perft
from aegean.santorini.steps import END
from powers.support import check_random_playouts, naive_pos, turns

POWERS = "Hestia,-"


def position(
    levels: str = "", workers: str = "b2,d4 b4,e1", *, to_move: int = 1, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


# ---------------------------------------------------------------------- scenarios
def test_the_extra_build_is_optional_and_never_on_the_perimeter() -> None:
    """Card: one more build, not on a perimeter space. From the corner a1 the worker may
    build on a2, b1 or b2, but its extra build only on b2, the one inner neighbour."""
    board = Board.from_position(position())
    corner = {t for t in turns(board) if t.startswith("b2-a1")}
    assert corner == {"b2-a1^a2", "b2-a1^b1", "b2-a1^b2", "b2-a1^a2^b2", "b2-a1^b1^b2", "b2-a1^b2^b2"}
    for bad in ("b2-a1^b2^a2", "b2-a1^b2^b1", "b2-a1^a2^a2"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    board.play("b2-a1^a2")  # declining the extra build
    assert board.to_move == 1 and board.height[5] == 1


def test_the_extra_build_may_go_on_the_same_space() -> None:
    """RULINGS #38: the same space is allowed (unlike Demeter)."""
    board = Board.from_position(position())
    board.play("b2-a1^b2^b2")
    assert board.height[6] == 2 and not board.domes


def test_the_extra_build_may_be_a_dome_completing_a_tower() -> None:
    """RULINGS #38: a dome is allowed: level 2 -> 3, then the dome on level 3."""
    board = Board.from_position(position("c3=2"))
    board.play("b2-b3^c3^c3")
    assert board.height[12] == 3 and board.domes >> 12 & 1


def test_only_the_worker_that_built_builds_again() -> None:
    """RULINGS #38: the extra build uses the same worker, on a space neighbouring it."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError):
        board.play("b2-b3^c3,d4^d3")
    with pytest.raises(IllegalTurnError):
        board.play("b2-b3^c3^d3")  # d3 does not neighbour b3
    assert board.position() == position()


def test_offered_step_by_step_with_end() -> None:
    """After the first build the turn offers END beside the inner builds; END (or the
    extra build) ends the turn."""
    board = Board.from_position(position())
    for step in board.parse_turn("b2-a1^a2"):
        board.push(step)
    assert board.to_move == 0
    assert set(board.legal_steps()) == {END, *board.parse_turn("a1^b2")}
    board.push(END)
    assert board.to_move == 1 and not board.turn
    board.pop()
    board.push(board.parse_turn("a1^b2")[0])
    assert board.to_move == 1


def test_no_build_after_a_winning_climb() -> None:
    """A climb onto level 3 wins at once (RULINGS #7): no build, extra or not."""
    board = Board.from_position(position("b2=2 c3=3"))
    assert "b2-c3" in turns(board)
    assert not any(t.startswith("b2-c3^") for t in turns(board))
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0


def test_the_opponent_has_no_extra_build() -> None:
    board = Board.from_position(position(to_move=2))
    assert all(t.count("^") == 1 for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written between the builds and after
    the move read back with the same legal steps."""
    board = Board.from_position(position("c3=1"))
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("b2-b3^c3^c3")
    for step in steps[:-1]:
        board.push(step)
        again = Board.from_position(board.position())
        assert again.zobrist_hash() == board.zobrist_hash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
    assert board.position() == position("c3=2", "b3,d4 b4,e1", extra="turn=b2-b3^c3")
    board.push(steps[-1])
    assert board.height[12] == 3 and board.rehash() == board.zobrist_hash()
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def _perimeter(c: nv.Coord) -> bool:
    return c[0] in (0, 4) or c[1] in (0, 4)


def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone; ``seat`` is
    Hestia's player. Different turns may reach the same position."""
    me = pos.to_move
    out: list[tuple[str, nv.Pos, bool]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            move = f"{nv.name(src)}-{nv.name(dst)}"
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out.append((move, moved, True))
                continue
            for first in nv.neighbours(dst):
                if not moved.unoccupied(first):
                    continue
                once = _built(moved, first)
                out.append((f"{move}^{nv.name(first)}", once, False))
                if me != seat:
                    continue
                for second in nv.neighbours(dst):
                    if once.unoccupied(second) and not _perimeter(second):
                        out.append(
                            (f"{move}^{nv.name(first)}^{nv.name(second)}", _built(once, second), False)
                        )
    return out


def naive_table(pos: nv.Pos, seat: int) -> dict[tuple[object, ...], tuple[set[str], nv.Pos, bool]]:
    """End state -> (the turns reaching it, the position, won)."""
    table: dict[tuple[object, ...], tuple[set[str], nv.Pos, bool]] = {}
    for turn, after, won in naive_turns(pos, seat):
        table.setdefault((after.key(), won), (set(), after, won))[0].add(turn)
    return table


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    table = naive_table(pos, seat)
    if depth == 1:
        return len(table)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in table.values() if not won)


def _check_against_naive(text: str, seat: int) -> None:
    """The engine lists one turn per end state, and the same end states as the naive
    generator, each written as one of the naive turns that reach it."""
    board = Board.from_position(text)
    ends: dict[tuple[object, ...], str] = {}
    for turn in board.legal_turns():
        board.push_turn(turn)
        ends[(naive_pos(board.position()).key(), board.decided is not None)] = format_turn(turn)
        board.pop()
    assert len(ends) == len(board.legal_turns())
    table = naive_table(naive_pos(text), seat)
    assert set(ends) == set(table), text
    for end, turn in ends.items():
        assert turn in table[end][0], (text, turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2121)
    for i in range(30):
        seat = i % 2
        powers = "Hestia,-" if seat == 0 else "-,Hestia"
        _check_against_naive(nv.random_board(rng, dome_chance=0.1) + f" powers={powers}", seat)


#: Towers of every height around both sides' workers; c3 (level 2) can win on d2.
MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Hestia,-"
PERFT_MIDGAME = (124, 5325)


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    """Depth-2 perft from a fixed position (Hestia to move, then the opponent), frozen,
    and recounted independently."""
    board = Board.from_position(MIDGAME)
    counts = (perft(board, 1), perft(board, 2))
    assert counts == PERFT_MIDGAME
    pos = naive_pos(MIDGAME)
    assert (naive_perft(pos, 1, 0), naive_perft(pos, 2, 0)) == PERFT_MIDGAME
    assert board.position() == MIDGAME


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Hestia", None], [None, "Hestia"], ["Hestia", "Athena"], ["Apollo", "Hestia"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, and undoing everything
    restores the start."""
    check_random_playouts(powers, replay=False)
