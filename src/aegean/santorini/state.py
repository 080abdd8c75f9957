"""The game state and its make/unmake journal: the lowest layer of the engine.

:class:`GameState` holds everything a position is: heights, domes, workers, the player
to move, the steps of the turn in progress, power tokens and the outcome. Every change
goes through a handful of *primitive* setters that log how to undo themselves, so
``push``/``pop`` never copy the state and powers get undo for free: a power that keeps
state keeps it in :attr:`GameState.tokens` through :meth:`GameState.set_token`, which
the journal and the Zobrist hash already cover.

The state knows nothing of the rules: it holds each player's card (a power) as an
opaque object and asks it only what a :class:`Card` answers. The rules
(:mod:`aegean.santorini.rules`), the powers and the :class:`~aegean.santorini.board.Board`
facade are built on top of it (``docs/architecture.md``, "Layers").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, Self, TypeVar

from . import zobrist
from .errors import SantoriniError
from .outcome import Outcome
from .squares import SQUARE_NAMES
from .steps import StepCode

# Journal opcodes. Each record is a tuple whose first item is one of these.
_HEIGHT: Final = 0  # (op, square, old_height)
_DOME: Final = 1  # (op, square)                      dome toggled
_WORKER_MOVE: Final = 2  # (op, player, index, old_square, new_square)
_WORKER_ADD: Final = 3  # (op, player)                 appended to the player's list
_WORKER_REMOVE: Final = 4  # (op, player, index, square)
_TO_MOVE: Final = 5  # (op, old_player)
_TURN_STEP: Final = 6  # (op,)                         a step appended to the turn
_END_TURN: Final = 7  # (op, old_to_move, old_turn)    history/ply advanced
_OUTCOME: Final = 8  # (op, old_outcome)
_TOKEN: Final = 9  # (op, key, old_value)             old_value None: key was absent
#: A record that undoes itself: ``(op, undo, *data)``; ``undo(state, record)`` is called
#: with the record already taken off the journal (the fast path's whole-turn record).
JOURNAL_CALL: Final = 10

_SQUARE_INDEX: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}

#: The token (kept by the core, not by a power) counting workers removed from the game
#: per player, e.g. ``removed=0,1``.
REMOVED: Final = "removed"
#: The core token listing the players out of a three-player game (1-based), e.g. ``out=2``.
OUT: Final = "out"


class Card(Protocol):
    """What the state asks of a player's card (a :class:`~aegean.santorini.power.Power`)."""

    name: ClassVar[str]
    is_plain: ClassVar[bool]
    worker_tags: ClassVar[tuple[str, ...]]
    square_tokens: ClassVar[tuple[str, ...]]

    def worker_count(self) -> int: ...

    def initial_tokens(self, board: Any, owner: int) -> dict[str, str]: ...


CardT = TypeVar("CardT", bound=Card)


