"""A game at the terminal without any input or output: who sits where, turns, undo,
hints, records, and what each person may be shown (their own view).

:class:`GameSession` is driven by :class:`aegean.cli.loop.GameLoop`, which talks to the
people; tests drive both with strings.
"""

from __future__ import annotations

import datetime as _dt
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from aegean.ai import Engine
from aegean.present.events import Cards, turn_events
from aegean.santorini import (
    Board,
    IllegalTurnError,
    NotationError,
    Outcome,
    SantoriniError,
    format_turn,
)
from aegean.santorini.record import GameRecord, read_record, write_record
from aegean.santorini.squares import SQUARE_NAMES, parse_square
from aegean.santorini.steps import StepCode, TurnCode

from .turns import Decide, compose_turn, interjection_powers, normalize_turn_text

EngineFactory = Callable[[], Engine]


@dataclass
class Seat:
    """One side of the game: a person at this terminal (``engine`` None) or an AI."""

    name: str
    engine: Engine | None = None

    @property
    def human(self) -> bool:
        return self.engine is None


def replay_record(record: GameRecord) -> tuple[Board, list[int]]:
    """Replay a record turn by turn; returns the board and who made each entry of its
    undo stack (each turn, then a recorded resignation, which the turns cannot show).
    Errors name the record (``record turn 5: …``)."""
    try:
        return record.play_back()
    except IllegalTurnError as error:
        raise IllegalTurnError(f"record {error}", error.legal) from None
    except NotationError as error:
        message = str(error)
        raise NotationError(message if message.startswith("this record") else f"record {message}") from None


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
        #: The true position before each turn of the board's history (kept as turns
        #: are played; rebuilt from ``start`` when the history was made elsewhere).
        self._before: list[str] = []

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
        before = self.board.position()
        self.board.play(turn)
        self.movers.append(mover)
        if len(self._before) == len(self.board.history) - 1:
            self._before.append(before)
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
        options = self.board.visible_turns()
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
        del self._before[len(self.board.history) :]
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

    # ------------------------------------------------------------------ events
    def positions_before(self) -> list[str]:
        """The true position before each turn of the history."""
        history = self.board.history
        if len(self._before) != len(history):
            scratch = Board.from_position(self.start)
            taken = len(scratch.turn)  # (a start in the middle of a turn)
            self._before = []
            for index, turn in enumerate(history):
                self._before.append(scratch.position())
                scratch.play(turn[taken:] if index == 0 and taken else turn)
        return self._before

    def events(self, index: int, viewer: int | None) -> list[str]:
        """What turn ``index`` of the history did beyond its notation, in sentences, as
        ``viewer`` may know it (``None``: the whole game, which the screen shows only
        when nobody or everybody may see it all)."""
        board = self.board
        positions = self.positions_before()
        before = positions[index]
        after = positions[index + 1] if index + 1 < len(positions) else board.position()
        if viewer is None:
            turn = format_turn(board.history[index])
        else:
            before = Board.from_position(before).view(viewer).position
            after = Board.from_position(after).view(viewer).position
            turn = board.view(viewer).turns[index]
        return turn_events(before, after, turn, board.movers[index], Cards.of(board))
