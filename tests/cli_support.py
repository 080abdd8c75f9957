"""Shared helpers for the terminal tests: drive the prompt loop with strings, and run
the installed ``aegean`` command as a user would."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console
from rich.text import Text

from aegean.cli.loop import GameLoop
from aegean.cli.session import GameSession

#: What a transcript shows where a hot-seat game clears the screen (piped output).
CLEARED = "── the screen is cleared here ──"


def transcript_console(out: io.StringIO) -> Console:
    return Console(file=out, width=100, color_system=None)


def run_loop(session: GameSession, lines: list[str]) -> tuple[int, str]:
    """Drive the prompt loop with ``lines``; returns the exit status and the transcript
    (each prompt and the line typed at it included, ``<EOF>`` at the end of the input)."""
    feed: Iterator[str] = iter(lines)
    return run_loop_with(session, lambda prompt: next(feed, None))


def run_loop_with(session: GameSession, answer: Callable[[str], str | None]) -> tuple[int, str]:
    """:func:`run_loop` with the lines given by ``answer(prompt)``."""
    out = io.StringIO()

    def read(prompt: Text) -> str | None:
        line = answer(prompt.plain)
        out.write(prompt.plain + (line if line is not None else "<EOF>") + "\n")
        return line

    status = GameLoop(session, transcript_console(out), read).run()
    return status, out.getvalue()


def aegean_command() -> list[str]:
    """The installed console script (next to this interpreter, or on PATH)."""
    script = Path(sys.executable).with_name("aegean")
    if script.exists():
        return [str(script)]
    found = shutil.which("aegean")
    assert found is not None, "the aegean console script is not installed (pip install -e .)"
    return [found]


def run_script(
    *args: str, stdin: str = "", timeout: float = 120, columns: int = 100
) -> subprocess.CompletedProcess[str]:
    """Run ``aegean ARGS`` in a subprocess without colour, ``columns`` wide (a generous
    time limit: the tests share the machine with others, and the limit only stops a hang)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": str(columns)}
    return subprocess.run(
        [*aegean_command(), *args], input=stdin, capture_output=True, text=True, timeout=timeout, env=env
    )


def assert_one_line_error(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    """A bad-input failure of the command: non-zero status, no traceback, one line on
    stderr holding every needle. Returns that line."""
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]
