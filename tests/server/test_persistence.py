"""A server killed with SIGKILL and restarted resumes every game exactly where it was, and
an action is committed before it is broadcast (docs/server.md, "Persistence").

The server is a real ``aegean serve`` process on a real SQLite file; ``kill()`` is a
SIGKILL, so no shutdown code runs, as in a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from aegean.server.client import TableClient

from .conftest import ServerProcess, create_game

HUMAN: dict[str, Any] = {"kind": "human"}
RANDOM_AI: dict[str, Any] = {"kind": "ai", "level": "random"}


@dataclass
class Game:
    """One game and a client in each of its human seats."""

    id: str
    tokens: dict[int, str]
    clients: dict[int, TableClient] = field(default_factory=dict)


async def open_game(server: ServerProcess, body: dict[str, Any]) -> Game:
    created = create_game(server, **body)
    game = Game(created["id"], {s["seat"]: s["token"] for s in created["seats"] if "token" in s})
    await connect(server, game)
    return game


async def connect(server: ServerProcess, game: Game, since: dict[int, int] | None = None) -> None:
    """(Re)connect every human seat with fresh clients; ``since`` per seat."""
    for seat, token in game.tokens.items():
        client = TableClient(server.url, game.id, token)
        welcome = await client.connect(None if since is None else since[seat])
        assert welcome["type"] == "welcome" and welcome["seat"] == seat, welcome
        await client.wait_state(lambda s: True, timeout=10)
        game.clients[seat] = client


async def close(game: Game) -> None:
    for client in game.clients.values():
        await client.close()


async def act_randomly(client: TableClient, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One action of this seat: a random turn, or its part of the Challenger setup."""
    setup = state["setup"]
    version = state["version"]
    if setup is None:
        return await client.act(await client.random_turn(rng))
    message: dict[str, Any] = {"type": "setup", "version": version}
    if setup["phase"] == "pick":
        message["pick"] = ["Apollo", "Artemis", "Athena", "Demeter"][: setup["picks"]]
    elif setup["phase"] == "choose":
        message["choose"] = rng.choice(setup["remaining"])
    else:
        message["start"] = rng.choice(setup["start_options"])
    return await client.request(message)


def _due(seat: int, state: dict[str, Any]) -> bool:
    return state["turn"]["actor"] == seat and bool(state["options"] or state["setup"])


async def play_seat(client: TableClient, rng: random.Random, until: int | None = None) -> None:
    """Random actions of one seat until the game is over (or reaches version ``until``)."""
    seat = client.seat
    assert seat is not None
    while True:
        state = await client.wait_state(
            lambda s: (
                s["outcome"] is not None or (until is not None and s["version"] >= until) or _due(seat, s)
            )
        )
        if state["outcome"] is not None or (until is not None and state["version"] >= until):
            return
        reply = await act_randomly(client, state, rng)
        assert reply["type"] == "accepted", reply


async def play(game: Game, rng: random.Random, until: int | None = None) -> None:
    """Random play to the end (or to version ``until``, then until no AI is to move and
    every seat has seen the same version: nothing in flight)."""
    async with asyncio.timeout(120):
        await asyncio.gather(*(play_seat(c, rng, until) for c in game.clients.values()))
        if until is None:
            return
        state = await game.clients[0].wait_state(
            lambda s: s["outcome"] is not None or s["turn"]["actor"] in game.tokens
        )
        for client in game.clients.values():
            await client.wait_state(lambda s: s["version"] == state["version"])


