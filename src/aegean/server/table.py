"""One game at the online table: its settings, the setup, the board and the actions.

A :class:`Table` is the authoritative state machine of one game, free of I/O: the hub
feeds it actions (from a client or an AI), it checks each against the rules engine and
either raises :class:`ActionError` (nothing changed) or returns the :class:`Event` to
commit. Replaying the same events on a fresh table gives the same state, which is how a
restarted server resumes its games.

Steps travel as the texts of the options the table offers (``b2-c3``, ``b2^d4``, ``.``):
clients never parse notation, and a text means the same step wherever it is applied.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aegean.present.words import describe_outcome
from aegean.santorini.board import Board
from aegean.santorini.errors import IllegalTurnError, SantoriniError
from aegean.santorini.notation import format_step
from aegean.santorini.outcome import Outcome
from aegean.santorini.positions import format_position
from aegean.santorini.powers import make_power, power_info
from aegean.santorini.record import GameRecord
from aegean.santorini.rules import (
    has_secrets_from,
    hidden_workers,
    interjection,
    interjection_as_seen,
    what_is_missing,
)
from aegean.santorini.setup import (
    PowerSetup,
    allowed_start_players,
    check_fleece,
    check_powers,
    fleece_powers,
    random_powers,
)
from aegean.santorini.steps import CANCELLED, END, PASS, StepCode
from aegean.santorini.view import redact_turn

T = TypeVar("T")

#: Seat kinds.
HUMAN, AI = "human", "ai"
#: How many options an error message lists at most.
_LEGAL_SHOWN = 60
#: The memo key of the true board (the other boards are views: ``("view", seat)``).
TRUE_BOARD = "true"


class ActionError(Exception):
    """An action the table refuses; ``code`` is the protocol's error code."""

    def __init__(
        self, code: str, message: str, legal: list[str] | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal or []
        #: Seconds to wait before trying again (a rate limit's refusal).
        self.retry_after = retry_after


@dataclass(frozen=True)
class SeatSpec:
    kind: str = HUMAN
    name: str = ""
    level: str | None = None
    #: Anyone may take it from the lobby; else a human seat is the creator's or reserved
    #: for its invite (or, in a rematch, for the player who held it).
    open: bool = False


@dataclass(frozen=True)
class Settings:
    """Everything chance decided at creation is fixed here, so replays are exact."""

    players: int
    seats: tuple[SeatSpec, ...]
    setup: str = "quick"  #: ``quick`` or ``challenger``
    powers: tuple[str | None, ...] = ()
    variant: str = "standard"  #: ``standard`` or ``golden-fleece``
    fleece: str | None = None
    start_player: int = 0
    open: bool = True
    seed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level, "open": s.open} for s in self.seats],
            "setup": self.setup,
            "powers": list(self.powers),
            "variant": self.variant,
            "fleece": self.fleece,
            "start_player": self.start_player,
            "open": self.open,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        return cls(
            players=data["players"],
            seats=tuple(
                SeatSpec(s["kind"], s["name"], s.get("level"), s.get("open", False)) for s in data["seats"]
            ),
            setup=data["setup"],
            powers=tuple(data["powers"]),
            variant=data["variant"],
            fleece=data.get("fleece"),
            start_player=data["start_player"],
            open=data["open"],
            seed=data["seed"],
        )


