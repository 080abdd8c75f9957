"""The hub: the games in memory, their connections, the commit-then-broadcast path and
the AI seats.

Every action goes the same way, under the game's lock: check the version, let the
:class:`~aegean.server.table.Table` check and apply it, commit the event to the database,
and only then answer and broadcast. If the commit fails the game is rebuilt from the
database, so memory never runs ahead of what is stored.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import logging
import pickle
import random
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aegean.santorini.rules import team_of

from .ai_worker import choose_steps, make_pool, start_workers
from .db import NewSeat, PendingEvent, Store, StoredGame, VersionConflict
from .protocol import MAX_STEPS, CreateRequest, validate
from .render import board_json, cards_json, in_progress, option_json, scene_for, setup_json, turns_json
from .security import hash_token, new_game_id, new_token, token_matches
from .table import AI, HUMAN, ActionError, Event, SeatSpec, Settings, Table, new_settings

log = logging.getLogger("aegean.server")
T = TypeVar("T")

#: At most this many events are sent to a client catching up; further behind, a resync.
CATCH_UP_LIMIT = 200
#: Tries of an AI seat's turn when its worker process dies.
AI_ATTEMPTS = 3
#: Messages queued for one slow connection before it is dropped (it will resync).
SEND_QUEUE = 256
#: The most steps one preview may show (each preview replays them all; no turn needs more).
MAX_PREVIEW_STEPS = MAX_STEPS
#: Spectators one game takes at most (``aegean serve --max-spectators``).
MAX_SPECTATORS = 1000
#: Seconds after which a game nobody has acted in is removed (``aegean serve --expire-after``).
EXPIRE_AFTER = 2 * 3600.0
#: The most seconds between two looks for expired games.
SWEEP_EVERY = 60.0
#: Spectators sent a message in one go (then the event loop serves others).
FAN_OUT_CHUNK = 100
#: Close codes of connections the server ends (4000-4999: the application's own).
CLOSE_FULL = 4503
CLOSE_EXPIRED = 4410
CLOSE_TOO_SLOW = 4408


def encode(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"))


class Connection:
    """One WebSocket client: its seat (``None``: spectator) and its outgoing queue, so
    that a slow client never holds up a broadcast. ``close`` is how the socket is closed
    (with a code and a reason) when the server ends the connection."""

    def __init__(
        self,
        send: Callable[[str], Awaitable[None]],
        seat: int | None,
        close: Callable[[int, str], Awaitable[None]] | None = None,
    ) -> None:
        self.seat = seat
        self._send = send
        self._close = close
        self.queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False
        self._close_with: tuple[int, str] | None = None

    def post(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or one already encoded: a broadcast encodes once)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            # Too slow to keep up: drop what it has not read and close the socket; the
            # client reconnects and catches up (``since``) instead of waiting for ever.
            self.close(CLOSE_TOO_SLOW, "too slow to keep up; reconnect to catch up")

    def close(self, code: int | None = None, reason: str = "") -> None:
        """Stop sending, after what is queued; with a ``code``, close the socket with it."""
        if self.closed:
            return
        self.closed = True
        if code is not None:
            self._close_with = (code, reason)
        if self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def pump(self) -> None:
        """Send queued messages until closed."""
        while True:
            message = await self.queue.get()
            if message is None:
                if self._close_with is not None and self._close is not None:
                    await self._close(*self._close_with)
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
    #: The hash of the invite each seat is reserved for (``None``: no invite).
    invite_hashes: list[str | None] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    #: Open connections of each seat, and of spectators (kept as connections come and go).
    present: list[int] = field(default_factory=list)
    spectators: int = 0
    rematch_offers: set[int] = field(default_factory=set)
    thinking: bool = False
    #: Messages on their way to the spectators, a chunk at a time (``Hub._fan_out``).
    fan_out: deque[tuple[str, list[Connection]]] = field(default_factory=deque)

    def __post_init__(self) -> None:
        players = len(self.kinds)
        self.invite_hashes = self.invite_hashes or [None] * players
        self.present = [0] * players

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (checking every seat, in constant time each)."""
        return _match(token, self.token_hashes)

    def seat_of_invite(self, invite: str | None) -> int | None:
        """The seat reserved for this invite, used or not (constant time each)."""
        return _match(invite, self.invite_hashes)

    def created_at(self) -> dt.datetime:
        return dt.datetime.fromisoformat(self.created)


def _match(secret: str | None, hashes: list[str | None]) -> int | None:
    found = None
    for seat, stored in enumerate(hashes):
        if token_matches(secret, stored):
            found = seat
    return found


@dataclass(frozen=True)
class Grant:
    """What the creation of a game hands out for one seat: the creator's (or, in a
    rematch, its player's) seat token, or the invite a seat is reserved for."""

    token: str | None = None
    invite: str | None = None


