"""The hub: the games in memory, their connections, the commit-then-broadcast path and
the AI seats.

Every action goes the same way, under the game's lock: check the version, let the
:class:`~aegean.server.table.Table` check and apply it, commit the event to the database,
and only then answer and broadcast. If the commit fails the game is rebuilt from the
database, so memory never runs ahead of what is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
import pickle
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aegean.santorini.rules import team_of

from .ai_worker import choose_steps, make_pool, start_workers
from .db import PendingEvent, Store, StoredGame, VersionConflict
from .render import board_json, cards_json, in_progress, option_json, scene_for, setup_json, turns_json
from .security import hash_token, new_game_id, new_token, token_matches
from .table import AI, HUMAN, ActionError, Event, Settings, Table, new_settings

log = logging.getLogger("aegean.server")
T = TypeVar("T")

#: At most this many events are sent to a client catching up; further behind, a resync.
CATCH_UP_LIMIT = 200
#: Tries of an AI seat's turn when its worker process dies.
AI_ATTEMPTS = 3
#: Messages queued for one slow connection before it is dropped (it will resync).
SEND_QUEUE = 256
#: The most steps one preview may show (each preview replays them all; no turn needs more).
MAX_PREVIEW_STEPS = 40


def encode(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"))


class Connection:
    """One WebSocket client: its seat (``None``: spectator) and its outgoing queue, so
    that a slow client never holds up a broadcast."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None) -> None:
        self.seat = seat
        self._send = send
        self.queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False

    def post(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already encoded: a broadcast encodes once)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages until closed."""
        while True:
            message = await self.queue.get()
            if message is None:
                return
            await self._send(message if isinstance(message, str) else encode(message))


@dataclass
class Room:
    """A game in memory."""

    id: str
    table: Table
    kinds: list[str]
    token_hashes: list[str | None]
    claimed: list[bool]
    created: str
    rematch_of: str | None = None
    rematch_id: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    rematch_offers: set[int] = field(default_factory=set)
    thinking: bool = False

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (checking every seat, in constant time each)."""
        found = None
        for seat, stored in enumerate(self.token_hashes):
            if token_matches(token, stored):
                found = seat
        return found


@dataclass(frozen=True)
class GameView:
    """A viewer's ``state`` at one version, less the seats' presence and the rematch:
    ``text`` is its JSON object, ``seats`` the seats without their presence flags."""

    version: int
    text: str
    seats: list[dict[str, Any]]


