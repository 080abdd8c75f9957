"""``aegean engine``: the line protocol of docs/engine-protocol.md, driven through real
processes with pipes, as a GUI or a tournament manager would drive it.

Every read has a time limit, so a bug can hang a test but never the suite; no test
asserts how fast anything is.
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import threading
from collections.abc import Iterator

import pytest

from aegean import __version__
from aegean.santorini import START_POSITION, Board, perft_bulk
from cli_support import aegean_command

#: How long a read may wait before the test calls the engine hung. Generous: the suite
#: shares two cores with other work. It bounds a hang; it measures nothing.
HANG_LIMIT = 120
AFTER_PLACEMENT = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
WITH_POWERS = f"{AFTER_PLACEMENT} powers=Apollo,Athena"
# Player 1's worker on c3 (level 2) can climb onto d3 (level 3).
WIN_IN_ONE = "00000/00000/00230/00000/00000 1 c3,a1 e1,e2"
INFO = re.compile(
    r"info depth (\d+)(?: score (eval -?\d+|win \d+|loss \d+))? nodes \d+ nps \d+ time \d+ pv (\S+(?: \S+)*)"
)


class Engine:
    """An ``aegean engine`` process and its output, read line by line in a thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [*aegean_command(), "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "NO_COLOR": "1"},
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for raw in self.process.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)  # the end of the output

    def send(self, line: str | bytes) -> None:
        assert self.process.stdin is not None
        data = line if isinstance(line, bytes) else line.encode("utf-8")
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def read(self) -> str:
        """The next line (the test fails if none comes in time or the output ended)."""
        try:
            line = self.lines.get(timeout=HANG_LIMIT)
        except queue.Empty:
            pytest.fail(f"the engine said nothing for {HANG_LIMIT} s")
        assert line is not None, f"the engine's output ended (stderr: {self.stderr()})"
        return line

    def ask(self, command: str | bytes) -> str:
        """Send ``command`` and read its one-line answer."""
        self.send(command)
        return self.read()

    def until(self, prefix: str) -> list[str]:
        """The lines up to and including the first one that starts with ``prefix``."""
        lines = [self.read()]
        while not lines[-1].startswith(prefix):
            lines.append(self.read())
        return lines

    def search(self, command: str) -> tuple[list[str], str]:
        """Send a ``go``; its info lines and the turn of its ``bestturn``."""
        self.send(command)
        *infos, last = self.until("bestturn ")
        return infos, last.removeprefix("bestturn ")

    def ready(self) -> None:
        """``isready`` is answered next: nothing else was pending."""
        assert self.ask("isready") == "readyok"

    def close(self) -> int:
        """End the input; the exit status (the test fails if the engine does not exit)."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.wait()

    def wait(self) -> int:
        try:
            return self.process.wait(timeout=HANG_LIMIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail("the engine did not exit")

    def stderr(self) -> str:
        if self.process.poll() is None:
            return "(still running)"
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")


@pytest.fixture
def engine() -> Iterator[Engine]:
    process = Engine()
    yield process
    if process.process.poll() is None:
        process.process.kill()
        process.process.wait(timeout=HANG_LIMIT)
    for stream in (process.process.stdin, process.process.stdout, process.process.stderr):
        if stream is not None:
            stream.close()


def check_infos(infos: list[str], board: Board) -> None:
    """Every info line is well formed and its principal variation a legal line."""
    assert infos
    for info in infos:
        match = INFO.fullmatch(info)
        assert match is not None, info
        line = board.copy()
        for turn in match.group(3).split():
            line.play(turn)


# ---------------------------------------------------------------------- the basics
def test_handshake_and_isready(engine: Engine) -> None:
    engine.send("aegean")
    expected = [f"id name Aegean {__version__}", "id author the Aegean maintainers", "aegeanok"]
    assert engine.until("aegeanok") == expected
    engine.ready()
    assert engine.close() == 0
    assert "Traceback" not in engine.stderr()


@pytest.mark.parametrize(
    "command",
    [
        "position startpos",
        "position startpos turns @b2@d4",
        f"position {AFTER_PLACEMENT}",
        f"position {AFTER_PLACEMENT} turns b2-c3^c4 d2-d3^d2",
        f"position {WITH_POWERS} turns b2-c3^c4",
        f"position {AFTER_PLACEMENT} turn=b2-c3",  # a turn in progress: only its build is left
        "position 00000/00000/00000/00000/00000 1 b2,d4 b4,d2 a1,e5 powers=Apollo,Athena,Pan",
    ],
)
def test_show_legal_and_perft_agree_with_the_library(engine: Engine, command: str) -> None:
    engine.send(command)
    words = command.split()
    fields = words[1 : words.index("turns") if "turns" in words else len(words)]
    board = Board.from_position(START_POSITION if fields == ["startpos"] else " ".join(fields))
    for turn in words[len(fields) + 2 :]:
        board.play(turn)
    assert engine.ask("show") == f"position {board.position()}"
    assert engine.ask("legal") == " ".join(["legal", *sorted(str(t) for t in board.legal_turns())])
    for depth in (0, 1, 2):
        assert engine.ask(f"perft {depth}") == f"perft {depth} {perft_bulk(board, depth)}"


def test_perft_uses_the_native_core_where_it_can(engine: Engine) -> None:
    engine.send(f"position {AFTER_PLACEMENT}")
    assert engine.ask("perft 3") == f"perft 3 {perft_bulk(Board.from_position(AFTER_PLACEMENT), 3)}"


def test_newgame_returns_to_the_start_position(engine: Engine) -> None:
    engine.send(f"position {AFTER_PLACEMENT} turns b2-c3^c4")
    engine.search("go depth 2")
    engine.send("newgame")
    assert engine.ask("show") == f"position {START_POSITION}"


# ---------------------------------------------------------------------- searching
def test_a_winning_turn_is_found_and_scored_as_a_win(engine: Engine) -> None:
    engine.send(f"position {WIN_IN_ONE}")
    infos, best = engine.search("go depth 3")
    assert best == "c3-d3"
    assert infos[-1].startswith("info depth 0 score win 1 ")


def test_a_forced_loss_is_scored_as_a_loss(engine: Engine) -> None:
    # Player 2's worker on a5 (level 2) threatens b5 and a4 (both level 3): one build
    # cannot dome both, so player 1 loses on player 2's next turn, the second from now.
    position = "23000/30000/00000/00000/00000 1 c3,e1 a5,e3"
    engine.send(f"position {position}")
    infos, best = engine.search("go depth 2")
    check_infos(infos, Board.from_position(position))
    assert " score loss 2 " in infos[-1]
    Board.from_position(position).play(best)


def play_a_whole_game(engine: Engine, start: str, limits: list[str]) -> Board:
    """A client's game: before each turn the position is sent again (the start and every
    turn so far) and searched with the next of ``limits``, in turn; every bestturn must
    be legal, and the game must end. Returns the final board."""
    board = Board.from_position(start)
    turns: list[str] = []
    head = "startpos" if start == START_POSITION else start
    for number in range(200):
        engine.send(f"position {head} turns {' '.join(turns)}".rstrip())
        infos, best = engine.search(limits[number % len(limits)])
        if board.outcome() is not None:
            assert best == "(none)" and infos[-1].startswith("info string the game is over: player ")
            return board
        check_infos(infos, board)
        board.play(best)  # raises if the turn is not legal
        turns.append(best)
    pytest.fail("the game did not end in 200 turns")


def test_a_whole_game_through_the_protocol(engine: Engine) -> None:
    engine.send("aegean")
    engine.until("aegeanok")
    engine.send("newgame")
    board = play_a_whole_game(engine, START_POSITION, ["go depth 1", "go movetime 50", "go nodes 300"])
    assert engine.ask("show") == f"position {board.position()}"
    assert engine.close() == 0


def test_a_whole_game_with_powers_through_the_protocol(engine: Engine) -> None:
    board = play_a_whole_game(engine, WITH_POWERS, ["go depth 1", "go movetime 50"])
    assert board.outcome() is not None
    assert engine.close() == 0


def test_go_infinite_searches_until_stop(engine: Engine) -> None:
    engine.send(f"position {AFTER_PLACEMENT}")
    engine.send("go infinite")
    seen = [engine.read()]
    assert seen[0].startswith("info depth 1 ")
    # While it searches: isready is answered, the board stays the search's.
    engine.send("isready")
    seen += engine.until("readyok")
    engine.send("show")
    seen += engine.until("error ")
    assert seen[-1].startswith("error busy: a search is running")
    engine.send("stop")
    seen += engine.until("bestturn ")
    best = seen[-1]
    check_infos([line for line in seen if line.startswith("info ")], Board.from_position(AFTER_PLACEMENT))
    Board.from_position(AFTER_PLACEMENT).play(best.removeprefix("bestturn "))
    engine.ready()  # the bestturn came before the answer to the next command
    engine.send("stop")  # nothing to stop: nothing to say
    engine.ready()
    assert engine.ask("show") == f"position {AFTER_PLACEMENT}"


def test_an_infinite_search_that_is_done_still_waits_for_stop(engine: Engine) -> None:
    engine.send(f"position {WIN_IN_ONE}")
    engine.send("go infinite")
    assert engine.read().startswith("info depth 0 score win 1 ")
    engine.ready()  # no bestturn yet
    assert engine.ask("stop") == "bestturn c3-d3"


def test_a_finished_game_has_no_best_turn(engine: Engine) -> None:
    engine.send(f"position {WIN_IN_ONE} turns c3-d3")
    infos, best = engine.search("go depth 1")
    assert best == "(none)"
    assert infos == ["info string the game is over: player 1 won, a worker moved up onto level 3 (c3-d3)"]
    assert engine.ask("legal") == "legal"


def test_quit_and_the_end_of_the_input_stop_any_job() -> None:
    for job, ending in [("go infinite", "quit"), ("perft 8", "quit"), ("go infinite", None)]:
        engine = Engine()
        engine.send(f"position {AFTER_PLACEMENT}")
        engine.send(job)
        engine.send("isready")
        engine.until("readyok")  # the job is under way
        if ending is None:
            assert engine.close() == 0
        else:
            engine.send(ending)
            assert engine.wait() == 0
        assert "Traceback" not in engine.stderr()


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("foo", "unknown command 'foo'"),
        ("uci", "unknown command 'uci'"),
        ("isready now", "isready takes no arguments"),
        ("position", "position needs startpos or a position"),
        ("position turns b2-c3^c4", "position needs startpos or a position"),
        ("position startpos 1", "startpos takes no fields"),
        ("position 00000/00000/00000/00000 1 - -", "bad position field board"),
        ("position 00000/00000/00000/00000/00000 5 - -", "bad position field to-move"),
        (f"position {AFTER_PLACEMENT} powers=Zeus2,-", "bad position field powers"),
        (f"position {AFTER_PLACEMENT} turns b2-b4^b3", "turn 1 (b2-b4^b3): illegal turn b2-b4^b3"),
        (f"position {AFTER_PLACEMENT} turns b2-c3^c4 b2-c3^c4", "turn 2 (b2-c3^c4): illegal turn"),
        (f"position {AFTER_PLACEMENT} turns b2-c9", "turn 1 (b2-c9): bad turn 'b2-c9'"),
        ("position startpos turns b2-c3^c4", "turn 1 (b2-c3^c4): illegal turn"),
        (f"position {WIN_IN_ONE} turns c3-d3 e1-d1^c1", "the game is over"),
        ("go", "go needs a limit"),
        ("go depth", "go depth needs a number"),
        ("go depth 0", "go depth must be from 1 to 64, not 0"),
        ("go depth 65", "go depth must be from 1 to 64, not 65"),
        ("go depth -1", "go depth must be a whole number from 1 to 64, not '-1'"),
        ("go depth 1.5", "go depth must be a whole number"),
        ("go depth ٣", "go depth must be a whole number"),
        ("go depth 3 depth 4", "go depth is given twice"),
        ("go movetime 0", "go movetime must be from 1 to 86400000"),
        ("go movetime 99999999999", "go movetime must be from 1 to 86400000"),
        ("go movetime 1" + "0" * 40, "go movetime must be a whole number"),
        ("go nodes 0", "go nodes must be from 1 to 1000000000000"),
        ("go infinite depth 3", "go infinite takes no other limit"),
        ("go ponder", "unknown go limit 'ponder'"),
        ("perft", "perft needs one depth"),
        ("perft 9", "perft depth must be from 0 to 8, not 9"),
        ("perft 1 2", "perft needs one depth"),
        ("legal now", "legal takes no arguments"),
        ("quit now", "quit takes no arguments"),
        ("x" * 10_001, "line too long: more than 10000 bytes"),
    ],
)
def test_bad_input_gets_one_error_line_and_changes_nothing(engine: Engine, line: str, reason: str) -> None:
    engine.send(f"position {AFTER_PLACEMENT} turns b2-c3^c4")
    before = engine.ask("show")
    answer = engine.ask(line)
    assert answer.startswith("error ") and reason in answer, answer
    assert len(answer) < 400
    engine.ready()  # exactly one line: the next answer is the next command's
    assert engine.ask("show") == before
    _, best = engine.search("go depth 1")
    assert best in {str(t) for t in Board.from_position(before.removeprefix("position ")).legal_turns()}


def test_legal_refuses_to_list_hundreds_of_thousands_of_turns(engine: Engine) -> None:
    # Heracles may dome any set of squares: 24,193 turns here.
    engine.send("position 01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Heracles,-")
    assert engine.ask("legal") == "error more than 10000 legal turns, too many to list (perft 1 counts them)"
    _, best = engine.search("go nodes 1")
    assert best.startswith(("b2", "c3"))


def test_odd_bytes_and_blank_lines(engine: Engine) -> None:
    answer = engine.ask(b"\xff\xfeshow")
    assert answer == "error not UTF-8 text (byte 1 is 0xff)"
    engine.send("")
    engine.send("   \t ")
    engine.ready()  # blank lines get no answer
    answer = engine.ask("pos\x1b[2Jition\x00 startpos")
    assert answer.startswith("error unknown command") and "\x1b" not in answer and "\x00" not in answer
    engine.send(b"y" * 500_000)  # far over the limit: refused without being kept
    assert engine.read() == "error line too long: more than 10000 bytes"
    assert engine.ask("show\r") == f"position {START_POSITION}"  # a CRLF line end is a line end
    assert engine.close() == 0
