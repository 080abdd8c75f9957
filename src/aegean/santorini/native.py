"""The native core (Rust, ``crates/``, built into ``aegean._core`` by ``pip install``)
behind the reference engine's API.

The Python engine is the rules reference; the native core plays what it supports (today
two-player games with no power, one of the ten simple gods — Apollo, Artemis, Athena,
Atlas, Demeter, Hephaestus, Hermes, Minotaur, Pan, Prometheus — or Achilles, Ares,
Aeolus, Atalanta, Bellerophon, Charon, Chronus, Eros, Europa & Talus, Hades, Hera, Heracles, Hestia,
Hypnus, Limus, Morpheus, Nemesis, Odysseus, Persephone, Polyphemus, Poseidon, Selene, Siren,
Terpsichore, Triton, Urania or Zeus, between turns, placement and setup choices over:
:data:`PLAYS`) at native speed and must agree with the reference there: ``tests/native/``
checks legal turns, perft and wins on seeded random positions. :func:`supports` says
whether a board is such a position; :mod:`.perft` uses the core for those transparently,
and ``aegean santorini perft`` and ``legal`` take ``--engine native|reference``.
docs/native-core.md has the design.

>>> from aegean.santorini import Board
>>> board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
>>> supports(board), perft(board, 2)
(True, 6176)
>>> [str(t) for t in legal_turns(board)][:3]
['b2-a1^b1', 'b2-a1^a2', 'b2-a1^b2']
"""

from __future__ import annotations

from aegean import _core

from .board import NATIVE_POWERS, Board
from .notation import Turn
from .powers.table import power_info

#: The native core's version (the Cargo workspace's).
VERSION = _core.__version__
#: The powers the native core plays, by card name ("-": no power).
POWERS = NATIVE_POWERS
#: What the native core plays, in words (for messages): the powers beyond the simple gods
#: named.
PLAYS = "two-player games with no power, simple gods or " + ", ".join(
    sorted(name for name in POWERS if name != "-" and power_info(name).category != "simple")
)


class Unsupported(ValueError):
    """A position the native core does not play (yet): use the reference engine."""


def supports(board: Board) -> bool:
    """Whether the native core plays ``board``: two players, each with no power or one the
    core plays (:data:`POWERS`), between turns, placement over, the game not decided."""
    return board.native_plays


def _position(board: Board) -> str:
    if not supports(board):
        raise Unsupported(
            f"the native core plays {PLAYS}, between turns after placement; "
            f"not {board.position()!r}"
        )
    return board.position()


def perft(board: Board, depth: int, bulk: bool = True) -> int:
    """Perft of ``board`` in the native core (``bulk``: the last level counted, not played)."""
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    return _core.perft(_position(board), depth, bulk)


def legal_turns(board: Board) -> list[Turn]:
    """The legal turns of ``board`` from the native core, as the reference's ``Turn``s, in
    the reference's order."""
    return [Turn(steps) for steps in _core.legal_turns(_position(board))]


def random_playouts(games: int, seed: int) -> tuple[int, int, int]:
    """``games`` uniform random playouts from random placements in the native core:
    (player 1's wins, player 2's wins, turns played)."""
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    return _core.random_playouts(games, seed % 2**64)
