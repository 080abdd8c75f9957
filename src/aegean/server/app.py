"""The FastAPI application: the HTTP API, the WebSocket endpoint and the web UI.

Bad input never reaches the engine unchecked and never produces a traceback: every
refusal is a JSON error that names the problem (``docs/server.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from aegean.ai.levels import AI_LEVELS
from aegean.santorini.errors import SantoriniError
from aegean.santorini.powers import implemented, power_info
from aegean.santorini.powers.texts import card_text
from aegean.santorini.record import parse_record

from .db import Store, database_url
from .http_guard import HttpGuard, client_address
from .hub import CLOSE_FULL, EXPIRE_AFTER, MAX_SPECTATORS, Connection, Grant, Hub, Room, encode
from .loop_watch import LoopWatch
from .protocol import (
    Act,
    ClaimRequest,
    Hello,
    Message,
    Ping,
    Preview,
    Rematch,
    Resign,
    Setup,
    check_depth,
    loads_bounded,
    parse_message,
    request_id,
    validate,
)
from .replay import replay_frames
from .security import AddressLimiter, RateLimiter, origin_allowed
from .table import ActionError

log = logging.getLogger("aegean.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
#: The largest WebSocket message and HTTP body (a record upload is larger).
MAX_MESSAGE = 8 * 1024
MAX_BODY = 16 * 1024
MAX_RECORD = 256 * 1024
#: Refusals in a row after which a flooding connection is closed.
RATE_CLOSE_AFTER = 20
#: Games one client address may create at once, and then this many an hour.
CREATE_LIMIT = 30

_STATUS = {
    "not-found": 404,
    "bad-invite": 403,
    "invite-used": 409,
    "too-large": 413,
    "rate-limited": 429,
    "game-over": 409,
    "no-seat": 409,
    "not-open": 403,
    "stale-version": 409,
    "server-error": 500,
}


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "code": code}, status_code=status or _STATUS.get(code, 400))


async def _read_body(request: Request, limit: int) -> bytes:
    """The request body, refused as soon as it is larger than ``limit`` (it is never
    read whole into memory first)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise ActionError("too-large", f"the request body is larger than {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise ActionError("too-large", f"the request body is larger than {limit} bytes")
    return bytes(body)


async def _json_body(request: Request, limit: int = MAX_BODY) -> Any:
    body = await _read_body(request, limit)
    if not body:
        return {}
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ActionError("bad-request", "the request body is not valid JSON (not UTF-8)") from None
    return loads_bounded(text, "the request body", "bad-request")


def _seat_links(room: Room, grants: list[Grant]) -> list[dict[str, Any]]:
    """The create answer's seats: the creator's token and link, each reserved seat's
    invite and its link (``#…&invite=``: the invite is exchanged for a seat token on
    first use), ``open`` for the seats anyone may take from the lobby."""
    seats = []
    for seat, grant in enumerate(grants):
        entry: dict[str, Any] = {"seat": seat, "kind": room.kinds[seat]}
        if grant.token is not None:
            entry.update(token=grant.token, link=_link(room.id, seat, token=grant.token))
        elif grant.invite is not None:
            entry.update(invite=grant.invite, link=_link(room.id, seat, invite=grant.invite))
        elif room.table.settings.seats[seat].open:
            entry["open"] = True
        seats.append(entry)
    return seats


def _link(game_id: str, seat: int, **secret: str) -> str:
    """A seat's link: the secret in the fragment, which browsers never send to a server."""
    ((name, value),) = secret.items()
    return f"/game/{game_id}#seat={seat}&{name}={value}"


def create_app(
    db: str = "aegean-games.sqlite3",
    *,
    allow_origins: tuple[str, ...] = (),
    ai_workers: int = 1,
    rate: float = 20.0,
    burst: float = 40.0,
    create_limit: int = CREATE_LIMIT,
    max_spectators: int = MAX_SPECTATORS,
    expire_after: float = EXPIRE_AFTER,
) -> FastAPI:
    """The application for the database ``db`` (a SQLite path or a SQLAlchemy URL).
    ``rate``/``burst``: messages a second of one WebSocket, and requests a second of one
    client address; ``create_limit``: games one address may create at once and then an
    hour; ``max_spectators`` of one game; ``expire_after``: seconds before a game nobody
    started is removed."""
    allowed = frozenset(o.rstrip("/").lower() for o in allow_origins)
    state: dict[str, Hub] = {}
    watch = LoopWatch(report=True)
    creations = AddressLimiter(create_limit / 3600, create_limit)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url(db))
        hub = Hub(store, ai_workers=ai_workers, max_spectators=max_spectators, expire_after=expire_after)
        await hub.start()
        state["hub"] = hub
        watching = watch.start()
        try:
            yield
        finally:
            watching.cancel()
            await hub.stop()
            store.close()

    # (No interactive API docs: their page runs scripts from a CDN, which the strict CSP
    # of this origin refuses, and which would see the seat tokens in its localStorage. The
    # schema is at /openapi.json; docs/server.md describes the API.)
    app = FastAPI(title="Aegean: the online table", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(HttpGuard, requests=AddressLimiter(rate, burst))

    def hub() -> Hub:
        return state["hub"]

    @app.exception_handler(ActionError)
    async def action_error(_request: Request, error: ActionError) -> JSONResponse:
        response = _error(error.code, error.message)
        if error.retry_after is not None:
            response.headers["Retry-After"] = str(error.retry_after)
        return response

    @app.exception_handler(404)
    async def not_found(_request: Request, _error_: Exception) -> JSONResponse:
        return _error("not-found", "no such page or endpoint")

    @app.exception_handler(405)
    async def wrong_method(request: Request, _error_: Exception) -> JSONResponse:
        return _error("bad-request", f"{request.method} is not a method of {request.url.path}", 405)

    async def room_or_404(game_id: str) -> Room:
        room = await hub().room(game_id)
        if room is None:
            raise ActionError("not-found", f"no game {game_id!r}")
        return room

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    @app.get("/game/{game_id}", include_in_schema=False)
    @app.get("/replay", include_in_schema=False)
    async def page(game_id: str | None = None) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/healthz", include_in_schema=False)
    async def health() -> PlainTextResponse:
        return PlainTextResponse("ok")

    @app.get("/api/health")
    async def health_details() -> dict[str, Any]:
        """Up, with the games in memory, the connections, and the pauses of the event loop
        (``loop_watch``): how an operator or the bench tells a held-up server."""
        rooms = hub().rooms.values()
        return {
            "status": "ok",
            "games_loaded": len(rooms),
            "connections": sum(len(room.connections) for room in rooms),
            "loop": watch.as_json(),
        }

    # ------------------------------------------------------------------ API
    @app.get("/api/powers")
    async def powers() -> list[dict[str, Any]]:
        return [
            {
                "name": info.name,
                "epithet": info.epithet,
                "category": info.category,
                "text": card_text(info.name),
                "three_players": info.three_players,
                "four_players": info.four_players,
                "golden_fleece": info.golden_fleece,
                "banned_vs": list(info.banned_vs),
            }
            for info in (power_info(name) for name in implemented())
        ]

    @app.get("/api/levels")
    async def levels() -> dict[str, str]:
        return dict(AI_LEVELS)

    @app.post("/api/games")
    async def create(request: Request) -> JSONResponse:
        body = await _json_body(request)
        limit = creations.bucket(client_address(request.scope))
        if not limit.available():
            wait = max(1, math.ceil(limit.retry_after()))
            raise ActionError(
                "rate-limited",
                f"too many games created from your address; try again in {wait} s",
                retry_after=wait,
            )
        room, grants = await hub().create(body)
        limit.allow()  # (only a game made counts: a refused form may be sent again)
        return JSONResponse(
            {"id": room.id, "version": room.table.version, "seats": _seat_links(room, grants)},
            status_code=201,
        )

    @app.get("/api/games")
    async def lobby() -> list[dict[str, Any]]:
        return await hub().lobby()

    @app.get("/api/games/{game_id}")
    async def game_state(game_id: str) -> dict[str, Any]:
        return await hub().snapshot(await room_or_404(game_id), None)

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str) -> dict[str, Any]:
        room = await room_or_404(game_id)
        seat, token = await hub().join(room)
        return {"id": room.id, "seat": seat, "token": token, "link": _link(room.id, seat, token=token)}

    @app.post("/api/games/{game_id}/claim")
    async def claim(game_id: str, request: Request) -> dict[str, Any]:
        body = validate(ClaimRequest, await _json_body(request))
        room = await room_or_404(game_id)
        seat, token = await hub().claim_invite(room, body.invite)
        return {"id": room.id, "seat": seat, "token": token, "link": _link(room.id, seat, token=token)}

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, format: str = "json") -> Response:
        room = await room_or_404(game_id)
        async with room.lock:  # (never a result that is not stored yet)
            if room.table.status != "over":
                raise ActionError("game-over", "the record can be downloaded once the game is over")
            rec = room.table.record()
        if format == "text":
            body, media, ext = rec.to_text(), "text/plain; charset=utf-8", "txt"
        elif format == "json":
            body, media, ext = rec.to_json(), "application/json", "json"
        else:
            raise ActionError("bad-request", f"format: 'json' or 'text', not {format!r}")
        return Response(
            body,
            media_type=media,
            headers={"Content-Disposition": f'attachment; filename="santorini-{room.id}.{ext}"'},
        )

    @app.get("/api/games/{game_id}/replay")
    async def game_replay(game_id: str) -> dict[str, Any]:
        room = await room_or_404(game_id)
        async with room.lock:
            if room.table.status != "over":
                raise ActionError("game-over", "a game can be replayed once it is over")
            rec = room.table.record()
        return replay_frames(rec)

    @app.post("/api/replay")
    async def upload_replay(request: Request) -> dict[str, Any]:
        body = await _read_body(request, MAX_RECORD)
        try:
            check_depth(body.decode("utf-8", "replace"), "the record", "bad-request")  # (before any parser)
            rec = parse_record(body)  # (UTF-8 with or without a BOM, JSON or text: as the terminal reads it)
            return replay_frames(rec)
        except SantoriniError as error:
            raise ActionError("bad-request", f"not a valid record: {error}") from None

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/ws/games/{game_id}")
    async def play(websocket: WebSocket, game_id: str) -> None:
        if not origin_allowed(websocket.headers.get("origin"), websocket.headers.get("host"), allowed):
            await websocket.close(code=4403, reason="origin not allowed")
            return
        room = await hub().room(game_id)
        if room is None:
            await websocket.close(code=4404, reason="no such game")
            return
        await websocket.accept()
        await _session(hub(), room, websocket, RateLimiter(rate, burst))

    return app


