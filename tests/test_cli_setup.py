"""``aegean santorini play --setup``: the god-power setup of SANTORINI.md §3.1 played at
the terminal through the installed script with piped input, as a user would: people and
the AI pick, choose and name the start player; bad answers are re-asked; the option
refuses to be combined with a fixed game."""

from __future__ import annotations

import re
import subprocess

from aegean.santorini.powers import implemented
from aegean.santorini.powers.texts import CARD_TEXTS
from cli_support import run_script as run_support_script


def run_script(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """At 70 columns the power cards come under the board, where their text reads in one piece."""
    return run_support_script(*args, stdin=stdin, columns=70)


def flat(text: str) -> str:
    return " ".join(text.split())


def errors(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("✗ ")]


def test_human_challenger_picks_ai_chooses_human_names_the_start_player() -> None:
    result = run_script(
        "santorini", "play", "--setup", "--level", "random", "--seed", "5", stdin="apollo, ATHENA\n2\nquit\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "player 1 (you) is the Challenger" in out
    for name in implemented():
        assert re.search(rf"^\s+\d+\s+{name}, ", out, re.M), name  # the list: index, name, epithet
    assert " 1  Apollo, God of Music (simple god)" in out
    chosen = re.search(r"player 2 \(AI random\) chooses (Apollo|Athena)\.", out)
    assert chosen is not None, out
    mine = "Athena" if chosen[1] == "Apollo" else "Apollo"
    assert f"player 1 (you) gets {mine}." in out
    assert "name the start player (1 or 2)> 2" in out
    assert "names player 2 to start" in out
    assert errors(out) == []
    text = flat(out)
    # The game begins with both cards, the powers by seat, and the AI placing first.
    assert "Apollo, God of Music (simple god)" in text and "Athena, Goddess of Wisdom (simple god)" in text
    assert flat(CARD_TEXTS["Apollo"]) in text and flat(CARD_TEXTS["Athena"]) in text
    assert f"player 1 (red): you — {mine}" in text
    assert f"player 2 (yellow): AI random — {chosen[1]}" in text
    assert "player 2 (AI random) plays @" in out
    assert "player 1 (you), place> quit" in out
    # The same seed makes the same choice.
    again = run_script(
        "santorini", "play", "--setup", "--level", "random", "--seed", "5", stdin="apollo, ATHENA\n2\nquit\n"
    )
    assert again.stdout == out


def test_ai_challenger_picks_and_names_the_start_player_human_chooses() -> None:
    args = ("santorini", "play", "--setup", "--side", "2", "--level", "random", "--seed", "11")
    first = run_script(*args, stdin="")  # end of input at the first prompt: see the pick
    assert first.returncode == 0, first.stderr
    assert "player 1 (AI random) is the Challenger" in first.stdout
    picked = re.search(r"player 1 \(AI random\) picks (\w+), (\w+)\.", first.stdout)
    assert picked is not None, first.stdout
    offered = [picked[1], picked[2]]
    assert set(offered) <= set(implemented()) and offered[0] != offered[1]
    assert "choose one of" in first.stdout and "End of input: leaving the game." in first.stdout
    result = run_script(*args, stdin=f"{offered[1].upper()}\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"player 2, choose one of {offered[0]}, {offered[1]}>" in out
    assert f"player 2 (you) chooses {offered[1]}." in out
    assert f"player 1 (AI random) gets {offered[0]}." in out
    start = re.search(r"player 1 \(AI random\) names player ([12]) to start\.", out)
    assert start is not None, out
    assert "name the start player" not in out  # the AI names it
    text = flat(out)
    assert f"player 1 (red): AI random — {offered[0]}" in text
    assert f"player 2 (yellow): you — {offered[1]}" in text
    assert errors(out) == []


def test_challenger_option_makes_player_2_the_challenger() -> None:
    result = run_script(
        "santorini", "play", "--setup", "--challenger", "2", "--opponent", "human",
        stdin="Pan,Minotaur\nminotaur\n1\nquit\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "player 2 (human) is the Challenger" in out
    assert "player 1, choose one of Pan, Minotaur> minotaur" in out
    assert "player 2 (human) gets Pan." in out
    assert "player 1 (red): human — Minotaur" in flat(out)
    assert "player 2 (yellow): human — Pan" in flat(out)


def test_bad_answers_get_one_line_and_the_question_again() -> None:
    stdin = "\n".join(
        [
            "Apollo,Zeuss",  # unknown power
            "Apollo",  # wrong count
            "Apollo,Athena,Pan",  # wrong count
            "Apollo,Apollo",  # the same power twice
            "Bia,Apollo",  # a real pick
            "Athena",  # not on offer
            "bia",  # player 2 takes Bia, who must place first
            "1",  # not allowed: Bia's owner starts
            "7",  # not a player
            "2",
            "quit",
        ]
    )
    result = run_script("santorini", "play", "--setup", "--opponent", "human", stdin=stdin + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    found = errors(out)
    assert found == [
        "✗ unknown power 'Zeuss' (did you mean Zeus?)",
        "✗ pick 2 powers, one per player, separated by commas (e.g. Apollo, Artemis), not 1",
        "✗ pick 2 powers, one per player, separated by commas (e.g. Apollo, Artemis), not 3",
        "✗ each power can be picked only once",
        "✗ Athena is not on offer (remaining: Bia, Apollo)",
        "✗ player 1 cannot start with these powers (allowed: 2)",
        "✗ type a player number, 2, not '7'",
    ], out
    assert out.count("player 1, pick 2 powers") == 5
    assert out.count("player 2, choose one of Bia, Apollo>") == 2
    assert out.count("player 1, name the start player (2)>") == 3
    assert "player 2 (yellow): human — Bia ← to move" in flat(out)


def test_setup_refuses_a_fixed_game() -> None:
    for extra, option in (
        (("--powers", "Apollo,Athena"), "--powers"),
        (("--position", "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"), "--position"),
        (("--load", "game.json"), "--load"),
    ):
        result = run_script("santorini", "play", "--setup", *extra)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and f"--setup cannot be combined with {option}" in lines[0], result.stderr
        assert "Traceback" not in result.stderr
    bad = run_script("santorini", "play", "--setup", "--challenger", "3")
    assert bad.returncode == 2 and bad.stderr.strip() == "error: --challenger must be 1 or 2, not '3'"
