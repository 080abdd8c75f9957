"""Turn and step notation (the full spec is ``docs/notation.md``), and the public types
of turns and steps; whole positions are written and read by :mod:`.positions`.

:class:`Turn` and :class:`Step` are what ``Board.legal_turns()``, ``legal_steps()`` and
``pop()`` hand out: a ``tuple`` and an ``int`` (the engine's packed values, so they
compare, hash and index as before) whose ``str`` is their notation, as python-chess's
``Move`` is written by ``str``. :func:`format_turn` and :func:`format_step` write any
turn or step, :func:`parse_turn` and :meth:`Turn.parse` read them back.

>>> turn = Turn.parse("b2-c3^d4")
>>> turn
Turn('b2-c3^d4')
>>> str(turn), turn.steps
('b2-c3^d4', (Step('b2-c3'), Step('c3^d4')))
>>> format_turn(turn) == str(turn) and parse_turn(str(turn)) == turn
True
>>> format_step(turn[1]), format_step(turn[1], current=turn.steps[1].src)
('c3^d4', '^d4')
"""

from __future__ import annotations

from typing import Any

from .errors import NotationError
from .squares import SQUARE_NAMES, parse_square
from .state import GameState
from .steps import (
    CANCELLED,
    END,
    INSERTED,
    OUT,
    PASS,
    StepCode,
    StepKind,
    TurnCode,
    build,
    force,
    mark,
    mark_direction,
    move,
    place,
    remove_block,
    step_dome,
    step_dst,
    step_kind,
    step_src,
)

_OPS = {"-": StepKind.MOVE, "^": StepKind.BUILD, ">": StepKind.FORCE, "x": StepKind.REMOVE}
#: Steps after which the acting worker is "the worker in use" (left out of the next step).
_USES_ACTOR = (StepKind.BUILD, StepKind.REMOVE)
_OP_OF = {kind: op for op, kind in _OPS.items()}
#: Direction names for ``MARK`` steps, in the order of ``squares.DIRECTIONS``.
DIRECTION_NAMES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
#: Characters that start a step without an actor square (no ``,`` needed before them).
_BARE_STARTS = "@-^>x*~#+"


# ---------------------------------------------------------------------- turns
def format_step(step: StepCode, board: GameState[Any] | None = None, current: int | None = None) -> str:
    """One step in notation, e.g. ``b2-c3``, ``c3^d4``, ``@b2``, ``*ne``. The actor square
    is left out when it is ``current`` (the worker the turn is already using), or, given
    a ``board`` with a turn in progress, the worker that turn is using (``^d4`` after
    ``b2-c3``)."""
    if step & INSERTED:
        return "+" + format_step(step & ~INSERTED, board, current)
    if step & CANCELLED:
        return format_step(step & ~CANCELLED, board, current) + "!"
    kind = step_kind(step)
    if kind is StepKind.END:
        return "."
    if kind is StepKind.OUT:
        return "#"
    if kind is StepKind.PLACE:
        return "@" + SQUARE_NAMES[step_dst(step)]
    if kind is StepKind.PASS:
        return "~"
    if kind is StepKind.MARK:
        direction = mark_direction(step)
        return "*" + (SQUARE_NAMES[step_dst(step)] if direction is None else DIRECTION_NAMES[direction])
    if current is None and board is not None and board.turn and kind in _USES_ACTOR:
        current = current_worker(board.turn)
    src = step_src(step)
    actor = "" if src == current else SQUARE_NAMES[src]
    dome = "D" if step_dome(step) else ""
    return f"{actor}{_OP_OF[kind]}{SQUARE_NAMES[step_dst(step)]}{dome}"


def current_worker(steps: list[StepCode] | TurnCode) -> int | None:
    """The worker a turn is using after ``steps``: the last to move, or else to build."""
    current: int | None = None
    for step in steps:
        kind = step_kind(step)
        if kind is StepKind.MOVE or (kind is StepKind.FORCE and step_src(step) == current):
            current = step_dst(step)  # (a worker in use that is forced on stays in use)
        elif kind in _USES_ACTOR:
            current = step_src(step)
    return current


def format_turn(turn: TurnCode) -> str:
    """A full turn, e.g. ``b2-c3^d4``, ``b2-c3`` (a winning climb) or ``@b2@d4``: each
    step as :func:`format_step` writes it, the worker in use left out after the first."""
    parts: list[str] = []
    current: int | None = None
    for step in turn:
        if step == END:
            continue
        text = format_step(step, current=current)
        if parts and text[0] not in _BARE_STARTS:
            parts.append(",")
        parts.append(text)
        kind = step_kind(step)
        if kind is StepKind.MOVE or (kind is StepKind.FORCE and step_src(step) == current):
            current = step_dst(step)
        elif kind in _USES_ACTOR:
            current = step_src(step)
    if not parts and END in turn:
        return "."  # a turn that only declines (e.g. Dionysus's extra turn not taken)
    return "".join(parts)


