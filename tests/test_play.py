"""``aegean santorini play``: the game session, the prompt loop, and real games driven
through piped stdin and through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn
from rich.console import Console
from rich.text import Text

from aegean.ai import make_ai
from aegean.cli.loop import GameLoop
from aegean.cli.render import render_board
from aegean.cli.session import GameSession, Seat
from aegean.cli.turns import normalize_turn_text
from aegean.santorini import Board, IllegalTurnError, NotationError, SantoriniError, Termination, format_turn
from aegean.santorini.record import GameRecord, read_record
from cli_support import run_loop

POSITION_LINE = re.compile(r"^([0-3A-D]{5}(?:/[0-3A-D]{5}){4} [1-4](?: \S+)+)\s*$", re.M)
# Player 1 to move; c3 stands on level 2 beside d3 on level 3: c3-d3 wins.
P1_CAN_WIN = "00000/00000/00230/00000/00000 1 c3,a1 e1,e2"
# Player 2's worker on e5 (level 2) beside d5 (level 3), far from player 1.
P2_CAN_WIN = "00032/00000/00000/00000/00000 1 a1,b1 e5,c3"
STUCK = "00000/00000/00000/DDD00/00D00 1 a1,b1 d4,e5"
SGR = r"(?:\x1b\[[0-9;]*m)*"  # colour codes that a terminal gets between words
#: How long a real program may take to answer before a test calls it hung. Generous: the
#: full suite shares two cores with other work, and a loaded machine once made a start
#: take more than 20 s (issue 13, item 9). It bounds a hang; it measures nothing.
HANG_LIMIT = 180


def vs_ai(ai: str = "random", seed: int = 1, human: int = 0, position: str | None = None) -> GameSession:
    seats = [Seat("you"), Seat("AI", make_ai(ai, seed=seed))]
    if human == 1:
        seats.reverse()
    board = Board.from_position(position) if position else Board()
    return GameSession(seats, board, hint_engine=lambda: make_ai("greedy", seed=seed))




def flat(text: str) -> str:
    """Whitespace collapsed, so that phrases match however the console wrapped them."""
    return " ".join(text.split())


# ---------------------------------------------------------------------- input spelling
@pytest.mark.parametrize(
    ("text", "placing", "expected"),
    [
        ("b2-c3^d4", False, "b2-c3^d4"),
        ("  B2-C3^D4 ", False, "b2-c3^d4"),
        ("b2-c3 ^d4", False, "b2-c3^d4"),
        ("b2 - c3 ^ d4", False, "b2-c3^d4"),
        ("b2 c3 d4", False, "b2-c3^d4"),
        ("b2-c3 d4", False, "b2-c3^d4"),
        ("b2 c3", False, "b2-c3"),
        ("@B2 @D4", True, "@b2@d4"),
        ("b2 d4", True, "@b2@d4"),
        ("b2-c3^d4D", False, "b2-c3^d4D"),
    ],
)
def test_normalize_turn_text(text: str, placing: bool, expected: str) -> None:
    assert normalize_turn_text(text, placing) == expected


# ---------------------------------------------------------------------- the session
def test_illegal_turn_leaves_the_board_unchanged() -> None:
    session = vs_ai(position="00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
    before = session.board.position()
    with pytest.raises(IllegalTurnError) as caught:
        session.play_text("b2-c3^d4")
    assert "d4 is occupied" in str(caught.value)
    assert caught.value.legal and all(t.startswith("b2-") for t in caught.value.legal)
    with pytest.raises(NotationError):
        session.play_text("b2-c9")
    assert session.board.position() == before
    assert session.movers == []


def test_undo_takes_back_the_human_turn_and_the_ai_reply() -> None:
    session = vs_ai()
    start = session.board.position()
    with pytest.raises(SantoriniError, match="nothing to undo"):
        session.undo()
    session.play_text("b2 d4")
    session.play_ai()
    placed = session.board.position()
    turn = sorted(format_turn(t) for t in session.board.legal_turns())[0]
    session.play_text(turn)
    session.play_ai()
    assert session.movers == [0, 1, 0, 1]
    assert session.undo() == [1, 0]
    assert session.board.position() == placed
    assert session.undo() == [1, 0]
    assert session.board.position() == start
    with pytest.raises(SantoriniError, match="nothing to undo"):
        session.undo()


def test_undo_when_the_ai_moved_first() -> None:
    session = vs_ai(human=1)
    session.play_ai()
    with pytest.raises(SantoriniError, match="nothing to undo"):
        session.undo()
    assert session.human_to_move


def test_undo_between_two_humans_takes_back_one_turn() -> None:
    session = GameSession([Seat("human"), Seat("human")])
    session.play_text("@b2@d4")
    session.play_text("@b4@d2")
    assert session.undo() == [1]
    assert session.board.position() == "00000/00000/00000/00000/00000 2 b2,d4 -"


def test_hint_is_legal_and_leaves_the_board_alone() -> None:
    session = vs_ai(position="00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
    before = session.board.position()
    hint = session.hint()
    assert hint in session.board.legal_turns()
    assert session.board.position() == before


@pytest.mark.parametrize("name", ["game.json", "game.pgn"])
def test_save_and_load_round_trip(tmp_path: Path, name: str) -> None:
    session = vs_ai(seed=3)
    session.play_text("@b2@d4")
    session.play_ai()
    session.play_text(sorted(format_turn(t) for t in session.board.legal_turns())[-1])
    session.play_ai()
    path = tmp_path / name
    form = session.save(path)
    text = path.read_text(encoding="utf-8")
    if name.endswith(".json"):
        assert form == "JSON"
        assert text == session.record().to_json() + "\n"
        assert json.loads(text)["turns"] == [format_turn(t) for t in session.board.history]
    else:
        assert form == "text"
        assert GameRecord.from_text(text).turns == [format_turn(t) for t in session.board.history]
    other = vs_ai(seed=9)
    record = other.load(path)
    assert len(record.turns) == 4
    assert other.board.position() == session.board.position()
    assert other.movers == [0, 1, 0, 1]
    assert other.undo() == [1, 0]  # a loaded game can be taken back too


def test_resignation_survives_save_and_load(tmp_path: Path) -> None:
    session = vs_ai()
    session.play_text("@b2@d4")
    session.play_ai()
    session.resign()
    outcome = session.outcome
    assert outcome is not None and outcome.winners == {1}
    assert outcome.termination is Termination.RESIGNATION
    session.save(tmp_path / "r.json")
    other = vs_ai()
    other.load(tmp_path / "r.json")
    assert other.outcome == outcome
    assert read_record(tmp_path / "r.json").result == "0-1"


def test_load_errors_leave_the_game_alone(tmp_path: Path) -> None:
    session = vs_ai()
    session.play_text("@b2@d4")
    before = session.board.position()
    with pytest.raises(OSError):
        session.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.txt"
    bad.write_text("1. @b2@d4 2. @b2@e5 *\n", encoding="utf-8")
    with pytest.raises(IllegalTurnError, match="record turn 2"):
        session.load(bad)
    assert session.board.position() == before
    assert session.movers == [0]


# ---------------------------------------------------------------------- the board
def test_board_rendering_marks_the_last_turn() -> None:
    board = Board.from_position("0000B/00000/00000/00000/00000 1 b2,d4 b4,d2")
    board.play("b2-c3^c4")
    plain = io.StringIO()
    Console(file=plain, color_system=None, width=100).print(render_board(board, ["you", "AI"]))
    lines = plain.getvalue().splitlines()
    assert lines[1].split() == ["5", "0.", "0.", "0.", "0.", "B.", "5"]  # a dome on level 1
    assert lines[2].split() == ["4", "0.", "02", "1.^", "01", "0.", "4"]  # built on c4
    assert lines[3].split() == ["3", "0.", "0.", "01*", "0.", "0.", "3"]  # arrived on c3
    assert lines[4].split() == ["2", "0.", "0.·", "0.", "02", "0.", "2"]  # left b2
    assert "Last turn (player 1): b2-c3^c4" in plain.getvalue()
    assert "player 2 (yellow): AI ← to move" in flat(plain.getvalue())
    colour = io.StringIO()
    Console(file=colour, color_system="truecolor", width=100, force_terminal=True).print(render_board(board))
    ansi = colour.getvalue()
    assert ansi.count("48;2;255;210;31") == 3  # the highlight bar under b2, c3 and c4
    assert ansi.count("48;2;31;79;200") == 2  # the dome on e5 (two lines)
    assert ansi.count("48;2;196;30;30") == 3  # player 1's two workers and the legend chip


# ---------------------------------------------------------------------- the loop
def test_loop_commands_and_errors() -> None:
    session = vs_ai(position="00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
    lines = ["help", "legal", "legal d4", "b2-c3^d4", "position", "b2-c9", "dance", "hint", "quit"]
    status, out = run_loop(session, lines)
    assert status == 0
    assert "undo         take back your last turn" in out
    assert "Legal turns (80):" in out
    assert "Legal turns of the worker on d4 (40):" in out
    assert "✗ illegal turn b2-c3^d4: d4 is occupied by a worker" in out
    assert "Legal turns of the worker on b2 (40):" in out
    assert "00000/00000/00000/00000/00000 1 b2,d4 b4,d2\n" in out  # unchanged
    assert "✗ bad turn 'b2-c9'" in out
    assert "✗ unknown command 'dance'" in out
    hint = re.search(r"Hint: (\S+)", out)
    assert hint is not None
    assert hint.group(1) in {format_turn(t) for t in session.board.legal_turns()}
    assert out.rstrip().endswith("Goodbye.")


def test_loop_placement_help_lists_free_squares() -> None:
    status, out = run_loop(vs_ai(), ["legal", "@b2@b2"])
    assert status == 0
    assert "place two workers on any two free squares" in out
    assert "✗ illegal turn @b2@b2: b2 is occupied" in out
    assert "End of input: leaving the game." in out


def test_loop_human_wins() -> None:
    status, out = run_loop(vs_ai(position=P1_CAN_WIN), ["c3-d3", "legal", "quit"])
    assert status == 0
    assert "Game over: 1-0, player 1 (you) wins — a worker moved up onto level 3 (c3-d3). You win!" in flat(
        out
    )
    assert "✗ the game is over: 'legal' is not possible now" in out


def test_loop_ai_wins_and_undo_reopens_the_game() -> None:
    session = vs_ai("greedy", position=P2_CAN_WIN)
    status, out = run_loop(session, ["a1-a2^a3", "undo", "position", "quit"])
    assert status == 0
    assert "player 2 (AI) plays e5-d5" in out
    assert "Game over: 0-1, player 2 (AI) wins — a worker moved up onto level 3 (e5-d5). You lose." in flat(
        out
    )
    assert "Took back 2 turns (player 2, player 1)." in out
    assert P2_CAN_WIN + "\n" in out


def test_loop_no_legal_turn() -> None:
    status, out = run_loop(vs_ai(position=STUCK), [])
    assert status == 0
    assert "player 1 has no legal turn" in flat(out)
    assert "You lose." in flat(out)


def test_loop_interrupt_is_clean() -> None:
    def interrupted(prompt: Text) -> str | None:
        raise KeyboardInterrupt

    out = io.StringIO()
    status = GameLoop(vs_ai(), Console(file=out, color_system=None), interrupted).run()
    assert status == 130
    assert "Interrupted: leaving the game." in out.getvalue()


# ---------------------------------------------------------------------- the real program
def aegean() -> str:
    """The installed console script (next to this interpreter, or on PATH)."""
    script = Path(sys.executable).with_name("aegean")
    found = str(script) if script.exists() else shutil.which("aegean")
    assert found is not None, "the aegean console script is not installed (pip install -e .)"
    return found


def spawn_piped(*args: str) -> PopenSpawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100"}
    return PopenSpawn([aegean(), "santorini", "play", *args], env=env, timeout=HANG_LIMIT, encoding="utf-8")


def read_position(child: pexpect.spawn | PopenSpawn) -> str:
    child.sendline("position")
    child.expect(POSITION_LINE)
    return str(child.match.group(1))


def test_piped_script_runs_a_short_game() -> None:
    import subprocess

    lines = "@b2@d4\nposition\nresign\nquit\n"
    done = subprocess.run(
        [aegean(), "santorini", "play", "--level", "random", "--seed", "7"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert re.search(r"player 2 \(AI random\) plays @[a-e][1-5]@[a-e][1-5]", done.stdout)
    positions = POSITION_LINE.findall(done.stdout)
    assert len(positions) == 1 and " b2,d4 " in positions[0]
    assert "Game over: 0-1, player 2 (AI random) wins — player 1 resigned." in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye.")


def test_piped_eof_ends_cleanly() -> None:
    import subprocess

    done = subprocess.run(
        [aegean(), "santorini", "play", "--side", "2", "--level", "random", "--seed", "1"],
        input="",
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT,
    )
    assert done.returncode == 0
    assert "player 1 (AI random) plays @" in done.stdout  # the AI placed first
    assert "End of input: leaving the game." in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def play_full_scenario(child: pexpect.spawn | PopenSpawn, tmp_path: Path) -> None:
    """Placement, an illegal move, a legal one, undo, hint, save, load, resign."""
    child.expect("place> ")
    child.sendline("B2 D4")
    child.expect(rf"plays {SGR}(@[a-e][1-5]@[a-e][1-5])")
    placed = read_position(child)
    board = Board.from_position(placed)
    assert board.workers[0] == [6, 18]  # b2, d4
    # An illegal move: b2 cannot jump to b4. The error lists the legal turns of b2.
    child.sendline("b2-b4^b5")
    child.expect("illegal turn b2-b4\\^b5: b4 does not neighbor b2")
    legal_b2 = sorted(format_turn(t) for t in board.legal_turns() if format_turn(t).startswith("b2"))
    child.expect(rf"Legal turns of the worker on b2 \({len(legal_b2)}\):")
    for turn in legal_b2[:3]:
        child.expect_exact(turn)
    assert read_position(child) == placed
    # A legal move, the AI replies, then undo takes both back.
    move = legal_b2[0]
    child.sendline(move)
    child.expect(rf"player 2 \(AI random\) plays {SGR}[a-e][1-5]-[a-e][1-5]")
    after = read_position(child)
    assert after != placed
    child.sendline("undo")
    child.expect(r"Took back 2 turns \(player 2, player 1\)\.")
    assert read_position(child) == placed
    # A hint names a legal turn.
    child.sendline("hint")
    child.expect(rf"Hint: {SGR}([a-e][1-5][-a-e1-5^]*)")
    assert child.match.group(1) in {format_turn(t) for t in board.legal_turns()}
    # Save, move on, load: back to the saved position.
    saved = tmp_path / "saved.json"
    child.sendline(f"save {saved}")
    child.expect("Saved the game to")
    assert json.loads(saved.read_text(encoding="utf-8"))["turns"][0] == "@b2@d4"
    child.sendline(move)
    child.expect(rf"plays {SGR}[a-e][1-5]-")
    child.sendline(f"load {saved}")
    child.expect("Loaded ")
    assert read_position(child) == placed
    child.sendline(f"load {tmp_path / 'nothing.json'}")
    child.expect("No such file or directory")
    assert read_position(child) == placed
    child.sendline("resign")
    child.expect(rf"Game over: {SGR}0-1, player 2 \(AI random\) wins — player 1 resigned\.")
    child.sendline("quit")
    child.expect("Goodbye.")
    child.expect(pexpect.EOF)


def test_piped_full_game_flow(tmp_path: Path) -> None:
    child = spawn_piped("--level", "random", "--seed", "11")
    play_full_scenario(child, tmp_path)
    assert child.wait() == 0
    assert "Traceback" not in str(child.before)


def test_pty_full_game_flow(tmp_path: Path) -> None:
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "50"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(
        aegean(),
        ["santorini", "play", "--level", "random", "--seed", "4"],
        env=env,
        timeout=HANG_LIMIT,
        encoding="utf-8",
        dimensions=(50, 100),
    )
    # A real terminal gets colour: the worker chips are drawn with background colours.
    child.expect("\x1b\\[")
    play_full_scenario(child, tmp_path)
    child.close()
    assert child.exitstatus == 0


def test_pty_ctrl_c_and_ctrl_d_end_cleanly() -> None:
    """Ctrl-C at the prompt leaves with status 130, Ctrl-D (end of input) with 0; both
    say so in one line and print no traceback."""
    for key, message, status in ((pexpect.spawn.sendintr, "Interrupted: leaving the game.", 130),
                                 (pexpect.spawn.sendeof, "End of input: leaving the game.", 0)):  # fmt: skip
        child = spawn_pty("--opponent", "human")
        child.expect("place> ")
        key(child)
        child.expect(message)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == status
        assert b"Traceback" not in (child.before or b"")


def spawn_pty(*args: str) -> pexpect.spawn:
    """``aegean santorini play ARGS`` on a pseudo-terminal, as a person runs it."""
    env = {**os.environ, "TERM": "xterm-256color"}
    return pexpect.spawn(
        aegean(), ["santorini", "play", *args], env=env, timeout=HANG_LIMIT, preexec_fn=default_interrupt
    )


def default_interrupt() -> None:
    """Ctrl-C as at a person's terminal: a test run started in the background (``cmd &``
    in a script) ignores SIGINT, and a child would inherit that and never see the key."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_piped_start_from_a_position_and_from_a_record(tmp_path: Path) -> None:
    child = spawn_piped("--level", "random", "--position", P1_CAN_WIN)
    child.sendline("c3 d3")
    child.expect("You win!")
    saved = tmp_path / "won.txt"
    child.sendline(f"save {saved}")
    child.expect("Saved the game to .* \\(text record\\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    record = GameRecord.from_text(saved.read_text(encoding="utf-8"))
    assert record.start == P1_CAN_WIN
    assert record.turns == ["c3-d3"]
    assert record.result == "1-0"
    child = spawn_piped("--level", "random", "--load", str(saved))
    child.expect("Game over: 1-0")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert child.wait() == 0
