"""Helpers shared by the power tests (``tests/powers/test_<power>.py``).

Only logic that really is the same in every file lives here: building positions from a
few levels, listing the engine's turns and end positions, the plumbing around each power's
own naive turn generator (which stays in its test file, written from the card text alone),
and the random-playout invariant harness.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

import naive as nv
from aegean.santorini import Board, format_turn

# A power's naive generator: every (turn, position after it, outcome) for the player to move,
# the outcome being ``"<seat>:climb"``-style text when the turn wins, else ``""``.
NaiveTurns = Callable[[nv.Pos, int], list[tuple[str, nv.Pos, str]]]
# What identifies the end of a turn: the naive position key and whether the turn won.
Key = tuple[tuple[object, ...], bool]


def position(
    levels: str = "", workers: str = "b2,d4 b4,d2", *, to_move: int = 1, powers: str, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def turns(board: Board) -> set[str]:
    """The engine's legal turns in notation."""
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


def naive_pos(text: str) -> nv.Pos:
    """The naive generator's view of a position: its first four fields (no powers, no tokens)."""
    return nv.parse(" ".join(text.split()[:4]))


def naive_end(pos: nv.Pos, outcome: str, powers: str) -> str:
    """A naive end position in the engine's canonical notation, for comparing end sets."""
    text = nv.format_pos(pos) + f" powers={powers}" + (f" outcome={outcome}" if outcome else "")
    return canon(text)


def naive_table(naive_turns: NaiveTurns, pos: nv.Pos, seat: int, powers: str) -> dict[str, set[str]]:
    """End position (canonical) -> every naive turn that reaches it."""
    table: dict[str, set[str]] = {}
    for turn, after, outcome in naive_turns(pos, seat):
        table.setdefault(naive_end(after, outcome, powers), set()).add(turn)
    return table


def naive_perft(naive_turns: NaiveTurns, pos: nv.Pos, depth: int, seat: int, powers: str) -> int:
    """Perft by the naive generator, counting distinct end positions (as the engine does)."""
    if depth == 0:
        return 1
    unique: dict[str, tuple[nv.Pos, str]] = {}
    for _, after, outcome in naive_turns(pos, seat):
        unique.setdefault(naive_end(after, outcome, powers), (after, outcome))
    if depth == 1:
        return len(unique)
    return sum(
        naive_perft(naive_turns, after, depth - 1, seat, powers)
        for after, outcome in unique.values()
        if not outcome
    )


def check_against_naive(naive_turns: NaiveTurns, text: str, seat: int, powers: str) -> None:
    """The engine's turns from ``text`` end exactly where the naive generator's do, and each
    listed turn is one of the naive turns reaching that end."""
    board = Board.from_position(text)
    ends = engine_ends(board)
    assert len(ends) == len(board.legal_turns())  # no two listed turns end alike
    table = naive_table(naive_turns, naive_pos(text), seat, powers)
    assert set(ends) == set(table), text
    for end, turn in ends.items():
        assert turn in table[end], (text, turn)


def key_of(board: Board) -> tuple[object, ...]:
    """The naive key of the engine's current position."""
    return naive_pos(board.position()).key()


def engine_children(board: Board) -> set[Key]:
    """The end (naive key, won) of every legal turn of the engine."""
    out: set[Key] = set()
    for turn in board.legal_turns():
        board.push_turn(turn)
        out.add((key_of(board), board.decided is not None))
        board.pop()
    return out


def check_random_playouts(powers: list[str | None], *, seeds: Iterable[int] = range(2), replay: bool) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, (with ``replay``) the turns
    replay from their notation, and undoing everything restores the start."""
    for seed in seeds:
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
        if replay:
            again = Board(2, powers)
            for text in played:
                again.play(text)
            assert again.position() == board.position() and again.outcome() == outcome
        for _ in played:
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start


def playout_checking_hashes(
    board: Board,
    rng: random.Random,
    *,
    max_plies: int = 300,
    each_turn: Callable[[Board], None] | None = None,
) -> None:
    """Play random turns until the game ends (within ``max_plies``), checking after each that
    the incremental hash equals a fresh one and survives a position round trip; then the game
    has a winner and undoing every turn restores the start. ``each_turn`` sees the board
    after every turn (for power-specific tallies)."""
    start = (board.position(), board.zobrist_hash())
    plies = 0
    while board.outcome() is None and plies < max_plies:
        board.push_turn(rng.choice(board.legal_turns()))
        plies += 1
        if each_turn is not None:
            each_turn(board)
        h = board.zobrist_hash()
        assert board.rehash() == h
        assert Board.from_position(board.position()).zobrist_hash() == h
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is not None
    for _ in range(plies):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == start


NaiveChildren = Callable[[nv.Pos, int], dict[Key, nv.Pos]]


def naive_children_perft2(children: NaiveChildren, pos: nv.Pos, seat: int) -> int:
    """Depth-2 perft from a naive ``children(pos, seat)`` generator (wins end the game)."""
    return sum(len(children(nxt, seat)) for (_, won), nxt in children(pos, seat).items() if not won)


def check_naive_along_random_games(
    power: str, children: NaiveChildren, *, seed: int, seats: Iterable[int]
) -> int:
    """Play one seeded random game per entry of ``seats`` (the power's seat) and compare the
    engine's turn ends with the naive ``children`` at every position; returns how many
    positions were compared."""
    rng = random.Random(seed)
    checked = 0
    for seat in seats:
        board = Board(2, [power, None] if seat == 0 else [None, power])
        while board.placing or board.turn:
            board.push_turn(rng.choice(board.legal_turns()))
        while board.outcome() is None:
            pos = nv.parse(" ".join(board.position().split()[:4]))
            assert engine_children(board) == set(children(pos, seat)), board.position()
            board.push_turn(rng.choice(board.legal_turns()))
            checked += 1
    return checked


class CallCounter:
    """Counts the calls of the method ``owner.name``, patched in place for the test: the
    work a search does, measured without timing anything. Past ``limit`` calls it fails at
    once with ``why`` (the code it guards against would go on for minutes)."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, owner: type, name: str, limit: int | None = None, why: str = ""
    ) -> None:
        self.calls = 0
        original = getattr(owner, name)

        def counted(this: object, *args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            assert limit is None or self.calls < limit, why
            return original(this, *args, **kwargs)

        monkeypatch.setattr(owner, name, counted)
