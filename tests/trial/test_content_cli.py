"""``aegean trial content validate|export|show`` (issue 14, item 1): what each prints, the
label shown wherever the content is, and one clear line for every bad argument."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aegean.trial.content import load_content
from aegean.trial.content.loader import FILES
from cli_support import assert_one_line_error, run_script

from .support import assert_one_error_line, edit, invoke, read

LABEL = "Not the publisher's content"


def test_validate_the_sample_set() -> None:
    code, out, err = invoke("trial", "content", "validate")
    assert (code, err) == (0, "")
    label = load_content().label
    assert out == f"ok: {label} (281 cards, 12 islands, 23 sea zones)\n"
    assert LABEL in out


def test_validate_a_directory(content_dir: Path) -> None:
    edit(content_dir, "set.json", lambda d: d.update(name="Mine", label="My own cards, nobody else's."))
    code, out, _ = invoke("trial", "content", "validate", str(content_dir))
    assert code == 0
    assert out == "ok: Mine 1.0 — My own cards, nobody else's. (281 cards, 12 islands, 23 sea zones)\n"


@pytest.mark.parametrize("command", ["validate", "show"])
def test_a_directory_that_is_missing_or_a_file_is_one_line(tmp_path: Path, command: str) -> None:
    missing = tmp_path / "nowhere"
    code, out, err = invoke("trial", "content", command, str(missing))
    assert_one_error_line(code, out, err, f"{missing}: not a directory of content files")
    afile = tmp_path / "set.json"
    afile.write_text("{}", encoding="utf-8")
    code, out, err = invoke("trial", "content", command, str(afile))
    assert_one_error_line(code, out, err, f"{afile}: not a directory of content files")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = invoke("trial", "content", command, str(empty))  # a folder, but no set in it
    assert_one_error_line(code, out, err, f"set.json: missing from {empty}")


def test_export_writes_a_set_that_validates_and_loads_equal(tmp_path: Path) -> None:
    target = tmp_path / "new" / "mine"  # made, parents too
    code, out, err = invoke("trial", "content", "export", str(target))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == f"wrote {len(FILES)} files to {target}: {load_content().label}"
    assert "edit set.json first" in lines[1] and "id, name and label" in lines[1]
    assert lines[1].endswith(f"aegean trial content validate {target}")
    assert sorted(p.name for p in target.iterdir()) == sorted(FILES)
    assert load_content(target) == load_content()
    code, out, _ = invoke("trial", "content", "validate", str(target))
    assert code == 0 and out.startswith("ok: ") and LABEL in out


def test_export_from_another_set(content_dir: Path, tmp_path: Path) -> None:
    edit(content_dir, "set.json", lambda d: d.update(id="mine", version="2.1", label="My cards."))
    edit(content_dir, "talents.json", lambda d: d["cards"][0].update(name="Steady Oar"))
    target = tmp_path / "copy"
    code, out, _ = invoke("trial", "content", "export", str(target), "--from", str(content_dir))
    assert code == 0 and "Aegean sample set 2.1 — My cards." in out
    copied = load_content(target)
    assert copied == load_content(content_dir) and copied.talents[0].name == "Steady Oar"
    assert read(target, "set.json")["id"] == "mine"


def test_export_refuses_a_bad_source_before_writing(content_dir: Path, tmp_path: Path) -> None:
    edit(content_dir, "gods.json", lambda d: d["cards"][0].update(cost=-1))
    target = tmp_path / "copy"
    code, out, err = invoke("trial", "content", "export", str(target), "--from", str(content_dir))
    assert_one_error_line(code, out, err, "gods.json: card 'poseidon-01': cost: Input should be greater")
    assert not target.exists()


def test_export_refuses_a_non_empty_directory_unless_forced(content_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "busy"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    code, out, err = invoke("trial", "content", "export", str(target))
    assert_one_error_line(code, out, err, f"{target} is not empty", "--force")
    assert [p.name for p in target.iterdir()] == ["notes.txt"]
    code, out, _ = invoke("trial", "content", "export", str(target), "--force")
    assert code == 0
    assert load_content(target) == load_content()
    assert (target / "notes.txt").read_text(encoding="utf-8") == "mine"  # other files are left alone
    # Over an edited set: --force puts the exported files back.
    edit(content_dir, "set.json", lambda d: d.update(label="Changed."))
    code, _, _ = invoke("trial", "content", "export", str(content_dir), "--force")
    assert code == 0 and read(content_dir, "set.json")["label"] == load_content().info.label


def test_export_into_an_empty_directory(tmp_path: Path) -> None:
    code, _, _ = invoke("trial", "content", "export", str(tmp_path))
    assert code == 0 and load_content(tmp_path) == load_content()


def test_export_onto_a_file_is_one_line(tmp_path: Path) -> None:
    afile = tmp_path / "set"
    afile.write_text("", encoding="utf-8")
    code, out, err = invoke("trial", "content", "export", str(afile))
    assert_one_error_line(code, out, err, f"{afile}: not a directory")
    code, out, err = invoke("trial", "content", "export", str(afile / "below"))
    assert_one_error_line(code, out, err, str(afile))


def test_show_lists_decks_and_zones_under_the_label(content_dir: Path) -> None:
    code, out, err = invoke("trial", "content", "show")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == load_content().label
    rows = {
        cells[0]: cells[1:]
        for line in lines
        if line.startswith("│") and (cells := [c.strip() for c in line.strip("│").split("│")])[0]
    }
    counts = {name: int(cells[0]) for name, cells in rows.items()}
    assert counts == {
        "Talent cards": 24,
        "Travel cards": 24,
        "Hero cards": 12,
        "Argonaut enemy cards": 24,
        "Land enemy cards": 24,
        "Sea enemy cards": 19,
        "Starting action cards": 24,
        "Personal action cards": 24,
        "God action cards": 84,
        "Animae action cards": 16,
        "Olympics cards": 6,
        "Islands": 12,
        "Sea zones": 23,
        "Treasure tokens": 12,
    }
    assert rows["Sea enemy cards"][1] == "15 sea monsters, 4 Calm Sea"
    assert re.match(r"8 dangerous, \d+ on the edge", rows["Sea zones"][1])
    code, again, _ = invoke("trial", "content", "show", str(content_dir))
    assert code == 0 and again == out


@pytest.mark.parametrize(
    "command",
    [("trial",), ("trial", "content"), *(("trial", "content", c) for c in ("validate", "export", "show"))],
    ids=lambda command: " ".join(command),
)
def test_help_shows_no_python_types(command: tuple[str, ...]) -> None:
    code, out, _ = invoke(*command, "--help")
    assert code == 0
    assert not re.search(r"<(bool|str|int|float|path|list\[str\])[^>]*>", out), out
    assert "TRIAL_OF_THE_GODS.md" not in out and "§" not in out


def test_the_top_level_help_names_both_games() -> None:
    code, out, _ = invoke("--help")
    assert code == 0 and "Trial of the Gods" in out and "Santorini" in out
    assert "trial" in out


def test_the_installed_command(content_dir: Path) -> None:
    """As a user runs it: the console script, a bad set refused in one line, exit 1."""
    done = run_script("trial", "content", "validate")
    assert done.returncode == 0 and done.stdout.startswith("ok: ") and LABEL in done.stdout
    edit(content_dir, "heroes.json", lambda d: d["cards"][0]["blessings"].append("purple"))
    done = run_script("trial", "content", "validate", str(content_dir))
    line = assert_one_line_error(done, "heroes.json: card 'jason': blessings: unknown house 'purple'")
    assert done.returncode == 1 and line.startswith("error: ")
