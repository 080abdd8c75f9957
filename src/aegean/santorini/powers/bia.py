"""13. Bia, Goddess of Violence — *Setup*: place your workers first. *Your Move*: if your
worker moves into a space and the next space in the same direction holds an opponent
worker, that worker is removed from the game (RULINGS #30).

The engine follows the printed (Roxley) text: no perimeter restriction (that is the
revised / Spin Master text). "Place your workers first" is ``placement_order = -1``:
setup lets only Bia's seat start (RULINGS #6). A removed
worker leaves the game for good (``Board.remove_from_game``); a player left with no
worker has no legal turn and loses when next to move (SANTORINI.md §2, rule 2).
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of, shielded
from ..squares import direction_between
from ..squares import step as step_toward
from ..steps import StepCode, StepKind, step_dst, step_kind, step_src


class Bia(Power):
    name = "Bia"
    placement_order = -1

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        super().apply_step(board, player, step)
        if step_kind(step) is StepKind.MOVE:
            src, dst = step_src(step), step_dst(step)
            beyond = step_toward(dst, direction_between(src, dst))
            if (
                beyond is not None
                and board.owner[beyond] in opponents_of(board, player)
                and not shielded(board, player, beyond)  # (Clio's worker on a coin, RULINGS #50)
            ):
                board.remove_from_game(beyond)
