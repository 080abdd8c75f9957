"""A real server for the server tests: ``aegean serve`` in a subprocess on a free
loopback port, with a real SQLite file in the test's temporary folder."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

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
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "aegean.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--rate-limit",
            str(self.rate_limit),
            "--log-level",
            "info",
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


def _server(tmp_path: Path, rate_limit: float) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path / "games.sqlite3", free_port(), rate_limit, tmp_path / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with a generous rate limit (scripted clients play fast)."""
    yield from _server(tmp_path, 10_000)


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server with the default rate limit (20 messages a second, bursts of 40)."""
    yield from _server(tmp_path, 20)
