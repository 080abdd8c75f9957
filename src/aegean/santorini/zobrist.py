"""Zobrist keys: a position hashes to the XOR of the keys of its parts.

Keys come from a fixed seed, so hashes are stable across runs and machines (a hash can
be stored). Workers are keyed by (player, square), never by which of the player's
workers it is, so positions that differ only in worker order hash alike.
"""

from __future__ import annotations

import hashlib
import random
from typing import Final

MAX_PLAYERS: Final = 4
_rng = random.Random(0x5A4E70)


def _key() -> int:
    return _rng.getrandbits(64)


#: ``HEIGHT[square][level]``: a block stack of ``level`` on ``square`` (level 0 is 0).
HEIGHT: Final = tuple(tuple(0 if h == 0 else _key() for h in range(4)) for _ in range(25))
#: ``DOME[square]``: a dome on ``square``.
DOME: Final = tuple(_key() for _ in range(25))
#: ``WORKER[player][square]``: a worker of ``player`` on ``square``.
WORKER: Final = tuple(tuple(_key() for _ in range(25)) for _ in range(MAX_PLAYERS))
#: ``TO_MOVE[player]``: ``player`` is to move.
TO_MOVE: Final = tuple(_key() for _ in range(MAX_PLAYERS))


def key_of(value: object) -> int:
    """A stable 64-bit key for any value with a stable ``repr`` (power tokens, turn steps)."""
    digest = hashlib.blake2b(repr(value).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")
