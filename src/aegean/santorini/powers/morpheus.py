"""25. Morpheus, God of Dreams — *Start of Your Turn*: put a block or dome on your card.
*Your Build*: your worker cannot build as normal; instead it may build any number of
times (zero included), spending one piece from the card per build. The pieces are
interchangeable (RULINGS #42: they act like money; each build is an ordinary build of the
piece that fits the level).

Token: ``morpheus=<pieces on the card>`` (absent when none).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import ClassVar

from ..power import Power, State
from ..rules import in_setup_turn, mover_turn, power_of
from ..steps import END, StepCode, StepKind, step_dst, step_kind, step_src
from ..token_values import ValueCheck, count


class Morpheus(Power):
    name = "Morpheus"
    #: (Absent when none: a typed 0 would not read back.)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {"morpheus": count(1)}

    def pieces(self, board: State) -> int:
        return int(board.tokens.get(self.token, "0"))

    def _set_pieces(self, board: State, count: int) -> None:
        board.set_token(self.token, str(count) if count else None)

    def start_of_turn(self, board: State, owner: int, player: int) -> None:
        if player == owner:
            self._set_pieces(board, self.pieces(board) + 1)

    def missing_token(self, board: State, owner: int) -> tuple[str, str] | None:
        # At the start of his turn his card holds the piece he has just gained (issue 13,
        # item 4: a typed position must mean what a played one does).
        started = board.decided is None and not board.turn and not in_setup_turn(board)
        # (Whoever acts with his power: Circe may hold it.)
        if started and power_of(board, board.to_move) is self and self.token not in board.tokens:
            return self.token, "at the start of Morpheus's turn his card holds at least the piece just gained"
        return None

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            return super().turn_steps(board, player)
        last = turn[-1]
        # After the move the worker that moved builds; after a build, the same builder.
        builder = step_src(last) if step_kind(last) is StepKind.BUILD else step_dst(last)
        steps = self.build_steps(board, player, builder) if self.pieces(board) else []
        return [*steps, END]

    def turn_key(self, board: State) -> Hashable:
        # Once he has moved, what is left of his turn is the builder and the board (his
        # pieces included), not the order of the builds so far: the turn search merges
        # them, or 8 pieces would be 8! orders of each set of builds.
        turn = mover_turn(board.turn)
        if not turn:
            return ()
        last = turn[-1]
        return ("builds", step_src(last) if step_kind(last) is StepKind.BUILD else step_dst(last))

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.BUILD:
            self._set_pieces(board, self.pieces(board) - 1)
        super().apply_step(board, player, step)
