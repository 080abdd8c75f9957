"""What one client may cost the server (issue 13, items 12 to 14), tried against a real
``aegean serve``: games created per address, requests per address, games nobody starts
(they expire), spectators (coming and going costs the others nothing; a game takes so
many), and the headers every response carries (CSP, no framing)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from aegean.server.client import TableClient
from aegean.server.security import SECURITY_HEADERS

from .conftest import ServerProcess, create_game, post_game, serve_in, start_server

HUMAN: dict[str, Any] = {"kind": "human"}
TWO_HUMANS = [HUMAN, HUMAN]


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with small limits: 3 games an address, 3 spectators a game, games
    unstarted for 2 s expire."""
    yield from serve_in(
        tmp_path, 10_000, "--create-limit", "3", "--max-spectators", "3", "--expire-after", "2"
    )


def spectator_state(server: ServerProcess, game_id: str) -> dict[str, Any]:
    state: dict[str, Any] = httpx.get(f"{server.url}/api/games/{game_id}").json()
    return state


def games_in_db(server: ServerProcess) -> set[str]:
    with sqlite3.connect(server.db) as db:
        return {row[0] for row in db.execute("SELECT id FROM games")}


# ---------------------------------------------------------------------- item 12
def test_an_address_creates_so_many_games_and_then_waits(tmp_path: Path) -> None:
    """``--create-limit 3``: three games from one address, then 429 with ``Retry-After``
    and a line saying when to try again; a refused (bad) request costs nothing; playing,
    watching and the lobby go on."""
    server = start_server(tmp_path, 10_000, "--create-limit", "3")
    try:
        assert httpx.post(server.url + "/api/games", json={"players": 9}).status_code == 400
        made = [create_game(server, seats=TWO_HUMANS) for _ in range(3)]
        reply = httpx.post(server.url + "/api/games", json={})
        assert reply.status_code == 429, reply.text
        assert reply.json()["code"] == "rate-limited" and "try again in" in reply.json()["error"]
        assert int(reply.headers["retry-after"]) >= 1
        assert len(httpx.get(server.url + "/api/games").json()) == 3
        assert httpx.get(f"{server.url}/api/games/{made[0]['id']}").status_code == 200
        assert "Traceback" not in server.log_text()
    finally:
        server.stop()


def test_an_address_sending_too_many_requests_is_told_to_wait(tmp_path: Path) -> None:
    """``--rate-limit 1``: one request a second per address, bursts of 2 (the WebSocket
    messages' rate, per address): a burst of 6 gets 429s with ``Retry-After``, never a
    5xx; a WebSocket upgrade counts too (refused, 403, while over); ``/healthz`` is never
    limited; after a pause all is well."""
    server = start_server(tmp_path, 1)
    try:

        async def burst() -> tuple[list[httpx.Response], int]:
            async with httpx.AsyncClient(base_url=server.url) as http:
                replies = await asyncio.gather(*(http.get("/api/levels") for _ in range(6)))
            url = server.url.replace("http://", "ws://") + "/ws/games/nosuchgame00"
            try:
                async with websockets.connect(url, origin=server.url):  # type: ignore[arg-type]
                    return replies, 101
            except websockets.InvalidStatus as refusal:
                return replies, refusal.response.status_code

        replies, upgrade = asyncio.run(burst())
        statuses = [reply.status_code for reply in replies]
        assert set(statuses) == {200, 429} and statuses.count(200) <= 3, statuses
        refused = [reply for reply in replies if reply.status_code == 429]
        assert all(int(reply.headers["retry-after"]) >= 1 for reply in refused)
        assert all(reply.json()["code"] == "rate-limited" for reply in refused)
        assert upgrade == 403
        assert httpx.get(server.url + "/healthz").status_code == 200
        time.sleep(2.5)
        assert httpx.get(server.url + "/api/levels").status_code == 200
        assert "Traceback" not in server.log_text()
    finally:
        server.stop()


