"""41. Nemesis, Goddess of Retribution — *End of Your Turn*: if none of an opponent's
workers neighbor yours, you may force as many of that opponent's workers as possible to
take the spaces your workers occupy, and vice versa.

RULINGS #58 (printed text, followed here): after her build, if no worker of some opponent
neighbours any of her workers, she may swap places with that opponent's workers: as many
pairs as possible, that is as many as the smaller of her worker count and theirs (2 for
2), all of them or none. When fewer pairs than workers swap (a lone opponent worker), she
chooses which of hers goes; when all swap, every pairing ends alike. The swaps are forces,
not moves: nobody wins by being swapped onto level 3, and heights do not matter. The
revised text (both of her workers with two of one opponent's) agrees in 2-player games;
BGA's extra demand that she have exactly 2 workers and the opponent at least 2 is not
followed: with fewer workers on either side, fewer pairs swap.

Each swap is a ``FORCE`` step whose actor is the opponent's worker and whose target is the
space of hers it takes (hers goes to the space it left): ``b2-c3^c4,a5>c3,e5>d4`` — after
the turn b2-c3^c4, the opponent on a5 takes c3 (her worker goes to a5) and the one on e5
takes d4. Once the first swap is made the others must follow; the condition is judged
once, as the swapping starts. Nemesis keeps no state.
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBOR_MASK
from ..steps import END, StepCode, StepKind, force, step_dst, step_kind, step_src


class Nemesis(Power):
    name = "Nemesis"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        swaps = [s for s in turn if step_kind(s) is StepKind.FORCE]
        if not swaps:
            steps = super().turn_steps(board, player)
            if steps == [END] and turn:  # her turn is done: the end-of-turn swap may follow
                return [*self._first_swaps(board, player), END]
            return steps
        return self._further_swaps(board, player, swaps)

    def _first_swaps(self, board: State, player: int) -> list[StepCode]:
        mine = board.workers[player]
        near = 0
        for w in mine:
            near |= NEIGHBOR_MASK[w]
        sides = sorted({board.side_of(o) for o in opponents_of(board, player)} - {board.side_of(player)})
        steps: list[StepCode] = []
        for side in sides:
            theirs = board.workers[side]
            if theirs and not any(near >> w & 1 for w in theirs):
                steps.extend(force(t, m) for t in theirs for m in mine)
        return steps

    def _further_swaps(self, board: State, player: int, swaps: list[StepCode]) -> list[StepCode]:
        """The swaps still owed once swapping has begun: as many pairs as possible, with
        the opponent of the first swap; workers already swapped are done."""
        side = board.owner[step_dst(swaps[0])]  # that opponent's worker now stands there
        done = {step_src(s) for s in swaps} | {step_dst(s) for s in swaps}
        mine = [w for w in board.workers[player] if w not in done]
        theirs = [w for w in board.workers[side] if w not in done]
        pairs = min(len(board.workers[player]), len(board.workers[side]))
        if len(swaps) >= pairs or not mine or not theirs:
            return [END]
        return [force(t, m) for t in theirs for m in mine]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.FORCE:
            board.swap_workers(step_src(step), step_dst(step))
        else:
            super().apply_step(board, player, step)
