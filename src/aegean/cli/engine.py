"""``aegean engine``: Santorini's engine behind a line protocol on stdin and stdout, in
the spirit of chess's UCI, so GUIs, tournament managers and programs in any language can
drive it. docs/engine-protocol.md is the specification; this module implements it.

One command a line in, lines out, each flushed at once. Searches and perft counts run in
a thread of their own, so ``isready``, ``stop`` and ``quit`` are answered while they
run. Every bad line gets exactly one ``error <reason>`` line and changes nothing: the
engine never prints a traceback and never exits on bad input.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO, Final, Literal

from aegean import __version__
from aegean.ai.alphabeta import MAX_DEPTH
from aegean.present.words import describe_outcome
from aegean.santorini import START_POSITION, Board, SantoriniError, perft_bulk
from aegean.santorini.record import quote

from .engine_search import AlphaBetaBackend, Limits, Report, SearchBackend
from .santorini import MAX_PERFT_DEPTH  # (as ``aegean santorini perft``)

#: Lines longer than this many bytes (the line end not counted) are refused unread.
MAX_LINE: Final = 10_000
#: ``go depth``: full turns (the alpha-beta's deepest iteration).
MAX_GO_DEPTH: Final = MAX_DEPTH
#: ``go movetime``: one day, in milliseconds.
MAX_MOVETIME: Final = 86_400_000
#: ``go nodes``: work units (about 7 µs each on the reference machine: weeks).
MAX_NODES: Final = 10**12
#: ``legal`` lists at most this many turns (Heracles can have hundreds of thousands,
#: which take minutes to list and megabytes to write).
MAX_LEGAL: Final = 10_000
#: An error message is cut in the middle beyond this many characters.
MAX_ERROR: Final = 300

AUTHOR: Final = "the Aegean maintainers"
#: Commands accepted while a search or a perft count runs: the others read or change the
#: board the job is using.
WHILE_BUSY: Final = frozenset({"aegean", "isready", "stop", "quit"})
_NUMBER = re.compile(r"[0-9]{1,18}")


class ProtocolError(Exception):
    """A line the engine refuses: its message becomes the one ``error`` line."""


def clean(message: str) -> str:
    """``message`` as one printable line, cut in the middle when it is very long, so an
    error line never breaks the one-response-one-line framing a client relies on."""
    message = " ".join(message.split())
    message = "".join(c if c.isprintable() else "?" for c in message)
    if len(message) <= MAX_ERROR:
        return message
    half = MAX_ERROR // 2
    return f"{message[:half]} … {message[-half:]} ({len(message)} characters)"


def parse_number(text: str, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` written in ASCII digits (``int`` alone
    would also take ``+5``, ``1_000`` and other scripts' digits)."""
    if not _NUMBER.fullmatch(text):
        raise ProtocolError(f"{name} must be a whole number from {low} to {high}, not {quote(text)}")
    value = int(text)
    if not low <= value <= high:
        raise ProtocolError(f"{name} must be from {low} to {high}, not {value}")
    return value


def parse_go(args: list[str]) -> Limits:
    """``go`` arguments: ``infinite`` alone, or ``depth``, ``movetime`` and ``nodes``
    with their numbers, each at most once, in any order."""
    if args == ["infinite"]:
        return Limits(infinite=True)
    if "infinite" in args:
        raise ProtocolError("go infinite takes no other limit")
    if not args:
        raise ProtocolError("go needs a limit: depth <d>, movetime <ms>, nodes <n> or infinite")
    given: dict[str, int] = {}
    bounds = {"depth": (1, MAX_GO_DEPTH), "movetime": (1, MAX_MOVETIME), "nodes": (1, MAX_NODES)}
    for i in range(0, len(args), 2):
        key = args[i]
        if key not in bounds:
            raise ProtocolError(f"unknown go limit {quote(key)}: use depth, movetime, nodes or infinite")
        if key in given:
            raise ProtocolError(f"go {key} is given twice")
        if i + 1 == len(args):
            raise ProtocolError(f"go {key} needs a number")
        low, high = bounds[key]
        given[key] = parse_number(args[i + 1], f"go {key}", low, high)
    return Limits(depth=given.get("depth"), movetime=given.get("movetime"), nodes=given.get("nodes"))


def parse_position(args: list[str]) -> Board:
    """``position`` arguments: ``startpos`` or a position's fields, then optionally
    ``turns`` and the turns played from there. Raises :class:`ProtocolError` with the
    engine's own reason for the first thing wrong."""
    split = args.index("turns") if "turns" in args else len(args)
    fields, turns = args[:split], args[split + 1 :]
    if not fields:
        raise ProtocolError("position needs startpos or a position (docs/notation.md, Positions)")
    if fields[0] == "startpos":
        if len(fields) > 1:
            raise ProtocolError(f"startpos takes no fields, found {quote(fields[1])}; use turns <turn> …")
        text = START_POSITION
    else:
        text = " ".join(fields)
    try:
        board = Board.from_position(text)
    except SantoriniError as error:
        raise ProtocolError(str(error)) from None
    for number, turn in enumerate(turns, 1):
        try:
            board.play(turn)
        except SantoriniError as error:
            raise ProtocolError(f"turn {number} ({turn}): {error}") from None
    return board


