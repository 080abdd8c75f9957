"""Shared helpers for the content tests: the sample set exported to a folder, one file of
it edited in place, and the ``aegean`` command run in process."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from aegean.cli.trial import write_set
from aegean.main import app
from aegean.trial.content import load_content

runner = CliRunner()


def export_sample(directory: Path) -> Path:
    """Write the shipped sample set's files into ``directory`` (made if missing)."""
    directory.mkdir(parents=True, exist_ok=True)
    write_set(load_content(), directory)
    return directory


def read(directory: Path, file: str) -> Any:
    return json.loads((directory / file).read_text(encoding="utf-8"))


def write(directory: Path, file: str, document: Any) -> None:
    (directory / file).write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def edit(directory: Path, file: str, change: Callable[[Any], object]) -> Any:
    """Apply ``change`` to ``file``'s JSON document in place and write it back; returns
    what ``change`` returned (the edited card's id, say)."""
    document = read(directory, file)
    result = change(document)
    write(directory, file, document)
    return result


def invoke(*args: str) -> tuple[int, str, str]:
    """``aegean ARGS`` in process: exit status, stdout, stderr."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def assert_one_error_line(code: int, stdout: str, stderr: str, *needles: str) -> str:
    """A refused content set: exit status 1, nothing on stdout, no traceback, one line on
    stderr that starts ``error:`` and holds every needle. Returns the line."""
    assert code == 1, (code, stdout, stderr)
    assert "Traceback" not in stdout + stderr
    assert stdout == ""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]
