"""Every rule cited in the code, the tests and the docs can be looked up in the
repository (issue 13, item 9): ``RULINGS #N`` is a numbered ruling of
``docs/rules/RULINGS.md`` and ``SANTORINI.md §N`` (or a bare ``§N``) a section of
``docs/rules/SANTORINI.md``, both shipped in ``docs/rules/``."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
SOURCES = [
    *ROOT.glob("src/**/*.py"),
    *ROOT.glob("tests/**/*.py"),
    *ROOT.glob("bench/*.py"),
    ROOT / "README.md",
    *(page for page in ROOT.glob("docs/*.md")),
]


def rulings() -> set[int]:
    text = (RULES / "RULINGS.md").read_text(encoding="utf-8")
    return {int(n) for n in re.findall(r"^(\d+)\. ", text, re.M)}


def sections() -> set[str]:
    text = (RULES / "SANTORINI.md").read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))


def test_every_citation_can_be_followed() -> None:
    known_rulings, known_sections = rulings(), sections()
    assert len(known_rulings) > 60 and {"1", "3.1", "6"} <= known_sections
    missing: list[str] = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        cited_rulings = re.findall(r"RULINGS #(\d+)", text)
        cited_sections = re.findall(r"§(\d+(?:\.\d+)?)", text)
        missing += [f"{where}: RULINGS #{n}" for n in cited_rulings if int(n) not in known_rulings]
        missing += [f"{where}: §{s}" for s in cited_sections if s not in known_sections]
        assert "shared/rules" not in text or path.name == "test_citations.py", f"{where} cites shared/rules"
    assert not missing, missing
