"""Tokens that act as domes (Europa's Talus for everyone, Clio's coins for her opponents):
what a restriction on other players' steps needs to keep them off such a space.

"As if it held only a dome" means: no worker moves, is forced or is placed there, nothing
is built on it or removed from it, and no token goes on it. Most of that is the target
square of a step. A displacement hidden inside a move (Minotaur's push) is found by trying
the move on the board and looking where the workers ended up.
"""

from __future__ import annotations

from typing import Final

from ..power import State
from ..rules import power_of
from ..squares import SQUARE_NAMES
from ..steps import KIND_SHIFT, StepCode, StepKind, mark_direction

_SQUARE_OF: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: Step kinds whose target square cannot be a dome.
ONTO: Final = frozenset(
    int(k)
    for k in (StepKind.MOVE, StepKind.BUILD, StepKind.FORCE, StepKind.PLACE, StepKind.REMOVE, StepKind.MARK)
)
_MOVE: Final = int(StepKind.MOVE)
_MARK: Final = int(StepKind.MARK)


def square_mask(board: State, key: str) -> int:
    """The squares listed (comma-separated names) in the token ``key``, as a bit mask."""
    mask = 0
    text = board.tokens.get(key)
    if text:
        for name in text.split(","):
            square = _SQUARE_OF.get(name)
            if square is not None:
                mask |= 1 << square
    return mask


def targets_dome(step: StepCode, mask: int) -> bool:
    """Whether ``step`` moves, forces, places, builds, removes or puts a token on one of the
    squares in ``mask``."""
    kind = step >> KIND_SHIFT & 0xF
    if kind not in ONTO or (kind == _MARK and mark_direction(step) is not None):
        return False
    return bool(mask >> (step & 0x1F) & 1)


def displaces_onto(board: State, player: int, step: StepCode, mask: int) -> bool:
    """Whether ``player``'s move ``step`` into an occupied space (Apollo, Minotaur) forces
    the worker there onto one of the squares in ``mask``: the move is tried and undone."""
    if step >> KIND_SHIFT & 0xF != _MOVE or not board.occupied >> (step & 0x1F) & 1:
        return False
    before = board.occupied
    mark = board.checkpoint()
    try:
        power_of(board, player).apply_step(board, player, step)
        return bool(board.occupied & ~before & mask)
    finally:
        board.rollback(mark)
