"""29. Triton, God of the Waves — *Your Move*: each time your worker moves into a perimeter
space (ground or block), it may immediately move again.

RULINGS #46: no limit, spaces may be revisited, only the same worker goes on, and the chain
stops after a move into a non-perimeter space. The extra moves are optional, so the build
is offered beside them. A move up onto level 3 wins at once, at any point of the chain
(ruling 7). Written as one worker's moves one after another: ``a2-a3-b4^c4``.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..squares import PERIMETER_MASK
from ..steps import END, MOVES, StepCode, StepKind, step_dst, step_kind, step_src


class Triton(Power):
    name = "Triton"
    builds_end_the_moves = True  # (his moves, then one build)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            return super().turn_steps(board, player)
        last = turn[-1]
        if step_kind(last) is not StepKind.MOVE:
            return [END]
        worker = step_dst(last)
        steps = self.build_steps(board, player, worker)
        if PERIMETER_MASK >> worker & 1:
            steps.extend(MOVES[worker][t] for t in self.move_targets(board, player, worker))
        return steps

    def turn_key(self, board: State) -> Hashable:
        """Mid-chain, the rest of the turn depends only on the position, which worker is
        moving and (for opponents' rules such as Persephone's) whether it has moved up;
        so loops around the perimeter merge and the search ends."""
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.MOVE:
            return tuple(turn)
        # No build happens before the last move, so today's heights are the heights the
        # moves were made at.
        height = board.height
        up = any(step_kind(s) is StepKind.MOVE and height[step_dst(s)] > height[step_src(s)] for s in turn)
        return ("moving", step_dst(turn[-1]), up)
