"""The HTTP API of the online table (``docs/server.md``, "HTTP API"), against a real
``aegean serve`` and its SQLite file: every refusal names what is wrong with the right
status, the lobby, joining, records and replays, and tokens stored only as hashes."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from aegean.cli.render import scene_of
from aegean.santorini.powers import implemented
from aegean.santorini.record import GameRecord
from aegean.server.client import TableClient

from .conftest import ServerProcess, claim, create_game, post_game, serve_in

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the tests that only read or are refused (a server takes ~1 s to start)."""
    yield from serve_in(tmp_path_factory.mktemp("api"))


create = create_game


def refused(server: ServerProcess, body: Any, status: int = 400, **kwargs: Any) -> str:
    """POST ``body`` to the create endpoint; it must fail with ``status``; returns the error."""
    if isinstance(body, (bytes, str)):
        reply = httpx.post(server.url + "/api/games", content=body, **kwargs)
    else:
        reply = httpx.post(server.url + "/api/games", json=body, **kwargs)
    assert reply.status_code == status, reply.text
    error: str = reply.json()["error"]
    return error


async def hello(server: ServerProcess, game_id: str, token: str) -> dict[str, Any]:
    """The server's answer to a ``hello`` with ``token``: ``welcome`` or an ``error``."""
    client = TableClient(server.url, game_id, token)
    try:
        return await client.connect()
    finally:
        await client.close()


async def play_out(
    server: ServerProcess, game_id: str, token: str, seed: int, resign_at: int | None = None
) -> None:
    """Play one seat with random legal turns until the game is over (resigning at
    version ``resign_at``, if given)."""
    rng = random.Random(seed)
    async with TableClient(server.url, game_id, token) as client:
        while True:
            state = await client.wait_turn(timeout=30)
            if state["outcome"] is not None:
                return
            if resign_at is not None and state["version"] >= resign_at:
                reply = await client.request({"type": "resign", "version": state["version"]})
            else:
                reply = await client.act(await client.random_turn(rng))
            assert reply["type"] == "accepted", reply


def finished_game(server: ServerProcess, seed: int = 1, resign_at: int | None = None) -> str:
    """A game of a human (random turns) against the random AI, played to its end."""
    game = create(server, seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}], start_player=0)
    asyncio.run(play_out(server, game["id"], game["seats"][0]["token"], seed, resign_at))
    return str(game["id"])


def test_powers_lists_every_implemented_power_with_its_text(shared: ServerProcess) -> None:
    """``GET /api/powers``: the 55 cards, each with its text and compatibility."""
    powers = httpx.get(shared.url + "/api/powers").json()
    assert len(powers) == 55
    assert [p["name"] for p in powers] == implemented()
    for power in powers:
        assert set(power) == {
            "name",
            "epithet",
            "category",
            "text",
            "three_players",
            "four_players",
            "golden_fleece",
            "banned_vs",
        }
        assert power["text"].strip() and power["epithet"].strip(), power
    by_name = {p["name"]: p for p in powers}
    assert by_name["Atlas"]["banned_vs"] == ["Gaea"]
    assert "Atlas" in by_name["Gaea"]["banned_vs"]
    assert by_name["Apollo"]["golden_fleece"] and not by_name["Athena"]["golden_fleece"]
    assert not by_name["Chronus"]["three_players"]


