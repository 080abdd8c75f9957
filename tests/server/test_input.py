"""Malformed input, as an attacker would send it, against a real ``aegean serve`` (issue 13,
items 15 and 16): JSON nested too deep, bodies too large (said or not said to be), NaN,
binary frames, and every field of every message kind of the wrong type or out of
bounds. Each gets one clear refusal naming the field; nothing changes; the connection
stays open; the log has no traceback."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from .conftest import ServerProcess, create_game, serve_in

HUMAN: dict[str, Any] = {"kind": "human"}
DEEP = "[" * 5000 + "]" * 5000
#: Each message kind with a wrong field: the field the refusal must name first.
WRONG_FIELDS: list[tuple[dict[str, Any], str]] = [
    ({"type": "act", "version": 0, "steps": ["@a1", 5]}, "steps[1]: "),
    ({"type": "act", "version": 0, "steps": ["@a1"] * 41}, "steps: "),
    ({"type": "act", "version": 0, "steps": ["x" * 33]}, "steps[0]: "),
    ({"type": "act", "version": 0, "steps": ["@a1", "@b1"], "id": 7}, "id: "),
    ({"type": "act", "version": 0, "steps": ["@a1", "@b1"], "id": "x" * 65}, "id: "),
    ({"type": "act", "version": 0, "steps": ["@a1", "@b1"], "seat": 1}, "seat: unknown field"),
    ({"type": "preview", "version": -1, "steps": ["@a1"]}, "version: "),
    ({"type": "preview", "version": 0, "steps": "@a1"}, "steps: "),
    ({"type": "preview", "steps": ["@a1"]}, "version: missing"),
    ({"type": "resign", "version": "0"}, "version: "),
    ({"type": "resign", "version": 0, "seat": 1}, "seat: unknown field"),
    ({"type": "setup", "version": 0, "pick": ["Apollo", 3]}, "pick[1]: "),
    ({"type": "setup", "version": 0, "choose": ["Pan"]}, "choose: "),
    ({"type": "setup", "version": 0, "start": True}, "start: "),
    ({"type": "setup", "version": 0, "start": -1}, "start: "),
    ({"type": "setup", "version": 0}, "give one of"),
    ({"type": "ping", "version": 0}, "version: unknown field"),
    ({"type": "rematch", "now": True}, "now: unknown field"),
    ({"type": "hello", "token": None}, "already said hello"),
]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from serve_in(tmp_path_factory.mktemp("input"))


@pytest.fixture
def clean(shared: ServerProcess) -> Iterator[ServerProcess]:
    """The shared server; whatever a test sends, its log gets no traceback."""
    start = len(shared.log_text())
    yield shared
    log = shared.log_text()[start:]
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


def ws_url(server: ServerProcess, game_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/games/{game_id}"


async def answer(ws: Any) -> dict[str, Any]:
    """The next message that answers a request (``state`` and ``presence`` skipped)."""
    async with asyncio.timeout(10):
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] not in ("state", "presence", "welcome", "events"):
                return message


def spectator_state(server: ServerProcess, game_id: str) -> dict[str, Any]:
    state: dict[str, Any] = httpx.get(f"{server.url}/api/games/{game_id}").json()
    return state


# ---------------------------------------------------------------------- item 15
@pytest.mark.parametrize("path", ["/api/games", "/api/games/{id}/claim", "/api/replay"])
def test_deeply_nested_json_bodies_are_refused(clean: ServerProcess, path: str) -> None:
    """Item 15: 5,000 levels of ``[`` in a body was a ``RecursionError`` (HTTP 500 and a
    traceback): now a 400 that says what is wrong, for every endpoint that reads JSON."""
    game = create_game(clean, seats=[HUMAN, HUMAN])
    body = DEEP if path != "/api/replay" else '{"turns": ' + DEEP + "}"
    reply = httpx.post(clean.url + path.format(id=game["id"]), content=body)
    assert reply.status_code == 400, reply.text
    assert "nested more than 16 levels" in reply.json()["error"]


def test_a_body_too_large_is_refused_before_it_is_read_whole(clean: ServerProcess) -> None:
    """A body over the limit is refused with 413 whether it says its length or not
    (chunked): the server stops reading it, it does not take it all in first."""
    huge = b'{"players": 2, "padding": "' + b"x" * 200_000 + b'"}'
    reply = httpx.post(clean.url + "/api/games", content=huge)
    assert reply.status_code == 413, reply.text

    def chunks() -> Iterator[bytes]:
        yield huge[:1000]
        for start in range(1000, len(huge), 8192):
            yield huge[start : start + 8192]

    chunked = httpx.post(clean.url + "/api/games", content=chunks())
    assert chunked.status_code == 413, chunked.text
    record = httpx.post(clean.url + "/api/replay", content=(b"x" * (300 * 1024) for _ in range(1)))
    assert record.status_code == 413


def test_deep_nesting_nan_and_binary_frames_over_the_websocket(clean: ServerProcess) -> None:
    """Item 15 over the WebSocket: deep nesting (the connection used to drop without a
    close frame), ``NaN``, a binary frame: each an ``error`` naming the problem, before
    and after hello, and the connection stays open."""
    game = create_game(clean, seats=[HUMAN, HUMAN], start_player=0)

    async def scenario() -> list[dict[str, Any]]:
        replies = []
        async with websockets.connect(ws_url(clean, game["id"]), origin=clean.url) as ws:  # type: ignore[arg-type]
            for hello in (False, True):
                for frame in ("[" * 8000, '{"type": "act", "version": NaN, "steps": ["@a1"]}', b"\x00\x01"):
                    await ws.send(frame)
                    replies.append(await answer(ws))
                if not hello:
                    await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"]}))
            await ws.send(json.dumps({"type": "ping"}))
            replies.append(await answer(ws))
        return replies

    replies = asyncio.run(scenario())
    texts = [(r.get("code"), r.get("message")) for r in replies]
    expected = [
        ("bad-message", "a message is nested more than 16 levels deep"),
        ("bad-message", "a message is not valid JSON (NaN is not a JSON number)"),
        ("bad-message", "a message is a JSON text frame, not binary"),
    ]
    assert texts == [*expected, *expected, (None, None)], texts
    assert replies[-1] == {"type": "pong"}


# ---------------------------------------------------------------------- item 16
def test_every_message_kind_checks_its_fields(clean: ServerProcess) -> None:
    """Item 16: a schema per message kind; a field of the wrong type, out of bounds,
    missing or unknown is ``bad-message`` naming it (with the request's ``id`` when it
    has a valid one); nothing changes; a right message then works."""
    game = create_game(clean, seats=[HUMAN, HUMAN], start_player=0, setup="challenger")
    before = spectator_state(clean, game["id"])

    async def scenario() -> list[dict[str, Any]]:
        replies = []
        async with websockets.connect(ws_url(clean, game["id"]), origin=clean.url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"]}))
            for message, _ in WRONG_FIELDS:
                named = "id" in message or message["type"] == "hello"  # (hello takes no id)
                await ws.send(json.dumps(message if named else {"id": "r-9", **message}))
                replies.append(await answer(ws))
            await ws.send(json.dumps({"type": "setup", "version": 0, "pick": ["Apollo", "Pan"], "id": "ok"}))
            replies.append(await answer(ws))
        return replies

    replies = asyncio.run(scenario())
    for (message, field), reply in zip(WRONG_FIELDS, replies, strict=False):
        assert reply["type"] == "error" and reply["code"] == "bad-message", (message, reply)
        assert field in reply["message"], (message, reply)
        assert reply["message"].count("\n") == 0 and len(reply["message"]) < 200
        if "id" not in message and message["type"] != "hello":
            assert reply["id"] == "r-9", reply
    assert replies[-1] == {"type": "accepted", "version": 1, "id": "ok"}
    assert before["version"] == 0


@pytest.mark.parametrize("version", ['"0"', "NaN", "true", "0.0", "null", "1e3", "[0]", "-0.0", "Infinity"])
def test_a_version_must_be_a_non_negative_integer(clean: ServerProcess, version: str) -> None:
    """Item 16 as the review found it: ``"0"`` was told it was stale, ``NaN`` and ``true``
    were echoed back, ``0.0`` was accepted. Each is now refused by type: ``bad-message``
    ``version: …`` (never ``stale-version``), and nothing is played."""
    game = create_game(clean, seats=[HUMAN, HUMAN], start_player=0)

    async def scenario() -> dict[str, Any]:
        async with websockets.connect(ws_url(clean, game["id"]), origin=clean.url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"]}))
            await ws.send('{"type": "act", "version": ' + version + ', "steps": ["@a1", "@b1"]}')
            return await answer(ws)

    reply = asyncio.run(scenario())
    assert reply["type"] == "error" and reply["code"] == "bad-message", reply
    assert reply["message"].startswith("version: ") or "is not a JSON number" in reply["message"], reply
    assert spectator_state(clean, game["id"])["version"] == 0
