"""Load test of the online table: N concurrent games of scripted clients and AI seats.

Starts ``aegean serve`` on a free loopback port with a fresh SQLite file (or uses
``--url``, loopback only), creates ``--games`` games and plays them all at once over
WebSockets until ``--duration`` seconds or ``--actions`` accepted actions per game; a
finished game goes on as its rematch, so the number of live games stays N. Each scripted
client waits for its turn, builds a random legal turn step by step from the server's
options (one ``preview`` per step, as the web UI does on each click; after three steps it
prefers any step but a move, so wanderers end their turn) and sends ``act``.

Measured: the act latency (``act`` sent to ``accepted`` received, by scripted clients only,
so AI thinking is never counted), the preview latency, actions/s, errors by code, and the
CPU time of the server (with its AI processes) and of this client process. Checked (a
failure exits 1): every accepted action is stored exactly once at its version, versions
are contiguous, the last version equals what the clients saw; and the redaction scan: no
client ever receives another seat's token, nor a rematch of another seat, nor, in games
with Hecate, Tartarus or Moerae, a secret of another seat (hidden workers, the Abyss, the
Fate square) before the game is over. Targets (>= 200 games, p99 <= 100 ms) are reported.

Then the crowd (``--spectators``, 1,000 by default): that many spectators join one more
game, its two players play ``--crowd-actions`` actions, and the spectators leave. Measured:
how long the crowd takes to join, what the seated players are sent meanwhile (nothing:
a spectator coming or going is nobody else's business), each action's latency and the
time until every spectator has its new state (the fan-out), and the server's event-loop
stalls over the crowd. Checked: every spectator gets every state, the players nothing
from the crowd's coming and going.

    .venv/bin/python bench/bench_server.py                   # 200 games, 60 s, 5 s thinking a turn
    .venv/bin/python bench/bench_server.py --games 300 --think 0
    .venv/bin/python bench/bench_server.py --quick           # 20 games, 10 actions each (seconds)
    .venv/bin/python bench/bench_server.py --games 1 --spectators 1000   # the crowd, mostly
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import heapq
import ipaddress
import json
import os
import random
import re
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.typing import Origin

from aegean.santorini.powers import make_power
from aegean.server.hub import MAX_PREVIEW_STEPS
from aegean.server.loop_watch import LoopWatch
from benchlib import Result

TARGET_GAMES = 200
TARGET_P99_MS = 100.0
#: The longest the server's event loop may pause during the play (issue 16).
TARGET_PAUSE_S = 0.1
#: The most steps a preview may have (the server's limit).
MAX_STEPS = MAX_PREVIEW_STEPS
#: The powers whose secrets the redaction scan looks for (each against a power-less seat).
SECRET_POWERS = ("Hecate", "Tartarus", "Moerae")
REQUEST_TIMEOUT = 30.0
_SQUARE = re.compile(r"[a-e][1-5]")
_MARK = re.compile(r"\*[a-e][1-5]")


# ---------------------------------------------------------------------------- options
@dataclass
class Options:
    games: int = 200
    actions: int = 0  #: accepted scripted actions per game slot (0: no cap)
    duration: float = 60.0
    timeout: float = 600.0
    think: float = 5.0  #: mean seconds a scripted player waits before each turn (uniform, ±50 %)
    ai_share: float = 0.25
    power_share: float = 0.1
    secret_share: float = 0.05  #: per secret power
    seed: int = 20240501
    url: str | None = None
    db: str | None = None
    compression: bool = True
    server_log: str = "warning"
    spectators: int = 1000  #: the crowd on one game (0: no crowd)
    crowd_actions: int = 10


def parse_options(argv: Sequence[str] | None) -> Options:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    defaults = Options()
    parser.add_argument("--games", type=int, default=None, help=f"concurrent games ({defaults.games})")
    parser.add_argument(
        "--actions",
        type=int,
        default=None,
        help="accepted actions per game, its rematches included; 0: no cap (0)",
    )
    parser.add_argument(
        "--duration", type=float, default=None, help=f"seconds of play ({defaults.duration:g})"
    )
    parser.add_argument(
        "--timeout", type=float, default=defaults.timeout, help="hard limit of the whole run (s)"
    )
    parser.add_argument(
        "--think", type=float, default=None, help=f"mean think time before each turn, s ({defaults.think:g})"
    )
    parser.add_argument("--ai-share", type=float, default=defaults.ai_share, help="games against an AI seat")
    parser.add_argument(
        "--power-share", type=float, default=defaults.power_share, help="games with random powers"
    )
    parser.add_argument(
        "--secret-share",
        type=float,
        default=defaults.secret_share,
        help="games of each of Hecate, Tartarus, Moerae against no power (at least 1 each)",
    )
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--url", help="a running server (loopback only) instead of starting one")
    parser.add_argument("--db", help="with --url: its SQLite file, for the lost/duplicated check")
    parser.add_argument(
        "--no-compression", action="store_true", help="no permessage-deflate (browsers use it)"
    )
    parser.add_argument("--server-log", default=defaults.server_log, help="--log-level of the spawned server")
    parser.add_argument(
        "--spectators",
        type=int,
        default=None,
        help=f"spectators of the crowd's one game, 0: none ({defaults.spectators}; --quick: 50)",
    )
    parser.add_argument(
        "--crowd-actions", type=int, default=defaults.crowd_actions, help="actions played before the crowd"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: 20 games, 10 actions each, no thinking"
    )
    args = parser.parse_args(argv)
    quick = args.quick
    options = Options(
        games=args.games if args.games is not None else (20 if quick else defaults.games),
        actions=args.actions if args.actions is not None else (10 if quick else defaults.actions),
        duration=args.duration if args.duration is not None else (30.0 if quick else defaults.duration),
        timeout=args.timeout,
        think=args.think if args.think is not None else (0.0 if quick else defaults.think),
        ai_share=args.ai_share,
        power_share=args.power_share,
        secret_share=args.secret_share,
        seed=args.seed,
        url=args.url,
        db=args.db,
        compression=not args.no_compression,
        server_log=args.server_log,
        spectators=args.spectators if args.spectators is not None else (50 if quick else defaults.spectators),
        crowd_actions=args.crowd_actions,
    )
    if options.games < 1 or options.duration <= 0 or options.timeout <= 0 or options.think < 0:
        parser.error("--games, --duration and --timeout must be positive, --think not negative")
    if options.spectators < 0 or options.crowd_actions < 1:
        parser.error("--spectators must not be negative, --crowd-actions must be positive")
    if options.url is not None:
        check_loopback(options.url)
    return options


def check_loopback(url: str) -> None:
    """A load test must never be pointed at someone else's server."""
    host = urlsplit(url).hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback or urlsplit(url).scheme not in ("http", "https"):
        raise SystemExit(f"--url must be an http URL on the loopback interface, not {url!r}")


# ---------------------------------------------------------------------------- what is recorded
@dataclass
class Act:
    """One accepted action of a scripted client."""

    seat: int
    version: int
    steps: list[str]


@dataclass
class SecretSeat:
    seat: int
    hides_workers: bool
    tokens: tuple[str, ...]  #: the secret token keys (``tartarus.abyss``)


