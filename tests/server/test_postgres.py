"""PostgreSQL as the database (docs/server.md, "Deployment"): a throwaway cluster on
loopback, the schema made by Alembic, a game played, the server killed with SIGKILL and
restarted, and the game resumed where it was. Skipped where PostgreSQL's server programs
are not installed (``.ci/run`` installs Debian's ``postgresql``)."""

from __future__ import annotations

import asyncio
import glob
import os
import random
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from aegean.server.client import TableClient

from .conftest import ServerProcess, create_game, free_port

PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


def _as_postgres(*command: str) -> list[str]:
    """PostgreSQL refuses to run as root: run its programs as the ``postgres`` user."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return list(command)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    if not PG_BIN or (os.geteuid() == 0 and shutil.which("runuser") is None):
        pytest.skip("PostgreSQL's server programs are not installed")
    bin_dir = PG_BIN[-1]
    # (Not under pytest's own temporary folder, which the postgres user may not enter.)
    base = Path(tempfile.mkdtemp(prefix="aegean-pg-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    data, port = base / "data", free_port()
    subprocess.run(
        _as_postgres(f"{bin_dir}/initdb", "-D", str(data), "-A", "trust", "-U", "aegean"),
        check=True,
        capture_output=True,
    )
    options = f"-k {base} -p {port} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        _as_postgres(
            f"{bin_dir}/pg_ctl", "-D", str(data), "-o", options, "-l", str(base / "log"), "-w", "start"
        ),
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            _as_postgres(f"{bin_dir}/createdb", "-h", "127.0.0.1", "-p", str(port), "-U", "aegean", "aegean"),
            check=True,
            capture_output=True,
        )
        yield f"postgresql+psycopg://aegean@127.0.0.1:{port}/aegean"
    finally:
        subprocess.run(
            _as_postgres(f"{bin_dir}/pg_ctl", "-D", str(data), "-m", "immediate", "stop"), capture_output=True
        )
        shutil.rmtree(base, ignore_errors=True)


async def _play(url: str, game_id: str, tokens: list[str], turns: int, rng: random.Random) -> int:
    """Play ``turns`` random turns (or to the end); returns the last accepted version."""
    clients = [TableClient(url, game_id, token) for token in tokens]
    for client in clients:
        await client.connect()
    version = 0
    try:
        for _ in range(turns):
            state = await clients[0].wait_state(lambda s, v=version: s["version"] >= v)
            if state["outcome"] is not None:
                break
            client = clients[state["turn"]["actor"]]
            await client.wait_state(lambda s, v=version: s["version"] >= v)
            reply = await client.act(await client.random_turn(rng))
            assert reply["type"] == "accepted", reply
            version = reply["version"]
    finally:
        for client in clients:
            await client.close()
    return version


def test_a_game_on_postgresql_survives_a_kill(postgres_url: str, tmp_path: Path) -> None:
    server = ServerProcess(postgres_url, free_port(), 10_000, tmp_path / "server.log")
    server.start()
    try:
        created = create_game(server, players=2, powers=["Artemis", "Pan"], seats=[{"kind": "human"}] * 2)
        tokens = [seat["token"] for seat in created["seats"]]
        rng = random.Random(5)
        version = asyncio.run(_play(server.url, created["id"], tokens, 12, rng))
        before = httpx.get(f"{server.url}/api/games/{created['id']}").json()
        assert before["version"] == version == 12
        server.kill()
        server.start()
        after = httpx.get(f"{server.url}/api/games/{created['id']}").json()
        assert after["version"] == version
        assert after["board"] == before["board"] and after["turns"] == before["turns"]
        asyncio.run(_play(server.url, created["id"], tokens, 200, rng))
        final = httpx.get(f"{server.url}/api/games/{created['id']}").json()
        assert final["outcome"] is not None and final["game"]["status"] == "over"
        assert "Traceback" not in server.log_text()
    finally:
        server.stop()
