"""Powers: metadata from one table (:mod:`.table`), behaviour through the hooks of
:class:`Power` (:mod:`.base`), one module per power or small family.

Every module in this package is imported here, and each :class:`Power` subclass with a
``name`` registers itself, so adding a power means adding a module.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..errors import SantoriniError
from ..power import NO_POWER, REGISTRY, Power
from .table import POWERS, PowerInfo, banned_pairs, power_info

for _module in pkgutil.iter_modules(__path__):
    if _module.name != "table":
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

