"""God-power setup (SANTORINI.md §3.1): the Challenger picks, the others choose, the
Challenger names the start player. Also the setups of the other modes: three players,
four players in two teams (§6: players 1+3 against 2+4) and the Golden Fleece variant
(§5: one marked power beside the board, two players).

>>> setup = PowerSetup(2, challenger=0)
>>> setup.pick(["Apollo", "Athena"])
>>> setup.chooser, setup.choose("Athena")
(1, None)
>>> setup.powers, setup.phase
(['Apollo', 'Athena'], 'start')
>>> setup.name_start_player(1)
>>> setup.board().position()
'00000/00000/00000/00000/00000 2 - - powers=Apollo,Athena'
>>> fleece = PowerSetup(2, fleece=True)
>>> fleece.pick(["Apollo"])
>>> fleece.phase
'start'
>>> fleece.name_start_player(0)
>>> fleece.board().position()
'00000/00000/00000/00000/00000 1 - - fleece=Apollo'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .errors import SantoriniError
from .lineup import (
    allowed_start_players,
    check_fleece,
    check_powers,
    compatible,
    fleece_powers,
    incompatibility,
    placers,
)
from .powers import banned_pairs, implemented, make_power, power_info

# The setup checks live in :mod:`.lineup` (below the Board); they stay importable here.
__all__ = [
    "PowerSetup",
    "allowed_start_players",
    "check_fleece",
    "check_powers",
    "compatible",
    "fleece_powers",
    "incompatibility",
    "placers",
    "quick_setup",
    "random_powers",
    "team_label",
]


def team_label(board: Board, player: int) -> str:
    """``"Team 1+3"`` for a four-player seat, ``""`` otherwise (the teams of §6)."""
    if board.n_players != 4:
        return ""
    side = board.side_of(player)
    return f"Team {side + 1}+{side + 3}"


@dataclass
class PowerSetup:
    """The setup steps in order: :meth:`pick`, :meth:`choose` (each seat clockwise from the
    Challenger's left; the Challenger keeps the last power), :meth:`name_start_player`.

    With ``fleece`` (the Golden Fleece variant, two players) the Challenger picks the one
    marked power that lies beside the board, nobody chooses, and the Challenger names the
    player who places first (and later puts the Ram)."""

    n_players: int
    challenger: int = 0
    allow_banned: bool = False
    fleece: bool = False
    offered: list[str] = field(default_factory=list)
    chosen: dict[int, str] = field(default_factory=dict)
    start_player: int | None = None

    def __post_init__(self) -> None:
        if not 2 <= self.n_players <= 4:
            raise SantoriniError(f"a game has 2 to 4 players, not {self.n_players}")
        if not 0 <= self.challenger < self.n_players:
            raise SantoriniError(f"the Challenger must be player 1 to {self.n_players}")
        if self.fleece and self.n_players != 2:
            raise SantoriniError("the Golden Fleece variant is for 2 players (SANTORINI.md §5)")

    @property
    def phase(self) -> str:
        """``pick``, ``choose``, ``start`` or ``done``."""
        if not self.offered:
            return "pick"
        if not self.fleece and len(self.chosen) < self.n_players:
            return "choose"
        return "start" if self.start_player is None else "done"

    @property
    def picks(self) -> int:
        """How many powers the Challenger picks: one per player, or the one fleece power."""
        return 1 if self.fleece else self.n_players

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
        """The powers by seat, once everyone has one (none in the Golden Fleece variant)."""
        if self.fleece:
            return []
        return [self.chosen[seat] for seat in range(self.n_players)]

    @property
    def fleece_power(self) -> str | None:
        """The power beside the board in the Golden Fleece variant, once picked."""
        return self.offered[0] if self.fleece and self.offered else None

    def pick(self, names: Sequence[str]) -> None:
        """The Challenger picks as many powers as players, all compatible with the player
        count, none banned against another unless ``allow_banned`` (or, for the Golden
        Fleece, one marked power)."""
        self._expect("pick")
        resolved = [make_power(name).name for name in names]
        if self.fleece:
            if len(resolved) != 1:
                raise SantoriniError(f"pick 1 power with the Golden Fleece mark, not {len(resolved)}")
            self.offered = [check_fleece(resolved[0])]
            return
        if len(resolved) != self.n_players:
            raise SantoriniError(f"pick {self.n_players} powers, one per player, not {len(resolved)}")
        if len(set(resolved)) != len(resolved):
            raise SantoriniError("each power can be picked only once")
        check_powers(resolved, self.n_players, allow_banned=self.allow_banned)
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
        if self.fleece:
            return list(range(self.n_players))  # the power belongs to nobody at setup
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
        if self.fleece:
            return Board(self.n_players, fleece=self.fleece_power, start_player=self.start_player)
        return Board(
            self.n_players, self.powers, allow_banned=self.allow_banned, start_player=self.start_player
        )

    def _expect(self, phase: str) -> None:
        if self.phase != phase:
            raise SantoriniError(f"setup is in its {self.phase} phase, not {phase}")


def random_powers(n_players: int, rng: random.Random, *, allow_banned: bool = False) -> list[str]:
    """A random set of implemented powers for ``n_players`` players: all marked for the
    player count, no banned matchup (unless allowed), and some seat allowed to start."""
    pool = [name for name in implemented() if compatible(name, n_players)]
    banned = banned_pairs()
    if len(pool) >= n_players:
        for _ in range(1000):
            names = rng.sample(pool, n_players)
            if not allow_banned and any(
                frozenset((a, b)) in banned for i, a in enumerate(names) for b in names[i + 1 :]
            ):
                continue
            if allowed_start_players([make_power(name) for name in names]):
                return names
    raise SantoriniError(f"not enough implemented powers for a {n_players}-player game")


def quick_setup(
    n_players: int = 2,
    powers: Sequence[str | None] | None = None,
    *,
    rng: random.Random | None = None,
    allow_banned: bool = False,
    start_player: int | None = None,
    fleece: str | bool | None = None,
) -> Board:
    """A game without the ceremony: the given powers by seat (``None``/``"-"`` for none,
    two players only), or a random compatible, unbanned set of implemented powers; a
    random allowed start player unless one is given.

    ``fleece`` makes a Golden Fleece game (two players, no powers of their own): the name
    of the marked power, or ``True`` for a random one."""
    rng = rng or random.Random()
    if not 2 <= n_players <= 4:
        raise SantoriniError(f"a game has 2 to 4 players, not {n_players}")
    if fleece is not None and fleece is not False:
        if n_players != 2:
            raise SantoriniError("the Golden Fleece variant is for 2 players (SANTORINI.md §5)")
        if powers is not None and any(p not in (None, "", "-") for p in powers):
            raise SantoriniError("in the Golden Fleece variant nobody has a power of their own")
        name = rng.choice(fleece_powers()) if fleece is True else check_fleece(str(fleece))
        if start_player is None:
            start_player = rng.randrange(n_players)
        return Board(n_players, fleece=name, start_player=start_player)
    if powers is None:
        powers = random_powers(n_players, rng, allow_banned=allow_banned)
    else:
        check_powers(powers, n_players, allow_banned=allow_banned)
    seats = [make_power(p) for p in powers]
    allowed = allowed_start_players(seats)
    if start_player is None:
        if not allowed:
            raise SantoriniError("these powers cannot all place first or last: no start player fits")
        start_player = rng.choice(allowed)
    elif not 0 <= start_player < n_players:
        raise SantoriniError(f"the start player must be player 1 to {n_players}")
    return Board(n_players, seats, allow_banned=allow_banned, start_player=start_player)
