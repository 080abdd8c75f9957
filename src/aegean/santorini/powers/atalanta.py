"""48. Atalanta, Swift Huntress — *Your Move*: once, your worker moves any number of
additional times.

The same worker moves again as often as she likes (no limit, spaces may be revisited, the
start space included: unlike Artemis the card says nothing against it), then builds. The
second move spends the power (``atalanta=used``) and the moves after it belong to the same
use. Each move up onto level 3 wins at once (ruling 7). Turns that end alike are merged
(``turn_key``), so her wandering is listed by its shortest route.
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..steps import MOVES, StepCode, StepKind, step_dst, step_kind
from .hero import Hero, steps_of_kind


class Atalanta(Hero):
    name = "Atalanta"
    builds_end_the_moves = True  # (her moves, then one build)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MOVE:
            worker = step_dst(turn[-1])
            steps = self.build_steps(board, player, worker)
            if self.may_use(board, player, this_turn=len(turn) > 1):
                steps += [MOVES[worker][t] for t in self.move_targets(board, player, worker)]
            return steps
        return Power.turn_steps(self, board, player)

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if step_kind(step) is StepKind.MOVE and len(board.turn) == 2:
            self.spend(board)

    def turn_key(self, board: State) -> Hashable:
        # While moving, what follows depends on where the worker is and (through the
        # token, in the board's hash) whether the power is spent; after the build, nothing.
        turn = board.turn
        if not turn:
            return ()
        last = turn[-1]
        if step_kind(last) is StepKind.MOVE:
            return ("move", step_dst(last), len(steps_of_kind(turn, StepKind.MOVE)) > 1)
        return tuple(turn)