def stable(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what changes with the connections (who is online)."""
    copy: dict[str, Any] = json.loads(json.dumps(state))
    for seat in copy["seats"]:
        del seat["connected"]
    return copy


def stored_events(server: ServerProcess, game_id: str) -> list[tuple[int, str, int, str]]:
    with sqlite3.connect(f"file:{server.db}?mode=ro", uri=True) as con:
        rows = con.execute(
            "SELECT version, kind, seat, data FROM events WHERE game_id = ? ORDER BY version", (game_id,)
        ).fetchall()
        (version,) = con.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
    # Versions 1 … N, no gap and no duplicate, and the game row agrees.
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert version == len(rows)
    return rows


def last_state(client: TableClient) -> dict[str, Any]:
    assert client.state is not None
    return client.state


def accepted(client: TableClient) -> list[int]:
    return [m["version"] for m in client.messages if m["type"] == "accepted"]


def descendants(pid: int) -> list[int]:
    """The processes started under ``pid`` (an AI pool: the forkserver, its workers, the
    resource tracker), which a SIGKILL of the server leaves running."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def _end(pids: list[int]) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def crash(server: ServerProcess) -> None:
    """SIGKILL the server; then end what it had started (nothing of it survives a crash)."""
    assert server.process is not None
    started = descendants(server.process.pid)
    server.kill()
    _end(started)


def shut_down(server: ServerProcess) -> None:
    """Stop the server (SIGTERM) and end what it leaves behind (an AI pool worker that
    searched at level 3 does not always exit with it)."""
    assert server.process is not None
    started = descendants(server.process.pid)
    server.stop()
    _end(started)


# ---------------------------------------------------------------------- the tests
GAMES: dict[str, dict[str, Any]] = {
    "plain": {"players": 2, "seats": [HUMAN] * 2},
    "powers": {"players": 2, "powers": ["Apollo", "Minotaur"], "seats": [HUMAN] * 2},
    "three with AIs": {
        "players": 3,
        "seats": [HUMAN, RANDOM_AI, RANDOM_AI],
        "powers": ["Apollo", "Athena", "Pan"],
    },
    "four": {"players": 4, "seats": [HUMAN] * 4, "powers": ["Apollo", "Athena", "Pan", "Atlas"]},
    "hecate": {"players": 2, "powers": ["Hecate", "Demeter"], "seats": [HUMAN] * 2},
    "challenger": {"players": 2, "setup": "challenger", "seats": [HUMAN] * 2},
}


async def _kill_and_resume(server: ServerProcess) -> None:
    rng = random.Random(7)
    games = {name: await open_game(server, body) for name, body in GAMES.items()}
    for name, game in games.items():  # each to a random point (the Challenger: mid-setup)
        await play(game, rng, until=1 if name == "challenger" else rng.randint(3, 14))
    assert last_state(games["challenger"].clients[0])["setup"]["phase"] == "choose"
    # An AI seat (level 3 thinks for half a second) is to move when the server dies.
    thinking = await open_game(
        server, {"players": 2, "seats": [HUMAN, {"kind": "ai", "level": "3"}], "start_player": 0}
    )
    await play(thinking, rng, until=2)
    reply = await act_randomly(thinking.clients[0], await thinking.clients[0].wait_turn(), rng)
    assert reply["type"] == "accepted" and reply["version"] == 3
    games["ai thinking"] = thinking
    before = {name: {s: last_state(c) for s, c in g.clients.items()} for name, g in games.items()}
    acks = {
        name: max((v for c in g.clients.values() for v in accepted(c)), default=0)
        for name, g in games.items()
    }
    crash(server)
    assert last_state(thinking.clients[0])["turn"]["actor"] == 1
    for game in games.values():
        await close(game)

    for name, game in games.items():  # every accepted action is stored
        stored, seen = stored_events(server, game.id), before[name][0]["version"]
        assert seen >= acks[name] > 0
        # A quick AI may have moved just before the kill, unseen by the client: stored too.
        ai_moved = name == "ai thinking" and len(stored) == seen + 1 and stored[-1][2] == 1
        assert len(stored) == seen or ai_moved, (name, stored)
    server.start()
    for name in ("ai thinking", *GAMES):  # every seat says hello with the last version it saw
        game = games[name]
        since = {s: state["version"] for s, state in before[name].items()}
        await connect(server, game, since)
        for seat, client in game.clients.items():
            welcome = client.messages[0]
            caught_up = [m["events"] for m in client.messages if m["type"] == "events"]
            if welcome["version"] == since[seat]:  # the game exactly where it was
                assert not caught_up
                first = next(m for m in client.messages if m["type"] == "state")
                assert stable(first) == stable(before[name][seat]), name
            else:  # (only the AI, thinking again, can have moved since the restart)
                assert name == "ai thinking" and welcome["version"] == since[seat] + 1, (name, welcome)
                assert [(e["version"], e["seat"]) for e in caught_up[0]] == [(since[seat] + 1, 1)]
    # The AI whose turn it was thinks again after the restart and moves.
    state = await thinking.clients[0].wait_state(lambda s: s["version"] >= 4)
    assert state["version"] == 4 and state["turn"]["actor"] == 0
    for game in games.values():  # and every game goes on to the end
        await play(game, rng)
        await close(game)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http:
        for game in games.values():
            final = last_state(game.clients[0])
            assert final["outcome"] is not None and len(stored_events(server, game.id)) == final["version"]
            # The record of the game, played across the crash, is the game the seats saw.
            answer = await http.get(f"/api/games/{game.id}/record")
            assert answer.status_code == 200
            record = json.loads(answer.text)
            assert record["turns"] == [t["text"] for t in final["turns"]]
            assert record["result"] == final["outcome"]["result"]


def test_a_killed_server_resumes_every_game_where_it_was(server: ServerProcess) -> None:
    try:
        asyncio.run(_kill_and_resume(server))
    finally:
        shut_down(server)


async def _burst(server: ServerProcess, actions: int) -> None:
    rng = random.Random(11)
    # (Powers are dealt at random with three and four players: every player has one.)
    bodies = [
        {"players": n, "seats": [HUMAN] * n, **({"powers": "random"} if n > 2 else {})} for n in (2, 2, 3, 4)
    ]
    games = [await open_game(server, body) for body in bodies]
    tasks = [asyncio.create_task(play(game, rng)) for game in games]
    async with asyncio.timeout(60):
        while sum(len(accepted(c)) for g in games for c in g.clients.values()) < actions:
            await asyncio.sleep(0.002)
    crash(server)  # while many clients act at once
    await asyncio.sleep(0.3)  # (what was sent before the kill is read)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(BaseException):
            await task
    seen = [{s: last_state(c)["version"] for s, c in game.clients.items()} for game in games]
    acks = [max((v for c in g.clients.values() for v in accepted(c)), default=0) for g in games]
    states = [{s: last_state(c) for s, c in game.clients.items()} for game in games]
    for game in games:
        await close(game)
    assert all(not last_state(c)["outcome"] for g in games for c in g.clients.values())
    stored = [len(stored_events(server, game.id)) for game in games]
    for game_seen, ack, version in zip(seen, acks, stored, strict=True):
        # Accepted and broadcast actions were committed (maybe one more, its answer lost).
        assert version >= ack and version >= max(game_seen.values())

    server.start()
    for game, since, version, before in zip(games, seen, stored, states, strict=True):
        await connect(server, game, since)
        for seat, client in game.clients.items():
            assert client.messages[0]["version"] == version
            caught_up = [m for m in client.messages if m["type"] == "events"]
            missing = list(range(since[seat] + 1, version + 1))
            if missing:  # exactly the missing versions, in order
                assert [e["version"] for e in caught_up[0]["events"]] == missing
            else:
                assert not caught_up
                assert stable(last_state(client)) == stable(before[seat])
    for game in games:
        await play(game, rng)
        assert last_state(next(iter(game.clients.values())))["outcome"] is not None
        await close(game)
        stored_events(server, game.id)


def test_a_server_killed_in_a_burst_of_actions_loses_no_accepted_action(server: ServerProcess) -> None:
    asyncio.run(_burst(server, 30))
    # (The database after the crash: still SQLite in WAL mode, at Alembic's head revision.)
    with sqlite3.connect(server.db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0002",)]


async def _commit_then_broadcast(server: ServerProcess) -> list[int]:
    """Seat 1 acts while the database is locked (its commit waits); meanwhile a spectator
    connects and seat 2 reconnects. Returns every version anybody was shown before the
    server dies with the commit still waiting."""
    game = await open_game(server, {"players": 2, "seats": [HUMAN] * 2, "start_player": 0})
    mover = game.clients[0]
    state = await mover.wait_turn()
    steps = await mover.random_turn(random.Random(1))  # (a whole turn: two placements)
    lock = sqlite3.connect(server.db, timeout=1, isolation_level=None)
    lock.execute("BEGIN IMMEDIATE")  # the write lock: the server's commit must wait for it
    try:
        await mover.send({"type": "act", "version": state["version"], "steps": steps})
        await asyncio.sleep(0.3)
        shown = []
        late = TableClient(server.url, game.id)
        shown.append((await late.connect())["version"])
        shown.append((await late.wait_state(lambda s: True, timeout=5))["version"])
        await game.clients[1].close()
        again = TableClient(server.url, game.id, game.tokens[1])
        shown.append((await again.connect())["version"])
        async with httpx.AsyncClient(base_url=server.url, timeout=5) as http:
            shown.append((await http.get(f"/api/games/{game.id}")).json()["version"])
        await asyncio.sleep(0.2)
        shown += [m["version"] for c in (mover, late, again) for m in c.messages if m["type"] == "state"]
        assert not [m for m in mover.messages if m["type"] == "accepted"]
        crash(server)
    finally:
        lock.rollback()
        lock.close()
    for client in (mover, late, again):
        await client.close()
    assert stored_events(server, game.id) == []
    return shown


def test_an_action_is_shown_to_nobody_before_it_is_committed(server: ServerProcess) -> None:
    shown = asyncio.run(_commit_then_broadcast(server))
    assert set(shown) == {0}
