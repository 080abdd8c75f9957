"""23. Limus, Goddess of Famine — *Opponent's Turn*: opponent workers cannot build on
spaces neighbouring your workers, unless the build is a dome completing a Complete Tower.

RULINGS #40: the printed text is followed: the only build allowed next to her workers is
the dome on level 3 (a Complete Tower); a dome on a lower level (Atlas, Selene) is refused
there, unlike in the designer's revision that allows any dome. Every opponent build is
filtered, whichever power offers it (Demeter's and Hestia's extra builds, Prometheus's
build before moving, Zeus's block under himself).
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBOR_MASK
from ..steps import StepCode, StepKind, step_dst, step_kind


class Limus(Power):
    name = "Limus"

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        if step_kind(step) is not StepKind.BUILD or player not in opponents_of(board, owner):
            return True
        target = step_dst(step)
        if not any(NEIGHBOR_MASK[target] >> w & 1 for w in board.workers[owner]):
            return True
        # On level 3 the piece that fits is the dome: it completes a tower.
        return board.height[target] == 3