@dataclass
class GameLog:
    """One game as the clients saw it; the checks compare it with the database."""

    id: str
    kinds: list[str]
    acts: list[Act] = field(default_factory=list)
    max_seen: int = 0
    start_version: int = 0  #: the version when the play started (AI moves before it are not counted)
    over: bool = False
    secrets: list[SecretSeat] | None = None  #: ``None`` until the first state names the powers
    #: Squares of a hiding seat's workers as its own client saw them: (seat, version) -> squares.
    owner_workers: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    #: A hiding seat's last turn as others saw it: (viewer, seat, version, text, marked squares).
    seen_turns: list[tuple[int | None, int, int, str, tuple[str, ...]]] = field(default_factory=list)


@dataclass
class Stats:
    """What the clients measured and found, over the whole run."""

    act_ms: list[float] = field(default_factory=list)
    act_ms_by_kind: dict[str, list[float]] = field(default_factory=dict)
    preview_ms: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    leaks: list[str] = field(default_factory=list)
    messages: int = 0
    received_bytes: int = 0
    scanned: int = 0  #: messages of games with secrets scanned for them
    secret_facts: int = 0  #: secrets the owners were shown (what others must not be)
    rematches: int = 0
    problems: list[str] = field(default_factory=list)
    slowest: list[tuple[float, str]] = field(default_factory=list)  #: a heap of the 5 slowest

    def note(self, ms: float, what: Callable[[], str]) -> None:
        """Keep the five slowest requests, with what and when they were (``what`` is only
        written out for a request that makes the list)."""
        if len(self.slowest) < 5:
            heapq.heappush(self.slowest, (ms, what()))
        elif ms > self.slowest[0][0]:
            heapq.heapreplace(self.slowest, (ms, what()))

    def error(self, code: str, detail: str = "") -> None:
        self.errors[code] += 1
        if detail and self.errors[code] <= 3:
            self.problems.append(f"{code}: {detail[:300]}")


# ---------------------------------------------------------------------------- the redaction scan
def secret_seats(state: dict[str, Any]) -> list[SecretSeat]:
    """The seats whose power keeps a secret from the others (from a state's ``seats``)."""
    found = []
    for seat in state["seats"]:
        if seat["power"]:
            card = make_power(seat["power"])
            if card.hides_workers or card.secret_tokens:
                found.append(SecretSeat(seat["seat"], bool(card.hides_workers), tuple(card.secret_tokens)))
    return found


def _has_token(cell: dict[str, Any], keys: tuple[str, ...]) -> bool:
    return any(t == k or (k.endswith(".") and t.startswith(k)) for t in cell["tokens"] for k in keys)


def scan_board(game: GameLog, stats: Stats, viewer: int | None, board: dict[str, Any], version: int) -> None:
    """Leaks on one board (a ``state``'s or a ``preview``'s) that ``viewer`` was sent while
    the game is on: another seat's hidden worker or secret token; the owner's own view is
    recorded as the truth the later text check needs."""
    for secret in game.secrets or ():
        s = secret.seat
        if viewer == s:
            if secret.hides_workers:
                squares = frozenset(c["square"] for c in board["cells"] if c["worker"] == s)
                game.owner_workers[(s, version)] = squares
                stats.secret_facts += len(squares)
            if secret.tokens:
                stats.secret_facts += sum(1 for c in board["cells"] if _has_token(c, secret.tokens))
            continue
        for cell in board["cells"]:
            if secret.hides_workers and cell["worker"] == s:
                stats.leaks.append(
                    f"{game.id} v{version}: seat {viewer} sees seat {s}'s hidden worker on {cell['square']}"
                )
            if secret.tokens and _has_token(cell, secret.tokens):
                stats.leaks.append(
                    f"{game.id} v{version}: seat {viewer} sees seat {s}'s {cell['tokens']} "
                    f"on {cell['square']}"
                )
        last = board.get("last")
        if last is not None and last["mover"] == s:
            if secret.tokens and _MARK.search(last["turn"]):
                stats.leaks.append(
                    f"{game.id} v{version}: seat {viewer} sees seat {s}'s mark in {last['turn']!r}"
                )
            if secret.hides_workers:
                game.seen_turns.append((viewer, s, version, last["turn"], tuple(last["marks"])))


def scan_state(game: GameLog, stats: Stats, viewer: int | None, state: dict[str, Any]) -> None:
    """The redaction scan of one ``state`` sent to ``viewer`` (every secret shows once the
    game is over, so only states of a game on are scanned)."""
    if state["outcome"] is not None or state["board"] is None:
        return
    stats.scanned += 1
    version = state["version"]
    scan_board(game, stats, viewer, state["board"], version)
    for secret in game.secrets or ():
        if secret.tokens and viewer != secret.seat:
            for turn in state["turns"]:
                if turn["seat"] == secret.seat and _MARK.search(turn["text"]):
                    stats.leaks.append(
                        f"{game.id} v{version}: seat {viewer} sees seat {secret.seat}'s mark "
                        f"in {turn['text']!r}"
                    )


def check_seen_turns(game: GameLog, stats: Stats) -> int:
    """A hiding seat's last turn, as another viewer saw it, names none of the squares its
    workers stood on right after it (the owner's view at the same version); returns how
    many such turns were checked."""
    checked = 0
    for viewer, seat, version, text, marks in game.seen_turns:
        squares = game.owner_workers.get((seat, version))
        if squares is None:
            continue
        checked += 1
        named = set(_SQUARE.findall(text)) | set(marks)
        if named & squares:
            stats.leaks.append(
                f"{game.id} v{version}: seat {viewer} sees seat {seat}'s last turn {text!r} "
                f"(marks {list(marks)}) "
                f"naming its hidden workers {sorted(named & squares)}"
            )
    return checked


# ---------------------------------------------------------------------------- the database check
def check_events(
    game: GameLog, rows: list[tuple[int, str, int, str]], stored_version: int | None
) -> list[str]:
    """Lost or duplicated actions of one game: ``rows`` are its events (version, kind,
    seat, data JSON) in version order; ``stored_version`` is ``games.version``."""
    problems = []
    versions = [r[0] for r in rows]
    top = versions[-1] if versions else 0
    if versions != list(range(1, top + 1)):
        problems.append(f"{game.id}: versions not contiguous from 1: {versions[:8]}...")
    if stored_version != top:
        problems.append(f"{game.id}: games.version {stored_version} but the last event is v{top}")
    if top != game.max_seen:
        problems.append(f"{game.id}: the last event is v{top} but the clients last saw v{game.max_seen}")
    by_version = {r[0]: r for r in rows}
    for act in game.acts:
        row = by_version.get(act.version)
        if row is None:
            problems.append(f"{game.id}: accepted v{act.version} of seat {act.seat} is not stored (lost)")
            continue
        _, kind, seat, data = row
        steps = json.loads(data).get("steps", [])
        # Stored: the steps sent, with the "end" the server adds to a turn left open, or
        # cut short where a hidden worker cancelled a step (Hecate) and the rest lapsed.
        cut = bool(game.secrets) and bool(steps) and act.steps[: len(steps)] == steps
        same = steps[: len(act.steps)] == act.steps or cut
        if kind != "steps" or seat != act.seat or not same:
            problems.append(
                f"{game.id} v{act.version}: stored {kind} {steps} of seat {seat}, "
                f"accepted {act.steps} of seat {act.seat}"
            )
    scripted = {s for s, k in enumerate(game.kinds) if k == "human"}
    stored_acts = sum(1 for r in rows if r[2] in scripted)
    accepted = len({a.version for a in game.acts})
    if stored_acts != len(game.acts) or accepted != len(game.acts):
        problems.append(
            f"{game.id}: {len(game.acts)} actions accepted ({accepted} versions), "
            f"{stored_acts} stored for those seats"
        )
    return problems


