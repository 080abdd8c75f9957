"""The package's architecture holds (docs/architecture.md, "Layers"): the contracts of
``[tool.importlinter]`` in pyproject.toml — the engine's layers, and no import cycle
between the modules of any package — checked by import-linter, so a new cycle fails
the suite with the import that closes it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_import_contracts_are_kept() -> None:
    linter = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run(
        [str(linter), "--no-cache", "--no-logo"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "BROKEN" not in result.stdout and "KEPT" in result.stdout
