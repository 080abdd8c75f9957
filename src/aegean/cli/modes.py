"""Game modes at the command line: how many players, which powers, the Golden Fleece
variant, and who sits in which seat (people at this terminal or the AI).

The options are shared by ``play``, ``selfplay`` and ``match``:

- ``--players 2|3|4``: three players play each for themselves (a player who cannot move
  and build leaves the game; docs/rules-decisions.md, "Three and four players"); four
  play in teams, players 1+3 against 2+4, team mates sharing two workers;
- ``--powers A,B,…``: one power per seat (``-`` for none, two players only: with 3 or 4
  every seat has a power marked for that count; left out, they are drawn at random);
- ``--variant golden-fleece`` with ``--fleece NAME`` (or drawn at random among the
  marked powers): one power beside the board, two players, no powers of their own;
- ``--human SEATS`` / ``--ai SEATS`` (``play`` only): the seats played by people here,
  or by the AI, the others being the other kind (``1,3``, ``all``, ``none``).

Each check fails with one line saying what is wrong (:class:`PowerChoiceError`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from aegean.santorini import Board
from aegean.santorini.powers import make_power
from aegean.santorini.setup import allowed_start_players, fleece_powers, random_powers

from .powers import PowerChoiceError, parse_fleece, parse_powers

GOLDEN_FLEECE = "golden-fleece"
STANDARD = "standard"
#: Accepted spellings of ``--variant``.
VARIANT_NAMES = {
    "standard": STANDARD,
    "none": STANDARD,
    "golden-fleece": GOLDEN_FLEECE,
    "goldenfleece": GOLDEN_FLEECE,
    "golden_fleece": GOLDEN_FLEECE,
    "gf": GOLDEN_FLEECE,
}
RANDOM_WORDS = ("random", "any", "?")


def parse_players(text: str | None, option: str = "--players") -> int | None:
    """``--players``: 2, 3 or 4 (``None`` when not given)."""
    if text is None:
        return None
    value = text.strip()
    if value not in ("2", "3", "4"):
        raise PowerChoiceError(f"{option} must be 2, 3 or 4, not {text!r}")
    return int(value)


def parse_variant(text: str | None) -> str | None:
    """``--variant``: ``standard`` or ``golden-fleece`` (``None`` when not given)."""
    if text is None:
        return None
    key = text.strip().lower()
    if key not in VARIANT_NAMES:
        raise PowerChoiceError(f"--variant must be standard or golden-fleece, not {text!r}")
    return VARIANT_NAMES[key]


@dataclass(frozen=True)
class GameMode:
    """What kind of game to set up: the player count, the powers by seat (``None``
    entries: no power), or the Golden Fleece power."""

    n_players: int = 2
    powers: tuple[str | None, ...] = (None, None)
    fleece: str | None = None
    allow_banned: bool = False
    #: Whether the powers were drawn at random (the commands say so).
    drawn: bool = False

    @property
    def label(self) -> str:
        """``Apollo vs Athena``, ``Apollo+Pan vs Athena+Atlas`` (teams),
        ``Golden Fleece: Apollo``; ``no power`` for a seat without one."""
        if self.fleece is not None:
            return f"Golden Fleece: {self.fleece}"
        names = [name or "no power" for name in self.powers]
        if self.n_players == 4:
            return f"{names[0]}+{names[2]} vs {names[1]}+{names[3]}"
        return " vs ".join(names)

    def seat_power(self, seat: int) -> str:
        """The power of ``seat`` in words (the fleece's holder changes turn by turn)."""
        if self.fleece is not None:
            return "no power of their own"
        return self.powers[seat] or "no power"

    def start_players(self) -> list[int]:
        """The seats that may place first (the powers' setup order; anyone with the Golden Fleece)."""
        if self.fleece is not None:
            return list(range(self.n_players))
        return allowed_start_players([make_power(name) for name in self.powers])

    def board(self, start: int | None = None) -> Board:
        """An empty board; ``start`` places first (by default the first seat allowed)."""
        first = self.start_players()[0] if start is None else start
        if self.fleece is not None:
            return Board(self.n_players, fleece=self.fleece, start_player=first)
        return Board(self.n_players, list(self.powers), allow_banned=self.allow_banned, start_player=first)


def resolve_mode(
    players: str | None,
    powers: str | None,
    variant: str | None,
    fleece: str | None,
    *,
    allow_banned: bool = False,
    rng: random.Random | None = None,
    default_players: int = 2,
) -> GameMode:
    """The game mode the options ask for, with one clear error for any that do not fit
    together. Missing powers of a 3- or 4-player game, and a missing Golden Fleece
    power, are drawn with ``rng``."""
    rng = rng or random.Random()
    n = parse_players(players)
    kind = parse_variant(variant)
    if fleece is not None and kind == STANDARD:
        raise PowerChoiceError("--fleece is for --variant golden-fleece")
    if fleece is not None:
        kind = GOLDEN_FLEECE
    if kind == GOLDEN_FLEECE:
        if n is not None and n != 2:
            raise PowerChoiceError(f"the Golden Fleece variant is for 2 players, not {n}")
        if powers is not None:
            raise PowerChoiceError(
                "the Golden Fleece variant gives nobody a power of their own: name the power "
                "beside the board with --fleece, not --powers"
            )
        if allow_banned:
            raise PowerChoiceError("--allow-banned only makes sense with --powers")
        if fleece is None or fleece.strip().lower() in RANDOM_WORDS:
            return GameMode(2, (None, None), rng.choice(fleece_powers()), drawn=True)
        return GameMode(2, (None, None), parse_fleece(fleece))
    count = n if n is not None else default_players
    if powers is None:
        if allow_banned:
            raise PowerChoiceError("--allow-banned only makes sense with --powers")
        if count == 2:
            return GameMode(2, (None, None))
        names = random_powers(count, rng)
        return GameMode(count, tuple(names), drawn=True)
    given = len(powers.split(","))
    try:
        chosen = parse_powers(powers, count, allow_banned=allow_banned)
    except PowerChoiceError as error:
        if n is None and given != count and given in (3, 4):
            raise PowerChoiceError(f"{error} (add --players {given} for a {given}-player game)") from None
        raise
    return GameMode(count, tuple(chosen), allow_banned=allow_banned)


def seat_choices(n_players: int) -> str:
    """``1 or 2``, ``1, 2 or 3``: the seat numbers, for messages."""
    numbers = [str(p) for p in range(1, n_players + 1)]
    return ", ".join(numbers[:-1]) + " or " + numbers[-1]


def parse_seat(text: str, n_players: int, option: str) -> int:
    """One seat number, 1-based in ``text``, 0-based in the result."""
    value = text.strip().lower().removeprefix("player").strip()
    if not value.isdigit() or not 1 <= int(value) <= n_players:
        raise PowerChoiceError(f"{option} must be {seat_choices(n_players)}, not {text!r}")
    return int(value) - 1


def parse_seat_list(text: str, n_players: int, option: str) -> set[int]:
    """``1,3`` / ``all`` / ``none`` -> 0-based seats."""
    value = text.strip().lower()
    if value == "all":
        return set(range(n_players))
    if value in ("none", "-", ""):
        return set()
    seats: set[int] = set()
    for part in value.split(","):
        part = part.strip().removeprefix("player").strip()
        if not part.isdigit() or not 1 <= int(part) <= n_players:
            raise PowerChoiceError(
                f"{option} takes seat numbers 1 to {n_players} separated by commas, or all or none; "
                f"not {text!r}"
            )
        seats.add(int(part) - 1)
    return seats


def parse_seats(
    n_players: int,
    *,
    human: str | None = None,
    ai: str | None = None,
    side: str | None = None,
    opponent: str | None = None,
) -> list[bool]:
    """Which seats people at this terminal play (``True``) and which the AI plays.

    ``--human SEATS`` names the people's seats, ``--ai SEATS`` the AI's (the others are
    the other kind). The two-player shorthands still work for any count: ``--side N``
    (you are player N, the AI every other seat) and ``--opponent human`` (people in every
    seat). Default: you are player 1 and the AI plays the rest."""
    given = [name for name, value in (("--human", human), ("--ai", ai)) if value is not None]
    if len(given) == 2:
        raise PowerChoiceError("use either --human or --ai, not both: the other seats are the other kind")
    shorthand = [name for name, value in (("--side", side), ("--opponent", opponent)) if value is not None]
    if given and shorthand:
        raise PowerChoiceError(f"{given[0]} says who plays every seat: leave out {shorthand[0]}")
    if human is not None:
        people = parse_seat_list(human, n_players, "--human")
        return [seat in people for seat in range(n_players)]
    if ai is not None:
        machines = parse_seat_list(ai, n_players, "--ai")
        return [seat not in machines for seat in range(n_players)]
    kind = (opponent or "ai").strip().lower()
    if kind not in ("ai", "human"):
        raise PowerChoiceError(f"--opponent must be 'ai' or 'human', not {opponent!r}")
    you = parse_seat(side or "1", n_players, "--side")
    if kind == "human":
        return [True] * n_players
    return [seat == you for seat in range(n_players)]


def seat_names(humans: Sequence[bool], ai_name: str) -> list[str]:
    """``you`` for a lone person, ``human`` for several, the AI's name for the others."""
    person = "you" if sum(humans) == 1 else "human"
    return [person if human else ai_name for human in humans]
