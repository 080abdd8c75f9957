"""No secret ever reaches another seat (docs/server.md, SANTORINI.md §4): not a seat's
token, not Hecate's workers, not the Abyss or the Fate square, in no message, error,
preview, spectator view or log line, until the game is over.

Whole games are played through a real server by random clients in every human seat, with
a spectator watching and the HTTP spectator state polled. The truth is rebuilt from the
server's own event log (the SQLite file) by replaying it on a :class:`Table`, version by
version; every message a seat received is then checked against the secrets that were
true at that message's version.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from aegean.santorini.notation import format_turn
from aegean.santorini.squares import SQUARE_NAMES
from aegean.server.client import TableClient
from aegean.server.table import Settings, Table

from .conftest import ServerProcess, create_game, serve_in

HUMAN: dict[str, Any] = {"kind": "human"}
#: A square name, as it appears anywhere in notation.
SQUARE = re.compile(r"[a-e][1-5]")
#: A build by a hidden worker as her opponents see it: where, not by whom (``?^d4``).
HIDDEN_BUILD = re.compile(r"\?\^[a-e][1-5]D?")
#: A ``MARK`` step showing its square (the Abyss, the Fate square): ``*c3``.
SHOWN_MARK = re.compile(r"\*[a-e][1-5]")


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module's games (each test checks its own game's messages;
    the log is scanned for every game's secrets)."""
    yield from serve_in(tmp_path_factory.mktemp("redaction"))


# ---------------------------------------------------------------------- the truth
@dataclass(frozen=True)
class Secret:
    """What one seat's card hides from the others at one version."""

    owner: int
    side: int
    #: Whether the card hides its workers (Hecate).
    hides: bool
    #: Squares of the hidden workers (Hecate), empty for other cards.
    workers: tuple[str, ...]
    #: The secret tokens that have a value: ``{"tartarus.abyss": "c3"}``.
    tokens: dict[str, str]


@dataclass
class Truth:
    """The true game after one version, as far as the checks need it."""

    over: bool
    secrets: list[Secret]
    #: Every completed turn: (mover, the turn in plain notation).
    turns: list[tuple[int, str]]
    #: The hidden-worker squares of every ``hides_workers`` card, even once over.
    hidden_squares: dict[int, tuple[str, ...]]


def _snapshot(table: Table) -> Truth:
    board = table.board
    assert board is not None
    out = board.eliminated()
    secrets = []
    hidden: dict[int, tuple[str, ...]] = {}
    for owner, card in enumerate(board.powers):
        if not (card.hides_workers or card.secret_tokens):
            continue
        side = board.side_of(owner)
        workers = tuple(SQUARE_NAMES[s] for s in board.workers[side]) if card.hides_workers else ()
        if card.hides_workers:
            hidden[owner] = workers
        if owner in out:
            continue
        tokens = {k: board.tokens[k] for k in card.secret_tokens if board.tokens.get(k)}
        secrets.append(Secret(owner, side, card.hides_workers, workers, tokens))
    turns = [(mover, format_turn(turn)) for turn, mover in zip(board.history, board.movers, strict=True)]
    return Truth(board.outcome() is not None, secrets, turns, hidden)


def truths(db: Path, game_id: str) -> list[Truth]:
    """The true state after every version 0 … N, replayed from the server's event log."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        (settings,) = con.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
        rows = con.execute(
            "SELECT version, kind, seat, data FROM events WHERE game_id = ? ORDER BY version", (game_id,)
        ).fetchall()
    table = Table(Settings.from_dict(json.loads(settings)))
    found = [_snapshot(table)]
    for number, (version, kind, seat, data) in enumerate(rows, start=1):
        assert version == number
        table.apply(seat, kind, json.loads(data))
        found.append(_snapshot(table))
    return found


class Replica:
    """The true game kept up to date from the server's event log while it is played (to
    know, mid-game, where Hecate's workers stand)."""

    def __init__(self, db: Path, game_id: str) -> None:
        self.db, self.game_id = db, game_id
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            (settings,) = con.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
        self.table = Table(Settings.from_dict(json.loads(settings)))

    async def hidden_from(self, seat: int, version: int) -> set[str]:
        """The squares of other seats' hidden workers at ``version``. (A state can reach a
        client while its action's commit is still under way (see test_persistence): the
        event log is read until it holds that version.)"""
        async with asyncio.timeout(10):
            while self.table.version < version:
                with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as con:
                    rows = con.execute(
                        "SELECT kind, seat, data FROM events"
                        " WHERE game_id = ? AND version > ? ORDER BY version",
                        (self.game_id, self.table.version),
                    ).fetchall()
                for kind, actor, data in rows:
                    self.table.apply(actor, kind, json.loads(data))
                await asyncio.sleep(0 if rows else 0.01)
        assert self.table.version == version
        return {s for secret in _snapshot(self.table).secrets if secret.owner != seat for s in secret.workers}


