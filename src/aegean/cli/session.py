"""The interactive game: the state of a game at the terminal and the prompt loop.

:class:`GameSession` is the game without any input or output (who sits where, undo,
hints, records), and :class:`GameLoop` talks to a person through a rich ``Console`` and
a ``read_line`` function. Neither needs a terminal, so tests drive both with strings.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import random
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
    format_step,
    format_turn,
    rules,
)
from aegean.santorini.powers import Power
from aegean.santorini.record import GameRecord
from aegean.santorini.rules import acting_powers, in_setup_turn
from aegean.santorini.squares import SQUARE_NAMES, parse_square
from aegean.santorini.steps import INSERTED, StepCode, TurnCode

from .powers import BASE_FORM, TurnForm, forms_are_plain, turn_forms
from .render import player_chip, power_cards, render_board, scene_of

ReadLine = Callable[[Text], "str | None"]
EngineFactory = Callable[[], Engine]
#: ``decide(owner, options)``: the step a player picks when their power must choose inside
#: another player's turn (Gaea after a dome).
Decide = Callable[[int, list[StepCode]], StepCode]

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
    text = re.sub(r"\s*([-^>@,*~])\s*", r"\1", text)  # "b2 - c3 ^ d4" -> "b2-c3^d4"
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
    """Replay a record turn by turn; returns the board and who made each entry of its
    undo stack (each turn, then a recorded resignation, which the turns cannot show)."""
    try:
        return record.play_back()
    except IllegalTurnError as error:
        raise IllegalTurnError(f"record {error}", error.legal) from None
    except NotationError as error:
        message = str(error)
        raise NotationError(message if message.startswith("this record") else f"record {message}") from None


def describe_outcome(board: Board, outcome: Outcome) -> str:
    """Why the game ended, in words."""
    losers = sorted(set(range(board.n_players)) - outcome.winners)
    loser_names = " and ".join(f"player {p + 1}" for p in losers)
    if outcome.termination is Termination.CLIMB:
        last = format_turn(board.history[-1]) if board.history else ""
        return f"a worker moved up onto level 3 ({last})" if last else "a worker moved up onto level 3"
    if outcome.termination is Termination.NO_LEGAL_TURN:
        team = ""
        if board.n_players == 4:
            side = board.side_of(board.to_move)
            team = f" (team {side + 1}+{side + 3} loses)"
        return f"player {board.to_move + 1} has no legal turn (cannot move and then build){team}"
    if outcome.termination is Termination.RESIGNATION:
        return f"{loser_names} resigned"
    if outcome.termination is Termination.TIME:
        return f"{loser_names} ran out of time"
    return "a power's win condition"


def interjection_powers(board: Board) -> bool:
    """Whether some card in play may make a choice inside another player's turn (Gaea)."""
    cards: list[Power] = list(board.powers)
    if board.fleece is not None:
        cards.append(board.fleece)
    return any(type(card).interjection_steps is not Power.interjection_steps for card in cards)


def pending_choice(board: Board) -> tuple[int, list[StepCode]] | None:
    """The player whose power must choose now, inside the turn in progress, and the
    steps offered (Gaea after a dome: ``@e5`` … or ``~``); ``None`` when nobody must.
    (The engine's own test, so that the two never disagree.)"""
    if board.decided is not None:
        return None
    found = rules.interjection(board)
    return None if found is None else (found[0], found[2])


