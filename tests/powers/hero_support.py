"""Naive plumbing shared by the hero tests (``tests/powers/test_<hero>.py``).

Heroes keep a token (``<hero>=used``, sometimes more), so a hero's naive generator works
on a naive position *plus* its tokens, and end states are compared as whole position
strings, tokens included. Everything here is written from the rules text and the naive
board of ``tests/naive.py``: it shares no code with the engine's generators (only the
engine's canonical position text is used, to compare end states).

A naive hero generator is ``gen(pos, tokens, seat) -> [(turn text, pos after, tokens
after, outcome)]`` for the player to move, the hero sitting in ``seat``; ``outcome`` is
``"<seat>:climb"``-style text for a winning turn, else ``""``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import NamedTuple

import naive as nv
from aegean.santorini import Board
from powers.oracle import End, Oracle, canon

Tokens = dict[str, str]
NaiveTurn = tuple[str, nv.Pos, Tokens, str]
HeroGen = Callable[[nv.Pos, Tokens, int], list[NaiveTurn]]
#: A naive hero state: the position, the tokens and the powers field.
State = tuple[nv.Pos, Tokens, str]

CORNERS = [(0, 0), (4, 0), (0, 4), (4, 4)]


def dome(pos: nv.Pos, c: nv.Coord) -> nv.Pos:
    after = pos.copy()
    after.domes.add(c)
    return after


def dome_text(pos: nv.Pos, c: nv.Coord) -> str:
    """How a dome on ``c`` is written: ``D`` only below level 3."""
    return nv.name(c) + ("D" if pos.levels[c] < 3 else "")


class Moved(NamedTuple):
    """Which worker of the player to move went where in a base turn."""

    worker: int
    src: nv.Coord
    dst: nv.Coord


def base_turns(pos: nv.Pos) -> list[tuple[str, nv.Pos, str, Moved]]:
    """Every base-game turn (any number of workers): (text, position after with the other
    player to move, outcome, the move)."""
    out = []
    for i, src in enumerate(pos.workers[pos.to_move]):
        for dst in nv.step_moves(pos, src):
            ends = nv.finish(pos, nv.moved(pos, i, dst), src, dst)
            out += [(text, after, outcome, Moved(i, src, dst)) for text, after, outcome in ends]
    return out


def spending(turns: list[nv.Turn], tokens: Tokens) -> list[NaiveTurn]:
    """Naive turns of the base board, each leaving the ``tokens``."""
    return [(text, after, dict(tokens), outcome) for text, after, outcome in turns]


def plain_turns(pos: nv.Pos, tokens: Tokens) -> list[NaiveTurn]:
    """The turns of a player without a power (tokens unchanged)."""
    return spending(nv.plain_turns(pos), tokens)


def used(tokens: Tokens, hero: str, **extra: str) -> Tokens:
    """``tokens`` with the hero's use recorded (and ``extra`` tokens set)."""
    return {**tokens, hero: "used", **extra}


_BASE_TURN = re.compile(r"[a-e][1-5]-[a-e][1-5](\^[a-e][1-5])?")


def free_order(mark: str) -> Callable[[str], Hashable]:
    """A turn as its move and build plus the set of squares written after ``mark`` in the
    rest of it (domes ``^``, removals ``x``): the spellings where their order and the
    worker naming each are free are the same turn."""
    after_mark = re.compile(re.escape(mark) + r"([a-e][1-5])")

    def norm(turn: str) -> Hashable:
        base = _BASE_TURN.match(turn)
        assert base is not None, turn
        return base.group(0), frozenset(after_mark.findall(turn[base.end() :]))

    return norm


# ---------------------------------------------------------------------- comparing
def parse_with_tokens(text: str) -> State:
    """The naive position, the tokens (``removed`` included) and the powers of ``text``."""
    fields = text.split()
    plain = [f for f in fields if "=" not in f]
    extra = dict(f.split("=", 1) for f in fields if "=" in f)
    powers = extra.pop("powers")
    return nv.parse(" ".join(plain)), extra, powers


def end_text(pos: nv.Pos, tokens: Tokens, outcome: str, powers: str) -> str:
    """A naive end state in the engine's canonical position text."""
    fields = [nv.format_pos(pos), f"powers={powers}"]
    fields += [f"{k}={v}" for k, v in sorted(tokens.items())]
    if outcome:
        fields.append(f"outcome={outcome}")
    return canon(" ".join(fields))


def oracle(gen: HeroGen, seat: int, norm: Callable[[str], Hashable] | None = None) -> Oracle[State]:
    """The checks' view of a naive hero generator, the hero in ``seat``: ends compared as
    whole positions, tokens included (``norm``: when two spellings are the same turn)."""

    def ends(state: State) -> dict[Hashable, End[State]]:
        pos, tokens, powers = state
        table: dict[Hashable, End[State]] = {}
        for turn, after, toks, outcome in gen(pos, tokens, seat):
            end = End((after, toks, powers), bool(outcome))
            table.setdefault(end_text(after, toks, outcome, powers), end).spellings.add(turn)
        return table

    def key(board: Board) -> Hashable:
        return canon(board.position())

    if norm is None:
        return Oracle(parse_with_tokens, ends, key)
    return Oracle(parse_with_tokens, ends, key, norm=norm)
