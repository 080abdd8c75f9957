"""The FastAPI application: the HTTP API, the WebSocket endpoint and the web UI.

Bad input never reaches the engine unchecked and never produces a traceback: every
refusal is a JSON error that names the problem (``docs/server.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
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
from .hub import Connection, Hub, Room, encode
from .loop_watch import LoopWatch
from .replay import replay_frames
from .security import RateLimiter, origin_allowed
from .table import ActionError

log = logging.getLogger("aegean.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
#: The largest WebSocket message and HTTP body (a record upload is larger).
MAX_MESSAGE = 8 * 1024
MAX_BODY = 16 * 1024
MAX_RECORD = 256 * 1024
#: Refusals in a row after which a flooding connection is closed.
RATE_CLOSE_AFTER = 20

_STATUS = {
    "not-found": 404,
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


async def _json_body(request: Request, limit: int = MAX_BODY) -> Any:
    body = await request.body()
    if len(body) > limit:
        raise ActionError("too-large", f"the request body is larger than {limit} bytes")
    if not body:
        return {}
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ActionError("bad-request", "the request body is not valid JSON") from None


def create_app(
    db: str = "aegean-games.sqlite3",
    *,
    allow_origins: tuple[str, ...] = (),
    ai_workers: int = 1,
    rate: float = 20.0,
    burst: float = 40.0,
) -> FastAPI:
    """The application for the database ``db`` (a SQLite path or a SQLAlchemy URL)."""
    allowed = frozenset(o.rstrip("/").lower() for o in allow_origins)
    state: dict[str, Hub] = {}
    watch = LoopWatch(report=True)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, database_url(db))
        hub = Hub(store, ai_workers=ai_workers)
        await hub.start()
        state["hub"] = hub
        watching = watch.start()
        try:
            yield
        finally:
            watching.cancel()
            await hub.stop()
            store.close()

    app = FastAPI(title="Aegean: the online table", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub() -> Hub:
        return state["hub"]

    @app.exception_handler(ActionError)
    async def action_error(_request: Request, error: ActionError) -> JSONResponse:
        return _error(error.code, error.message)

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
        if not isinstance(body, dict):
            raise ActionError("bad-request", "the body must be a JSON object")
        room, tokens = await hub().create(body)
        seats = []
        for seat, token in enumerate(tokens):
            entry: dict[str, Any] = {"seat": seat, "kind": room.kinds[seat]}
            if token is not None:
                entry["token"] = token
                entry["invite"] = f"/game/{room.id}#seat={seat}&token={token}"
            seats.append(entry)
        return JSONResponse({"id": room.id, "version": room.table.version, "seats": seats}, status_code=201)

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
        return {
            "id": room.id,
            "seat": seat,
            "token": token,
            "invite": f"/game/{room.id}#seat={seat}&token={token}",
        }

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
        body = await request.body()
        if len(body) > MAX_RECORD:
            raise ActionError("too-large", f"a record is at most {MAX_RECORD // 1024} KiB")
        try:
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
    """One client: ``hello`` first, then actions, until it leaves."""

    async def send(message: dict[str, Any] | str) -> None:
        await websocket.send_text(message if isinstance(message, str) else encode(message))

    connection: Connection | None = None
    pump: asyncio.Task[None] | None = None
    try:
        while True:
            raw = await websocket.receive_text()
            if not limiter.allow():
                if limiter.refused > RATE_CLOSE_AFTER:
                    if connection is not None and pump is not None:
                        # Send what is queued first (the replies and rate-limited errors).
                        connection.close()
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(pump, 1)
                    await websocket.close(code=1008, reason="rate limit")
                    return
                await _reply(
                    connection, send, _error_message("rate-limited", "too many messages; slow down", room)
                )
                continue
            if len(raw) > MAX_MESSAGE:
                await _reply(
                    connection,
                    send,
                    _error_message("too-large", f"a message is at most {MAX_MESSAGE} bytes", room),
                )
                continue
            try:
                message = json.loads(raw)
                if not isinstance(message, dict) or not isinstance(message.get("type"), str):
                    raise ValueError
            except ValueError:
                await _reply(
                    connection,
                    send,
                    _error_message("bad-message", "a message is a JSON object with a 'type'", room),
                )
                continue
            kind = message["type"]
            if connection is None:
                if kind != "hello":
                    await send(_error_message("bad-message", "say hello first", room))
                    continue
                connection = await _hello(hub, room, message, send)
                if connection is None:
                    continue
                pump = asyncio.create_task(connection.pump())
                continue
            await _handle(hub, room, connection, message)
    except WebSocketDisconnect:
        pass
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


async def _hello(hub: Hub, room: Room, message: dict[str, Any], send: Any) -> Connection | None:
    token = message.get("token")
    seat: int | None = None
    if token is not None:
        seat = room.seat_of(token) if isinstance(token, str) else None
        if seat is None:
            await send(_error_message("bad-token", "this token is not a seat of this game", room))
            return None
        await hub.claim(room, seat)
    connection = Connection(send, seat)
    await hub.connect(room, connection, message.get("since"))
    return connection


async def _handle(hub: Hub, room: Room, connection: Connection, message: dict[str, Any]) -> None:
    kind = message["type"]
    request_id = message.get("id")
    extra = {"id": request_id} if isinstance(request_id, (str, int)) else {}
    try:
        if kind == "ping":
            connection.post({"type": "pong"})
        elif kind == "preview":
            connection.post(
                await hub.preview(room, connection.seat, message.get("steps"), message.get("version"))
            )
        elif kind in ("act", "setup", "resign"):
            data: dict[str, Any]
            if kind == "act":
                action, data = "steps", {"steps": message.get("steps")}
            elif kind == "resign":
                action, data = "resign", {}
            else:
                found = [k for k in ("pick", "choose", "start") if k in message]
                if len(found) != 1:
                    raise ActionError("bad-message", "setup: give one of 'pick', 'choose' or 'start'")
                action, data = found[0], {found[0]: message[found[0]]}
            event = await hub.act(room, connection.seat, action, data, message.get("version"))
            connection.post({"type": "accepted", "version": event.version, **extra})
        elif kind == "rematch":
            if connection.seat is None:
                raise ActionError("spectator", "spectators cannot offer a rematch")
            await hub.offer_rematch(room, connection.seat)
        elif kind == "hello":
            raise ActionError("bad-message", "already said hello")
        else:
            raise ActionError("bad-message", f"unknown message type {kind[:40]!r}")
    except ActionError as error:
        reply = _error_message(error.code, error.message, room, **extra)
        if error.legal:
            reply["legal"] = error.legal
        connection.post(reply)
    except Exception:
        # A bug, not the client's fault: the log gets the traceback, the client a plain
        # answer, and the connection stays open (what was committed stays committed).
        log.exception("game %s: %s of seat %s failed", room.id, kind, connection.seat)
        connection.post(
            _error_message("server-error", "the server failed on this request; it is logged", room, **extra)
        )
