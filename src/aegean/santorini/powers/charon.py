"""15. Charon, Ferryman to the Underworld — *Your Move*: before your worker moves, you may
force a neighboring opponent worker to the space directly on the other side of your
worker, if that space is unoccupied (RULINGS #32: any level; the same worker must then
move).

The ferry is an optional first ``FORCE`` step, written ``c3>a1`` (the opponent on c3 is
forced to a1, across Charon's worker on b2), so a whole turn reads ``c3>a1,b2-b3^b4``.
Forced is not moved: the ferried worker never wins by it (RULINGS #1).
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBORS, direction_between
from ..squares import step as step_toward
from ..steps import MOVES, StepCode, StepKind, force, step_dst, step_kind, step_src


def ferried_across(step: StepCode) -> int:
    """Charon's worker of a ferry step: the square halfway between the forced worker's
    start and end (they are two squares apart in a straight line)."""
    return (step_src(step) + step_dst(step)) // 2


class Charon(Power):
    name = "Charon"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            return self.ferry_steps(board, player) + super().turn_steps(board, player)
        if len(turn) == 1 and step_kind(turn[0]) is StepKind.FORCE:
            worker = ferried_across(turn[0])
            return [MOVES[worker][t] for t in self.move_targets(board, player, worker)]
        return super().turn_steps(board, player)

    def ferry_steps(self, board: State, player: int) -> list[StepCode]:
        """Every ferry: a neighboring opponent forced straight across one of his workers."""
        rivals = opponents_of(board, player)
        steps = []
        for worker in board.workers[player]:
            for victim in NEIGHBORS[worker]:
                if board.owner[victim] in rivals:
                    target = step_toward(worker, direction_between(victim, worker))
                    if target is not None and board.is_free(target):
                        steps.append(force(victim, target))
        return steps