def compose_turn(
    board: Board, turn: TurnCode, decide: Decide, adapt: Callable[[], TurnCode] | None = None
) -> TurnCode:
    """The mover's ``turn`` with the choices that other players' powers make inside it
    (``decide(owner, options)``), ready for :meth:`Board.play`. A choice written by the
    mover for another player is left to that player. ``adapt`` (for an AI) gives the rest
    of the turn again when a choice has made the mover's plan illegal; without it, the
    plan stands and :meth:`Board.play` reports what is wrong. The board is unchanged."""
    mover, start_ply = board.to_move, board.ply
    steps = list(turn)
    full: list[StepCode] = []
    i = pushed = 0
    try:
        while board.ply == start_ply and board.decided is None:
            pending = pending_choice(board)
            typed = False
            typed_next = steps[i] & ~INSERTED if i < len(steps) else None  # (a typed ``+``)
            if pending is not None and not (pending[0] == mover and typed_next in pending[1]):
                owner, options = pending
                if typed_next in options:
                    i += 1  # the mover wrote another player's choice: that player makes it
                step = decide(owner, options)
            elif i < len(steps):
                if adapt is not None and steps[i] & ~INSERTED not in board.legal_steps():
                    steps[i:] = list(adapt())
                    if i == len(steps):
                        break
                step, typed = steps[i], True
                i += 1
            else:
                break
            try:
                board.push(step)
            except IllegalTurnError:
                # Board.play will say what is wrong with the turn as written.
                return (*full, *steps[i - 1 :]) if typed else (*full, step, *steps[i:])
            pushed += 1
            full.append(step)
    finally:
        for _ in range(pushed):
            board.pop()
    return (*full, *steps[i:])


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
        rng: random.Random | None = None,
    ) -> None:
        self.board = board if board is not None else Board()
        if len(seats) != self.board.n_players:
            raise SantoriniError(
                f"a {self.board.n_players}-player game needs {self.board.n_players} seats, not {len(seats)}"
            )
        self.seats = list(seats)
        self.start = start if start is not None else self.board.position()
        self.movers = list(movers)
        self._hint_factory = hint_engine
        self._hint_engine: Engine | None = None
        self.headers = dict(headers or {})
        self.rng = rng or random.Random(0)

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

    @property
    def has_secrets(self) -> bool:
        """Whether a card in play hides something from other players (Hecate, Tartarus,
        Moerae): a hot-seat game must then keep the players' views apart."""
        return any(card.hides_workers or card.secret_tokens for card in self.board.powers)

    def hidden_between(self, a: int, b: int) -> bool:
        """Whether one of two players may not see all that the other sees now."""
        if not self.has_secrets or self.outcome is not None:
            return False
        return self.board.view(a).hidden or self.board.view(b).hidden

    # ------------------------------------------------------------------ turns
    def play_text(self, text: str, decide: Decide | None = None) -> TurnCode:
        """Play a turn typed by the player to move; the board is unchanged on error."""
        turn = self.board.parse_turn(normalize_turn_text(text, self.board.placing))
        return self.play(turn, decide)

    def play(
        self, turn: TurnCode, decide: Decide | None = None, adapt: Callable[[], TurnCode] | None = None
    ) -> TurnCode:
        """Play the mover's turn; choices other players' powers make inside it are theirs
        (``decide``; by default AIs decide and a person's choice is an error)."""
        mover = self.board.to_move
        if interjection_powers(self.board):
            turn = compose_turn(self.board, turn, decide or self.ai_decide, adapt)
        self.board.play(turn)
        self.movers.append(mover)
        return self.board.history[-1] if self.board.history else turn

    def play_ai(self, decide: Decide | None = None) -> TurnCode:
        """Let the AI of the seat to move choose and play its turn (checked like any)."""
        engine = self.seat.engine
        if engine is None:
            raise SantoriniError("it is a human's turn")
        turn = engine.choose_turn(self.board)
        try:
            return self.play(turn, decide, self._continuation)
        except IllegalTurnError as error:  # an AI bug, but never crash the game on it
            raise SantoriniError(f"the AI chose an illegal turn {format_turn(turn)}: {error}") from None

    def _continuation(self) -> TurnCode:
        """The rest of the turn in progress, at random (an AI's plan that another
        player's choice has overtaken)."""
        options = self.board.legal_turns()
        return self.rng.choice(options) if options else ()

    def ai_decide(self, owner: int, options: list[StepCode]) -> StepCode:
        """An AI's choice inside another player's turn: the first step of the turn it
        would finish from here if it is among the options, else one of them at random."""
        engine = self.seats[owner].engine
        if engine is None:
            raise SantoriniError(f"player {owner + 1} must choose here (their power's choice)")
        rest: TurnCode
        try:
            rest = engine.choose_turn(self.board)
        except ValueError:  # (SantoriniError too) an AI that cannot think mid-turn
            rest = ()
        if rest and rest[0] in options:
            return rest[0]
        return self.rng.choice(options)

    def hint(self) -> TurnCode:
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
        turns = sorted(format_turn(t) for t in self.board.visible_turns())
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
        }
        for player, seat in enumerate(self.seats):
            headers[f"Player{player + 1}"] = "human" if seat.human else seat.name
        return GameRecord.from_board(self.board, self.start, headers)

    def save(self, path: str | Path, export_for: int | None = None) -> str:
        """Write the record: canonical JSON for ``.json`` files, else the text form; with
        ``export_for``, that player's copy (:meth:`GameRecord.export_for`). Returns the
        form written."""
        record = self.record()
        if export_for is not None:
            record = record.export_for(export_for)
        return write_record(record, path)

    def load(self, path: str | Path) -> GameRecord:
        """Replace the game by a saved one, replayed to its end; unchanged on error."""
        record = read_record(path)
        board, movers = replay_record(record)
        if board.n_players != len(self.seats):
            raise SantoriniError(
                f"the saved game has {board.n_players} players, this one {len(self.seats)}: "
                "start it with play --load"
            )
        self.board, self.movers, self.start = board, movers, record.start
        return record


