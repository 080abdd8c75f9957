"""45. Urania, Muse of Astronomy — *Your Turn*: when your worker moves or builds, opposite
edges and corners count as adjacent (the board wraps around), so every space has 8
neighbors.

RULINGS #62: the wrap-around serves only Urania's own moves and builds. Opponents see the
ordinary board (they cannot push or force her across an edge), and a square "neighbouring"
her for other powers (Limus, Aphrodite, Medusa) is an ordinary neighbour. Her moves obey
the usual height rule and win by climbing onto level 3 as usual; a wrapped step is
written like any other (``a1-e5^a4``).
"""

from __future__ import annotations

from typing import Final

from ..power import Power, State
from ..squares import DIRECTIONS, SIZE, SQUARES, file_of, rank_of
from ..steps import BUILDS, StepCode


def _wrapped(square: int) -> tuple[int, ...]:
    f, r = file_of(square), rank_of(square)
    return tuple(sorted((r + dr) % SIZE * SIZE + (f + df) % SIZE for df, dr in DIRECTIONS))


#: ``WRAP_NEIGHBORS[s]``: the 8 squares around ``s`` on the wrapped (toroidal) board, ascending.
WRAP_NEIGHBORS: Final = tuple(_wrapped(s) for s in SQUARES)


def wrap_direction(src: int, dst: int) -> tuple[int, int]:
    """The direction of a one-square step from ``src`` to ``dst`` on the wrapped board
    (``a1`` to ``e1`` is a step west); for ordinary neighbours it is the plain direction."""
    df = (file_of(dst) - file_of(src) + 2) % SIZE - 2
    dr = (rank_of(dst) - rank_of(src) + 2) % SIZE - 2
    return (df, dr)


class Urania(Power):
    name = "Urania"

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        limit = board.height[worker] + 1
        height, blocked = board.height, board.occupied | board.domes
        return [t for t in WRAP_NEIGHBORS[worker] if not blocked >> t & 1 and height[t] <= limit]

    def build_steps(self, board: State, player: int, worker: int) -> list[StepCode]:
        blocked = board.occupied | board.domes
        return [BUILDS[worker][t] for t in WRAP_NEIGHBORS[worker] if not blocked >> t & 1]
