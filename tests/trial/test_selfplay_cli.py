"""``aegean trial selfplay`` and ``aegean trial match``: the content label first, one line
per game, the same lines for the same seed, an interval for a match, and one line with
exit status 1 for every bad option."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from aegean.main import app

from .bot_support import sample

runner = CliRunner()


def run(*args: str) -> tuple[int, list[str], list[str]]:
    result = runner.invoke(app, ["trial", *args])
    return result.exit_code, result.stdout.splitlines(), result.stderr.splitlines()


def game_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith("time:")]


def test_selfplay_prints_the_label_a_line_per_game_and_the_win_rates() -> None:
    code, out, err = run(
        "selfplay", "--players", "3", "--games", "3", "--seed", "5", "--bots", "random,heuristic,random"
    )
    assert code == 0, err
    assert out[0] == f"content: {sample().label}"
    assert "Not the publisher's content" in out[0]
    games = [line for line in out if line.startswith("game ")]
    assert [line.split(":")[0] for line in games] == ["game 1", "game 2", "game 3"]
    assert games[0].startswith("game 1: seed 5, seats random heuristic random, scores ")
    assert games[1].startswith("game 2: seed 6, seats heuristic random random, scores ")  # rotated
    assert any(line.startswith("heuristic: won ") and "holding 1 of 3 seats" in line for line in out)
    assert any(line.startswith("random: won ") and "holding 2 of 3 seats" in line for line in out)
    wins = sum(int(line.split("won ")[1].split("/")[0]) for line in out if " won " in line)
    assert wins == 3
    assert out[-1].startswith("time: ")


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "4", "--games", "3", "--bots", "heuristic,random,random,heuristic", "--advanced"),
        ("--players", "2", "--games", "1", "--bots", "search:1,random"),
    ],
)
def test_the_same_seed_prints_the_same_games(args: tuple[str, ...]) -> None:
    first, second = run("selfplay", "--seed", "9", *args), run("selfplay", "--seed", "9", *args)
    assert first[0] == second[0] == 0
    assert game_lines(first[1]) == game_lines(second[1])
    other = run("selfplay", "--seed", "10", *args)
    assert game_lines(other[1])[1:] != game_lines(first[1])[1:]


def test_match_prints_a_score_with_its_interval() -> None:
    code, out, err = run(
        "match", "--a", "heuristic", "--b", "random", "--players", "2", "--games", "4", "--seed", "1"
    )
    assert code == 0, err
    assert out[0].startswith("content: ") and "Not the publisher's content" in out[0]
    assert out[1] == "heuristic (A) against random (B): 2 players, 4 games, A in every seat in turn"
    seats = [line.split("A in seat ")[1].split(",")[0] for line in out if line.startswith("game ")]
    assert seats == ["1", "2", "1", "2"]
    score = next(line for line in out if line.startswith("A's score: "))
    value = float(score.split()[2])
    low, high = (float(x) for x in score.split("95% CI ")[1].split(")")[0].split("-"))
    assert 0.0 <= low <= value <= high <= 1.0
    assert any(line.startswith("A's wins: ") and "50.0% if as strong" in line for line in out)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("selfplay", "--players", "5"), "--players 5 is too large"),
        (("selfplay", "--players", "two"), "--players must be a whole number"),
        (("selfplay", "--games", "0"), "--games must be at least 1"),
        (("selfplay", "--seed", "-3"), "--seed must be at least 0"),
        (("selfplay", "--bots", "random,greedy"), "unknown bot 'greedy'"),
        (("selfplay", "--bots", "random,random,random"), "--bots takes one bot for every seat"),
        (("match", "--games", "100001"), "--games 100001 is too large"),
        (("selfplay", "--bots", "search:0"), "the playout budget must be 1 to"),
        (("match", "--a", "nobody"), "--a: unknown bot 'nobody'"),
        (("match", "--b", "search:xs"), "the time budget must be"),
        (("match", "--players", "1"), "--players must be at least 2"),
    ],
)
def test_a_bad_option_gets_one_line_and_status_1(args: tuple[str, ...], says: str) -> None:
    code, out, err = run(*args)
    assert code == 1
    assert len(err) == 1 and err[0].startswith("error: ") and says in err[0], err
    assert out == []


def test_a_bad_content_folder_gets_one_line(tmp_path: Path) -> None:
    for folder in (tmp_path / "missing", tmp_path):
        code, out, err = run("selfplay", "--games", "1", "--content", str(folder))
        assert code == 1
        assert len(err) == 1 and err[0].startswith("error: "), err
        assert out == []
