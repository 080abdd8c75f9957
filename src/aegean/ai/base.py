"""What every AI provides, and the small helpers the AIs share.

An AI is anything with a ``name`` and a ``choose_turn(board)`` that returns one of
``board.legal_turns()`` and leaves the board exactly as it found it (position, hash and
undo history), so callers can hand it their live board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..santorini import Board, SantoriniError, Turn


class Engine(Protocol):
    """A player that picks a full turn for the side to move."""

    name: str

    def choose_turn(self, board: Board) -> Turn:
        """One of ``board.legal_turns()``; the board is left exactly as it was."""
        ...


@dataclass(frozen=True, slots=True)
class SearchInfo:
    """What the last search did, for benchmarks and the CLI's status line."""

    #: Full turns searched to completion (0: the turn was found without searching).
    depth: int
    nodes: int
    seconds: float
    #: Score of the chosen turn for the side to move, in evaluation units (wins are
    #: near ``±WIN``; see :mod:`aegean.ai.alphabeta`).
    score: int
    turn: Turn
    #: Whether the budget stopped an iteration midway (the turn is then the deepest
    #: finished iteration's, or a better one the unfinished iteration had found).
    cut_short: bool = False
    #: The turns the search expects from here, ``turn`` first (only in the reports of
    #: :meth:`~aegean.ai.alphabeta.AlphaBetaAI.search`; empty otherwise).
    pv: tuple[Turn, ...] = ()

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


#: The AI considers at most about this many turns of one position: the shortest ones, so
#: a power with a huge number of turns (Heracles: every set of domes) is searched through
#: its simpler turns instead of stalling.
TURN_LIMIT = 1000


def search_turns(board: Board) -> list[Turn]:
    """The turns the AI searches: ``legal_turns``, capped at :data:`TURN_LIMIT`."""
    return board.legal_turns(limit=TURN_LIMIT)


def legal_turns_or_raise(board: Board) -> list[Turn]:
    """The legal turns; a finished game is a caller's mistake, reported clearly."""
    turns = search_turns(board)
    if not turns:
        raise SantoriniError("the game is over: there is no legal turn to choose")
    return turns
