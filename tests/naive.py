"""A deliberately naive Santorini generator, written from SANTORINI.md §1–2 alone.

It shares no code with :mod:`aegean`: its own board (a dict ``(file, rank) -> level``,
a set of domed squares, a tuple of worker coordinates per player), its own neighbour
computation, its own position parser and formatter and its own perft. It is meant to be
*obviously* correct rather than fast, so that the engine's generators can be checked
against it (``tests/test_perft.py``).

Coordinates are ``(file, rank)`` with ``file`` 0..4 for ``a``..``e`` and ``rank`` 0..4
for ``1``..``5``. Turns come out as strings in the project's notation: ``b2-c3^d4``
(move, then build), ``b2-c3`` (a winning climb: the game ends, no build) and
``@b2@d4`` (placing both workers; squares listed rank by rank, then file by file).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

Coord = tuple[int, int]

FILES = "abcde"
RANKS = "12345"
ALL_COORDS: tuple[Coord, ...] = tuple((f, r) for r in range(5) for f in range(5))


def name(coord: Coord) -> str:
    return FILES[coord[0]] + RANKS[coord[1]]


def coord(text: str) -> Coord:
    if len(text) != 2 or text[0] not in FILES or text[1] not in RANKS:
        raise ValueError(f"not a square: {text!r}")
    return (FILES.index(text[0]), RANKS.index(text[1]))


#: The eight compass directions as (file, rank) steps, named as the notation names them.
DIRECTIONS: dict[str, Coord] = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}


def neighbours(c: Coord) -> list[Coord]:
    """The up-to-8 squares around ``c`` (orthogonal and diagonal), on the board."""
    out = []
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if df == 0 and dr == 0:
                continue
            f, r = c[0] + df, c[1] + dr
            if 0 <= f <= 4 and 0 <= r <= 4:
                out.append((f, r))
    return out


@dataclass
class Pos:
    """A two-player base-game position between turns."""

    levels: dict[Coord, int]
    domes: set[Coord]
    workers: list[list[Coord]]  # workers[player] in the order they were placed
    to_move: int  # 0 or 1

    def copy(self) -> Pos:
        return Pos(dict(self.levels), set(self.domes), [list(w) for w in self.workers], self.to_move)

    def worker_at(self, c: Coord) -> bool:
        return any(c in ws for ws in self.workers)

    def unoccupied(self, c: Coord) -> bool:
        """Neither a worker nor a dome on ``c`` (SANTORINI.md §1)."""
        return not self.worker_at(c) and c not in self.domes

    def key(self) -> tuple[object, ...]:
        """What identifies the position (worker order within a player does not matter)."""
        return (
            tuple(self.levels[c] for c in ALL_COORDS),
            tuple(sorted(self.domes)),
            tuple(tuple(sorted(ws)) for ws in self.workers),
            self.to_move,
        )


def parse(text: str) -> Pos:
    """Read ``<ranks 5..1> <player to move> <p1 workers> <p2 workers>``; no key=value fields."""
    fields = text.split()
    if len(fields) != 4:
        raise ValueError(f"expected 4 fields, got {len(fields)}")
    ranks = fields[0].split("/")
    if len(ranks) != 5 or any(len(r) != 5 for r in ranks):
        raise ValueError("expected 5 ranks of 5 squares")
    levels: dict[Coord, int] = {}
    domes: set[Coord] = set()
    for i, row in enumerate(ranks):
        rank = 4 - i
        for f, ch in enumerate(row):
            if ch in "0123":
                levels[(f, rank)] = int(ch)
            elif ch in "ABCD":
                levels[(f, rank)] = "ABCD".index(ch)
                domes.add((f, rank))
            else:
                raise ValueError(f"bad square character {ch!r}")
    if fields[1] not in ("1", "2"):
        raise ValueError("player to move must be 1 or 2")
    workers = [[] if fw == "-" else [coord(s) for s in fw.split(",")] for fw in fields[2:]]
    return Pos(levels, domes, workers, int(fields[1]) - 1)


def format_pos(pos: Pos) -> str:
    rows = []
    for rank in range(4, -1, -1):
        row = ""
        for f in range(5):
            level = pos.levels[(f, rank)]
            row += "ABCD"[level] if (f, rank) in pos.domes else "0123"[level]
        rows.append(row)
    fields = ["/".join(rows), str(pos.to_move + 1)]
    fields += [",".join(name(c) for c in ws) or "-" for ws in pos.workers]
    return " ".join(fields)


#: A turn as ``(notation, position after it, outcome)``: the outcome as a position writes
#: it (``"1:climb"``: player 1 won by climbing) or ``""`` while the game goes on.
Turn = tuple[str, Pos, str]


def successors(pos: Pos) -> list[tuple[str, Pos, bool]]:
    """Every legal turn as ``(notation, position after it, whether it wins)``."""
    me = pos.to_move
    out: list[tuple[str, Pos, bool]] = []
    if len(pos.workers[me]) == 0:
        # Setup: the player places both workers on unoccupied squares (SANTORINI.md §2).
        free = [c for c in ALL_COORDS if pos.unoccupied(c)]
        for a, b in combinations(free, 2):
            nxt = pos.copy()
            nxt.workers[me] = [a, b]
            nxt.to_move = 1 - me
            out.append((f"@{name(a)}@{name(b)}", nxt, False))
        return out
    if len(pos.workers[me]) != 2:
        raise ValueError("the naive generator handles only whole placements")
    return [(t, after, bool(outcome)) for t, after, outcome in plain_turns(pos)]


def plain_turns(pos: Pos) -> list[Turn]:
    """Every move-and-build turn of the player to move, with the outcome each writes
    (``"1:climb"`` or ``""``); any number of workers (one removed, Jason's third)."""
    out: list[Turn] = []
    for index, src in enumerate(pos.workers[pos.to_move]):
        for dst in step_moves(pos, src):
            out += finish(pos, moved(pos, index, dst), src, dst)
    return out


def step_moves(pos: Pos, src: Coord) -> list[Coord]:
    """Move: to a neighbouring unoccupied square, at most one level up."""
    return [d for d in neighbours(src) if pos.unoccupied(d) and pos.levels[d] <= pos.levels[src] + 1]


def entering_moves(pos: Pos) -> list[tuple[int, Coord, Coord]]:
    """The moves of the player to move that may enter an opponent worker's space (a power
    decides what happens to that worker): to a neighbour with no dome and none of the
    mover's own workers, at most one level up; as (worker index, src, dst)."""
    me = pos.to_move
    return [
        (i, src, dst)
        for i, src in enumerate(pos.workers[me])
        for dst in neighbours(src)
        if dst not in pos.domes and dst not in pos.workers[me] and pos.levels[dst] <= pos.levels[src] + 1
    ]


def moved(pos: Pos, index: int, dst: Coord) -> Pos:
    """A copy of ``pos`` with the worker ``index`` of the player to move on ``dst``, and the
    next player to move (the turn's end position, builds still to come)."""
    after = pos.copy()
    after.workers[pos.to_move][index] = dst
    after.to_move = 1 - pos.to_move
    return after


def finish(pos: Pos, after: Pos, src: Coord, dst: Coord, move: str = "") -> list[Turn]:
    """The ends of a turn once a worker moved ``src`` -> ``dst`` (``pos`` before the move,
    ``after`` the position after it, the next player to move; ``move`` the notation so
    far, ``src-dst`` by default). Win: moving *up* onto level 3 ends the game at once, with
    no build. Otherwise the worker builds (:func:`builds`)."""
    move = move or f"{name(src)}-{name(dst)}"
    if climbs(pos, src, dst):
        return [(move, after, f"{pos.to_move + 1}:climb")]
    return builds(after, dst, move)


def builds(after: Pos, at: Coord, move: str) -> list[Turn]:
    """Build: the fitting piece on an unoccupied square neighbouring the worker on ``at``
    (``move``: the turn's notation before the build)."""
    return [(f"{move}^{name(t)}", built(after, t), "") for t in neighbours(at) if after.unoccupied(t)]


def on_perimeter(c: Coord) -> bool:
    """A space on the edge of the board."""
    return c[0] in (0, 4) or c[1] in (0, 4)


def climbs(pos: Pos, src: Coord, dst: Coord) -> bool:
    """A move from ``src`` to ``dst`` goes *up* onto level 3 (``pos`` is before the move)."""
    return pos.levels[dst] == 3 and pos.levels[src] < 3


def built(pos: Pos, target: Coord) -> Pos:
    """A copy of ``pos`` with the piece that fits built on ``target``: a block on levels
    0-2, a dome on level 3."""
    after = pos.copy()
    if after.levels[target] == 3:
        after.domes.add(target)
    else:
        after.levels[target] += 1
    return after


def legal_turns(pos: Pos) -> list[str]:
    return [turn for turn, _, _ in successors(pos)]


def count_turns(pos: Pos) -> int:
    """``len(legal_turns(pos))`` by counting instead of building positions."""
    me = pos.to_move
    if len(pos.workers[me]) == 0:
        free = sum(1 for c in ALL_COORDS if pos.unoccupied(c))
        return free * (free - 1) // 2
    total = 0
    for src in pos.workers[me]:
        for dst in neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                total += 1
                continue
            for target in neighbours(dst):
                # After the move, ``src`` is empty and ``dst`` holds the worker.
                if target == src or (pos.unoccupied(target) and target != dst):
                    total += 1
    return total


def perft(pos: Pos, depth: int) -> int:
    """Sequences of exactly ``depth`` turns; a winning turn can only be the last one."""
    if depth == 0:
        return 1
    if depth == 1:
        return count_turns(pos)
    return sum(perft(nxt, depth - 1) for _, nxt, won in successors(pos) if not won)


def apply(pos: Pos, turn: str) -> tuple[Pos, bool]:
    """The position after ``turn`` (which must be legal) and whether it won."""
    for text, nxt, won in successors(pos):
        if text == turn:
            return nxt, won
    raise ValueError(f"illegal turn {turn!r}")


_SQUARE = re.compile(r"[a-e][1-5]")
_STEP = re.compile(r"([a-e][1-5])?([-^])([a-e][1-5])")


def read_steps(text: str) -> list[tuple[Coord | None, str, Coord]]:
    """The moves (``-``) and builds (``^``) of a turn written in notation, each as (the
    acting worker's square, or ``None`` where it is the worker in use; the operator; the
    target square). Commas only separate workers."""
    plain = text.replace(",", "")
    steps = _STEP.findall(plain)
    assert "".join(a + o + t for a, o, t in steps) == plain, text
    return [(coord(a) if a else None, o, coord(t)) for a, o, t in steps]


def n_steps(text: str) -> int:
    """How many moves and builds a turn written in notation has."""
    return len(read_steps(text))


#: ``step_ok(op, current, here, there)``: asserts a power's rules for one step of a turn
#: (``current``: the worker in use, ``None`` before the first move).
StepCheck = Callable[[str, Coord | None, Coord, Coord], None]


def replay(pos: Pos, text: str, step_ok: StepCheck) -> tuple[Pos, str]:
    """Play a turn of moves then one build, written in notation, on the naive board, with
    ``step_ok`` asserting the power's rules for each step: every step goes to an
    unoccupied neighbour, a climb up onto level 3 wins and must be the last step, the build
    ends the turn. Returns the position after it and its outcome field."""
    me = pos.to_move
    after = pos.copy()
    steps = read_steps(text)
    current: Coord | None = None
    for k, (actor, op, there) in enumerate(steps):
        here = actor or current
        assert here is not None and here in after.workers[me], text
        assert there in neighbours(here) and after.unoccupied(there), text
        step_ok(op, current, here, there)
        if op == "-":
            after.workers[me][after.workers[me].index(here)] = there
            current = there
            if climbs(pos, here, there):
                assert k == len(steps) - 1, text
                after.to_move = 1 - me
                return after, f"{me + 1}:climb"
        else:
            assert k == len(steps) - 1, text
            after = built(after, there)
            after.to_move = 1 - me
            return after, ""
    raise AssertionError(f"{text}: the turn is not finished")


def map_squares(text: str, mapping: dict[str, str]) -> str:
    """Rename every square in ``text`` (a turn or a worker list) through ``mapping``."""
    return _SQUARE.sub(lambda m: mapping[m.group(0)], text)


# ---------------------------------------------------------------------- position sources
# Seeded sources of test positions, as notation strings (they use nothing but this file).


def random_board(rng: random.Random, dome_chance: float = 0.2, placed: int = 2) -> str:
    """An arbitrary but valid position: random levels, domes on any level (``A``-``D``),
    and ``placed`` players with both workers on dome-free squares (0: player 1 to place,
    1: player 2 to place, 2: a random player to move)."""
    levels = {c: rng.randrange(4) for c in ALL_COORDS}
    domes = {c for c in ALL_COORDS if rng.random() < dome_chance}
    free = [c for c in ALL_COORDS if c not in domes]
    while len(free) < 4:  # keep room for four workers
        domes.discard(rng.choice(sorted(domes)))
        free = [c for c in ALL_COORDS if c not in domes]
    squares = rng.sample(free, 4)
    workers = [squares[:2] if placed >= 1 else [], squares[2:] if placed >= 2 else []]
    to_move = rng.randrange(2) if placed == 2 else placed
    return format_pos(Pos(levels, domes, workers, to_move))


def random_game(rng: random.Random, prefer_long: float = 0.8) -> list[str]:
    """The positions before each turn of a random game from the empty board, including
    the last one (a player with no legal turn, or the one before a winning climb).

    With probability ``prefer_long`` a non-winning turn is chosen when there is one, so
    that games grow towers before they end."""
    pos = parse("00000/00000/00000/00000/00000 1 - -")
    seen = []
    while True:
        seen.append(format_pos(pos))
        options = successors(pos)
        if not options:
            return seen
        quiet = [o for o in options if not o[2]]
        _, pos, won = rng.choice(quiet if quiet and rng.random() < prefer_long else options)
        if won:
            return seen
