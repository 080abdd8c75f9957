"""Reading lines at the terminal: line editing and history on a TTY, an echo of each
line when the input is piped (so that a transcript reads like a session)."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable

from rich.console import Console
from rich.text import Text

#: ``read_line(prompt)``: the next line typed, or ``None`` at the end of the input.
ReadLine = Callable[[Text], "str | None"]


def _readline_safe(ansi: str) -> str:
    """Mark escape sequences as invisible for readline, so that editing keeps its place."""
    return re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", ansi)


def terminal_reader(console: Console) -> ReadLine:
    """``read_line`` for the real terminal: line editing and history when stdin is a TTY;
    when it is not (piped input), each line read is echoed so the transcript reads well."""
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # editing and history for input()
            import readline  # noqa: F401

    def read(prompt: Text) -> str | None:
        if interactive:
            with console.capture() as capture:
                console.print(prompt, end="")
            try:
                return input(_readline_safe(capture.get()))
            except EOFError:
                console.print()
                return None
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            return None
        console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read
