"""The command line in every game mode (issue 4): three players (elimination), four
players in teams (1+3 against 2+4), the Golden Fleece variant, seats for people and the
AI (``--human``/``--ai``), hot-seat play with hidden information (the screen passed, each
person shown only their own view), records and their per-player exports, and one clear
line for every kind of bad input.

Most checks run in process with typer's ``CliRunner`` (piped input, no colour); the
session-level checks drive :class:`GameSession`/:class:`GameLoop` with strings.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from aegean.ai import RandomAI
from aegean.cli.modes import GameMode, parse_seats, resolve_mode
from aegean.cli.powers import PowerChoiceError
from aegean.cli.render import board_table
from aegean.cli.santorini import openings_for
from aegean.cli.session import GameSession, Seat
from aegean.cli.turns import compose_turn, pending_choice
from aegean.main import app
from aegean.present.scene import scene_of
from aegean.santorini import Board, SantoriniError, Turn, format_turn
from aegean.santorini.powers import power_info
from aegean.santorini.record import GameRecord
from aegean.santorini.setup import compatible, fleece_powers
from cli_support import run_loop

runner = CliRunner()
HECATE = "Apollo,Hecate"
# Player 2 (Athena) is walled in at a1 and e1: in a three-player game she leaves (#).
WALLED = "00000/00000/00000/AA0AA/0A0A0 2 c3,c4 a1,e1 a5,e5 powers=Pan,Athena,Apollo"
# Player 1 (Apollo) builds a dome on c3 (level 3): Gaea (player 2) may place a worker.
GAEA = "00000/00000/00300/00000/00000 1 b2,e5 d4,a5 powers=Apollo,Gaea"


def invoke(*args: str, input: str | None = None, columns: int = 100) -> tuple[int, str, str]:
    result = runner.invoke(app, ["santorini", *args], input=input, env={"COLUMNS": str(columns)})
    return result.exit_code, result.stdout, result.stderr


def assert_clean_error(code: int, stdout: str, stderr: str, *needles: str) -> str:
    """A bad-input failure: non-zero status, one line on stderr naming it, no traceback."""
    assert code != 0
    assert "Traceback" not in stdout + stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def flat(text: str) -> str:
    return " ".join(text.split())


def board_rows(text: str) -> list[str]:
    """The rows of plain boards in a transcript (``3   0.  01  …  3``)."""
    return [line for line in text.splitlines() if re.match(r"^[1-5]   [0-3A-DR]", line)]


def workers_shown(text: str) -> set[str]:
    """The players whose workers the plain boards of a transcript show (the second
    character of a square: ``01`` is a worker of player 1 on level 0)."""
    return {cell[1] for row in board_rows(text) for cell in row.split()[1:6] if cell[1] != "."}


def positions(text: str) -> list[str]:
    return re.findall(r"^([0-3A-D]{5}(?:/[0-3A-D]{5}){4} [1-4](?: \S+)+)\s*$", text, re.M)


# ---------------------------------------------------------------------- options
def test_seats_from_human_ai_side_and_opponent() -> None:
    """``--human``/``--ai`` name the seats of one kind, the others are the other kind;
    ``--side``/``--opponent`` are shorthands; by default you are player 1 alone."""
    assert parse_seats(2) == [True, False]
    assert parse_seats(3) == [True, False, False]
    assert parse_seats(4, human="1,3") == [True, False, True, False]
    assert parse_seats(3, ai="2,3") == [True, False, False]
    assert parse_seats(3, ai="player 2") == [True, False, True]
    assert parse_seats(4, human="all") == [True] * 4
    assert parse_seats(2, ai="all") == [False, False]
    assert parse_seats(3, human="none") == [False] * 3
    assert parse_seats(3, side="3") == [False, False, True]
    assert parse_seats(4, opponent="human") == [True] * 4
    for kwargs, words in [
        ({"human": "1", "ai": "2"}, "use either --human or --ai"),
        ({"human": "1", "side": "2"}, "--human says who plays every seat: leave out --side"),
        ({"ai": "5"}, "--ai takes seat numbers 1 to 3"),
        ({"human": "one"}, "--human takes seat numbers 1 to 3"),
        ({"side": "4"}, "--side must be 1, 2 or 3, not '4'"),
        ({"opponent": "robot"}, "--opponent must be 'ai' or 'human'"),
    ]:
        with pytest.raises(PowerChoiceError, match=re.escape(words)):
            parse_seats(3, **kwargs)


def test_modes_from_players_powers_and_the_fleece() -> None:
    """3 or 4 players without powers draw them (marked for the count, repeatable with a
    seed); the Golden Fleece takes one marked power, given or drawn."""
    three = resolve_mode("3", None, None, None, rng=random.Random(5))
    assert three.n_players == 3 and three.drawn and all(compatible(str(p), 3) for p in three.powers)
    assert resolve_mode("3", None, None, None, rng=random.Random(5)) == three
    four = resolve_mode("4", "apollo,athena,pan,atlas", None, None)
    assert four.powers == ("Apollo", "Athena", "Pan", "Atlas") and not four.drawn
    assert four.label == "Apollo+Pan vs Athena+Atlas"
    assert four.board().position() == "00000/00000/00000/00000/00000 1 - - & & powers=Apollo,Athena,Pan,Atlas"
    fleece = resolve_mode(None, None, "golden-fleece", "zeus")
    assert fleece.fleece == "Zeus" and fleece.label == "Golden Fleece: Zeus"
    assert fleece.board().position() == "00000/00000/00000/00000/00000 1 - - fleece=Zeus"
    drawn = resolve_mode(None, None, "gf", None, rng=random.Random(1))
    assert drawn.fleece in fleece_powers() and drawn.drawn
    assert resolve_mode(None, None, None, "Apollo").fleece == "Apollo"  # --fleece implies the variant
    assert resolve_mode(None, None, None, None) == GameMode()


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--players", "5"), "--players must be 2, 3 or 4, not '5'"),
        (("--players", "3", "--powers", "Apollo,Athena,Achilles"), "Achilles is a hero"),
        (
            ("--players", "3", "--powers", "Apollo,Athena,Chronus"),
            "Chronus cannot be used in a 3-player game",
        ),
        (
            ("--players", "4", "--powers", "Apollo,Athena,Pan,Hecate"),
            "Hecate cannot be used in a 4-player game",
        ),
        (("--players", "4", "--powers", "Apollo,Athena,Pan"), "needs one power per player (4)"),
        (("--players", "3", "--powers", "Apollo,Athena,-"), "every player has a power"),
        (("--powers", "Apollo,Athena,Pan"), "add --players 3 for a 3-player game"),
        (("--fleece", "Athena"), "Athena has no Golden Fleece mark"),
        (("--fleece", "Jason"), "Jason is a hero; heroes are never used in the Golden Fleece variant"),
        (("--fleece", "Zorro"), "unknown power 'Zorro'"),
        (("--variant", "golden-fleece", "--players", "3"), "Golden Fleece variant is for 2 players, not 3"),
        (
            ("--variant", "golden-fleece", "--powers", "Apollo,Pan"),
            "name the power beside the board with --fleece",
        ),
        (("--variant", "standard", "--fleece", "Apollo"), "--fleece is for --variant golden-fleece"),
        (("--variant", "chess"), "--variant must be standard or golden-fleece"),
    ],
)
@pytest.mark.parametrize("command", ["play", "selfplay", "match"])
def test_bad_mode_options_get_one_line(command: str, options: tuple[str, ...], words: str) -> None:
    """``match`` refuses three players first of all: a match is between two sides."""
    if command == "match" and "--players" in options and options[options.index("--players") + 1] == "3":
        words = "a match is between two sides"
    code, out, err = invoke(command, *options, input="quit\n")
    assert_clean_error(code, out, err, words)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (("--human", "1", "--ai", "2"), "use either --human or --ai"),
        (("--players", "3", "--human", "4"), "--human takes seat numbers 1 to 3"),
        (("--players", "3", "--side", "4"), "--side must be 1, 2 or 3"),
        (("--human", "1", "--opponent", "human"), "leave out --opponent"),
        (("--export-for", "1"), "--export-for says whose copy --save FILE writes"),
        (("--save", "x.json", "--export-for", "3"), "--export-for must be 1 or 2, not '3'"),
        (("--setup", "--fleece", "Apollo"), "--setup cannot be combined with --fleece"),
        (
            ("--setup", "--variant", "golden-fleece", "--players", "4"),
            "Golden Fleece variant is for 2 players",
        ),
        (("--setup", "--players", "3", "--challenger", "4"), "--challenger must be 1, 2 or 3, not '4'"),
        (("--position", WALLED, "--fleece", "Apollo"), "--position names its own variant"),
        (("--load", "game.json", "--players", "3"), "--players cannot be combined with --load"),
    ],
)
def test_bad_play_options_get_one_line(options: tuple[str, ...], words: str) -> None:
    assert_clean_error(*invoke("play", *options, input=""), words)


# ---------------------------------------------------------------------- play
def test_play_three_players_with_the_ai_in_two_seats() -> None:
    code, out, err = invoke(
        "play", "--players", "3", "--powers", "Apollo,Athena,Pan", "--level", "random", "--seed", "2",
        input="@a1@a2\nposition\nquit\n",
    )  # fmt: skip
    assert code == 0, err
    text = flat(out)
    assert "player 1 (red): you — Apollo" in text
    assert "player 2 (yellow): AI random — Athena" in text
    assert "player 3 (purple): AI random — Pan" in text
    assert re.search(r"player 2 \(AI random\) plays @[a-e][1-5]@[a-e][1-5]", out)
    assert re.search(r"player 3 \(AI random\) plays @[a-e][1-5]@[a-e][1-5]", out)
    board = Board.from_position(positions(out)[-1])
    assert board.n_players == 3 and not board.placing and board.to_move == 0
    assert board.workers[0] == [0, 5]


def test_play_four_players_shows_the_teams() -> None:
    """Team mates share the workers of their colour: chips and legend say which team."""
    code, out, err = invoke(
        "play", "--players", "4", "--powers", "Apollo,Athena,Pan,Atlas", "--human", "1,3",
        "--level", "random", "--seed", "1", input="@b2@d4\nposition\nquit\n",
    )  # fmt: skip
    assert code == 0, err
    text = flat(out)
    assert "Team 1+3 (red) against Team 2+4 (yellow)" in text
    assert "player 1 (red, team 1+3): human — Apollo" in text
    assert "player 2 (yellow, team 2+4): AI random — Athena" in text
    assert "player 3 (red, team 1+3): human — Pan" in text
    assert "worker's team (1: 1+3, 2: 2+4)" in text
    assert "player 3, move>" in out  # player 2 placed; player 3 takes the team's first turn
    position = positions(out)[-1]
    assert position.split()[2] == "b2,d4" and position.split()[4:6] == ["&", "&"]


def test_team_chips_in_colour() -> None:
    board = Board.from_position(
        "00000/00000/00000/00000/00000 3 b2,d4 b4,d2 & & powers=Apollo,Athena,Pan,Atlas"
    )
    out = io.StringIO()
    Console(file=out, color_system="truecolor", width=120, force_terminal=True).print(
        board_table(scene_of(board))
    )
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out.getvalue())
    assert plain.count(" 1+3 ") == 2 and plain.count(" 2+4 ") == 2  # a chip per worker
    assert "48;2;196;30;30" in out.getvalue()  # team 1+3 in red


def test_play_golden_fleece_with_the_ram() -> None:
    """§5: the first placer puts the Ram (a setup turn ``*c3``), the other player moves
    first; the board shows the Ram and who holds the power."""
    code, out, err = invoke(
        "play",
        "--fleece",
        "Apollo",
        "--level",
        "random",
        "--seed",
        "1",
        input="@a1@a2\n*c3\nposition\nquit\n",
    )
    assert code == 0, err
    text = flat(out)
    assert "Golden Fleece: Apollo, God of Music" in text  # the card beside the board
    assert "Golden Fleece: Apollo — the Ram is not on the board yet" in text
    mark_help = r"Setup: type \*(\w\d) to put the Ram on \1 — a \* mark puts a power's token on a square"
    assert re.search(mark_help, text)
    assert "player 1 (you), mark> *c3" in out
    assert re.search(r"Golden Fleece: Apollo — the Ram on c3; held this turn by (nobody|player [12])", text)
    assert any(" R. " in row[:30] for row in board_rows(out)) and "R is the Ram." in text
    position = positions(out)[-1]
    assert "fleece=Apollo" in position and "ram=c3" in position


def test_play_draws_powers_for_three_players_with_the_seed() -> None:
    args = ("play", "--players", "3", "--level", "random", "--seed", "9")
    code, out, err = invoke(*args, input="quit\n")
    assert code == 0, err
    drawn = re.search(r"Powers drawn at random: player 1 (\S+), player 2 (\S+), player 3 (\S+) ", out)
    assert drawn is not None, out
    assert all(power_info(name).three_players for name in drawn.groups())
    assert invoke(*args, input="quit\n")[1] == out


def test_play_fleece_drawn_at_random() -> None:
    code, out, err = invoke(
        "play", "--variant", "golden-fleece", "--seed", "3", "--level", "random", input=""
    )
    assert code == 0, err
    found = re.search(r"Golden Fleece power drawn at random: (\S+) ", out)
    assert found is not None and found[1] in fleece_powers()


def test_play_setup_for_three_players_and_for_the_fleece() -> None:
    code, out, err = invoke(
        "play", "--setup", "--players", "3", "--opponent", "human",
        input="Apollo,Athena,Chronus\nApollo,Athena,Pan\nathena\npan\n2\nquit\n",
    )  # fmt: skip
    assert code == 0, err
    assert "✗ Chronus cannot be used with 3 players; pick from the list" in out
    assert "player 1 (human) gets Apollo." in out
    assert "player 3 (purple): human — Pan" in flat(out)
    code, out, err = invoke(
        "play", "--setup", "--variant", "golden-fleece", "--level", "random", "--seed", "1",
        input="Athena\nApollo,Pan\nApollo\n2\nquit\n",
    )  # fmt: skip
    assert code == 0, err
    assert "✗ Athena has no Golden Fleece mark; pick from the list" in out
    assert "✗ pick 1 power with the Golden Fleece mark" in out
    assert "names player 2 to start: they place first and put the Ram" in flat(out)
    assert "Golden Fleece: Apollo — the Ram is not on the board yet" in flat(out)


def test_play_three_players_elimination_is_shown() -> None:
    """§6: player 2 cannot move and build: their only turn is ``#``, and they are shown
    out of the game afterwards."""
    code, out, err = invoke("play", "--position", WALLED, "--side", "2", "--level", "random", "--seed", "1",
                            input="legal\n#\nquit\n")  # fmt: skip
    assert code == 0, err
    assert "Legal turns (1):" in out and "\n#" in out
    text = flat(out)
    assert "player 2 (yellow): you — Athena out of the game" in text
    assert "Athena (out of the game)" in text


# ---------------------------------------------------------------------- hidden information
def sections(out: str) -> list[str]:
    """A hot-seat transcript cut where the screen is passed: section ``i + 1`` is what
    the person named by the ``i``-th "Pass the screen" saw."""
    return re.split(r"Pass the screen to player \d", out)


def test_hot_seat_with_hecate_shows_each_player_only_their_view(tmp_path: Path) -> None:
    """Two people, Hecate's workers on a secret map (RULINGS #56): the screen is cleared
    and passed; player 1's screen never shows her squares, the true position or her
    moves, only ``?``; hers shows everything; after the game all is revealed."""
    exports = [f"export {tmp_path / 'mine.json'}", f"export {tmp_path / 'hers.json'} 2"]
    stdin = "\n".join(
        ["@a1@a2", "", "@c3@d4", "", "position", "powers", "a1-b1^c1", "", "c3-c2^b2", "", "position",
         *exports, "resign", "position", "quit"]
    )  # fmt: skip
    code, out, err = invoke("play", "--human", "all", "--powers", HECATE, input=stdin + "\n")
    assert code == 0, err
    assert "Cards in play hide things from the other players" in flat(out)
    assert "── the screen is cleared here ──" in out
    parts = sections(out)
    assert len(parts) == 5, out  # 1, then 2, 1, 2, 1
    truth = Board.from_position("00000/00000/00000/00000/00000 1 - - powers=Apollo,Hecate")
    for turn in ("@a1@a2", "@c3@d4"):
        truth.play(turn)
    ones = parts[2]  # player 1 after Hecate placed
    assert (
        positions(ones)
        == [truth.view(0).position]
        == ["00000/00000/00000/00000/00000 1 a1,a2 ?2 powers=Apollo,Hecate"]
    )
    assert "Since you last saw the board: player 2: @?@?" in ones
    assert "c3" not in ones.split("Since you last saw")[1].split("move>")[0]
    assert workers_shown(ones) == {"1"}  # none of hers
    assert "(2 workers on a secret map)" in ones
    # Player 2 (Hecate) sees her own workers and player 1's turn.
    hers = parts[3]
    assert "Since you last saw the board: player 1: a1-b1^c1" in hers
    assert workers_shown(hers) == {"1", "2"}
    # Player 1 again: her move is hidden, her build shown.
    last = parts[4]
    assert "player 2: ?^b2" in last
    before_end = last.split("resign")[0]
    assert positions(before_end) == ["00000/00000/00000/01000/00100 1 b1,a2 ?2 powers=Apollo,Hecate"]
    assert "✗ export: you may export only your own view, not player 2's" in last
    mine = GameRecord.from_json((tmp_path / "mine.json").read_text(encoding="utf-8"))
    assert mine.turns == ["@a1@a2", "@?@?", "a1-b1^c1", "?^b2"] and mine.headers["ExportedFor"] == "1"
    assert not (tmp_path / "hers.json").exists()
    # The end of the game reveals everything.
    after = last.split("resign", 1)[1]
    assert "The game is over: nothing is hidden any more." in after
    assert "The whole game: 1. @a1@a2 2. @c3@d4 3. a1-b1^c1 4. c3-c2^b2" in after
    assert positions(after) == [
        "00000/00000/00000/01000/00100 1 b1,a2 c2,d4 powers=Apollo,Hecate outcome=2:resignation"
    ]


def test_hot_seat_without_secrets_passes_no_screen() -> None:
    code, out, err = invoke(
        "play", "--human", "all", "--powers", "Apollo,Athena", input="@a1@a2\n@c3@d4\nquit\n"
    )
    assert code == 0, err
    assert "Pass the screen" not in out and "screen is cleared" not in out
    assert "player 1, move>" in out


def test_against_the_ai_the_view_hides_the_ais_secrets(tmp_path: Path) -> None:
    """One person against an AI Hecate: the AI's placement and moves are shown as the
    person may see them; ``--save`` with ``--export-for`` writes their copy on leaving."""
    saved = tmp_path / "mine.txt"
    code, out, err = invoke(
        "play", "--powers", HECATE, "--level", "random", "--seed", "4", "--save", str(saved),
        "--export-for", "1", input="@a1@a2\nposition\nquit\n",
    )  # fmt: skip
    assert code == 0, err
    assert "player 2 (AI random) plays @?@?" in out
    assert positions(out) == ["00000/00000/00000/00000/00000 1 a1,a2 ?2 powers=Apollo,Hecate"]
    assert "Pass the screen" not in out  # one person: nothing to pass
    record = GameRecord.from_text(saved.read_text(encoding="utf-8"))
    assert record.turns == ["@a1@a2", "@?@?"] and record.headers["ExportedFor"] == "1"
    assert f"Saved player 1's view of the game to {saved}" in flat(out)


def test_tartarus_abyss_stays_secret_in_hot_seat() -> None:
    """Tartarus marks his Abyss right after placement (a setup turn, ``*c3``) and still
    moves first; the other player sees ``*?`` and ``tartarus.abyss=?``."""
    stdin = "@a1@a2\n\n@e5@e4\n\n*c3\nposition\na1-b1^c1\n\nposition\npowers\nquit\n"
    code, out, err = invoke("play", "--human", "all", "--powers", "Tartarus,Apollo", input=stdin)
    assert code == 0, err
    parts = sections(out)
    assert len(parts) == 4  # 1, then 2, 1, 2
    assert "to mark the Abyss on" in parts[2] and "in secret: a worker that enters it loses" in parts[2]
    assert "player 1, mark> *c3" in parts[2]
    assert positions(parts[2]) == [
        "00000/00000/00000/00000/00000 1 a1,a2 e5,e4 powers=Tartarus,Apollo tartarus.abyss=c3"
    ]
    other = parts[3]
    assert "player 1: *?" in other and "c3" not in other.split("move>")[0].replace("^c1", "")
    assert positions(other) == [
        "00000/00000/00000/00000/00100 2 b1,a2 e5,e4 powers=Tartarus,Apollo tartarus.abyss=?"
    ]
    assert "state: tartarus.abyss=?" in other


def test_show_view_hides_and_show_everything() -> None:
    position = "00000/00000/00000/00000/00000 1 a1,a2 c3,d4 powers=Apollo,Hecate"
    code, out, err = invoke("show", position, "--view", "1")
    assert code == 0, err
    assert "Player 1's view: 00000/00000/00000/00000/00000 1 a1,a2 ?2 powers=Apollo,Hecate" in out
    assert workers_shown(out) == {"1"}
    code, out, err = invoke("show", position, "--view", "2")  # Hecate sees everything
    assert code == 0 and "Player 2's view" not in out and workers_shown(out) == {"1", "2"}
    assert "Player 1 to move: 35 legal turns." in out  # found without her workers anyway
    hers = position.replace(" 1 a1", " 2 a1")
    code, out, err = invoke("show", hers, "--view", "1")
    assert code == 0 and "Player 2 to move." in out  # her count could give her squares away
    assert "legal turns" not in out
    code, out, err = invoke("show", position)
    assert code == 0 and "Player 1 to move: " in out
    assert_clean_error(*invoke("show", position, "--view", "3"), "--view must be 1 or 2, not '3'")


def test_show_and_legal_in_every_mode() -> None:
    code, out, err = invoke("show", WALLED)
    assert code == 0, err
    assert "Player 2 cannot move and build: they leave the game (#)." in out
    code, out, err = invoke("legal", WALLED)
    assert code == 0 and out.split() == ["#"]
    four = "00000/00000/00000/00000/00000 3 b2,d4 b4,d2 & & powers=Apollo,Athena,Pan,Atlas"
    code, out, err = invoke("show", four)
    assert code == 0 and "Team 1+3 (red) against Team 2+4 (yellow)" in flat(out)
    assert "Player 3 to move:" in out
    fleece = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 fleece=Apollo"
    code, out, err = invoke("show", fleece)
    assert code == 0 and "Player 1 to make a setup choice:" in out
    code, out, err = invoke("legal", fleece)
    assert code == 0 and "*c3" in out.split() and len(out.split()) == 21


# ---------------------------------------------------------------------- replay and records
def _write(path: Path, board: Board, start: str) -> GameRecord:
    record = GameRecord.from_board(board, start, {"Event": "test"})
    path.write_text(record.to_json() if path.suffix == ".json" else record.to_text(), encoding="utf-8")
    return record


def test_replay_three_players_and_the_fleece(tmp_path: Path) -> None:
    board = Board.from_position(WALLED)
    board.play("#")
    _write(tmp_path / "three.txt", board, WALLED)
    code, out, err = invoke("replay", str(tmp_path / "three.txt"))
    assert code == 0, err
    assert "1. #" in out and "out of the game" in flat(out)
    assert f"Final position: {board.position()}" in out
    start = "00000/00000/00000/00000/00000 1 - - fleece=Apollo"
    fleece = Board.from_position(start)
    for turn in ("@b2@d4", "@b4@d2", "*c3", "d2-d1^e1"):
        fleece.play(turn)
    _write(tmp_path / "fleece.json", fleece, start)
    code, out, err = invoke("replay", str(tmp_path / "fleece.json"))
    assert code == 0, err
    assert "3. *c3" in out and "the Ram on c3" in flat(out)


def test_replay_export_for_a_player(tmp_path: Path) -> None:
    start = "00000/00000/00000/00000/00000 1 - - powers=Apollo,Hecate"
    board = Board.from_position(start)
    for turn in ("@a1@a2", "@c3@d4", "a1-b1^c1", "c3-c2^b2"):
        board.play(turn)
    _write(tmp_path / "game.json", board, start)
    out_file = tmp_path / "p1.txt"
    code, out, err = invoke(
        "replay", str(tmp_path / "game.json"), "--export-for", "1", "--save", str(out_file)
    )
    assert code == 0, err
    assert "Player 1's view." in out
    assert "1. @a1@a2 2. @?@? 3. a1-b1^c1 4. ?^b2" in out
    assert "Final position: 00000/00000/00000/01000/00100 1 b1,a2 ?2 powers=Apollo,Hecate" in out
    assert "c2,d4" not in out
    exported = GameRecord.from_text(out_file.read_text(encoding="utf-8"))
    assert exported.redacted and exported.turns[1] == "@?@?"
    # A redacted copy cannot be replayed: one clear line.
    assert_clean_error(
        *invoke("replay", str(out_file)), "player 1's view of a game in progress", "cannot be replayed"
    )
    code, out, err = invoke("replay", str(tmp_path / "game.json"), "--export-for", "2")
    assert code == 0 and "2. @c3@d4" in out


# ---------------------------------------------------------------------- selfplay and match
def test_selfplay_three_players() -> None:
    code, out, err = invoke(
        "selfplay", "--players", "3", "--powers", "Apollo,Athena,Pan", "--games", "2", "--seed", "1"
    )
    assert code == 0, err
    assert out.startswith("selfplay Apollo vs Athena vs Pan: 2 games, seed 1\n")
    wins = [int(w) for w in re.findall(r"player \d \(\w+, AI random\): (\d+) wins? of 2", out)]
    capped = re.search(r"hit the 300-turn cap: (\d+)", out)
    assert len(wins) == 3 and capped is not None
    assert sum(wins) + int(capped[1]) == 2  # one winner per finished game


def test_selfplay_four_players_counts_team_wins_for_both(tmp_path: Path) -> None:
    code, out, err = invoke(
        "selfplay", "--players", "4", "--powers", "Apollo,Athena,Pan,Atlas", "--games", "2", "--seed", "2",
        "--save", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    assert "selfplay Apollo+Pan vs Athena+Atlas" in out
    wins = {
        int(p): int(w) for p, w in re.findall(r"player (\d) \(\w+, team \d\+\d, AI random\): (\d+) win", out)
    }
    assert wins[1] == wins[3] and wins[2] == wins[4]
    records = sorted(tmp_path.glob("game-*.json"))
    assert [p.name for p in records] == ["game-001.json", "game-002.json"]
    for path in records:
        record = GameRecord.from_json(path.read_text(encoding="utf-8"))
        final = record.replay()
        assert final.n_players == 4 and record.result in ("1+3 won", "2+4 won")
        outcome = final.outcome()
        assert outcome is not None and outcome.result(4) == record.result


def test_selfplay_golden_fleece_and_exports(tmp_path: Path) -> None:
    code, out, err = invoke("selfplay", "--fleece", "Apollo", "--games", "2", "--seed", "3")
    assert code == 0, err
    assert out.startswith("selfplay Golden Fleece: Apollo: 2 games, seed 3\n")
    assert "player 1 (no power of their own, AI random)" in out
    code, out, err = invoke(
        "selfplay", "--powers", "Apollo,Hecate", "--games", "1", "--seed", "1", "--max-turns", "4",
        "--save", str(tmp_path), "--export-for", "1",
    )  # fmt: skip
    assert code == 0, err
    assert "(player 1's copies)" in out
    record = GameRecord.from_json((tmp_path / "game-001.json").read_text(encoding="utf-8"))
    assert record.headers["ExportedFor"] == "1" and record.redacted and "@?@?" in record.turns
    assert_clean_error(*invoke("selfplay", "--export-for", "1"), "--export-for says whose copies --save DIR")
    assert_clean_error(*invoke("selfplay", "--players", "3", "--ai", "random,greedy"), "one per seat (3)")


def test_match_golden_fleece_and_teams() -> None:
    code, out, err = invoke(
        "match", "--fleece", "Apollo", "--games", "2", "--a", "random", "--b", "random", "--seed", "1"
    )
    assert code == 0, err
    assert "Golden Fleece: Apollo" in out and re.search(r"A \(random\) vs B \(random\): [\d.]+/2 ", out)
    code, out, err = invoke(
        "match", "--players", "4", "--powers", "Apollo,Athena,Pan,Atlas", "--games", "2", "--a", "random",
        "--b", "random", "--seed", "1",
    )  # fmt: skip
    assert code == 0, err
    assert "Teams: players 1+3 against 2+4" in out
    assert_clean_error(*invoke("match", "--players", "3"), "a match is between two sides")


def test_openings_for_every_two_sided_mode() -> None:
    fleece = openings_for(GameMode(2, (None, None), "Apollo"))
    assert len(fleece) == 12
    for position in fleece:
        board = Board.from_position(position)
        assert board.fleece is not None and not board.placing and "ram=" not in position
        assert all(format_turn(t).startswith("*") for t in board.legal_turns())  # the Ram comes next
    teams = openings_for(GameMode(4, ("Apollo", "Athena", "Pan", "Atlas")))
    for position in teams:
        board = Board.from_position(position)
        assert board.to_move == 2 and not board.placing


# ---------------------------------------------------------------------- choices in others' turns
class Scripted:
    """An AI that plays the given turns in order."""

    def __init__(self, *turns: str) -> None:
        self.name = "scripted"
        self.turns = list(turns)

    def choose_turn(self, board: Board) -> Turn:
        return board.parse_turn(self.turns.pop(0))


def test_gaeas_choice_in_anothers_turn_is_hers() -> None:
    """RULINGS #52: after a dome, Gaea (player 2) chooses — not the mover. A mover who
    writes her choice has it ignored; she is asked."""
    board = Board.from_position(GAEA)
    asked: list[tuple[int, list[str]]] = []

    def decide(owner: int, options: list[int]) -> int:
        asked.append((owner, sorted(format_turn((s,)) for s in options)))
        return next(s for s in options if format_turn((s,)) == "@c2")

    session = GameSession([Seat("human"), Seat("human")], board)
    turn = session.play_text("b2-b3^c3@b4", decide)
    assert re.fullmatch(r"b2-b3\^c3\+?@c2", format_turn(turn))  # (``+``: a step another power inserted)
    assert asked == [(1, ["@b2", "@b4", "@c2", "@c4", "@d2", "@d3", "~"])]
    assert (
        session.board.position() == "00000/00000/00D00/00000/00000 2 b3,e5 d4,a5,c2 powers=Apollo,Gaea gaea=1"
    )
    assert pending_choice(session.board) is None
    with pytest.raises(SantoriniError, match="player 2 must choose here"):
        GameSession([Seat("human"), Seat("human")], Board.from_position(GAEA)).play_text("b2-b3^c3")


def test_an_ai_gaea_chooses_and_an_ai_mover_plays_on() -> None:
    board = Board.from_position(GAEA)
    session = GameSession([Seat("you"), Seat("AI", RandomAI(3))], board)
    turn = format_turn(session.play_text("b2-b3^c3"))
    assert re.fullmatch(r"b2-b3\^c3\+?(@[a-e][1-5]|~)", turn)
    # An AI mover: a person owns Gaea and is asked through the loop.
    board = Board.from_position(GAEA)
    session = GameSession([Seat("AI", Scripted("b2-b3^c3~")), Seat("human")], board)
    status, out = run_loop(session, ["z9", "c4", "position", "quit"])
    assert status == 0
    assert "player 2 (Gaea), choose @b2 @c2 @d2 @d3 @b4 @c4 ~>" in out
    assert "✗ choose one of @b2, @c2, @d2, @d3, @b4, @c4, ~ (~ declines)" in out
    assert re.search(r"player 1 \(AI\) plays b2-b3\^c3\+?@c4", out)
    assert "00000/00000/00D00/00000/00000 2 b3,e5 d4,a5,c4 powers=Apollo,Gaea gaea=1" in out


def test_compose_turn_leaves_the_board_alone() -> None:
    board = Board.from_position(GAEA)
    before = board.position()
    turn = compose_turn(board, board.parse_turn("b2-b3^c3"), lambda owner, options: options[-1])
    assert format_turn(turn) == "b2-b3^c3~" and board.position() == before  # (as written: not yet played)
    bad = compose_turn(board, board.parse_turn("b2-b5^c3"), lambda owner, options: options[-1])
    assert format_turn(bad) == "b2-b5^c3" and board.position() == before




def test_session_seats_must_match_the_players() -> None:
    with pytest.raises(SantoriniError, match="a 3-player game needs 3 seats, not 2"):
        GameSession([Seat("a"), Seat("b")], Board(3, ["Apollo", "Athena", "Pan"]))


def test_scene_of_a_view_has_no_hidden_squares() -> None:
    """The drawing of a player's view is made from their observation alone."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 a1,a2 c3,d4 powers=Apollo,Hecate")
    scene = scene_of(board, 0)
    assert scene.hidden_workers == {1: 2}
    assert [s for s in range(25) if scene.owner[s] >= 0] == [0, 5]
    full = scene_of(board)
    assert sorted(s for s in range(25) if full.owner[s] == 1) == [12, 18]
    assert json.dumps(scene.tokens) == "{}"


def test_play_help_documents_the_seats_and_modes() -> None:
    code, out, _ = invoke("play", "--help", columns=200)
    assert code == 0
    text = flat(out)
    for option in ("--human", "--ai", "--players", "--variant", "--fleece", "--save", "--export-for"):
        assert option in text, option
    assert "Seats played by people at this terminal" in text
    assert "the screen is cleared and each sees only their own view" in text
    assert "players 1+3 against 2+4" in text


def test_hot_seat_clears_a_real_terminal() -> None:
    """On a terminal the screen and its scrollback are cleared before the screen is
    passed, so nobody can scroll back to the other player's secrets."""
    import os
    import shutil
    import sys

    import pexpect

    script = Path(sys.executable).with_name("aegean")
    command = str(script) if script.exists() else shutil.which("aegean")
    assert command is not None
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "50"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        command, ["santorini", "play", "--human", "all", "--powers", HECATE],
        env=env, timeout=30, encoding="utf-8", dimensions=(50, 100),
    )  # fmt: skip
    child.expect("place> ")
    child.sendline("@a1@a2")
    child.expect_exact("\x1b[H\x1b[2J\x1b[3J")
    child.expect("Pass the screen to player 2")
    child.sendline("")
    child.expect("place> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
