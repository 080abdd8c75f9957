"""Playing at the online table over its WebSocket (``docs/server.md``, "WebSocket"),
against a real ``aegean serve``: whole games between scripted clients and AI seats,
every refusal of the protocol (and that nothing changes after one), the Origin check,
the rate limit, two clicks on one version, resign and rematch, and every power."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from aegean.santorini.powers import implemented
from aegean.server.app import RATE_CLOSE_AFTER
from aegean.server.client import TableClient

from .conftest import ServerProcess, create_game, serve_in

#: Seconds a client waits for its turn (an AI answers far sooner).
TIMEOUT = 30
HUMAN: dict[str, Any] = {"kind": "human"}
RANDOM_AI: dict[str, Any] = {"kind": "ai", "level": "random"}


# ---------------------------------------------------------------------- the server
@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from serve_in(tmp_path_factory.mktemp("play"))


@pytest.fixture
def server(shared_server: ServerProcess) -> Iterator[ServerProcess]:
    """The games of this module share one real server (conftest's, started once: a start
    costs a second or more, and there are 70 tests); games are independent by id. After
    each test, nothing the server logged meanwhile may be a traceback or an error."""
    start = len(shared_server.log_text())
    yield shared_server
    log = shared_server.log_text()[start:]
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


# ---------------------------------------------------------------------- helpers
create = create_game


def tokens(game: dict[str, Any]) -> list[str | None]:
    return [seat.get("token") for seat in game["seats"]]


def spectator_state(server: ServerProcess, game_id: str) -> dict[str, Any]:
    state: dict[str, Any] = httpx.get(server.url + f"/api/games/{game_id}").json()
    return state


def snapshot(server: ServerProcess, game_id: str) -> tuple[Any, ...]:
    """What a refusal must leave unchanged: the version, board, turns, setup and outcome."""
    state = spectator_state(server, game_id)
    return state["version"], state["board"], state["turns"], state["setup"], state["outcome"]


def errors_of(client: TableClient) -> list[dict[str, Any]]:
    return [m for m in client.messages if m["type"] == "error"]


async def play_seat(client: TableClient, rng: random.Random, resign_at: int | None = None) -> dict[str, Any]:
    """Play random legal turns (built from the server's options and previews) for the
    client's seat until the game is over; resign at version ``resign_at``, if given.
    Every action must be accepted. Returns the final state."""
    while True:
        state = await client.wait_turn(timeout=TIMEOUT)
        if state["outcome"] is not None:
            return state
        if resign_at is not None and state["version"] >= resign_at:
            reply = await client.request({"type": "resign", "version": state["version"]})
        else:
            reply = await client.act(await client.random_turn(rng))
        assert reply["type"] == "accepted", reply


async def play_game(
    server: ServerProcess, game: dict[str, Any], seed: int, resign_at: int | None = None
) -> list[TableClient]:
    """Every human seat of ``game`` played by its own scripted client, all at once, to the
    end; returns the clients (closed)."""
    clients = [TableClient(server.url, game["id"], token) for token in tokens(game) if token is not None]
    for client in clients:
        welcome = await client.connect()
        assert welcome["type"] == "welcome", welcome
    try:
        await asyncio.gather(
            *(play_seat(c, random.Random(seed * 10 + i), resign_at) for i, c in enumerate(clients))
        )
        # Every client is told the end (the last state reaches the others a moment later).
        for client in clients:
            await client.wait_state(lambda s: s["outcome"] is not None, TIMEOUT)
    finally:
        for client in clients:
            await client.close()
    return clients


def assert_same_end(server: ServerProcess, game_id: str, clients: list[TableClient]) -> dict[str, Any]:
    """Every client and a spectator see the same finished game; no client got an error."""
    final = spectator_state(server, game_id)
    assert final["game"]["status"] == "over" and final["outcome"] is not None
    assert final["turn"]["actor"] is None and final["options"] == []
    for client in clients:
        assert errors_of(client) == []
        state = client.state
        assert state is not None
        assert state["version"] == final["version"]
        assert state["outcome"] == final["outcome"]
        assert state["turns"] == final["turns"]
        assert state["board"]["cells"] == final["board"]["cells"]
    return final


def events_in_db(server: ServerProcess, game_id: str) -> list[int]:
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT version FROM events WHERE game_id = ? ORDER BY version", (game_id,))
        return [row[0] for row in rows]


def ws_url(server: ServerProcess, game_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/ws/games/{game_id}"


async def receive(ws: Any, *types: str) -> dict[str, Any]:
    """The next message of one of ``types`` on a raw socket (``state`` and others skipped)."""
    async with asyncio.timeout(TIMEOUT):
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] in types:
                return message


# ---------------------------------------------------------------------- whole games
def test_two_scripted_humans_play_a_game_to_the_end(server: ServerProcess) -> None:
    """Two human seats, each its own client, play random legal turns until the game is
    over: both see the same outcome; every event is stored, versions 1..N."""
    game = create(server, seats=[HUMAN, HUMAN])
    clients = asyncio.run(play_game(server, game, seed=1))
    final = assert_same_end(server, game["id"], clients)
    assert final["outcome"]["winners"] in ([0], [1])
    assert final["outcome"]["result"] in ("1-0", "0-1")
    assert events_in_db(server, game["id"]) == list(range(1, final["version"] + 1))
    assert [c.seat for c in clients] == [0, 1]


@pytest.mark.parametrize(
    ("players", "seats", "powers"),
    [
        (3, [HUMAN, RANDOM_AI, HUMAN], ["Apollo", "Artemis", "Minotaur"]),
        (4, [HUMAN, RANDOM_AI, HUMAN, RANDOM_AI], ["Apollo", "Artemis", "Athena", "Pan"]),
    ],
    ids=["3-players", "4-players"],
)
def test_three_and_four_player_games_with_ai_seats(
    server: ServerProcess, players: int, seats: list[dict[str, Any]], powers: list[str]
) -> None:
    """Three- and four-player games (``docs/server.md``: "players 2–4"), scripted humans
    beside random AI seats, to the end; in four-player games teams win together."""
    game = create(server, players=players, seats=seats, powers=powers)
    clients = asyncio.run(play_game(server, game, seed=players))
    final = assert_same_end(server, game["id"], clients)
    assert [s["power"] for s in final["seats"]] == powers
    winners = final["outcome"]["winners"]
    assert winners
    if players == 4:
        assert [s["team"] for s in final["seats"]] == [0, 1, 0, 1]
        assert winners in ([0, 2], [1, 3])
    assert events_in_db(server, game["id"]) == list(range(1, final["version"] + 1))


def test_golden_fleece_game(server: ServerProcess) -> None:
    """The Golden Fleece variant (two players, the marked power beside the board) is
    played to the end by two clients."""
    game = create(server, seats=[HUMAN, HUMAN], variant="golden-fleece", fleece="Minotaur")
    state = spectator_state(server, game["id"])
    assert state["game"]["variant"] == "golden-fleece"
    assert [(c["name"], c["seat"]) for c in state["cards"]] == [("Minotaur", None)]
    assert [s["power"] for s in state["seats"]] == [None, None]
    clients = asyncio.run(play_game(server, game, seed=7))
    assert_same_end(server, game["id"], clients)


def test_challenger_setup_and_its_refusals(server: ServerProcess) -> None:
    """The Challenger flow as actions (``{"type": "setup", …}``): seat 0 picks, seat 1
    chooses, seat 0 names the start player; refused: the wrong seat (not-your-turn), the
    wrong phase, a power not offered or not allowed (setup), steps before the powers."""
    game = create(server, seats=[HUMAN, HUMAN], setup="challenger")
    game_id = game["id"]
    t0, t1 = tokens(game)

    async def scenario() -> None:
        async with (
            TableClient(server.url, game_id, t0) as challenger,
            TableClient(server.url, game_id, t1) as chooser,
        ):
            state = await challenger.wait_state(lambda s: s["setup"] is not None)
            assert state["board"] is None and state["game"]["status"] == "setup"
            assert state["setup"]["phase"] == "pick" and state["setup"]["challenger"] == 0
            assert state["turn"]["actor"] == 0

            async def refused(
                client: TableClient, message: dict[str, Any], code: str, text: str = ""
            ) -> None:
                before = snapshot(server, game_id)
                reply = await client.request({"type": "setup", "version": before[0], **message})
                assert reply["type"] == "error" and reply["code"] == code, reply
                assert text in reply["message"], reply
                assert snapshot(server, game_id) == before

            await refused(chooser, {"pick": ["Apollo", "Pan"]}, "not-your-turn")
            await refused(challenger, {"choose": "Pan"}, "setup", "pick phase")
            await refused(challenger, {"start": 0}, "setup", "pick phase")
            await refused(challenger, {"pick": ["Apollo"]}, "setup", "pick 2 powers")
            await refused(challenger, {"pick": ["Apollo", "Apollo"]}, "setup", "only once")
            await refused(challenger, {"pick": ["Atlas", "Gaea"]}, "setup", "banned")
            await refused(challenger, {"pick": ["Apollo", "Nobody"]}, "setup", "Nobody")
            await refused(challenger, {"pick": "Apollo"}, "bad-message")
            await refused(challenger, {"pick": ["Apollo", "Pan"], "start": 1}, "bad-message")
            await refused(challenger, {}, "bad-message")
            before = snapshot(server, game_id)
            reply = await challenger.request({"type": "act", "version": 0, "steps": ["@a1", "@b1"]})
            assert reply["type"] == "error" and reply["code"] == "setup", reply
            reply = await challenger.request({"type": "resign", "version": 0})
            assert reply["type"] == "error" and reply["code"] == "setup", reply
            assert snapshot(server, game_id) == before

            reply = await challenger.request({"type": "setup", "version": 0, "pick": ["apollo", "Pan"]})
            assert reply == {"type": "accepted", "version": 1}
            state = await chooser.wait_state(lambda s: s["version"] == 1)
            assert state["setup"]["phase"] == "choose" and state["setup"]["chooser"] == 1
            assert state["setup"]["offered"] == ["Apollo", "Pan"]
            assert state["turn"]["actor"] == 1

            await refused(challenger, {"choose": "Apollo"}, "not-your-turn")
            await refused(chooser, {"choose": "Zeus"}, "setup", "not on offer")
            await refused(chooser, {"pick": ["Zeus", "Hera"]}, "setup", "choose phase")
            reply = await chooser.request({"type": "setup", "version": 0, "choose": "Pan"})
            assert reply["type"] == "error" and reply["code"] == "stale-version", reply

            reply = await chooser.request({"type": "setup", "version": 1, "choose": "Pan"})
            assert reply["type"] == "accepted" and reply["version"] == 2
            state = await challenger.wait_state(lambda s: s["version"] == 2)
            assert state["setup"]["phase"] == "start" and state["setup"]["remaining"] == []
            assert state["setup"]["start_options"] == [0, 1]

            await refused(chooser, {"start": 1}, "not-your-turn")
            await refused(challenger, {"start": 3}, "setup", "cannot start")
            await refused(challenger, {"start": 5}, "bad-message", "start: should be less than or equal to 3")
            await refused(challenger, {"start": "1"}, "bad-message")
            reply = await challenger.request({"type": "setup", "version": 2, "start": 1})
            assert reply["type"] == "accepted" and reply["version"] == 3

            state = await chooser.wait_state(lambda s: s["version"] == 3)
            assert state["setup"] is None and state["game"]["status"] == "playing"
            assert [s["power"] for s in state["seats"]] == ["Apollo", "Pan"]
            assert {(c["name"], c["seat"]) for c in state["cards"]} == {("Apollo", 0), ("Pan", 1)}
            assert state["turn"]["actor"] == 1 and state["options"]
            # The setup is over: a setup action now is in the wrong phase.
            await refused(chooser, {"pick": ["Zeus", "Hera"]}, "setup", "over")

            await asyncio.gather(
                play_seat(challenger, random.Random(1)), play_seat(chooser, random.Random(2))
            )
            await challenger.wait_state(lambda s: s["outcome"] is not None)
            await chooser.wait_state(lambda s: s["outcome"] is not None)
            assert challenger.state is not None and chooser.state is not None
            assert challenger.state["outcome"] == chooser.state["outcome"]

    asyncio.run(scenario())
    final = spectator_state(server, game_id)
    assert final["game"]["status"] == "over"
    # Setup actions are events like turns: versions 1..N without gaps.
    assert events_in_db(server, game_id) == list(range(1, final["version"] + 1))
    record = httpx.get(server.url + f"/api/games/{game_id}/record").json()
    assert len(record["turns"]) == len(final["turns"])


# ---------------------------------------------------------------------- refusals
def test_messages_before_hello_and_bad_hellos_are_refused(server: ServerProcess) -> None:
    """Before ``hello``: a message that is not JSON or has no ``type`` is ``bad-message``,
    any other type too ("say hello first"); a wrong token or one of another game is
    ``bad-token``, a token that is not a string of at most 100 characters ``bad-message``
    (issue 13 item 16), and the connection may still say hello properly."""
    game = create(server, seats=[HUMAN, HUMAN], start_player=0)
    other = create(server, seats=[HUMAN, HUMAN])
    before = snapshot(server, game["id"])

    async def scenario() -> None:
        async with websockets.connect(ws_url(server, game["id"]), origin=server.url) as ws:  # type: ignore[arg-type]
            for raw, text in (
                ("not json", "not valid JSON"),
                ("{", "not valid JSON"),
                (json.dumps({"no": "type"}), "type"),
                ("[1, 2]", "type"),
                (json.dumps({"type": 5}), "type"),
                ("null", "type"),
            ):
                await ws.send(raw)
                reply = await receive(ws, "error", "welcome")
                assert reply["code"] == "bad-message" and text in reply["message"], (raw, reply)
            for message in (
                {"type": "act", "version": 0, "steps": ["@a1", "@b1"]},
                {"type": "ping"},
                {"type": "resign", "version": 0},
            ):
                await ws.send(json.dumps(message))
                reply = await receive(ws, "error", "welcome", "pong", "accepted")
                assert reply["type"] == "error" and reply["code"] == "bad-message", reply
                assert "hello first" in reply["message"]
            for token in ("x" * 43, tokens(other)[0], "y" * 100, str(tokens(game)[0])[:-1]):
                await ws.send(json.dumps({"type": "hello", "token": token}))
                reply = await receive(ws, "error", "welcome")
                assert reply["type"] == "error" and reply["code"] == "bad-token", (token, reply)
            for token in (12345, "", ["a"], "y" * 101, True):
                await ws.send(json.dumps({"type": "hello", "token": token}))
                reply = await receive(ws, "error", "welcome")
                assert reply["type"] == "error" and reply["code"] == "bad-message", (token, reply)
                assert reply["message"].startswith("token: "), reply
        async with websockets.connect(ws_url(server, game["id"]), origin=server.url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": "nope"}))
            assert (await receive(ws, "error", "welcome"))["code"] == "bad-token"
            await ws.send(json.dumps({"type": "hello", "token": tokens(game)[0], "since": 0}))
            welcome = await receive(ws, "error", "welcome")
            assert welcome == {"type": "welcome", "seat": 0, "version": 0, "game": game["id"]}
            state = await receive(ws, "state")
            assert state["you"] == 0 and state["options"]
            # After hello: not JSON, no type, unknown type, a second hello: bad-message.
            for raw, text in [
                ("not json", "JSON"),
                (json.dumps({"version": 0}), "type"),
                (json.dumps({"type": "dance"}), "unknown message type 'dance'"),
                (json.dumps({"type": "hello", "token": None}), "already said hello"),
                (json.dumps({"type": "act", "version": 0, "steps": "@a1"}), "steps"),
                (json.dumps({"type": "act", "version": 0, "steps": []}), "steps"),
            ]:
                await ws.send(raw)
                reply = await receive(ws, "error", "accepted")
                assert reply["type"] == "error" and reply["code"] == "bad-message", reply
                assert text in reply["message"], reply
            await ws.send(json.dumps({"type": "ping"}))
            assert await receive(ws, "pong", "error") == {"type": "pong"}

    asyncio.run(scenario())
    assert snapshot(server, game["id"]) == before


def test_actions_are_refused_with_the_right_code_and_change_nothing(server: ServerProcess) -> None:
    """``spectator``, ``not-your-turn``, ``stale-version``, ``illegal`` (with the legal
    steps, naming the step), a turn not finished (``illegal``), ``game-over``: each
    answered to its sender only, with the request's ``id``, and the game unchanged."""
    game = create(server, seats=[HUMAN, HUMAN], start_player=0)
    game_id = game["id"]
    t0, t1 = tokens(game)

    async def scenario() -> None:
        async with (
            TableClient(server.url, game_id, t0) as first,
            TableClient(server.url, game_id, t1) as second,
            TableClient(server.url, game_id) as watcher,
        ):
            assert watcher.seat is None
            state = await first.wait_turn()
            legal = [o["text"] for o in state["options"]]
            assert legal[:3] == ["@a1", "@b1", "@c1"] and len(legal) == 25
            await second.wait_state(lambda s: s["version"] == 0)
            await watcher.wait_state(lambda s: s["version"] == 0)
            assert second.state is not None and second.state["options"] == []
            assert watcher.state is not None and watcher.state["options"] == []

            async def refused(
                client: TableClient, message: dict[str, Any], code: str, text: str = ""
            ) -> dict[str, Any]:
                before = snapshot(server, game_id)
                received = len(first.messages) + len(second.messages) + len(watcher.messages)
                reply = await client.request({"id": "r-1", **message})
                assert reply["type"] == "error" and reply["code"] == code, reply
                assert text in reply["message"], reply
                assert reply["version"] == before[0] and reply["id"] == "r-1"
                assert snapshot(server, game_id) == before
                # Nobody else heard of it (a refusal is no broadcast).
                await asyncio.sleep(0.05)
                assert len(first.messages) + len(second.messages) + len(watcher.messages) == received + 1
                return reply

            v = 0
            await refused(watcher, {"type": "act", "version": v, "steps": ["@a1", "@b1"]}, "spectator")
            await refused(watcher, {"type": "preview", "version": v, "steps": ["@a1"]}, "spectator")
            await refused(watcher, {"type": "resign", "version": v}, "spectator")
            await refused(watcher, {"type": "rematch"}, "spectator")
            await refused(second, {"type": "act", "version": v, "steps": ["@a1", "@b1"]}, "not-your-turn")
            await refused(second, {"type": "preview", "version": v, "steps": ["@a1"]}, "not-your-turn")
            reply = await refused(
                first, {"type": "act", "version": v + 1, "steps": ["@a1", "@b1"]}, "stale-version"
            )
            assert reply["message"] == "the action was made at version 1, the game is at 0"
            # Not a version at all (issue 13 item 16): refused by type, never echoed back.
            for bad in (v - 1, "0", None, True, 0.0, 2**40):
                reply = await refused(
                    first,
                    {"type": "act", "version": bad, "steps": ["@a1", "@b1"]},
                    "bad-message",
                    "version: ",
                )
            await refused(first, {"type": "act", "steps": ["@a1", "@b1"]}, "bad-message", "version: missing")
            await refused(first, {"type": "preview", "version": v + 3, "steps": ["@a1"]}, "stale-version")
            reply = await refused(
                first, {"type": "act", "version": v, "steps": ["a1-a2"]}, "illegal", "illegal step a1-a2"
            )
            assert reply["legal"] == legal
            reply = await refused(
                first, {"type": "act", "version": v, "steps": ["@a1", "@a1"]}, "illegal", "illegal step @a1"
            )
            assert "@a1" not in reply["legal"] and "@b1" in reply["legal"]
            reply = await refused(
                first, {"type": "act", "version": v, "steps": ["@a1"]}, "illegal", "not finished"
            )
            assert "@b1" in reply["message"]
            await refused(
                first, {"type": "act", "version": v, "steps": ["@a1", "@b1", "@c1"]}, "illegal", "over"
            )
            await refused(
                first, {"type": "preview", "version": v, "steps": ["zz"]}, "illegal", "illegal step zz"
            )
            await refused(
                first, {"type": "preview", "version": v, "steps": ["@a1"] * 41}, "bad-message", "at most 40"
            )
            await refused(first, {"type": "rematch"}, "illegal", "over")

            # A legal action goes through: accepted to its sender, state to everyone.
            reply = await first.request({"type": "act", "version": v, "steps": ["@a1", "@b1"], "id": "ok"})
            assert reply == {"type": "accepted", "id": "ok", "version": 1}
            for client in (first, second, watcher):
                state = await client.wait_state(lambda s: s["version"] == 1)
                assert state["turns"] == [{"number": 1, "seat": 0, "text": "@a1@b1"}]
            await refused(first, {"type": "act", "version": 1, "steps": ["@c1", "@d1"]}, "not-your-turn")
            await refused(second, {"type": "act", "version": 0, "steps": ["@c1", "@d1"]}, "stale-version")
            await refused(
                second, {"type": "act", "version": 1, "steps": ["@a1", "@c1"]}, "illegal", "illegal step @a1"
            )

            reply = await second.request({"type": "resign", "version": 1})
            assert reply["type"] == "accepted" and reply["version"] == 2
            for client in (first, second, watcher):  # (every state in before counting again)
                state = await client.wait_state(lambda s: s["outcome"] is not None)
                assert state["outcome"]["winners"] == [0]
            for client, steps in ((first, ["c1-c2"]), (second, ["@c1", "@d1"])):
                await refused(client, {"type": "act", "version": 2, "steps": steps}, "game-over")
                await refused(client, {"type": "resign", "version": 2}, "game-over")
                await refused(client, {"type": "preview", "version": 2, "steps": steps}, "game-over")
            assert errors_of(watcher) and all(e["code"] == "spectator" for e in errors_of(watcher))

    asyncio.run(scenario())
    assert events_in_db(server, game_id) == [1, 2]


def test_a_message_over_8_kib_closes_the_connection(server: ServerProcess) -> None:
    """Messages are at most 8 KiB: the server's WebSocket size limit closes a connection
    that sends more (1009, "message too big": uvicorn's ``ws_max_size``), before the
    application reads it, so the ``too-large`` error code is never what such a client
    sees; a message just under the limit is answered; nothing changes; the server goes on."""
    game = create(server, seats=[HUMAN, HUMAN], start_player=0)
    before = snapshot(server, game["id"])

    async def scenario() -> None:
        async with websockets.connect(ws_url(server, game["id"]), origin=server.url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": tokens(game)[0]}))
            assert (await receive(ws, "welcome", "error"))["type"] == "welcome"
            # Just under the limit: answered (refused for its unknown field), and the
            # connection goes on.
            await ws.send(json.dumps({"type": "ping", "padding": "x" * 8000}))
            reply = await receive(ws, "pong", "error")
            assert (reply["code"], reply["message"]) == ("bad-message", "padding: unknown field")
            await ws.send(json.dumps({"type": "ping"}))
            assert await receive(ws, "pong", "error") == {"type": "pong"}
            steps = ["@a1", "@b1"] + ["@c1"] * 1200
            await ws.send(json.dumps({"type": "act", "version": 0, "steps": steps}))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await receive(ws, "accepted", "error")
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        async with TableClient(server.url, game["id"], tokens(game)[0]) as client:
            state = await client.wait_turn()
            assert state["version"] == 0

    asyncio.run(scenario())
    assert snapshot(server, game["id"]) == before


def test_rate_limit_refuses_then_closes_a_flooding_connection(strict_server: ServerProcess) -> None:
    """20 messages a second on average, bursts of 40: a burst past that is answered
    ``rate-limited`` (and the connection is fine once it slows down); a connection that
    keeps flooding is closed with 1008. Nothing changes in the game."""
    server = strict_server
    game = create(server, seats=[HUMAN, HUMAN], start_player=0)
    before = snapshot(server, game["id"])

    async def scenario() -> None:
        async with websockets.connect(ws_url(server, game["id"]), origin=server.url) as ws:  # type: ignore[arg-type]
            await ws.send(json.dumps({"type": "hello", "token": tokens(game)[0]}))
            assert (await receive(ws, "welcome", "error"))["type"] == "welcome"
            # A burst of 55 (the hello took one of the 40): some are refused, fewer than
            # RATE_CLOSE_AFTER in a row, so the connection stays.
            for _ in range(55):
                await ws.send('{"type": "ping"}')
            replies = [await receive(ws, "pong", "error") for _ in range(55)]
            limited = [r for r in replies if r["type"] == "error"]
            assert limited and all(r["code"] == "rate-limited" for r in limited)
            assert all("slow down" in r["message"] and r["version"] == 0 for r in limited)
            assert replies.count({"type": "pong"}) >= 39
            await asyncio.sleep(1.0)
            await ws.send('{"type": "ping"}')
            assert await receive(ws, "pong", "error") == {"type": "pong"}

            codes: list[str] = []
            with pytest.raises(websockets.ConnectionClosed) as closed:
                for _ in range(100):
                    await ws.send(json.dumps({"type": "act", "version": 0, "steps": ["a1-a2"]}))
                while True:
                    reply = await receive(ws, "error", "accepted")
                    codes.append(reply.get("code", reply["type"]))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            # Every reply queued before the close is delivered: more than RATE_CLOSE_AFTER
            # refusals in a row, each answered, then 1008.
            assert codes.count("rate-limited") >= RATE_CLOSE_AFTER, codes
            assert set(codes) == {"rate-limited", "illegal"}
        # The flood is over: a new connection works.
        async with TableClient(server.url, game["id"], tokens(game)[1]) as client:
            assert client.seat == 1

    asyncio.run(scenario())
    assert snapshot(server, game["id"]) == before
    assert events_in_db(server, game["id"]) == []
    assert "Traceback" not in server.log_text()


def test_origin_check_refuses_other_sites(server: ServerProcess) -> None:
    """The upgrade is refused (4403 before accept: HTTP 403 to the client) when the
    ``Origin`` is another site or missing; the server's own origin is accepted."""
    game = create(server, seats=[HUMAN, HUMAN])
    url = ws_url(server, game["id"])

    async def try_origin(origin: str | None) -> int:
        kwargs: dict[str, Any] = {} if origin is None else {"origin": origin}
        try:
            async with websockets.connect(url, **kwargs) as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens(game)[0]}))
                return 101 if (await receive(ws, "welcome", "error"))["type"] == "welcome" else 0
        except websockets.InvalidStatus as refusal:
            return int(refusal.response.status_code)

    port = server.port
    for origin in (
        "http://evil.example",
        None,
        "null",
        f"http://127.0.0.1:{port}.evil.example",
        f"http://127.0.0.1:{port + 1}",
        f"ftp://127.0.0.1:{port}",
    ):
        assert asyncio.run(try_origin(origin)) == 403, origin
    assert asyncio.run(try_origin(server.url)) == 101
    assert spectator_state(server, game["id"])["seats"][0]["claimed"]