class GameState(Generic[CardT]):
    """A position with its undo journal: the pieces, the turn in progress, tokens, outcome.

    Generic in the type of the players' cards, so that this module needs no power: the
    rules and powers work on ``GameState[Power]`` (``power.State``).
    """

    __slots__ = (
        "_journal",
        "_outcome",
        "_stack",
        "_tags",
        "_turn_start",
        "_z",
        "domes",
        "fleece",
        "height",
        "history",
        "movers",
        "n_players",
        "n_sides",
        "occupied",
        "owner",
        "plain",
        "ply",
        "powers",
        "to_move",
        "tokens",
        "turn",
        "worker_counts",
        "workers",
    )

    def __init__(
        self,
        n_players: int,
        cards: Sequence[CardT],
        *,
        start_player: int = 0,
        fleece: CardT | None = None,
    ) -> None:
        """An empty board for ``n_players`` holding ``cards`` (one per player, already
        resolved), ``start_player`` (0-based) to place first; ``fleece`` is the Golden
        Fleece power beside the board (the cards are then its fleece cards)."""
        if not 2 <= n_players <= zobrist.MAX_PLAYERS:
            raise SantoriniError(f"a game has 2 to 4 players, not {n_players}")
        if len(cards) != n_players:
            raise SantoriniError(f"{len(cards)} powers given for {n_players} players")
        if not 0 <= start_player < n_players:
            raise SantoriniError(f"no player {start_player + 1} to start in a {n_players}-player game")
        self.n_players: int = n_players
        #: How many worker sets there are: team mates share one in four-player games.
        self.n_sides: int = 2 if n_players == 4 else n_players
        #: One card per player; the base ``Power`` means "no power".
        self.powers: tuple[CardT, ...] = tuple(cards)
        #: The Golden Fleece power beside the board, or ``None`` (no variant).
        self.fleece: CardT | None = fleece
        #: Workers each player's side places (four players: 2 per team, SANTORINI.md §6).
        self.worker_counts: tuple[int, ...] = (
            (2,) * 4 if n_players == 4 else tuple(p.worker_count() for p in self.powers)
        )
        #: Block level 0-3 of every square.
        self.height: list[int] = [0] * 25
        #: Bit mask of squares holding a dome.
        self.domes: int = 0
        #: ``workers[p]``: squares of player ``p``'s workers on the board. Team mates of a
        #: four-player game share one list (``workers[0] is workers[2]``).
        sides: list[list[int]] = [[] for _ in range(self.n_sides)]
        self.workers: list[list[int]] = [sides[p % self.n_sides] for p in range(n_players)]
        #: ``owner[s]``: the side (the player, but for teams) whose worker stands on ``s``, or -1.
        self.owner: list[int] = [-1] * 25
        #: Bit mask of squares holding a worker.
        self.occupied: int = 0
        self.to_move: int = start_player
        #: The steps taken so far in the turn in progress (empty between turns).
        self.turn: list[StepCode] = []
        #: Power state: ``key -> value``, both strings without spaces. A key starts with the
        #: lower-case name of the power that owns it (``athena``, ``morpheus.pieces``);
        #: ``removed`` (see :meth:`remove_from_game`) is the core's own.
        self.tokens: dict[str, str] = {}
        #: Completed turns, oldest first (for records and replays).
        self.history: list[tuple[StepCode, ...]] = []
        #: Who played each turn of :attr:`history` (0-based).
        self.movers: list[int] = []
        #: Number of completed turns (placements included).
        self.ply: int = 0
        self._outcome: Outcome | None = None
        self._z: int = zobrist.TO_MOVE[start_player]
        self._journal: list[tuple[Any, ...]] = []
        # One entry per push/push_turn (the facade's): (journal length, hash before, what).
        self._stack: list[tuple[int, int, Any]] = []
        #: The facade's: what it noted of the position as the turn in progress began,
        #: with the :attr:`_stack` entry of that turn's first step (checked before use).
        self._turn_start: tuple[Any, Any] | None = None
        self.plain: bool = n_players == 2 and all(type(p).is_plain for p in self.powers)
        #: Worker tags: token keys whose value is the square of one worker and that the
        #: primitives below keep on that worker (``Power.worker_tags``, e.g. Selene's female).
        self._tags: tuple[str, ...] = tuple(
            dict.fromkeys(k for p in (*self.powers, *([fleece] if fleece else [])) for k in p.worker_tags)
        )
        for seat, power in enumerate(self.powers):  # cards that start with state (Chaos's deck)
            self.tokens.update(power.initial_tokens(self, seat))
        if self.tokens:
            self.rehash()

    @classmethod
    def with_cards(
        cls,
        n_players: int,
        cards: Sequence[Any],
        *,
        start_player: int = 0,
        fleece: Any = None,
    ) -> Self:
        """An empty state of class ``cls`` from resolved cards, whatever ``cls``'s own
        constructor takes (the position parser builds boards with it)."""
        state = cls.__new__(cls)
        GameState.__init__(state, n_players, cards, start_player=start_player, fleece=fleece)
        return state

    # ------------------------------------------------------------------ reading
    @property
    def placing(self) -> bool:
        """True while the player to move still has workers to place (workers removed
        from the game by a power count as placed: they never come back)."""
        return self.still_to_place(self.to_move) > 0

    def still_to_place(self, player: int) -> int:
        """How many workers ``player`` (their team, with four) has yet to place in setup;
        below zero once a spare worker came in (Jason, Gaea), removed workers counted."""
        side = self.side_of(player)
        missing = self.worker_counts[player] - len(self.workers[side])
        if REMOVED in self.tokens:
            missing -= self.removed_counts()[side]
        return missing

    def eliminated(self) -> frozenset[int]:
        """Players out of a three-player game (SANTORINI.md §6), 0-based."""
        text = self.tokens.get(OUT)
        return frozenset(int(p) - 1 for p in text.split(",")) if text else frozenset()

    def removed_counts(self) -> list[int]:
        """How many workers of each player a power removed from the game (Bia, Medusa)."""
        text = self.tokens.get(REMOVED)
        return [int(n) for n in text.split(",")] if text else [0] * self.n_players

    def is_free(self, square: int) -> bool:
        """Unoccupied: neither a worker nor a dome (rule 1, "Occupied space")."""
        return not ((self.occupied | self.domes) >> square & 1)

    def side_of(self, player: int) -> int:
        """The worker set ``player`` moves: in four-player games team mates share one
        (players 1 and 3 are side 0, players 2 and 4 side 1); otherwise the player."""
        return player % 2 if self.n_players == 4 else player

    def token_squares(self) -> int:
        """Bit mask of the squares holding a power's token (``Power.square_tokens``)."""
        mask = 0
        tokens = self.tokens
        for power in self.powers:
            for key in power.square_tokens:
                for name in tokens.get(key, "").split(","):
                    if name in _SQUARE_INDEX:
                        mask |= 1 << _SQUARE_INDEX[name]
        return mask

    def worker_squares(self) -> list[int]:
        return [s for ws in self.workers[: self.n_sides] for s in ws]

    @property
    def board_hash(self) -> int:
        """The hash of the pieces, tokens and player to move, leaving out the turn in progress."""
        return self._z

    def zobrist_hash(self) -> int:
        """A 64-bit hash of the position, including the turn in progress and a win."""
        z = self._z
        if self.turn:
            z ^= zobrist.key_of(tuple(self.turn))
        if self._outcome is not None:
            z ^= zobrist.key_of((sorted(self._outcome.winners), self._outcome.termination.value))
        return z

    @property
    def decided(self) -> Outcome | None:
        """The outcome already reached by a step (a win), without looking for legal turns."""
        return self._outcome

    # ------------------------------------------------------------------ primitives
    # The only code that changes the state. Each logs its undo record and keeps the
    # hash and the derived masks in step.
    def set_height(self, square: int, level: int) -> None:
        old = self.height[square]
        self._journal.append((_HEIGHT, square, old))
        self.height[square] = level
        self._z ^= zobrist.HEIGHT[square][old] ^ zobrist.HEIGHT[square][level]

    def toggle_dome(self, square: int) -> None:
        self._journal.append((_DOME, square))
        self.domes ^= 1 << square
        self._z ^= zobrist.DOME[square]

    def build_on(self, square: int, dome: bool = False) -> bool:
        """Build the piece that fits (or a dome if ``dome``); returns True if a dome."""
        level = self.height[square]
        if dome or level == 3:
            self.toggle_dome(square)
            return True
        self.set_height(square, level + 1)
        return False

    def move_worker(self, src: int, dst: int) -> None:
        """Relocate the worker on ``src`` to the free square ``dst`` (a move or a force)."""
        player = self.owner[src]
        index = self.workers[player].index(src)
        self._journal.append((_WORKER_MOVE, player, index, src, dst))
        self._relocate(player, index, src, dst)
        if self._tags:
            self._retag(src, SQUARE_NAMES[dst])

    def swap_workers(self, a: int, b: int) -> None:
        """Exchange the workers on ``a`` and ``b`` (Apollo, Nemesis); tags go with them."""
        other = self.owner[b]
        on_b = [k for k in self._tags if self.tokens.get(k) == SQUARE_NAMES[b]]
        self.remove_worker(b)
        self.move_worker(a, b)
        self.add_worker(other, a)
        for key in on_b:
            self.set_token(key, SQUARE_NAMES[a])

    def add_worker(self, player: int, square: int) -> None:
        """Put a worker of ``player`` (their side's, with four players) on ``square``."""
        player = self.side_of(player)
        self._journal.append((_WORKER_ADD, player))
        self.workers[player].append(square)
        self.owner[square] = player
        self.occupied |= 1 << square
        self._z ^= zobrist.WORKER[player][square]

    def remove_worker(self, square: int) -> None:
        """Take the worker on ``square`` off the board; its worker tags are dropped."""
        player = self.owner[square]
        index = self.workers[player].index(square)
        self._journal.append((_WORKER_REMOVE, player, index, square))
        del self.workers[player][index]
        self.owner[square] = -1
        self.occupied &= ~(1 << square)
        self._z ^= zobrist.WORKER[player][square]
        if self._tags:
            self._retag(square, None)

    def remove_from_game(self, square: int) -> None:
        """The worker on ``square`` leaves the game for good (Bia, Medusa). The token
        ``removed`` counts it, so that its owner is not taken to be still placing it."""
        counts = self.removed_counts()
        counts[self.owner[square]] += 1
        self.remove_worker(square)
        self.set_token(REMOVED, ",".join(map(str, counts)))

    def set_to_move(self, player: int) -> None:
        self._journal.append((_TO_MOVE, self.to_move))
        self._z ^= zobrist.TO_MOVE[self.to_move] ^ zobrist.TO_MOVE[player]
        self.to_move = player

    def add_turn_step(self, step: StepCode) -> None:
        self._journal.append((_TURN_STEP,))
        self.turn.append(step)

    def end_turn(self, next_player: int) -> None:
        """Close the turn in progress: it joins the history and ``next_player`` is to move."""
        self._journal.append((_END_TURN, self.to_move, self.turn))
        self._z ^= zobrist.TO_MOVE[self.to_move] ^ zobrist.TO_MOVE[next_player]
        self.history.append(tuple(self.turn))
        self.movers.append(self.to_move)
        self.turn = []
        self.ply += 1
        self.to_move = next_player

    def set_outcome(self, outcome: Outcome | None) -> None:
        self._journal.append((_OUTCOME, self._outcome))
        self._outcome = outcome

    def set_token(self, key: str, value: str | None) -> None:
        """Set (or with ``None`` remove) a power's token; journaled and hashed."""
        old = self.tokens.get(key)
        self._journal.append((_TOKEN, key, old))
        if old is not None:
            self._z ^= zobrist.key_of((key, old))
        if value is None:
            self.tokens.pop(key, None)
        else:
            self.tokens[key] = value
            self._z ^= zobrist.key_of((key, value))

    def _retag(self, square: int, value: str | None) -> None:
        """Move the worker tags on ``square`` to ``value`` (a square name; ``None``: drop)."""
        name = SQUARE_NAMES[square]
        for key in self._tags:
            if self.tokens.get(key) == name:
                self.set_token(key, value)

    def _relocate(self, player: int, index: int, src: int, dst: int) -> None:
        self.workers[player][index] = dst
        self.owner[src] = -1
        self.owner[dst] = player
        self.occupied ^= (1 << src) | (1 << dst)
        self._z ^= zobrist.WORKER[player][src] ^ zobrist.WORKER[player][dst]

    def _unwind(self, mark: int) -> None:
        """Undo journal records back to length ``mark`` (the hash is restored by the caller)."""
        journal = self._journal
        while len(journal) > mark:
            record = journal.pop()
            op = record[0]
            if op == JOURNAL_CALL:
                record[1](self, record)
            elif op == _HEIGHT:
                self.height[record[1]] = record[2]
            elif op == _DOME:
                self.domes ^= 1 << record[1]
            elif op == _WORKER_MOVE:
                _, player, index, src, dst = record
                self.workers[player][index] = src
                self.owner[dst] = -1
                self.owner[src] = player
                self.occupied ^= (1 << src) | (1 << dst)
            elif op == _WORKER_ADD:
                square = self.workers[record[1]].pop()
                self.owner[square] = -1
                self.occupied &= ~(1 << square)
            elif op == _WORKER_REMOVE:
                _, player, index, square = record
                self.workers[player].insert(index, square)
                self.owner[square] = player
                self.occupied |= 1 << square
            elif op == _TO_MOVE:
                self.to_move = record[1]
            elif op == _TURN_STEP:
                self.turn.pop()
            elif op == _END_TURN:
                self.history.pop()
                self.movers.pop()
                self.ply -= 1
                self.to_move = record[1]
                self.turn = record[2]
            elif op == _OUTCOME:
                self._outcome = record[1]
            elif op == _TOKEN:
                _, key, old = record
                if old is None:
                    self.tokens.pop(key, None)
                else:
                    self.tokens[key] = old

    def checkpoint(self) -> tuple[int, int]:
        """A mark to :meth:`rollback` to: lets rules and powers try steps and take them back."""
        return len(self._journal), self._z

    def rollback(self, mark: tuple[int, int]) -> None:
        self._unwind(mark[0])
        self._z = mark[1]

    def rehash(self) -> int:
        """Compute the hash from scratch (parsers use it; tests compare it with the
        incrementally kept one)."""
        z = zobrist.TO_MOVE[self.to_move]
        for square, level in enumerate(self.height):
            z ^= zobrist.HEIGHT[square][level]
            if self.domes >> square & 1:
                z ^= zobrist.DOME[square]
        for player, squares in enumerate(self.workers[: self.n_sides]):
            for square in squares:
                z ^= zobrist.WORKER[player][square]
        for key, value in self.tokens.items():
            z ^= zobrist.key_of((key, value))
        self._z = z
        return self.zobrist_hash()

    def forget_history(self) -> None:
        """Drop the undo journal and history: this position becomes a fresh start."""
        self._journal.clear()
        self._stack.clear()
        self.history.clear()
        self.movers.clear()

