"""7. Hermes, God of Travel — *Your Turn*: if your workers do not move up or down, each of
them may move any number of times (zero included), and then one of them builds.

RULINGS #23: a move that changes level makes the turn a normal one (that single move, then
that worker builds), so it can only be the turn's first move; while every move stays level,
either worker may go on moving, and then *either* worker builds, even one that never moved
(so a turn may be a build alone, ``b2^c3``). Moves of two workers are written one after
another, a comma before the step of the other worker: ``b2-c2,d4-d5^e5``.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..steps import END, MOVES, StepCode, StepKind, step_dst, step_kind, step_src

#: ``turn_key`` of a turn whose moves so far all stayed level.
TRAVELLING = "travelling"


def _level(board: State, step: StepCode) -> bool:
    # Hermes builds only at the end of his turn, so the heights a move was made at are
    # still today's heights while the turn goes on.
    return board.height[step_src(step)] == board.height[step_dst(step)]


class Hermes(Power):
    name = "Hermes"
    builds_end_the_moves = True  # (his moves, then one build)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        workers = board.workers[player]
        if not turn:
            # Any first move (a level one starts the travel), or a build with no move.
            steps = [MOVES[w][t] for w in workers for t in self.move_targets(board, player, w)]
            for w in workers:
                steps.extend(self.build_steps(board, player, w))
            return steps
        last = turn[-1]
        if step_kind(last) is not StepKind.MOVE:
            return [END]
        if not _level(board, turn[0]):
            # Moved up or down: a normal turn, the worker that moved builds.
            return self.build_steps(board, player, step_dst(last))
        # Builds first: the engine's check that a step can still finish the turn tries
        # the steps in this order, and a build finishes it at once.
        steps = [b for w in workers for b in self.build_steps(board, player, w)]
        height = board.height
        steps.extend(
            MOVES[w][t]
            for w in workers
            for t in self.move_targets(board, player, w)
            if height[t] == height[w]
        )
        return steps

    def turn_key(self, board: State) -> Hashable:
        """While travelling, what is left of the turn depends only on where the workers
        stand (the position), not on the path: back-and-forth moves merge, so listing
        turns ends."""
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MOVE and _level(board, turn[0]):
            return TRAVELLING
        return tuple(turn)
