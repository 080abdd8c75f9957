"""A real server for the server tests: ``aegean serve`` in a subprocess on a free
loopback port, with a real SQLite file in the test's temporary folder; and the steps
every test takes to seat its players (create a game, exchange its invites)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ServerProcess:
    """A running ``aegean serve``; :meth:`kill` sends SIGKILL, :meth:`start` (re)starts
    it on the same port and database."""

    db: Path | str
    port: int
    rate_limit: float
    log: Path
    #: More ``aegean serve`` options. By default games may be created without limit: the
    #: tests create hundreds from one address (the limit has tests of its own).
    options: tuple[str, ...] = ("--create-limit", "1000000")
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "aegean.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--rate-limit",
            str(self.rate_limit),
            "--log-level",
            "info",
            *self.options,
        ]
        log = self.log.open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def post_game(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """``POST /api/games`` (it must succeed): the creator's token, the others' invites."""
    reply = httpx.post(server.url + "/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game: dict[str, Any] = reply.json()
    return game


def create_game(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """:func:`post_game`, then every invite is exchanged for its seat token, as each
    invited player's browser does on opening the link: the answer has a ``token`` for
    every human seat but the open ones."""
    game = post_game(server, **body)
    for seat in game["seats"]:
        if "invite" in seat:
            seat["token"] = claim(server, game["id"], seat["invite"])["token"]
    return game


def claim(server: ServerProcess, game_id: str, invite: str) -> dict[str, Any]:
    """Exchange an invite for its seat's token (it must succeed)."""
    reply = httpx.post(f"{server.url}/api/games/{game_id}/claim", json={"invite": invite})
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def start_server(folder: Path, rate_limit: float = 10_000, *options: str) -> ServerProcess:
    """A server on a free port with its database and log in ``folder`` (started)."""
    server = ServerProcess(folder / "games.sqlite3", free_port(), rate_limit, folder / "server.log")
    if options:
        server.options = (*server.options, *options)
    server.start()
    return server


def serve_in(folder: Path, rate_limit: float = 10_000, *options: str) -> Iterator[ServerProcess]:
    """A fixture's server (:func:`start_server`), stopped when the fixture ends."""
    server = start_server(folder, rate_limit, *options)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with a generous rate limit (scripted clients play fast)."""
    yield from serve_in(tmp_path, 10_000)


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with the default rate limit (20 messages a second, bursts of 40)."""
    yield from serve_in(tmp_path, 20)
