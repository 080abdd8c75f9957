"""Powers: metadata from one table, behaviour through the hooks of :class:`Power`."""

from .base import NO_POWER, Power
from .table import POWERS, PowerInfo, banned_pairs, power_info

__all__ = ["NO_POWER", "POWERS", "Power", "PowerInfo", "banned_pairs", "power_info"]