# ---------------------------------------------------------------------- the checks
def check_hidden_turn(text: str, context: str) -> None:
    """A hidden worker's turn shows only its builds (``?^d4``), its placements as ``@?``."""
    assert not SQUARE.search(HIDDEN_BUILD.sub("", text)), f"{context}: {text!r} shows a hidden worker"


def check_secret_turn(secret: Secret, text: str, context: str) -> None:
    if secret.hides:
        check_hidden_turn(text, context)
    assert not SHOWN_MARK.search(text), f"{context}: {text!r} shows a secret mark"


def check_board(board: dict[str, Any], secret: Secret, context: str, *, state: bool) -> None:
    """No cell shows the secret owner's hidden worker or a secret token."""
    for cell in board["cells"]:
        if secret.hides:
            assert cell["worker"] != secret.side, f"{context}: a hidden worker drawn on {cell['square']}"
        for key in secret.tokens:
            assert key not in cell["tokens"], f"{context}: {key} drawn on {cell['square']}"
    if secret.hides and state:
        assert board["hidden_workers"].get(str(secret.side)) == len(secret.workers), context
    last = board.get("last")
    if last is not None and last["mover"] == secret.owner:
        check_secret_turn(secret, last["turn"], context + " last turn")
        # The squares the last turn marks are those its (redacted) text shows.
        assert set(last["marks"]) <= set(SQUARE.findall(last["turn"])), f"{context}: marks {last}"


def check_message(
    message: dict[str, Any], viewer: int | None, truth: list[Truth], tokens: dict[int, str]
) -> None:
    """``message`` (received by ``viewer``; ``None``: a spectator) against the truth at its
    version: no other seat's token ever, and while the game is not over no secret."""
    dump = json.dumps(message)
    for seat, token in tokens.items():
        if seat != viewer:
            assert token not in dump, f"seat {seat}'s token sent to {viewer}: {message['type']}"
    kind = message["type"]
    if kind == "events":
        for event in message["events"]:
            true = truth[event["version"]]
            for secret in true.secrets:
                if secret.owner != viewer and not true.over and event["seat"] == secret.owner:
                    check_secret_turn(secret, event["text"], f"event v{event['version']} for {viewer}")
        return
    version = message.get("version")
    if not isinstance(version, int) or version >= len(truth):
        assert kind in ("pong", "accepted", "closed", "rematch"), message
        return
    true = truth[version]
    if true.over:
        return
    for secret in true.secrets:
        if secret.owner == viewer:
            continue
        context = f"{kind} v{version} for {viewer}"
        for key, value in secret.tokens.items():
            assert f"{key}={value}" not in dump and f'"{key}": "{value}"' not in dump, context
        if kind == "state":
            check_board(message["board"], secret, context, state=True)
            for turn in message["turns"]:
                if turn["seat"] == secret.owner:
                    check_secret_turn(secret, turn["text"], f"{context} turn {turn['number']}")
            if message["turn"]["mover"] == secret.owner:
                check_secret_turn(secret, message["turn"]["in_progress"], context + " in progress")
        elif kind == "preview":
            check_board(message["board"], secret, context, state=False)
        elif kind == "error":
            assert not SHOWN_MARK.search(message["message"]), context


# ---------------------------------------------------------------------- playing
@dataclass
class Run:
    game_id: str
    tokens: dict[int, str]
    clients: dict[int, TableClient]
    spectator: TableClient
    replica: Replica
    #: Previews of a move onto a hidden worker's square.
    hidden_previews: int = 0
    #: ``GET /api/games/{id}`` answers taken during the game.
    polled: list[dict[str, Any]] = field(default_factory=list)
    record_status: list[int] = field(default_factory=list)