def test_games_nobody_starts_expire(limited: ServerProcess) -> None:
    """``--expire-after 2``: a game in which nothing happened for 2 s and where no player
    is connected is removed (404, out of the lobby, out of the database), its spectator
    told (``expired``, close 4410); a game with an action stays, and one whose player is
    connected stays until the player leaves."""
    server = limited
    idle = post_game(server, seats=TWO_HUMANS)
    started = create_game(server, seats=TWO_HUMANS, start_player=0)
    waiting = post_game(server, seats=[HUMAN, {"kind": "ai", "level": "random"}], start_player=0)

    async def scenario() -> tuple[dict[str, Any], int | None]:
        async with (
            TableClient(server.url, started["id"], started["seats"][0]["token"]) as player,
            TableClient(server.url, waiting["id"], waiting["seats"][0]["token"]) as present,
            TableClient(server.url, idle["id"]) as spectator,
        ):
            state = await player.wait_turn()
            assert (await player.act([o["text"] for o in state["options"][:2]]))["type"] == "accepted"
            await present.wait_turn()
            told = await spectator.next_message(("error",), timeout=15)
            await spectator.next_message(("closed",))
            assert spectator._socket is not None
            await asyncio.sleep(2)  # (several looks later: the other two are still there)
            assert games_in_db(server) == {started["id"], waiting["id"]}
            lobby = {entry["id"] for entry in httpx.get(server.url + "/api/games").json()}
            assert lobby == {started["id"], waiting["id"]}
            return told, spectator._socket.close_code

    told, code = asyncio.run(scenario())
    assert told["code"] == "expired" and code == 4410, (told, code)
    assert httpx.get(f"{server.url}/api/games/{idle['id']}").status_code == 404
    deadline = time.monotonic() + 15
    while waiting["id"] in games_in_db(server) and time.monotonic() < deadline:
        time.sleep(0.2)  # (its player left: it goes at the next look)
    assert games_in_db(server) == {started["id"]}
    assert "expired 1 games nobody started" in server.log_text()


def test_an_unstarted_rematch_expires_and_may_be_offered_again(limited: ServerProcess) -> None:
    """The rematch nobody started expires like any game; the finished game's players are
    told (``presence``: no rematch any more) and may offer one again."""
    server = limited
    game = create_game(server, seats=TWO_HUMANS, start_player=0)

    async def scenario() -> tuple[str, dict[str, Any]]:
        async with (
            TableClient(server.url, game["id"], game["seats"][0]["token"]) as first,
            TableClient(server.url, game["id"], game["seats"][1]["token"]) as second,
        ):
            state = await first.wait_turn()
            assert (await first.request({"type": "resign", "version": state["version"]}))[
                "type"
            ] == "accepted"
            await first.send({"type": "rematch"})
            await second.send({"type": "rematch"})
            made = await first.next_message(("rematch",))
            await first.wait_state(lambda s: s["rematch"]["game"] == made["game"])
            gone = await first.wait_state(lambda s: s["rematch"]["game"] is None, timeout=15)
            return made["game"], gone

    rematch, state = asyncio.run(scenario())
    assert state["rematch"] == {"offered": [], "game": None}
    assert httpx.get(f"{server.url}/api/games/{rematch}").status_code == 404
    assert httpx.get(f"{server.url}/api/games/{game['id']}").json()["rematch"]["game"] is None


# ---------------------------------------------------------------------- item 13
def test_spectators_coming_and_going_cost_the_players_nothing(server: ServerProcess) -> None:
    """Item 13: 30 spectators join and leave while both seats are connected: the seats
    are sent nothing for it (the game is not sent again); a seat connecting or leaving is
    one small ``presence`` message to the others, and their state shows it."""
    game = create_game(server, seats=TWO_HUMANS, start_player=0)

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
        async with (
            TableClient(server.url, game["id"], game["seats"][0]["token"]) as first,
            TableClient(server.url, game["id"], game["seats"][1]["token"]) as second,
        ):
            await first.wait_state(lambda s: s["seats"][1]["connected"])
            before = len(first.messages)
            spectators = [TableClient(server.url, game["id"]) for _ in range(30)]
            for spectator in spectators:
                await spectator.connect()
                await spectator.wait_state(lambda s: True)
            for spectator in spectators:
                await spectator.close()
            await first.send({"type": "ping"})
            await first.next_message(("pong",))
            during = first.messages[before:]
            await second.close()
            left = await first.wait_state(lambda s: not s["seats"][1]["connected"])
            return during, first.messages[before + len(during) :], left

    during, after, left = asyncio.run(scenario())
    assert during == [{"type": "pong"}]
    assert [m["type"] for m in after] == ["presence"]
    presence = after[0]
    assert len(json.dumps(presence)) < 300
    assert presence["seats"][1] == {"seat": 1, "claimed": True, "connected": False}
    assert left["seats"][0]["connected"] and left["version"] == 0


