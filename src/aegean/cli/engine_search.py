"""The search behind ``aegean engine``, apart from its protocol (docs/engine-protocol.md).

The protocol (:mod:`aegean.cli.engine`) talks to a :class:`SearchBackend` only: it hands
over a board, the limits of a ``go`` and a stop signal, hears a :class:`Report` after
each finished iteration and gets the chosen turn back. :class:`AlphaBetaBackend` is the
search of the AI levels: the native search (:mod:`aegean.ai.native`) wherever the native
core plays the position, the Python alpha-beta elsewhere (``native=False``: the Python
search alone).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal, Protocol

from aegean.ai import AlphaBetaAI, SearchInfo
from aegean.ai.alphabeta import MAX_DEPTH
from aegean.ai.evaluation import MATE_BOUND, WIN
from aegean.ai.native import NativeAI
from aegean.ai.placement import is_placement
from aegean.santorini import Board, Turn

#: The seed of the alpha-beta's tie-breaks: a session's searches are repeatable when
#: they are bounded by depth or nodes (not by the clock).
SEED: Final = 0


@dataclass(frozen=True, slots=True)
class Limits:
    """What a ``go`` asks for: stop after ``depth`` full turns, ``movetime``
    milliseconds or ``nodes`` work units, whichever comes first; ``infinite``: none of
    these, only a stop signal ends the search."""

    depth: int | None = None
    movetime: int | None = None
    nodes: int | None = None
    infinite: bool = False


@dataclass(frozen=True, slots=True)
class Score:
    """A score for the side to move (its team, in a team game): ``eval`` (the
    evaluation's units, higher is better), or ``win``/``loss`` decided by the turn
    ``value`` turns from now, the turn to play counted as 1."""

    kind: Literal["eval", "win", "loss"]
    value: int

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


@dataclass(frozen=True, slots=True)
class Report:
    """One finished iteration of a search (``depth`` 0: a turn chosen without one)."""

    depth: int
    #: ``None`` when nothing was scored (a placement, chosen by rule of thumb).
    score: Score | None
    #: Work units (docs/engine-protocol.md: one per node without powers).
    nodes: int
    seconds: float
    #: The line the search expects, the best turn first (never empty).
    pv: tuple[Turn, ...]


#: Where a backend sends its reports; it may be called from the search's thread.
Reporter = Callable[[Report], None]


class SearchBackend(Protocol):
    """A search the engine protocol can drive."""

    def new_game(self) -> None:
        """Forget what earlier searches learnt (transposition table, history)."""
        ...

    def search(self, board: Board, limits: Limits, report: Reporter, stop: threading.Event) -> Turn | None:
        """The best turn found for the side to move within ``limits``, or ``None`` when
        there is no legal turn. ``report`` hears every finished iteration; once ``stop``
        is set the search ends as soon as it can and still returns its best turn. It
        runs in a thread of its own, may push and pop turns on ``board``, and leaves it
        as it found it."""
        ...


def score_of(value: int) -> Score:
    """The alpha-beta's score (``±(WIN - ply)`` for a decided game, see
    :mod:`aegean.ai.evaluation`) in the protocol's terms."""
    if value > MATE_BOUND:
        return Score("win", WIN - value + 1)
    if value < -MATE_BOUND:
        return Score("loss", WIN + value + 1)
    return Score("eval", value)


class AlphaBetaBackend:
    """The search of levels 1-5 with the budget of each ``go``: native where the core
    plays the position (``native``), the Python :class:`~aegean.ai.AlphaBetaAI`
    elsewhere. One AI lives from one ``newgame`` to the next, so its transposition table
    carries over from turn to turn as in a game against it."""

    def __init__(self, native: bool = True) -> None:
        self._native = native
        self._ai = self._fresh()

    def _fresh(self) -> AlphaBetaAI | NativeAI:
        if self._native:
            return NativeAI(max_depth=MAX_DEPTH, seed=SEED, name="aegean engine")
        return AlphaBetaAI(max_depth=MAX_DEPTH, seed=SEED, name="aegean engine")

    def new_game(self) -> None:
        self._ai = self._fresh()

    def search(self, board: Board, limits: Limits, report: Reporter, stop: threading.Event) -> Turn | None:
        if board.outcome() is not None:
            return None
        ai = self._ai
        ai.set_budget(
            max_depth=limits.depth or MAX_DEPTH,
            time_limit=None if limits.movetime is None else limits.movetime / 1000,
            node_limit=limits.nodes,
        )
        placing = is_placement(board)
        last: list[Report] = []

        def progress(info: SearchInfo) -> None:
            pv = info.pv or (info.turn,)
            last[:] = [Report(info.depth, score_of(info.score), info.nodes, info.seconds, pv)]
            report(last[0])

        turn = ai.search(board, progress=progress, stop=stop)
        info = ai.last_info
        if info is None:
            return turn
        if not last:
            # Found without iterations: a placement, or a win on the spot.
            score = None if placing else score_of(info.score)
            report(Report(info.depth, score, info.nodes, info.seconds, (turn,)))
        elif info.cut_short and last[0].pv[0] != turn:
            # The iteration that was cut short had already found a better turn: say so,
            # with that iteration's depth, so the last info line agrees with bestturn.
            report(Report(info.depth + 1, score_of(info.score), info.nodes, info.seconds, (turn,)))
        return turn
