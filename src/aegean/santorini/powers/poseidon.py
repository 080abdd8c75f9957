"""27. Poseidon, God of the Sea — *End of Your Turn*: if your unmoved worker is on the
ground level, it may build up to three times (Spin Master: on its neighboring spaces)
(RULINGS #44).

The extra builds are optional steps after the normal build, by the unmoved worker,
written ``b2-c3^d4,a1^a2^b1``. They follow the normal build rules (the same space may
be built on again, a level-3 space gets a dome). With one worker left there is no
unmoved worker, so no extra builds (as on BGA).
"""

from __future__ import annotations

from collections.abc import Hashable

from ..power import Power, State
from ..steps import END, KIND_BUILD, KIND_SHIFT, StepCode
from .ares import unmoved_workers

#: Extra builds allowed after the normal one.
EXTRA_BUILDS = 3


def _builds(board: State) -> int:
    """Builds so far this turn (the kinds compared as ints: this runs for every state)."""
    return sum(1 for s in board.turn if s >> KIND_SHIFT & 0xF == KIND_BUILD)


def _after_build(board: State) -> bool:
    return bool(board.turn) and board.turn[-1] >> KIND_SHIFT & 0xF == KIND_BUILD


class Poseidon(Power):
    name = "Poseidon"
    builds_end_the_moves = True  # (his extra builds follow the normal one)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        if not _after_build(board):
            return super().turn_steps(board, player)
        if _builds(board) > EXTRA_BUILDS:
            return [END]
        builders = [w for w in unmoved_workers(board, player) if board.height[w] == 0]
        return [*(b for w in builders for b in self.build_steps(board, player, w)), END]

    def turn_key(self, board: State) -> Hashable:
        # After the normal build only the unmoved worker and the builds left matter, so
        # the same builds in any order are one state.
        if _after_build(board):
            return ("extra", tuple(unmoved_workers(board, board.to_move)), _builds(board))
        return super().turn_key(board)