def create(server: ServerProcess, body: dict[str, Any]) -> dict[str, Any]:
    return create_game(server, **body)


async def probe(client: TableClient, state: dict[str, Any], run: Run) -> None:
    """Illegal actions and previews from a seat that does not see everything: each is
    refused, and the legal steps the refusal lists are exactly the options that seat was
    offered (a list built on the true board would give away where a hidden worker stands).
    A preview of a move onto a hidden worker's square looks like a move onto an empty
    square: the worker stands there and may build (only the act itself is cancelled)."""
    version = state["version"]
    assert client.seat is not None
    hidden = await run.replica.hidden_from(client.seat, version)
    for option in state["options"]:
        if option["kind"] == "move" and option["to"] in hidden:
            reply = await client.request({"type": "preview", "version": version, "steps": [option["text"]]})
            assert reply["type"] == "preview", reply
            assert reply["outcome"] is not None or (not reply["complete"] and reply["options"]), reply
            assert reply["board"]["cells"][SQUARE_NAMES.index(option["to"])]["worker"] == client.seat
            run.hidden_previews += 1
            break
    offered = {o["text"] for o in state["options"]}
    for message in (
        {"type": "act", "version": version, "steps": ["zz"], "id": "probe"},
        {"type": "preview", "version": version, "steps": ["zz"]},
    ):
        reply = await client.request(message)
        assert reply["type"] == "error" and reply["code"] == "illegal", reply
        legal = set(reply.get("legal", []))
        assert legal == offered if len(offered) <= 60 else legal <= offered, (
            message["type"],
            legal ^ offered,
        )
    old = version - 1 if version else version + 1  # (a version the game is not at)
    reply = await client.request({"type": "act", "version": old, "steps": [next(iter(offered))]})
    assert reply["type"] == "error" and reply["code"] == "stale-version", reply


async def play_seat(client: TableClient, rng: random.Random, probing: bool, run: Run) -> None:
    """Random legal turns (built from the server's options and previews) until the end; a
    probing seat now and then reconnects a few versions behind, to be sent the events."""
    while True:
        state = await client.wait_turn()
        if state["outcome"] is not None:
            return
        if probing:
            await probe(client, state, run)
            if rng.random() < 0.15:
                await client.close()
                assert (await client.connect(max(0, state["version"] - 4)))["type"] == "welcome"
        steps = await client.random_turn(rng)
        reply = await client.act(steps)
        assert reply["type"] == "accepted", reply
        if probing:  # out of turn now (or the game is over): refused, whatever the reason
            after = await client.request({"type": "act", "version": reply["version"], "steps": ["zz"]})
            assert after["type"] == "error", after


async def poll(http: httpx.AsyncClient, run: Run) -> None:
    """The HTTP spectator state and the record, again and again while the game goes on.
    The record is asked first: when the state after it is not over, it was refused."""
    while True:
        record = (await http.get(f"/api/games/{run.game_id}/record")).status_code
        answer = await http.get(f"/api/games/{run.game_id}")
        assert answer.status_code == 200
        state = answer.json()
        run.polled.append(state)
        if state["outcome"] is not None:
            return
        run.record_status.append(record)
        await asyncio.sleep(0.1)


async def watch(spectator: TableClient, rng: random.Random) -> None:
    """The spectator leaves and comes back a few versions behind, until the game is over."""
    while spectator.state is None or spectator.state["outcome"] is None:
        await asyncio.sleep(rng.uniform(0.1, 0.5))
        since = spectator.state["version"] if spectator.state is not None else 0
        await spectator.close()
        assert (await spectator.connect(max(0, since - 3)))["type"] == "welcome"
        await spectator.wait_state(lambda s: True)


async def play_game(server: ServerProcess, body: dict[str, Any], seed: int, secret_seats: set[int]) -> Run:
    """Create the game and play it to the end; seats without a secret card probe."""
    created = create(server, body)
    game_id = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
    spectator = TableClient(server.url, game_id)
    await spectator.connect()
    clients = {s: TableClient(server.url, game_id, t) for s, t in tokens.items()}
    run = Run(game_id, tokens, clients, spectator, Replica(Path(server.db), game_id))
    for client in run.clients.values():
        assert (await client.connect())["type"] == "welcome"
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as http, asyncio.timeout(90):
        await asyncio.gather(
            poll(http, run),
            watch(spectator, random.Random(seed)),
            *(play_seat(c, rng, s not in secret_seats, run) for s, c in run.clients.items()),
        )
        await spectator.wait_state(lambda s: s["outcome"] is not None)
        lobby = (await http.get("/api/games")).text
        assert not any(token in lobby for token in tokens.values())
    await asyncio.sleep(0.1)  # (the last broadcasts)
    for client in [*run.clients.values(), spectator]:
        await client.close()
    return run