# ---------------------------------------------------------------------- races
def test_two_connections_of_one_seat_acting_at_once_land_once(server: ServerProcess) -> None:
    """Two connections of the same seat send an action for the same version at the same
    moment (two clicks, two tabs), 20 times: exactly one is accepted each time, the
    other refused (``stale-version``); the events table holds versions 1..N, no gaps."""
    rounds = 0
    games: list[str] = []

    async def one_game(seed: int) -> None:
        nonlocal rounds
        game = create(server, seats=[HUMAN, RANDOM_AI], start_player=0)
        games.append(game["id"])
        token = tokens(game)[0]
        rng_a, rng_b = random.Random(seed), random.Random(seed + 1000)
        async with (
            TableClient(server.url, game["id"], token) as a,
            TableClient(server.url, game["id"], token) as b,
        ):
            while rounds < 20:
                state = await a.wait_turn()
                if state["outcome"] is not None:
                    return
                version = state["version"]
                await b.wait_state(lambda s, v=version: s["version"] == v)
                steps_a, steps_b = await a.random_turn(rng_a), await b.random_turn(rng_b)
                replies = await asyncio.gather(a.act(steps_a, version), b.act(steps_b, version))
                kinds = sorted(r["type"] for r in replies)
                assert kinds == ["accepted", "error"], replies
                refusal = next(r for r in replies if r["type"] == "error")
                assert refusal["code"] in ("stale-version", "not-your-turn"), refusal
                accepted = next(r for r in replies if r["type"] == "accepted")
                assert accepted["version"] == version + 1
                rounds += 1

    async def scenario() -> None:
        seed = 0
        while rounds < 20:
            await one_game(seed)
            seed += 1

    asyncio.run(scenario())
    assert rounds == 20
    for game_id in games:
        version = spectator_state(server, game_id)["version"]
        assert events_in_db(server, game_id) == list(range(1, version + 1))


