"""Property tests (Hypothesis): notation round trips, apply/undo, hashing, symmetry, and
"a winner exists exactly when the game is over".

Positions come from two strategies: seeded random play from the empty board (random
placements, then random turns, sometimes to the end of the game), and arbitrary valid
boards (random levels, domes on any level, workers anywhere off the domes).
"""

from __future__ import annotations

import random
from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import naive
from aegean.santorini import (
    Board,
    Termination,
    format_turn,
    parse_turn,
    perft_bulk,
)
from aegean.santorini.record import START, GameRecord
from aegean.santorini.squares import SYMMETRIES, parse_square, square_name
from aegean.santorini.steps import StepKind, TurnCode, build, force, move, place, step_kind

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------- strategies
@st.composite
def played_boards(draw: st.DrawFn, max_turns: int = 70) -> Board:
    """A board after random play from the empty board, its undo history intact."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    turns = draw(st.integers(0, max_turns))
    board = Board()
    for _ in range(turns):
        legal = board.legal_turns()
        if not legal:
            break
        quiet = [t for t in legal if len(t) == 2]
        board.push_turn(rng.choice(quiet if quiet and rng.random() < 0.9 else legal))
    return board


@st.composite
def arbitrary_boards(draw: st.DrawFn) -> Board:
    """Any valid position: random levels and domes, workers placed or still to place."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    dome_chance = draw(st.sampled_from([0.0, 0.15, 0.4, 0.7]))
    placed = draw(st.sampled_from([0, 1, 2, 2, 2, 2]))
    return Board.from_position(naive.random_board(rng, dome_chance, placed))


boards = st.one_of(played_boards(), arbitrary_boards())


def snapshot(board: Board) -> tuple[object, ...]:
    return (
        board.position(),
        board.zobrist_hash(),
        list(board.history),
        board.ply,
        board.decided,
        [list(ws) for ws in board.workers],
        list(board.owner),
        board.occupied,
        board.domes,
        list(board.height),
        list(board.turn),
    )


def canonical(turn: str) -> str:
    """A placement names a set of squares: ``@d4@b2`` is ``@b2@d4``."""
    if turn.startswith("@"):
        return "@" + "@".join(sorted(turn[1:].split("@"), key=parse_square))
    return turn


def turn_set(board: Board) -> set[str]:
    return {canonical(format_turn(t)) for t in board.legal_turns()}


# ---------------------------------------------------------------------- round trips
@FAST
@given(boards)
def test_position_round_trip(board: Board) -> None:
    """parse ∘ format is the identity on positions (docs/notation.md)."""
    text = board.position()
    again = Board.from_position(text)
    assert again.position() == text
    assert again.zobrist_hash() == board.zobrist_hash()
    assert again.outcome() == board.outcome()
    assert set(again.legal_turns()) == set(board.legal_turns())


@FAST
@given(boards, st.integers(0, 2**32 - 1))
def test_position_round_trip_mid_turn(board: Board, seed: int) -> None:
    """A turn in progress (``turn=``, or a half-done placement) survives format/parse."""
    steps = board.legal_steps()
    if not steps:
        return
    board.push(random.Random(seed).choice(steps))
    text = board.position()
    again = Board.from_position(text)
    assert again.position() == text
    assert again.zobrist_hash() == board.zobrist_hash()
    assert set(again.legal_steps()) == set(board.legal_steps())
    assert set(again.legal_turns()) == set(board.legal_turns())


@FAST
@given(boards)
def test_turn_round_trip_on_legal_turns(board: Board) -> None:
    for turn in board.legal_turns():
        text = format_turn(turn)
        assert parse_turn(text) == turn
        assert format_turn(parse_turn(text)) == text


squares = st.integers(0, 24)
steps = st.one_of(
    squares.map(place),
    st.tuples(squares, squares).map(lambda p: move(*p)),
    st.tuples(squares, squares, st.booleans()).map(lambda p: build(p[0], p[1], dome=p[2])),
    st.tuples(squares, squares).map(lambda p: force(*p)),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(steps, min_size=1, max_size=6).map(tuple))
def test_turn_round_trip_on_any_steps(turn: TurnCode) -> None:
    """Any sequence of place/move/build/dome/force steps formats and parses back."""
    assert parse_turn(format_turn(turn)) == turn


