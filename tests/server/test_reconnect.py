"""Clients reconnect and catch up by version (docs/server.md): a client that says
``hello`` with ``since`` = the last version it saw gets exactly the events it missed (at
most 200 behind), redacted for it, then the full state; with no usable ``since`` only
the full state. Clients that come and go converge to what a client that never left sees.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from aegean.server.client import TableClient

from .conftest import ServerProcess, create_game, serve_in

HUMAN: dict[str, Any] = {"kind": "human"}


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's games (no test here stops or kills it)."""
    yield from serve_in(tmp_path_factory.mktemp("reconnect"))


def create(server: ServerProcess, body: dict[str, Any]) -> dict[str, Any]:
    return create_game(server, **body)


def stable(state: dict[str, Any]) -> dict[str, Any]:
    """A state without who is online (which differs between two clients of one seat)."""
    copy: dict[str, Any] = json.loads(json.dumps(state))
    for seat in copy["seats"]:
        del seat["connected"]
    return copy


@dataclass
class Flaky:
    """One seat (or a spectator) whose connection comes and goes: each session is a fresh
    client that says hello with the last version the previous ones saw."""

    url: str
    game_id: str
    token: str | None
    sessions: list[TableClient] = field(default_factory=list)
    #: (since, the session that said it).
    hellos: list[tuple[int | None, TableClient]] = field(default_factory=list)

    @property
    def client(self) -> TableClient:
        return self.sessions[-1]

    def last_version(self) -> int | None:
        versions = [m["version"] for c in self.sessions for m in c.messages if m["type"] == "state"]
        return max(versions, default=None)

    async def connect(self) -> None:
        since = self.last_version()
        if self.sessions:
            await self.client.close()
        client = TableClient(self.url, self.game_id, self.token)
        self.sessions.append(client)
        assert (await client.connect(since))["type"] == "welcome"
        self.hellos.append((since, client))
        await client.wait_state(lambda s: True, timeout=10)

    def states(self) -> list[dict[str, Any]]:
        return [m for c in self.sessions for m in c.messages if m["type"] == "state"]


async def flaky_seat(seat: Flaky, rng: random.Random) -> None:
    """Random turns; now and then reconnects before acting, or leaves for a while after."""
    while True:
        state = await seat.client.wait_turn()
        if state["outcome"] is not None:
            return
        if rng.random() < 0.25:
            await seat.connect()
            continue
        reply = await seat.client.act(await seat.client.random_turn(rng))
        assert reply["type"] == "accepted", reply
        if rng.random() < 0.4:
            await seat.client.close()
            await asyncio.sleep(rng.uniform(0.01, 0.25))  # (the others play on meanwhile)
            await seat.connect()


async def flaky_spectator(viewer: Flaky, steady: TableClient, rng: random.Random) -> None:
    # At least two comings and goings, even when a quick game ends before the first (seen
    # in CI: the spectator had only its first and its last hello).
    while steady.state is None or steady.state["outcome"] is None or len(viewer.hellos) < 3:
        await asyncio.sleep(rng.uniform(0.01, 0.2))
        await viewer.client.close()
        await asyncio.sleep(rng.uniform(0.01, 0.2))
        await viewer.connect()


def check_catch_up(viewer: Flaky, steady: dict[int, dict[str, Any]]) -> int:
    """Each hello: ``welcome`` at version V, then the events since+1 … V (none when
    nothing was missed), then the state at V. Each event is the turn as the state of its
    version lists it (so as redacted as the turns list). Returns how many events came."""
    count = 0
    for since, client in viewer.hellos:
        welcome, *rest = client.messages
        version = welcome["version"]
        assert welcome["type"] == "welcome" and (since is None or version >= since)
        if since is not None and version > since:
            events = rest.pop(0)
            assert events["type"] == "events"
            assert [e["version"] for e in events["events"]] == list(range(since + 1, version + 1))
            for event in events["events"]:
                turns = steady[event["version"]]["turns"]
                assert turns[-1]["seat"] == event["seat"] and turns[-1]["text"] == event["text"], event
            count += len(events["events"])
        assert rest[0]["type"] == "state" and rest[0]["version"] == version
        assert all(m["type"] != "events" for m in rest)
    return count