def read_events(db: Path, ids: list[str]) -> dict[str, tuple[list[tuple[int, str, int, str]], int | None]]:
    """Every event of the games ``ids``, read straight from the SQLite file (read-only)."""
    found: dict[str, tuple[list[tuple[int, str, int, str]], int | None]] = {}
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30)) as connection:
        versions = dict(connection.execute("SELECT id, version FROM games").fetchall())
        rows: dict[str, list[tuple[int, str, int, str]]] = {game_id: [] for game_id in ids}
        for game_id, version, kind, seat, data in connection.execute(
            "SELECT game_id, version, kind, seat, data FROM events ORDER BY game_id, version"
        ):
            if game_id in rows:
                rows[game_id].append((version, kind, seat, data))
    for game_id in ids:
        found[game_id] = (rows[game_id], versions.get(game_id))
    return found


# ---------------------------------------------------------------------------- clients
class Slot:
    """One of the N concurrent games (and the rematches that follow it)."""

    def __init__(
        self, index: int, kind: str, create: dict[str, Any], spectator: bool, rng: random.Random
    ) -> None:
        self.index = index
        self.kind = kind  #: plain, vs AI, random powers or secret powers
        self.create = create
        self.spectator = spectator
        self.rng = rng
        self.acts = 0
        self.done = asyncio.Event()  #: set when this slot stops (cap or time)
        self.games: list[GameLog] = []
        self.conns: list[Conn] = []

    def stop(self) -> None:
        self.done.set()
        for conn in self.conns:
            conn.changed.set()


class Conn:
    """One WebSocket of a seat (or a spectator): keeps the latest state, answers the one
    request in flight, and scans every message it receives."""

    def __init__(
        self,
        bench: Bench,
        slot: Slot,
        game: GameLog,
        seat: int | None,
        token: str | None,
        stats: Stats | None = None,
    ) -> None:
        self.bench, self.slot, self.game, self.seat, self.token = bench, slot, game, seat, token
        self.stats = stats or bench.stats
        #: What this connection received (messages, characters).
        self.received = self.received_bytes = 0
        #: When the latest request was sent (``time.perf_counter``).
        self.sent_at = 0.0
        self.pending_pong: asyncio.Future[None] | None = None
        self.foreign: tuple[str, ...] = ()  #: the other seats' tokens, which must never arrive here
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.closed = False
        self.rematch: dict[str, Any] | None = None
        self.rematch_raw = ""
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._pending: asyncio.Future[tuple[dict[str, Any], float]] | None = None
        self._welcome: asyncio.Future[dict[str, Any]] | None = None

    async def open(self) -> None:
        self._ws = await self.bench.open_socket(self.game.id)
        self._welcome = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read())
        await self._ws.send(json.dumps({"type": "hello", "token": self.token, "since": None}))
        async with asyncio.timeout(REQUEST_TIMEOUT):
            welcome = await self._welcome
        if welcome["type"] != "welcome" or welcome["seat"] != self.seat:
            raise RuntimeError(f"hello refused: {welcome}")

    async def close(self) -> None:
        await close_socket(self._ws, self._reader)

    async def _read(self) -> None:
        assert self._ws is not None
        stats = self.stats
        game = self.game
        try:
            async for raw in self._ws:
                assert isinstance(raw, str)
                stats.messages += 1
                stats.received_bytes += len(raw)
                self.received += 1
                self.received_bytes += len(raw)
                for token in self.foreign:
                    if token in raw:
                        stats.leaks.append(f"{game.id}: seat {self.seat} received another seat's token")
                message = json.loads(raw)
                kind = message["type"]
                if kind == "state":
                    self._on_state(message)
                elif kind in ("accepted", "preview", "error"):
                    if kind == "preview" and game.secrets:
                        stats.scanned += 1
                        scan_board(game, stats, self.seat, message["board"], message["version"])
                    pending = self._pending
                    if pending is not None and not pending.done():
                        pending.set_result((message, time.perf_counter()))
                    elif kind == "error":
                        stats.error(message["code"], f"unasked: {message}")
                elif kind == "welcome":
                    if self._welcome is not None and not self._welcome.done():
                        self._welcome.set_result(message)
                elif kind == "rematch":
                    self._on_rematch(message, raw)
                elif kind == "pong" and self.pending_pong is not None and not self.pending_pong.done():
                    self.pending_pong.set_result(None)
        except ConnectionClosed:
            pass
        finally:
            self.closed = True
            if self._welcome is not None and not self._welcome.done():
                self._welcome.set_result({"type": "closed"})
            if self._pending is not None and not self._pending.done():
                self._pending.set_exception(ConnectionError("the connection closed"))
            self.changed.set()

    def _on_state(self, state: dict[str, Any]) -> None:
        game = self.game
        if game.secrets is None and state["board"] is not None:
            game.secrets = secret_seats(state)
        if game.secrets:
            scan_state(game, self.stats, self.seat, state)
        game.max_seen = max(game.max_seen, state["version"])
        if state["outcome"] is not None:
            game.over = True
        self.state = state
        self.changed.set()

    def _on_rematch(self, message: dict[str, Any], raw: str) -> None:
        if message["seat"] != self.seat or (self.seat is None and message["token"] is not None):
            self.stats.leaks.append(f"{self.game.id}: seat {self.seat} received the rematch of {message}")
        self.rematch, self.rematch_raw = message, raw
        self.changed.set()

    def has_rematch(self) -> bool:
        return self.rematch is not None

    def my_turn(self) -> bool:
        s = self.state
        return (
            s is not None and s["outcome"] is None and s["turn"]["actor"] == self.seat and bool(s["options"])
        )

    async def wait(self, predicate: Callable[[], bool]) -> None:
        while not predicate():
            if self.closed:
                raise ConnectionError("the connection closed")
            self.changed.clear()
            await self.changed.wait()

    async def request(self, message: dict[str, Any]) -> tuple[dict[str, Any], float]:
        """Send a preview or an act; the answer and its latency in milliseconds."""
        assert self._ws is not None
        self._pending = asyncio.get_running_loop().create_future()
        text = json.dumps(message)
        sent = self.sent_at = time.perf_counter()
        await self._ws.send(text)
        async with asyncio.timeout(REQUEST_TIMEOUT):
            answer, received = await self._pending
        self._pending = None
        return answer, (received - sent) * 1000

    async def send(self, message: dict[str, Any]) -> None:
        assert self._ws is not None
        await self._ws.send(json.dumps(message))