header_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda k: k not in ("Game", "Start", "Result")
)


@SLOW
@given(played_boards(max_turns=60), st.dictionaries(header_names, st.text(max_size=12), max_size=4))
def test_record_round_trip(board: Board, headers: dict[str, str]) -> None:
    """Records: JSON and text both round-trip and replay to the same position."""
    record = GameRecord.from_board(board, START, headers)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_text(record.to_text()) == record
    replayed = record.replay()
    assert replayed.position() == board.position()
    assert replayed.zobrist_hash() == board.zobrist_hash()
    assert replayed.outcome() == board.outcome()


# ---------------------------------------------------------------------- apply / undo
@FAST
@given(boards, st.integers(0, 2**32 - 1))
def test_push_pop_identity(board: Board, seed: int) -> None:
    """push_turn/play then pop restores position, hash and history; so does a step."""
    rng = random.Random(seed)
    before = snapshot(board)
    legal = board.legal_turns()
    for turn in rng.sample(legal, min(8, len(legal))):
        board.push_turn(turn)
        assert board.zobrist_hash() == Board.from_position(board.position()).zobrist_hash()
        board.pop()
        assert snapshot(board) == before
        board.play(turn)
        board.pop()
        assert snapshot(board) == before
    for step in board.legal_steps():
        board.push(step)
        middle = snapshot(board)
        follow = board.legal_steps()
        if follow:
            board.push(rng.choice(follow))
            board.pop()
            assert snapshot(board) == middle
        board.pop()
        assert snapshot(board) == before


@SLOW
@given(played_boards(max_turns=50), st.integers(0, 2**32 - 1))
def test_mixed_pushes_unwind_to_the_start(board: Board, seed: int) -> None:
    """Fast turns, checked turns and single steps on one journal undo in any mix."""
    rng = random.Random(seed)
    before = snapshot(board)
    pushes = 0
    for _ in range(rng.randrange(1, 12)):
        legal = board.legal_turns()
        if not legal:
            break
        turn = rng.choice(legal)
        how = rng.randrange(3)
        if how == 0:
            board.push_turn(turn)
            pushes += 1
        elif how == 1:
            board.play(turn)
            pushes += 1
        else:
            for step in turn:
                board.push(step)
                pushes += 1
        assert board.zobrist_hash() == board.copy().zobrist_hash()
    for _ in range(pushes):
        board.pop()
    assert snapshot(board) == before


# ---------------------------------------------------------------------- hashing
@FAST
@given(st.integers(0, 2**32 - 1))
def test_incremental_hash_equals_rehash(seed: int) -> None:
    """After every turn of a game (and every step of some), the incrementally kept hash
    is the hash computed from scratch."""
    rng = random.Random(seed)
    board = Board()
    while True:
        assert board.zobrist_hash() == board.rehash()
        legal = board.legal_turns()
        if not legal:
            break
        turn = rng.choice(legal)
        if rng.random() < 0.2:
            board.push(turn[0])
            assert board.zobrist_hash() == Board.from_position(board.position()).zobrist_hash()
            board.pop()
        board.push_turn(turn)


def position_key(position: str) -> tuple[str, ...]:
    """A position with each player's workers as a set (their order is not part of it)."""
    board, to_move, *rest = position.split()
    workers = [",".join(sorted(f.split(","))) if "=" not in f else f for f in rest]
    return (board, to_move, *workers)


@SLOW
@given(played_boards(max_turns=40).filter(lambda b: not b.placing and b.outcome() is None))
def test_equal_positions_hash_equally(board: Board) -> None:
    """Positions reached by different two-turn paths hash alike, and different positions
    hash differently (no collision among the few thousand reached)."""
    by_position: dict[tuple[object, ...], set[int]] = defaultdict(set)
    paths = 0
    for first in board.legal_turns():
        board.push_turn(first)
        for second in board.legal_turns():
            board.push_turn(second)
            paths += 1
            by_position[position_key(board.position())].add(board.zobrist_hash())
            board.pop()
        board.pop()
    assert all(len(hashes) == 1 for hashes in by_position.values())
    assert len({h for hashes in by_position.values() for h in hashes}) == len(by_position)
    assert len(by_position) <= paths


