"""The ``aegean`` command line: output of every command, and clear errors for bad input.

Most checks use typer's ``CliRunner`` (in process, fast); a few run the installed
``aegean`` console script in a subprocess, as a user would.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from aegean import __version__
from aegean.ai import AI_LEVELS
from aegean.ai.match import run_match
from aegean.cli.santorini import engine_factory
from aegean.main import app
from aegean.santorini import Board, format_turn
from aegean.santorini.record import GameRecord
from cli_support import aegean_command, run_script

OPENED = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
START = "00000/00000/00000/00000/00000 1 - -"
# Player 1 on a1 and b1 is walled in by domes: no legal turn, player 2 has won.
STUCK = "00000/00000/00000/DDD00/00D00 1 a1,b1 d4,e5"

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def assert_clean_error(code: int, stdout: str, stderr: str, *needles: str) -> None:
    """A bad-input failure: non-zero status, one clear line naming the problem, no traceback."""
    assert code != 0
    assert "Traceback" not in stdout + stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    for needle in needles:
        assert needle in lines[0], lines[0]






# ---------------------------------------------------------------------- top level
def test_version() -> None:
    code, out, _ = invoke("--version")
    assert code == 0
    assert out.strip() == f"aegean {__version__}"


def test_help_lists_the_commands_and_the_ai_levels() -> None:
    code, out, _ = invoke("santorini", "--help")
    assert code == 0
    for command in ("play", "legal", "perft", "match", "show", "replay"):
        assert command in out
    code, out, _ = invoke("santorini", "play", "--help")
    assert code == 0
    flat = " ".join(out.split())
    for spec in AI_LEVELS:
        assert f"{spec} =" in flat


# ---------------------------------------------------------------------- legal
@pytest.mark.parametrize("position", [OPENED, START, "01200/00300/00D00/00100/00000 2 b2,c4 b4,d2"])
def test_legal_lists_every_turn_sorted(position: str) -> None:
    code, out, err = invoke("santorini", "legal", position)
    assert code == 0, err
    expected = sorted(format_turn(t) for t in Board.from_position(position).legal_turns())
    assert out.splitlines() == expected


def test_legal_known_count() -> None:
    code, out, _ = invoke("santorini", "legal", OPENED)
    lines = out.splitlines()
    assert code == 0
    assert len(lines) == 80
    assert "b2-c3^c4" in lines
    assert "b2-c3^d4" not in lines  # d4 holds player 1's other worker


@pytest.mark.parametrize(
    ("position", "needle"),
    [
        (OPENED + " outcome=2:climb", "game is over (0-1)"),
        (STUCK, "player 1 has no legal turn"),
    ],
)
def test_legal_of_a_finished_game_fails(position: str, needle: str) -> None:
    assert_clean_error(*invoke("santorini", "legal", position), needle)


@pytest.mark.parametrize(
    ("position", "field"),
    [
        ("", "count"),
        ("00000/00000/00000/00000 1 b2,d4 b4,d2", "board"),
        ("00000/00000/00000/00000/0000X 1 b2,d4 b4,d2", "board"),
        ("00000/00000/00000/00000/00000 3 b2,d4 b4,d2", "to-move"),
        ("00000/00000/00000/00000/00000 1 b2,b2 b4,d2", "player-1"),
        ("00000/00000/00000/00000/00000 1 b2,d4 b4,z9", "player-2"),
        ("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 colour=red", "colour"),
    ],
)
def test_legal_rejects_malformed_positions(position: str, field: str) -> None:
    assert_clean_error(*invoke("santorini", "legal", position), f"bad position field {field}")


# ---------------------------------------------------------------------- perft
@pytest.mark.parametrize("bulk", ["--bulk", "--no-bulk"])
@pytest.mark.parametrize(
    ("position", "depth", "count"),
    [(OPENED, "0", 1), (OPENED, "1", 80), (OPENED, "2", 6176), (START, "1", 300)],
)
def test_perft_known_values(position: str, depth: str, count: int, bulk: str) -> None:
    code, out, err = invoke("santorini", "perft", position, depth, bulk)
    assert code == 0, err
    assert out.splitlines()[-1] == str(count)
    assert "leaves/s" in err  # timing goes to stderr


@pytest.mark.parametrize("bulk", ["--bulk", "--no-bulk"])
def test_perft_divide_sums_to_the_total(bulk: str) -> None:
    code, out, _ = invoke("santorini", "perft", OPENED, "2", "--divide", bulk)
    assert code == 0
    *rows, total = out.splitlines()
    assert total == "6176"
    counts = {}
    for row in rows:
        turn, _, count = row.partition(": ")
        counts[turn] = int(count)
    assert len(counts) == 80
    assert set(counts) == {format_turn(t) for t in Board.from_position(OPENED).legal_turns()}
    assert sum(counts.values()) == 6176
    assert rows == sorted(rows)


def test_perft_of_a_finished_position_is_zero() -> None:
    code, out, _ = invoke("santorini", "perft", STUCK, "1")
    assert code == 0
    assert out.splitlines()[-1] == "0"


@pytest.mark.parametrize(
    ("depth", "needle"),
    [
        ("abc", "depth must be a whole number"),
        ("1.5", "depth must be a whole number"),
        ("-2", "depth must be at least 0"),
        ("99", "depth 99 is too large"),
        ("100000000000000000000", "too large"),
    ],
)
def test_perft_rejects_bad_depths(depth: str, needle: str) -> None:
    # "--" lets a negative number through as an argument rather than an option.
    assert_clean_error(*invoke("santorini", "perft", OPENED, "--", depth), needle)


def test_perft_rejects_a_bad_position() -> None:
    assert_clean_error(*invoke("santorini", "perft", "nonsense", "1"), "bad position field count")


MIDGAME = "00000/03300/01200/21000/0D000 1 a2,c5 b2,d4"


# ---------------------------------------------------------------------- analyse
def test_analyse_lists_the_best_turns_with_scores_and_lines() -> None:
    code, out, err = invoke("santorini", "analyse", MIDGAME, "--top", "3", "--depth", "4", "--time", "30")
    assert code == 0, err
    head, *rows = out.splitlines()
    assert head.startswith("depth 4, ") and "native search" in head
    assert len(rows) == 3
    legal = {format_turn(t) for t in Board.from_position(MIDGAME).legal_turns()}
    scores = []
    for k, row in enumerate(rows, 1):
        number, turn, score, pv, *line = row.split()
        assert number == f"{k}." and turn in legal and pv == "pv" and line[0] == turn
        scores.append(int(score))
    assert scores == sorted(scores, reverse=True)


def test_analyse_says_win_and_loss_in_turns() -> None:
    climb = "00000/00000/00000/00000/00320 1 d1,e5 a5,e4"
    code, out, _ = invoke("santorini", "analyse", climb, "--time", "1")
    assert code == 0 and out.splitlines()[1].split()[1:4] == ["d1-c1", "win", "in"]
    lost = "00000/00000/03030/00200/00000 1 a1,e1 c2,e5"
    code, out, _ = invoke("santorini", "analyse", lost, "--depth", "3", "--time", "30")
    assert code == 0 and "loss in 2" in out.splitlines()[1]


def test_analyse_of_a_position_the_native_search_does_not_play() -> None:
    circe = f"{OPENED} powers=Circe,Apollo"
    code, out, err = invoke("santorini", "analyse", circe, "--time", "0.2")
    assert code == 0, err
    assert "Python search" in out.splitlines()[0] and out.splitlines()[1].startswith("1. ")
    assert_clean_error(*invoke("santorini", "analyse", circe, "--top", "2"), "--top needs a position")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--top", "0"), "--top must be at least 1"),
        (("--top", "x"), "--top must be a whole number"),
        (("--time", "-1"), "--time must be more than 0"),
        (("--depth", "0"), "--depth must be at least 1"),
    ],
)
def test_analyse_rejects_bad_options(args: tuple[str, ...], needle: str) -> None:
    assert_clean_error(*invoke("santorini", "analyse", OPENED, *args), needle)


def test_analyse_of_a_finished_game_is_one_line() -> None:
    assert_clean_error(*invoke("santorini", "analyse", STUCK), "the game is over")


# ---------------------------------------------------------------------- match
def test_match_prints_the_result_line() -> None:
    code, out, err = invoke(
        "santorini", "match", "--games", "2", "--a", "random", "--b", "greedy", "--seed", "5"
    )
    assert code == 0, err
    line = out.strip().splitlines()[-1]
    # The same match, replayed through the library, gives the same line.
    expected = run_match(engine_factory("random", 5, None), engine_factory("greedy", 6, None), 2)
    assert line == expected.summary("A (random)", "B (greedy)")
    assert expected.games == 2


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "many"], "--games must be a whole number"),
        (["--a", "godlike"], "unknown AI level 'godlike' for --a"),
        (["--b", "7"], "unknown AI level '7' for --b"),
        (["--time", "-1"], "--time must be more than 0"),
        (["--time", "soon"], "--time must be a number of seconds"),
        (["--seed", "x"], "--seed must be a whole number"),
    ],
)
def test_match_rejects_bad_options(args: list[str], needle: str) -> None:
    assert_clean_error(*invoke("santorini", "match", *args), needle)


# ---------------------------------------------------------------------- show, replay
def test_show_draws_the_board() -> None:
    position = "0123D/A0000/00000/00000/00000 1 b2,d4 b4,d2"
    code, out, _ = invoke("santorini", "show", position)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == list("abcde")
    assert lines[1].split() == ["5", "0.", "1.", "2.", "3.", "D.", "5"]
    assert lines[2].split() == ["4", "A.", "02", "0.", "01", "0.", "4"]
    assert f"Player 1 to move: {len(Board.from_position(position).legal_turns())} legal turns." in out


def test_show_rejects_a_bad_position() -> None:
    assert_clean_error(*invoke("santorini", "show", "00000 1 - -"), "bad position field")


def write_game(path: Path, turns: list[str]) -> Board:
    board = Board()
    for turn in turns:
        board.play(turn)
    record = GameRecord.from_board(board, headers={"Event": "test"})
    path.write_text(record.to_json() if path.suffix == ".json" else record.to_text(), encoding="utf-8")
    return board


@pytest.mark.parametrize("name", ["game.json", "game.txt"])
def test_replay_prints_the_final_position(tmp_path: Path, name: str) -> None:
    board = write_game(tmp_path / name, ["@b2@d4", "@b4@d2", "b2-c3^c4", "d2-d3^e3"])
    code, out, err = invoke("santorini", "replay", str(tmp_path / name))
    assert code == 0, err
    assert "1. @b2@d4 2. @b4@d2 3. b2-c3^c4 4. d2-d3^e3" in out
    assert f"Final position: {board.position()}" in out
    assert "not finished; player 1 to move" in out


def test_replay_rejects_bad_files(tmp_path: Path) -> None:
    assert_clean_error(*invoke("santorini", "replay", str(tmp_path / "missing.json")), "No such file")
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "Santorini"]\n\n1. b2-c3^ *\n', encoding="utf-8")
    assert_clean_error(*invoke("santorini", "replay", str(bad)), "bad turn")
    illegal = tmp_path / "illegal.txt"
    illegal.write_text("1. @b2@d4 2. @b2@c3 *\n", encoding="utf-8")
    assert_clean_error(*invoke("santorini", "replay", str(illegal)), "record turn 2", "b2 is occupied")
    not_json = tmp_path / "broken.json"
    not_json.write_text("{oops", encoding="utf-8")
    assert_clean_error(*invoke("santorini", "replay", str(not_json)), "bad record: not JSON")


# ---------------------------------------------------------------------- play (options only)
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--side", "3"], "--side must be 1 or 2"),
        (["--opponent", "robot"], "--opponent must be 'ai' or 'human'"),
        (["--level", "nope"], "unknown AI level 'nope'"),
        (["--time", "0"], "--time must be more than 0"),
        (["--seed", "1.5"], "--seed must be a whole number"),
        (["--position", "00000/00000 1 - -"], "bad position field board"),
        (["--load", "no/such/file.json"], "No such file"),
        (["--load", "x.json", "--position", START], "either --load or --position"),
    ],
)
def test_play_rejects_bad_options(args: list[str], needle: str) -> None:
    assert_clean_error(*invoke("santorini", "play", *args, input=""), needle)


def test_play_starts_from_a_three_player_position() -> None:
    """A position with three worker fields is a three-player game: three seats, the AI in
    the two you do not play."""
    position = "00000/00000/00000/00000/00000 1 - - - powers=Apollo,Athena,Pan"
    code, out, err = invoke("santorini", "play", "--position", position, "--level", "random", input="")
    assert code == 0, err
    flat = " ".join(out.split())
    assert "player 1 (red): you — Apollo" in flat
    assert "player 3 (purple): AI random — Pan" in flat
    assert "player 1 (you), place>" in out
    code, out, err = invoke("santorini", "play", "--position", position, "--players", "2", input="")
    assert_clean_error(code, out, err, "--players 2 does not fit the position, which has 3 players")


# ---------------------------------------------------------------------- the real script
def test_script_legal_and_perft() -> None:
    legal = run_script("santorini", "legal", OPENED)
    assert legal.returncode == 0, legal.stderr
    assert legal.stdout.splitlines() == sorted(
        format_turn(t) for t in Board.from_position(OPENED).legal_turns()
    )
    perft = run_script("santorini", "perft", OPENED, "2", "--divide")
    assert perft.returncode == 0, perft.stderr
    lines = perft.stdout.splitlines()
    assert lines[-1] == "6176"
    assert sum(int(line.rsplit(": ", 1)[1]) for line in lines[:-1]) == 6176
    assert "leaves/s" in perft.stderr


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["santorini", "legal", "00000/00000/00000/00000/00000 1 b2"], "bad position field count"),
        (["santorini", "perft", OPENED, "deep"], "depth must be a whole number"),
        (["santorini", "match", "--a", "grandmaster"], "unknown AI level"),
        (["santorini", "replay", "/nonexistent/game.json"], "No such file"),
    ],
)
def test_script_bad_input(args: list[str], needle: str) -> None:
    done = run_script(*args)
    assert_clean_error(done.returncode, done.stdout, done.stderr, needle)


def test_script_version_and_pipe_to_head() -> None:
    done = run_script("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"aegean {__version__}"
    # A reader that stops early (| head) must not produce an error message.
    shell = f"{' '.join(aegean_command())} santorini legal '{START}' | head -n 1"
    piped = subprocess.run(shell, shell=True, capture_output=True, text=True, timeout=60)
    assert piped.stdout.strip() == "@a1@a2"
    assert piped.stderr == ""


HELP_PAGES = [(), ("santorini",), *(("santorini", c) for c in ("play", "legal", "perft", "show", "replay",
              "match", "powers", "selfplay")), ("serve",), ("engine",)]  # fmt: skip


@pytest.mark.parametrize("command", HELP_PAGES, ids=[" ".join(c) or "aegean" for c in HELP_PAGES])
def test_help_shows_no_python_types_and_cites_only_the_repository(command: tuple[str, ...]) -> None:
    """Issue 13, item 9: no ``<bool>``/``<str>`` after an option or argument, and no
    citation of a rules file that is not in the repository."""
    code, out, _ = invoke(*command, "--help")
    assert code == 0
    assert not re.search(r"<(bool|str|int|float|path|list\[str\])[^>]*>", out), out
    assert "SANTORINI.md" not in out and "RULINGS" not in out and "§" not in out