@dataclass
class CrowdReport:
    """What the crowd measured: ``spectators`` on one game while its players play."""

    spectators: int
    stats: Stats = field(default_factory=Stats)
    join_s: float = 0.0
    leave_s: float = 0.0
    #: Messages the seated players were sent while the crowd joined, and while it left.
    seated_while_joining: int = 0
    seated_while_leaving: int = 0
    act_ms: list[float] = field(default_factory=list)
    #: ``act`` sent until the last spectator had the new state (ms).
    fanout_ms: list[float] = field(default_factory=list)
    #: The versions every spectator must receive, and how many (spectator, version) never came.
    versions: list[int] = field(default_factory=list)
    missed: int = 0
    stall_count: int | None = None
    stalls: list[tuple[float, float]] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)
    wall: float = 0.0
    client_cpu: float = 0.0
    server_cpu: float | None = None
    last_arrival: float = 0.0
    _waiting: int = 0
    _everyone: asyncio.Event = field(default_factory=asyncio.Event)

    def expect(self, version: int) -> None:
        """The next state every spectator must be sent."""
        self.versions.append(version)
        self._waiting = self.spectators
        self._everyone.clear()

    def arrived(self, version: int, at: float) -> None:
        if self.versions and version == self.versions[-1]:
            self._waiting -= 1
            self.last_arrival = max(self.last_arrival, at)
            if self._waiting == 0:
                self._everyone.set()

    async def everyone_has(self, version: int) -> None:
        async with asyncio.timeout(REQUEST_TIMEOUT * 2):
            await self._everyone.wait()


#: The version of a ``state`` message, from its first characters (no need to parse the rest).
_STATE_VERSION = re.compile(r'\{"type":"state","version":(\d+)')


class Watcher:
    """One spectator of the crowd: notes which versions' states came, and when."""

    def __init__(self, bench: Bench, game_id: str, report: CrowdReport) -> None:
        self.bench, self.game_id, self.report = bench, game_id, report
        self.versions: set[int] = set()
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self._ws = await self.bench.open_socket(self.game_id)
        await self._ws.send('{"type": "hello", "token": null}')
        async with asyncio.timeout(REQUEST_TIMEOUT):
            while True:  # (welcome, then the state)
                raw = await self._ws.recv()
                assert isinstance(raw, str)
                if raw.startswith('{"type":"error"'):
                    raise RuntimeError(f"a spectator was refused: {raw}")
                if _STATE_VERSION.match(raw):
                    break
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self._ws is not None
        report = self.report
        with contextlib.suppress(ConnectionClosed):
            async for raw in self._ws:
                assert isinstance(raw, str)
                found = _STATE_VERSION.match(raw)
                if found:
                    version = int(found.group(1))
                    self.versions.add(version)
                    report.arrived(version, time.perf_counter())

    async def close(self) -> None:
        await close_socket(self._ws, self._reader)


