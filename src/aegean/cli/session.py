"""The interactive game: the state of a game at the terminal and the prompt loop.

:class:`GameSession` is the game without any input or output (who sits where, undo,
hints, records), and :class:`GameLoop` talks to a person through a rich ``Console`` and
a ``read_line`` function. Neither needs a terminal, so tests drive both with strings.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from aegean.ai import Engine
from aegean.santorini import (
    Board,
    IllegalTurnError,
    NotationError,
    Outcome,
    SantoriniError,
    Termination,
    Turn,
    format_turn,
)
from aegean.santorini.record import GameRecord
from aegean.santorini.squares import SQUARE_NAMES, parse_square

from .powers import BASE_FORM, TurnForm, forms_are_plain, turn_forms
from .render import player_chip, power_cards, render_board

ReadLine = Callable[[Text], "str | None"]
EngineFactory = Callable[[], Engine]

_SQUARE = re.compile(r"[a-e][1-5]")
_SQUARE_ANY_CASE = re.compile(r"[A-Ea-e][1-5]")


@dataclass
class Seat:
    """One side of the game: a person at this terminal (``engine`` None) or an AI."""

    name: str
    engine: Engine | None = None

    @property
    def human(self) -> bool:
        return self.engine is None


def normalize_turn_text(text: str, placing: bool) -> str:
    """Accept friendlier spellings of a turn: any case, steps separated by spaces, and
    bare squares (``b2 c3 d4`` = ``b2-c3^d4``; ``b2 d4`` = ``@b2@d4`` while placing).

    >>> normalize_turn_text("B2-C3 ^D4", False), normalize_turn_text("b2 c3 d4", False)
    ('b2-c3^d4', 'b2-c3^d4')
    >>> normalize_turn_text("b2 d4", True), normalize_turn_text("@b2 @d4", True)
    ('@b2@d4', '@b2@d4')
    """
    text = _SQUARE_ANY_CASE.sub(lambda m: m.group(0).lower(), text.strip())
    text = re.sub(r"\s*([-^>@,])\s*", r"\1", text)  # "b2 - c3 ^ d4" -> "b2-c3^d4"
    tokens = text.split()
    out: list[str] = []
    for i, token in enumerate(tokens):
        if _SQUARE.fullmatch(token):
            if placing:
                token = "@" + token
            elif i == 1 and _SQUARE.fullmatch(tokens[0]):
                token = "-" + token
            elif i > 0:
                token = "^" + token
        out.append(token)
    return "".join(out)


def read_record(path: str | Path) -> GameRecord:
    """A record from a file, JSON or text (recognised by its content)."""
    text = Path(path).read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        return GameRecord.from_json(text)
    return GameRecord.from_text(text)


def replay_record(record: GameRecord) -> tuple[Board, list[int]]:
    """Replay a record turn by turn; returns the board and who played each turn.

    A recorded resignation (``Termination`` header) is applied at the end, since the
    turns alone cannot show it.
    """
    board = Board.from_position(record.start)
    movers: list[int] = []
    for number, text in enumerate(record.turns, 1):
        mover = board.to_move
        try:
            board.play(text)
        except IllegalTurnError as error:
            raise IllegalTurnError(f"record turn {number}: {error}", error.legal) from None
        except NotationError as error:
            raise NotationError(f"record turn {number}: {error}") from None
        movers.append(mover)
    if (
        board.outcome() is None
        and record.headers.get("Termination") == Termination.RESIGNATION.value
        and record.result in ("1-0", "0-1")
        and board.n_players == 2
    ):
        loser = 1 if record.result == "1-0" else 0
        board.resign(loser)
        movers.append(loser)
    return board, movers


def describe_outcome(board: Board, outcome: Outcome) -> str:
    """Why the game ended, in words."""
    losers = sorted(set(range(board.n_players)) - outcome.winners)
    loser_names = " and ".join(f"player {p + 1}" for p in losers)
    if outcome.termination is Termination.CLIMB:
        last = format_turn(board.history[-1]) if board.history else ""
        return f"a worker moved up onto level 3 ({last})" if last else "a worker moved up onto level 3"
    if outcome.termination is Termination.NO_LEGAL_TURN:
        return f"player {board.to_move + 1} has no legal turn (cannot move and then build)"
    if outcome.termination is Termination.RESIGNATION:
        return f"{loser_names} resigned"
    if outcome.termination is Termination.TIME:
        return f"{loser_names} ran out of time"
    return "a power's win condition"


class GameSession:
    """A game at the terminal: the board, the seats, undo, hints and records.

    ``movers`` records who made each entry of the board's undo stack, so that ``undo``
    knows how far back to go (the human's last turn and the replies to it).
    """

    def __init__(
        self,
        seats: Sequence[Seat],
        board: Board | None = None,
        *,
        start: str | None = None,
        movers: Sequence[int] = (),
        hint_engine: EngineFactory | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.board = board if board is not None else Board()
        if self.board.n_players != 2 or len(seats) != 2:
            raise SantoriniError("play supports two-player games only")
        self.seats = list(seats)
        self.start = start if start is not None else self.board.position()
        self.movers = list(movers)
        self._hint_factory = hint_engine
        self._hint_engine: Engine | None = None
        self.headers = dict(headers or {})

    # ------------------------------------------------------------------ state
    @property
    def outcome(self) -> Outcome | None:
        return self.board.outcome()

    @property
    def seat(self) -> Seat:
        """The seat of the player to move."""
        return self.seats[self.board.to_move]

    @property
    def human_to_move(self) -> bool:
        return self.outcome is None and self.seat.human

    @property
    def humans(self) -> list[int]:
        return [p for p, seat in enumerate(self.seats) if seat.human]

    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    # ------------------------------------------------------------------ turns
    def play_text(self, text: str) -> Turn:
        """Play a turn typed by the player to move; the board is unchanged on error."""
        turn = self.board.parse_turn(normalize_turn_text(text, self.board.placing))
        return self.play(turn)

    def play(self, turn: Turn) -> Turn:
        mover = self.board.to_move
        self.board.play(turn)
        self.movers.append(mover)
        return self.board.history[-1] if self.board.history else turn

    def play_ai(self) -> Turn:
        """Let the AI of the seat to move choose and play its turn (checked like any)."""
        engine = self.seat.engine
        if engine is None:
            raise SantoriniError("it is a human's turn")
        turn = engine.choose_turn(self.board)
        try:
            return self.play(turn)
        except IllegalTurnError as error:  # an AI bug, but never crash the game on it
            raise SantoriniError(f"the AI chose an illegal turn {format_turn(turn)}: {error}") from None

    def hint(self) -> Turn:
        """A suggested turn for the player to move, from the hint AI."""
        if self.outcome is not None:
            raise SantoriniError("the game is over")
        if self._hint_engine is None:
            if self._hint_factory is None:
                raise SantoriniError("no AI is available for hints")
            self._hint_engine = self._hint_factory()
        return self._hint_engine.choose_turn(self.board)

    def legal(self, square: str | None = None) -> list[str]:
        """The legal turns in notation, sorted; only those of the worker on ``square`` if given."""
        turns = sorted(format_turn(t) for t in self.board.legal_turns())
        if square is None:
            return turns
        try:
            name = SQUARE_NAMES[parse_square(square.lower())]
        except ValueError:
            raise NotationError(f"{square!r} is not a square (a1..e5)") from None
        return [t for t in turns if t.startswith(name)]

    def resign(self) -> None:
        player = self.board.to_move
        self.board.resign(player)
        self.movers.append(player)

    def undo(self) -> list[int]:
        """Take back the last turn of a human and every turn played since (the AI's
        replies). Returns the players whose turns were taken back, latest first."""
        humans = set(self.humans)
        if not any(m in humans for m in self.movers):
            raise SantoriniError("nothing to undo")
        undone: list[int] = []
        while self.movers:
            mover = self.movers.pop()
            self.board.pop()
            undone.append(mover)
            if mover in humans:
                break
        return undone

    # ------------------------------------------------------------------ records
    def record(self) -> GameRecord:
        headers = {
            "Event": "aegean santorini play",
            "Date": _dt.date.today().isoformat(),
            **self.headers,
            "Player1": "human" if self.seats[0].human else self.seats[0].name,
            "Player2": "human" if self.seats[1].human else self.seats[1].name,
        }
        return GameRecord.from_board(self.board, self.start, headers)

    def save(self, path: str | Path) -> str:
        """Write the record: canonical JSON for ``.json`` files, else the text form.
        Returns the form written."""
        record = self.record()
        json_form = str(path).lower().endswith(".json")
        text = record.to_json() + "\n" if json_form else record.to_text()
        Path(path).write_text(text, encoding="utf-8")
        return "JSON" if json_form else "text"

    def load(self, path: str | Path) -> GameRecord:
        """Replace the game by a saved one, replayed to its end; unchanged on error."""
        record = read_record(path)
        board, movers = replay_record(record)
        if board.n_players != 2:
            raise SantoriniError("play supports two-player games only")
        self.board, self.movers, self.start = board, movers, record.start
        return record


# ---------------------------------------------------------------------- the loop
HELP = """\
[bold]Turns[/bold]
  b2-c3^d4     move the worker on b2 to c3, then build on d4 (also: b2 c3 d4, B2-C3 ^D4)
  b2-c3        a winning move up onto level 3 needs no build
  @b2@d4       place your two workers at the start (also: b2 d4)
[bold]Turns with powers[/bold]
  b2-c3-d4^e5  more steps in one line: a second move (Artemis), b2^c2-c3^d4 a build
               before the move (Prometheus), d4-c4^c5^b5 a second build (Demeter)
  ^d4D         a dome below level 3      b2>c3  a force      b2xc3  remove a block
  .            a turn that only declines (where a power offers one)
  Optional steps are left out by not typing them: the turn ends where your text ends.
[bold]Commands[/bold]
  legal \\[sq]   list the legal turns (only the worker on sq)
  powers       show the power cards and the forms your turn can take now
  hint         ask the AI for a suggestion
  undo         take back your last turn and the reply to it
  board        show the board again       position   print the position in notation
  save FILE    save the game (FILE.json: JSON record, else the text record)
  load FILE    load a saved game and go on from its end
  resign       give up this game          quit       leave (also Ctrl-D)
  help         this list"""

_COMMANDS = (
    "legal",
    "powers",
    "hint",
    "undo",
    "board",
    "position",
    "save",
    "load",
    "resign",
    "help",
    "quit",
)
#: At most this many turn forms are listed; the rest are counted.
MAX_FORMS_SHOWN = 6


class GameLoop:
    """The prompt loop of ``aegean santorini play`` over a :class:`GameSession`."""

    def __init__(self, session: GameSession, console: Console, read_line: ReadLine) -> None:
        self.session = session
        self.console = console
        self.read_line = read_line
        self._announced = False
        # The forms of turn last offered to the player, and the state they were computed for.
        self._forms_offered: tuple[tuple[str, ...], ...] | None = None
        self._forms_cache: tuple[tuple[int, int], list[TurnForm]] | None = None

    # ------------------------------------------------------------------ output
    def show_board(self) -> None:
        self.console.print(render_board(self.session.board, self.session.names()))

    def error(self, message: str) -> None:
        self.console.print(Text.assemble(("✗ ", "bold red"), message), soft_wrap=True)

    def info(self, message: str, style: str = "", *, soft_wrap: bool = False) -> None:
        """One line of information; ``soft_wrap`` keeps lines with paths unbroken."""
        self.console.print(Text(message, style=style), soft_wrap=soft_wrap)

    def show_turns(self, turns: Sequence[str]) -> None:
        self.console.print(Columns([Text(t) for t in turns], padding=(0, 2)))

    def show_legal(self, turns: Sequence[str], title: str) -> None:
        board = self.session.board
        if board.placing and turns and turns[0].startswith("@"):
            free = [SQUARE_NAMES[s] for s in range(25) if board.is_free(s)]
            self.info(f"{title}: place two workers on any two free squares, e.g. @{free[0]}@{free[-1]}.")
            self.info("Free squares: " + " ".join(free))
            return
        self.info(f"{title} ({len(turns)}):")
        self.show_turns(turns)

    def prompt(self) -> Text:
        board = self.session.board
        player = board.to_move
        over = self.session.outcome is not None
        if over:
            return Text("game over> ", style="bold")
        you = " (you)" if len(self.session.humans) == 1 else ""
        text = player_chip(player)
        action = "place" if board.placing else "move"
        text.append(f" player {player + 1}{you}, {action}> ", style="bold")
        return text

    # ------------------------------------------------------------------ running
    def run(self) -> int:
        """Play until the person quits, the input ends or Ctrl-C; returns an exit status."""
        try:
            self.show_board()
            if self.session.human_to_move:
                self.info("Type a turn such as b2-c3^d4, or help for the commands.", "dim")
                if any(p.name for p in self.session.board.powers):
                    self.info("Type powers to read the power cards again.", "dim")
            while True:
                if self.session.outcome is not None and not self._announced:
                    self.announce()
                if self.session.outcome is None and not self.session.seat.human:
                    if not self.ai_turn():
                        return 1
                    continue
                if self.session.human_to_move:
                    self.offer_forms()
                line = self.read_line(self.prompt())
                if line is None:
                    self.info("End of input: leaving the game.")
                    return 0
                if not self.handle(line):
                    return 0
        except KeyboardInterrupt:
            self.console.print()
            self.info("Interrupted: leaving the game.")
            return 130

    def announce(self) -> None:
        session, outcome = self.session, self.session.outcome
        assert outcome is not None
        self._announced = True
        self.show_board()
        winners = sorted(outcome.winners)
        who = " and ".join(f"player {p + 1} ({session.seats[p].name})" for p in winners)
        line = Text.assemble(("Game over: ", "bold"))
        line.append(f"{outcome.result(2)}, {who} wins — {describe_outcome(session.board, outcome)}.")
        humans = session.humans
        if len(humans) == 1:
            line.append("  You win!" if humans[0] in outcome.winners else "  You lose.", style="bold")
        self.console.print(line)
        self.info("You can still save FILE, undo, load FILE, or quit.", "dim")

    # ------------------------------------------------------------------ powers
    def forms(self) -> list[TurnForm]:
        """The forms of turn of the player to move (cached for the current state)."""
        board = self.session.board
        key = (board.zobrist_hash(), len(board.history))
        if self._forms_cache is None or self._forms_cache[0] != key:
            self._forms_cache = (key, turn_forms(board))
        return self._forms_cache[1]

    def offer_forms(self, *, always: bool = False) -> None:
        """Say which forms the turn of a player with a power can take, when they differ
        from the base game's move-then-build: so that optional steps are offered and it
        is clear that leaving them out is enough. Said again only when the forms change."""
        board = self.session.board
        power = board.powers[board.to_move].name
        if not power or board.placing or self.session.outcome is not None:
            return
        forms = self.forms()
        shapes = tuple(form.kinds for form in forms)
        if not always and (shapes == self._forms_offered or forms_are_plain(forms)):
            return
        self._forms_offered = shapes
        if not forms:
            self.info(f"{power}: every legal turn now wins the game.")
            return
        optional = any(form.kinds == BASE_FORM for form in forms) and len(forms) > 1
        count = "1 form" if len(forms) == 1 else f"{len(forms)} forms"
        note = " (your power's steps are optional)" if optional else ""
        self.console.print(
            Text.assemble((power, "bold"), f": your turn can take {count} now{note}:"), soft_wrap=True
        )
        width = max(len(form.label) for form in forms[:MAX_FORMS_SHOWN])
        for form in forms[:MAX_FORMS_SHOWN]:
            turns = "1 turn" if form.count == 1 else f"{form.count} turns"
            line = Text(f"  {form.label:<{width}}   ")
            line.append(form.example, style="bold")
            line.append(f"   ({turns})", style="dim")
            self.console.print(line, soft_wrap=True)
        if len(forms) > MAX_FORMS_SHOWN:
            more = len(forms) - MAX_FORMS_SHOWN
            forms_word = "form" if more == 1 else "forms"
            self.info(f"  … and {more} more {forms_word} (type legal to list every turn)", "dim")
        if optional:
            example = next(form.example for form in forms if form.kinds == BASE_FORM)
            self.info(
                f"A plain move and build such as {example} is a whole turn: leave out the power's "
                "steps you do not want (the turn ends where your text ends).",
                "dim",
            )
        else:
            self.info("Type all the steps of your turn in one line, as in the examples.", "dim")

    def show_powers(self) -> None:
        cards = power_cards(self.session.board)
        if cards is None:
            self.info("Nobody has a power in this game.")
            return
        self.console.print(cards)
        if self.session.human_to_move:
            self.offer_forms(always=True)

    def ai_turn(self) -> bool:
        session = self.session
        player = session.board.to_move
        name = session.seat.name
        try:
            if self.console.is_terminal:
                with self.console.status(f"{name} is thinking…"):
                    turn = session.play_ai()
            else:
                turn = session.play_ai()
        except SantoriniError as error:
            self.error(str(error))
            return False
        line = player_chip(player)
        line.append(f" player {player + 1} ({name}) plays ")
        line.append(format_turn(turn), style="bold")
        self.console.print(line)
        if session.human_to_move:
            self.show_board()
        return True

    def handle(self, line: str) -> bool:
        """Act on one line of input; False when the person leaves."""
        words = line.strip().split()
        if not words:
            return True
        command = words[0].lower()
        args = words[1:]
        over = self.session.outcome is not None
        try:
            if command in ("quit", "exit", "q"):
                self.info("Goodbye.")
                return False
            if command in ("help", "?", "h"):
                self.console.print(HELP)
            elif command in ("board", "show"):
                self.show_board()
            elif command in ("powers", "power", "cards"):
                self.show_powers()
            elif command in ("position", "pos", "fen"):
                self.console.print(self.session.board.position(), markup=False, highlight=False)
            elif command == "save":
                self.save(args)
            elif command == "load":
                self.load(args)
            elif command == "undo":
                self.undo()
            elif over:
                self.error(f"the game is over: {command!r} is not possible now (type help)")
            elif command == "legal":
                square = args[0] if args else None
                turns = self.session.legal(square)
                if square and not turns:
                    self.error(f"no legal turn starts from {square.lower()}")
                else:
                    self.show_legal(
                        turns, "Legal turns" + (f" of the worker on {square.lower()}" if square else "")
                    )
            elif command == "hint":
                self.hint()
            elif command == "resign":
                self.session.resign()
            elif command.isalpha() and len(command) > 2:
                self.error(f"unknown command {words[0]!r}: type help for the commands")
            else:
                self.human_turn(line)
        except IllegalTurnError as error:
            self.error(str(error))
            title = "Legal turns"
            if error.legal and len({t[:2] for t in error.legal}) == 1 and not error.legal[0].startswith("@"):
                title += f" of the worker on {error.legal[0][:2]}"
            self.show_legal(sorted(error.legal), title)
        except NotationError as error:
            self.error(str(error))
            self.info("Write a turn as b2-c3^d4 (or @b2@d4 to place); type legal or help.", "dim")
        except (SantoriniError, OSError) as error:
            self.error(_os_message(error))
        return True

    def human_turn(self, line: str) -> None:
        session = self.session
        player = session.board.to_move
        turn = session.play_text(line)
        if not session.seat.human or session.outcome is not None:
            # The reply (or the result) shows the board.
            chip = player_chip(player)
            chip.append(f" player {player + 1} plays ")
            chip.append(format_turn(turn), style="bold")
            self.console.print(chip)
        else:
            self.show_board()

    def hint(self) -> None:
        if self.console.is_terminal:
            with self.console.status("Thinking of a hint…"):
                turn = self.session.hint()
        else:
            turn = self.session.hint()
        line = Text("Hint: ")
        line.append(format_turn(turn), style="bold")
        self.console.print(line)

    def undo(self) -> None:
        undone = self.session.undo()
        self._announced = False
        turns = "turn" if len(undone) == 1 else "turns"
        who = ", ".join(f"player {p + 1}" for p in undone)
        self.info(f"Took back {len(undone)} {turns} ({who}).")
        self.show_board()

    def save(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SantoriniError("usage: save FILE (a .json file gets the JSON record, else the text form)")
        form = self.session.save(args[0])
        self.info(f"Saved the game to {args[0]} ({form} record).", soft_wrap=True)

    def load(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SantoriniError("usage: load FILE")
        record = self.session.load(args[0])
        self._announced = False
        self.info(f"Loaded {args[0]} ({len(record.turns)} turns).", soft_wrap=True)
        self.show_board()


def _os_message(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror}{where}"
    return str(error)


# ---------------------------------------------------------------------- input
def _readline_safe(ansi: str) -> str:
    """Mark escape sequences as invisible for readline, so that editing keeps its place."""
    return re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", ansi)


def terminal_reader(console: Console) -> ReadLine:
    """``read_line`` for the real terminal: line editing and history when stdin is a TTY;
    when it is not (piped input), each line read is echoed so the transcript reads well."""
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # editing and history for input()
            import readline  # noqa: F401

    def read(prompt: Text) -> str | None:
        if interactive:
            with console.capture() as capture:
                console.print(prompt, end="")
            try:
                return input(_readline_safe(capture.get()))
            except EOFError:
                console.print()
                return None
        console.print(prompt, end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            return None
        console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line

    return read
