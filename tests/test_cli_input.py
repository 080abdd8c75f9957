"""Bad input at the terminal (issue 13, item 6): one clear line and a non-zero exit, never
a traceback or a hang; a bad ``load`` inside a game leaves the game as it was; what a
command will need (a file to save to, a database folder) is checked before it starts."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aegean.cli.session import GameSession, Seat
from aegean.santorini import Board
from aegean.santorini.record import GameRecord
from cli_support import assert_one_line_error, run_loop, run_script

OPENED = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"


def finished_record() -> GameRecord:
    """A short game that player 1 wins by climbing (result 1-0)."""
    board = Board.from_position("00000/00000/00230/00000/00000 1 c3,a1 e1,e2")
    board.play("c3-d3")
    return GameRecord.from_board(board, "00000/00000/00230/00000/00000 1 c3,a1 e1,e2")


@pytest.fixture
def not_utf8(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.txt"
    path.write_bytes('[Event "Partie à Zürich"]\n\n*\n'.encode("latin-1"))
    return path


@pytest.mark.parametrize("command", ["replay", "play --load"])
def test_a_record_that_is_not_utf8_gets_one_line(not_utf8: Path, command: str) -> None:
    done = run_script("santorini", *command.split(), str(not_utf8), stdin="quit\n")
    line = assert_one_line_error(done, "not UTF-8")
    assert done.returncode == 1 and line.startswith("error: ")


def test_a_bad_load_in_the_game_leaves_the_game_intact(not_utf8: Path, tmp_path: Path) -> None:
    """The in-game ``load`` of a file that is not UTF-8 (it used to end the game with a
    traceback), of a record whose result disagrees with its turns, and of a folder."""
    disagreeing = tmp_path / "wrong.json"
    data = json.loads(finished_record().to_json())
    data["result"] = "0-1"
    disagreeing.write_text(json.dumps(data), encoding="utf-8")
    session = GameSession([Seat("human"), Seat("human")], Board.from_position(OPENED))
    lines = ["b2-c3^c4", f"load {not_utf8}", f"load {disagreeing}", f"load {tmp_path}", "position", "quit"]
    status, out = run_loop(session, lines)
    assert status == 0
    assert "Traceback" not in out
    errors = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(errors) == 3, out
    assert "not UTF-8" in errors[0]
    assert "its result is 0-1, but its turns end with the result 1-0" in errors[1]
    assert "Is a directory" in errors[2]
    assert session.board.position() == "00000/00100/00000/00000/00000 2 c3,d4 b4,d2"
    assert "00000/00100/00000/00000/00000 2 c3,d4 b4,d2" in out  # (``position``, after the bad loads)


def test_a_json_record_with_a_byte_order_mark_replays(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + finished_record().to_json().encode("utf-8"))
    done = run_script("santorini", "replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "Result: 1-0" in done.stdout


@pytest.mark.parametrize("form", ["json", "txt"])
def test_a_record_whose_result_disagrees_with_its_turns_is_refused(tmp_path: Path, form: str) -> None:
    record = finished_record()
    record.result = "0-1"
    path = tmp_path / f"wrong.{form}"
    path.write_text(record.to_json() if form == "json" else record.to_text(), encoding="utf-8")
    done = run_script("santorini", "replay", str(path))
    assert_one_line_error(done, "its result is 0-1, but its turns end with the result 1-0")
    unfinished = GameRecord(["@b2@d4"], result="1-0")
    path.write_text(unfinished.to_json(), encoding="utf-8")
    assert_one_line_error(run_script("santorini", "replay", str(path)), "the game unfinished")


def test_a_long_bad_line_is_not_echoed_whole(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_text("[Event " + "x" * 200_000 + "\n\n*\n", encoding="utf-8")
    line = assert_one_line_error(run_script("santorini", "replay", str(path)), "bad record line 1")
    assert len(line) < 400
    position = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 " + "z" * 100_000
    line = assert_one_line_error(run_script("santorini", "show", position))
    assert len(line) < 400


def test_a_long_bad_line_in_the_game_is_cut() -> None:
    session = GameSession([Seat("human"), Seat("human")], Board.from_position(OPENED))
    status, out = run_loop(session, ["b2-" + "c3" * 100_000, "x" * 100_000, "quit"])
    assert status == 0
    errors = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(errors) == 2 and all(len(error) < 400 for error in errors), errors


def test_play_checks_the_save_file_before_the_game(tmp_path: Path) -> None:
    done = run_script("santorini", "play", "--save", "/nonexistent/x.json", stdin="@b2@d4\nquit\n")
    assert_one_line_error(done, "--save /nonexistent/x.json", "no folder /nonexistent")
    assert "place>" not in done.stdout  # refused before the game began
    done = run_script("santorini", "play", "--save", str(tmp_path), stdin="quit\n")
    assert_one_line_error(done, "that is a folder")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--db", "/nonexistent/dir/x.sqlite3"), "there is no folder /nonexistent/dir"),
        (("--port", "99999"), "--port 99999 is too large (at most 65535)"),
        (("--port", "0"), "--port must be at least 1"),
        (("--ai-workers", "0"), "--ai-workers must be at least 1"),
        (("--rate-limit", "fast"), "--rate-limit must be a number"),
        (("--log-level", "loud"), "--log-level must be one of"),
    ],
)
def test_serve_refuses_bad_options_before_it_starts(args: tuple[str, ...], needle: str) -> None:
    done = run_script("serve", *args, timeout=60)
    assert_one_line_error(done, needle)
    assert "online table on" not in done.stdout


BAD_POWERS = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Zeuss,Apollo"


def test_position_errors_are_one_line() -> None:
    """Every SantoriniError from a position becomes one line naming the field — here
    through ``show`` and through ``play --position``."""
    for args in (("show", BAD_POWERS), ("play", "--position", BAD_POWERS)):
        line = assert_one_line_error(run_script("santorini", *args, stdin="quit\n"), "powers", "Zeuss")
        assert re.search(r"unknown power 'Zeuss'", line)


def test_the_powers_error_says_its_prefix_once() -> None:
    line = assert_one_line_error(run_script("santorini", "show", BAD_POWERS))
    assert line.count("bad position field powers") == 1, line


@pytest.mark.parametrize(
    ("position", "needle"),
    [
        ("00000/00000/00000/00000/00000 1 - - - powers=Chronus,Apollo,Artemis", "Chronus cannot be used"),
        ("00000/00000/00000/00000/00000 1 - - -", "every player has a power"),
        ("00000/00000/00000/00000/00000 1 - - powers=Atlas,Gaea", "banned matchup"),
    ],
)
def test_play_from_a_position_keeps_the_setup_rules(position: str, needle: str) -> None:
    """Issue 13, item 2: ``play --position`` refuses the setups ``Board(...)`` refuses (one
    check); ``show`` still reads any position for analysis."""
    assert_one_line_error(run_script("santorini", "play", "--position", position, stdin="quit\n"), needle)
    assert run_script("santorini", "show", position).returncode == 0