class Bench:
    """One load test run against a server at ``url``."""

    def __init__(self, options: Options, url: str) -> None:
        self.options = options
        self.url = url.rstrip("/")
        parts = urlsplit(self.url)
        self.ws_base = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}"
        self.stats = Stats()
        self.start = asyncio.Event()
        self.deadline = float("inf")
        self.slots: list[Slot] = []
        self.server_pid: int | None = None
        #: CPU seconds (this process, the server with its AI processes) when the play starts.
        self.cpu_at_start: tuple[float, float | None] = (0.0, None)
        #: Pauses of the clients' own event loop, and the wall clock when the play started:
        #: a pause here delays every answer as a paused server would.
        self.client_loop = LoopWatch()
        self.play_started = 0.0
        #: How many times the server's loop stalled during the play (``GET /api/health``),
        #: None if it does not say; and the stalls it kept (seconds into the play, length).
        self.server_stall_count: int | None = None
        self.server_stalls: list[tuple[float, float]] = []
        #: The server's shorter pauses during the play too (``LoopWatch.floor`` and over),
        #: None if it does not say.
        self.server_pauses: list[tuple[float, float]] | None = None
        #: Every invite the games were created with (none may ever reach a client).
        self.invites: list[str] = []
        self.crowd: CrowdReport | None = None

    async def open_socket(self, game_id: str) -> ClientConnection:
        """A WebSocket to a game, as a browser of this origin opens it."""
        return await connect(
            f"{self.ws_base}/ws/games/{game_id}",
            origin=Origin(self.url),
            compression="deflate" if self.options.compression else None,
            proxy=None,
            ping_interval=None,
            max_size=2**22,
            open_timeout=60,
        )

    def plan(self) -> None:
        """The slots: secret-power games (with a spectator each), random-power games, games
        against an AI, and plain games, in a seeded random order."""
        o = self.options
        rng = random.Random(o.seed)
        n = o.games
        specs: list[tuple[str, dict[str, Any]]] = []
        per_secret = max(1, round(n * o.secret_share))
        for power in SECRET_POWERS:
            for i in range(per_secret):
                powers: list[str | None] = [power, None] if i % 2 == 0 else [None, power]
                specs.append(("secret powers", {"powers": powers}))
        specs += [("random powers", {"powers": "random"})] * round(n * o.power_share)
        for _ in range(round(n * o.ai_share)):
            seats = [{"kind": "human"}, {"kind": "ai", "level": "random"}]
            if rng.random() < 0.5:
                seats.reverse()
            specs.append(("vs AI", {"seats": seats, "creator": seats.index({"kind": "human"})}))
        specs = specs[:n]
        specs += [("plain", {})] * (n - len(specs))
        rng.shuffle(specs)
        for i, (kind, extra) in enumerate(specs):
            create = {"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "open": False, **extra}
            spectator = kind == "secret powers"
            self.slots.append(Slot(i, kind, create, spectator, random.Random(rng.randrange(2**32))))

    def composition(self) -> str:
        kinds = Counter(s.kind for s in self.slots)
        return ", ".join(f"{n} {k}" for k, n in kinds.most_common())

    async def create_game(
        self, http: httpx.AsyncClient, body: dict[str, Any]
    ) -> tuple[GameLog, list[str | None]]:
        """Create a game and seat its players: the creator's token comes with the answer,
        each other seat's by exchanging its invite (as the invited player's browser does)."""
        reply = await http.post("/api/games", json=body)
        if reply.status_code != 201:
            raise RuntimeError(f"create refused: {reply.status_code} {reply.text}")
        data = reply.json()
        tokens: list[str | None] = []
        for seat in data["seats"]:
            if "invite" in seat:
                self.invites.append(seat["invite"])
                claimed = await http.post(f"/api/games/{data['id']}/claim", json={"invite": seat["invite"]})
                if claimed.status_code != 200:
                    raise RuntimeError(f"invite refused: {claimed.status_code} {claimed.text}")
                tokens.append(claimed.json()["token"])
            else:
                tokens.append(seat.get("token"))
        return GameLog(data["id"], [s["kind"] for s in data["seats"]]), tokens

    async def connect_game(
        self, slot: Slot, game: GameLog, tokens: list[str | None], stats: Stats | None = None
    ) -> list[Conn]:
        conns = [
            Conn(self, slot, game, seat, token, stats)
            for seat, token in enumerate(tokens)
            if token is not None
        ]
        if slot.spectator:
            conns.append(Conn(self, slot, game, None, None))
        every = [t for t in tokens if t is not None]
        for conn in conns:
            # (No invite is ever sent to anyone: the last ones made are scanned for too.)
            conn.foreign = tuple(t for t in every if t != conn.token) + tuple(self.invites[-4:])
        slot.conns = conns
        slot.games.append(game)
        for conn in conns:
            await conn.open()
        return conns

    async def run_slot(self, slot: Slot, http: httpx.AsyncClient, setup: asyncio.Semaphore) -> None:
        async with setup:
            game, tokens = await self.create_game(http, slot.create)
            conns = await self.connect_game(slot, game, tokens)
        await self.start.wait()
        while True:
            players = [c for c in conns if c.seat is not None]
            try:
                await asyncio.gather(*(self.drive(slot, c) for c in players))
            finally:
                if slot.done.is_set() or not game.over or time.monotonic() >= self.deadline:
                    slot.stop()
                    for conn in conns:
                        await conn.close()
            if slot.done.is_set():
                return
            game, tokens = await self.rematch(slot, conns)
            for conn in conns:
                await conn.close()
            conns = await self.connect_game(slot, game, tokens)

    async def rematch(self, slot: Slot, conns: list[Conn]) -> tuple[GameLog, list[str | None]]:
        """Every seat offers a rematch; each gets the new game with its own token only."""
        old = conns[0].game
        for conn in conns:
            if conn.seat is not None:
                await conn.send({"type": "rematch"})
        async with asyncio.timeout(REQUEST_TIMEOUT):
            for conn in conns:
                await conn.wait(conn.has_rematch)
        tokens: list[str | None] = [None] * len(old.kinds)
        game_ids = set()
        for conn in conns:
            assert conn.rematch is not None
            game_ids.add(conn.rematch["game"])
            if conn.seat is not None:
                tokens[conn.seat] = conn.rematch["token"]
        for conn in conns:
            for seat, token in enumerate(tokens):
                if token is not None and seat != conn.seat and token in conn.rematch_raw:
                    self.stats.leaks.append(
                        f"{old.id}: seat {conn.seat}'s rematch carries seat {seat}'s token"
                    )
        human = [t for s, t in enumerate(tokens) if old.kinds[s] == "human"]
        if len(game_ids) != 1 or None in human or len(set(human)) != len(human):
            raise RuntimeError(f"{old.id}: inconsistent rematch: {[c.rematch for c in conns]}")
        self.stats.rematches += 1
        return GameLog(game_ids.pop(), list(old.kinds)), tokens

    async def drive(self, slot: Slot, conn: Conn) -> None:
        """Play ``conn``'s seat until the game is over or the slot stops."""
        opts = self.options
        failures = 0
        while True:
            await conn.wait(lambda: slot.done.is_set() or conn.game.over or conn.my_turn())
            if slot.done.is_set() or conn.game.over:
                return
            if (opts.actions and slot.acts >= opts.actions) or time.monotonic() >= self.deadline:
                slot.stop()  # (at this seat's turn: no action of this game is in flight)
                return
            if opts.think > 0:
                think = slot.rng.uniform(0.5, 1.5) * opts.think
                await asyncio.sleep(max(0.0, min(think, self.deadline - time.monotonic())))
                if time.monotonic() >= self.deadline:
                    slot.stop()
                    return
            if await self.play_turn(slot, conn):
                failures = 0
            else:
                failures += 1
                if failures >= 5:
                    raise RuntimeError(f"{conn.game.id}: seat {conn.seat} failed 5 turns in a row")

    def when(self, request: str, ms: float, slot: Slot, conn: Conn, steps: int) -> str:
        """A request just answered, for the list of the slowest: what, when it was sent
        (into the play), which game, with which cards."""
        sent = time.monotonic() - ms / 1000 - (self.deadline - self.options.duration)
        cards = ",".join(card["name"] for card in (conn.state or {}).get("cards", [])) or "no powers"
        game = f"{slot.kind} game {conn.game.id} ({cards})"
        return f"{request} of {steps} steps sent {sent:.1f} s into the play, {game}"

    async def play_turn(self, slot: Slot, conn: Conn) -> bool:
        """A random legal turn from the options, one preview per step, then ``act``. Like
        a player it does not wander for ever (Hermes, Atalanta, Triton may move again and
        again): from the fourth step on it takes a step other than a move if one is
        offered, it prefers moves to squares this turn has not visited, and it restarts
        the turn when the server's preview limit is reached before the turn is done, up to
        ten times (under Persephone's rule a Triton on the perimeter may be offered moves
        alone until the one that goes up: three tries once ran out, seed 3)."""
        stats = conn.stats
        state = conn.state
        assert state is not None
        version = state["version"]
        for _ in range(10):
            options = state["options"]
            steps: list[str] = []
            visited: set[str | None] = set()
            for _ in range(MAX_STEPS):
                if len(steps) >= 3:
                    options = [o for o in options if o["kind"] != "move"] or options
                options = [o for o in options if o["kind"] != "move" or o["to"] not in visited] or options
                choice = slot.rng.choice(options)
                visited.update((choice["from"], choice["to"]))
                steps.append(choice["text"])
                reply, ms = await conn.request({"type": "preview", "version": version, "steps": steps})
                if reply["type"] != "preview":
                    stats.error(reply.get("code", reply["type"]), f"preview {steps}: {reply}")
                    return False
                stats.preview_ms.append(ms)
                stats.note(ms, partial(self.when, "preview", ms, slot, conn, len(steps)))
                if reply["complete"] or reply["waiting_for"] is not None or not reply["options"]:
                    break
                options = reply["options"]
            else:
                continue  # the preview limit: restart the turn
            break
        act = {"type": "act", "version": version, "steps": steps, "id": f"{conn.seat}-{version}"}
        slot.acts += 1  # (counted before it is sent: the other seat may see the new state first)
        reply, ms = await conn.request(act)
        if reply["type"] != "accepted":
            slot.acts -= 1
            stats.error(reply.get("code", reply["type"]), f"act {steps}: {reply}")
            return False
        if reply.get("id") != act["id"]:
            stats.error("wrong-id", f"accepted {reply} for {act['id']}")
        stats.act_ms.append(ms)
        stats.note(ms, partial(self.when, "act", ms, slot, conn, len(steps)))
        stats.act_ms_by_kind.setdefault(slot.kind, []).append(ms)
        conn.game.acts.append(Act(conn.seat if conn.seat is not None else -1, reply["version"], steps))
        return True

    async def run(self) -> float:
        """Set up every game, play, and return the wall time of the play."""
        self.plan()
        limits = httpx.Limits(max_connections=32)
        async with httpx.AsyncClient(base_url=self.url, timeout=60, limits=limits, trust_env=False) as http:
            setup = asyncio.Semaphore(32)
            tasks = [asyncio.create_task(self.run_slot(slot, http, setup)) for slot in self.slots]
            ready = asyncio.create_task(self._all_connected())
            await asyncio.wait([ready, *tasks], return_when=asyncio.FIRST_COMPLETED)
            if not ready.done():  # a slot failed to set up (the others wait for the start)
                failed = [t.exception() for t in tasks if t.done() and not t.cancelled()]
                ready.cancel()
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                raise RuntimeError(f"setup failed: {next((e for e in failed if e), None)!r}")
            self.cpu_at_start = (time.process_time(), tree_cpu(self.server_pid) if self.server_pid else None)
            for slot in self.slots:
                for game in slot.games:
                    game.start_version = game.max_seen
            server_before = await self._server_stalls(http)
            watching = self.client_loop.start()
            started = time.perf_counter()
            self.play_started = time.time()
            self.deadline = time.monotonic() + self.options.duration
            self.start.set()
            results = await asyncio.gather(*tasks, return_exceptions=True)
            wall = time.perf_counter() - started
            watching.cancel()
            server_after = await self._server_stalls(http)
            if server_before is not None and server_after is not None:
                self.server_stall_count = server_after[0] - server_before[0]
                self.server_stalls = [
                    (ended - self.play_started, seconds)
                    for ended, seconds in server_after[1]
                    if ended >= self.play_started
                ]
                self.server_pauses = [
                    (ended - self.play_started, seconds)
                    for ended, seconds in server_after[2]
                    if ended >= self.play_started
                ]
            for slot, result in zip(self.slots, results, strict=True):
                if isinstance(result, BaseException):
                    self.stats.error("client-failure", f"slot {slot.index}: {result!r}")
        return wall

    async def run_crowd_phase(self) -> None:
        """The crowd, after the play (``--spectators``), with the CPU it cost."""
        async with httpx.AsyncClient(base_url=self.url, timeout=60, trust_env=False) as http:
            client_cpu, server_cpu = (
                time.process_time(),
                tree_cpu(self.server_pid) if self.server_pid else None,
            )
            started = time.perf_counter()
            self.crowd = await self.run_crowd(http)
            self.crowd.wall = time.perf_counter() - started
            self.crowd.client_cpu = time.process_time() - client_cpu
            if server_cpu is not None and self.server_pid:
                after = tree_cpu(self.server_pid)
                self.crowd.server_cpu = None if after is None else after - server_cpu

    async def run_crowd(self, http: httpx.AsyncClient) -> CrowdReport:
        """The crowd: ``--spectators`` join one game, its players play, the crowd leaves."""
        o = self.options
        report = CrowdReport(o.spectators)
        stats = report.stats
        rng = random.Random(o.seed + 1)
        body = {"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "start_player": 0}
        slot = Slot(-1, "crowd", body, False, rng)
        game, tokens = await self.create_game(http, body)
        seats = await self.connect_game(slot, game, tokens, stats)
        await self._flush(seats)  # (their welcomes and states are in)
        before = await self._server_stalls(http)
        started = time.time()

        crowd = [Watcher(self, game.id, report) for _ in range(o.spectators)]
        opening = asyncio.Semaphore(64)

        async def join(watcher: Watcher) -> None:
            async with opening:
                await watcher.open()

        quiet = [conn.received for conn in seats]
        t0 = time.perf_counter()
        await asyncio.gather(*(join(w) for w in crowd))
        report.join_s = time.perf_counter() - t0
        await self._flush(seats)
        report.seated_while_joining = sum(c.received for c in seats) - sum(quiet) - len(seats)

        for _ in range(o.crowd_actions):
            movers = [c for c in seats if c.my_turn()]
            if game.over or not movers or movers[0].state is None:
                break
            mover, version = movers[0], movers[0].state["version"]
            report.expect(version + 1)
            if not await self.play_turn(slot, mover):
                break
            await report.everyone_has(version + 1)
            report.fanout_ms.append((report.last_arrival - mover.sent_at) * 1000)
            for conn in seats:
                await conn.wait(_past(conn, version))
        report.act_ms = list(stats.act_ms)

        quiet = [conn.received for conn in seats]
        t0 = time.perf_counter()
        await asyncio.gather(*(w.close() for w in crowd))
        while (await http.get("/api/health")).json()["connections"] > len(seats):
            await asyncio.sleep(0.05)  # (until the server has heard of every close)
        report.leave_s = time.perf_counter() - t0
        await self._flush(seats)
        report.seated_while_leaving = sum(c.received for c in seats) - sum(quiet) - len(seats)
        after = await self._server_stalls(http)
        if before is not None and after is not None:
            report.stall_count = after[0] - before[0]
            report.stalls = [(ended - started, length) for ended, length in after[1] if ended >= started]
        report.missed = sum(1 for w in crowd for v in report.versions if v not in w.versions)
        report.errors = dict(stats.errors)
        report.leaks = list(stats.leaks)
        for conn in seats:
            await conn.close()
        return report

    @staticmethod
    async def _flush(conns: list[Conn]) -> None:
        """A ping answered on each connection: whatever was sent before has arrived."""
        for conn in conns:
            conn.pending_pong = asyncio.get_running_loop().create_future()
            await conn.send({"type": "ping"})
            async with asyncio.timeout(REQUEST_TIMEOUT):
                await conn.pending_pong

    async def _server_stalls(
        self, http: httpx.AsyncClient
    ) -> tuple[int, list[tuple[float, float]], list[tuple[float, float]]] | None:
        """The server's count of event-loop stalls, its latest ones and its latest shorter
        pauses (each as ended, seconds), or None from a server that does not report them."""
        try:
            answer = await http.get("/api/health")
            loop = answer.json()["loop"]
            stalls = [(s["ended"], s["ms"] / 1000) for s in loop["recent"]]
            return loop["stalls"], stalls, [(s["ended"], s["ms"] / 1000) for s in loop.get("pauses", [])]
        except (httpx.HTTPError, ValueError, KeyError, TypeError):
            return None

    async def _all_connected(self) -> None:
        while not all(
            slot.conns and all(c._ws is not None and c.state is not None for c in slot.conns)
            for slot in self.slots
        ):
            await asyncio.sleep(0.05)


async def close_socket(ws: ClientConnection | None, reader: asyncio.Task[None] | None) -> None:
    """Close a socket and wait for its reader to have seen the end."""
    if ws is not None:
        with contextlib.suppress(WebSocketException, OSError):
            await ws.close()
    if reader is not None:
        with contextlib.suppress(asyncio.CancelledError):
            await reader


def _past(conn: Conn, version: int) -> Callable[[], bool]:
    """Whether ``conn`` has seen a version after ``version`` (or the end)."""
    return lambda: conn.game.over or (conn.state is not None and conn.state["version"] > version)


# ---------------------------------------------------------------------------- the server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def spawned_server(folder: Path, log_level: str) -> Any:
    """``aegean serve`` on a free loopback port with a fresh SQLite file in ``folder``."""
    port = free_port()
    db = folder / "games.sqlite3"
    log_path = folder / "server.log"
    command = [
        sys.executable, "-m", "aegean.main", "serve",
        "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
        "--rate-limit", "100000", "--create-limit", "1000000", "--log-level", log_level,
    ]  # fmt: skip
    with log_path.open("ab") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {log_path.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(url + "/healthz", timeout=1, trust_env=False).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start in 60 s")
            time.sleep(0.1)
        yield url, db, process.pid, log_path
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def tree_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) of ``pid`` and its descendants (the AI processes), from
    /proc; ``None`` where there is no /proc."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        parents: dict[int, int] = {}
        cpu: dict[int, float] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                text = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2 :].split()
            parents[int(entry)] = int(fields[1])
            cpu[int(entry)] = (int(fields[11]) + int(fields[12])) / ticks
    except (OSError, ValueError):
        return None
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        total += cpu.get(p, 0.0)
        todo += [c for c, parent in parents.items() if parent == p]
    return total


# ---------------------------------------------------------------------------- the report
def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass
class Report:
    """What a run measured and whether its checks passed."""

    games: int
    wall: float
    actions: int
    ai_actions: int | None
    act_p50: float
    act_p95: float
    act_p99: float
    act_max: float
    preview_p50: float
    preview_p99: float
    errors: dict[str, int]
    failures: list[str]
    lines: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


async def run_load(options: Options) -> Report:
    """The whole load test: start the server (unless ``options.url``), play, check."""
    with contextlib.ExitStack() as stack:
        if options.url is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="aegean-load-")))
            url, db, pid, log_path = stack.enter_context(spawned_server(folder, options.server_log))
            where = f"spawned `aegean serve` at {url}, a fresh SQLite file (WAL, synchronous=FULL)"
        else:
            url, pid, log_path = options.url, None, None
            db = Path(options.db) if options.db else None
            where = f"the server at {url}" + (
                f", SQLite {db}" if db else ", no --db: the database check is skipped"
            )
        bench = Bench(options, url)
        bench.server_pid = pid
        load_before = load()
        try:
            async with asyncio.timeout(options.timeout):
                wall = await bench.run()
            timed_out = False
        except TimeoutError:
            wall, timed_out = options.timeout, True
        client_cpu0, server_cpu0 = bench.cpu_at_start
        client_cpu = time.process_time() - client_cpu0
        server_cpu1 = tree_cpu(pid) if pid else None
        server_cpu = (
            server_cpu1 - server_cpu0 if server_cpu1 is not None and server_cpu0 is not None else None
        )
        if options.spectators and not timed_out:
            try:
                async with asyncio.timeout(options.timeout):
                    await bench.run_crowd_phase()
            except TimeoutError:
                timed_out = True
        return _report(
            bench, load_before, options, where, db, wall, timed_out, client_cpu, server_cpu, log_path
        )
    raise AssertionError("unreachable")


