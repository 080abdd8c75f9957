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

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

import naive as nv
from aegean.santorini import Board, format_turn
from powers.support import canon, engine_ends

Tokens = dict[str, str]
NaiveTurn = tuple[str, nv.Pos, Tokens, str]
HeroGen = Callable[[nv.Pos, Tokens, int], list[NaiveTurn]]

CORNERS = [(0, 0), (4, 0), (0, 4), (4, 4)]


def is_perimeter(c: nv.Coord) -> bool:
    return c[0] in (0, 4) or c[1] in (0, 4)


def build(pos: nv.Pos, c: nv.Coord) -> nv.Pos:
    """The fitting piece on ``c``: a block on levels 0-2, a dome on level 3."""
    after = pos.copy()
    if after.levels[c] == 3:
        after.domes.add(c)
    else:
        after.levels[c] += 1
    return after


def dome(pos: nv.Pos, c: nv.Coord) -> nv.Pos:
    after = pos.copy()
    after.domes.add(c)
    return after


def dome_text(pos: nv.Pos, c: nv.Coord) -> str:
    """How a dome on ``c`` is written: ``D`` only below level 3."""
    return nv.name(c) + ("D" if pos.levels[c] < 3 else "")


def flip(pos: nv.Pos) -> nv.Pos:
    after = pos.copy()
    after.to_move = 1 - pos.to_move
    return after


@dataclass
class Move:
    """One base move of the player to move: which worker, from where to where, the
    position after it (same player to move) and whether it wins."""

    index: int
    src: nv.Coord
    dst: nv.Coord
    after: nv.Pos
    won: bool


def moves(pos: nv.Pos, *, rise: int = 1, index: int | None = None) -> list[Move]:
    """Moves to a neighbouring unoccupied space at most ``rise`` levels up; a move up onto
    level 3 wins. Any number of workers (Jason's three, a worker removed)."""
    me = pos.to_move
    out = []
    for i, src in enumerate(pos.workers[me]):
        if index is not None and i != index:
            continue
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + rise:
                continue
            after = pos.copy()
            after.workers[me][i] = dst
            won = pos.levels[dst] == 3 and pos.levels[src] < 3
            out.append(Move(i, src, dst, after, won))
    return out


def builds_around(pos: nv.Pos, c: nv.Coord) -> list[nv.Coord]:
    return [t for t in nv.neighbours(c) if pos.unoccupied(t)]


def base_turns(pos: nv.Pos) -> list[tuple[str, nv.Pos, str, Move]]:
    """Every base-game turn (any number of workers): (text, position after with the other
    player to move, outcome, the move)."""
    me = pos.to_move
    out = []
    for m in moves(pos):
        text = f"{nv.name(m.src)}-{nv.name(m.dst)}"
        if m.won:
            out.append((text, flip(m.after), f"{me + 1}:climb", m))
            continue
        for t in builds_around(m.after, m.dst):
            out.append((f"{text}^{nv.name(t)}", flip(build(m.after, t)), "", m))
    return out


def plain_turns(pos: nv.Pos, tokens: Tokens) -> list[NaiveTurn]:
    """The turns of a player without a power (tokens unchanged)."""
    return [(text, after, dict(tokens), outcome) for text, after, outcome, _ in base_turns(pos)]


def used(tokens: Tokens, hero: str, **extra: str) -> Tokens:
    """``tokens`` with the hero's use recorded (and ``extra`` tokens set)."""
    return {**tokens, hero: "used", **extra}


# ---------------------------------------------------------------------- comparing
def parse_with_tokens(text: str) -> tuple[nv.Pos, Tokens, str]:
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


def naive_table(gen: HeroGen, text: str, seat: int) -> dict[str, set[str]]:
    pos, tokens, powers = parse_with_tokens(text)
    table: dict[str, set[str]] = {}
    for turn, after, toks, outcome in gen(pos, tokens, seat):
        table.setdefault(end_text(after, toks, outcome, powers), set()).add(turn)
    return table