def check_run(server: ServerProcess, run: Run) -> list[Truth]:
    """Every message of every connection against the truth of its version."""
    truth = truths(Path(server.db), run.game_id)
    assert run.record_status and set(run.record_status) == {409}
    for seat, client in run.clients.items():
        for message in client.messages:
            check_message(message, seat, truth, run.tokens)
    for message in [*run.spectator.messages, *run.polled]:
        check_message(message, None, truth, run.tokens)
    assert any(m["type"] == "events" for m in run.spectator.messages)  # (it caught up at times)
    final = run.spectator.state
    assert final is not None and final["outcome"] is not None and final["version"] == len(truth) - 1
    # (Each seat saw the game go by: a state for every version it was connected at.)
    for client in run.clients.values():
        seen = {m["version"] for m in client.messages if m["type"] == "state"}
        assert seen == set(range(min(seen), len(truth)))
    return truth


def check_revealed(state: dict[str, Any], truth: Truth) -> None:
    """Once the game is over nothing is hidden: the hidden workers stand on the board, the
    secret tokens lie on their squares, the turns are shown in full."""
    cells = state["board"]["cells"]
    for side, squares in truth.hidden_squares.items():
        assert all(cells[SQUARE_NAMES.index(s)]["worker"] == side for s in squares)
    for secret in truth.secrets:
        for key, value in secret.tokens.items():
            assert key in cells[SQUARE_NAMES.index(value)]["tokens"]
    assert [t["text"] for t in state["turns"]] == [text for _, text in truth.turns]


def check_log(server: ServerProcess, run: Run, truth: list[Truth], hides: set[int]) -> None:
    log = server.log_text()
    for token in run.tokens.values():
        assert token not in log
    assert not re.search(r"(tartarus\.abyss|moerae\.fate)=[a-e][1-5]", log)
    assert not SHOWN_MARK.search(log)  # (the Abyss and the Fate square are marked so: *c3)
    for mover, text in truth[-1].turns:
        if mover in hides:
            assert text not in log
            for move in re.findall(r"[a-e][1-5]-[a-e][1-5]", text):
                assert move not in log


