"""The front door of every HTTP request and WebSocket upgrade: a rate limit per client
address, and the security headers on every response (``security.SECURITY_HEADERS``).

It is plain ASGI, so it adds next to nothing to each request and sees the upgrades too.
The client address is the one the ASGI server gives: uvicorn takes it from
``X-Forwarded-For`` only when the request comes from a trusted proxy (by default one on
127.0.0.1; ``FORWARDED_ALLOW_IPS``), so a client cannot pick its own address.
"""

from __future__ import annotations

import json
import math
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .security import SECURITY_HEADERS, AddressLimiter

#: Paths a load balancer polls: never limited.
EXEMPT = frozenset({"/healthz"})
#: The close code of a WebSocket upgrade refused for the rate (HTTP 403 to the client).
CLOSE_RATE_LIMITED = 4429

_HEADERS = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS]


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class HttpGuard:
    """Refuses a client address over its rate (HTTP 429 with ``Retry-After``; an upgrade
    is closed before it is accepted) and adds the security headers to every response."""

    def __init__(self, app: ASGIApp, requests: AddressLimiter) -> None:
        self.app = app
        self.requests = requests

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["path"] not in EXEMPT:
            bucket = self.requests.bucket(client_address(scope))
            if not bucket.allow():
                await self._refuse(kind, receive, send, bucket.retry_after())
                return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(kind: str, receive: Receive, send: Send, retry_after: float) -> None:
        if kind == "websocket":
            await receive()  # (the connect event)
            await send({"type": "websocket.close", "code": CLOSE_RATE_LIMITED, "reason": "rate limited"})
            return
        seconds = max(1, math.ceil(retry_after))
        body = json.dumps(
            {"error": f"too many requests; try again in {seconds} s", "code": "rate-limited"}
        ).encode()
        headers: list[tuple[bytes, bytes]] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(seconds).encode()),
            *_HEADERS,
        ]
        start: dict[str, Any] = {"type": "http.response.start", "status": 429, "headers": headers}
        await send(start)
        await send({"type": "http.response.body", "body": body})
