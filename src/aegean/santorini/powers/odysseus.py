"""53. Odysseus, Cunning Leader — *Start of Your Turn*: once, force any number of opponent
workers that neighbor your workers into unoccupied corner spaces.

RULINGS #66: before his move, each opponent worker neighbouring one of his workers may be
forced into an unoccupied corner (a1, e1, a5, e5) at any level; forced is not moved, so a
worker forced onto level 3 does not win (ruling 1). Each worker is forced at most once,
then his normal turn follows: ``c3>a1,d4>e5,b2-b3^b4``. The first force spends the power
(``odysseus=used``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBOR_MASK, parse_square
from ..steps import MOVES, StepCode, StepKind, force, step_dst, step_kind
from .hero import Hero, steps_of_kind

CORNERS: Final = tuple(parse_square(name) for name in ("a1", "e1", "a5", "e5"))


class Odysseus(Hero):
    name = "Odysseus"

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is not StepKind.FORCE:
            return Power.turn_steps(self, board, player)  # the move is made: build, end
        # The start of the turn, or forces so far: the move, or (once) more forces.
        moves = [MOVES[w][t] for w in board.workers[player] for t in self.move_targets(board, player, w)]
        if not self.may_use(board, player, this_turn=bool(turn)):
            return moves
        forced = {step_dst(s) for s in turn}
        near = 0
        for worker in board.workers[player]:
            near |= NEIGHBOR_MASK[worker]
        corners = [c for c in CORNERS if board.is_free(c)]
        forces = [
            force(victim, corner)
            for rival in sorted(opponents_of(board, player))
            for victim in board.workers[rival]
            if near >> victim & 1 and victim not in forced
            for corner in corners
        ]
        return forces + moves

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if step_kind(step) is StepKind.FORCE:
            self.spend(board)

    def turn_key(self, board: State) -> Hashable:
        # While forcing, what follows depends on the board and on which workers were
        # already forced (the corners they now stand on), not on the order.
        turn = board.turn
        forces = steps_of_kind(turn, StepKind.FORCE)
        if len(forces) == len(turn):
            return ("force", frozenset(step_dst(s) for s in forces))
        return tuple(turn)