def test_levels(shared: ServerProcess) -> None:
    """``GET /api/levels``: every AI level a seat may ask for, with a description."""
    levels = httpx.get(shared.url + "/api/levels").json()
    assert {"random", "greedy", "1", "2", "3", "4", "5"} <= set(levels)
    assert all(isinstance(text, str) and text for text in levels.values())


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": 5}, "players"),
        ({"open": "no"}, "open"),
        ({"powers": [None, "Hecate"], "start_player": 1}, "start_player"),  # Hecate places last
        ({"players": 1}, "players"),
        ({"players": "two"}, "players"),
        ({"variant": "blitz"}, "variant"),
        ({"setup": "draft"}, "setup"),
        ({"powers": ["Apollo", "Zeuss"]}, "powers[1]"),
        ({"powers": ["Apollo", 7]}, "powers[1]"),
        ({"powers": ["Apollo"]}, "powers"),
        ({"powers": "lots"}, "powers"),
        ({"players": 3, "seats": [{}] * 3, "powers": ["Apollo", None, "Pan"]}, "powers"),
        ({"players": 3, "seats": [{}] * 3, "powers": ["Apollo", "Chronus", "Pan"]}, "powers"),
        # Issue 13 item 2: the one setup check, at the table too (every player has a power).
        ({"players": 3, "seats": [{}] * 3}, "powers"),
        ({"players": 4, "seats": [{}] * 4, "powers": None}, "powers"),
        ({"players": 3, "variant": "golden-fleece", "seats": [{"kind": "human"}] * 3}, "variant"),
        ({"variant": "golden-fleece", "fleece": "Athena"}, "fleece"),
        ({"variant": "golden-fleece", "fleece": "Nobody"}, "fleece"),
        ({"variant": "golden-fleece", "fleece": 5}, "fleece"),
        ({"variant": "golden-fleece", "fleece": ["Apollo"]}, "fleece"),
        ({"seats": [{"kind": "human"}]}, "seats"),
        ({"seats": "two humans"}, "seats"),
        ({"players": 3, "seats": TWO_HUMANS}, "seats"),
        ({"seats": [{"kind": "human"}, "ai"]}, "seats[1]"),
        ({"seats": [{"kind": "human"}, {"kind": "ai", "level": "9"}]}, "seats[1].level"),
        ({"seats": [{"kind": "human"}, {"kind": "robot"}]}, "seats[1].kind"),
        ({"seats": [{"kind": "human", "name": "x" * 41}, {"kind": "human"}]}, "seats[0].name"),
        ({"start_player": 2}, "start_player"),
        ({"start_player": True}, "start_player"),
        ({"creator": 7}, "creator"),
        # Issue 13 item 16: every field has its type, strictly; unknown fields are refused.
        ({"players": 2.0}, "players"),
        ({"players": True}, "players"),
        ({"creator": "0"}, "creator"),
        ({"open": 1}, "open"),
        ({"player": 3}, "player"),
        ({"seats": [{"kind": "human", "nick": "x"}, {"kind": "human"}]}, "seats[0].nick"),
        ({"seats": [{"kind": "human", "name": 5}, {"kind": "human"}]}, "seats[0].name"),
        ({"seats": [{"kind": "human"}, {"kind": "ai", "level": 3}]}, "seats[1].level"),
        ({"seats": [{"kind": "human"}, {"kind": "human", "open": "yes"}]}, "seats[1].open"),
        ({"fleece": 5, "variant": "golden-fleece"}, "fleece"),
        # Issue 13 item 12: no AI-only game; the creator plays a human seat.
        ({"seats": [{"kind": "ai"}, {"kind": "ai"}]}, "seats"),
        ({"seats": [{"kind": "human"}, {"kind": "ai"}], "creator": 1}, "creator"),
        # Issue 13 item 11: an open seat is a human seat of a listed game, not the creator's.
        ({"seats": [{"kind": "human"}, {"kind": "ai", "open": True}]}, "seats[1].open"),
        ({"seats": [{"kind": "human", "open": True}, {"kind": "human"}]}, "seats[0].open"),
        ({"seats": [{"kind": "human"}, {"kind": "human", "open": True}], "open": False}, "seats[1].open"),
    ],
)
def test_create_refuses_bad_settings_naming_the_field(
    shared: ServerProcess, body: dict[str, Any], field: str
) -> None:
    """``POST /api/games`` with bad input: 400 (never a 500) and an error that starts with
    the bad field (``docs/server.md``: "Errors are JSON … 400 (bad input)"); no game made."""
    before = httpx.get(shared.url + "/api/games").json()
    error = refused(shared, body)
    assert error.startswith(field + ":"), error
    assert httpx.get(shared.url + "/api/games").json() == before
    assert "Traceback" not in shared.log_text()


def test_create_refuses_a_banned_pair_by_name(shared: ServerProcess) -> None:
    """A banned matchup of POWERS.csv (Atlas vs Gaea, Pan vs Hades) is refused, naming both
    powers, in either order."""
    for pair in (["Atlas", "Gaea"], ["Gaea", "Atlas"], ["Hades", "Pan"]):
        error = refused(shared, {"powers": pair, "seats": TWO_HUMANS})
        assert error.startswith("powers:") and "banned" in error, error
        assert all(name in error for name in pair), error


def test_create_refuses_bodies_that_are_not_json_or_too_large(shared: ServerProcess) -> None:
    """Bodies: not JSON → 400, not an object → 400, more than 16 KiB → 413."""
    json_type = {"Content-Type": "application/json"}
    assert "JSON" in refused(shared, b"{players: 2", headers=json_type)
    assert "JSON" in refused(shared, b"\xff\xfe{}", headers=json_type)
    assert "object" in refused(shared, [1, 2])
    big = json.dumps({"players": 2, "seats": TWO_HUMANS, "padding": "x" * 17_000})
    assert "larger" in refused(shared, big, 413, headers=json_type)
    assert "Traceback" not in shared.log_text()


