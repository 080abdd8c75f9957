"""The native search (Rust, ``aegean._core.Searcher``) behind the AI interface.

Iterative-deepening principal-variation alpha-beta over full turns with a transposition
table of fixed size, aspiration windows, killer and history ordering, immediate wins
first and threat handling (crates/aegean-core/src/search; docs/native-core.md). It plays
the positions the native core plays (:func:`aegean.santorini.native.supports`: two
players, no power, the simple gods and some others, placement over); :class:`NativeAI` hands every
other position (placement, the other powers, three and four players) to the Python
alpha-beta with the same budget, so an AI made with it plays every game.

Budgets are in work units, as the Python search's: one unit is one node without powers;
with powers the children a node finds and the win probes count as several, so a budget
buys about the same time either way and a seeded game is the same on any machine.

>>> from aegean.santorini import Board
>>> board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,Athena")
>>> ai = NativeAI(node_limit=20_000)
>>> ai.choose_turn(board) in board.legal_turns()
True
>>> ai.last_info.depth >= 2
True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from aegean import _core

from ..santorini import Board, Turn
from ..santorini import native as core
from .alphabeta import AlphaBetaAI, Progress, StopSignal
from .base import SearchInfo, legal_turns_or_raise
from .evaluation import WIN

#: The transposition table's size unless asked otherwise (it never grows past it).
TABLE_MB = 64


@dataclass(frozen=True, slots=True)
class Analysis:
    """One root turn as ``analyse`` scores it: its score for the side to move and the line
    the search expects after it (the turn first)."""

    turn: Turn
    score: int
    pv: tuple[Turn, ...]


def _info(raw: tuple[int, int, int, float, list[list[int]], bool]) -> SearchInfo:
    depth, score, nodes, seconds, pv, cut_short = raw
    line = tuple(Turn(steps) for steps in pv)
    return SearchInfo(depth, nodes, seconds, score, line[0], cut_short, pv=line)


class _Relay:
    """A stop signal of any kind (a ``threading.Event``) relayed to the native flag while
    a search runs: a watcher thread waits on the event."""

    def __init__(self, stop: StopSignal | None) -> None:
        self.flag = _core.StopFlag()
        self._stop = stop
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> _core.StopFlag:
        stop = self._stop
        if stop is not None:
            if stop.is_set():
                self.flag.set()
            else:
                wait = getattr(stop, "wait", None)

                def watch() -> None:
                    while not self._done.is_set():
                        if wait is not None:
                            if wait(0.01):
                                self.flag.set()
                                return
                        elif stop.is_set():
                            self.flag.set()
                            return
                        else:
                            time.sleep(0.01)

                self._thread = threading.Thread(target=watch, daemon=True)
                self._thread.start()
        return self.flag

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()


class NativeAI:
    """The native search within a depth, node (work unit) and/or time budget, the Python
    alpha-beta where the native core does not play the position.

    The same interface as :class:`~aegean.ai.AlphaBetaAI` (``choose_turn``, ``search``
    with a progress callback and a stop signal, ``set_budget``, ``last_info``), so it can
    stand in for it wherever a level is played. The table and ordering memory carry over
    from turn to turn, as in a game against it.
    """

    def __init__(
        self,
        *,
        max_depth: int | None = None,
        time_limit: float | None = None,
        node_limit: int | None = None,
        seed: int | None = None,
        name: str = "native",
        table_mb: int = TABLE_MB,
        reductions: bool = True,
        killers: bool = True,
        power_eval: bool = True,
        frontier_pruning: bool = True,
        fallback: AlphaBetaAI | None = None,
        weights: dict[str, list[int]] | None = None,
        cpu_time: bool = False,
    ) -> None:
        """``fallback``: the Python search for the positions the native core does not play
        (by default one with the same budget; the levels give it their Python budget, since
        a work unit costs far more there). ``reductions``: late-move reductions (on; off
        only to measure what they bring); ``killers``: killer ordering with powers,
        ``power_eval``: the evaluation's power-aware threats and ``frontier_pruning``:
        futility, probes and logarithmic reductions near the horizon with powers (the
        same). ``cpu_time``:
        count ``time_limit`` in the searching thread's processor time, not on the wall
        clock, so that a match on a busy machine plays as on an idle one (native searches
        only; where the system has no such clock, the wall clock)."""
        self.name = name
        self.cpu_time = cpu_time
        self._searcher = _core.Searcher(
            table_mb, reductions, weights, killers, power_eval, frontier_pruning
        )
        self._own_fallback = fallback is None
        self._fallback = fallback or AlphaBetaAI(
            max_depth=max_depth, time_limit=time_limit, node_limit=node_limit, seed=seed, name=name
        )
        self.set_budget(max_depth=max_depth, time_limit=time_limit, node_limit=node_limit)
        self.last_info: SearchInfo | None = None

    @property
    def table_bytes(self) -> int:
        """The transposition table's size: fixed when the AI is made."""
        return self._searcher.table_bytes

    def set_budget(
        self, *, max_depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
    ) -> None:
        """The budget of the next searches (checked as ``AlphaBetaAI.set_budget`` checks it;
        a fallback given at construction keeps its own)."""
        if self._own_fallback:
            self._fallback.set_budget(max_depth=max_depth, time_limit=time_limit, node_limit=node_limit)
        else:
            AlphaBetaAI(max_depth=max_depth, time_limit=time_limit, node_limit=node_limit)  # the checks
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.node_limit = node_limit

    def new_game(self) -> None:
        """Forget what earlier searches learnt."""
        self._searcher.clear()

    def choose_turn(self, board: Board) -> Turn:
        return self.search(board)

    def search(
        self, board: Board, *, progress: Progress | None = None, stop: StopSignal | None = None
    ) -> Turn:
        """The best turn within the budget; ``progress`` hears each finished iteration
        (with its principal variation), ``stop`` ends the search as soon as it can. The
        first iteration (one full turn) is always finished."""
        if not core.supports(board):
            turn = self._fallback.search(board, progress=progress, stop=stop)
            self.last_info = self._fallback.last_info
            return turn
        report: Callable[[tuple[int, int, int, float, list[list[int]], bool]], None] | None = None
        if progress is not None:
            hear = progress

            def report(raw: tuple[int, int, int, float, list[list[int]], bool]) -> None:
                hear(_info(raw))

        with _Relay(stop) as flag:
            found = self._searcher.search(
                board.position(),
                depth=self.max_depth,
                nodes=self.node_limit,
                seconds=self.time_limit,
                report=report,
                stop=flag,
                cpu_time=self.cpu_time,
            )
        if found is None:  # no legal turn: the reference says why, in one line
            legal_turns_or_raise(board)
            raise AssertionError(f"the native search found no turn in {board.position()!r}")
        raw, steps = found
        info = _info(raw)
        turn = Turn(steps)
        self.last_info = SearchInfo(
            info.depth, info.nodes, info.seconds, info.score, turn, info.cut_short, pv=info.pv
        )
        return turn

    def analyse(
        self, board: Board, top: int, *, seconds: float | None = None, depth: int | None = None
    ) -> tuple[SearchInfo, list[Analysis]]:
        """The ``top`` best turns of ``board`` (a position the native core plays), each
        with its score and line, searched for ``seconds`` or to ``depth``."""
        if not core.supports(board):
            raise core.Unsupported(
                "analyse plays positions of the native core: two players, no power or simple "
                f"gods, placement over; not {board.position()!r}"
            )
        found = self._searcher.analyse(board.position(), top, depth=depth, seconds=seconds)
        if found is None:
            legal_turns_or_raise(board)
            raise AssertionError(f"the native search found no turn in {board.position()!r}")
        raw, scored = found
        lines = [Analysis(Turn(t), s, tuple(Turn(x) for x in pv)) for t, s, pv in scored]
        return _info(raw), lines


__all__ = ["WIN", "Analysis", "NativeAI"]
