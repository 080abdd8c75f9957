"""Shared plumbing of the benchmarks: timing, options, the result table.

Every benchmark times the engine and :mod:`naive_reference` on the same work in the
same process, checks they agree (so the ratio compares equal work), and keeps the best
of a few repeats: the figure a quiet machine gives, which is what the targets mean.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass
class Result:
    """One measured figure, the naive reference's figure on the same work, and the target."""

    name: str
    unit: str  # what is counted per second, e.g. "leaves/s"
    value: float
    naive: float
    target: float | None = None
    stretch: float | None = None
    detail: str = ""

    @property
    def ratio(self) -> float:
        return self.value / self.naive

    @property
    def status(self) -> str:
        if self.target is None:
            return "-"
        if self.stretch is not None and self.value >= self.stretch:
            return "met (stretch too)"
        return "met" if self.value >= self.target else "NOT met"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--long", action="store_true", help="bigger workloads (minutes), steadier figures")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per workload; the best counts")


def best_of(repeat: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``repeat`` calls of ``fn`` and its (last) result."""
    best = float("inf")
    result: T | None = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def same(what: str, engine: object, naive: object) -> None:
    """Stop with a clear message when the engine and the naive reference disagree."""
    if engine != naive:
        sys.exit(f"MISMATCH in {what}: engine {engine!r} != naive reference {naive!r}")


def human(x: float) -> str:
    for scale, suffix in ((1e6, " M"), (1e3, " k")):
        if x >= scale:
            return f"{x / scale:.3g}{suffix}"
    return f"{x:.3g}"


def report(result: Result) -> None:
    """One benchmark's line: figure, naive figure, ratio, target."""
    target = ""
    if result.target is not None:
        target = f"   target >= {human(result.target)}"
        if result.stretch is not None:
            target += f" (stretch {human(result.stretch)})"
        target += f": {result.status}"
    print(
        f"{result.name}: {human(result.value)} {result.unit}   naive {human(result.naive)} {result.unit}"
        f"   ratio {result.ratio:.2f}x{target}"
    )
    if result.detail:
        print(f"    {result.detail}")


def table(results: list[Result]) -> str:
    """A Markdown table of the results (``docs/performance.md`` keeps one)."""
    lines = [
        "| benchmark | engine | naive reference | ratio | target | status |",
        "|---|---:|---:|---:|---|---|",
    ]
    for r in results:
        target = "-" if r.target is None else f">= {human(r.target)}"
        if r.stretch is not None:
            target += f" (stretch {human(r.stretch)})"
        lines.append(
            f"| {r.name} | {human(r.value)} {r.unit} | {human(r.naive)} {r.unit} | {r.ratio:.2f}x "
            f"| {target} | {r.status} |"
        )
    return "\n".join(lines)


def machine() -> str:
    import os

    return f"Python {platform.python_version()} ({platform.python_implementation()}), {os.cpu_count()} cores"


def main(doc: str | None, run: Callable[[bool, int], list[Result]]) -> None:
    """The command line of one benchmark script: parse the options, run, report."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    add_options(parser)
    args = parser.parse_args()
    for result in run(args.long, args.repeat):
        report(result)