def test_create_answers_the_creators_token_and_the_others_invites(shared: ServerProcess) -> None:
    """The create answer (issue 13 item 10): the creator's seat token and link; for each
    other human seat an invite and its link (the secret in the fragment), never a seat
    token; an open seat neither; AI seats nothing. An empty body makes a default game (one
    human vs the AI)."""
    reply = httpx.post(
        shared.url + "/api/games",
        json={
            "players": 4,
            "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}, {}, {"open": True}],
            "powers": ["Apollo", "Artemis", "Athena", "Atlas"],
        },
    )
    assert reply.status_code == 201, reply.text
    game = reply.json()
    assert len(game["id"]) == 12 and game["version"] == 0
    human, ai, invited, open_seat = game["seats"]
    assert ai == {"seat": 1, "kind": "ai"}
    assert open_seat == {"seat": 3, "kind": "human", "open": True}
    assert set(human) == {"seat", "kind", "token", "link"}
    assert human["link"] == f"/game/{game['id']}#seat=0&token={human['token']}"
    assert set(invited) == {"seat", "kind", "invite", "link"}
    assert invited["link"] == f"/game/{game['id']}#seat=2&invite={invited['invite']}"
    assert human["token"] != invited["invite"] and len(invited["invite"]) == len(human["token"]) == 43
    state = httpx.get(shared.url + f"/api/games/{game['id']}").json()
    assert [s["power"] for s in state["seats"]] == ["Apollo", "Artemis", "Athena", "Atlas"]
    assert [(s["claimed"], s["open"]) for s in state["seats"]] == [
        (True, False),
        (True, False),
        (False, False),
        (False, True),
    ]
    assert state["you"] is None and state["options"] == []

    default = httpx.post(shared.url + "/api/games")
    assert default.status_code == 201
    assert [s["kind"] for s in default.json()["seats"]] == ["human", "ai"]


def test_unknown_game_is_404(shared: ServerProcess) -> None:
    """No such game: 404 on the state, join, record and replay endpoints, and the
    WebSocket upgrade is refused (closed before accept: HTTP 403 to the client)."""
    for method, path in [
        ("GET", "/api/games/nosuchgame00"),
        ("POST", "/api/games/nosuchgame00/join"),
        ("GET", "/api/games/nosuchgame00/record"),
        ("GET", "/api/games/nosuchgame00/replay"),
        ("GET", "/api/games/" + "x" * 40),
    ]:
        reply = httpx.request(method, shared.url + path)
        assert reply.status_code == 404, (path, reply.text)
        assert "no game" in reply.json()["error"]

    async def connect() -> None:
        url = shared.url.replace("http://", "ws://") + "/ws/games/nosuchgame00"
        async with websockets.connect(url, origin=shared.url):  # type: ignore[arg-type]
            pass

    with pytest.raises(websockets.InvalidStatus) as refusal:
        asyncio.run(connect())
    assert refusal.value.response.status_code == 403


def test_health_counts_games_and_connections_and_the_loop_watch(server: ServerProcess) -> None:
    """``GET /api/health``: the games in memory, the open connections, and the event-loop
    watch's report (``docs/server.md``, "Health")."""

    def health() -> dict[str, Any]:
        reply = httpx.get(server.url + "/api/health")
        assert reply.status_code == 200, reply.text
        answer: dict[str, Any] = reply.json()
        return answer

    first = health()
    assert (first["status"], first["games_loaded"], first["connections"]) == ("ok", 0, 0)
    assert first["loop"]["threshold_ms"] == 250
    assert first["loop"]["stalls"] == len(first["loop"]["recent"])
    game = create(server, seats=TWO_HUMANS)

    async def connected() -> dict[str, Any]:
        async with TableClient(server.url, game["id"], game["seats"][0]["token"]) as client:
            await client.wait_state(lambda s: True, timeout=10)
            return health()

    during = asyncio.run(connected())
    assert (during["games_loaded"], during["connections"]) == (1, 1)
    deadline = time.monotonic() + 10
    while (after := health())["connections"] and time.monotonic() < deadline:
        time.sleep(0.05)  # (the server hears of the close a moment later)
    assert (after["games_loaded"], after["connections"]) == (1, 0)


