"""God-power setup (SANTORINI.md §3.1): the Challenger picks, the others choose, the
Challenger names the start player.

>>> setup = PowerSetup(2, challenger=0)
>>> setup.pick(["Apollo", "Athena"])
>>> setup.chooser, setup.choose("Athena")
(1, None)
>>> setup.powers, setup.phase
(['Apollo', 'Athena'], 'start')
>>> setup.name_start_player(1)
>>> setup.board().position()
'00000/00000/00000/00000/00000 2 - - powers=Apollo,Athena'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .errors import SantoriniError
from .powers import Power, banned_pairs, implemented, make_power, power_info


def compatible(name: str, n_players: int) -> bool:
    """Whether the power may be used with ``n_players`` players (POWERS.csv)."""
    info = power_info(name)
    if n_players == 3:
        return info.three_players
    if n_players == 4:
        return info.four_players
    return True


def allowed_start_players(powers: Sequence[Power]) -> list[int]:
    """Seats that may start (place first) with these powers by seat: a power that places
    first must start, and one that places last must sit just before the start player
    (RULINGS #6)."""
    n = len(powers)
    allowed = []
    for start in range(n):
        first, last = start, (start - 1) % n
        if all(
            (p.placement_order >= 0 or seat == first) and (p.placement_order <= 0 or seat == last)
            for seat, p in enumerate(powers)
        ):
            allowed.append(start)
    return allowed


@dataclass
class PowerSetup:
    """The setup steps in order: :meth:`pick`, :meth:`choose` (each seat clockwise from the
    Challenger's left; the Challenger keeps the last power), :meth:`name_start_player`."""

    n_players: int
    challenger: int = 0
    allow_banned: bool = False
    offered: list[str] = field(default_factory=list)
    chosen: dict[int, str] = field(default_factory=dict)
    start_player: int | None = None

    @property
    def phase(self) -> str:
        """``pick``, ``choose``, ``start`` or ``done``."""
        if not self.offered:
            return "pick"
        if len(self.chosen) < self.n_players:
            return "choose"
        return "start" if self.start_player is None else "done"

    @property
    def chooser(self) -> int | None:
        """The seat to choose next, or ``None`` outside the choosing phase."""
        if self.phase != "choose":
            return None
        order = [(self.challenger + k) % self.n_players for k in range(1, self.n_players)]
        return next(seat for seat in order if seat not in self.chosen)

    @property
    def remaining(self) -> list[str]:
        taken = set(self.chosen.values())
        return [name for name in self.offered if name not in taken]

    @property
    def powers(self) -> list[str]:
        """The powers by seat, once everyone has one."""
        return [self.chosen[seat] for seat in range(self.n_players)]

    def pick(self, names: Sequence[str]) -> None:
        """The Challenger picks as many powers as players, all compatible with the player
        count, none banned against another unless ``allow_banned``."""
        self._expect("pick")
        resolved = [make_power(name).name for name in names]
        if len(resolved) != self.n_players:
            raise SantoriniError(f"pick {self.n_players} powers, one per player, not {len(resolved)}")
        if len(set(resolved)) != len(resolved):
            raise SantoriniError("each power can be picked only once")
        for name in resolved:
            if not compatible(name, self.n_players):
                raise SantoriniError(f"{name} cannot be used in a {self.n_players}-player game")
        if not self.allow_banned:
            for i, a in enumerate(resolved):
                for b in resolved[i + 1 :]:
                    if frozenset((a, b)) in banned_pairs():
                        raise SantoriniError(f"{a} and {b} are a banned matchup")
        self.offered = resolved

    def choose(self, name: str) -> None:
        """The seat in :attr:`chooser` takes one of the remaining powers; when one is left
        the Challenger takes it."""
        self._expect("choose")
        chooser = self.chooser
        assert chooser is not None
        wanted = power_info(name).name
        if wanted not in self.remaining:
            raise SantoriniError(f"{wanted} is not on offer (remaining: {', '.join(self.remaining)})")
        self.chosen[chooser] = wanted
        if len(self.remaining) == 1:
            self.chosen[self.challenger] = self.remaining[0]

    def allowed_start_players(self) -> list[int]:
        return allowed_start_players([make_power(name) for name in self.powers])

    def name_start_player(self, seat: int) -> None:
        self._expect("start")
        allowed = self.allowed_start_players()
        if seat not in allowed:
            names = ", ".join(str(s + 1) for s in allowed) or "none"
            raise SantoriniError(f"player {seat + 1} cannot start with these powers (allowed: {names})")
        self.start_player = seat

    def board(self) -> Board:
        """The empty board for the game this setup has made."""
        self._expect("done")
        assert self.start_player is not None
        return Board(
            self.n_players, self.powers, allow_banned=self.allow_banned, start_player=self.start_player
        )

    def _expect(self, phase: str) -> None:
        if self.phase != phase:
            raise SantoriniError(f"setup is in its {self.phase} phase, not {phase}")


def quick_setup(
    n_players: int = 2,
    powers: Sequence[str | None] | None = None,
    *,
    rng: random.Random | None = None,
    allow_banned: bool = False,
    start_player: int | None = None,
) -> Board:
    """A game without the ceremony: the given powers by seat (``None``/``"-"`` for none),
    or a random compatible, unbanned set of implemented powers; a random allowed start
    player unless one is given."""
    rng = rng or random.Random()
    if powers is None:
        pool = [name for name in implemented() if compatible(name, n_players)]
        for _ in range(1000):
            names = rng.sample(pool, n_players) if len(pool) >= n_players else []
            if names and (
                allow_banned
                or not any(
                    frozenset((a, b)) in banned_pairs() for i, a in enumerate(names) for b in names[i + 1 :]
                )
            ):
                break
        else:
            raise SantoriniError(f"not enough implemented powers for a {n_players}-player game")
        powers = names
    seats = [make_power(p) for p in powers]
    if start_player is None:
        allowed = allowed_start_players(seats)
        if not allowed:
            raise SantoriniError("these powers cannot all place first or last: no start player fits")
        start_player = rng.choice(allowed)
    return Board(n_players, seats, allow_banned=allow_banned, start_player=start_player)
