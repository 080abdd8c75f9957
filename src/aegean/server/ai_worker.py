"""AI seats think in a separate process, so the server's event loop never waits on a
search (and a slow level-5 search does not hold up other games' clients)."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from aegean.ai.levels import make_ai
from aegean.santorini.board import Board
from aegean.santorini.rules import interjection
from aegean.santorini.steps import StepCode


def choose_steps(board_blob: bytes, level: str, seed: int, seat: int) -> list[StepCode]:
    """The steps ``seat``'s AI takes now: its whole turn (or the rest of it), or, when its
    power chooses inside another player's turn (Gaea), that one choice."""
    board: Board = pickle.loads(board_blob)
    engine = make_ai(level, seed=seed)
    pending = interjection(board)
    if pending is not None and pending[0] == seat and seat != board.to_move:
        options = pending[2]
        try:
            rest = list(engine.choose_turn(board))
        except ValueError:
            rest = []
        if rest and rest[0] in options:
            return rest[:1]
        return [random.Random(seed).choice(options)]
    return list(engine.choose_turn(board))


def make_pool(workers: int) -> Executor:
    """A process pool started with ``forkserver``: forking the server itself, with its
    threads and sockets, is not safe. Each worker ends itself when the server is gone
    (killed with SIGKILL, a pool's workers would otherwise wait for work for ever)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("forkserver"),
        initializer=_watch_server,
        initargs=(os.getpid(),),
    )


def start_workers(pool: Executor, workers: int) -> None:
    """Start the pool's processes now (a pool starts them at its first tasks) and wait
    until they answer."""
    for future in [pool.submit(_ready) for _ in range(workers)]:
        future.result()


def _ready() -> None:
    """A task that does nothing: the worker that ran it is up."""


def _watch_server(server_pid: int) -> None:
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server_pid, 0)
            except ProcessLookupError:
                os._exit(0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="aegean-ai-watchdog", daemon=True).start()