async def _converge(server: ServerProcess, body: dict[str, Any], seed: int) -> dict[int | None, Flaky]:
    created = create(server, body)
    game_id = created["id"]
    tokens: dict[int | None, str | None] = {s["seat"]: s["token"] for s in created["seats"]}
    tokens[None] = None
    steady = {viewer: TableClient(server.url, game_id, token) for viewer, token in tokens.items()}
    for client in steady.values():
        await client.connect()
    flaky = {viewer: Flaky(server.url, game_id, token) for viewer, token in tokens.items()}
    for first in flaky.values():
        await first.connect()
    rng = random.Random(seed)
    async with asyncio.timeout(120):
        await asyncio.gather(
            flaky_spectator(flaky[None], steady[None], rng),
            *(flaky_seat(flaky[s], rng) for s in tokens if s is not None),
        )
        for again in flaky.values():  # one last time, after the end
            await again.connect()
    await asyncio.sleep(0.1)
    for viewer, client in steady.items():
        assert client.state is not None and client.state["outcome"] is not None
        by_version: dict[int, dict[str, Any]] = {}
        for message in client.messages:  # (at version 0 the seats get claimed as they connect)
            if message["type"] == "state":
                version = message["version"]
                assert by_version.setdefault(version, stable(message)) == stable(message) or version == 0
                by_version[version] = stable(message)
        # The steady client saw every version; the flaky one saw a subset, each the same.
        assert sorted(by_version) == list(range(client.state["version"] + 1))
        for state in flaky[viewer].states():
            assert stable(state) == by_version[state["version"]], (viewer, state["version"])
        assert stable(flaky[viewer].client.state or {}) == stable(client.state)
        check_catch_up(flaky[viewer], by_version)
        await client.close()
        await flaky[viewer].client.close()
    return flaky


@pytest.mark.parametrize(
    ("body", "seed"),
    [
        ({"players": 3, "seats": [HUMAN] * 3, "powers": ["Apollo", "Athena", "Pan"]}, 1),
        ({"players": 2, "powers": ["Hecate", "Minotaur"], "seats": [HUMAN] * 2}, 2),
        ({"players": 4, "seats": [HUMAN] * 4, "powers": ["Apollo", "Athena", "Pan", "Atlas"]}, 3),
    ],
    ids=["three", "hecate", "four"],
)
def test_clients_that_come_and_go_converge(
    shared_server: ServerProcess, body: dict[str, Any], seed: int
) -> None:
    flaky = asyncio.run(_converge(shared_server, body, seed))
    caught_up = 0
    for each in flaky.values():
        assert len(each.hellos) >= 3
        caught_up += sum(len(m["events"]) for c in each.sessions for m in c.messages if m["type"] == "events")
    assert caught_up > 10  # (the clients really missed events and caught up)
    if body.get("powers") == ["Hecate", "Minotaur"]:
        # Hecate's turns reached her opponent and the spectator redacted, as in the turns list.
        for viewer in (1, None):
            final = flaky[viewer].client.state
            assert final is not None
            texts = [
                e["text"]
                for c in flaky[viewer].sessions
                for m in c.messages
                if m["type"] == "events"
                for e in m["events"]
                if e["seat"] == 0 and 2 < e["version"] < final["version"]
            ]
            assert texts and all(re.fullmatch(r"\?\^[a-e][1-5]D?", t) for t in texts), texts


# ---------------------------------------------------------------------- a long game
#: Ares (seat 1) shuttles b2 <-> b3, building on c3 and removing the block again with
#: his unmoved worker on c2; Morpheus (seat 2) shuttles e5 <-> e4 and builds nothing.
#: The board never changes, so the game can run past the 200-event catch-up limit.
ARES = (["b2-b3", "b3^c3", "c2xc3"], ["b3-b2", "b2^c3", "c2xc3"])
MORPHEUS = (["e5-e4"], ["e4-e5"])


async def _long_game(server: ServerProcess, rounds: int) -> tuple[dict[str, Any], dict[str, Any]]:
    body = {"players": 2, "powers": ["Ares", "Morpheus"], "seats": [HUMAN] * 2, "start_player": 0}
    created = create(server, body)
    ares, morpheus = (TableClient(server.url, created["id"], s["token"]) for s in created["seats"])
    await ares.connect()
    await morpheus.connect()
    version = 0
    for seat, steps in ((ares, ["@b2", "@c2"]), (morpheus, ["@e5", "@a5"])):
        version = (await seat.act(steps, version))["version"]
    for i in range(rounds):
        for seat, script in ((ares, ARES), (morpheus, MORPHEUS)):
            reply = await seat.act(script[i % 2], version)
            assert reply["type"] == "accepted", reply
            version = reply["version"]
    await ares.wait_state(lambda s: s["version"] == version)
    state = ares.state
    assert state is not None and state["outcome"] is None
    await ares.close()
    await morpheus.close()
    return created, state


