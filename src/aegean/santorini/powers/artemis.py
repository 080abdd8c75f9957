"""2. Artemis, Goddess of the Hunt — *Your Move*: your worker may move one more time, but
not back to the space it started the turn on (RULINGS #19: optional, the same worker, both
moves may go up; #7: a first move up onto level 3 wins at once, before any second move)."""

from __future__ import annotations

from ..power import Power, State
from ..steps import MOVES, StepCode, StepKind, step_dst, step_kind, step_src


class Artemis(Power):
    name = "Artemis"
    builds_end_the_moves = True  # (one or two moves, then one build)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if len(turn) == 1 and step_kind(turn[0]) is StepKind.MOVE:
            # After the first move: a second move of the same worker, or the build.
            start, worker = step_src(turn[0]), step_dst(turn[0])
            again = [MOVES[worker][t] for t in self.move_targets(board, player, worker) if t != start]
            return again + self.build_steps(board, player, worker)
        return super().turn_steps(board, player)
