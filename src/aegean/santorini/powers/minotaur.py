"""8. Minotaur, Bull-headed Monster — *Your Move*: your worker may move (by normal movement
rules) into a space occupied by an opponent worker if that worker can be forced one space
straight on, in the same direction, into an unoccupied space at any level.

RULINGS #24: the space behind must hold no worker and no dome, at any level; Minotaur's
own step obeys the height limit; the push is a force, so a worker pushed onto level 3
does not win. RULINGS #16: Athena's "no moving up" covers the push-move too (it is a
move by Minotaur, filtered like any other).

The push is part of the move step, as Apollo's swap is: ``b2-c3^b3`` with an opponent on
c3 pushes that worker straight on to d4.
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBORS, direction_between, step
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src


def push_square(src: int, dst: int) -> int | None:
    """Where a worker on ``dst`` goes when pushed by a worker coming from ``src``: the
    next square straight on, or ``None`` off the board."""
    return step(dst, direction_between(src, dst))


class Minotaur(Power):
    name = "Minotaur"

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        limit = board.height[worker] + 1
        height, domes, owner = board.height, board.domes, board.owner
        blocked = board.occupied | domes
        rivals = opponents_of(board, player)
        targets = []
        for t in NEIGHBORS[worker]:
            if domes >> t & 1 or height[t] > limit:
                continue
            if owner[t] == -1:
                targets.append(t)
            elif owner[t] in rivals:
                behind = push_square(worker, t)
                if behind is not None and not blocked >> behind & 1:
                    targets.append(t)
        return targets

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MOVE and board.owner[step_dst(step)] != -1:
            src, dst = step_src(step), step_dst(step)
            behind = push_square(src, dst)
            assert behind is not None  # move_targets offers only pushes that stay on the board
            board.move_worker(dst, behind)  # the force: forced is not moved (ruling 1)
            board.move_worker(src, dst)
        else:
            super().apply_step(board, player, step)