def write_record(record: GameRecord, path: str | Path) -> str:
    """Write ``record`` to ``path``: canonical JSON for ``.json`` files, else the text
    form. Returns the form written."""
    json_form = str(path).lower().endswith(".json")
    text = record.to_json() + "\n" if json_form else record.to_text()
    Path(path).write_text(text, encoding="utf-8")
    return "JSON" if json_form else "text"


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
  *c3  *ne     a power's token onto c3, or pointing north-east (setup marks, the Ram)
  .            a turn that only declines (where a power offers one)
  Optional steps are left out by not typing them: the turn ends where your text ends.
  A choice another player's power makes in your turn (Gaea) is asked of that player.
[bold]Commands[/bold]
  legal \\[sq]   list the legal turns (only the worker on sq)
  powers       show the power cards and the forms your turn can take now
  hint         ask the AI for a suggestion
  undo         take back your last turn and the replies to it
  board        show the board again       position   print the position in notation
  save FILE    save the game (FILE.json: JSON record, else the text record)
  export FILE  save your own view of the game (what others hide from you as '?')
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
    "export",
    "load",
    "resign",
    "help",
    "quit",
)
#: At most this many turn forms are listed; the rest are counted.
MAX_FORMS_SHOWN = 6
#: Clears the screen and the scrollback (so that nobody scrolls back to a secret).
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"


class LeaveGame(Exception):
    """The person left in the middle of something (end of input at a prompt other than
    the turn prompt): ``status`` is the exit status."""

    def __init__(self, status: int = 0) -> None:
        super().__init__(status)
        self.status = status