async def _hello(server: ServerProcess, game_id: str, token: str | None, since: Any) -> list[dict[str, Any]]:
    """The messages a hello with ``since`` brings, up to the first state."""
    client = TableClient(server.url, game_id, token)
    try:
        welcome = await client.connect(since)
        assert welcome["type"] == "welcome"
        await client.wait_state(lambda s: True, timeout=10)
        return client.messages
    finally:
        await client.close()


async def _first_answer(server: ServerProcess, game_id: str, token: str | None, since: Any) -> dict[str, Any]:
    """The answer to a hello with ``since``: ``welcome`` or an ``error``."""
    client = TableClient(server.url, game_id, token)
    try:
        return await client.connect(since)
    finally:
        await client.close()


def test_catch_up_is_by_events_within_200_versions_else_a_full_state(shared_server: ServerProcess) -> None:
    server = shared_server
    created, state = asyncio.run(_long_game(server, 100))
    now = state["version"]
    assert now == 2 + 2 * 100 > 201
    game_id, token = created["id"], created["seats"][0]["token"]

    def hello(since: Any, token: str | None = token) -> list[dict[str, Any]]:
        return asyncio.run(_hello(server, game_id, token, since))

    for since in (now - 200, now - 137, now - 37, now - 1):
        welcome, events, full = hello(since)
        assert welcome["version"] == now and full["type"] == "state" and full["version"] == now
        assert events["type"] == "events"
        assert [e["version"] for e in events["events"]] == list(range(since + 1, now + 1))
        # (Turn n is version n here: Ares's turns with the removal, b3-b2^c3,c2xc3.)
        assert [e["text"] for e in events["events"]] == [t["text"] for t in state["turns"][since:]]
        assert [e["seat"] for e in events["events"]] == [t["seat"] for t in state["turns"][since:]]
    # Nothing missed: no events; too far behind or unknown: the full state only.
    for since in (now, now - 201, 0, None, now + 1):
        welcome, full, *_ = hello(since)
        assert (welcome["type"], welcome["version"]) == ("welcome", now), since
        assert full["type"] == "state" and full["version"] == now, since
        assert stable(full) == stable(state)
    # Not a version (issue 13 item 16): the hello is refused, naming the field.
    for since in (-1, str(now - 1), True, 3.0, [1]):
        refusal = asyncio.run(_first_answer(server, game_id, token, since))
        assert refusal["type"] == "error" and refusal["code"] == "bad-message", (since, refusal)
        assert refusal["message"].startswith("since: "), refusal
    spectator = hello(now - 2, None)
    assert [m["type"] for m in spectator[:3]] == ["welcome", "events", "state"]
    assert spectator[1]["events"] == [
        {"version": now - 1, "kind": "steps", "seat": 0, "text": state["turns"][-2]["text"]},
        {"version": now, "kind": "steps", "seat": 1, "text": state["turns"][-1]["text"]},
    ]


def test_a_short_game_catches_up_from_the_start(shared_server: ServerProcess) -> None:
    """``since`` = 0 in a game not 200 versions old: every event, 1 … N."""
    server = shared_server
    created, state = asyncio.run(_long_game(server, 5))
    messages = asyncio.run(_hello(server, created["id"], None, 0))
    assert [m["type"] for m in messages] == ["welcome", "events", "state"]
    events = messages[1]["events"]
    assert [e["version"] for e in events] == list(range(1, state["version"] + 1))
    assert [e["text"] for e in events] == [t["text"] for t in state["turns"]]
    assert events[:3] == [
        {"version": 1, "kind": "steps", "seat": 0, "text": "@b2@c2"},
        {"version": 2, "kind": "steps", "seat": 1, "text": "@e5@a5"},
        {"version": 3, "kind": "steps", "seat": 0, "text": "b2-b3^c3,c2xc3"},
    ]