def stall_lines(bench: Bench) -> list[str]:
    """Where the play's event loops were held up: the server's and the clients' own. Every
    request in flight during a stall waits it out, whichever side it is on."""
    threshold = f"{1000 * bench.client_loop.threshold:.0f} ms"

    def listed(stalls: list[tuple[float, float]], count: int) -> str:
        longest = sorted(stalls, key=lambda stall: -stall[1])[:5]
        shown = [f"{1000 * s:,.0f} ms ending {at:.1f} s into the play" for at, s in longest]
        return "; ".join(shown + ([f"{count - len(shown)} more"] if count > len(shown) else []))

    server, clients = bench.server_stall_count, bench.client_loop.count
    lines = [
        f"event-loop stalls over {threshold} during the play: server "
        + ("not reported" if server is None else str(server))
        + f", clients {clients}"
    ]
    if server:
        lines.append("    server: " + listed(bench.server_stalls, server))
    if clients:
        played = [(s.ended - bench.play_started, s.seconds) for s in bench.client_loop.recent]
        lines.append("    clients: " + listed(played, clients))
    if bench.server_pauses is not None:
        floor = f"{1000 * bench.client_loop.floor:.0f} ms"
        pauses = bench.server_pauses
        longest = max(pauses, key=lambda pause: pause[1], default=None)
        said = (
            "none" if longest is None else f"{1000 * longest[1]:,.0f} ms ({longest[0]:.1f} s into the play)"
        )
        lines.append(
            f"longest event-loop pause of the server during the play: {said}; "
            f"{len(pauses)} of {floor} or more"
            + (" (the latest kept)" if len(pauses) >= bench.client_loop.keep_pauses else "")
        )
        met = "met" if longest is None or longest[1] < TARGET_PAUSE_S else "missed"
        lines.append(f"target longest server pause < {1000 * TARGET_PAUSE_S:.0f} ms: {met}")
    return lines


