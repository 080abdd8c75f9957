"""46. Achilles, Volatile Warrior — *Your Turn*: once, your worker builds both before and
after moving.

RULINGS #64: the same worker builds, moves and builds again, and unlike Prometheus it may
still move up after the early build (a climb onto level 3 wins at once, so no build
follows it, ruling 7). The early build is written with its builder, ``b2^c2-c3^d4``, and
spends the power (``achilles=used``); the normal move-then-build turn stays available.
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import MOVES, StepCode, StepKind, step_kind, step_src
from .hero import Hero


class Achilles(Hero):
    name = "Achilles"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            steps = super().turn_steps(board, player)
            if self.may_use(board, player):
                for worker in board.workers[player]:
                    steps.extend(self.build_steps(board, player, worker))
            return steps
        if len(turn) == 1 and step_kind(turn[0]) is StepKind.BUILD:
            worker = step_src(turn[0])  # built first: the same worker moves, up allowed
            return [MOVES[worker][t] for t in self.move_targets(board, player, worker)]
        return Power.turn_steps(self, board, player)

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if len(board.turn) == 1 and step_kind(step) is StepKind.BUILD:
            self.spend(board)