# ---------------------------------------------------------------------- the games
GAMES: dict[str, tuple[dict[str, Any], set[int]]] = {
    "hecate-minotaur": ({"players": 2, "powers": ["Hecate", "Minotaur"], "seats": [HUMAN] * 2}, {0}),
    "minotaur-hecate-3p": (
        {"players": 3, "powers": ["Minotaur", "Hecate", "Demeter"], "seats": [HUMAN] * 3},
        {1},
    ),
    "tartarus-demeter": ({"players": 2, "powers": ["Tartarus", "Demeter"], "seats": [HUMAN] * 2}, {0}),
    "pan-moerae": ({"players": 2, "powers": ["Pan", "Moerae"], "seats": [HUMAN] * 2}, {1}),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_no_secret_reaches_another_seat(shared_server: ServerProcess, name: str) -> None:
    body, secret_seats = GAMES[name]
    hides = {s for s in secret_seats if body["powers"][s] == "Hecate"}
    hidden_previews = 0
    for seed in (1,) if body["players"] == 3 else (1, 2):
        run = asyncio.run(play_game(shared_server, body, seed, secret_seats))
        hidden_previews += run.hidden_previews
        truth = check_run(shared_server, run)
        check_log(shared_server, run, truth, hides)
        # There was a secret to keep: Hecate's workers stood on the board, the Abyss or the
        # Fate square was marked, while the game went on.
        assert any(s.workers or s.tokens for t in truth[:-1] for s in t.secrets)
        for seat in set(run.clients) - secret_seats:
            final = run.clients[seat].state
            assert final is not None
            check_revealed(final, truth[-1])
        assert httpx.get(f"{shared_server.url}/api/games/{run.game_id}/record").status_code == 200
    assert hidden_previews > 0 or not hides


def test_hecate_as_an_ai_seat_keeps_her_secret(shared_server: ServerProcess) -> None:
    """The AI's Hecate: her moves come from the server itself, and still no message, event
    or log line shows them to the human opponent or the spectator."""
    body = {
        "players": 2,
        "powers": ["Demeter", "Hecate"],
        "seats": [HUMAN, {"kind": "ai", "level": "random"}],
    }
    run = asyncio.run(play_game(shared_server, body, 3, {1}))
    truth = check_run(shared_server, run)
    check_log(shared_server, run, truth, {1})
    assert any(s.workers for t in truth[:-1] for s in t.secrets)
    final = run.clients[0].state
    assert final is not None
    check_revealed(final, truth[-1])
    assert truth[-1].hidden_squares[1]


async def _wait_version(clients: dict[int | None, TableClient], version: int) -> None:
    for client in clients.values():
        await client.wait_state(lambda s: s["version"] >= version, timeout=10)


async def _twin_observations(server: ServerProcess, marks: tuple[int, int], seed: int) -> list[list[str]]:
    """Two Tartarus games with identical public actions whose Abyss differs; returns the
    messages Demeter's seat and the spectator received in each (game ids blanked) while
    the games went on."""
    body = {"players": 2, "powers": ["Tartarus", "Demeter"], "seats": [HUMAN] * 2, "start_player": 0}
    twins: list[dict[int | None, TableClient]] = []
    for game in (create(server, body), create(server, body)):
        clients: dict[int | None, TableClient] = {None: TableClient(server.url, game["id"])}
        clients.update({s["seat"]: TableClient(server.url, game["id"], s["token"]) for s in game["seats"]})
        for client in clients.values():
            await client.connect()
        twins.append(clients)
    rng = random.Random(seed)
    abyss: set[str] = set()
    for _turn in range(16):
        states = [t[None].state for t in twins]
        assert states[0] is not None and states[1] is not None
        actor = states[0]["turn"]["actor"]
        if actor is None or states[1]["turn"]["actor"] is None:
            break
        movers = [t[actor] for t in twins]
        offered = [[o["text"] for o in (await m.wait_turn())["options"]] for m in movers]
        if offered[0][0].startswith("*"):  # Tartarus marks the Abyss: elsewhere in each game
            steps = [[offered[0][marks[0]]], [offered[1][marks[1]]]]
            abyss = {steps[0][0][1:], steps[1][0][1:]}
        else:
            assert offered[0] == offered[1]
            options = (await movers[0].wait_turn())["options"]
            chosen: list[str] = []
            while True:  # nobody walks into either Abyss: the games stay twins
                safe = [o for o in options if not (o["kind"] == "move" and o["to"] in abyss)]
                if not safe:
                    break
                chosen.append(rng.choice(safe)["text"])
                replies = [await m.preview(chosen) for m in movers]
                assert all(r["type"] == "preview" for r in replies), replies
                if actor == 1:  # (Tartarus's own previews show his Abyss)
                    assert replies[0] == replies[1]
                if replies[0]["complete"] or not replies[0]["options"]:
                    break
                options = replies[0]["options"]
            if not chosen:
                break
            steps = [chosen, chosen]
        replies = [await m.act(s) for m, s in zip(movers, steps, strict=True)]
        assert [r["type"] for r in replies] == ["accepted", "accepted"], replies
        for twin, reply in zip(twins, replies, strict=True):
            await _wait_version(twin, reply["version"])
    assert len(abyss) == 2
    seen: list[list[str]] = []
    for twin in twins:
        texts = []
        for viewer in (1, None):
            for message in twin[viewer].messages:
                if message["type"] == "state" and message["outcome"] is not None:
                    continue  # (over: everything is revealed)
                text = json.dumps(message).replace(twin[viewer].game_id, "ID")
                texts.append(re.sub(r'"created": "[^"]*"', "", text))
        seen.append(texts)
        for client in twin.values():
            await client.close()
    return seen


def test_twin_games_differing_only_in_the_abyss_look_the_same_to_the_opponent(
    shared_server: ServerProcess,
) -> None:
    """Identical public actions, a different Abyss: Demeter's seat and the spectator
    receive identical messages, so nothing they receive depends on the secret."""
    first, second = asyncio.run(_twin_observations(shared_server, (0, -1), 5))
    assert len(first) > 20
    assert first == second