def new_settings(request: dict[str, Any], rng: random.Random | None = None) -> Settings:
    """Settings from a create request (``docs/server.md``), with random choices made now.
    Raises :class:`ActionError` (``bad-request``) naming the bad field."""
    rng = rng or random.Random()
    players = request.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ActionError("bad-request", f"players: a game has 2 to 4 players, not {players!r}")
    seats = _seat_specs(request.get("seats"), players)
    setup = request.get("setup", "quick")
    if setup not in ("quick", "challenger"):
        raise ActionError("bad-request", f"setup: 'quick' or 'challenger', not {setup!r}")
    variant = request.get("variant", "standard")
    if variant not in ("standard", "golden-fleece"):
        raise ActionError("bad-request", f"variant: 'standard' or 'golden-fleece', not {variant!r}")
    start = request.get("start_player")
    if start is not None and (
        not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players
    ):
        raise ActionError("bad-request", f"start_player: a seat from 0 to {players - 1}, not {start!r}")
    powers: tuple[str | None, ...] = ()
    fleece: str | None = None
    try:
        if variant == "golden-fleece":
            if players != 2:
                raise ActionError("bad-request", "variant: the Golden Fleece variant is for 2 players")
            if setup == "quick":
                wanted = request.get("fleece")
                if wanted in (None, "", "random"):
                    fleece = rng.choice(fleece_powers())
                elif not isinstance(wanted, str):
                    raise ActionError("bad-request", "fleece: a power name, 'random' or null")
                else:
                    try:
                        fleece = check_fleece(wanted)
                    except SantoriniError as error:
                        raise ActionError("bad-request", f"fleece: {error}") from None
        elif setup == "quick":
            powers = _quick_powers(request.get("powers"), players, rng)
    except SantoriniError as error:
        raise ActionError("bad-request", f"powers: {error}") from None
    if setup == "quick":
        # Some powers decide who places first (Hecate places last, SANTORINI.md §4).
        allowed = allowed_start_players([make_power(p) for p in powers]) if powers else list(range(players))
        if start is None:
            start = rng.choice(allowed or [0])
        elif start not in allowed:
            names = ", ".join(str(seat) for seat in allowed) or "none"
            raise ActionError(
                "bad-request",
                f"start_player: seat {start} may not start with these powers (allowed: {names})",
            )
    listed = request.get("open", True)
    if not isinstance(listed, bool):
        raise ActionError("bad-request", f"open: true or false, not {listed!r}")
    return Settings(
        players=players,
        seats=seats,
        setup=setup,
        powers=powers,
        variant=variant,
        fleece=fleece,
        start_player=start or 0,
        open=listed,
        seed=rng.randrange(2**31),
    )


def _seat_specs(raw: Any, players: int) -> tuple[SeatSpec, ...]:
    from aegean.ai.levels import AI_LEVELS

    if raw is None:
        raw = [{"kind": HUMAN}] + [{"kind": AI, "level": "3"}] * (players - 1)
    if not isinstance(raw, list) or len(raw) != players:
        raise ActionError("bad-request", f"seats: a list of {players} seats")
    specs = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise ActionError("bad-request", f"seats[{i}]: an object with 'kind'")
        kind = seat.get("kind", HUMAN)
        if kind not in (HUMAN, AI):
            raise ActionError("bad-request", f"seats[{i}].kind: 'human' or 'ai', not {kind!r}")
        name = seat.get("name") or (f"Player {i + 1}" if kind == HUMAN else "")
        if not isinstance(name, str) or len(name) > 40:
            raise ActionError("bad-request", f"seats[{i}].name: a name of at most 40 characters")
        level = None
        if kind == AI:
            level = str(seat.get("level") or "3").lower()
            if level not in AI_LEVELS:
                raise ActionError("bad-request", f"seats[{i}].level: one of {', '.join(AI_LEVELS)}")
            name = name or f"AI ({level})"
        listed = seat.get("open", False)
        if not isinstance(listed, bool) or (listed and kind != HUMAN):
            raise ActionError("bad-request", f"seats[{i}].open: true only for a human seat")
        specs.append(SeatSpec(kind, name.strip() or f"Player {i + 1}", level, listed))
    return tuple(specs)


def _quick_powers(raw: Any, players: int, rng: random.Random) -> tuple[str | None, ...]:
    if raw is None or raw == []:
        check_powers([None] * players, players)  # (3-4 players: every player has a power)
        return ()
    if raw == "random":
        return tuple(random_powers(players, rng))
    if not isinstance(raw, list) or len(raw) != players:
        raise ActionError("bad-request", f"powers: a list of {players} power names, 'random' or null")
    names: list[str | None] = []
    for i, name in enumerate(raw):
        if name in (None, "", "-", "none"):
            names.append(None)
        elif not isinstance(name, str):
            raise ActionError("bad-request", f"powers[{i}]: a power name")
        else:
            try:
                names.append(power_info(name).name)
            except SantoriniError as error:
                raise ActionError("bad-request", f"powers[{i}]: {error}") from None
    check_powers(names, players)
    return tuple(names) if any(names) else ()


@dataclass
class Event:
    """One committed action: ``kind`` is ``steps``, ``pick``, ``choose``, ``start`` or
    ``resign``; ``data`` is what the client sent (already checked)."""

    version: int
    kind: str
    seat: int
    data: dict[str, Any]
    #: The action as each viewer may see it: seat index, or ``-1`` for spectators.
    texts: dict[int, str] = field(default_factory=dict)

    def text_for(self, viewer: int | None) -> str:
        return self.texts.get(-1 if viewer is None else viewer, "")


