"""37. Hades, God of the Underworld — *Opponent's Turn*: opponent workers cannot move down.

RULINGS #54: every *move* step of an opponent worker is filtered, whatever power makes it
(a normal move, each step of Artemis's or Triton's moves, Apollo's swap, Minotaur's
push-move, Charon's move after his force); *forces* are not moves, so a worker may still
be forced down (Apollo's swap partner, Minotaur's push, Harpies's slide, Nemesis's and
Siren's forces). Any move onto a lower level is refused (level 3 to 2 as much as 1 to 0);
level moves and climbs are untouched. Hades's own workers
are not opponent workers, so they may move down even when an opponent moves them
(Dionysus's extra turn). Hades keeps no state.
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import KIND_MOVE, KIND_SHIFT, StepCode, step_dst, step_src


class Hades(Power):
    name = "Hades"

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        if step >> KIND_SHIFT & 0xF != KIND_MOVE:
            return True
        src = step_src(step)
        worker_side = board.owner[src]
        if worker_side == -1 or worker_side == board.side_of(owner):
            return True  # Hades's own worker (moved by an opponent's power), or no worker
        return board.height[step_dst(step)] >= board.height[src]
