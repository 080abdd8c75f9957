"""4. Atlas, Titan Shouldering the Heavens — *Your Build*: your worker may build a dome on
any level, ground included (RULINGS #20: a dome below level 3 is not a Complete Tower;
written ``^d4D``, and ``A``-``C`` in positions)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..squares import NEIGHBORS
from ..steps import BUILDS, Step, build
from .base import Power

if TYPE_CHECKING:
    from ..board import Board


class Atlas(Power):
    name = "Atlas"

    def build_steps(self, board: Board, player: int, worker: int) -> list[Step]:
        blocked = board.occupied | board.domes
        steps: list[Step] = []
        for t in NEIGHBORS[worker]:
            if not blocked >> t & 1:
                steps.append(BUILDS[worker][t])
                if board.height[t] < 3:  # on level 3 the dome is the normal build
                    steps.append(build(worker, t, dome=True))
        return steps
