"""Every rule cited in the code, the tests and the docs can be looked up in the
repository (issue 13, item 9): ``RULINGS #N`` is a numbered ruling of
``docs/rules/RULINGS.md`` and ``SANTORINI.md §N`` (or a bare ``§N``) a section of
``docs/rules/SANTORINI.md``, both shipped in ``docs/rules/``. In Trial of the Gods files
(a path naming ``trial``, and the "Trial of the Gods" part of docs/rules-decisions.md) a
``§N`` is a section of ``docs/rules/TRIAL_OF_THE_GODS.md``."""

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


def sections(rules: str = "SANTORINI.md") -> set[str]:
    text = (RULES / rules).read_text(encoding="utf-8")
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", text, re.M))


TRIAL_PART = "## Trial of the Gods"


def parts(path: Path, text: str) -> list[tuple[str, str]]:
    """The text of a file by the rules it cites: (rules file, text)."""
    if "trial" in str(path.relative_to(ROOT)).lower():
        return [("TRIAL_OF_THE_GODS.md", text)]
    santorini, _, trial = text.partition(TRIAL_PART)
    return [("SANTORINI.md", santorini), ("TRIAL_OF_THE_GODS.md", trial)]


def test_every_citation_can_be_followed() -> None:
    known_rulings = rulings()
    known = {rules: sections(rules) for rules in ("SANTORINI.md", "TRIAL_OF_THE_GODS.md")}
    assert len(known_rulings) > 60 and {"1", "3.1", "6"} <= known["SANTORINI.md"]
    assert {"2", "4.3", "5"} <= known["TRIAL_OF_THE_GODS.md"]
    missing: list[str] = []
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        cited_rulings = re.findall(r"RULINGS #(\d+)", text)
        missing += [f"{where}: RULINGS #{n}" for n in cited_rulings if int(n) not in known_rulings]
        for rules, part in parts(path, text):
            cited_sections = re.findall(r"§(\d+(?:\.\d+)?)", part)
            missing += [f"{where}: §{s} ({rules})" for s in cited_sections if s not in known[rules]]
        assert "shared/rules" not in text or path.name == "test_citations.py", f"{where} cites shared/rules"
    assert not missing, missing
