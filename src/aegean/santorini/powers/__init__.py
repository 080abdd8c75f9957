"""Powers: metadata from one table (:mod:`.table`), behaviour through the hooks of
:class:`Power` (:mod:`.base`), one module per power or small family.

Every module in this package is imported here, and each :class:`Power` subclass with a
``name`` registers itself, so adding a power means adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Sequence

from ..errors import SantoriniError
from .base import NO_POWER, REGISTRY, Power
from .table import POWERS, PowerInfo, banned_pairs, power_info

for _module in pkgutil.iter_modules(__path__):
    if _module.name not in ("base", "table"):
        importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "NO_POWER",
    "POWERS",
    "REGISTRY",
    "Power",
    "PowerInfo",
    "banned_pairs",
    "implemented",
    "make_power",
    "power_info",
    "resolve_powers",
]


def implemented() -> list[str]:
    """Names of the implemented powers, in card order."""
    return sorted((cls.name for cls in REGISTRY.values()), key=lambda n: power_info(n).index)


def make_power(name: str | None) -> Power:
    """The power called ``name`` (any case); ``None``, ``""`` or ``"-"`` is no power."""
    if name is None or name in ("", "-"):
        return NO_POWER
    info = power_info(name)  # raises for names that are no power at all
    cls = REGISTRY.get(info.name.lower().replace(" ", ""))
    if cls is None:
        known = ", ".join(implemented()) or "none yet"
        raise SantoriniError(f"power {info.name} is not implemented yet (implemented: {known})")
    return cls()


def resolve_powers(chosen: Sequence[Power | str | None], *, allow_banned: bool = False) -> tuple[Power, ...]:
    """One :class:`Power` per player from powers, names or ``None``; refuses a power taken
    twice and, unless ``allow_banned``, a banned matchup (SANTORINI.md §3.3)."""
    powers = tuple(p if isinstance(p, Power) else make_power(p) for p in chosen)
    names = [p.name for p in powers if p.name]
    if len(set(names)) != len(names):
        raise SantoriniError(f"a power can be taken only once: {', '.join(names)}")
    if not allow_banned:
        banned = banned_pairs()
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                if frozenset((a, b)) in banned:
                    raise SantoriniError(f"{a} and {b} are a banned matchup (allow it explicitly to play it)")
    return powers