def option_text(step: StepCode) -> str:
    """A step's text with its worker always written, so it means one step anywhere."""
    return format_step(step)


class Table:
    """The state machine of one game (see the module docstring)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.events: list[Event] = []
        self.setup: PowerSetup | None = None
        self.board: Board | None = None
        #: Who played each completed turn of ``board.history``.
        self.movers: list[int] = []
        #: What the hub rendered for each viewer at the current version.
        self.view_cache: dict[int | None, Any] = {}
        #: ``outcome``, ``status`` and ``actor`` at the current version (each call of the
        #: engine's ``outcome`` may look for a legal turn); cleared by every action.
        self._memo: dict[Any, Any] = {}
        self._applying = False
        if settings.setup == "challenger":
            self.setup = PowerSetup(settings.players, fleece=settings.variant == "golden-fleece")
        else:
            self._start_board(self._quick_board())
        self.start_position = format_position(self.board) if self.board is not None else ""

    # ------------------------------------------------------------------ state
    @property
    def version(self) -> int:
        return len(self.events)

    def outcome(self) -> Outcome | None:
        if self.board is None:
            return None
        if self._applying:
            return self.board.outcome()
        if "outcome" not in self._memo:
            self._memo["outcome"] = self.board.outcome()
        result: Outcome | None = self._memo["outcome"]
        return result

    @property
    def status(self) -> str:
        if self.board is None:
            return "setup"
        return "over" if self.outcome() is not None else "playing"

    def actor(self) -> int | None:
        """The seat whose action the game waits for, or ``None`` (game over)."""
        if self._applying:
            return self._actor()
        if "actor" not in self._memo:
            self._memo["actor"] = self._actor()
        result: int | None = self._memo["actor"]
        return result

    def _actor(self) -> int | None:
        if self.setup is not None and self.board is None:
            phase = self.setup.phase
            return self.setup.chooser if phase == "choose" else self.setup.challenger
        board = self.board
        assert board is not None
        if self.outcome() is not None:
            return None
        pending = interjection(board)
        return pending[0] if pending is not None else board.to_move

    def record(self) -> GameRecord:
        assert self.board is not None
        headers = {"Event": "Aegean online table", "Players": str(self.settings.players)}
        for seat, spec in enumerate(self.settings.seats):
            headers[f"Seat{seat + 1}"] = (
                spec.name if spec.kind != AI or "AI" in spec.name else f"{spec.name} (AI {spec.level})"
            )
        return GameRecord.from_board(self.board, self.start_position, headers)

    def outcome_text(self) -> str | None:
        board = self.board
        outcome = self.outcome()
        if board is None or outcome is None:
            return None
        return describe_outcome(board, outcome)

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, kind: str, data: dict[str, Any]) -> Event:
        """Check and apply one action of ``seat``; returns the event (not yet committed:
        the hub stores it, and on failure rebuilds the table from the database)."""
        try:
            return self._apply(seat, kind, data)
        finally:
            self._memo.clear()
            self.view_cache.clear()
            self._applying = False

    def _apply(self, seat: int, kind: str, data: dict[str, Any]) -> Event:
        if self.status == "over":
            raise ActionError("game-over", "the game is over")
        if kind == "resign":
            return self._resign(seat)
        actor = self.actor()
        if seat != actor:
            who = "nobody" if actor is None else f"player {actor + 1}"
            raise ActionError("not-your-turn", f"it is {who}'s turn to act, not player {seat + 1}'s")
        if kind in ("pick", "choose", "start"):
            return self._setup_action(seat, kind, data)
        if kind != "steps":
            raise ActionError("bad-message", f"unknown action {kind!r}")
        if self.board is None:
            raise ActionError("setup", "the powers are not chosen yet")
        self._applying = True
        texts = data.get("steps")
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
            raise ActionError("bad-message", "steps: a non-empty list of step texts")
        return self._play(seat, texts)

    def apply_ai(self, seat: int, steps: list[StepCode]) -> Event:
        """An AI's steps (ints from the engine), played like a client's texts."""
        try:
            if self.status == "over" or self.actor() != seat:
                raise ActionError("not-your-turn", f"it is not player {seat + 1}'s turn to act")
            self._applying = True
            return self._play(seat, steps, stop_at_others=True)
        finally:
            self._memo.clear()
            self.view_cache.clear()
            self._applying = False

    def _play(self, seat: int, given: Sequence[str | StepCode], *, stop_at_others: bool = False) -> Event:
        """Play ``given`` as far as it goes; with ``stop_at_others`` (an AI's plan, which
        includes other players' choices), stop where another player must choose."""
        board = self.board
        assert board is not None
        mover, start_ply, history_before = board.to_move, board.ply, len(board.history)
        pushed = 0
        applied: list[str] = []
        played: list[StepCode] = []
        owed: list[str] = []  # steps taken on someone's behalf that an AI's plan may name too
        try:
            for i, item in enumerate(given):
                text = item if isinstance(item, str) else option_text(item)
                taken = self._take_on_behalf(board, played)
                pushed += len(taken)
                owed += [option_text(s) for s in taken]
                if owed and text == owed[0]:
                    del owed[0]
                    continue
                owed.clear()
                if board.decided is not None or board.ply != start_ply:
                    if board.ply != start_ply and board.history[-1][-1] & CANCELLED:
                        break  # a hidden worker cancelled the rest of the turn (Hecate)
                    if (
                        board.decided is not None
                        and seat not in board.decided.winners
                        and (has_secrets_from(board, seat))
                    ):
                        break  # a secret (the Abyss) ended the game: the rest lapses
                    raise ActionError("illegal", f"the turn is over before step {i + 1} ({item})")
                actor = self.actor()
                if actor != seat and stop_at_others and pushed:
                    break
                if actor != seat:
                    who = "nobody" if actor is None else f"player {actor + 1}"
                    raise ActionError("illegal", f"{who} chooses before step {i + 1} ({text})")
                legal = self._legal(TRUE_BOARD, board, played)
                step = legal.get(text)
                if step is None and _refused_by_hidden_worker(board, seat, text):
                    # Cancelled (RULINGS #56): the power declines instead; in the seat's
                    # own turn the rest of the turn is lost.
                    board.push(PASS, legal=list(legal.values()))
                    played.append(PASS)
                    pushed += 1
                    applied.append(text)
                    if seat == board.to_move:
                        break
                    continue
                if step is None:
                    raise ActionError(
                        "illegal", f"illegal step {text}: {_why(board)}", list(legal)[:_LEGAL_SHOWN]
                    )
                board.push(step, legal=list(legal.values()))
                played.append(step)
                pushed += 1
                applied.append(text)
            if board.ply == start_ply and board.decided is None:
                pushed += len(self._take_on_behalf(board, played))
            if board.ply == start_ply and board.decided is None and self.actor() == seat:
                legal = self._legal(TRUE_BOARD, board, played)
                if END in legal.values():
                    board.push(END, legal=list(legal.values()))
                    pushed += 1
                    applied.append(option_text(END))
                else:
                    raise ActionError("illegal", "the turn is not finished: " + what_is_missing(board))
        except ActionError:
            for _ in range(pushed):
                board.pop()
            raise
        except IllegalTurnError as error:  # (a step the listing offered but play refused)
            for _ in range(pushed):
                board.pop()
            raise ActionError("illegal", str(error), error.legal[:_LEGAL_SHOWN]) from None
        self.movers.extend([mover] * (len(board.history) - history_before))
        event = Event(self.version + 1, "steps", seat, {"steps": applied})
        event.texts = self._texts_of_steps(board, mover, pushed, len(board.history) > history_before)
        self.events.append(event)
        return event

    def _texts_of_steps(self, board: Board, mover: int, pushed: int, finished: bool) -> dict[int, str]:
        """The committed steps as each viewer may see them: a finished turn as the
        history records it (with ``!`` and ``+``), redacted where the mover has secrets."""
        if finished and board.history:
            turn = board.history[-1]
        else:
            turn = tuple(board.turn[-pushed:]) if pushed else ()
        texts: dict[int, str] = {}
        for viewer in [*range(self.settings.players), None]:
            key = -1 if viewer is None else viewer
            texts[key] = redact_turn(board, turn, mover, viewer) if turn else ""
        return texts

    def _resign(self, seat: int) -> Event:
        board = self.board
        if board is None:
            raise ActionError("setup", "resigning starts once the powers are chosen")
        if seat in board.eliminated():
            raise ActionError("illegal", f"player {seat + 1} is already out of the game")
        board.resign(seat)
        event = Event(self.version + 1, "resign", seat, {})
        event.texts = {v: f"player {seat + 1} resigns" for v in [*range(self.settings.players), -1]}
        self.events.append(event)
        return event

    def _setup_action(self, seat: int, kind: str, data: dict[str, Any]) -> Event:
        setup = self.setup
        if setup is None or self.board is not None:
            raise ActionError("setup", "the setup is over")
        try:
            if kind == "pick":
                names = data.get("pick")
                if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                    raise ActionError("bad-message", "pick: a list of power names")
                setup.pick(names)
                text = "picks " + ", ".join(setup.offered)
            elif kind == "choose":
                name = data.get("choose")
                if not isinstance(name, str):
                    raise ActionError("bad-message", "choose: a power name")
                setup.choose(name)
                text = f"chooses {power_info(name).name}"
            else:
                start = data.get("start")
                if not isinstance(start, int) or isinstance(start, bool):
                    raise ActionError("bad-message", "start: a seat number (0-based)")
                setup.name_start_player(start)
                text = f"names player {start + 1} to start"
        except SantoriniError as error:
            raise ActionError("setup", str(error)) from None
        if setup.phase == "done":
            self._start_board(setup.board())
            self.start_position = format_position(self.board) if self.board is not None else ""
        event = Event(self.version + 1, kind, seat, dict(data))
        event.texts = {v: f"player {seat + 1} {text}" for v in [*range(self.settings.players), -1]}
        self.events.append(event)
        return event

    # ------------------------------------------------------------------ previews
    def actor_board(self, seat: int) -> Board:
        """The board as ``seat`` may see it, to try steps on without giving a secret away
        (a Hecate worker that would cancel a step shows only when it is played): made once
        per version and shared, so whoever pushes steps on it pops them again."""
        board = self.board
        assert board is not None
        key = ("board", seat)
        if key not in self._memo:
            if self._hidden_from(seat) and seat != board.to_move and _hidden_mover(board, seat):
                self._memo[key] = _as_seen_by(board, seat)
            elif self._hidden_from(seat):
                self._memo[key] = Board.visible_from(board.view(seat))
            else:
                self._memo[key] = board.copy()
        shared: Board = self._memo[key]
        return shared

    @staticmethod
    def _take_on_behalf(board: Board, played: list[StepCode]) -> list[StepCode]:
        """Take the steps the game would wait for from a player who cannot see the turn
        they belong to: a compulsory step (the only option: Charybdis's whirlpool jump,
        Harpies's push) of that player's power on a worker hidden from them (Hecate's).
        Her card: "use their power on their behalf to make their turns legal without
        informing them". Appends them to ``played`` and returns them."""
        taken: list[StepCode] = []
        if not any(card.hides_workers for card in board.powers):
            return taken  # (every step of every game comes here: most have no Hecate)
        while board.decided is None:
            pending = interjection(board)
            if pending is None:
                break
            owner, _power, steps = pending
            mover = board.to_move
            hidden = hidden_workers(board, owner)
            if owner == mover or steps in ([], [PASS]) or len(steps) != 1:
                break  # (a lone decline is a choice: not being asked would tell a secret)
            if not any(w in hidden for w in board.workers[mover]):
                break
            board.push(steps[0])
            played.append(steps[0])
            taken.append(steps[0])
        return taken

    def _hidden_from(self, seat: int) -> bool:
        """Whether ``seat``'s board differs from the true one (a secret it may not see)."""
        board = self.board
        assert board is not None
        return has_secrets_from(board, seat) and self.outcome() is None

    def _legal(self, kind: Hashable, board: Board, played: Sequence[StepCode]) -> dict[str, StepCode]:
        """The legal steps (by option text) on ``board`` after ``played`` from this
        version's position: listed once per version, whoever asks (the options in a
        ``state``, every preview of the turn being built, and the check of the action
        itself all walk the same positions). ``kind`` names the board: the true one or
        the view of a seat that may not see everything."""
        key = ("legal", kind, tuple(played))
        legal: dict[str, StepCode] | None = self._memo.get(key)
        if legal is None:
            legal = self._memo[key] = {option_text(s): s for s in board.legal_steps()}
        return legal

    def _board_kind(self, seat: int) -> Hashable:
        return ("view", seat) if self._hidden_from(seat) else TRUE_BOARD

    def preview(
        self, seat: int, texts: list[str], look: Callable[[Board], T] | None = None
    ) -> tuple[T | None, list[StepCode], dict[str, Any]]:
        """Try ``texts`` on ``seat``'s board: ``look`` at the board after them, the options
        next, and ``complete`` / ``waiting_for``. Raises :class:`ActionError` for a wrong
        step. The board is left as it was."""
        if self.board is None:
            raise ActionError("setup", "the powers are not chosen yet")
        if self.status == "over":
            raise ActionError("game-over", "the game is over")
        if self.actor() != seat:
            raise ActionError("not-your-turn", f"it is not player {seat + 1}'s turn to act")
        board = self.actor_board(seat)
        kind = self._board_kind(seat)
        start_ply = board.ply
        played: list[StepCode] = []
        try:
            for i, text in enumerate(texts):
                self._take_on_behalf(board, played)
                if board.ply != start_ply or board.decided is not None:
                    raise ActionError("illegal", f"the turn is over before step {i + 1} ({text})")
                options = self._legal(kind, board, played)
                if text not in options:
                    raise ActionError(
                        "illegal", f"illegal step {text}: {_why(board)}", list(options)[:_LEGAL_SHOWN]
                    )
                try:
                    board.push(options[text], legal=list(options.values()))
                except IllegalTurnError as error:
                    raise ActionError("illegal", str(error), error.legal[:_LEGAL_SHOWN]) from None
                played.append(options[text])
            if board.ply == start_ply and board.decided is None:
                self._take_on_behalf(board, played)
            complete = board.ply != start_ply or board.decided is not None
            waiting_for: int | None = None
            next_steps: list[StepCode] = []
            if not complete:
                pending = interjection(board)
                owner = pending[0] if pending is not None else board.to_move
                if owner != seat:
                    waiting_for = owner
                else:
                    next_steps = list(self._legal(kind, board, played).values())
            info: dict[str, Any] = {"complete": complete, "waiting_for": waiting_for}
            outcome = board.decided
            info["outcome"] = None if outcome is None else {"winners": sorted(outcome.winners)}
            seen = look(board) if look is not None else None
        finally:
            for _ in played:
                board.pop()
        return seen, next_steps, info

    def options(self, seat: int | None) -> list[StepCode]:
        """The legal first steps for ``seat`` when the game waits for it."""
        if seat is None or self.board is None or self.actor() != seat:
            return []
        return list(self._legal(self._board_kind(seat), self.actor_board(seat), ()).values())

    # ------------------------------------------------------------------ helpers
    def _quick_board(self) -> Board:
        s = self.settings
        if s.variant == "golden-fleece":
            return Board(s.players, fleece=s.fleece, start_player=s.start_player)
        if s.powers:
            return Board(s.players, list(s.powers), start_player=s.start_player)
        return Board(s.players, start_player=s.start_player)

    def _start_board(self, board: Board) -> None:
        self.board = board


def _hidden_mover(board: Board, seat: int) -> bool:
    """Whether the player to move has workers ``seat`` cannot see (Hecate's turn)."""
    hidden = hidden_workers(board, seat)
    return any(square in hidden for square in board.workers[board.to_move])


def _as_seen_by(board: Board, seat: int) -> Board:
    """The true board without the workers ``seat`` cannot see: where ``seat``'s power
    chooses inside a hidden player's turn (Gaea after Hecate's dome), the view, which
    cannot show that turn, has nothing to choose on; this board has the turn, and its
    choices are what ``seat`` sees (its squares as if empty)."""
    seen = board.copy()
    for square in hidden_workers(board, seat):
        seen.remove_worker(square)
    return seen


def _refused_by_hidden_worker(board: Board, seat: int, text: str) -> bool:
    """Whether ``text`` is a choice of ``seat``'s power inside the turn (Gaea's
    placement) that ``seat`` may make as it sees the board but a hidden worker makes
    impossible (a space Hecate's worker holds), where the power may decline."""
    pending = interjection(board)
    if pending is None or pending[0] != seat or PASS not in pending[2] or not hidden_workers(board, seat):
        return False
    seen = interjection_as_seen(board, seat)
    return seen is not None and seen[0] == seat and text in {option_text(s) for s in seen[2]}


def _why(board: Board) -> str:
    """Why a step is not among the options, in a few words."""
    if board.decided is not None:
        return "the game is over"
    return "not a legal step here"
