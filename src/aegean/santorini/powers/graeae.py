"""36. Graeae, The Gray Hags — *Setup*: place 3 workers of your color instead of 2.
*Your Build*: you choose which of your workers builds.

RULINGS #53 (printed text, followed here): after the move, *any* of her workers builds —
the one that moved or one that did not — the fitting piece on an unoccupied space next to
the builder. The designer's revision (BGA: "build with a worker that did not move") is not
the default. A build by a worker other than the mover names its builder after a comma:
``b2-c3,e1^d1``; the mover's own build keeps the short form ``b2-c3^d4``, and when both
could make the same build the turn is listed in that short form.

She places her 3 workers in one placement turn (``@a1@c3@e5``). A winning climb ends the
turn at once, as always; if no worker of hers can move she loses (rule 2.2), even though
others could build. Graeae keeps no state.
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import END, StepCode, StepKind, step_dst, step_kind


class Graeae(Power):
    name = "Graeae"

    def worker_count(self) -> int:
        return 3

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MOVE:
            mover = step_dst(turn[-1])
            # The mover's builds first, so that a build both could make is written short.
            steps = self.build_steps(board, player, mover)
            for worker in board.workers[player]:
                if worker != mover:
                    steps.extend(self.build_steps(board, player, worker))
            return steps
        if turn:
            return [END]
        return super().turn_steps(board, player)