async def _session(hub: Hub, room: Room, websocket: WebSocket, limiter: RateLimiter) -> None:
    """One client: ``hello`` first, then actions, until it leaves. Nothing a client sends
    ends the session with a traceback: every refusal is an ``error`` message."""

    async def send(message: dict[str, Any] | str) -> None:
        await websocket.send_text(message if isinstance(message, str) else encode(message))

    async def close(code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await websocket.close(code=code, reason=reason)

    connection: Connection | None = None
    pump: asyncio.Task[None] | None = None
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text")
            if not limiter.allow():
                if limiter.refused > RATE_CLOSE_AFTER:
                    if connection is not None and pump is not None:
                        # Send what is queued first (the replies and rate-limited errors).
                        connection.close()
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(pump, 1)
                    await close(1008, "rate limit")
                    return
                await _reply(
                    connection, send, _error_message("rate-limited", "too many messages; slow down", room)
                )
                continue
            data: Any = None
            try:
                if raw is None:
                    raise ActionError("bad-message", "a message is a JSON text frame, not binary")
                if len(raw) > MAX_MESSAGE:
                    raise ActionError("too-large", f"a message is at most {MAX_MESSAGE} bytes")
                data = loads_bounded(raw, "a message")
                message = parse_message(data)
            except ActionError as error:
                extra = {"id": found} if (found := request_id(data)) is not None else {}
                await _reply(connection, send, _error_message(error.code, error.message, room, **extra))
                continue
            if connection is None:
                if not isinstance(message, Hello):
                    await send(_error_message("bad-message", "say hello first", room))
                    continue
                connection = await _hello(hub, room, message, send, close)
                if connection is not None:
                    pump = asyncio.create_task(connection.pump())
                continue
            await _handle(hub, room, connection, message)
    except WebSocketDisconnect:
        pass
    except Exception:
        # A bug, not the client's: the log gets the traceback, the client a close frame.
        log.exception("game %s: the connection failed", room.id)
        await close(1011, "server error")
    finally:
        if connection is not None:
            await hub.disconnect(room, connection)
        if pump is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pump, 1)