def parse_turn(text: str, current: int | None = None) -> Turn:
    """Read a turn (or the steps of one); raises :class:`NotationError` saying where.

    ``current`` is the worker already in use when the text continues a turn in progress,
    so that ``^c4`` can follow ``b2-c3``.
    """
    source = text
    text = text.strip()
    inserted_at = 0
    if not text:
        raise NotationError("empty turn")
    if text == ".":
        return Turn((END,))
    steps: list[StepCode] = []
    i = 0

    def square_at(j: int) -> int:
        chunk = text[j : j + 2]
        try:
            return parse_square(chunk)
        except ValueError:
            raise NotationError(
                f"bad turn {source!r}: expected a square (a1..e5) at {j + 1}, found {chunk or 'the end'!r}"
            ) from None

    inserted = False
    while i < len(text):
        ch = text[i]
        if inserted and len(steps) > inserted_at:
            steps[-1] |= INSERTED
            inserted = False
        if ch == "," and steps:
            i += 1
            continue
        if ch == "+":
            inserted, inserted_at = True, len(steps)
            i += 1
            continue
        if ch == "@":
            steps.append(place(square_at(i + 1)))
            i += 3
            continue
        if ch == "~":
            steps.append(PASS)
            i += 1
            continue
        if ch == "#":
            steps.append(OUT)
            i += 1
            continue
        if ch == "!" and steps:
            steps[-1] |= CANCELLED
            i += 1
            continue
        if ch == "*":
            j = i + 1
            while j < len(text) and text[j].isalnum():
                j += 1
            word = text[i + 1 : j]
            if word in DIRECTION_NAMES:
                steps.append(mark(direction=DIRECTION_NAMES.index(word)))
            else:
                try:
                    steps.append(mark(parse_square(word)))
                except ValueError:
                    raise NotationError(
                        f"bad turn {source!r}: expected a square or a direction (n, ne, ... nw) "
                        f"after '*' at {i + 1}, found {word or 'nothing'!r}"
                    ) from None
            i = j
            continue
        actor = current
        if ch not in _OPS:
            actor = square_at(i)
            i += 2
            if i >= len(text) or text[i] not in _OPS:
                found = text[i] if i < len(text) else "the end"
                raise NotationError(
                    f"bad turn {source!r}: expected '-' (move), '^' (build), '>' (force) "
                    f"or 'x' (remove) at {i + 1}, found {found!r}"
                )
        elif actor is None:
            raise NotationError(f"bad turn {source!r}: the first step must name its worker, e.g. b2-c3")
        kind = _OPS[text[i]]
        target = square_at(i + 1)
        i += 3
        if kind is StepKind.MOVE:
            steps.append(move(actor, target))
            current = target
        elif kind is StepKind.BUILD:
            dome = i < len(text) and text[i] == "D"
            i += dome
            steps.append(build(actor, target, dome=dome))
            current = actor
        elif kind is StepKind.REMOVE:
            steps.append(remove_block(actor, target))
            current = actor
        else:
            steps.append(force(actor, target))
            if actor == current:
                current = target  # the worker in use, forced on, stays in use (a slide)
    if inserted and len(steps) > inserted_at:
        steps[-1] |= INSERTED
    return Turn(steps)


class Step(int):
    """A step as the public API hands it out: the packed int (``steps.py``), written in
    notation by ``str`` (the actor square always shown: ``c3^d4``, not ``^d4``)."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Step:
        """Read one step that names its worker (``b2-c3``, ``c3^d4``, ``@b2``, ``.``)."""
        steps = parse_turn(text)
        if len(steps) != 1:
            raise NotationError(f"expected one step, found {len(steps)} in {text!r}")
        return cls(steps[0])

    @property
    def kind(self) -> StepKind:
        return step_kind(self)

    @property
    def src(self) -> int:
        """The actor square (the worker that moves or builds; the forced worker)."""
        return step_src(self)

    @property
    def dst(self) -> int:
        """The target square (placed on, moved to, built on, forced to)."""
        return step_dst(self)

    def __str__(self) -> str:
        return format_step(self)

    def __repr__(self) -> str:
        return f"Step({format_step(self)!r})"


class Turn(tuple[int, ...]):
    """A turn as the public API hands it out: the tuple of packed steps, written in
    notation by ``str``; :meth:`parse` reads it back."""

    __slots__ = ()

    # (No __new__ of its own: tuple's, made in C, is three times quicker, and lists of
    # legal turns make many.)

    @classmethod
    def parse(cls, text: str, current: int | None = None) -> Turn:
        """Read a turn (:func:`parse_turn`); raises :class:`NotationError` saying where."""
        return parse_turn(text, current)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(Step(s) for s in self)

    def __str__(self) -> str:
        return format_turn(self)

    def __repr__(self) -> str:
        return f"Turn({format_turn(self)!r})"
