"""The README's library examples run as written (their ``>>>`` lines are doctests), so
what they promise stays true (issue 13, item 9: the README said ``?2`` where ``?0``
was printed)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_python_blocks_run() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)
    assert blocks, "the README shows the library in a ```python block"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        test = doctest.DocTestParser().get_doctest(block, {}, f"README block {number}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 10
    assert result.failed == 0
