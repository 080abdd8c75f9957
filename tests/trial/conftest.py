"""Fixtures of the Trial of the Gods tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import export_sample


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    """A fresh, editable copy of the sample set (as ``aegean trial content export`` writes it)."""
    return export_sample(tmp_path / "set")