def info_line(report: Report) -> str:
    """An ``info`` line: depth, score (when there is one), nodes, nps, time, pv."""
    ms = int(report.seconds * 1000)
    nps = int(report.nodes / report.seconds) if report.seconds > 0 else 0
    score = "" if report.score is None else f" score {report.score}"
    pv = " ".join(str(turn) for turn in report.pv)
    return f"info depth {report.depth}{score} nodes {report.nodes} nps {nps} time {ms} pv {pv}"


def game_over(board: Board) -> str | None:
    """Why there is nothing to search: who won and how, or ``None`` while the game goes on."""
    outcome = board.outcome()
    if outcome is None:
        return None
    winners = " and ".join(f"player {p + 1}" for p in sorted(outcome.winners))
    return f"the game is over: {winners} won, {describe_outcome(board, outcome)}"


@dataclass(slots=True)
class Job:
    """A search or perft count running in its thread."""

    kind: Literal["search", "perft"]
    thread: threading.Thread
    stop: threading.Event


class EngineProtocol:
    """The protocol's state: the position, the backend, the job running, if any.

    ``write`` sends one line (without its end) to the client; it is only ever called
    under the protocol's lock, so the worker's lines and the command loop's never mix.
    """

    def __init__(self, write: Callable[[str], None], backend: SearchBackend) -> None:
        self._write = write
        self._backend = backend
        self._board = Board.from_position(START_POSITION)
        self._lock = threading.Lock()
        self._job: Job | None = None
        #: Set by ``quit``: a job still running finishes silently.
        self._quitting = False
        self._commands: dict[str, Callable[[list[str]], None]] = {
            "aegean": self._handshake,
            "isready": self._isready,
            "newgame": self._newgame,
            "position": self._position,
            "go": self._go,
            "stop": self._stop,
            "perft": self._perft,
            "legal": self._legal,
            "show": self._show,
        }

    # ------------------------------------------------------------------ output
    def emit(self, *lines: str) -> None:
        """Send lines to the client, together (nothing of a job comes between them)."""
        with self._lock:
            if not self._quitting:
                for line in lines:
                    self._write(line)

    def _finish(self, job: Job, line: str) -> None:
        """A job's last line: the engine is free again before the client can read it,
        so a command sent on reading it is never refused as busy."""
        with self._lock:
            if self._job is job:
                self._job = None
            if not self._quitting:
                self._write(line)

    # ------------------------------------------------------------------ input
    def handle(self, line: str) -> bool:
        """Carry out one line; ``False`` once the engine is to exit (``quit``)."""
        words = line.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        try:
            if command == "quit":
                self._no_arguments("quit", args)
                self.close()
                return False
            handler = self._commands.get(command)
            if handler is None:
                raise ProtocolError(f"unknown command {quote(command)} (docs/engine-protocol.md lists them)")
            job = self._job
            if command not in WHILE_BUSY and job is not None:
                wait = "send stop or wait for its bestturn" if job.kind == "search" else "wait for its count"
                raise ProtocolError(f"busy: a {job.kind} is running ({wait})")
            handler(args)
        except ProtocolError as error:
            self.emit(f"error {clean(str(error))}")
        except Exception as error:  # a bug below must not end the session: one line, go on
            self.emit(f"error internal error: {clean(f'{type(error).__name__}: {error}')}")
        return True

    def close(self) -> None:
        """``quit`` or the end of the input: stop the job, print nothing more. A search is
        waited for (it stops within milliseconds): left running, the native one would come
        back into an interpreter shutting down, and the process would abort (seen once in
        CI as exit status -6). A perft cannot be stopped, so it is not waited for."""
        with self._lock:
            self._quitting = True
            job = self._job
        if job is not None:
            job.stop.set()
            if job.kind == "search" and job.thread is not threading.current_thread():
                job.thread.join(timeout=10)

    @staticmethod
    def _no_arguments(command: str, args: list[str]) -> None:
        if args:
            raise ProtocolError(f"{command} takes no arguments, found {quote(' '.join(args))}")

    # ------------------------------------------------------------------ commands
    def _handshake(self, args: list[str]) -> None:
        self._no_arguments("aegean", args)
        self.emit(f"id name Aegean {__version__}", f"id author {AUTHOR}", "aegeanok")

    def _isready(self, args: list[str]) -> None:
        self._no_arguments("isready", args)
        self.emit("readyok")

    def _newgame(self, args: list[str]) -> None:
        self._no_arguments("newgame", args)
        self._backend.new_game()
        self._board = Board.from_position(START_POSITION)

    def _position(self, args: list[str]) -> None:
        self._board = parse_position(args)  # (the old board stays if this raises)

    def _show(self, args: list[str]) -> None:
        self._no_arguments("show", args)
        self.emit(f"position {self._board.position()}")

    def _legal(self, args: list[str]) -> None:
        self._no_arguments("legal", args)
        turns = self._board.legal_turns(limit=MAX_LEGAL + 1)
        if len(turns) > MAX_LEGAL:
            raise ProtocolError(f"more than {MAX_LEGAL} legal turns, too many to list (perft 1 counts them)")
        self.emit(" ".join(["legal", *sorted(str(turn) for turn in turns)]))

    def _go(self, args: list[str]) -> None:
        limits = parse_go(args)
        board = self._board
        over = game_over(board)
        if over is not None:
            self.emit(f"info string {clean(over)}", "bestturn (none)")
            return
        stop = threading.Event()

        def search() -> None:
            try:
                turn = self._backend.search(board, limits, self._report, stop)
                best = "(none)" if turn is None else str(turn)
            except Exception as error:  # a backend's bug must not take the engine down
                self.emit(f"info string the search failed: {clean(str(error) or type(error).__name__)}")
                best = "(none)"
            if limits.infinite:
                stop.wait()  # as UCI: no answer to an infinite search before stop
            self._finish(job, f"bestturn {best}")

        job = Job("search", threading.Thread(target=search, name="aegean-search", daemon=True), stop)
        self._start(job)

    def _report(self, report: Report) -> None:
        self.emit(info_line(report))

    def _stop(self, args: list[str]) -> None:
        self._no_arguments("stop", args)
        job = self._job
        if job is None:
            return  # nothing to stop (a search that just ended): nothing to say, as UCI
        if job.kind == "perft":
            self.emit("info string perft cannot be stopped; its count comes when it is done")
            return
        job.stop.set()
        job.thread.join()  # its bestturn comes before the answer to the next command

    def _perft(self, args: list[str]) -> None:
        if len(args) != 1:
            raise ProtocolError("perft needs one depth: perft <d>")
        depth = parse_number(args[0], "perft depth", 0, MAX_PERFT_DEPTH)
        board = self._board

        def count() -> None:
            try:
                line = f"perft {depth} {perft_bulk(board, depth)}"
            except Exception as error:  # (as for a search: one line, the engine goes on)
                line = f"error perft failed: {clean(str(error) or type(error).__name__)}"
            self._finish(job, line)

        thread = threading.Thread(target=count, name="aegean-perft", daemon=True)
        job = Job("perft", thread, threading.Event())
        self._start(job)

    def _start(self, job: Job) -> None:
        with self._lock:
            self._job = job
        job.thread.start()