async def _reply(connection: Connection | None, send: Any, message: dict[str, Any]) -> None:
    if connection is not None:
        connection.post(message)
    else:
        await send(message)


def _error_message(code: str, message: str, room: Room, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "version": room.table.version, **extra}


async def _hello(
    hub: Hub,
    room: Room,
    message: Hello,
    send: Callable[[dict[str, Any] | str], Awaitable[None]],
    close: Callable[[int, str], Awaitable[None]],
) -> Connection | None:
    seat: int | None = None
    if message.token is not None:
        seat = room.seat_of(message.token)
        if seat is None:
            await send(_error_message("bad-token", "this token is not a seat of this game", room))
            return None
        await hub.claim(room, seat)
    connection = Connection(send, seat, close)
    try:
        await hub.connect(room, connection, message.since)
    except ActionError as error:  # (full: the most spectators)
        await send(_error_message(error.code, error.message, room))
        await close(CLOSE_FULL, "full")
        return None
    return connection


async def _handle(hub: Hub, room: Room, connection: Connection, message: Message) -> None:
    extra = {"id": message.id} if not isinstance(message, Hello) and message.id is not None else {}
    try:
        if isinstance(message, Ping):
            connection.post({"type": "pong"})
        elif isinstance(message, Preview):
            connection.post(await hub.preview(room, connection.seat, list(message.steps), message.version))
        elif isinstance(message, (Act, Setup, Resign)):
            if isinstance(message, Act):
                action, data = "steps", {"steps": list(message.steps)}
            elif isinstance(message, Setup):
                action, data = message.action()
            else:
                action, data = "resign", {}
            event = await hub.act(room, connection.seat, action, data, message.version)
            connection.post({"type": "accepted", "version": event.version, **extra})
        elif isinstance(message, Rematch):
            if connection.seat is None:
                raise ActionError("spectator", "spectators cannot offer a rematch")
            await hub.offer_rematch(room, connection.seat)
        else:
            raise ActionError("bad-message", "already said hello")
    except ActionError as error:
        reply = _error_message(error.code, error.message, room, **extra)
        if error.legal:
            reply["legal"] = error.legal
        connection.post(reply)
    except Exception:
        # A bug, not the client's fault: the log gets the traceback, the client a plain
        # answer, and the connection stays open (what was committed stays committed).
        log.exception("game %s: %s of seat %s failed", room.id, message.type, connection.seat)
        connection.post(
            _error_message("server-error", "the server failed on this request; it is logged", room, **extra)
        )
