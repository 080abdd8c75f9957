"""AI seats think in a worker process (docs/server.md): when that process dies (killed,
out of memory) the server starts a new one and the AI still answers."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from pathlib import Path

import httpx

from aegean.server.client import TableClient

from .conftest import ServerProcess


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _ai_workers(server: ServerProcess) -> list[int]:
    """The AI pool's workers: children of the server's forkserver child."""
    assert server.process is not None
    return [worker for child in _children(server.process.pid) for worker in _children(child)]


def test_the_ai_answers_after_its_worker_process_is_killed(server: ServerProcess) -> None:
    game = httpx.post(
        server.url + "/api/games",
        json={"seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}], "start_player": 1},
    ).json()

    async def play() -> dict[str, object]:
        rng = random.Random(3)
        async with TableClient(server.url, game["id"], game["seats"][0]["token"]) as human:
            state = await human.wait_turn()  # the AI has placed: its pool is running
            workers = _ai_workers(server)
            assert workers, "no AI worker process found"
            for pid in workers:
                os.kill(pid, signal.SIGKILL)
            for _ in range(6):
                state = await human.wait_turn(timeout=30)
                if state["outcome"] is not None:
                    break
                reply = await human.act(await human.random_turn(rng))
                assert reply["type"] == "accepted", reply
            return await human.wait_turn(timeout=30)

    state = asyncio.run(play())
    assert state["version"] >= 6 and {t["seat"] for t in state["turns"]} == {0, 1}  # type: ignore[index,union-attr]
    assert "the AI pool broke" in server.log_text()
