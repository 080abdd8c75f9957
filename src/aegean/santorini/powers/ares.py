"""12. Ares, God of War — *End of Your Turn*: you may remove an unoccupied block (not a
dome) neighboring your unmoved worker, together with any token on it (RULINGS #3, #29).

The removal is an optional last step of his turn, after the build: a ``REMOVE`` step by
the unmoved worker, written ``b2-c3^d4,a1xb1`` ("the worker on a1 removes the block on
b1"; ``docs/notation.md``). Any unoccupied space with at least one block qualifies,
including the one just built on; a dome, or a block under a dome, never does. No power
puts tokens on spaces yet, so "with any token on it" has nothing to remove so far.
"""

from __future__ import annotations

from ..power import Power, State
from ..squares import NEIGHBORS
from ..steps import END, KIND_MOVE, KIND_SHIFT, StepCode, StepKind, remove_block, step_kind


def unmoved_workers(board: State, player: int) -> list[int]:
    """The player's workers other than the one that moved this turn (SANTORINI.md §1,
    "Unmoved worker"); none before the move."""
    for step in reversed(board.turn):
        if step >> KIND_SHIFT & 0xF == KIND_MOVE:
            moved = step & 0x1F  # the square it moved to
            return [w for w in board.workers[player] if w != moved]
    return []


class Ares(Power):
    name = "Ares"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn or step_kind(turn[-1]) is not StepKind.BUILD:
            if turn and step_kind(turn[-1]) is StepKind.REMOVE:
                return [END]
            return super().turn_steps(board, player)
        height, blocked = board.height, board.occupied | board.domes
        steps = [
            remove_block(worker, target)
            for worker in unmoved_workers(board, player)
            for target in NEIGHBORS[worker]
            if height[target] > 0 and not blocked >> target & 1
        ]
        return [*steps, END]
