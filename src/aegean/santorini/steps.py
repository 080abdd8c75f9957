"""Steps: the sub-actions a turn is made of, packed into small ints.

A turn is a sequence of steps (OpenSpiel's sub-actions): place, move, build, and the
steps powers add (force, end; powers with actions of their own will get kinds of their
own). Steps are ints so that generators can make tens of thousands per millisecond and
so that they hash and compare for free::

    bits 0-4   target square (the square placed on, moved to, built on, forced to)
    bits 5-9   actor square (the worker that moves or builds; the forced worker)
    bits 10-13 kind (:class:`StepKind`)
    bit  14    explicit dome (a dome built on level 0-2, which only powers allow)
    bits 15-   a power's argument (a direction, a token, ...), 0 in the base game

>>> s = move(7, 13)
>>> step_kind(s) is StepKind.MOVE, step_src(s), step_dst(s)
(True, 7, 13)

Inside the engine a step is a bare :data:`StepCode` and a turn a :data:`TurnCode` (a tuple
of them). What the public API hands out are the same values typed for people:
:class:`~aegean.santorini.notation.Step` and :class:`~aegean.santorini.notation.Turn`,
an ``int`` and a ``tuple`` whose ``str`` is their notation.
"""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

#: A step packed into an int (the layout above).
StepCode: TypeAlias = int
#: A turn: its steps in order.
TurnCode: TypeAlias = tuple[int, ...]


class StepKind(enum.IntEnum):
    """What a step does. Stored values never change once published."""

    PLACE = 1  #: put a worker from the supply on the target square
    MOVE = 2  #: the worker on the actor square moves to the target square
    BUILD = 3  #: the worker on the actor square builds on the target square
    FORCE = 4  #: a power forces the worker on the actor square to the target square
    END = 5  #: decline the optional steps left and end the turn
    REMOVE = 6  #: the worker on the actor square removes the top block of the target square
    MARK = 7  #: a power puts, moves or turns its token: a square (target) or a direction (arg 1-8)
    PASS = 8  #: decline a choice offered in another player's turn (Gaea)
    OUT = 9  #: a player with no legal turn leaves a three-player game (SANTORINI.md §6)


_SRC_SHIFT: Final = 5
_KIND_SHIFT: Final = 10
DOME_FLAG: Final = 1 << 14
_ARG_SHIFT: Final = 15


def make_step(kind: StepKind, src: int, dst: int, *, dome: bool = False, arg: int = 0) -> StepCode:
    """Pack a step; see the module docstring for the layout."""
    return dst | src << _SRC_SHIFT | int(kind) << _KIND_SHIFT | (DOME_FLAG if dome else 0) | arg << _ARG_SHIFT


def place(dst: int) -> StepCode:
    return make_step(StepKind.PLACE, 0, dst)


def move(src: int, dst: int) -> StepCode:
    return make_step(StepKind.MOVE, src, dst)


def build(builder: int, dst: int, *, dome: bool = False) -> StepCode:
    """A build by the worker on ``builder``; ``dome`` asks for a dome below level 3."""
    return make_step(StepKind.BUILD, builder, dst, dome=dome)


def force(src: int, dst: int) -> StepCode:
    return make_step(StepKind.FORCE, src, dst)


def remove_block(worker: int, dst: int) -> StepCode:
    """The worker on ``worker`` removes the top block (never a dome) of ``dst`` (Ares)."""
    return make_step(StepKind.REMOVE, worker, dst)


def mark(dst: int = 0, direction: int | None = None) -> StepCode:
    """A power's token goes on ``dst`` (``*c3``), or points in ``direction`` (an index
    into :data:`~aegean.santorini.squares.DIRECTIONS`, N=0 clockwise; ``*ne``)."""
    return make_step(StepKind.MARK, 0, dst, arg=0 if direction is None else direction + 1)


def mark_direction(step: StepCode) -> int | None:
    """The direction index a ``MARK`` step points in, or ``None`` for a square mark."""
    arg = step >> _ARG_SHIFT & 0xF
    return arg - 1 if arg else None


END: Final[StepCode] = make_step(StepKind.END, 0, 0)
PASS: Final[StepCode] = make_step(StepKind.PASS, 0, 0)
OUT: Final[StepCode] = make_step(StepKind.OUT, 0, 0)
#: Flag on a step another power took inside the mover's turn (an interjection: Gaea's
#: placement, a Harpies slide, a whirlpool jump), written with a leading ``+``. The
#: mover's power sees its turn without such steps (a slide folds into the move before it).
INSERTED: Final = 1 << 25  # the highest bit a step has (``max(turn) >= INSERTED`` finds one)
#: Flag on a step that was attempted but cancelled because of a hidden worker (Hecate,
#: RULINGS #56): it is part of the record, had no effect, and ended its turn.
CANCELLED: Final = 1 << 24


def step_kind(step: StepCode) -> StepKind:
    return StepKind(step >> _KIND_SHIFT & 0xF)


def step_src(step: StepCode) -> int:
    return step >> _SRC_SHIFT & 0x1F


def step_dst(step: StepCode) -> int:
    return step & 0x1F


def step_dome(step: StepCode) -> bool:
    return bool(step & DOME_FLAG)


def step_arg(step: StepCode) -> int:
    return step >> _ARG_SHIFT & 0x1FF


# Precomputed tables for the hot generators: MOVES[src][dst], BUILDS[builder][dst].
MOVES: Final = tuple(tuple(move(s, d) for d in range(25)) for s in range(25))
BUILDS: Final = tuple(tuple(build(s, d) for d in range(25)) for s in range(25))
KIND_MOVE: Final = int(StepKind.MOVE)
KIND_BUILD: Final = int(StepKind.BUILD)
KIND_PLACE: Final = int(StepKind.PLACE)
KIND_SHIFT: Final = _KIND_SHIFT