def crowd_lines(crowd: CrowdReport) -> tuple[list[str], list[str]]:
    """The crowd's figures, and its failures (a state a spectator never got, a message the
    players were sent for the crowd's coming and going, an error)."""
    act, fanout = crowd.act_ms, crowd.fanout_ms
    stalls = "not reported" if crowd.stall_count is None else f"{crowd.stall_count}"
    if crowd.stalls:
        longest = max(length for _, length in crowd.stalls)
        stalls += f" (longest {1000 * longest:,.0f} ms)"
    lines = [
        f"crowd: {crowd.spectators:,} spectators on one game joined in {crowd.join_s:.1f} s and left in "
        f"{crowd.leave_s:.1f} s; meanwhile the seated players were sent {crowd.seated_while_joining} "
        f"and {crowd.seated_while_leaving} messages",
        f"crowd: {len(act)} actions: act latency p50 {percentile(act, 50):.1f}, max "
        f"{max(act, default=float('nan')):.1f} ms; every spectator had the new state "
        f"{percentile(fanout, 50):.1f} ms after the act was sent (p50), "
        f"{max(fanout, default=float('nan')):.1f} ms at most",
        f"crowd: server event-loop stalls over 250 ms: {stalls}; {crowd.wall:.1f} s wall, CPU "
        + ("" if crowd.server_cpu is None else f"server {crowd.server_cpu:.1f} s, ")
        + f"clients {crowd.client_cpu:.1f} s",
    ]
    failures = []
    if not act:
        failures.append("crowd: no action was played")
    if crowd.missed:
        failures.append(f"crowd: {crowd.missed} states never reached their spectator")
    if crowd.seated_while_joining or crowd.seated_while_leaving:
        failures.append("crowd: the seated players were sent messages for spectators coming and going")
    if crowd.errors or crowd.leaks:
        failures.append(f"crowd: errors {crowd.errors}, leaks {crowd.leaks[:3]}")
    lines.append(
        f"check crowd: {'FAILED' if failures else 'OK'} (every spectator got each of the "
        f"{len(crowd.versions)} states; the players nothing from the crowd's coming and going)"
    )
    return lines, failures


def load() -> str:
    """The 1-minute load average: other work on the machine skews every figure."""
    with contextlib.suppress(OSError):
        return f"{os.getloadavg()[0]:.1f}"
    return "?"


