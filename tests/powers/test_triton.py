"""29. Triton (SANTORINI.md §4; RULINGS #7, #46): each time his worker moves into a perimeter
space (ground or block), it may immediately move again. No limit, revisits allowed, the same
worker only; the chain stops after a move into a non-perimeter space; a move up onto level 3
wins at once, wherever in the chain. Written as one worker's moves: ``a2-a3-b4^c4``."""

from __future__ import annotations

import random
import re
from collections import deque

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, parse_turn, perft
from aegean.santorini.steps import StepKind, step_kind
from powers.support import (
    check_random_playouts,
    engine_ends,
    naive_end,
    naive_perft,
    naive_pos,
    naive_table,
    turns,
)

POWERS = "Triton,-"


def position(
    levels: str = "", workers: str = "a2,d4 b4,d2", *, to_move: int = 1, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def legal(board: Board, text: str) -> bool:
    return board.is_legal(parse_turn(text))


# ---------------------------------------------------------------------- scenarios
def test_a_move_into_the_perimeter_may_be_followed_by_another() -> None:
    """Card: a2 -> a3 (perimeter) -> b4 (not perimeter), then the build."""
    board = Board.from_position(position(workers="a2,d4 e5,d2"))
    assert legal(board, "a2-a3-b4^c4")
    board.play("a2-a3-b4^c4")
    assert board.position() == position("c4=1", "b4,d4 e5,d2", to_move=2)


def test_the_chain_stops_after_a_move_into_a_non_perimeter_space() -> None:
    """RULINGS #46: b3 is not on the perimeter, so no move may follow it."""
    board = Board.from_position(position(workers="a2,d4 e5,d2"))
    assert not legal(board, "a2-b3-c3^c4")
    assert not any(t.startswith("a2-b3-") for t in turns(board))
    with pytest.raises(IllegalTurnError):
        board.play("a2-b3-c3^c4")
    # From a non-perimeter start, the first move into the interior ends the moving too.
    assert not legal(board, "d4-c3-b3^b2")


def test_the_extra_moves_are_optional() -> None:
    """'May': after a move into the perimeter the worker may build at once."""
    board = Board.from_position(position(workers="a2,d4 e5,d2"))
    assert "a2-a3^b3" in turns(board)
    board.push(board.parse_turn("a2-a3")[0])
    kinds = {step_kind(s) for s in board.legal_steps()}
    assert kinds == {StepKind.MOVE, StepKind.BUILD}


def test_no_limit_and_revisits_are_allowed() -> None:
    """RULINGS #46: round the whole edge and back to the start space, then build."""
    board = Board.from_position(position(workers="a1,c3 c4,d2"))
    long_way = "a1-b1-c1-d1-e1-e2-e3-e4-e5-d5-c5-b5-a5-a4-a3-a2-a1^b2"
    assert legal(board, long_way)
    assert legal(board, "a1-a2-a1^b1")  # back where he started
    board.play(long_way)
    assert board.owner[0] == 0 and board.height[6] == 1
    # Listed, the turn comes out the shortest way (here: out and back).
    board.pop()
    assert "a1-a2-a1^b2" in turns(board) or "a1-b1-a1^b2" in turns(board)


def test_only_the_same_worker_goes_on() -> None:
    """RULINGS #46: the extra move belongs to the worker that moved into the perimeter."""
    board = Board.from_position(position(workers="a2,d4 e5,d2"))
    assert not legal(board, "a2-a3,d4-c3^c4")
    with pytest.raises(IllegalTurnError, match="only the worker on a3 may go on"):
        board.play("a2-a3,d4-c3^c4")


def test_each_move_obeys_the_height_limit() -> None:
    """Every move of the chain is a normal move: at most one level up, any level down,
    and perimeter spaces count at any level ('ground or block')."""
    board = Board.from_position(position("a3=1 a4=2 a5=2", "a2,d4 e5,d2"))
    assert legal(board, "a2-a3-a4-a5-b5^c5")  # 0 -> 1 -> 2 -> 2 -> 0
    assert not legal(board, "a2-a4^a3")  # not a neighbour
    board = Board.from_position(position("a3=2", "a2,d4 e5,d2"))
    assert not any("a3" in t.split("^")[0] for t in turns(board))


def test_a_climb_onto_level_three_wins_at_any_step() -> None:
    """RULINGS #7, #46: the win is checked after every move, so moving up onto level 3 in
    the middle of the chain wins there and then; nothing follows."""
    board = Board.from_position(position("a3=1 a4=2 a5=3", "a2,d4 e5,d2"))
    assert "a2-a3-a4-a5" in turns(board)
    board.play("a2-a3-a4-a5")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB
    board.pop()
    with pytest.raises(IllegalTurnError, match="wins the game"):
        board.play("a2-a3-a4-a5-b5^c5")


def test_moving_along_level_three_is_no_win() -> None:
    """RULINGS #2: from level 3 to level 3 is no climb, along the edge or not."""
    board = Board.from_position(position("a1=3 a2=3 a3=3", "a1,d4 e5,d2"))
    board.play("a1-a2-a3^b3")
    assert board.decided is None and board.owner[10] == 0


def test_athena_stops_the_rising_steps_of_the_chain() -> None:
    """RULINGS #16-17: after Athena moved up, no move of the chain may go up."""
    text = position("a3=1 a4=1", "a2,d4 e5,d2", powers="Triton,Athena", extra="athena=up")
    board = Board.from_position(text)
    assert not legal(board, "a2-a3-a4^b4")
    assert legal(board, "a2-a1-b1^c1")
    free = Board.from_position(text.replace(" athena=up", ""))
    assert legal(free, "a2-a3-a4^b4")


def test_the_opponent_without_triton_moves_once() -> None:
    """The power is Triton's alone."""
    board = Board.from_position(position(workers="c3,d4 b4,a2", to_move=2))
    assert not legal(board, "a2-a3-a4^b5")
    assert all(format_turn(t).count("-") == 1 for t in board.legal_turns())


def test_listing_terminates_with_shortest_turns() -> None:
    """RULINGS #46 (revisits): the turn search merges equal states (``turn_key``), so it
    ends; each end position is listed once, reached the shortest way."""
    board = Board.from_position(position(workers="a1,c3 c4,d2"))
    listed = board.legal_turns()
    assert len(listed) == len(engine_ends(board))
    table = naive_table(naive_turns, naive_pos(board.position()), 0, POWERS)
    shortest = {end: min(n_steps(t) for t in texts) for end, texts in table.items()}
    for end, turn in engine_ends(board).items():
        assert n_steps(turn) == shortest[end], turn
    assert max(shortest.values()) >= 8  # walks long enough to matter


def test_undo_and_position_round_trip_mid_turn() -> None:
    """push/pop restore position and hash; positions written mid-chain read back with the
    same legal steps and turns (the turn field says which worker goes on)."""
    board = Board.from_position(position(workers="a2,d4 e5,d2"))
    before = (board.position(), board.zobrist_hash())
    steps = board.parse_turn("a2-a3-a4-b4^c4")
    expected = ["turn=a2-a3", "turn=a2-a3-a4", "turn=a2-a3-a4-b4"]
    for step, extra in zip(steps, expected, strict=False):
        board.push(step)
        text = board.position()
        assert text.endswith(extra)
        again = Board.from_position(text)
        assert again.position() == text
        assert again.zobrist_hash() == board.zobrist_hash()
        assert sorted(again.legal_steps()) == sorted(board.legal_steps())
        assert turns(again) == turns(board)
        assert board.rehash() == board.zobrist_hash()
    assert not any(step_kind(s) is StepKind.MOVE for s in board.legal_steps())  # b4: chain over
    board.push(steps[-1])
    assert board.to_move == 1
    for _ in steps:
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def _built(pos: nv.Pos, target: nv.Coord) -> nv.Pos:
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def _perimeter(c: nv.Coord) -> bool:
    return c[0] in (0, 4) or c[1] in (0, 4)


def _climbs(pos: nv.Pos, a: nv.Coord, b: nv.Coord) -> bool:
    return pos.levels[b] == 3 and pos.levels[a] < 3


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), from the card text
    alone: for each worker, a breadth-first walk over the spaces it can stand on after a
    move, going on only from perimeter spaces; a climb onto level 3 ends the turn. Each end
    is written along a shortest walk. ``seat`` is Triton's player; the other has no power."""
    me = pos.to_move
    if me != seat:
        return [(t, p, f"{me + 1}:climb" if won else "") for t, p, won in nv.successors(pos)]
    out: list[tuple[str, nv.Pos, str]] = []
    for i, src in enumerate(pos.workers[me]):
        lifted = pos.copy()
        lifted.workers[me][i] = (-9, -9)  # the worker is in hand while it walks
        walks: dict[nv.Coord, list[nv.Coord]] = {}
        queue: deque[list[nv.Coord]] = deque([[src]])
        while queue:
            walk = queue.popleft()
            here = walk[-1]
            if len(walk) > 1 and not _perimeter(here):
                continue
            for there in nv.neighbours(here):
                if not lifted.unoccupied(there) or pos.levels[there] > pos.levels[here] + 1:
                    continue
                if _climbs(pos, here, there):
                    won = pos.copy()
                    won.workers[me][i] = there
                    won.to_move = 1 - me
                    out.append(("-".join(nv.name(c) for c in [*walk, there]), won, f"{me + 1}:climb"))
                elif there not in walks:
                    walks[there] = [*walk, there]
                    queue.append(walks[there])
        for there, walk in walks.items():
            moved = pos.copy()
            moved.workers[me][i] = there
            moved.to_move = 1 - me
            for target in nv.neighbours(there):
                if moved.unoccupied(target):
                    text = "-".join(nv.name(c) for c in walk) + "^" + nv.name(target)
                    out.append((text, _built(moved, target), ""))
    return out