class GameLoop:
    """The prompt loop of ``aegean santorini play`` over a :class:`GameSession`.

    With people in several seats (hot-seat) and cards that hide something (Hecate,
    Tartarus, Moerae), the screen belongs to one person at a time, the *viewer*: all
    that is shown while the game runs is their view (:meth:`Board.view
    <aegean.santorini.board.Board.view>`). When another person is to act, the screen
    is cleared and passed ("press Enter"), then shows that person's view and the turns
    played since they last saw the board. Once the game is over, everything is shown.
    """

    def __init__(self, session: GameSession, console: Console, read_line: ReadLine) -> None:
        self.session = session
        self.console = console
        self.read_line = read_line
        self._announced = False
        # The forms of turn last offered to the player, and the state they were computed for.
        self._forms_offered: tuple[tuple[str, ...], ...] | None = None
        self._forms_cache: tuple[tuple[int, int], list[TurnForm]] | None = None
        #: The person at the screen (a seat), ``None`` before anyone is.
        self.viewer: int | None = None
        #: How many turns of the game each person has seen.
        self._seen: dict[int, int] = {}

    # ------------------------------------------------------------------ output
    def display_viewer(self) -> int | None:
        """Whose view the screen shows: the viewer's while the game runs (nobody's, the
        whole game, when no person plays or once it is over)."""
        if self.session.outcome is not None:
            return None
        return self.viewer

    def show_board(self) -> None:
        session = self.session
        self.console.print(render_board(session.board, session.names(), viewer=self.display_viewer()))
        if self.viewer is not None:
            self._seen[self.viewer] = len(session.board.history)

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
            # The squares the legal placements use: what the player may place on (no
            # more: a free square on the true board could give away a hidden worker).
            free = sorted(
                {t[i + 1 : i + 3] for t in turns for i in range(len(t)) if t[i] == "@"},
                key=SQUARE_NAMES.index,
            )
            count = max(1, min(board.still_to_place(board.to_move), len(free)))
            words = {1: "a worker on any free square", 2: "two workers on any two free squares"}
            what = words.get(count, f"{count} workers on any {count} free squares")
            example = "".join("@" + square for square in [*free[: count - 1], free[-1]])
            self.info(f"{title}: place {what}, e.g. {example}.")
            self.info("Free squares: " + " ".join(free))
            return
        self.info(f"{title} ({len(turns)}):")
        self.show_turns(turns)

    def turn_text(self, index: int = -1) -> str:
        """A turn of the game as the viewer may see it (``?`` for what is hidden)."""
        board = self.session.board
        viewer = self.display_viewer()
        if viewer is None or not self.session.has_secrets:
            return format_turn(board.history[index])
        return board.view(viewer).turns[index]

    def visible_position(self) -> str:
        """The position as the viewer may see it (everything once the game is over)."""
        viewer = self.display_viewer()
        if viewer is None or not self.session.has_secrets:
            return self.session.board.position()
        return self.session.board.view(viewer).position

    def prompt(self) -> Text:
        board = self.session.board
        player = board.to_move
        over = self.session.outcome is not None
        if over:
            return Text("game over> ", style="bold")
        you = " (you)" if len(self.session.humans) == 1 else ""
        text = player_chip(player, board.n_players)
        action = "place" if board.placing else "mark" if self._marking() else "move"
        text.append(f" player {player + 1}{you}, {action}> ", style="bold")
        return text

    def _marking(self) -> bool:
        """Whether the turn to play is a setup choice of marks (the Ram, the Abyss)."""
        board = self.session.board
        return not board.placing and not board.turn and in_setup_turn(board)

    # ------------------------------------------------------------------ the screen
    def clear_screen(self) -> None:
        """A clean screen for the next person: on a terminal the scrollback goes too; in a
        transcript (piped output) a line says where the screen was cleared."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCREEN)
            self.console.file.flush()
        else:
            self.info("── the screen is cleared here ──", "dim")

    def hand_over(self, player: int) -> None:
        """Give the screen to ``player`` (a person) if it is not theirs: when one of them
        may not see what the other sees, clear it and wait for Enter first, then show
        their view and what happened since they last saw the board."""
        session = self.session
        previous = self.viewer
        if previous == player:
            return
        self.viewer = player
        if previous is None or not session.hidden_between(previous, player):
            return
        self.clear_screen()
        name = session.seats[player].name
        line = self.read_line(
            Text(f"Pass the screen to player {player + 1} ({name}) — press Enter. ", style="bold")
        )
        if line is None:
            self.info("End of input: leaving the game.")
            raise LeaveGame(0)
        if line.strip().lower() in ("quit", "exit", "q"):
            self.info("Goodbye.")
            raise LeaveGame(0)
        self.clear_screen()
        seen = self._seen.get(player, 0)
        self.show_board()
        self.show_news(player, seen)

    def show_news(self, player: int, seen: int) -> None:
        """The turns played since ``player`` last saw the board (``seen`` turns), as they
        may see them."""
        board = self.session.board
        seen = min(seen, len(board.history))
        turns = board.view(player).turns
        news = [
            f"player {mover + 1}: {text}"
            for text, mover in zip(turns[seen:], board.movers[seen:], strict=False)
        ]
        if news:
            self.info("Since you last saw the board: " + "; ".join(news), soft_wrap=True)
        self._seen[player] = len(board.history)

    # ------------------------------------------------------------------ running
    def run(self) -> int:
        """Play until the person quits, the input ends or Ctrl-C; returns an exit status."""
        session = self.session
        try:
            humans = session.humans
            if humans:
                to_move = session.board.to_move
                self.viewer = to_move if to_move in humans else humans[0]
            self.show_board()
            if session.human_to_move:
                self.info("Type a turn such as b2-c3^d4, or help for the commands.", "dim")
                if any(p.name for p in session.board.powers) or session.board.fleece is not None:
                    self.info("Type powers to read the power cards again.", "dim")
            if len(humans) > 1 and session.has_secrets:
                self.info(
                    "Cards in play hide things from the other players: the screen is passed between "
                    "the people at it, each seeing only their own view.",
                    "dim",
                )
            while True:
                if session.outcome is not None and not self._announced:
                    self.announce()
                if session.outcome is None and not session.seat.human:
                    if not self.ai_turn():
                        return 1
                    continue
                if session.human_to_move:
                    self.hand_over(session.board.to_move)
                    self.offer_forms()
                line = self.read_line(self.prompt())
                if line is None:
                    self.info("End of input: leaving the game.")
                    return 0
                if not self.handle(line):
                    return 0
        except LeaveGame as left:
            return left.status
        except KeyboardInterrupt:
            self.console.print()
            self.info("Interrupted: leaving the game.")
            return 130

    def announce(self) -> None:
        session, outcome = self.session, self.session.outcome
        assert outcome is not None
        board = session.board
        self._announced = True
        if session.has_secrets:
            self.info("The game is over: nothing is hidden any more.", "bold")
            turns = [f"{i}. {format_turn(t)}" for i, t in enumerate(board.history, 1)]
            if turns:
                self.info("The whole game: " + " ".join(turns))
        self.show_board()
        winners = sorted(outcome.winners)
        who = " and ".join(f"player {p + 1} ({session.seats[p].name})" for p in winners)
        line = Text.assemble(("Game over: ", "bold"))
        result = outcome.result(board.n_players)
        if board.n_players == 4 and len(winners) > 1:
            side = board.side_of(winners[0])
            line.append(
                f"{result}, team {side + 1}+{side + 3} wins ({who}) — {describe_outcome(board, outcome)}."
            )
        else:
            verb = "wins" if len(winners) == 1 else "win"
            line.append(f"{result}, {who} {verb} — {describe_outcome(board, outcome)}.")
        humans = session.humans
        one_side = (
            all((p in outcome.winners) == (humans[0] in outcome.winners) for p in humans) if humans else False
        )
        if one_side and (len(humans) == 1 or board.n_players == 4):
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
        if board.placing or self.session.outcome is not None:
            return
        if self._marking():
            marks = sorted(format_turn(t) for t in board.legal_turns())
            what = "put the Ram" if board.fleece is not None else "make your power's setup choice"
            if marks and (always or self._forms_offered != (("setup",),)):
                self._forms_offered = (("setup",),)
                self.info(f"Setup: {what} — type a mark such as {marks[0]} (legal lists them all).", "dim")
            return
        # The power the mover acts with now: their own, the face-up one (Chaos), the
        # Golden Fleece while they hold it.
        power = acting_powers(board)[board.to_move].name
        if not power:
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
        cards = power_cards(scene_of(self.session.board, self.display_viewer()))
        if cards is None:
            self.info("Nobody has a power in this game.")
            return
        self.console.print(cards)
        if self.session.human_to_move:
            self.offer_forms(always=True)

    # ------------------------------------------------------------------ choices
    def decide(self, owner: int, options: list[StepCode]) -> StepCode:
        """A choice of ``owner``'s power inside another player's turn (Gaea after a dome):
        an AI decides; a person is asked (the screen passed to them if need be)."""
        session = self.session
        board = session.board
        if not session.seats[owner].human:
            step = session.ai_decide(owner, options)
            self.info(f"player {owner + 1} ({session.seats[owner].name}) chooses {format_step(step)}.")
            return step
        mover = board.to_move
        if owner != mover:
            self.hand_over(owner)
        texts = [format_step(step) for step in options]
        power = acting_powers(board)[owner].name or "your power"
        if owner != mover:
            so_far = board.view(owner).position.partition("turn=")[2].split(" ")[0]
            self.info(f"In player {mover + 1}'s turn ({so_far} so far), {power} may act now.", soft_wrap=True)
        while True:
            prompt = player_chip(owner, board.n_players)
            prompt.append(f" player {owner + 1} ({power}), choose {' '.join(texts)}> ", style="bold")
            line = self.read_line(prompt)
            if line is None:
                self.info("End of input: leaving the game.")
                raise LeaveGame(0)
            answer = normalize_turn_text(line, placing=False).strip()
            if answer.lower() in ("quit", "exit", "q"):
                self.info("Goodbye.")
                raise LeaveGame(0)
            if _SQUARE.fullmatch(answer) and "@" + answer in texts:
                answer = "@" + answer
            if answer in texts:
                return options[texts.index(answer)]
            self.error(f"choose one of {', '.join(texts)} (~ declines)")

    # ------------------------------------------------------------------ turns
    def ai_turn(self) -> bool:
        session = self.session
        player = session.board.to_move
        name = session.seat.name
        try:
            if self.console.is_terminal:
                with self.console.status(f"{name} is thinking…"):
                    session.play_ai(self.decide)
            else:
                session.play_ai(self.decide)
        except SantoriniError as error:
            self.error(str(error))
            return False
        line = player_chip(player, session.board.n_players)
        line.append(f" player {player + 1} ({name}) plays ")
        line.append(self.turn_text(), style="bold")
        self.console.print(line)
        self._saw_turns()
        self.after_turn()
        return True

    def _saw_turns(self) -> None:
        """The viewer has now seen every turn so far (their own, or one just printed)."""
        if self.viewer is not None:
            self._seen[self.viewer] = len(self.session.board.history)

    def after_turn(self) -> None:
        """After a turn: show the board to the person to act next, unless the screen is
        about to be passed to someone else (who will see it then)."""
        session = self.session
        if not session.human_to_move:
            return
        following = session.board.to_move
        viewer = self.viewer
        if viewer is not None and following != viewer and session.hidden_between(viewer, following):
            return
        self.viewer = following
        self.show_board()

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
                self.console.print(self.visible_position(), markup=False, highlight=False)
            elif command == "save":
                self.save(args)
            elif command == "export":
                self.export(args)
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
        session.play_text(line, self.decide)
        if not session.human_to_move or session.board.to_move != player:
            # The reply (or the result, or the next person's screen) shows the board.
            chip = player_chip(player, session.board.n_players)
            chip.append(f" player {player + 1} plays ")
            chip.append(self.turn_text(), style="bold")
            self.console.print(chip)
        self._saw_turns()
        self.after_turn()

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
        session = self.session
        following = session.board.to_move
        if (
            session.human_to_move
            and self.viewer is not None
            and following != self.viewer
            and session.hidden_between(self.viewer, following)
        ):
            return  # the screen goes to the person to act, who sees the board then
        self.show_board()

    def save(self, args: list[str]) -> None:
        if len(args) != 1:
            raise SantoriniError("usage: save FILE (a .json file gets the JSON record, else the text form)")
        form = self.session.save(args[0])
        self.info(f"Saved the game to {args[0]} ({form} record).", soft_wrap=True)
        if self.session.has_secrets and self.session.outcome is None:
            self.info("The record holds every secret of the game; export FILE saves only your view.", "dim")

    def export(self, args: list[str]) -> None:
        if len(args) not in (1, 2):
            raise SantoriniError("usage: export FILE [PLAYER] (your view of the game, or that player's)")
        player = self.display_viewer()
        if len(args) == 2:
            if not args[1].isdigit() or not 1 <= int(args[1]) <= len(self.session.seats):
                raise SantoriniError(
                    f"export: the player must be 1 to {len(self.session.seats)}, not {args[1]!r}"
                )
            player = int(args[1]) - 1
            if (
                self.viewer is not None
                and player != self.viewer
                and self.session.hidden_between(self.viewer, player)
            ):
                raise SantoriniError(f"export: you may export only your own view, not player {player + 1}'s")
        if player is None:
            player = self.session.board.to_move
        form = self.session.save(args[0], export_for=player)
        self.info(
            f"Saved player {player + 1}'s view of the game to {args[0]} ({form} record).", soft_wrap=True
        )

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