# ---------------------------------------------------------------------- resign, rematch
def test_resign_then_rematch_gives_each_seat_its_own_token(server: ServerProcess) -> None:
    """``resign`` ends a two-player game (the other side wins, the outcome says so);
    ``rematch`` from both seats makes a new game and each seat is sent the new id with
    its own token only (a spectator none); the new game is playable to the end."""
    game = create(server, seats=[HUMAN, HUMAN], start_player=0, powers=["Apollo", "Artemis"])
    game_id = game["id"]
    t0, t1 = tokens(game)
    found: dict[str, Any] = {}

    async def scenario() -> None:
        async with (
            TableClient(server.url, game_id, t0) as first,
            TableClient(server.url, game_id, t1) as second,
            TableClient(server.url, game_id) as watcher,
        ):
            rng = random.Random(3)
            for client in (first, second):  # one turn each, then player 1 resigns
                await client.wait_turn()
                assert (await client.act(await client.random_turn(rng)))["type"] == "accepted"
            state = await first.wait_turn()
            reply = await first.request({"type": "resign", "version": state["version"]})
            assert reply["type"] == "accepted" and reply["version"] == 3
            for client in (first, second, watcher):
                end = await client.wait_state(lambda s: s["outcome"] is not None)
                assert end["outcome"]["winners"] == [1] and end["outcome"]["result"] == "0-1"
                assert "resign" in end["outcome"]["text"] and "player 1" in end["outcome"]["text"]
                assert end["game"]["status"] == "over" and end["turn"]["actor"] is None

            await first.send({"type": "rematch"})
            offered = await second.wait_state(lambda s: s["rematch"]["offered"] == [0])
            assert offered["rematch"]["game"] is None
            assert not [m for m in first.messages + second.messages if m["type"] == "rematch"]
            await second.send({"type": "rematch"})
            mine = await first.next_message(("rematch",))
            theirs = await second.next_message(("rematch",))
            watched = await watcher.next_message(("rematch",))
            assert mine["type"] == theirs["type"] == "rematch"
            assert mine["game"] == theirs["game"] == watched["game"] != game_id
            assert (mine["seat"], theirs["seat"], watched["seat"]) == (0, 1, None)
            assert watched["token"] is None
            assert mine["token"] and theirs["token"] and mine["token"] != theirs["token"]
            assert mine["token"] not in (t0, t1) and theirs["token"] not in (t0, t1)
            # Each seat's messages never carry the other seat's new token.
            assert theirs["token"] not in json.dumps(first.messages)
            assert mine["token"] not in json.dumps(second.messages)
            assert mine["token"] not in json.dumps(watcher.messages)
            assert theirs["token"] not in json.dumps(watcher.messages)
            done = await first.wait_state(lambda s: s["rematch"]["game"] is not None)
            assert done["rematch"] == {"offered": [0, 1], "game": mine["game"]}
            # A second offer does not make a second game.
            await second.send({"type": "rematch"})
            await asyncio.sleep(0.2)
            assert len([m for m in second.messages if m["type"] == "rematch"]) == 1
            found.update(game=mine["game"], tokens=[mine["token"], theirs["token"]])

    asyncio.run(scenario())
    rematch = {"id": found["game"], "seats": [{"token": t} for t in found["tokens"]]}
    state = spectator_state(server, rematch["id"])
    assert [s["power"] for s in state["seats"]] == ["Apollo", "Artemis"]
    assert state["version"] == 0 and state["turn"]["actor"] == 1  # the next player starts
    clients = asyncio.run(play_game(server, rematch, seed=4))
    assert [c.seat for c in clients] == [0, 1]
    assert_same_end(server, rematch["id"], clients)


