"""The prompt loop of ``aegean santorini play``: it talks to the people at the terminal
through a rich ``Console`` and a ``read_line`` function, over a
:class:`~aegean.cli.session.GameSession`.

In a hot-seat game with cards that hide something, the screen belongs to one person at a
time and shows only their view: the board, the forms of their turn, ``legal``, ``hint``,
the events of the turns since they last looked — all computed from what they may see.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from aegean.present.scene import scene_of
from aegean.present.words import describe_outcome
from aegean.santorini import (
    IllegalTurnError,
    NotationError,
    SantoriniError,
    format_step,
    format_turn,
)
from aegean.santorini.record import quote
from aegean.santorini.rules import acting_powers, in_setup_turn, interjection_as_seen
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import PASS, StepCode

from .powers import BASE_FORM, TurnForm, forms_are_plain, placement_options, setup_mark_help, turn_forms
from .render import player_chip, power_cards, render_board
from .session import GameSession
from .terminal import ReadLine
from .turns import SQUARE, normalize_turn_text

#: Messages longer than this are cut in the middle (a pasted 200 KB line is not echoed).
MAX_MESSAGE = 300

HELP = """\
[bold]Turns[/bold]
  b2-c3^d4     move the worker on b2 to c3, then build on d4 (also: b2 c3 d4, B2-C3 ^D4)
  b2-c3        a winning move up onto level 3 needs no build
  @b2@d4       place your two workers at the start (also: b2 d4)
[bold]Turns with powers[/bold]
  b2-c3-d4^e5  more steps in one line: a second move (Artemis), b2^c2-c3^d4 a build
               before the move (Prometheus), d4-c4^c5^b5 a second build (Demeter)
  ^d4D         a dome below level 3      b2>c3  a force      b2xc3  remove a block
  *c3  *ne     a mark: a power's token onto c3, or pointing north-east: the Ram, the
               Abyss (Tartarus), the Fate square by its lower-left corner (Moerae:
               @a1@b1@c1*b2), the wind (Aeolus); the prompt says when one is due
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
        # (Per player: whether one player's panel is shown must not depend on another's
        # forms, which may hang on a secret of theirs.)
        self._forms_offered: dict[int, tuple[tuple[str, ...], ...]] = {}
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
        """One line saying what is wrong (cut in the middle if it is very long)."""
        if len(message) > MAX_MESSAGE:
            message = f"{message[: MAX_MESSAGE // 2]} … {message[-MAX_MESSAGE // 2 :]}"
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
            marked = [t for t in turns if "*" in t]
            self.show_placement(title, free, marked[0] if marked else turns[0])
            return
        self.info(f"{title} ({len(turns)}):")
        self.show_turns(turns)

    def show_placement(self, title: str, free: Sequence[str], example: str) -> None:
        """How to place: how many workers, on which squares, an example (legal), and the
        power's mark that ends the placement when there is one (Moerae's Fate square)."""
        board = self.session.board
        count = max(1, min(board.still_to_place(board.to_move), len(free)))
        words = {1: "a worker on any free square", 2: "two workers on any two free squares"}
        what = words.get(count, f"{count} workers on any {count} free squares")
        if "*" in example:  # the placement ends with a setup mark (Moerae's Fate square, Aeolus's wind)
            self.info(f"{title}: place {what}, then your power's mark, e.g. {example}.")
            mark_words = setup_mark_help(board, "*" + example.rpartition("*")[2])
            self.info(f"{mark_words[0].upper()}{mark_words[1:]}.")
        else:
            self.info(f"{title}: place {what}, e.g. {example}.")
        self.info("Free squares: " + " ".join(free))

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
        for index in range(seen, len(board.history)):
            self.show_events(index, player)
        self._seen[player] = len(board.history)

    def show_events(self, index: int = -1, viewer: int | None = None) -> None:
        """Say in sentences what turn ``index`` did beyond its notation (a worker removed,
        a step cancelled, a new god…), as the viewer may know it."""
        session = self.session
        history = session.board.history
        if not history:
            return
        index %= len(history)
        who = self.display_viewer() if viewer is None else viewer
        for sentence in session.events(index, who):
            self.info(f"  {sentence[0].upper()}{sentence[1:]}.", soft_wrap=True)

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
            marks = sorted(format_turn(t) for t in board.visible_turns())
            if marks and (always or self._forms_offered.get(board.to_move) != (("setup",),)):
                self._forms_offered[board.to_move] = (("setup",),)
                self.info(f"Setup: {setup_mark_help(board, marks[0])} (legal lists every mark).", "dim")
            return
        # The power the mover acts with now: their own, the face-up one (Chaos), the
        # Golden Fleece while they hold it.
        power = acting_powers(board)[board.to_move].name
        if not power:
            return
        forms = self.forms()
        shapes = tuple(form.kinds for form in forms)
        if not always and (shapes == self._forms_offered.get(board.to_move) or forms_are_plain(forms)):
            return
        self._forms_offered[board.to_move] = shapes
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
        # The owner chooses among the steps as they see the board: a space that a worker
        # hidden from them holds looks free (Hecate); choosing it is cancelled, and the
        # power declines instead (docs/rules-decisions.md, "Hecate"), as at the online table.
        seen = interjection_as_seen(board, owner)
        offered = seen[2] if seen is not None and seen[0] == owner else options
        texts = [format_step(step) for step in offered]
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
            if SQUARE.fullmatch(answer) and "@" + answer in texts:
                answer = "@" + answer
            if answer in texts:
                step = offered[texts.index(answer)]
                if step not in options and PASS in options:
                    self.info(f"{answer} is not possible: the power declines (~).")
                    return PASS
                return step
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
        self.say_played(player, f"player {player + 1} ({name})")
        self._saw_turns()
        self.after_turn()
        return True

    def say_played(self, player: int, who: str) -> None:
        """``who plays TURN`` for the last turn, as the viewer sees it, and what it did."""
        line = player_chip(player, self.session.board.n_players)
        line.append(f" {who} plays ")
        line.append(self.turn_text(), style="bold")
        self.console.print(line)
        self.show_events()

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
            elif command == "legal" and not args and self.session.board.placing:
                # (Listed step by step: whole placements can number tens of thousands, Moerae's.)
                free, example = placement_options(self.session.board)
                self.show_placement("Legal turns", free, example)
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
                self.error(f"unknown command {quote(words[0])}: type help for the commands")
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
        except (SantoriniError, OSError, ValueError) as error:
            # (ValueError: any other bad input the engine refuses; the game goes on.)
            self.error(_os_message(error))
        return True

    def human_turn(self, line: str) -> None:
        session = self.session
        player = session.board.to_move
        session.play_text(line, self.decide)
        if not session.human_to_move or session.board.to_move != player:
            # The reply (or the result, or the next person's screen) shows the board.
            self.say_played(player, f"player {player + 1}")
        else:
            self.show_events()
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