@dataclass(frozen=True)
class GameView:
    """A viewer's ``state`` at one version, less the seats' presence and the rematch:
    ``text`` is its JSON object, ``seats`` the seats without their presence flags."""

    version: int
    text: str
    seats: list[dict[str, Any]]


class Hub:
    def __init__(
        self,
        store: Store,
        *,
        ai_workers: int = 1,
        executor: Executor | None = None,
        max_spectators: int = MAX_SPECTATORS,
        expire_after: float = EXPIRE_AFTER,
    ) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.max_spectators = max_spectators
        self.expire_after = expire_after
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
        """Rebuild every game not over from its events, and wake its AI seats; then look
        for games to expire now and then."""
        stored = await self._db(self.store.load_unfinished)
        for game in stored:
            room = self._rebuild(game)
            self.rooms[room.id] = room
        log.info("resumed %d games", len(stored))
        await self.expire()
        for room in list(self.rooms.values()):
            self._wake_ai(room)
        self._spawn(self._sweep())

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

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

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
            invite_hashes=[s.invite_hash for s in game.seats],
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
    async def create(self, request: Any) -> tuple[Room, list[Grant]]:
        """A new game from a create request (``docs/server.md``); returns it and what each
        seat is handed: the creator's seat token, an invite for each seat reserved for
        one, nothing for open seats (taken from the lobby) and AI seats."""
        body = validate(CreateRequest, request, "bad-request")
        settings = new_settings(body.model_dump(exclude_unset=True))
        creator = body.creator
        if not any(seat.kind == HUMAN for seat in settings.seats):
            raise ActionError(
                "bad-request", "seats: a game needs a human seat (AI-only games are not played here)"
            )
        if creator >= settings.players or settings.seats[creator].kind != HUMAN:
            raise ActionError(
                "bad-request", f"creator: the creator plays a human seat, and seat {creator} is not one"
            )
        for seat, spec in enumerate(settings.seats):
            if spec.open and seat == creator:
                raise ActionError(
                    "bad-request", f"seats[{seat}].open: the creator's own seat is taken at once"
                )
            if spec.open and not settings.open:
                raise ActionError(
                    "bad-request",
                    f"seats[{seat}].open: an open seat needs a game listed in the lobby (open: true)",
                )
        return await self._create(settings, None, {creator}, invites=True)

    async def _create(
        self, settings: Settings, rematch_of: str | None, holders: set[int], invites: bool = False
    ) -> tuple[Room, list[Grant]]:
        """The ``holders``' seats are taken at once, each with a fresh token; with
        ``invites``, every other human seat not open is reserved for an invite. (A
        rematch has no invites: a seat nobody holds yet waits for the player who held it
        in the old game.)"""
        table = Table(settings)
        game_id = new_game_id()
        grants: list[Grant] = []
        seats: list[NewSeat] = []
        for seat, spec in enumerate(settings.seats):
            grant = Grant()
            if spec.kind == HUMAN and seat in holders:
                grant = Grant(token=new_token())
            elif spec.kind == HUMAN and invites and not spec.open:
                grant = Grant(invite=new_token())
            grants.append(grant)
            seats.append(
                NewSeat(
                    spec.kind,
                    hash_token(grant.token) if grant.token else None,
                    hash_token(grant.invite) if grant.invite else None,
                    spec.kind == AI or grant.token is not None,
                )
            )
        created = dt.datetime.now(dt.UTC)
        await self._db(
            lambda: self.store.create_game(
                game_id,
                settings.to_dict(),
                seats,
                status=table.status,
                listed=settings.open,
                rematch_of=rematch_of,
                created_at=created,
            )
        )
        room = Room(
            game_id,
            table,
            [s.kind for s in seats],
            [s.token_hash for s in seats],
            [s.claimed for s in seats],
            _iso_utc(created),
            rematch_of=rematch_of,
            invite_hashes=[s.invite_hash for s in seats],
        )
        self.rooms[game_id] = room
        log.info("game %s created: %d players, %s", game_id, settings.players, settings.variant)
        self._wake_ai(room)
        return room, grants

    async def join(self, room: Room) -> tuple[int, str]:
        """Give the first open seat nobody has taken (of a game listed in the lobby) a
        fresh token. Seats reserved for an invite are never handed out here."""
        if not room.table.settings.open:
            raise ActionError("not-open", "this game is by invitation only")
        if room.table.status == "over":
            raise ActionError("game-over", "the game is over")
        async with room.lock:
            for seat, spec in enumerate(room.table.settings.seats):
                if spec.open and not room.claimed[seat]:
                    token = await self._take_seat(room, seat)
                    if token is not None:
                        return seat, token
        raise ActionError("no-seat", "no open seat is left in this game (invited players' seats are theirs)")

    async def claim_invite(self, room: Room, invite: str) -> tuple[int, str]:
        """Exchange the invite a seat is reserved for for the seat's own fresh token, once:
        afterwards the invite is dead (and whoever holds it, the creator too, has no way
        into the seat)."""
        seat = room.seat_of_invite(invite)
        if seat is None:
            raise ActionError("bad-invite", "this is not an invite of this game")
        async with room.lock:
            if not room.claimed[seat]:
                token = await self._take_seat(room, seat)
                if token is not None:
                    return seat, token
        raise ActionError("invite-used", f"this invite was used already: player {seat + 1}'s seat is taken")

    async def _take_seat(self, room: Room, seat: int) -> str | None:
        """Claim an unclaimed seat with a fresh token (callers hold ``room.lock``); ``None``
        when another process took it first."""
        token = new_token()
        digest = hash_token(token)
        taken = await self._db(self.store.claim_seat, room.id, seat, digest)
        room.claimed[seat] = True
        if not taken:
            return None
        room.token_hashes[seat] = digest
        self._post_presence(room)
        return token

    async def claim(self, room: Room, seat: int) -> None:
        """A seat of a game stored before invites (``migrations/0002``): its link carried the
        seat token itself, and its first connection claims the seat."""
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
                    # (Every seat is reserved for the player who held it: none is open.)
                    tuple(SeatSpec(s.kind, s.name, s.level) for s in old.seats),
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
                # The seats connected now get their tokens now; a seat whose player has
                # left gets its own when that player comes back (``connect``).
                here = {s for s in humans if room.present[s]}
                new_room, grants = await self._create(settings, room.id, here)
                room.rematch_id = new_room.id
                for connection in list(room.connections):
                    seat_of = connection.seat
                    token = grants[seat_of].token if seat_of is not None else None
                    connection.post({"type": "rematch", "game": new_room.id, "seat": seat_of, "token": token})
            self._post_presence(room)

    async def _rematch_seat(self, room: Room, connection: Connection) -> None:
        """A player back in a finished game whose rematch was made while they were away:
        their seat of the rematch, kept for them, gets its token now."""
        seat = connection.seat
        if seat is None or room.rematch_id is None or room.kinds[seat] != HUMAN:
            return
        new = await self.room(room.rematch_id)
        if new is None or new.rematch_of != room.id or new.claimed[seat]:
            return  # (taken: by this player's other browser, which has its token)
        async with new.lock:
            token = None if new.claimed[seat] else await self._take_seat(new, seat)
        if token is not None:
            connection.post({"type": "rematch", "game": new.id, "seat": seat, "token": token})

    # ------------------------------------------------------------------ views
    # Readers take the game's lock: an action is applied in memory, then committed, under
    # the lock, so nobody is ever shown a version that is not stored yet.
    async def snapshot(self, room: Room, viewer: int | None) -> dict[str, Any]:
        async with room.lock:
            return self.state(room, viewer)

    async def connect(self, room: Room, connection: Connection, since: int | None) -> None:
        """Add a connection: ``welcome``, the events it missed, its state. Only a seat's
        presence changing is told to the others (``presence``): a spectator coming or
        going changes nothing anyone sees, and costs nobody a message."""
        async with room.lock:
            seat = connection.seat
            if seat is None and room.spectators >= self.max_spectators:
                raise ActionError(
                    "full", f"this game has {self.max_spectators} spectators, the most it takes; try later"
                )
            connection.post({"type": "welcome", "seat": seat, "version": room.table.version, "game": room.id})
            events = self.catch_up(room, seat, since)
            if events:
                connection.post({"type": "events", "events": events})
            room.connections.add(connection)
            if seat is None:
                room.spectators += 1
            else:
                room.present[seat] += 1
            connection.post(self.state_text(room, seat))
            if seat is not None and room.present[seat] == 1:
                self._post_presence(room, skip=connection)
        if room.table.status == "over":
            await self._rematch_seat(room, connection)

    async def disconnect(self, room: Room, connection: Connection) -> None:
        async with room.lock:
            connection.close()
            if connection not in room.connections:
                return
            room.connections.discard(connection)
            seat = connection.seat
            if seat is None:
                room.spectators -= 1
            else:
                room.present[seat] -= 1
                if room.present[seat] == 0:
                    self._post_presence(room)

    def _broadcast(self, room: Room) -> None:
        """Post each connection its state (callers hold ``room.lock``): the players' first,
        then the spectators' (:meth:`_fan_out`)."""
        cache: dict[int | None, str] = {}
        for connection in list(room.connections):
            viewer = connection.seat
            if viewer is not None:
                if viewer not in cache:
                    cache[viewer] = self.state_text(room, viewer)
                connection.post(cache[viewer])
        if room.spectators:
            self._fan_out(room, self.state_text(room, None))

    def _post_presence(self, room: Room, skip: Connection | None = None) -> None:
        """Tell every connection who is seated and connected, and the rematch offers: a
        small message, the same for everyone (it holds no secret), instead of the game."""
        message = encode(
            {
                "type": "presence",
                "version": room.table.version,
                "seats": self._presence(room),
                "rematch": self._rematch_json(room),
            }
        )
        for connection in list(room.connections):
            if connection is not skip and connection.seat is not None:
                connection.post(message)
        if room.spectators:
            self._fan_out(room, message, skip)

    def _fan_out(self, room: Room, message: str, skip: Connection | None = None) -> None:
        """Post ``message`` to the spectators, in order with what was posted to them before.
        A crowd is served a chunk at a time, the event loop free between chunks (the other
        games' requests go on meanwhile): a thousand sends in one go held it 200 ms."""
        targets = [c for c in room.connections if c.seat is None and c is not skip]
        if not room.fan_out and len(targets) <= FAN_OUT_CHUNK:
            for connection in targets:
                connection.post(message)
            return
        room.fan_out.append((message, targets))
        if len(room.fan_out) == 1:
            self._spawn(self._fan_out_chunks(room))

    @staticmethod
    async def _fan_out_chunks(room: Room) -> None:
        while room.fan_out:
            message, targets = room.fan_out[0]
            for start in range(0, len(targets), FAN_OUT_CHUNK):
                for connection in targets[start : start + FAN_OUT_CHUNK]:
                    connection.post(message)
                await asyncio.sleep(0)
            room.fan_out.popleft()

    @staticmethod
    def _presence(room: Room) -> list[dict[str, Any]]:
        return [
            {"seat": seat, "claimed": room.claimed[seat], "connected": kind == AI or room.present[seat] > 0}
            for seat, kind in enumerate(room.kinds)
        ]

    @staticmethod
    def _rematch_json(room: Room) -> dict[str, Any]:
        return {"offered": sorted(room.rematch_offers), "game": room.rematch_id}

    # ------------------------------------------------------------------ expiry
    async def _sweep(self) -> None:
        """Now and then, remove the games nobody started (``expire``)."""
        every = max(0.5, min(SWEEP_EVERY, self.expire_after / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception:  # (the database is away: next time)
                log.exception("the look for expired games failed")

    async def expire(self) -> list[str]:
        """Remove every game in which nothing happened (no action) within ``expire_after``
        seconds of its creation and no player is connected: an abandoned invitation, or
        games made only to fill the lobby. Its spectators are told (close code 4410).
        Returns the ids removed."""
        cutoff = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=self.expire_after)
        stale = [room for room in self.rooms.values() if self._expirable(room) and room.created_at() < cutoff]
        removed: list[str] = []
        for room in stale:
            async with room.lock:
                if not self._expirable(room):
                    continue
                if not await self._db(self.store.delete_unstarted, [room.id]):
                    continue
                removed.append(room.id)
                self.rooms.pop(room.id, None)
                for connection in list(room.connections):
                    connection.post(_error(room, "expired", "this game expired: nobody started it in time"))
                    connection.close(CLOSE_EXPIRED, "the game expired")
            source = self.rooms.get(room.rematch_of) if room.rematch_of else None
            if source is not None and source.rematch_id == room.id:
                source.rematch_id = None
                source.rematch_offers.clear()
                self._post_presence(source)
        if removed:
            log.info("expired %d games nobody started", len(removed))
        return removed

    @staticmethod
    def _expirable(room: Room) -> bool:
        return room.table.version == 0 and not room.thinking and not any(room.present)

    def state(self, room: Room, viewer: int | None) -> dict[str, Any]:
        """The ``state`` message for ``viewer`` (``docs/server.md``)."""
        message: dict[str, Any] = json.loads(self.state_text(room, viewer))
        return message

    def state_text(self, room: Room, viewer: int | None) -> str:
        """The ``state`` message for ``viewer``, encoded: the part that changes only with
        the version comes from the table's cache, the seats' presence and the rematch
        are added to it."""
        view = self._game_view(room, viewer)
        seats = [
            {**seat, **presence} for seat, presence in zip(view.seats, self._presence(room), strict=True)
        ]
        return f'{view.text[:-1]},"seats":{encode(seats)},"rematch":{encode(self._rematch_json(room))}}}'

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
                    "open": spec.open,
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
        """The listed games not over, newest first (each read under its lock)."""
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
                    "open": spec.open,
                    "claimed": room.claimed[s],
                }
                for s, spec in enumerate(settings.seats)
            ],
        }


def _error(room: Room, code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "version": room.table.version}


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
