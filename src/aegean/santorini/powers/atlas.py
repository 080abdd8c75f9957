"""4. Atlas, Titan Shouldering the Heavens — *Your Build*: your worker may build a dome on
any level, ground included (RULINGS #20: a dome below level 3 is not a Complete Tower;
written ``^d4D``, and ``A``-``C`` in positions)."""

from __future__ import annotations

from ..power import Power, State
from ..squares import NEIGHBORS
from ..steps import BUILDS, StepCode, build


class Atlas(Power):
    name = "Atlas"

    def build_steps(self, board: State, player: int, worker: int) -> list[StepCode]:
        blocked = board.occupied | board.domes
        steps: list[StepCode] = []
        for t in NEIGHBORS[worker]:
            if not blocked >> t & 1:
                steps.append(BUILDS[worker][t])
                if board.height[t] < 3:  # on level 3 the dome is the normal build
                    steps.append(build(worker, t, dome=True))
        return steps
