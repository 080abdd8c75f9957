"""The library examples of the README and the docs run as written (their ``>>>`` lines
are doctests), so what they promise stays true (issue 13, item 9: the README said
``?2`` where ``?0`` was printed)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
WITH_CODE = [page for page in PAGES if "```python" in page.read_text(encoding="utf-8")]


@pytest.mark.parametrize("page", WITH_CODE, ids=lambda page: page.name)
def test_the_python_blocks_run(page: Path) -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        name = f"{page.name} block {number}"
        runner.run(doctest.DocTestParser().get_doctest(block, {}, name, str(page), 0))
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 * len(blocks)
    assert result.failed == 0


def test_the_readme_shows_the_library() -> None:
    assert "```python" in (ROOT / "README.md").read_text(encoding="utf-8")