def test_a_crowd_gets_every_state_in_order(server: ServerProcess) -> None:
    """Past 100 spectators the states go out a chunk at a time (the event loop serves
    others between chunks): each of 150 spectators still gets every version, in order,
    and the presence news after the states sent before it."""
    game = create_game(server, seats=TWO_HUMANS, start_player=0)

    async def scenario() -> tuple[list[TableClient], dict[str, Any]]:
        crowd = [TableClient(server.url, game["id"]) for _ in range(150)]
        async with (
            TableClient(server.url, game["id"], game["seats"][0]["token"]) as first,
            TableClient(server.url, game["id"], game["seats"][1]["token"]) as second,
        ):
            for spectator in crowd:
                await spectator.connect()
            rng = random.Random(4)
            for _ in range(4):
                mover = first if (await first.wait_state(lambda s: True))["turn"]["actor"] == 0 else second
                state = await mover.wait_turn()
                assert (await mover.act(await mover.random_turn(rng)))["type"] == "accepted"
                await asyncio.gather(
                    *(c.wait_state(lambda s, v=state["version"]: s["version"] > v) for c in (first, second))
                )
        final = spectator_state(server, game["id"])
        for spectator in crowd:
            await spectator.wait_state(lambda s: not s["seats"][1]["connected"])
            await spectator.close()
        return crowd, final

    crowd, final = asyncio.run(scenario())
    for spectator in crowd:
        versions = [m["version"] for m in spectator.messages if m["type"] == "state"]
        assert versions == list(range(versions[0], final["version"] + 1)), versions
        assert spectator.state is not None and spectator.state["board"] == final["board"]
        kinds = [m["type"] for m in spectator.messages]
        assert kinds.index("presence") > max(i for i, kind in enumerate(kinds) if kind == "state")


def test_a_game_takes_so_many_spectators(limited: ServerProcess) -> None:
    """``--max-spectators 3``: the fourth spectator is refused (``full``, close 4503) while
    the players still connect; once one spectator leaves another may come."""
    server = limited
    game = create_game(server, seats=TWO_HUMANS)

    async def scenario() -> tuple[dict[str, Any], int | None, dict[str, Any]]:
        spectators = [TableClient(server.url, game["id"]) for _ in range(3)]
        for spectator in spectators:
            assert (await spectator.connect())["type"] == "welcome"
        extra = TableClient(server.url, game["id"])
        refusal = await extra.connect()
        await extra.next_message(("closed",))
        code = extra._socket.close_code if extra._socket is not None else None
        async with TableClient(server.url, game["id"], game["seats"][1]["token"]) as player:
            assert player.seat == 1
        await spectators[0].close()
        await asyncio.sleep(0.2)
        later = TableClient(server.url, game["id"])
        welcome = await later.connect()
        for spectator in [*spectators[1:], later, extra]:
            await spectator.close()
        return refusal, code, welcome

    refusal, code, welcome = asyncio.run(scenario())
    assert refusal["type"] == "error" and refusal["code"] == "full", refusal
    assert "3 spectators" in refusal["message"] and code == 4503
    assert welcome["type"] == "welcome"


def test_a_client_that_does_not_read_is_closed_not_left_waiting(server: ServerProcess) -> None:
    """A connection that reads nothing (its receive window tiny) while asking for 1,500
    previews: once 256 answers wait for it, the server drops them and closes it (4408,
    "reconnect to catch up"; it used to stop sending and leave the connection open, the
    client never hearing of anything again), instead of keeping them all in memory."""
    game = create_game(server, seats=[HUMAN, {"kind": "ai", "level": "random"}], start_player=0)

    async def scenario() -> tuple[int, int | None]:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", server.port))
        url = server.url.replace("http://", "ws://") + f"/ws/games/{game['id']}"
        async with websockets.connect(url, origin=server.url, sock=sock, max_size=2**22) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"]}))
            for _ in range(1500):
                await ws.send(json.dumps({"type": "preview", "version": 0, "steps": ["@a1"]}))
            await asyncio.sleep(2)
            received = 0
            with contextlib.suppress(websockets.ConnectionClosed):
                async with asyncio.timeout(20):
                    async for _ in ws:
                        received += 1
            return received, ws.close_code

    received, code = asyncio.run(scenario())
    assert code == 4408 and received < 1500, (received, code)
    assert "Traceback" not in server.log_text()


# ---------------------------------------------------------------------- item 14
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/game/whatever00"),
        ("GET", "/replay"),
        ("GET", "/static/app.js"),
        ("GET", "/static/style.css"),
        ("GET", "/api/games"),
        ("GET", "/api/games/nosuchgame00"),
        ("POST", "/api/games"),
        ("GET", "/no/such/page"),
        ("DELETE", "/api/games"),
    ],
)
def test_every_response_forbids_framing_and_foreign_scripts(
    server: ServerProcess, method: str, path: str
) -> None:
    """Item 14: every page and answer carries the strict CSP (``frame-ancestors 'none'``,
    scripts only from this origin) and ``X-Frame-Options: DENY``, errors included."""
    reply = httpx.request(method, server.url + path, json={} if method == "POST" else None)
    assert reply.status_code < 500, reply.text
    for name, value in SECURITY_HEADERS:
        assert reply.headers.get(name) == value, (name, reply.headers)
    csp = reply.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert reply.headers["x-frame-options"] == "DENY"