class Hub:
    def __init__(self, store: Store, *, ai_workers: int = 1, executor: Executor | None = None) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="aegean-db")
        self._pool: Executor | None = executor
        self._ai_workers = ai_workers
        self._tasks: set[asyncio.Task[None]] = set()
        self._load_lock = asyncio.Lock()
        self._pool_lock = asyncio.Lock()
        #: Events waiting for the group-commit writer, each with the future of its commit.
        self._pending: list[tuple[PendingEvent, asyncio.Future[None]]] = []
        self._pending_ready = asyncio.Event()
        self._committer: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Rebuild every game not over from its events, and wake its AI seats."""
        stored = await self._db(self.store.load_unfinished)
        for game in stored:
            room = self._rebuild(game)
            self.rooms[room.id] = room
        for room in list(self.rooms.values()):
            self._wake_ai(room)
        log.info("resumed %d games", len(stored))

    async def stop(self) -> None:
        if self._committer is not None:
            self._committer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for room in self.rooms.values():
            for connection in list(room.connections):
                connection.close()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._writer.shutdown(wait=True)

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)

    def _rebuild(self, game: StoredGame) -> Room:
        table = Table(Settings.from_dict(game.settings))
        for row in game.events:
            table.apply(row.seat, row.kind, json.loads(row.data))
        return Room(
            id=game.id,
            table=table,
            kinds=[s.kind for s in game.seats],
            token_hashes=[s.token_hash for s in game.seats],
            claimed=[s.claimed for s in game.seats],
            created=_iso_utc(game.created_at),
            rematch_of=game.rematch_of,
            rematch_id=game.rematch_id,
        )

    async def room(self, game_id: str) -> Room | None:
        """The game, loaded from the database if it is not in memory (a finished game)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if len(game_id) > 32:
            return None
        async with self._load_lock:
            room = self.rooms.get(game_id)
            if room is None:
                game = await self._db(self.store.load, game_id)
                if game is None:
                    return None
                room = self._rebuild(game)
                self.rooms[game_id] = room
        return room

    # ------------------------------------------------------------------ games
    async def create(
        self, request: dict[str, Any], rematch_of: str | None = None
    ) -> tuple[Room, list[str | None]]:
        """A new game from a create request; returns it and each seat's token (``None``
        for AI seats)."""
        settings = new_settings(request)
        creator = request.get("creator", 0)
        if not isinstance(creator, int) or isinstance(creator, bool) or not 0 <= creator < settings.players:
            raise ActionError("bad-request", f"creator: a seat from 0 to {settings.players - 1}")
        return await self._create(settings, rematch_of, creator)

    async def _create(
        self, settings: Settings, rematch_of: str | None, creator: int | None = None
    ) -> tuple[Room, list[str | None]]:
        """``creator``'s seat is taken at once (nobody may join into it from the lobby)."""
        table = Table(settings)
        game_id = new_game_id()
        tokens = [new_token() if s.kind == HUMAN else None for s in settings.seats]
        hashes = [hash_token(t) if t else None for t in tokens]
        kinds = [s.kind for s in settings.seats]
        claimed = [k == AI or seat == creator for seat, k in enumerate(kinds)]
        created = dt.datetime.now(dt.UTC)
        await self._db(
            lambda: self.store.create_game(
                game_id,
                settings.to_dict(),
                list(zip(kinds, hashes, claimed, strict=True)),
                status=table.status,
                rematch_of=rematch_of,
                created_at=created,
            )
        )
        room = Room(game_id, table, kinds, hashes, claimed, _iso_utc(created), rematch_of=rematch_of)
        self.rooms[game_id] = room
        log.info("game %s created: %d players, %s", game_id, settings.players, settings.variant)
        self._wake_ai(room)
        return room, tokens

    async def join(self, room: Room) -> tuple[int, str]:
        """Give the first unclaimed human seat of an open game a fresh token."""
        if not room.table.settings.open:
            raise ActionError("not-open", "this game is by invitation only")
        if room.table.status == "over":
            raise ActionError("game-over", "the game is over")
        async with room.lock:
            for seat, kind in enumerate(room.kinds):
                if kind == HUMAN and not room.claimed[seat]:
                    token = new_token()
                    digest = hash_token(token)
                    if await self._db(self.store.claim_seat, room.id, seat, digest):
                        room.token_hashes[seat] = digest
                        room.claimed[seat] = True
                        self._broadcast(room)
                        return seat, token
                    room.claimed[seat] = True
        raise ActionError("no-seat", "every seat of this game is taken")

    async def claim(self, room: Room, seat: int) -> None:
        """A seat's first connection with its invite token claims it."""
        if not room.claimed[seat]:
            room.claimed[seat] = True
            await self._db(self.store.claim_seat, room.id, seat, None)

    # ------------------------------------------------------------------ actions
    async def act(self, room: Room, seat: int | None, kind: str, data: dict[str, Any], version: Any) -> Event:
        """Check, apply, commit and broadcast one action of ``seat``."""
        if seat is None:
            raise ActionError("spectator", "spectators cannot act")
        async with room.lock:
            table = room.table
            if version != table.version:
                raise ActionError(
                    "stale-version",
                    f"the action was made at version {version}, the game is at {table.version}",
                )
            event = table.apply(seat, kind, data)
            await self._commit(room, event)
            self._broadcast(room)
        self._wake_ai(room)
        return event

    async def _commit(self, room: Room, event: Event) -> None:
        table = room.table
        result = None
        outcome = table.outcome()
        if outcome is not None:
            result = outcome.result(table.settings.players)
        try:
            await self._group_commit(
                PendingEvent(room.id, event.version, event.kind, event.seat, event.data, table.status, result)
            )
        except VersionConflict:
            await self._reload(room)
            raise ActionError("stale-version", "another action was committed first; reloaded") from None
        except Exception:
            log.exception("game %s: commit of version %d failed", room.id, event.version)
            await self._reload(room)
            raise ActionError("server-error", "the action could not be stored; nothing changed") from None
        log.info("game %s v%d: %s by seat %d", room.id, event.version, event.kind, event.seat + 1)

    async def _group_commit(self, pending: PendingEvent) -> None:
        """Commit ``pending`` together with whatever other games' events are waiting: one
        transaction and one fsync for the batch. Returns once it is durable."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((pending, future))
        self._pending_ready.set()
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_loop())
        await future

    async def _commit_loop(self) -> None:
        while True:
            await self._pending_ready.wait()
            self._pending_ready.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                results = await self._db(self.store.append_events, [p for p, _ in batch])
            except Exception as error:  # (the database is gone: every action in it fails)
                results = [error] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)

    async def _reload(self, room: Room) -> None:
        game = await self._db(self.store.load, room.id)
        if game is not None:
            fresh = self._rebuild(game)
            room.table = fresh.table
            room.claimed = fresh.claimed
            room.token_hashes = fresh.token_hashes

    # ------------------------------------------------------------------ AI seats
    def _wake_ai(self, room: Room) -> None:
        actor = room.table.actor()
        if actor is None or room.kinds[actor] != AI or room.thinking:
            return
        room.thinking = True
        task = asyncio.get_running_loop().create_task(self._ai_turn(room, actor))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ai_turn(self, room: Room, seat: int) -> None:
        committed = False
        try:
            for attempt in range(AI_ATTEMPTS):
                try:
                    committed = await self._ai_action(room, seat)
                    break
                except BrokenProcessPool:
                    # A worker died (killed, out of memory): a fresh pool, and try again.
                    log.warning("game %s: the AI pool broke; starting a new one", room.id)
                    if self._pool is not None:
                        self._pool.shutdown(wait=False, cancel_futures=True)
                    self._pool = None
                    await asyncio.sleep(0.5 * (attempt + 1))
        except ActionError as error:
            log.error("game %s: the AI of seat %d failed: %s", room.id, seat + 1, error.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the AI of seat %d failed", room.id, seat + 1)
        finally:
            room.thinking = False
        if committed:
            self._wake_ai(room)

    async def _ai_pool(self) -> Executor:
        """The AI processes, started from a thread: starting a process takes the caller
        some 100 ms, which the event loop (every other game) must not wait."""
        async with self._pool_lock:
            if self._pool is None:
                pool = make_pool(self._ai_workers)
                await asyncio.to_thread(start_workers, pool, self._ai_workers)
                self._pool = pool
            return self._pool

    async def _ai_action(self, room: Room, seat: int) -> bool:
        """Let ``seat``'s AI decide (off the event loop) and commit its action; ``False``
        when the game moved on meanwhile (a resignation)."""
        table = room.table
        version, board = table.version, table.board
        if board is None:
            kind, data = _ai_setup_action(table, seat)
        else:
            spec = table.settings.seats[seat]
            pool = await self._ai_pool()
            blob = pickle.dumps(board)
            steps = await asyncio.get_running_loop().run_in_executor(
                pool, choose_steps, blob, spec.level or "3", table.settings.seed + version, seat
            )
        async with room.lock:
            if room.table.version != version or room.table.actor() != seat:
                return False
            event = room.table.apply(seat, kind, data) if board is None else room.table.apply_ai(seat, steps)
            await self._commit(room, event)
            self._broadcast(room)
        return True

    # ------------------------------------------------------------------ rematch
    async def offer_rematch(self, room: Room, seat: int) -> None:
        async with room.lock:
            if room.table.status != "over":
                raise ActionError("illegal", "a rematch can be offered once the game is over")
            room.rematch_offers.add(seat)
            humans = {s for s, k in enumerate(room.kinds) if k == HUMAN}
            if room.rematch_id is None and humans <= room.rematch_offers:
                old = room.table.settings
                settings = Settings(
                    old.players,
                    old.seats,
                    old.setup,
                    old.powers,
                    old.variant,
                    old.fleece,
                    (old.start_player + 1) % old.players,
                    old.open,
                    random.randrange(2**31),
                )
                if old.setup == "quick" and old.powers:
                    from aegean.santorini.powers import make_power
                    from aegean.santorini.setup import allowed_start_players

                    allowed = allowed_start_players([make_power(p) for p in old.powers])
                    if allowed and settings.start_player not in allowed:
                        settings = Settings(**{**settings.__dict__, "start_player": allowed[0]})
                new_room, tokens = await self._create(settings, room.id)
                room.rematch_id = new_room.id
                for connection in list(room.connections):
                    seat_of = connection.seat
                    token = tokens[seat_of] if seat_of is not None else None
                    connection.post({"type": "rematch", "game": new_room.id, "seat": seat_of, "token": token})
            self._broadcast(room)

    # ------------------------------------------------------------------ views
    # Readers take the game's lock: an action is applied in memory, then committed, under
    # the lock, so nobody is ever shown a version that is not stored yet.
    async def snapshot(self, room: Room, viewer: int | None) -> dict[str, Any]:
        async with room.lock:
            return self.state(room, viewer)

    async def connect(self, room: Room, connection: Connection, since: Any) -> None:
        """Add a connection: ``welcome``, the events it missed, then everyone's state."""
        async with room.lock:
            seat = connection.seat
            connection.post({"type": "welcome", "seat": seat, "version": room.table.version, "game": room.id})
            events = self.catch_up(room, seat, since)
            if events:
                connection.post({"type": "events", "events": events})
            room.connections.add(connection)
            self._broadcast(room)  # (everyone sees the seat connected; this client its state)

    async def disconnect(self, room: Room, connection: Connection) -> None:
        async with room.lock:
            room.connections.discard(connection)
            connection.close()
            self._broadcast(room)

    def _broadcast(self, room: Room) -> None:
        """Post each connection its state (callers hold ``room.lock``)."""
        cache: dict[int | None, str] = {}
        for connection in list(room.connections):
            viewer = connection.seat
            if viewer not in cache:
                cache[viewer] = self.state_text(room, viewer)
            connection.post(cache[viewer])

    def state(self, room: Room, viewer: int | None) -> dict[str, Any]:
        """The ``state`` message for ``viewer`` (``docs/server.md``)."""
        message: dict[str, Any] = json.loads(self.state_text(room, viewer))
        return message

    def state_text(self, room: Room, viewer: int | None) -> str:
        """The ``state`` message for ``viewer``, encoded: the part that changes only with
        the version comes from the table's cache, the seats' presence and the rematch
        are added to it."""
        table = room.table
        connected = [0] * table.settings.players
        for connection in room.connections:
            if connection.seat is not None:
                connected[connection.seat] += 1
        view = self._game_view(room, viewer)
        seats = [
            {**seat, "claimed": room.claimed[i], "connected": seat["kind"] == AI or connected[i] > 0}
            for i, seat in enumerate(view.seats)
        ]
        rematch = {"offered": sorted(room.rematch_offers), "game": room.rematch_id}
        return f'{view.text[:-1]},"seats":{encode(seats)},"rematch":{encode(rematch)}}}'

    def _game_view(self, room: Room, viewer: int | None) -> GameView:
        """The parts of ``state`` that change only with the version, made once per version
        and viewer (the rules work behind them is the costly part) and kept encoded (a
        string is one object for the garbage collector to pass over; the dicts behind it
        were hundreds)."""
        table = room.table
        cached: GameView | None = table.view_cache.get(viewer)
        if cached is not None and cached.version == table.version:
            return cached
        board = table.board
        settings = table.settings
        out = board.eliminated() if board is not None else frozenset()
        seats = []
        for seat, spec in enumerate(settings.seats):
            power = board.powers[seat].name if board is not None and board.powers[seat].name else None
            seats.append(
                {
                    "seat": seat,
                    "name": spec.name,
                    "kind": spec.kind,
                    "level": spec.level,
                    "power": power,
                    "team": min(team_of(board, seat)) if board is not None else seat,
                    "out": seat in out,
                }
            )
        outcome = table.outcome()
        actor = table.actor()
        view: dict[str, Any] = {
            "type": "state",
            "version": table.version,
            "you": viewer,
            "game": {
                "id": room.id,
                "players": settings.players,
                "variant": settings.variant,
                "status": table.status,
                "open": settings.open,
                "created": room.created,
            },
            "cards": cards_json(table),
            "setup": setup_json(table),
            "board": board_json(scene_for(board, viewer)) if board is not None else None,
            "turn": {
                "actor": actor,
                "mover": board.to_move if board is not None and outcome is None else None,
                "in_progress": in_progress(table, viewer),
            },
            "turns": turns_json(table, viewer),
            "outcome": None
            if outcome is None
            else {
                "result": outcome.result(settings.players),
                "winners": sorted(outcome.winners),
                "text": table.outcome_text(),
            },
            "options": [option_json(s) for s in table.options(viewer)] if viewer == actor else [],
        }
        cached = GameView(table.version, encode(view), seats)
        table.view_cache[viewer] = cached
        return cached

    def catch_up(self, room: Room, viewer: int | None, since: Any) -> list[dict[str, Any]] | None:
        """The events after version ``since`` as ``viewer`` may see them, or ``None``
        when a full resync is better (unknown or too old a version)."""
        table = room.table
        if not isinstance(since, int) or isinstance(since, bool) or not 0 <= since <= table.version:
            return None
        if table.version - since > CATCH_UP_LIMIT:
            return None
        return [
            {"version": e.version, "kind": e.kind, "seat": e.seat, "text": e.text_for(viewer)}
            for e in table.events[since:]
        ]

    async def preview(self, room: Room, seat: int | None, steps: Any, version: Any) -> dict[str, Any]:
        async with room.lock:
            return self._preview(room, seat, steps, version)

    def _preview(self, room: Room, seat: int | None, steps: Any, version: Any) -> dict[str, Any]:
        if seat is None:
            raise ActionError("spectator", "spectators cannot act")
        table = room.table
        if version != table.version:
            raise ActionError(
                "stale-version", f"the preview was asked at version {version}, the game is at {table.version}"
            )
        if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
            raise ActionError("bad-message", "steps: a list of step texts")
        if len(steps) > MAX_PREVIEW_STEPS:
            raise ActionError("bad-message", f"steps: at most {MAX_PREVIEW_STEPS} in a preview")
        board, options, info = table.preview(seat, steps, lambda b: board_json(scene_for(b, seat)))
        return {
            "type": "preview",
            "version": table.version,
            "steps": steps,
            "board": board,
            "options": [option_json(s) for s in options],
            **info,
        }

    async def lobby(self) -> list[dict[str, Any]]:
        """The open games not over, newest first (each read under its lock)."""
        entries = []
        for game_id in await self._db(self.store.lobby):
            room = await self.room(game_id)
            if room is not None and room.table.settings.open:
                async with room.lock:
                    entries.append(self.lobby_entry(room))
        return entries

    def lobby_entry(self, room: Room) -> dict[str, Any]:
        table = room.table
        settings = table.settings
        board = table.board
        powers = [p.name or None for p in board.powers] if board is not None else []
        return {
            "id": room.id,
            "players": settings.players,
            "variant": settings.variant,
            "status": table.status,
            "version": table.version,
            "open": settings.open,
            "created": room.created,
            "powers": powers,
            "fleece": board.fleece.name if board is not None and board.fleece is not None else None,
            "seats": [
                {
                    "seat": s,
                    "name": spec.name,
                    "kind": spec.kind,
                    "level": spec.level,
                    "claimed": room.claimed[s],
                }
                for s, spec in enumerate(settings.seats)
            ],
        }


def _ai_setup_action(table: Table, seat: int) -> tuple[str, dict[str, Any]]:
    """An AI's part in the Challenger flow: random compatible powers, the first power
    left, the first seat allowed to start (chance seeded by the game)."""
    from aegean.santorini.setup import fleece_powers, random_powers

    setup = table.setup
    assert setup is not None
    rng = random.Random(table.settings.seed + table.version)
    if setup.phase == "pick":
        names = [rng.choice(fleece_powers())] if setup.fleece else random_powers(setup.n_players, rng)
        return "pick", {"pick": names}
    if setup.phase == "choose":
        return "choose", {"choose": setup.remaining[0]}
    return "start", {"start": setup.allowed_start_players()[0]}


def _iso_utc(moment: dt.datetime) -> str:
    """A time in ISO 8601 with its UTC offset, the same before and after a restart (SQLite
    gives the stored time back without its time zone)."""
    aware = moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment.astimezone(dt.UTC)
    return aware.isoformat()
