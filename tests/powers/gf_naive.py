"""Plumbing for the naive cross-checks of powers that keep tokens (Aeolus, Charybdis, Clio,
Europa & Talus, Urania): a naive position with its tokens, and the comparison of a naive
turn generator (written in each test file from the card text alone) with the engine.

The naive side knows nothing of :mod:`aegean`; the engine side only reads its positions
(the naive parser reads the first four fields, the tokens come from ``board.tokens``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import naive as nv
from aegean.santorini import Board, format_turn
from powers.oracle import End, Oracle, outcome_field

#: Fields of a position that are not power tokens.
_NOT_TOKENS = ("powers", "turn", "outcome")


@dataclass
class TPos:
    """A naive two-player position between turns, with the power's tokens."""

    pos: nv.Pos
    tokens: dict[str, str]

    def copy(self) -> TPos:
        return TPos(self.pos.copy(), dict(self.tokens))

    def key(self) -> tuple[object, ...]:
        return (self.pos.key(), tuple(sorted(self.tokens.items())))


#: One naive turn: its notation, the position after it, and whether it won.
Result = tuple[str, TPos, bool]
Generator = Callable[[TPos], list[Result]]
Key = tuple[tuple[object, ...], bool]


def parse(text: str) -> TPos:
    """The naive view of a position: board, player to move, workers and the tokens."""
    fields = text.split()
    tokens = {}
    for field in fields[4:]:
        key, _, value = field.partition("=")
        if key not in _NOT_TOKENS:
            tokens[key] = value
    return TPos(nv.parse(" ".join(fields[:4])), tokens)


def oracle(generate: Generator) -> Oracle[TPos]:
    """The checks' view of a naive generator on positions with tokens: ends compared by the
    position, the tokens and the outcome field (a naive win is the mover's climb)."""

    def ends(tpos: TPos) -> dict[Hashable, End[TPos]]:
        table: dict[Hashable, End[TPos]] = {}
        for turn, after, won in generate(tpos):
            outcome = f"{tpos.pos.to_move + 1}:climb" if won else ""
            table.setdefault((after.key(), outcome), End(after, won)).spellings.add(turn)
        return table

    def key(board: Board) -> Hashable:
        return parse(board.position()).key(), outcome_field(board)

    return Oracle(parse, ends, key)


def engine_key(board: Board) -> Key:
    """The naive key of the engine's position, and whether the game was won."""
    return (parse(board.position()).key(), board.decided is not None)


def engine_table(board: Board) -> dict[Key, str]:
    """End state -> turn, for every legal turn of the engine (each end state once)."""
    table: dict[Key, str] = {}
    turns = board.legal_turns()
    for turn in turns:
        board.push_turn(turn)
        table[engine_key(board)] = format_turn(turn)
        board.pop()
    assert len(table) == len(turns), "two listed turns end in the same state"
    return table


def naive_table(generate: Generator, tpos: TPos) -> dict[Key, set[str]]:
    """End state -> every naive turn reaching it."""
    table: dict[Key, set[str]] = {}
    for turn, after, won in generate(tpos):
        table.setdefault((after.key(), won), set()).add(turn)
    return table


def check_turns(generate: Generator, text: str) -> int:
    """The engine's turns from ``text`` end exactly where the naive ones do, and each listed
    turn is one of the naive spellings of its end; returns the number of turns."""
    board = Board.from_position(text)
    engine = engine_table(board)
    naive = naive_table(generate, parse(text))
    assert set(engine) == set(naive), (
        text,
        sorted(naive[k].pop() for k in set(naive) - set(engine))[:5],
        sorted(engine[k] for k in set(engine) - set(naive))[:5],
    )
    for key, turn in engine.items():
        assert turn in naive[key], (text, turn, naive[key])
    return len(engine)


def check_along_random_games(
    power: str, naive_for_seat: Callable[[int], Generator], *, seed: int, turns: int
) -> None:
    """The naive generator agrees with the engine at every position of two seeded random
    games, ``power`` in either seat (placement and any setup choice played first)."""
    rng = random.Random(seed)
    for seat in (0, 1):
        board = Board(2, [power, None] if seat == 0 else [None, power])
        while board.placing or board.turn:
            board.push_turn(rng.choice(board.legal_turns()))
        for _ in range(turns):
            if board.outcome() is not None:
                break
            check_turns(naive_for_seat(seat), board.position())
            board.push_turn(rng.choice(board.legal_turns()))


def perft(generate: Generator, tpos: TPos, depth: int) -> int:
    """Naive perft counting distinct end states per node (as the engine lists turns)."""
    if depth == 0:
        return 1
    unique: dict[Key, TPos] = {}
    for _, after, won in generate(tpos):
        unique.setdefault((after.key(), won), after)
    if depth == 1:
        return len(unique)
    return sum(perft(generate, after, depth - 1) for (_, won), after in unique.items() if not won)


def plain_climb_or_build(
    tpos: TPos,
    me: int,
    index: int,
    src: nv.Coord,
    dst: nv.Coord,
    builds: Callable[[TPos, nv.Coord], list[nv.Coord]],
    prefix: str = "",
) -> list[Result]:
    """The rest of a base-game turn after the worker ``index`` moved ``src`` -> ``dst``: a
    climb onto level 3 wins; otherwise one build on each of ``builds(after_move, dst)``."""
    moved = tpos.copy()
    moved.pos.workers[me][index] = dst
    moved.pos.to_move = 1 - me
    text = prefix or f"{nv.name(src)}-{nv.name(dst)}"
    if tpos.pos.levels[dst] == 3 and tpos.pos.levels[src] < 3:
        return [(text, moved, True)]
    out = []
    for target in builds(moved, dst):
        built = moved.copy()
        build_on(built, target)
        out.append((f"{text}^{nv.name(target)}", built, False))
    return out


def build_on(tpos: TPos, target: nv.Coord) -> None:
    """The piece that fits: a block on levels 0-2, a dome on level 3."""
    if tpos.pos.levels[target] == 3:
        tpos.pos.domes.add(target)
    else:
        tpos.pos.levels[target] += 1
