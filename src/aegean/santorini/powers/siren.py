"""42. Siren, Alluring Sea Nymph — *Setup*: place the Arrow token beside the board pointing
in one of the 8 directions: the direction of the Siren's Song. *Your Turn*: instead of
your normal turn you may force one or more opponent workers one space in the direction
of the Song, each into an unoccupied space at any level.

Setup: once her workers are placed she points the Arrow, a ``MARK`` step with a direction
at the end of her placement turn: ``@b2@d4*ne``. Token: ``siren=<direction>`` (``n``,
``ne``, … ``nw``); the Arrow never turns again.

The Song (RULINGS #59, printed text, followed here): a turn of one or more ``FORCE``
steps, each moving a different opponent worker one space along the Arrow onto a space
with no worker and no dome, at any height: ``b4>c5`` or ``b4>c5,d2>e3``. The forces are
made one after another, so a worker may be forced into the space another forced worker
has just left; each worker is forced at most once (one space). Nothing else happens that
turn: no move and no build (the revised text's build afterwards is not the default). A
forced worker has not moved, so it cannot win, even onto level 3. She may always play
a normal turn instead; and because the Song is a whole turn of its own, she does not lose
for being unable to move and build while she can sing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..notation import DIRECTION_NAMES
from ..power import Power, State
from ..rules import opponents_of
from ..squares import DIRECTIONS
from ..squares import step as step_from
from ..steps import END, StepCode, StepKind, force, mark, mark_direction, step_dst, step_kind
from ..token_values import ValueCheck, direction


class Siren(Power):
    name = "Siren"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {"siren": direction}

    def song(self, board: State) -> int | None:
        """The index (into ``squares.DIRECTIONS``) the Arrow points in, once chosen."""
        text = board.tokens.get(self.token)
        return DIRECTION_NAMES.index(text) if text in DIRECTION_NAMES else None

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        if self.token in board.tokens or board.still_to_place(owner) > 0:
            return []
        return [mark(direction=d) for d in range(len(DIRECTIONS))]

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if not turn:
            return [*super().turn_steps(board, player), *self._songs(board, player, set())]
        if step_kind(turn[0]) is StepKind.FORCE:
            forced = {step_dst(s) for s in turn if step_kind(s) is StepKind.FORCE}
            return [*self._songs(board, player, forced), END]
        return super().turn_steps(board, player)

    def _songs(self, board: State, player: int, forced: set[int]) -> list[StepCode]:
        """Forces of opponent workers not yet forced this turn, one space along the Arrow."""
        direction = self.song(board)
        if direction is None:
            return []
        delta = DIRECTIONS[direction]
        blocked = board.occupied | board.domes
        mine = board.side_of(player)
        rivals = {board.side_of(o) for o in opponents_of(board, player)} - {mine}
        steps = []
        for side in sorted(rivals):
            for worker in board.workers[side]:
                if worker in forced:
                    continue
                target = step_from(worker, delta)
                if target is not None and not blocked >> target & 1:
                    steps.append(force(worker, target))
        return steps

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            direction = mark_direction(step)
            if direction is not None:
                board.set_token(self.token, DIRECTION_NAMES[direction])
        else:
            super().apply_step(board, player, step)