def _report(
    bench: Bench,
    load_before: str,
    options: Options,
    where: str,
    db: Path | None,
    wall: float,
    timed_out: bool,
    client_cpu: float,
    server_cpu: float | None,
    log_path: Path | None,
) -> Report:
    stats = bench.stats
    failures: list[str] = []
    lines: list[str] = []
    games = [g for slot in bench.slots for g in slot.games]
    n_actions = len(stats.act_ms)
    lines.append(
        f"Aegean online table load test: {options.games} concurrent games ({bench.composition()}), "
        f"think {options.think:g} s a turn, "
        + (f"{options.actions} actions a game, " if options.actions else "")
        + f"{options.duration:g} s at most"
    )
    lines.append(f"server: {where}")
    # ---- lost or duplicated actions
    ai_actions: int | None = None
    if db is not None and games:
        stored = read_events(db, [g.id for g in games])
        problems: list[str] = []
        events = 0
        ai_actions = 0
        for game in games:
            rows, version = stored[game.id]
            events += len(rows)
            ai_actions += sum(1 for r in rows if game.kinds[r[2]] == "ai" and r[0] > game.start_version)
            problems += check_events(game, rows, version)
        if problems:
            failures.append(f"lost or duplicated actions: {len(problems)} problems")
            lines += ["    " + p for p in problems[:10]]
        check_line = (
            f"check lost/duplicated actions: {'FAILED' if problems else 'OK'} ({len(games)} games, "
            f"{events:,} events, {n_actions:,} accepted acts each stored once at its version, "
            "versions contiguous, the last version the one the clients saw)"
        )
    else:
        check_line = "check lost/duplicated actions: skipped (no database to read)"
    total = n_actions + (ai_actions or 0)
    finished = sum(1 for g in games if g.over)
    lines.append(
        f"play: {wall:.1f} s wall, {n_actions:,} actions accepted from scripted clients"
        + (f" (+{ai_actions:,} by AI seats)" if ai_actions is not None else "")
        + f", {n_actions / wall:.1f} actions/s"
        + (f" ({total / wall:.1f} with the AI's)" if ai_actions is not None else "")
        + f"; {len(games)} games, {finished} finished, {stats.rematches} rematches"
    )
    act = stats.act_ms
    lines.append(
        f"act latency (act -> accepted, ms): p50 {percentile(act, 50):.1f}, p95 {percentile(act, 95):.1f}, "
        f"p99 {percentile(act, 99):.1f}, max {max(act, default=float('nan')):.1f} (n={len(act):,})"
    )
    lines.append(
        "    by game: "
        + "; ".join(
            f"{kind} p50 {percentile(v, 50):.1f}, p99 {percentile(v, 99):.1f} (n={len(v):,})"
            for kind, v in sorted(stats.act_ms_by_kind.items())
        )
    )
    pv = stats.preview_ms
    lines.append(
        f"preview latency (ms): p50 {percentile(pv, 50):.1f}, p99 {percentile(pv, 99):.1f}, "
        f"max {max(pv, default=float('nan')):.1f} (n={len(pv):,})"
    )
    lines += [f"    slowest: {ms:,.1f} ms, {what}" for ms, what in sorted(stats.slowest, reverse=True)]
    lines += stall_lines(bench)
    lines.append(
        f"messages received: {stats.messages:,} ({stats.received_bytes / 1e6:.1f} MB), "
        f"{stats.messages / wall:,.0f}/s"
    )
    errors = dict(stats.errors.most_common())
    lines.append("errors: " + (", ".join(f"{k} {v}" for k, v in errors.items()) if errors else "none"))
    lines += ["    " + p for p in stats.problems[:10]]
    if errors:
        failures.append(f"errors: {errors}")
    cpu = f"clients {client_cpu:.1f} s ({100 * client_cpu / wall:.0f} % of one core)"
    if server_cpu is not None:
        cpu = (
            f"server {server_cpu:.1f} s ({100 * server_cpu / wall:.0f} % of one core, "
            "AI processes included), " + cpu
        )
    lines.append(
        f"CPU during the play: {cpu}; {os.cpu_count()} cores, load average {load_before} -> {load()}"
    )
    if timed_out:
        failures.append(f"the run did not end within --timeout {options.timeout:g} s")
        lines.append(f"TIMED OUT after {options.timeout:g} s")
    lines.append(check_line)
    # ---- redaction
    turns_checked = sum(check_seen_turns(g, stats) for g in games)
    secret_games = sum(1 for g in games if g.secrets)
    if stats.leaks:
        failures.append(f"redaction: {len(stats.leaks)} leaks")
    elif secret_games and (stats.secret_facts == 0 or stats.scanned == 0):
        failures.append("redaction: the scan saw no secret at all (it would prove nothing)")
    lines.append(
        f"check redaction: {'FAILED' if stats.leaks else 'OK'} ({len(stats.leaks)} leaks; every message "
        "scanned for the other seats' tokens, every rematch for its own seat; "
        f"{secret_games} games with Hecate/Tartarus/Moerae: {stats.scanned:,} messages, "
        f"{stats.secret_facts:,} secrets shown to their owners only, {turns_checked:,} hidden turns)"
    )
    lines += ["    " + leak for leak in stats.leaks[:10]]
    if bench.crowd is not None:
        crowd_report, crowd_failures = crowd_lines(bench.crowd)
        lines += crowd_report
        failures += crowd_failures
    p99 = percentile(act, 99)
    playing = sum(1 for slot in bench.slots if slot.acts > 0)
    all_played = playing == options.games and not failures
    lines.append(
        f"target >= {TARGET_GAMES} concurrent games: "
        f"{'met' if options.games >= TARGET_GAMES and all_played else 'missed'} "
        f"({options.games} games, {playing} of them played, {'no' if not failures else 'some'} failures)"
    )
    lines.append(
        f"target p99 act latency <= {TARGET_P99_MS:g} ms: {'met' if p99 <= TARGET_P99_MS else 'missed'} "
        f"({p99:.1f} ms)"
    )
    if failures and log_path is not None and log_path.exists():
        tail = log_path.read_text(errors="replace").strip().splitlines()[-15:]
        lines += ["server log (last lines):"] + ["    " + t for t in tail]
    lines.append("RESULT: " + ("OK" if not failures else "FAILED: " + "; ".join(failures)))
    return Report(
        games=options.games,
        wall=wall,
        actions=n_actions,
        ai_actions=ai_actions,
        act_p50=percentile(act, 50),
        act_p95=percentile(act, 95),
        act_p99=p99,
        act_max=max(act, default=float("nan")),
        preview_p50=percentile(pv, 50),
        preview_p99=percentile(pv, 99),
        errors=errors,
        failures=failures,
        lines=lines,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: run, print the summary, 0 when every check passed."""
    options = parse_options(argv)
    try:
        report = asyncio.run(run_load(options))
    except (RuntimeError, OSError, httpx.HTTPError, WebSocketException) as error:
        print(f"RESULT: FAILED: the load test could not run: {error}", flush=True)
        return 1
    print("\n".join(report.lines), flush=True)
    return 0 if report.ok else 1


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    """For ``run_all.py``: the quick run (the full one with ``--long``); its own report."""
    code = main([] if long else ["--quick"])
    if code:
        raise SystemExit(code)
    return []


if __name__ == "__main__":
    raise SystemExit(main())