_STEP = re.compile(r"([a-e][1-5])?([-^])([a-e][1-5])")


def naive_apply(pos: nv.Pos, text: str) -> tuple[nv.Pos, str]:
    """Play a Triton turn written in notation, checking every step against the card text;
    returns the position after it and the outcome field."""
    me = pos.to_move
    after = pos.copy()
    steps = _STEP.findall(text.replace(",", ""))
    assert "".join(a + o + t for a, o, t in steps) == text.replace(",", ""), text
    current: nv.Coord | None = None
    for k, (actor, op, target) in enumerate(steps):
        here = nv.coord(actor) if actor else current
        there = nv.coord(target)
        assert here is not None and here in after.workers[me], text
        assert there in nv.neighbours(here) and after.unoccupied(there), text
        if op == "-":
            if current is not None:
                assert here == current and _perimeter(current), text  # only on from the edge
            assert pos.levels[there] <= pos.levels[here] + 1, text
            after.workers[me][after.workers[me].index(here)] = there
            current = there
            if _climbs(pos, here, there):
                assert k == len(steps) - 1, text
                after.to_move = 1 - me
                return after, f"{me + 1}:climb"
        else:
            assert current is not None and here == current and k == len(steps) - 1, text
            after = _built(after, there)
            after.to_move = 1 - me
            return after, ""
    raise AssertionError(f"{text}: the turn is not finished")


