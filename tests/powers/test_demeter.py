"""5. Demeter (SANTORINI.md §4; RULINGS #21): her worker may build one more time, but not
on the same space. The second build is optional, by the same worker, on a different space,
and it is the piece that fits (a dome on level 3)."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import END, Board, IllegalTurnError, format_turn, perft

POWERS = "Demeter,-"


def position(
    levels: str = "", workers: str = "b2,d4 b4,d2", *, to_move: int = 1, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def turns(board: Board) -> set[str]:
    return {format_turn(t) for t in board.legal_turns()}


def canon(text: str) -> str:
    """A position with each player's workers sorted: worker order is not part of the state."""
    fields = text.split()
    return " ".join(
        ",".join(sorted(f.split(","))) if i >= 2 and "=" not in f else f for i, f in enumerate(fields)
    )


def engine_ends(board: Board) -> dict[str, str]:
    """End position (canonical) -> turn, for every legal turn of the engine."""
    ends: dict[str, str] = {}
    for turn in board.legal_turns():
        board.push_turn(turn)
        ends[canon(board.position())] = format_turn(turn)
        board.pop()
    return ends


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
def test_a_second_build_on_another_space() -> None:
    """Card: one more build, not on the same space."""
    board = Board.from_position(position())
    board.play("b2-c3^c4^d3")
    assert board.position() == position("c4=1 d3=1", "c3,d4 b4,d2", to_move=2)


def test_the_second_build_is_optional() -> None:
    board = Board.from_position(position())
    assert "b2-c3^c4" in turns(board)
    board.play("b2-c3^c4")
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)


def test_not_twice_on_the_same_space() -> None:
    """RULINGS #21: a different space."""
    board = Board.from_position(position())
    assert not any(t.endswith("^c4^c4") for t in turns(board))
    with pytest.raises(IllegalTurnError, match=r"\^c4 is not allowed here"):
        board.play("b2-c3^c4^c4")
    assert board.position() == position()


def test_the_same_worker_builds_both_times() -> None:
    """RULINGS #21: the worker that moved builds again, not the other one."""
    board = Board.from_position(position())
    with pytest.raises(IllegalTurnError, match="the worker on c3 must build, not one on d4"):
        board.play("b2-c3^c4,d4^d5")


def test_either_build_may_be_a_dome_on_level_three() -> None:
    """RULINGS #21: it may be a dome (the piece that fits level 3)."""
    board = Board.from_position(position("c4=3 d3=3"))
    board.play("b2-c3^c4^d3")
    assert board.position() == position("c4=D d3=D", "c3,d4 b4,d2", to_move=2)


def test_no_dome_below_level_three() -> None:
    """Demeter builds the piece that fits; only Atlas-like powers dome lower levels."""
    board = Board.from_position(position("c4=2"))
    with pytest.raises(IllegalTurnError, match="a dome cannot be built on level 2 of c4"):
        board.play("b2-c3^d3^c4D")


def test_building_on_the_space_she_left() -> None:
    board = Board.from_position(position())
    board.play("b2-c3^b2^c2")
    assert board.height[6] == 1 and board.height[7] == 1


def test_the_order_of_the_two_builds_does_not_matter() -> None:
    """The same two builds in either order end alike: one turn (equal end states merge)."""
    board = Board.from_position(position())
    legal = turns(board)
    assert ("b2-c3^c4^d3" in legal) != ("b2-c3^d3^c4" in legal)
    assert board.is_legal(board.parse_turn("b2-c3^c4^d3")) and board.is_legal(board.parse_turn("b2-c3^d3^c4"))
    assert len(legal) == len(board.legal_turns()) == 254


def test_the_opponent_builds_once() -> None:
    board = Board.from_position(position(to_move=2))
    assert all(t.count("^") == 1 for t in turns(board))
    with pytest.raises(IllegalTurnError, match="the turn is over before step 3"):
        board.play("b4-a4^a5^b5")


def test_undo_and_position_round_trip_mid_turn() -> None:
    """After the first build the turn is still open (``turn=b2-c3^c4``): a second build or
    END; the position reads back with the same options, and undo restores everything."""
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c3^c4"):
        board.push(step)
    text = board.position()
    assert text == position("c4=1", "c3,d4 b4,d2", extra="turn=b2-c3^c4")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert END in board.legal_steps() and board.parse_turn("b2-c3^c4")[1] not in board.legal_steps()
    board.push(END)
    assert board.position() == position("c4=1", "c3,d4 b4,d2", to_move=2)
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Demeter's player, the other has no power."""
    me = pos.to_move
    plain = [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    if me != seat:
        return plain
    out = list(plain)
    for turn, after, outcome in plain:
        if outcome:
            continue
        worker, first = nv.coord(turn[3:5]), nv.coord(turn[-2:])
        for target in nv.neighbours(worker):
            if target != first and after.unoccupied(target):
                again = after.copy()
                if again.levels[target] == 3:
                    again.domes.add(target)
                else:
                    again.levels[target] += 1
                out.append((f"{turn}^{nv.name(target)}", again, ""))
    return out


def naive_end(pos: nv.Pos, outcome: str, powers: str) -> str:
    text = nv.format_pos(pos) + f" powers={powers}" + (f" outcome={outcome}" if outcome else "")
    return canon(text)


def naive_perft(pos: nv.Pos, depth: int, seat: int, powers: str) -> int:
    if depth == 0:
        return 1
    unique: dict[str, tuple[nv.Pos, str]] = {}
    for _, after, outcome in naive_turns(pos, seat):
        unique.setdefault(naive_end(after, outcome, powers), (after, outcome))
    if depth == 1:
        return len(unique)
    return sum(
        naive_perft(after, depth - 1, seat, powers) for after, outcome in unique.values() if not outcome
    )


def _naive_pos(text: str) -> nv.Pos:
    return nv.parse(" ".join(text.split()[:4]))


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2105)
    for i in range(30):
        seat = i % 2
        powers = "Demeter,-" if seat == 0 else "-,Demeter"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        board = Board.from_position(text)
        ends = engine_ends(board)
        assert len(ends) == len(board.legal_turns())
        table: dict[str, set[str]] = {}
        for turn, after, outcome in naive_turns(_naive_pos(text), seat):
            table.setdefault(naive_end(after, outcome, powers), set()).add(turn)
        assert set(ends) == set(table), text
        assert all(turn in table[end] for end, turn in ends.items())


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Demeter,-"
OPEN = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Demeter,-"
PERFT_MIDGAME = (135, 5824)
PERFT_OPEN = (254, 19396)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (OPEN, PERFT_OPEN)):
        board = Board.from_position(text)
        assert (perft(board, 1), perft(board, 2)) == golden
        pos = _naive_pos(text)
        assert tuple(naive_perft(pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Demeter", None], [None, "Demeter"], ["Demeter", "Athena"], ["Apollo", "Demeter"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    for seed in range(2):
        rng = random.Random(f"{powers}{seed}")
        board = Board(2, powers)
        start = (board.position(), board.zobrist_hash())
        played: list[str] = []
        while board.outcome() is None:
            assert len(played) < 300
            turn = rng.choice(board.legal_turns())
            board.push_turn(turn)
            played.append(format_turn(turn))
            z = board.zobrist_hash()
            assert board.rehash() == z
            assert Board.from_position(board.position()).zobrist_hash() == z
        outcome = board.outcome()
        assert outcome is not None and outcome.winners
        replay = Board(2, powers)
        for text in played:
            replay.play(text)
        assert replay.position() == board.position() and replay.outcome() == outcome
        for _ in played:
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
