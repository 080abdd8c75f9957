"""Squares of the 5 × 5 island and the tables every generator shares.

A square is an ``int`` from 0 (``a1``) to 24 (``e5``): ``square = 5 * rank + file``
with files ``a``–``e`` left to right and ranks ``1``–``5`` bottom to top. Bit
``square`` of a mask stands for that square, so sets of squares are plain ints.

>>> square_name(0), square_name(24), parse_square("c3")
('a1', 'e5', 12)
>>> [square_name(s) for s in NEIGHBORS[0]]
['b1', 'a2', 'b2']
"""

from __future__ import annotations

from typing import Final

FILES: Final = "abcde"
RANKS: Final = "12345"
SIZE: Final = 5
SQUARES: Final = tuple(range(SIZE * SIZE))
ALL_MASK: Final = (1 << (SIZE * SIZE)) - 1

SQUARE_NAMES: Final = tuple(FILES[s % SIZE] + RANKS[s // SIZE] for s in SQUARES)
_BY_NAME: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}

#: The 8 directions as (file delta, rank delta), clockwise from north.
DIRECTIONS: Final = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def square_name(square: int) -> str:
    """The name of ``square``, e.g. ``'c3'``."""
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """The square named ``text``; raises ``ValueError`` naming the bad text."""
    try:
        return _BY_NAME[text]
    except KeyError:
        raise ValueError(f"not a square: {text!r} (expected a1..e5)") from None


def file_of(square: int) -> int:
    return square % SIZE


def rank_of(square: int) -> int:
    return square // SIZE


def step(square: int, direction: tuple[int, int]) -> int | None:
    """The square one step from ``square`` in ``direction``, or ``None`` off the board."""
    f, r = file_of(square) + direction[0], rank_of(square) + direction[1]
    if 0 <= f < SIZE and 0 <= r < SIZE:
        return r * SIZE + f
    return None


def _neighbors(square: int) -> tuple[int, ...]:
    found = (step(square, d) for d in DIRECTIONS)
    return tuple(sorted(s for s in found if s is not None))


#: ``NEIGHBORS[s]``: the up-to-8 squares neighboring ``s``, ascending.
NEIGHBORS: Final = tuple(_neighbors(s) for s in SQUARES)
#: ``NEIGHBOR_MASK[s]``: the same set as a bit mask.
NEIGHBOR_MASK: Final = tuple(sum(1 << n for n in NEIGHBORS[s]) for s in SQUARES)
#: The 16 squares on the edge of the board.
PERIMETER_MASK: Final = sum(
    1 << s for s in SQUARES if file_of(s) in (0, SIZE - 1) or rank_of(s) in (0, SIZE - 1)
)


def is_perimeter(square: int) -> bool:
    return bool(PERIMETER_MASK >> square & 1)


def direction_between(src: int, dst: int) -> tuple[int, int]:
    """The direction of a one-square step from ``src`` to its neighbor ``dst``."""
    return (file_of(dst) - file_of(src), rank_of(dst) - rank_of(src))


def _transform(square: int, symmetry: int) -> int:
    f, r = file_of(square), rank_of(square)
    if symmetry & 4:
        f, r = r, f
    if symmetry & 1:
        f = SIZE - 1 - f
    if symmetry & 2:
        r = SIZE - 1 - r
    return r * SIZE + f


#: ``SYMMETRIES[k][s]``: where square ``s`` goes under the k-th of the 8 symmetries of
#: the square (identity first): bit 0 mirrors files, bit 1 mirrors ranks, bit 2
#: transposes (applied first).
SYMMETRIES: Final = tuple(tuple(_transform(s, k) for s in SQUARES) for k in range(8))


def iter_bits(mask: int) -> list[int]:
    """The squares whose bits are set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