def test_resign_in_a_three_player_game_ends_it_for_the_other_two(server: ServerProcess) -> None:
    """``resign`` in a 3-player game with all three in: the game ends and the other two
    share the win (``docs/server.md``; the engine's ``Board.resign``: a player leaves a
    game in progress only by ``#`` when stuck, which records can replay)."""
    game = create(
        server, players=3, seats=[HUMAN, HUMAN, HUMAN], powers=["Apollo", "Artemis", "Pan"], start_player=0
    )
    t0, t1, _ = tokens(game)

    async def scenario() -> None:
        async with (
            TableClient(server.url, game["id"], t0) as first,
            TableClient(server.url, game["id"], t1) as second,
        ):
            state = await first.wait_turn()
            reply = await second.request({"type": "resign", "version": state["version"]})
            assert reply["type"] == "accepted", reply
            end = await first.wait_state(lambda s: s["outcome"] is not None)
            assert end["outcome"]["winners"] == [0, 2] and "resign" in end["outcome"]["text"]
            reply = await first.request({"type": "resign", "version": end["version"]})
            assert reply["type"] == "error" and reply["code"] == "game-over", reply

    asyncio.run(scenario())
    assert spectator_state(server, game["id"])["game"]["status"] == "over"


# ---------------------------------------------------------------------- AI seats
@pytest.mark.parametrize("level", ["random", "1"])
def test_a_human_plays_an_ai_seat_to_the_end(server: ServerProcess, level: str) -> None:
    """An AI seat (``random`` and level ``1``) answers every turn of a scripted human, to
    the end of the game."""
    game = create(server, seats=[HUMAN, {"kind": "ai", "level": level}], powers=["Demeter", "Hephaestus"])
    clients = asyncio.run(play_game(server, game, seed=11))
    final = assert_same_end(server, game["id"], clients)
    assert final["seats"][1]["kind"] == "ai" and final["seats"][1]["level"] == level
    assert {t["seat"] for t in final["turns"]} == {0, 1}


