"""The game state and its make/unmake journal.

:class:`Board` holds everything a position needs: heights, domes, workers, the player
to move, the steps of the turn in progress, power tokens and the outcome. Every change
goes through a handful of *primitive* setters that log how to undo themselves, so
``push``/``pop`` never copy the state and powers get undo for free: a power that keeps
state keeps it in :attr:`Board.tokens` through :meth:`Board.set_token`, which the
journal and the Zobrist hash already cover.

Two engines answer "what is legal" (see ``docs/architecture.md``): the generic,
hook-driven one in :mod:`aegean.santorini.rules`, which every game can use, and the
bitboard fast path in :mod:`aegean.santorini.fastpath` for two-player games without
powers. The board picks one; tests check they agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from . import fastpath, rules, zobrist
from .errors import IllegalTurnError, SantoriniError
from .notation import (
    board_diagram,
    current_worker,
    format_position,
    format_step,
    format_turn,
    parse_position,
    parse_turn,
)
from .outcome import Outcome, Termination
from .squares import SQUARE_NAMES
from .steps import CANCELLED, DOME_FLAG, END, INSERTED, Step, StepKind, Turn, step_dst, step_kind

if TYPE_CHECKING:
    from .powers.base import Power
    from .view import Observation

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
_FAST_TURN: Final = 10  # (op, old_hash, flag): see fastpath.make_turn

_TOKEN_ABSENT: Final = None
#: At most this many legal turns are looked up to explain an illegal turn.
_EXPLAIN_LIMIT: Final = 500
_SQUARE_INDEX: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}

#: The token (kept by the core, not by a power) counting workers removed from the game
#: per player, e.g. ``removed=0,1``.
REMOVED: Final = "removed"
#: The core token listing the players out of a three-player game (1-based), e.g. ``out=2``.
OUT: Final = "out"


class Board:
    """A Santorini game in progress: the position, the turn being played, and undo.

    >>> board = Board()
    >>> board.push_turn(board.parse_turn("@b2@d4"))
    >>> board.push_turn(board.parse_turn("@b4@d2"))
    >>> board.position()
    '00000/00000/00000/00000/00000 1 b2,d4 b4,d2'
    >>> len(board.legal_turns())
    80
    >>> board.play("b2-c3^c4")
    >>> board.position()
    '00000/00100/00000/00000/00000 2 c3,d4 b4,d2'
    >>> board.pop() == board.parse_turn("b2-c3^c4")
    True
    >>> board.play("b2-b4^b3")
    Traceback (most recent call last):
    ...
    aegean.santorini.errors.IllegalTurnError: illegal turn b2-b4^b3: b4 does not neighbor b2
    """

    __slots__ = (
        "_journal",
        "_outcome",
        "_stack",
        "_tags",
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
        n_players: int = 2,
        powers: Sequence[Power | str | None] | None = None,
        *,
        allow_banned: bool = False,
        start_player: int = 0,
        fleece: Power | str | None = None,
    ) -> None:
        """An empty board, ``start_player`` (0-based) to place first. ``powers`` gives each
        player's power (a :class:`Power`, a name such as ``"Apollo"``, or ``None``/``"-"``
        for none); banned matchups (POWERS.csv) are refused unless ``allow_banned``.
        ``fleece`` names the power of the Golden Fleece variant (SANTORINI.md §5), which
        lies beside the board instead of players' powers."""
        from .powers import resolve_powers
        from .variants import fleece_cards

        if not 2 <= n_players <= zobrist.MAX_PLAYERS:
            raise SantoriniError(f"a game has 2 to 4 players, not {n_players}")
        chosen = list(powers) if powers is not None else [None] * n_players
        if len(chosen) != n_players:
            raise SantoriniError(f"{len(chosen)} powers given for {n_players} players")
        self.n_players: int = n_players
        #: How many worker sets there are: team mates share one in four-player games.
        self.n_sides: int = 2 if n_players == 4 else n_players
        #: One :class:`Power` per player; the base :class:`Power` means "no power".
        self.powers: tuple[Power, ...] = resolve_powers(chosen, allow_banned=allow_banned)
        #: The Golden Fleece power beside the board, or ``None`` (no variant).
        self.fleece: Power | None = None
        if fleece is not None:
            if any(p.name for p in self.powers):
                raise SantoriniError("in the Golden Fleece variant nobody has a power of their own")
            self.fleece, self.powers = fleece_cards(fleece, n_players)
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
        if not 0 <= start_player < n_players:
            raise SantoriniError(f"no player {start_player + 1} to start in a {n_players}-player game")
        self.to_move: int = start_player
        #: The steps taken so far in the turn in progress (empty between turns).
        self.turn: list[Step] = []
        #: Power state: ``key -> value``, both strings without spaces. A key starts with the
        #: lower-case name of the power that owns it (``athena``, ``morpheus.pieces``);
        #: ``removed`` (see :meth:`remove_from_game`) is the core's own.
        self.tokens: dict[str, str] = {}
        #: Completed turns, oldest first (for records and replays).
        self.history: list[Turn] = []
        #: Who played each turn of :attr:`history` (0-based).
        self.movers: list[int] = []
        #: Number of completed turns (placements included).
        self.ply: int = 0
        self._outcome: Outcome | None = None
        self._z: int = zobrist.TO_MOVE[start_player]
        self._journal: list[tuple[Any, ...]] = []
        # One entry per push/push_turn: (journal length, hash before, what was pushed).
        self._stack: list[tuple[int, int, Step | Turn]] = []
        self.plain: bool = n_players == 2 and all(type(p).is_plain for p in self.powers)
        #: Worker tags: token keys whose value is the square of one worker and that the
        #: primitives below keep on that worker (``Power.worker_tags``, e.g. Selene's female).
        self._tags: tuple[str, ...] = tuple(dict.fromkeys(k for p in self.powers for k in p.worker_tags))
        for seat, power in enumerate(self.powers):  # cards that start with state (Chaos's deck)
            self.tokens.update(power.initial_tokens(self, seat))
        if self.tokens:
            self.rehash()

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_position(cls, text: str) -> Board:
        """Parse a position (``docs/notation.md``); raises :class:`PositionError`."""

        return parse_position(text)

    def position(self) -> str:
        """This position in notation; ``Board.from_position`` reads it back."""

        return format_position(self)

    def copy(self) -> Board:
        """An independent board at this position (the undo history is not copied)."""
        return self.from_position(self.position())

    def __repr__(self) -> str:
        return f"Board({self.position()!r})"

    def __str__(self) -> str:

        return board_diagram(self)

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

    # ------------------------------------------------------------------ outcome
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        A win ends the game when it happens; a player to move with no legal turn loses
        (rule 2.2), which is found here by looking for one.
        """
        if self._outcome is not None:
            return self._outcome
        if not self.turn and not self.has_legal_turn():
            return rules.no_legal_turn_outcome(self)
        return None

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    @property
    def decided(self) -> Outcome | None:
        """The outcome already reached by a step (a win), without looking for legal turns."""
        return self._outcome

    # ------------------------------------------------------------------ generating
    def legal_steps(self) -> list[Step]:
        """The steps the player to move may take next, each part of some complete turn."""

        return rules.legal_steps(self)

    def legal_turns(self, limit: int | None = None) -> list[Turn]:
        """Every legal full turn from here (from the current step on, if mid-turn).

        Turns that reach the same position are listed once. With ``limit``, at most about
        that many, the shortest first (for powers with huge turn counts, such as Heracles).
        """
        if self._outcome is not None:
            return []
        if self.plain and not self.turn:
            return fastpath.placements(self) if self.placing else fastpath.turns(self)

        return rules.legal_turns(self, limit)

    def visible_turns(self, limit: int | None = None) -> list[Turn]:
        """The legal turns as the player to move can see them: :meth:`legal_turns`,
        unless other players' secrets hide something from them (Hecate, Moerae,
        Tartarus), and then the turns of their own view (``view.visible_board``) — what
        user interfaces may list without giving a secret away."""
        if not rules.has_secrets_from(self, self.to_move) or self._outcome is not None:
            return self.legal_turns(limit)
        from .view import visible_board

        return visible_board(self.view(self.to_move)).legal_turns(limit)

    def has_legal_turn(self) -> bool:
        if self.plain and not self.turn and not self.placing:
            return fastpath.has_turn(self)
        return rules.has_legal_step(self)

    def is_legal(self, turn: Turn) -> bool:
        try:
            self.play(turn)
        except IllegalTurnError:
            return False
        self.pop()
        return True

    # ------------------------------------------------------------------ playing
    def push(self, step: Step, *, legal: Sequence[Step] | None = None) -> None:
        """Take one step after checking it is legal; raises :class:`IllegalTurnError`.

        ``legal``: the :meth:`legal_steps` of this very position, when the caller has them
        already (a server checking a client's steps), so they are not listed twice."""
        if legal is None:
            legal = self.legal_steps()
        step = self._normalize(step)
        if step not in legal:
            raise IllegalTurnError(
                f"illegal step {format_step(step, self)}", [format_step(s, self) for s in legal]
            )
        self._stack.append((len(self._journal), self._z, step))

        rules.apply_step(self, step)

    def push_turn(self, turn: Turn) -> None:
        """Play a whole turn from ``legal_turns`` without checking it (fast).

        Use :meth:`play` for turns that come from users.
        """
        if self.plain and not self.turn and not self.placing:
            self._stack.append((len(self._journal), self._z, turn))
            fastpath.make_turn(self, turn)
            return

        self._stack.append((len(self._journal), self._z, turn))
        for step in turn:
            rules.apply_step(self, step)
        if self.turn and self._outcome is None and END in rules.candidate_steps(self):
            rules.apply_step(self, END)

    def play(self, turn: Turn | str) -> None:
        """Play a full turn after checking every step; a string is parsed first.

        On an illegal turn the board is unchanged and :class:`IllegalTurnError` says which
        step is wrong and lists the legal full turns of the worker concerned.
        """

        if isinstance(turn, str):
            turn = self.parse_turn(turn)
        if not turn:
            raise IllegalTurnError("an empty turn", [format_turn(t) for t in self.legal_turns()])
        mark, z, start_ply = len(self._journal), self._z, self.ply
        problem: str | None = None
        mover = self.to_move
        for i, step in enumerate(turn):
            if self._outcome is not None:
                if i and mover not in self._outcome.winners and rules.has_secrets_from(self, mover):
                    break  # a secret (Tartarus's Abyss) ended the game: the rest of the turn lapses
                problem = (
                    "the game is over"
                    if i == 0
                    else f"{format_step(turn[i - 1])} wins the game, so nothing may follow it"
                )
                break
            if self.ply != start_ply:
                problem = f"the turn is over before step {i + 1}"
                break
            # A record's ``!`` and ``+`` replay as the plain step (the engine marks them again).
            step = self._normalize(step & ~CANCELLED & ~INSERTED)
            if step not in rules.legal_steps(self):
                problem = rules.explain_illegal(self, step)
                break
            rules.apply_step(self, step)
            cancelled = self.ply != start_ply and self.history[-1][-1] & CANCELLED
            if turn[i] & CANCELLED and not cancelled:
                problem = f"{format_step(step)} is marked cancelled (!), but nothing cancelled it"
                break
            if cancelled:
                break  # a hidden worker cancelled the step and the rest of the turn (Hecate)
        else:
            if self.ply == start_ply and self._outcome is None:
                if END in rules.legal_steps(self):
                    rules.apply_step(self, END)
                else:
                    problem = "the turn is not finished: " + rules.what_is_missing(self)
        if problem is not None:
            self._unwind(mark)
            self._z = z
            legal_full = self.visible_turns(limit=_EXPLAIN_LIMIT)  # (only now: listing can be slow)
            raise IllegalTurnError(
                f"illegal turn {format_turn(turn)}: {problem}",
                [format_turn(t) for t in rules.related_turns(turn, legal_full)],
            )
        self._stack.append((mark, z, turn))

    def pop(self) -> Step | Turn:
        """Undo the last :meth:`push`, :meth:`push_turn` or :meth:`play`; returns it."""
        if not self._stack:
            raise SantoriniError("nothing to undo")
        mark, z, item = self._stack.pop()
        self._unwind(mark)
        self._z = z
        return item

    def parse_turn(self, text: str) -> Turn:
        """Read a turn; in a turn in progress, steps may leave out the worker in use."""
        return parse_turn(text, current_worker(self.turn))

    def _normalize(self, step: Step) -> Step:
        """A dome asked for explicitly where it is the natural piece is the same build; a
        step marked inserted (``+``) is the plain step (the engine marks it again)."""
        step &= ~INSERTED
        if step & DOME_FLAG and step_kind(step) is StepKind.BUILD and self.height[step_dst(step)] == 3:
            return step & ~DOME_FLAG
        return step

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

    def add_turn_step(self, step: Step) -> None:
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
        old = self.tokens.get(key, _TOKEN_ABSENT)
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
            if op == _FAST_TURN:
                fastpath.undo_record(self, record)
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

    def view(self, player: int | None) -> Observation:
        """What ``player`` may see of the game (:mod:`aegean.santorini.view`): the position
        and turns with other players' secrets (Hecate's workers, the Abyss, the Fate
        square) replaced by ``?``."""
        from .view import observe

        return observe(self, player)

    def resign(self, player: int) -> None:
        """``player`` resigns: the others win (their team, in four-player games)."""

        self._stack.append((len(self._journal), self._z, ()))
        self.set_outcome(Outcome(rules.opponents_of(self, player), Termination.RESIGNATION))