def read_lines(stream: BinaryIO) -> Iterator[bytes | None]:
    """The input's lines without their ends; ``None`` for a line over :data:`MAX_LINE`
    bytes, whose rest is skipped without being kept."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(65_536)
            yield None
            continue
        yield line.rstrip(b"\r\n")


def serve(stdin: BinaryIO, stdout: BinaryIO, backend: SearchBackend | None = None) -> bool:
    """Run the protocol until ``quit`` or the end of the input. Returns whether the
    output is still there (``False``: the client stopped reading, which ends the
    session as ``quit`` does)."""
    gone = threading.Event()

    def write(line: str) -> None:
        if gone.is_set():
            return
        try:
            stdout.write(line.encode("utf-8", "backslashreplace") + b"\n")
            stdout.flush()
        except OSError:  # (a broken pipe: nobody reads any more)
            gone.set()

    protocol = EngineProtocol(write, backend or AlphaBetaBackend())
    try:
        for raw in read_lines(stdin):
            if raw is None:
                protocol.emit(f"error line too long: more than {MAX_LINE} bytes")
                continue
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                protocol.emit(f"error not UTF-8 text (byte {error.start + 1} is 0x{raw[error.start]:02x})")
                continue
            if not protocol.handle(line) or gone.is_set():
                break
    finally:
        # However the session ends (Ctrl-C too), a job still running writes nothing
        # more: a daemon thread in the middle of a write would stall the exit.
        protocol.close()
    return not gone.is_set()


def main() -> int:
    """``aegean engine`` on this process's stdin and stdout: the exit status, 0 after
    ``quit`` or the end of the input."""
    try:
        if not serve(sys.stdin.buffer, sys.stdout.buffer):
            # What is left in stdout's buffer would fail again at exit, with a message.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
    except KeyboardInterrupt:
        return 130
    return 0
