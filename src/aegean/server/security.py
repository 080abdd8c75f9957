"""Seat tokens, origins, rate limits and the HTTP security headers.

A seat token is 32 random bytes (url-safe base64). Only its SHA-256 digest is stored;
checking compares digests in constant time, so neither the database nor the timing of a
refusal gives a token away.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import OrderedDict
from urllib.parse import urlsplit

TOKEN_BYTES = 32


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str | None, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is stored (constant time in the token)."""
    if not token or not stored_hash or len(token) > 200:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """A WebSocket upgrade must come from a page of this server (``Origin`` with the
    request's own ``Host``) or from an origin named with ``--allow-origin``: another
    site's page may not act with a visitor's stored token (cross-site WebSocket hijacking)."""
    if not origin:
        return False
    origin = origin.rstrip("/").lower()
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc == (host or "").lower()


class RateLimiter:
    """A token bucket: ``rate`` messages a second on average, bursts of ``burst``."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0) -> None:
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.last = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            self.refused += 1
            return False
        self.allowance -= 1
        self.refused = 0
        return True

    def available(self) -> bool:
        """Whether ``allow`` would say yes now (without taking anything)."""
        now = time.monotonic()
        return min(self.burst, self.allowance + (now - self.last) * self.rate) >= 1

    def retry_after(self) -> float:
        """Seconds until one more is allowed."""
        return max(0.0, (1 - self.allowance) / self.rate)


class AddressLimiter:
    """A :class:`RateLimiter` per client address (HTTP requests, WebSocket upgrades, game
    creation). The least recently seen addresses are forgotten past ``max_addresses``, so
    a crowd of addresses cannot grow it without bound."""

    def __init__(self, rate: float, burst: float, max_addresses: int = 10_000) -> None:
        self.rate, self.burst = rate, burst
        self.max_addresses = max_addresses
        self._buckets: OrderedDict[str, RateLimiter] = OrderedDict()

    def bucket(self, address: str) -> RateLimiter:
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = RateLimiter(self.rate, self.burst)
            while len(self._buckets) > self.max_addresses:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
        return bucket

    def allow(self, address: str) -> bool:
        return self.bucket(address).allow()


#: Sent with every HTTP response. The page loads nothing but its own files, and no other
#: site may frame it (a framed game page could be made to act with the visitor's stored
#: token: clickjacking); ``X-Frame-Options`` says the same to browsers without CSP 2.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
)
