"""10. Prometheus, Titan Benefactor of Mankind — *Your Turn*: if your worker does not move
up, it may build both before and after moving.

RULINGS #26: after a build before moving, the *same* worker must move, may not move up,
and then builds again; the normal move-then-build turn stays available. The early build is
written with its builder, ``b2^c2-c3^d4``. RULINGS #27: every step, the early build
included, comes from ``turn_steps`` and so passes opponents' restrictions
(``allows_opponent_step``); the engine keeps only early builds after which the turn can
still be finished.
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import END, MOVES, StepCode, StepKind, step_dst, step_kind, step_src


class Prometheus(Power):
    name = "Prometheus"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            # The normal turn (move first) or the build before moving, by either worker.
            steps = super().turn_steps(board, player)
            for worker in board.workers[player]:
                steps.extend(self.build_steps(board, player, worker))
            return steps
        last = turn[-1]
        if step_kind(last) is StepKind.MOVE:
            return self.build_steps(board, player, step_dst(last))
        if len(turn) == 1:
            # Built first: the same worker moves, not up.
            worker = step_src(last)
            level = board.height[worker]
            return [
                MOVES[worker][t] for t in self.move_targets(board, player, worker) if board.height[t] <= level
            ]
        return [END]
