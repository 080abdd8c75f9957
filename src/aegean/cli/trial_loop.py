"""The prompt loop of ``aegean trial play``: bots move on their own, people answer
prompts (a choice by its number or as listed, or a command).

What the screen shows belongs to one person at a time, the *viewer*, and is made from
their view only (:func:`aegean.trial.view.observe`). With several people at the
terminal (hot-seat), each hand-over clears the screen and waits for Enter, so the next
person never sees the previous one's hand; then it shows the table as they may see it
and what happened since they last looked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from aegean.trial.engine import IllegalChoice
from aegean.trial.view import observe

from .terminal import ReadLine
from .trial_present import (
    DECISIONS,
    Catalog,
    board_panel,
    decision_panel,
    enemies_panel,
    hand_panel,
    log_panel,
    olympics_panel,
    players_panel,
    scores_panel,
    seat_name,
)
from .trial_table import TrialTable, UndoRefused

#: Clears the screen and the scrollback (so that nobody scrolls back to a secret).
CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"
#: What a transcript (piped output) shows where the screen is cleared.
CLEARED = "── the screen is cleared here ──"
#: Typed text quoted in an error is cut to this many characters.
QUOTE = 40

COMMANDS = """\
At every prompt:
  3            the choice numbered 3 in the list
  sail:naxos   a choice typed as listed
  help         this help, and what the decision in front of you means
  board        the map: every zone, its neighbours, Temples, Exploration, who is there
  players      every player's board        hand      your hand, card by card
  olympics     the Olympics board          enemies   the enemy boards
  log          everything that happened    show      all of the above
  choices      the list of choices again
  undo         take back your last choice (while nothing new came to light since)
  undo turn    take back your choices back to the start of your turn (as far as undo may)
  save FILE    save the game's record: every choice, hidden ones too (for this table only)
  quit         leave the game (also Ctrl-D)"""


class LeaveGame(Exception):
    """The person left: ``status`` is the exit status."""

    def __init__(self, status: int = 0) -> None:
        super().__init__(status)
        self.status = status


def quote(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= QUOTE else text[: QUOTE - 1] + "…")


class TrialLoop:
    """The prompt loop over a :class:`TrialTable`."""

    def __init__(
        self, table: TrialTable, console: Console, read_line: ReadLine, save: Path | None = None
    ) -> None:
        self.table = table
        self.console = console
        self.read_line = read_line
        self.save_path = save
        self.catalog = Catalog.of(table.content)
        humans = table.humans
        #: The person the screen belongs to (None: nobody's, as a spectator sees it).
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        #: How many log lines each viewer has seen.
        self._seen: dict[int | None, int] = {}
        #: Whether the table should be shown in full at the next prompt.
        self._fresh = True

    # ------------------------------------------------------------------ output
    def print(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    def info(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style), soft_wrap=True)

    def error(self, message: str) -> None:
        self.console.print(Text.assemble(("✗ ", "bold red"), message), soft_wrap=True)

    def view(self) -> dict[str, Any]:
        return observe(self.table.game, self.viewer)

    def show_news(self) -> None:
        """The log lines the viewer has not seen yet."""
        log = self.view()["log"]
        seen = min(self._seen.get(self.viewer, 0), len(log))
        if seen < len(log):
            # (Watching bots: one line each as it happens, no heading.)
            self.print(log_panel(log[seen:], "What happened" if self.table.humans else None))
        self._seen[self.viewer] = len(log)

    def show(self, what: str) -> None:
        view = self.view()
        catalog = self.catalog
        panels: dict[str, Callable[[], RenderableType]] = {
            "board": lambda: board_panel(view, catalog),
            "players": lambda: players_panel(view, catalog),
            "hand": lambda: hand_panel(view, catalog),
            "olympics": lambda: olympics_panel(view, catalog),
            "enemies": lambda: enemies_panel(view, catalog),
            "log": lambda: log_panel(view["log"], "Everything that happened"),
        }
        for name in panels if what == "show" else [what]:
            self.print(panels[name]())

    def clear_screen(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCREEN)
            self.console.file.flush()
        else:
            self.info(CLEARED, "dim")

    # ------------------------------------------------------------------ the game
    def run(self) -> int:
        """Play until the game is over or the person leaves; the exit status."""
        try:
            self.intro()
            while not self.table.game.over:
                self.step()
            self.finish()
            return 0
        except LeaveGame as leave:
            return leave.status
        finally:
            if self.save_path is not None:
                self.table.save(self.save_path)
                self.info(f"Saved the game's record to {self.save_path}.")

    def intro(self) -> None:
        record = self.table.record
        game = "advanced" if record.advanced else "base"
        seats = ", ".join(f"{seat_name(p)} {seat.kind}" for p, seat in enumerate(self.table.seats))
        self.info(f"Trial of the Gods: {record.players} players, {game} game, seed {record.seed}.", "bold")
        self.info(f"Content: {self.table.content.label}")
        self.info(f"Seats: {seats}. Type help at any prompt.")
        if record.choices:
            self.info(f"Going on from a saved game after {len(record.choices)} choices.")

    def step(self) -> None:
        """One decision: a bot's, or a person's at the prompt."""
        table = self.table
        deciders = table.game.to_decide()
        bot = next((p for p in deciders if not table.seats[p].human), None)
        if bot is not None:
            try:
                table.play_bot(bot)
            except IllegalChoice as error:  # (a bot that breaks the rules: stop, say so)
                self.error(f"the {table.seats[bot].kind} bot in seat {bot + 1} chose badly: {error}")
                raise LeaveGame(1) from None
            if not table.humans:
                self.show_news()
            return
        player = deciders[0]
        self.hand_over(player)
        self.ask(player)

    def hand_over(self, player: int) -> None:
        """Give the screen to ``player``: with several people here, show the one leaving
        what they have not seen yet, clear the screen and wait for Enter first."""
        if self.viewer == player:
            return
        if self.viewer is not None:
            self.show_news()
        self.viewer = player
        self._fresh = True
        if len(self.table.humans) < 2:
            return
        self.clear_screen()
        line = self.read_line(Text(f"Pass the screen to player {player + 1} — press Enter. ", style="bold"))
        if line is None:
            self.info("End of input: leaving the game.")
            raise LeaveGame(0)
        if line.strip().lower() in ("quit", "exit"):
            self.info("Goodbye.")
            raise LeaveGame(0)
        self.clear_screen()

    def ask(self, player: int) -> None:
        """Prompt ``player`` until they make a choice (or take one back)."""
        table = self.table
        choices = table.record.choices
        if self._fresh or not choices or choices[-1][0] != player:
            self._fresh = False
            self.show_table()
        self.show_news()
        self.show_choices(player)
        prompt = Text(f"player {player + 1}> ", style="bold")
        while True:
            line = self.read_line(prompt)
            if line is None:
                self.info("End of input: leaving the game.")
                raise LeaveGame(0)
            if self.answer(player, line.strip()):
                return

    def show_table(self) -> None:
        """What a player sees at the start of their turn: the board, the players, the
        Olympics (in the Olympics and at Dawn) and their hand."""
        view = self.view()
        self.print(board_panel(view, self.catalog, full=False))
        self.show("players")
        if view["decision"]["kind"] in ("race", "olympics_card") or view["olympics_shown"]:
            self.show("olympics")
        self.show("hand")

    def show_choices(self, player: int) -> None:
        self.print(decision_panel(self.view(), self.catalog, self.table.game.legal(player)))

    def answer(self, player: int, line: str) -> bool:
        """Act on one line typed by ``player``; True once the decision is made."""
        if not line:
            return False
        legal = self.table.game.legal(player)
        word, _, argument = line.partition(" ")
        hint = f"type a number from 1 to {len(legal)}, or help"
        command = word.lower()
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(legal):
                self.error(f"there is no choice {number}: type a number from 1 to {len(legal)}")
                return False
            return self.choose(player, legal[number - 1])
        if line in legal:
            return self.choose(player, line)
        if command in ("board", "players", "hand", "olympics", "enemies", "log", "show") and not argument:
            self.show(command)
        elif command == "choices" and not argument:
            self.show_choices(player)
        elif command in ("help", "?") and not argument:
            self.help()
        elif command == "undo" and not argument:
            return self.undo(player)
        elif command == "undo" and argument.strip() == "turn":
            return self.undo_turn(player)
        elif command == "save":
            self.save(argument.strip())
        elif command in ("quit", "exit") and not argument:
            self.info("Goodbye.")
            raise LeaveGame(0)
        elif ":" in line or line in ("pass", "end", "go", "stop", "no", "done"):
            self.error(f"{quote(line)} is not a legal choice now: {hint}")
        else:
            self.error(f"{quote(line)} is neither a choice nor a command: {hint}")
        return False

    def choose(self, player: int, choice: str) -> bool:
        try:
            self.table.decide(player, choice)
        except IllegalChoice as error:  # (the list was computed just now: not expected)
            self.error(str(error))
            return False
        return True

    def help(self) -> None:
        kind = self.view()["decision"]["kind"]
        self.info(COMMANDS)
        self.info(f"Now: {DECISIONS.get(kind, kind)}", "bold")

    def undo(self, player: int) -> bool:
        try:
            choice = self.table.undo(player)
        except UndoRefused as refusal:
            self.error(str(refusal))
            return False
        self.info(f"Took back {choice!r}.")
        return True

    def undo_turn(self, player: int) -> bool:
        try:
            choices = self.table.undo_turn(player)
        except UndoRefused as refusal:
            self.error(str(refusal))
            return False
        plural = "s" if len(choices) > 1 else ""
        self.info(f"Took back {len(choices)} choice{plural}: {', '.join(map(repr, choices))}.")
        return True

    def save(self, path: str) -> None:
        if not path:
            self.error("save needs a file name: save FILE")
            return
        target = Path(path).expanduser()
        try:
            self.table.save(target)
        except OSError as error:
            self.error(f"could not save to {target}: {error.strerror or error}")
            return
        self.info(f"Saved to {target}: the record holds every choice, hidden ones too (for this table only).")

    def finish(self) -> None:
        """The game is over: everything is shown (nothing is hidden any more)."""
        if self.viewer is not None:
            self.show_news()
        self.viewer = None
        self._seen[None] = len(self.view()["log"])
        result = self.table.record.result
        assert result is not None
        self.print(scores_panel(self.view(), result.winner))
        self.info(f"Game over: {result}.", "bold")