# ---------------------------------------------------------------------- every power
#: Events after which the scripted human resigns (keeps every power's game short).
POWER_GAME_EVENTS = 60


@pytest.mark.parametrize("power", implemented())
def test_every_power_plays_through_the_server(server: ServerProcess, power: str) -> None:
    """Each of the 55 powers, held by a scripted human against the random AI (no power),
    plays through the protocol: every option the server offers is accepted, to the end
    or for 60 events and a resignation; no error reply, no traceback in the log."""
    log_start = len(server.log_text())
    seed = implemented().index(power)
    game = create(server, seats=[HUMAN, RANDOM_AI], powers=[power, None])

    async def scenario() -> TableClient:
        async with TableClient(server.url, game["id"], tokens(game)[0]) as client:
            await play_seat(client, random.Random(seed), resign_at=POWER_GAME_EVENTS)
            return client

    client = asyncio.run(scenario())
    assert errors_of(client) == []
    final = spectator_state(server, game["id"])
    assert final["game"]["status"] == "over" and final["outcome"] is not None
    assert final["seats"][0]["power"] == power
    assert final["version"] <= POWER_GAME_EVENTS + 2
    assert events_in_db(server, game["id"]) == list(range(1, final["version"] + 1))
    log = server.log_text()[log_start:]
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]