def n_steps(text: str) -> int:
    return len(_STEP.findall(text))


def _check_against_naive(text: str, seat: int, powers: str) -> None:
    """The same set of end positions; each listed turn is legal by the card text, ends
    where the engine says and is as short as any way to that end."""
    board = Board.from_position(text)
    ends = engine_ends(board)
    assert len(ends) == len(board.legal_turns())  # no two listed turns end alike
    pos = naive_pos(text)
    table = naive_table(naive_turns, pos, seat, powers)
    assert set(ends) == set(table), text
    if pos.to_move != seat:
        return
    for end, turn in ends.items():
        after, outcome = naive_apply(pos, turn)
        assert naive_end(after, outcome, powers) == end, (text, turn)
        assert n_steps(turn) == min(n_steps(t) for t in table[end]), (text, turn)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2901)
    for i in range(40):
        seat = i % 2
        powers = "Triton,-" if seat == 0 else "-,Triton"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        _check_against_naive(text, seat, powers)


def test_turn_sets_match_on_small_open_positions() -> None:
    """Legal-turn sets compared where the walks are long: low, open boards with the
    workers on the edge; and every naive turn is accepted by the engine as written."""
    rng = random.Random(2902)
    for text in (
        "00000/00000/00000/00000/00000 1 a1,e5 c3,c2 powers=Triton,-",
        "01210/10001/20001/10001/01210 1 a3,c1 c3,e4 powers=Triton,-",
        "33333/30003/30003/30003/32333 1 b1,c3 d3,b3 powers=Triton,-",
    ):
        _check_against_naive(text, 0, POWERS)
        board = Board.from_position(text)
        naive = [t for texts in naive_table(naive_turns, naive_pos(text), 0, POWERS).values() for t in texts]
        for turn in rng.sample(naive, 12):
            assert legal(board, turn), (text, turn)


MIDGAME = "01230/12C10/0321A/21031/00120 1 a2,c3 b3,d4 powers=Triton,-"
SHORE = "01110/1000A/10001/20001/01110 2 a1,e2 c3,d4 powers=Triton,-"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (SHORE, PERFT_SHORE)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


PERFT_MIDGAME = (91, 4061)
PERFT_SHORE = (76, 13427)


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Triton", None], [None, "Triton"], ["Triton", "Athena"], ["Apollo", "Triton"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