def test_lobby_lists_open_games_not_over_newest_first(server: ServerProcess) -> None:
    """``GET /api/games``: listed games not over, newest first, with their seats (which are
    open, which taken); a finished game leaves the lobby, an unlisted one is never in it."""
    first = create(server, seats=TWO_HUMANS, powers=["Apollo", None])
    post_game(server, seats=TWO_HUMANS, open=False)
    second = post_game(
        server,
        players=4,
        seats=[{}, {"kind": "ai", "level": "random"}, {}, {"open": True}],
        powers=["Apollo", "Artemis", "Athena", "Atlas"],
        start_player=1,
    )
    done = finished_game(server, resign_at=4)
    lobby = httpx.get(server.url + "/api/games").json()
    ids = [entry["id"] for entry in lobby]
    assert ids == [second["id"], first["id"]]
    assert done not in ids
    entry = lobby[0]
    assert entry["players"] == 4 and entry["variant"] == "standard" and entry["status"] == "playing"
    assert entry["powers"] == ["Apollo", "Artemis", "Athena", "Atlas"]
    assert [(s["seat"], s["kind"], s["level"], s["claimed"], s["open"]) for s in entry["seats"]] == [
        (0, "human", None, True, False),  # the creator's seat is taken at creation
        (1, "ai", "random", True, False),
        (2, "human", None, False, False),  # kept for its invite
        (3, "human", None, False, True),  # anyone may take it
    ]
    assert lobby[1]["powers"] == ["Apollo", None]
    # A finished game is still there by id, just not in the lobby.
    assert httpx.get(server.url + f"/api/games/{done}").json()["game"]["status"] == "over"


def test_join_hands_out_open_seats_only_with_fresh_tokens(server: ServerProcess) -> None:
    """``join`` gives the first open seat nobody has taken a new token, never a seat kept
    for its invite (issue 13 item 11: a stranger from the lobby took the invited friend's
    seat) nor the creator's; once the open seats are taken it answers 409, and the invited
    seat is still its invite's."""
    game = post_game(
        server,
        players=4,
        seats=[{}, {"kind": "ai", "level": "random"}, {}, {"open": True}],
        powers=["Apollo", "Artemis", "Athena", "Atlas"],
        start_player=1,
    )
    joined = httpx.post(server.url + f"/api/games/{game['id']}/join")
    assert joined.status_code == 200, joined.text
    seat = joined.json()
    assert seat["seat"] == 3 and seat["id"] == game["id"]
    assert seat["token"] != game["seats"][0]["token"]
    assert seat["link"] == f"/game/{game['id']}#seat=3&token={seat['token']}"
    new = asyncio.run(hello(server, game["id"], seat["token"]))
    assert new["type"] == "welcome" and new["seat"] == 3
    creator = asyncio.run(hello(server, game["id"], game["seats"][0]["token"]))
    assert creator["type"] == "welcome" and creator["seat"] == 0

    full = httpx.post(server.url + f"/api/games/{game['id']}/join")
    assert full.status_code == 409 and "no open seat" in full.json()["error"], full.text
    invited = claim(server, game["id"], game["seats"][2]["invite"])
    assert invited["seat"] == 2
    lobby = httpx.get(server.url + "/api/games").json()
    assert all(s["claimed"] for s in lobby[0]["seats"])


def test_join_refuses_private_and_finished_games(server: ServerProcess) -> None:
    """``join`` on a game created with ``open: false`` is 403, on a finished one 409."""
    private = create(server, seats=TWO_HUMANS, open=False)
    reply = httpx.post(server.url + f"/api/games/{private['id']}/join")
    assert reply.status_code == 403 and "invitation" in reply.json()["error"]
    assert private["id"] not in {entry["id"] for entry in httpx.get(server.url + "/api/games").json()}
    done = finished_game(server, resign_at=2)
    reply = httpx.post(server.url + f"/api/games/{done}/join")
    assert reply.status_code == 409 and "over" in reply.json()["error"]


