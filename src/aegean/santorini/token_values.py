"""How the values of power tokens are written, and the checks that read them.

A position carries each power's state as ``key=value`` tokens (``docs/notation.md``).
Every card declares the values its tokens may take (``Power.token_values``) with the
checks below, so that a position typed by hand is refused with the field named — never
taken silently, never a crash later in play. A check returns why a value cannot stand,
or ``None``.

>>> square("c3"), square("z9")
(None, "'z9' is not a square (a1..e5)")
>>> count(1)("0"), count(1)("3"), count(1, 3)("4")
('expected a whole number from 1, found 0', None, 'expected a whole number from 1 to 3, found 4')
>>> squares(most=2)("a1,a1")
'a1 is listed twice'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from .notation import DIRECTION_NAMES
from .squares import SQUARE_NAMES

#: Checks one value: why it cannot stand, or ``None``.
ValueCheck: TypeAlias = Callable[[str], "str | None"]

_SQUARES: Final = frozenset(SQUARE_NAMES)


def square(value: str) -> str | None:
    """One square, ``a1`` .. ``e5``."""
    return None if value in _SQUARES else f"{value!r} is not a square (a1..e5)"


def squares(*, most: int, ordered: bool = False) -> ValueCheck:
    """One to ``most`` distinct squares, comma-separated; sorted unless ``ordered`` (the
    order means something: it pairs with another token)."""

    def check(value: str) -> str | None:
        names = value.split(",")
        for name in names:
            problem = square(name)
            if problem:
                return problem
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            return f"{twice} is listed twice"
        if len(names) > most:
            return f"at most {most} squares, found {len(names)}"
        if not ordered and names != sorted(names, key=SQUARE_NAMES.index):
            return f"list the squares in order ({','.join(sorted(names, key=SQUARE_NAMES.index))})"
        return None

    return check


def count(low: int, high: int | None = None) -> ValueCheck:
    """A whole number from ``low`` (to ``high``), written without sign or leading zeros."""
    span = f"from {low}" + ("" if high is None else f" to {high}")

    def check(value: str) -> str | None:
        digits = value.isascii() and value.isdigit() and len(value) <= 4
        if not digits or (len(value) > 1 and value[0] == "0"):
            return f"expected a whole number {span}, found {value!r}"
        number = int(value)
        if number < low or (high is not None and number > high):
            return f"expected a whole number {span}, found {number}"
        return None

    return check


def one_of(*choices: str) -> ValueCheck:
    """Exactly one of ``choices``."""

    def check(value: str) -> str | None:
        if value in choices:
            return None
        return f"expected {' or '.join(repr(c) for c in choices)}, found {value!r}"

    return check


def direction(value: str) -> str | None:
    """One of the 8 directions ``n``, ``ne``, ... ``nw``."""
    return one_of(*DIRECTION_NAMES)(value)


def names(allowed: Sequence[str], *, most: int) -> ValueCheck:
    """One to ``most`` distinct names from ``allowed``, comma-separated, in any order."""

    def check(value: str) -> str | None:
        listed = value.split(",")
        for name in listed:
            if name not in allowed:
                return f"{name!r} is not one of {', '.join(allowed)}"
        if len(set(listed)) != len(listed):
            return f"{next(n for n in listed if listed.count(n) > 1)} is listed twice"
        if len(listed) > most:
            return f"at most {most} names, found {len(listed)}"
        return None

    return check


def seats(n_players: int, *, none: str | None = None) -> ValueCheck:
    """Distinct seats ``1`` .. ``n_players`` in ascending order, comma-separated; ``none``
    is how an empty list is written (``-``), if it may be."""

    def check(value: str) -> str | None:
        if none is not None and value == none:
            return None
        listed = value.split(",")
        allowed = [str(p) for p in range(1, n_players + 1)]
        if any(p not in allowed for p in listed) or listed != sorted(set(listed)):
            empty = f" (or {none!r} for none)" if none is not None else ""
            return f"expected players among 1..{n_players} in ascending order{empty}, found {value!r}"
        return None

    return check
