"""A small naive base-turn generator for the naive cross-checks of Gaea, Graeae, Hades,
Harpies, Nemesis, Siren and Terpsichore (each test file adds its power from the card text).

It works on :class:`gf_naive.TPos` (a naive position plus tokens) and, unlike
``naive.successors``, allows any number of workers per player (Graeae's three, Gaea's
spares). Nothing here imports :mod:`aegean`.
"""

from __future__ import annotations

from collections.abc import Callable

import naive as nv
from powers.gf_naive import Result, TPos

#: ``move_ok(position before, src, dst)``: a filter on moves (a restriction on the mover).
MoveOk = Callable[[nv.Pos, nv.Coord, nv.Coord], bool]


def build_on(pos: nv.Pos, target: nv.Coord) -> None:
    """The piece that fits: a block on levels 0-2, a dome on level 3."""
    if pos.levels[target] == 3:
        pos.domes.add(target)
    else:
        pos.levels[target] += 1


def step_moves(pos: nv.Pos, src: nv.Coord) -> list[nv.Coord]:
    """Neighbouring unoccupied spaces at most one level up (SANTORINI.md §2, "Move")."""
    return [d for d in nv.neighbours(src) if pos.unoccupied(d) and pos.levels[d] <= pos.levels[src] + 1]


def climbs(pos: nv.Pos, src: nv.Coord, dst: nv.Coord) -> bool:
    """Moving *up* onto level 3 (rule 2.1); ``pos`` is before the move."""
    return pos.levels[dst] == 3 and pos.levels[src] < 3


def base_turns(tpos: TPos, move_ok: MoveOk | None = None) -> list[Result]:
    """Every base-game turn of the player to move, any number of workers: one worker moves
    (through ``move_ok``), a climb onto level 3 wins, else it builds next to itself."""
    pos = tpos.pos
    me = pos.to_move
    out: list[Result] = []
    for index, src in enumerate(pos.workers[me]):
        for dst in step_moves(pos, src):
            if move_ok is not None and not move_ok(pos, src, dst):
                continue
            moved = tpos.copy()
            moved.pos.workers[me][index] = dst
            moved.pos.to_move = 1 - me
            text = f"{nv.name(src)}-{nv.name(dst)}"
            if climbs(pos, src, dst):
                out.append((text, moved, True))
                continue
            for target in nv.neighbours(dst):
                if moved.pos.unoccupied(target):
                    built = moved.copy()
                    build_on(built.pos, target)
                    out.append((f"{text}^{nv.name(target)}", built, False))
    return out