def test_record_only_after_the_end_and_it_replays_to_the_server_state(server: ServerProcess) -> None:
    """``GET /api/games/{id}/record``: 409 while the game goes on; afterwards the JSON and
    text records replay (checking every turn) to the server's final position and outcome."""
    game = create(
        server,
        seats=[{"kind": "human"}, {"kind": "ai", "level": "random"}],
        start_player=0,
        powers=["Minotaur", "Pan"],
    )
    early = httpx.get(server.url + f"/api/games/{game['id']}/record")
    assert early.status_code == 409 and "over" in early.json()["error"]
    assert httpx.get(server.url + f"/api/games/{game['id']}/replay").status_code == 409
    asyncio.run(play_out(server, game["id"], game["seats"][0]["token"], seed=3))

    state = httpx.get(server.url + f"/api/games/{game['id']}").json()
    assert state["game"]["status"] == "over" and state["outcome"] is not None
    reply = httpx.get(server.url + f"/api/games/{game['id']}/record")
    assert reply.status_code == 200 and reply.headers["content-type"] == "application/json"
    assert f"santorini-{game['id']}.json" in reply.headers["content-disposition"]
    record = GameRecord.from_json(reply.text)
    text = httpx.get(server.url + f"/api/games/{game['id']}/record", params={"format": "text"})
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    assert GameRecord.from_text(text.text).turns == record.turns
    assert (
        httpx.get(server.url + f"/api/games/{game['id']}/record", params={"format": "xml"}).status_code == 400
    )

    board = record.replay()
    outcome = board.outcome()
    assert outcome is not None
    assert record.result == state["outcome"]["result"] == outcome.result(2)
    assert sorted(outcome.winners) == state["outcome"]["winners"]
    assert [p.name for p in board.powers] == [s["power"] for s in state["seats"]]
    assert len(record.turns) == len(state["turns"])
    scene = scene_of(board)
    assert [(c["level"], c["dome"], c["worker"]) for c in state["board"]["cells"]] == [
        (scene.height[s], bool(scene.domes >> s & 1), scene.owner[s] if scene.owner[s] >= 0 else None)
        for s in range(25)
    ]
    frames = httpx.get(server.url + f"/api/games/{game['id']}/replay").json()["frames"]
    assert frames[-1]["board"]["cells"] == state["board"]["cells"]


def test_upload_replay_frames_and_refusals(server: ServerProcess) -> None:
    """``POST /api/replay``: a record gives one frame per position (turns + 1); a
    tampered record is refused naming the illegal turn; garbage is refused."""
    done = finished_game(server, seed=5)
    record = httpx.get(server.url + f"/api/games/{done}/record").text
    turns = json.loads(record)["turns"]
    for body in (record, GameRecord.from_json(record).to_text()):
        reply = httpx.post(server.url + "/api/replay", content=body)
        assert reply.status_code == 200, reply.text
        answer = reply.json()
        assert len(answer["frames"]) == len(turns) + 1
        assert answer["record"]["turns"] == turns
        assert [f["turn"] for f in answer["frames"][1:]] == turns
        assert answer["outcome"] is not None

    # Player 2 places its workers on player 1's squares: turn 2 is illegal.
    data = json.loads(record)
    data["turns"][1] = data["turns"][0]
    reply = httpx.post(server.url + "/api/replay", content=json.dumps(data))
    assert reply.status_code == 400, reply.text
    assert "turn 2" in reply.json()["error"]

    for garbage in (b"hello there", b'{"format": "something-else"}', b"\xff\xfe\x00", b""):
        reply = httpx.post(server.url + "/api/replay", content=garbage)
        assert reply.status_code == 400, (garbage, reply.text)
        assert reply.json()["error"]
    too_big = httpx.post(server.url + "/api/replay", content=b" " * (256 * 1024 + 1))
    assert too_big.status_code == 413


def test_tokens_are_stored_only_as_sha256_hashes(server: ServerProcess) -> None:
    """The database holds no token and no invite, only their SHA-256 hex digests
    (``docs/server.md``, "Concepts"): scan every table's text and the raw database files;
    nor does the log."""
    game = post_game(
        server,
        players=3,
        seats=[{}, {}, {"open": True}],
        powers=["Apollo", "Artemis", "Athena"],
    )
    invite = game["seats"][1]["invite"]
    claimed = claim(server, game["id"], invite)
    joined = httpx.post(server.url + f"/api/games/{game['id']}/join").json()
    tokens = [game["seats"][0]["token"], claimed["token"], joined["token"]]

    for token in tokens:
        assert asyncio.run(hello(server, game["id"], token))["type"] == "welcome"
    texts: list[str] = []
    with sqlite3.connect(server.db) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        assert {"games", "seats", "events"} <= set(tables)
        for table in tables:
            for row in db.execute(f'SELECT * FROM "{table}"'):
                texts.extend(str(value) for value in row if value is not None)
        stored = {
            seat: (token_hash, invite_hash)
            for seat, token_hash, invite_hash in db.execute(
                "SELECT seat, token_hash, invite_hash FROM seats WHERE game_id = ?", (game["id"],)
            )
        }
    everything = "\n".join(texts)
    raw = b"".join(p.read_bytes() for p in server.db.parent.glob(server.db.name + "*"))
    for secret in (*tokens, invite):
        assert secret not in everything
        assert secret.encode() not in raw
        assert secret not in server.log_text()
    digest = [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    invite_digest = hashlib.sha256(invite.encode()).hexdigest()
    assert stored == {0: (digest[0], None), 1: (digest[1], invite_digest), 2: (digest[2], None)}
