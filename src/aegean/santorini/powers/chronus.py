"""16. Chronus, God of Time — *Win Condition*: you also win when there are at least five
Complete Towers on the board (RULINGS #33: domes on level 3 only, so lower domes do not
count; it works during an opponent's turn too; 2-player only).

The count is checked after every build, his own (``wins_with``) and anyone else's
(``wins_on``): only a build can complete a tower.
"""

from __future__ import annotations

from ..outcome import Termination
from ..power import Power, State
from ..squares import iter_bits
from ..steps import StepCode, StepKind, step_kind

#: Complete Towers on the board that make Chronus win.
TOWERS_TO_WIN = 5


def complete_towers(board: State) -> int:
    """Domes standing on level 3 (SANTORINI.md §1; RULINGS #20)."""
    height = board.height
    return sum(1 for s in iter_bits(board.domes) if height[s] == 3)


def _fifth_tower(board: State, step: StepCode) -> Termination | None:
    if step_kind(step) is StepKind.BUILD and complete_towers(board) >= TOWERS_TO_WIN:
        return Termination.POWER
    return None


class Chronus(Power):
    name = "Chronus"

    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        return super().wins_with(board, player, step) or _fifth_tower(board, step)

    def wins_on(self, board: State, owner: int, player: int, step: StepCode) -> Termination | None:
        return _fifth_tower(board, step)
