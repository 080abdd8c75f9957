"""The event-loop watch (``aegean.server.loop_watch``): a loop held by a blocking call is
seen as one stall of about that length, logged by the server's watch, and kept within
its bound."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from aegean.server.loop_watch import LoopWatch


async def _hold(watch: LoopWatch, holds: list[float]) -> None:
    task = watch.start()
    for seconds in holds:
        await asyncio.sleep(0.05)
        time.sleep(seconds)  # a callback that does not yield
    await asyncio.sleep(0.05)
    task.cancel()


def test_a_held_loop_is_one_stall_of_about_its_length(caplog: pytest.LogCaptureFixture) -> None:
    watch = LoopWatch(interval=0.01, threshold=0.15, report=True)
    with caplog.at_level(logging.WARNING, logger="aegean.server"):
        asyncio.run(_hold(watch, [0.4]))
    assert watch.count == 1
    assert 0.3 <= watch.longest < 2.0
    (stall,) = watch.recent
    assert stall.seconds == watch.longest and stall.started < stall.ended <= time.time()
    assert "the event loop was held for" in caplog.text
    report = watch.as_json()
    assert (report["stalls"], report["threshold_ms"], len(report["recent"])) == (1, 150, 1)
    assert report["longest_ms"] == round(1000 * watch.longest, 1)


def test_it_keeps_only_the_latest_stalls_but_counts_them_all(caplog: pytest.LogCaptureFixture) -> None:
    watch = LoopWatch(interval=0.01, threshold=0.1, keep=2)
    with caplog.at_level(logging.WARNING, logger="aegean.server"):
        asyncio.run(_hold(watch, [0.2, 0.2, 0.3]))
    assert watch.count == 3 and len(watch.recent) == 2
    assert watch.recent[-1].seconds >= 0.25
    assert caplog.text == ""  # (the bench's watch: counted, not logged)


def test_shorter_pauses_are_kept_for_the_longest_of_a_while_but_not_counted() -> None:
    """A pause under the threshold is no stall (not counted, not logged), but one of at
    least ``floor`` is kept: the bench's longest pause of its play comes from them."""
    watch = LoopWatch(interval=0.01, threshold=0.5, floor=0.05, keep_pauses=3)
    asyncio.run(_hold(watch, [0.12, 0.001, 0.15, 0.12, 0.12]))
    assert watch.count == 0 and not watch.recent
    assert len(watch.pauses) == 3 and all(0.05 <= p.seconds < 0.5 for p in watch.pauses)
    report = watch.as_json()
    assert report["floor_ms"] == 50
    assert [p["ms"] for p in report["pauses"]] == [round(1000 * p.seconds, 1) for p in watch.pauses]
