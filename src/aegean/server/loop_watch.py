"""A watch on an event loop: when it was held up, and for how long.

One server process serves every game from one event loop, so anything that holds the
loop (a slow callback, a collector pass, a blocking call) delays every request in flight
at once. Such a pause looks the same from a client as a slow server, a slow client or a
stalled machine; this watch tells them apart. It sleeps ``interval`` at a time and takes
any lateness past ``threshold`` on waking as a stall: counted, kept (the latest
``keep``), and logged on the server. The bench runs one in its clients' loop too.

>>> import asyncio, time
>>> async def held() -> LoopWatch:
...     watch = LoopWatch(interval=0.01, threshold=0.05)
...     task = watch.start()
...     await asyncio.sleep(0.03)
...     time.sleep(0.2)  # holds the loop
...     await asyncio.sleep(0.03)
...     task.cancel()
...     return watch
>>> watch = asyncio.run(held())
>>> watch.count, watch.longest >= 0.1, max(p.seconds for p in watch.pauses) == watch.longest
(1, True, True)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("aegean.server")


@dataclass(frozen=True)
class Stall:
    """One pause of the loop: ``ended`` is the wall clock (``time.time()``) when the loop
    ran again, ``seconds`` how long past its wake-up the watch woke."""

    ended: float
    seconds: float

    @property
    def started(self) -> float:
        return self.ended - self.seconds


@dataclass
class LoopWatch:
    interval: float = 0.05
    threshold: float = 0.25
    keep: int = 100
    #: Whether each stall is logged as a warning (the server's watch; not the bench's).
    report: bool = False
    count: int = 0
    longest: float = 0.0
    recent: deque[Stall] = field(default_factory=deque)
    #: Shorter pauses are kept too (the latest ``keep_pauses`` of at least ``floor``), not
    #: counted or logged as stalls: the bench reports the longest pause of its play from them.
    floor: float = 0.02
    keep_pauses: int = 1000
    pauses: deque[Stall] = field(default_factory=deque)

    def start(self) -> asyncio.Task[None]:
        """Watch the running loop until the returned task is cancelled."""
        return asyncio.get_running_loop().create_task(self._watch(), name="loop-watch")

    async def _watch(self) -> None:
        clock = time.monotonic
        while True:
            woke = clock() + self.interval
            await asyncio.sleep(self.interval)
            late = clock() - woke
            if late >= self.floor:
                self.pauses.append(Stall(time.time(), late))
                while len(self.pauses) > self.keep_pauses:
                    self.pauses.popleft()
            if late > self.threshold:
                self.note(late)

    def note(self, seconds: float) -> None:
        self.count += 1
        self.longest = max(self.longest, seconds)
        self.recent.append(Stall(time.time(), seconds))
        while len(self.recent) > self.keep:
            self.recent.popleft()
        if self.report:
            log.warning("the event loop was held for %.0f ms: every request in flight waited", 1000 * seconds)

    def as_json(self) -> dict[str, Any]:
        """The counts and the latest stalls, for ``GET /api/health``."""
        return {
            "threshold_ms": round(1000 * self.threshold),
            "stalls": self.count,
            "longest_ms": round(1000 * self.longest, 1),
            "recent": [{"ended": s.ended, "ms": round(1000 * s.seconds, 1)} for s in self.recent],
            "floor_ms": round(1000 * self.floor),
            "pauses": [{"ended": s.ended, "ms": round(1000 * s.seconds, 1)} for s in self.pauses],
        }
