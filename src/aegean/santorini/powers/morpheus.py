"""25. Morpheus, God of Dreams — *Start of Your Turn*: put a block or dome on your card.
*Your Build*: your worker cannot build as normal; instead it may build any number of
times (zero included), spending one piece from the card per build. The pieces are
interchangeable (RULINGS #42: they act like money; each build is an ordinary build of the
piece that fits the level).

Token: ``morpheus=<pieces on the card>`` (absent when none).
"""

from __future__ import annotations

from ..power import Power, State
from ..steps import END, StepCode, StepKind, step_dst, step_kind, step_src


class Morpheus(Power):
    name = "Morpheus"

    def pieces(self, board: State) -> int:
        return int(board.tokens.get(self.token, "0"))

    def _set_pieces(self, board: State, count: int) -> None:
        board.set_token(self.token, str(count) if count else None)

    def start_of_turn(self, board: State, owner: int, player: int) -> None:
        if player == owner:
            self._set_pieces(board, self.pieces(board) + 1)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            return super().turn_steps(board, player)
        last = turn[-1]
        # After the move the worker that moved builds; after a build, the same builder.
        builder = step_src(last) if step_kind(last) is StepKind.BUILD else step_dst(last)
        steps = self.build_steps(board, player, builder) if self.pieces(board) else []
        return [*steps, END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.BUILD:
            self._set_pieces(board, self.pieces(board) - 1)
        super().apply_step(board, player, step)