def test_transpositions_hash_alike() -> None:
    """Fixed examples: the two orders of a placement, and two builds traded between the
    players (p1 builds x, p2 builds y / p1 builds y, p2 builds x)."""
    a, b = Board(), Board()
    a.play("@b2@d4")
    b.play("@d4@b2")
    assert a.position() != b.position()  # the worker order differs ...
    assert a.zobrist_hash() == b.zobrist_hash()  # ... the position does not
    start = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
    a, b = Board.from_position(start), Board.from_position(start)
    for board, turns in ((a, ("b2-c3^c2", "d2-d3^c4")), (b, ("b2-c3^c4", "d2-d3^c2"))):
        for turn in turns:
            board.play(turn)
    assert a.position() == b.position()
    assert a.zobrist_hash() == b.zobrist_hash()
    assert a.history != b.history


# ---------------------------------------------------------------------- symmetry
def transform(position: str, k: int) -> str:
    """The position under symmetry ``k`` of ``squares.SYMMETRIES``."""
    fields = position.split()
    ranks = fields[0].split("/")
    cells = {r * 5 + f: ranks[4 - r][f] for r in range(5) for f in range(5)}
    moved = {SYMMETRIES[k][s]: ch for s, ch in cells.items()}
    board = "/".join("".join(moved[r * 5 + f] for f in range(5)) for r in range(4, -1, -1))
    return " ".join([board, fields[1], *(map_text(f, k) for f in fields[2:])])


def map_text(text: str, k: int) -> str:
    return naive.map_squares(text, {square_name(s): square_name(SYMMETRIES[k][s]) for s in range(25)})


@FAST
@given(boards)
def test_symmetries_map_legal_turns(board: Board) -> None:
    """The rules know no direction: each of the 8 symmetries of the square maps the legal
    turns of a position onto those of the mapped position."""
    if board.turn:
        return
    position = board.position()
    legal = turn_set(board)
    outcome = board.outcome()
    for k in range(8):
        image = Board.from_position(transform(position, k))
        assert turn_set(image) == {canonical(map_text(t, k)) for t in legal}
        assert image.outcome() == outcome
    if not board.placing and len(legal) < 60:
        counts = {perft_bulk(Board.from_position(transform(position, k)), 2) for k in range(8)}
        assert len(counts) == 1


def test_symmetry_table_is_the_dihedral_group() -> None:
    """``SYMMETRIES``: 8 distinct permutations that keep neighbours neighbours."""
    from aegean.santorini.squares import NEIGHBORS

    assert len({tuple(p) for p in SYMMETRIES}) == 8
    assert list(SYMMETRIES[0]) == list(range(25))
    for perm in SYMMETRIES:
        assert sorted(perm) == list(range(25))
        for s in range(25):
            assert {perm[n] for n in NEIGHBORS[s]} == set(NEIGHBORS[perm[s]])


# ---------------------------------------------------------------------- game over
@FAST
@given(st.integers(0, 2**32 - 1))
def test_winner_exists_exactly_when_the_game_is_over(seed: int) -> None:
    """Along a random game: an outcome exists iff no turn is legal; it names one winner,
    and the reason matches the board (SANTORINI.md §2 Winning and losing)."""
    rng = random.Random(seed)
    board = Board()
    while True:
        outcome = board.outcome()
        legal = board.legal_turns()
        assert (outcome is not None) == (not legal) == board.is_game_over()
        if outcome is not None:
            break
        assert board.decided is None
        quiet = [t for t in legal if len(t) == 2]
        board.push_turn(rng.choice(quiet if quiet and rng.random() < 0.7 else legal))
    assert outcome.winner in (0, 1) and len(outcome.winners) == 1
    last = board.history[-1]
    if outcome.termination is Termination.CLIMB:
        # The player who just moved climbed from level 2 onto level 3.
        assert board.decided == outcome
        assert outcome.winner == 1 - board.to_move
        assert len(last) == 1 and step_kind(last[0]) is StepKind.MOVE
        assert board.height[parse_square(format_turn(last)[3:5])] == 3
        assert board.height[parse_square(format_turn(last)[:2])] == 2
    else:
        assert outcome.termination is Termination.NO_LEGAL_TURN
        assert board.decided is None
        assert outcome.winner == 1 - board.to_move
        assert naive.legal_turns(naive.parse(board.position())) == []
    record = GameRecord.from_board(board)
    assert record.result == outcome.result()