def check_against_naive(
    gen: HeroGen, text: str, seat: int, norm: Callable[[str], Hashable] = lambda t: t
) -> int:
    """The engine's turns from ``text`` end exactly where the naive generator's do, and
    each listed turn is (up to ``norm``) one of the naive turns reaching that end.
    Returns the number of turns."""
    board = Board.from_position(text)
    listed = board.legal_turns()
    ends = engine_ends(board)
    assert len(ends) == len(listed), text  # no two listed turns end alike
    table = naive_table(gen, text, seat)
    assert set(ends) == set(table), (text, set(ends) ^ set(table))
    for end, turn in ends.items():
        assert norm(turn) in {norm(t) for t in table[end]}, (text, turn, table[end])
    assert board.position() == text
    return len(ends)


def naive_perft(gen: HeroGen, text: str, depth: int, seat: int) -> int:
    """Perft by the naive generator, counting distinct end states (as the engine does)."""
    pos, tokens, powers = parse_with_tokens(text)

    def count(pos: nv.Pos, tokens: Tokens, depth: int) -> int:
        unique: dict[str, tuple[nv.Pos, Tokens, str]] = {}
        for _, after, toks, outcome in gen(pos, tokens, seat):
            unique.setdefault(end_text(after, toks, outcome, powers), (after, toks, outcome))
        if depth == 1:
            return len(unique)
        return sum(count(after, toks, depth - 1) for after, toks, outcome in unique.values() if not outcome)

    return count(pos, tokens, depth)


# ---------------------------------------------------------------------- playing
@dataclass
class Tally:
    """What a playout saw: turns played, hero uses, turns with a listed hero option."""

    turns: int = 0
    positions: list[str] = field(default_factory=list)


def step_playout(powers: list[str | None], seed: int, *, max_turns: int = 200) -> Tally:
    """A seeded random game played step by step through ``legal_steps`` (cheap even when a
    turn has a huge number of completions), checking after every step that the hash kept
    incrementally equals a fresh one and that the position (mid-turn included) reads back
    with the same hash; the game ends with a winner (or ``max_turns``), the turns replay
    from their notation, and undoing every step restores the start."""
    rng = random.Random(f"{powers}{seed}")
    board = Board(2, powers)
    start = (board.position(), board.zobrist_hash())
    tally = Tally()
    pushes = 0
    while board.outcome() is None and tally.turns < max_turns:
        ply = board.ply
        while board.ply == ply and board.decided is None:
            board.push(rng.choice(board.legal_steps()))
            pushes += 1
            z = board.zobrist_hash()
            assert board.rehash() == z
            again = Board.from_position(board.position())
            assert again.zobrist_hash() == z, board.position()
        tally.turns += 1
        tally.positions.append(board.position())
    if tally.turns < max_turns:
        outcome = board.outcome()
        assert outcome is not None and outcome.winners
    replay = Board(2, powers)
    for turn in board.history:
        replay.play(format_turn(turn))
    assert replay.position() == board.position()
    for _ in range(pushes):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == start
    return tally


def playable(board: Board, text: str) -> bool:
    """Whether the turn ``text`` can be played step by step through ``legal_steps`` (without
    listing every legal turn, which ``play`` does to explain an illegal one, and which is
    slow while a dome-building hero's power is unused); the board is left as it was."""
    from aegean.santorini import IllegalTurnError
    from aegean.santorini.steps import END

    start, pushed, ok = board.ply, 0, True
    try:
        for step in board.parse_turn(text):
            if board.ply != start or board.decided is not None:
                ok = False
                break
            board.push(step)
            pushed += 1
        if ok and board.ply == start and board.decided is None:
            board.push(END)
            pushed += 1
    except IllegalTurnError:
        ok = False
    finally:
        for _ in range(pushed):
            board.pop()
    return ok
