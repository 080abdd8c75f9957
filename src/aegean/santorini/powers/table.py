"""Power metadata, read from ``powers.csv`` (a copy of the project's ``POWERS.csv``).

>>> power_info("Apollo").category, power_info("atlas").banned_vs
('simple', ('Gaea',))
>>> len(POWERS), len(banned_pairs())
(55, 25)
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from importlib.resources import files

from ..errors import SantoriniError


@dataclass(frozen=True, slots=True)
class PowerInfo:
    index: int
    name: str
    epithet: str
    category: str  #: simple, advanced, expansion or hero
    three_players: bool
    four_players: bool
    golden_fleece: bool
    banned_vs: tuple[str, ...]


def _key(name: str) -> str:
    return name.lower().replace(" ", "")


def _load() -> dict[str, PowerInfo]:
    text = files(__package__).joinpath("powers.csv").read_text(encoding="utf-8")
    table = {}
    for row in csv.DictReader(text.splitlines()):
        info = PowerInfo(
            index=int(row["index"]),
            name=row["name"],
            epithet=row["epithet"],
            category=row["category"],
            three_players=row["three_players"] == "yes",
            four_players=row["four_players"] == "yes",
            golden_fleece=row["golden_fleece"] == "yes",
            banned_vs=tuple(n for n in row["banned_vs"].split(";") if n),
        )
        table[_key(info.name)] = info
    return table


POWERS: dict[str, PowerInfo] = _load()


def power_info(name: str) -> PowerInfo:
    """The metadata of the power called ``name`` (any case; spaces optional, so
    ``Europa&Talus`` names Europa & Talus in a position)."""
    try:
        return POWERS[_key(name)]
    except KeyError:
        raise SantoriniError(f"unknown power {name!r}") from None


def banned_pairs() -> set[frozenset[str]]:
    """The banned matchups, each as a pair of names (the relation is symmetric)."""
    return {frozenset((info.name, other)) for info in POWERS.values() for other in info.banned_vs}
