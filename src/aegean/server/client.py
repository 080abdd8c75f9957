"""A small asyncio client of the online table, for scripts, bots, tests and the load test.

>>> # async with TableClient("http://127.0.0.1:8000", game_id, token) as client:
>>> #     state = await client.wait_turn()
>>> #     await client.play([state["options"][0]["text"], ...])
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any
from urllib.parse import urlsplit

import websockets


class TableClient:
    """One WebSocket connection to a game: keeps the latest ``state`` and every message."""

    def __init__(
        self, base_url: str, game_id: str, token: str | None = None, *, origin: str | None = None
    ) -> None:
        parts = urlsplit(base_url)
        scheme = "wss" if parts.scheme == "https" else "ws"
        self.url = f"{scheme}://{parts.netloc}/ws/games/{game_id}"
        self.origin = origin or f"{parts.scheme}://{parts.netloc}"
        self.token = token
        self.game_id = game_id
        self.state: dict[str, Any] | None = None
        self.messages: list[dict[str, Any]] = []
        self.seat: int | None = None
        self._socket: Any = None
        self._inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def __aenter__(self) -> TableClient:
        await self.connect()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def connect(self, since: int | None = None) -> dict[str, Any]:
        """Open the socket and say hello; returns the ``welcome`` (or the error)."""
        self._socket = await websockets.connect(self.url, origin=self.origin, max_size=2**22)  # type: ignore[arg-type]
        self._inbox = asyncio.Queue()
        self._reader = asyncio.create_task(self._read())
        await self.send({"type": "hello", "token": self.token, "since": since})
        first = await self.next_message(("welcome", "error"))
        if first["type"] == "welcome":
            self.seat = first["seat"]
        return first

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        self._socket = None

    async def send(self, message: dict[str, Any]) -> None:
        await self._socket.send(json.dumps(message))

    async def _read(self) -> None:
        try:
            async for raw in self._socket:
                message = json.loads(raw)
                self.messages.append(message)
                if message.get("type") == "state":
                    self.state = message
                    self._changed.set()
                elif message.get("type") == "presence" and self.state is not None:
                    self.state = merge_presence(self.state, message)
                    self._changed.set()
                await self._inbox.put(message)
        except websockets.ConnectionClosed:
            pass
        finally:
            await self._inbox.put({"type": "closed"})

    async def next_message(self, types: tuple[str, ...], timeout: float = 30) -> dict[str, Any]:
        """The next message of one of ``types`` (or ``closed``), skipping others."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self._inbox.get()
                if message["type"] in types or message["type"] == "closed":
                    return message

    async def wait_state(self, predicate: Any, timeout: float = 60) -> dict[str, Any]:
        """Wait until the latest state satisfies ``predicate``."""
        async with asyncio.timeout(timeout):
            while True:
                if self.state is not None and predicate(self.state):
                    return self.state
                self._changed.clear()
                await self._changed.wait()

    async def wait_turn(self, timeout: float = 60) -> dict[str, Any]:
        """Wait until this seat must act or the game is over."""
        return await self.wait_state(
            lambda s: s["outcome"] is not None or (s["turn"]["actor"] == self.seat and s["options"]), timeout
        )

    async def request(self, message: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
        """Send an action and return the answer: ``accepted``, ``preview`` or ``error``."""
        await self.send(message)
        return await self.next_message(("accepted", "error", "preview"), timeout)

    async def preview(self, steps: list[str]) -> dict[str, Any]:
        assert self.state is not None
        return await self.request({"type": "preview", "version": self.state["version"], "steps": steps})

    async def act(self, steps: list[str], version: int | None = None) -> dict[str, Any]:
        assert self.state is not None
        v = self.state["version"] if version is None else version
        return await self.request({"type": "act", "version": v, "steps": steps, "id": f"{self.seat}-{v}"})

    async def random_turn(self, rng: random.Random) -> list[str]:
        """A random legal turn, built step by step from the server's options (previews)."""
        assert self.state is not None
        steps: list[str] = []
        options = self.state["options"]
        while True:
            choice = rng.choice(options)["text"]
            steps.append(choice)
            reply = await self.preview(steps)
            if reply["type"] != "preview":
                raise RuntimeError(f"preview refused: {reply}")
            if reply["complete"] or reply["waiting_for"] is not None or not reply["options"]:
                return steps
            options = reply["options"]


def merge_presence(state: dict[str, Any], presence: dict[str, Any]) -> dict[str, Any]:
    """The state with a ``presence`` message's news (who is seated and connected, the
    rematch offers): the server sends only those when they change, not the whole game."""
    news = {seat["seat"]: seat for seat in presence["seats"]}
    seats = [{**seat, **news.get(seat["seat"], {})} for seat in state["seats"]]
    return {**state, "seats": seats, "rematch": presence["rematch"]}
