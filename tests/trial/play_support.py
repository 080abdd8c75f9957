"""Shared helpers for the record and terminal-play tests: finished and unfinished games
played by seeded random choices, the prompt loop driven in process, and the ``aegean``
command run in process."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from aegean.cli.trial_loop import TrialLoop
from aegean.cli.trial_table import TrialTable, make_seat
from aegean.main import app
from aegean.trial.content import ContentSet, load_content
from aegean.trial.engine import Game
from aegean.trial.record import TrialRecord

SAMPLE: ContentSet = load_content()
runner = CliRunner()


def random_record(seed: int, players: int = 2, stop_after: int | None = None) -> TrialRecord:
    """A game played by seeded random choices (to its end, or ``stop_after`` choices)."""
    record = TrialRecord.start(SAMPLE, players, seed)
    game = Game.new(SAMPLE, players, seed)
    rng = random.Random(seed)
    while not game.over and (stop_after is None or len(record.choices) < stop_after):
        player = game.to_decide()[0]
        choice = rng.choice(game.legal(player))
        game.apply(player, choice)
        record.choices.append((player, choice))
    record.finish(game)
    return record


def new_table(seed: int, kinds: str = "human,random") -> TrialTable:
    seats = [make_seat(kind, seat, seed) for seat, kind in enumerate(kinds.split(","))]
    return TrialTable.new(SAMPLE, len(seats), seed, seats)


#: ``answer(prompt, loop)``: the line typed at ``prompt`` (None: end of input).
Answer = Callable[[str, TrialLoop], "str | None"]


def drive(table: TrialTable, answer: Answer, save: Path | None = None) -> tuple[int, str, TrialLoop]:
    """Run the prompt loop over ``table``, typing what ``answer`` says; returns the exit
    status, the transcript (each prompt with the line typed, ``<EOF>`` at the end of
    input) and the loop."""
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    loop: TrialLoop

    def read(prompt: Text) -> str | None:
        line = answer(prompt.plain, loop)
        out.write(prompt.plain + (line if line is not None else "<EOF>") + "\n")
        return line

    loop = TrialLoop(table, console, read, save)
    status = loop.run()
    return status, out.getvalue(), loop


def invoke(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``aegean ARGS`` in process with ``stdin``: exit status, stdout, stderr."""
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "100", "NO_COLOR": "1"})
    return result.exit_code, result.stdout, result.stderr


def assert_one_error_line(code: int, stdout: str, stderr: str, *needles: str) -> str:
    """A refused command: non-zero status, nothing on stdout, no traceback, one line on
    stderr starting ``error:`` and holding every needle. Returns the line."""
    assert code != 0, (code, stdout, stderr)
    assert "Traceback" not in stdout + stderr
    assert stdout == "", stdout
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]
