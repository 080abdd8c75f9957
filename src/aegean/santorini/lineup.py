"""Which powers may play together: the one check of a game's setup.

Every way of starting a game — ``Board(...)``, the setup dialog (:mod:`.setup`), the
command line and the online table — goes through :func:`cards_for`, so they refuse the
same things with the same words (SANTORINI.md §3, §5 and §6; ``docs/rules-decisions.md``):

- one power per player, none taken twice, no banned matchup (POWERS.csv) unless allowed;
- every power marked for the player count (heroes are for two players only);
- with three or four players every player has a power;
- the Golden Fleece variant: two players, one power with the mark, none of their own;
- a start player that the powers' placement order allows (Bia places first, RULINGS #6).

Analysis may need a board the rules would never deal (three players without powers, a
banned matchup, a position typed by hand): ``strict=False`` turns the checks off but
those the engine itself needs (player counts, a power taken twice, the fleece's mark);
``allow_banned`` lets only a banned matchup through.

>>> check_powers(["Chronus", "Apollo", "Artemis"], 3)
Traceback (most recent call last):
...
aegean.santorini.errors.SantoriniError: Chronus cannot be used in a 3-player game (POWERS.csv)
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import SantoriniError
from .powers import Power, banned_pairs, implemented, make_power, power_info
from .variants import fleece_cards

#: What the rules say, for error messages a reader of the repository can follow.
_RULES = "docs/rules-decisions.md, Setup"


def compatible(name: str, n_players: int) -> bool:
    """Whether the power may be used with ``n_players`` players (POWERS.csv)."""
    info = power_info(name)
    if n_players == 3:
        return info.three_players
    if n_players == 4:
        return info.four_players
    return True


def incompatibility(name: str, n_players: int) -> str | None:
    """Why the power cannot be used with ``n_players`` players, or ``None`` if it can.
    Heroes are for two players only; some gods are not marked for 3 or 4."""
    if compatible(name, n_players):
        return None
    info = power_info(name)
    if info.category == "hero":
        return f"{info.name} is a hero, and heroes are for 2-player games only"
    return f"{info.name} cannot be used in a {n_players}-player game (POWERS.csv)"


def fleece_powers() -> list[str]:
    """The implemented powers with the Golden Fleece mark, in card order."""
    return [name for name in implemented() if power_info(name).golden_fleece]


def check_fleece(name: str) -> str:
    """The card name of a power that may lie beside the board in the Golden Fleece
    variant; a clear :class:`SantoriniError` otherwise (unmarked, a hero, unknown)."""
    info = power_info(name)
    if not info.golden_fleece:
        why = (
            "is a hero: heroes are never used in the Golden Fleece variant"
            if info.category == "hero"
            else "has no Golden Fleece mark"
        )
        raise SantoriniError(f"{info.name} {why}; choose a marked power ({', '.join(fleece_powers())})")
    if info.name not in implemented():
        raise SantoriniError(f"{info.name} is not implemented yet")
    return info.name


def check_powers(names: Sequence[str | None], n_players: int, *, allow_banned: bool = False) -> None:
    """Raise a clear :class:`SantoriniError` unless these powers by seat can make a game of
    ``n_players``: one per player, none twice, every one marked for the player count (and
    none missing: powers are mandatory with 3 or 4 players), no banned matchup."""
    if len(names) != n_players:
        raise SantoriniError(f"{len(names)} powers given for {n_players} players: give one per player")
    taken = [power_info(name).name for name in names if name not in (None, "", "-")]
    if n_players > 2 and len(taken) != n_players:
        raise SantoriniError(f"in a {n_players}-player game every player has a power ({_RULES})")
    if len(set(taken)) != len(taken):
        raise SantoriniError("each power can be taken only once")
    for name in taken:
        problem = incompatibility(name, n_players)
        if problem:
            raise SantoriniError(problem)
    if not allow_banned:
        for i, a in enumerate(taken):
            for b in taken[i + 1 :]:
                if frozenset((a, b)) in banned_pairs():
                    raise SantoriniError(f"{a} and {b} are a banned matchup (POWERS.csv)")


def placers(n_players: int, start: int) -> list[int]:
    """The seats that place workers, in order, when ``start`` places first: everyone
    clockwise; with four players only the first player of each team (RULINGS #10)."""
    count = 2 if n_players == 4 else n_players
    return [(start + k) % n_players for k in range(count)]


def allowed_start_players(powers: Sequence[Power]) -> list[int]:
    """Seats that may start (place first) with these powers by seat: a power that places
    first must be the first placer, one that places last must be the last placer
    (RULINGS #6) — with four players the placers are the start player and the next one,
    who place their teams' workers."""
    n = len(powers)
    allowed = []
    for start in range(n):
        order = placers(n, start)
        first, last = order[0], order[-1]
        if all(
            (p.placement_order >= 0 or seat == first) and (p.placement_order <= 0 or seat == last)
            for seat, p in enumerate(powers)
        ):
            allowed.append(start)
    return allowed


def cards_for(
    n_players: int,
    powers: Sequence[Power | str | None] | None = None,
    *,
    fleece: Power | str | None = None,
    start_player: int | None = None,
    strict: bool = True,
    allow_banned: bool = False,
) -> tuple[tuple[Power, ...], Power | None]:
    """The card of each player and the Golden Fleece power (or ``None``) for a new game,
    after the setup checks of this module (``strict=False``: only those the engine needs;
    ``start_player`` ``None``: a position in play, whose start player is history)."""
    if not 2 <= n_players <= 4:
        raise SantoriniError(f"a game has 2 to 4 players, not {n_players}")
    chosen = list(powers) if powers is not None else [None] * n_players
    if len(chosen) != n_players:
        raise SantoriniError(f"{len(chosen)} powers given for {n_players} players")
    cards = tuple(p if isinstance(p, Power) else make_power(p) for p in chosen)
    names = [card.name for card in cards if card.name]
    if len(set(names)) != len(names):
        raise SantoriniError(f"a power can be taken only once: {', '.join(names)}")
    if fleece is not None:
        if names:
            raise SantoriniError("in the Golden Fleece variant nobody has a power of their own")
        fleece_power, cards = fleece_cards(fleece, n_players)
        if strict:
            check_fleece(fleece_power.name)
        return cards, fleece_power
    if strict:
        check_powers([card.name or None for card in cards], n_players, allow_banned=allow_banned)
        first_placers = allowed_start_players(cards)
        if start_player is not None and 0 <= start_player < n_players and start_player not in first_placers:
            firsts = [c.name for c in cards if c.placement_order < 0]
            lasts = [c.name for c in cards if c.placement_order > 0]
            why = " and ".join(
                [f"{', '.join(firsts)} must place first"] * bool(firsts)
                + [f"{', '.join(lasts)} must place last"] * bool(lasts)
            )
            raise SantoriniError(f"player {start_player + 1} cannot start: {why} (RULINGS #6)")
    return cards, None

