"""Naive generators on positions with tokens: Aeolus, Athena, Charybdis, Clio, Europa &
Talus, Urania, and the gods whose turns the base board alone cannot hold (Gaea's spares,
Graeae's three workers, Hades, the Harpies, Nemesis, Siren, Terpsichore).

A naive turn generator (written in each test file from the card text alone) works on a
:class:`TPos`, the naive position of ``tests/naive.py`` with the power's tokens; this
module adds the base turns on such a position and the :class:`Oracle` the shared checks
compare the engine with. Only :func:`oracle` reads the engine's positions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import naive as nv
from aegean.santorini import Board
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
#: ``move_ok(position before, src, dst)``: a filter on moves (a restriction on the mover).
MoveOk = Callable[[nv.Pos, nv.Coord, nv.Coord], bool]


def parse(text: str) -> TPos:
    """The naive view of a position: board, player to move, workers and the tokens."""
    fields = text.split()
    tokens = {}
    for field in fields[4:]:
        key, _, value = field.partition("=")
        if key not in _NOT_TOKENS:
            tokens[key] = value
    return TPos(nv.parse(" ".join(fields[:4])), tokens)


def with_tokens(tpos: TPos, turns: Iterable[nv.Turn]) -> list[Result]:
    """Turns of the naive board, each ending with (a copy of) the tokens of ``tpos``."""
    return [(text, TPos(after, dict(tpos.tokens)), bool(outcome)) for text, after, outcome in turns]


#: ``rest(position after the move, src, dst, notation so far)``: how a turn goes on after a
#: move that did not win (the builds, and anything a power adds before them).
Rest = Callable[[nv.Pos, nv.Coord, nv.Coord, str], list[nv.Turn]]


def base_turns(
    tpos: TPos,
    move_ok: MoveOk | None = None,
    *,
    around: Callable[[nv.Coord], list[nv.Coord]] = nv.neighbours,
    builds: Callable[[nv.Pos, nv.Coord], list[nv.Coord]] | None = None,
    rest: Rest | None = None,
) -> list[Result]:
    """Every base-game turn of the player to move, any number of workers: one worker moves
    to an unoccupied square ``around`` it at most one level up (and allowed by
    ``move_ok``); a climb onto level 3 wins; otherwise the turn goes on by ``rest``, by
    default a build on each of ``builds(position after the move, square)`` (by default
    the unoccupied squares ``around`` it)."""
    pos, me = tpos.pos, tpos.pos.to_move
    out: list[Result] = []
    for index, src in enumerate(pos.workers[me]):
        for dst in around(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            if move_ok is not None and not move_ok(pos, src, dst):
                continue
            moved = nv.moved(pos, index, dst)
            text = f"{nv.name(src)}-{nv.name(dst)}"
            if nv.climbs(pos, src, dst):
                out += with_tokens(tpos, [(text, moved, f"{me + 1}:climb")])
            elif rest is not None:
                out += with_tokens(tpos, rest(moved, src, dst, text))
            else:
                targets = builds(moved, dst) if builds else [t for t in around(dst) if moved.unoccupied(t)]
                out += with_tokens(tpos, [(f"{text}^{nv.name(t)}", nv.built(moved, t), "") for t in targets])
    return out


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
