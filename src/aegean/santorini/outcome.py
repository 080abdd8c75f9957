"""How a game ended: who won and why."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    """Why a game ended. Stored values never change once published."""

    CLIMB = "climb"  #: a worker moved up onto level 3 (rule 2.1)
    NO_LEGAL_TURN = "no-legal-turn"  #: the player to move could not move and build (rule 2.2)
    POWER = "power"  #: a power's Win or Lose Condition
    RESIGNATION = "resignation"
    TIME = "time"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game. ``winners`` holds player indices (0-based); teams win together."""

    winners: frozenset[int]
    termination: Termination

    @property
    def winner(self) -> int | None:
        """The single winner, or ``None`` when a team won."""
        return next(iter(self.winners)) if len(self.winners) == 1 else None

    def result(self, n_players: int = 2) -> str:
        """A result string: ``'1-0'``/``'0-1'`` in two-player games, else the winners."""
        if n_players == 2 and len(self.winners) == 1:
            return "1-0" if 0 in self.winners else "0-1"
        return "+".join(str(p + 1) for p in sorted(self.winners)) + " won"
