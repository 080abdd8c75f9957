"""The public face of the engine: :class:`Board`, the top of its layers.

A :class:`Board` *is* a :class:`~aegean.santorini.state.GameState` (the pieces, tokens,
turn in progress and the make/unmake journal) with the API on top: setup checks, legal
steps and turns, playing and undoing them, notation, observations. Everything below it
(state, rules, powers, notation, views) works on the state and never imports this module
(``docs/architecture.md``, "Layers").

Two engines answer "what is legal" (see ``docs/architecture.md``): the generic,
hook-driven one in :mod:`aegean.santorini.rules`, which every game can use, and the
bitboard fast path in :mod:`aegean.santorini.fastpath` for two-player games without
powers. The board picks one; tests check they agree.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from typing import Final

from aegean import _core

from . import fastpath, rules
from .errors import IllegalTurnError, SantoriniError
from .lineup import cards_for
from .notation import Step, Turn, current_worker, format_step, format_turn, parse_turn
from .outcome import Outcome, Termination
from .positions import board_diagram, format_position, parse_position
from .power import Power
from .state import OUT, REMOVED, GameState
from .steps import CANCELLED, DOME_FLAG, END, INSERTED, StepCode, StepKind, TurnCode, step_dst, step_kind
from .view import Observation, determinize, observe, visible_board

__all__ = ["OUT", "REMOVED", "Board"]

#: At most this many legal turns are looked up to explain an illegal turn.
_EXPLAIN_LIMIT: Final = 500


#: The powers the native core plays, by card name ("-": no power), and the position
#: fields beyond board, player to move and workers that it reads.
NATIVE_POWERS: Final = frozenset(_core.powers())
#: The tokens of those powers the native core reads (positions with others fall back).
NATIVE_TOKENS: Final = frozenset(_core.tokens())
#: The most steps of a turn in progress the native core is handed (it holds 23; a
#: traveller's longer wandering, Hermes's or Atalanta's, goes to the reference).
_NATIVE_TURN_STEPS: Final = 16
#: A position as the native core takes it: heights, domes, workers, player to move,
#: powers by name and tokens.
NativeParts = tuple[bytes, int, list[list[int]], int, list[str], list[tuple[str, str]]]


class Board(GameState[Power]):
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

    __slots__ = ()

    def __init__(
        self,
        n_players: int = 2,
        powers: Sequence[Power | str | None] | None = None,
        *,
        strict: bool = True,
        allow_banned: bool = False,
        start_player: int = 0,
        fleece: Power | str | None = None,
    ) -> None:
        """An empty board, ``start_player`` (0-based) to place first. ``powers`` gives each
        player's power (a :class:`Power`, a name such as ``"Apollo"``, or ``None``/``"-"``
        for none); ``fleece`` names the power of the Golden Fleece variant, which lies
        beside the board instead of players' powers.

        The setup must be one the rules allow (:mod:`aegean.santorini.lineup`: powers
        marked for the player count, every player with a power in 3- and 4-player games,
        no banned matchup unless ``allow_banned``, a start player the powers' placement
        order allows); ``strict=False`` is for analysis of setups the rules never deal."""
        cards, fleece_power = cards_for(
            n_players,
            powers,
            fleece=fleece,
            start_player=start_player,
            strict=strict,
            allow_banned=allow_banned,
        )
        super().__init__(n_players, cards, start_player=start_player, fleece=fleece_power)

    # ------------------------------------------------------------------ reading
    @classmethod
    def from_position(cls, text: str, *, strict: bool = False) -> Board:
        """Parse a position (``docs/notation.md``); raises :class:`PositionError`. With
        ``strict``, powers the setup rules do not allow together are refused too (as
        ``Board(...)`` refuses them); by default any state may be analysed."""
        return parse_position(text, cls, strict=strict)

    @classmethod
    def from_observation(cls, observation: Observation, rng: random.Random) -> Board:
        """A true state consistent with what a player sees, each hidden value drawn by
        ``rng`` (determinization: the AI plays on such samples, never on the secrets)."""
        return determinize(observation, rng, cls)

    @classmethod
    def visible_from(cls, observation: Observation) -> Board:
        """The observing player's board with the secrets left out: its legal turns are
        those the player can write without knowing them."""
        return visible_board(observation, cls)

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

    # ------------------------------------------------------------------ outcome
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        A win ends the game when it happens; a player to move with no legal turn loses
        (rule 2.2), which is found here by looking for one (by the native core where it
        plays the position: a proof that there is none can be the reference's slowest
        search, Persephone's against a traveller).
        """
        if self._outcome is None and not self.turn and not self.plain:
            native = self._native_turn()
            if native is not None:
                return None if self._legal_steps(native) else rules.no_legal_turn_outcome(self)
        return rules.game_outcome(self)

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    # ------------------------------------------------------------------ generating
    def legal_steps(self) -> list[Step]:
        """The steps the player to move may take next, each part of some complete turn.

        Where the native core plays the turn (see :attr:`native_plays`), it answers, from
        the position the turn began in and the steps taken since (the same steps in the
        same order: tests/native); a user interface may then offer a turn step by step
        however many whole turns there are (Heracles's first has 63,232)."""
        return self._legal_steps(self._native_turn())

    def _legal_steps(self, native: tuple[NativeParts, list[StepCode]] | None) -> list[Step]:
        """The legal steps here: the core's from ``native`` (the turn's start and the steps
        taken since, :meth:`_native_turn`), else (or where it refuses a token value it
        does not read) the reference's."""
        if native is not None:
            with contextlib.suppress(ValueError):
                return [Step(step) for step in _core.legal_steps_at(*native[0], native[1])]
        return [Step(step) for step in rules.legal_steps(self)]

    def legal_turns(self, limit: int | None = None) -> list[Turn]:
        """Every legal full turn from here (from the current step on, if mid-turn).

        Turns that reach the same position are listed once. With ``limit``, at most about
        that many, the shortest first (for powers with huge turn counts, such as Heracles).
        """
        if self._outcome is not None:
            return []
        if self.plain and not self.turn:
            return fastpath.placements(self) if self.placing else fastpath.turns(self)
        powers = self._native_powers()
        if powers is not None:
            with contextlib.suppress(ValueError):  # (a token value the core does not read)
                turns = _core.legal_turns_at(Turn, *self._native_parts(powers))
                if limit is None or len(turns) <= limit:
                    return turns
        return rules.legal_turns(self, limit)

    @property
    def native_plays(self) -> bool:
        """Whether the native core (Rust, ``aegean._core``) plays this position: two players,
        each with no power or one the core plays (``NATIVE_POWERS``), between turns,
        placement and the powers' setup choices over, the game not decided. There
        ``legal_turns`` comes from it (the same turns in the same order: tests/native), and
        :mod:`aegean.ai.native` searches it."""
        if self.plain and self.n_players == 2 and not self.turn and not self.placing:
            return self.decided is None
        powers = self._native_powers()
        return powers is not None and _core.refusal_at(*self._native_parts(powers)) is None

    def _native_powers(self) -> list[str] | None:
        """The powers by name as the native core reads them (``-``: none), if it plays this
        position with powers (see :attr:`native_plays`; without powers the Python fast path
        is quicker, so None)."""
        if self.plain or self.n_players != 2 or self.turn or self._outcome is not None:
            return None
        if self.fleece is not None or self.placing or not self.tokens.keys() <= NATIVE_TOKENS:
            return None
        names = []
        for owner, power in enumerate(self.powers):
            if power.is_plain:
                names.append("-")
            elif power.name in NATIVE_POWERS:
                if type(power).setup_steps is not Power.setup_steps and power.setup_steps(self, owner):
                    return None  # a setup choice still to make (Aeolus's Wind): setup
                names.append(power.name)
            else:
                return None
        return names

    def _native_parts(self, powers: list[str]) -> NativeParts:
        """This position's parts as ``_core.legal_turns_at`` takes them."""
        workers = [list(w) for w in self.workers]
        return bytes(self.height), self.domes, workers, self.to_move, powers, list(self.tokens.items())

    def _native_turn(self) -> tuple[NativeParts, list[StepCode]] | None:
        """The parts of the position the turn in progress began in and the steps taken
        since, if the native core plays that turn: noted by :meth:`push` as the turn's
        first step is taken, and used only while the steps pushed since are the turn's."""
        if not self.turn:
            if self.plain:
                return None  # (the plain rules list steps quicker than a call)
            powers = self._native_powers()
            return None if powers is None else (self._native_parts(powers), [])
        start = self._turn_start
        if start is None or self._outcome is not None or len(self.turn) > _NATIVE_TURN_STEPS:
            return None
        entry, parts = start
        played: list[StepCode] = []
        for i in range(len(self._stack) - 1, -1, -1):
            item = self._stack[i][2]
            played[:0] = [item] if isinstance(item, int) else item
            if self._stack[i] is entry:
                return (parts, played) if played == self.turn else None
            if len(played) >= len(self.turn):
                return None
        return None

    def visible_turns(self, limit: int | None = None) -> list[Turn]:
        """The legal turns as the player to move can see them: :meth:`legal_turns`,
        unless other players' secrets hide something from them (Hecate, Moerae,
        Tartarus), and then the turns of their own view (``view.visible_board``) — what
        user interfaces may list without giving a secret away."""
        if not rules.has_secrets_from(self, self.to_move) or self._outcome is not None:
            return self.legal_turns(limit)
        return self.visible_from(self.view(self.to_move)).legal_turns(limit)

    def has_legal_turn(self) -> bool:
        return rules.has_legal_turn(self)

    def is_legal(self, turn: TurnCode) -> bool:
        try:
            self.play(turn)
        except IllegalTurnError:
            return False
        self.pop()
        return True

    # ------------------------------------------------------------------ playing
    def push(self, step: StepCode, *, legal: Sequence[StepCode] | None = None) -> None:
        """Take one step after checking it is legal; raises :class:`IllegalTurnError`.

        ``legal``: the :meth:`legal_steps` of this very position, when the caller has them
        already (a server checking a client's steps), so they are not listed twice."""
        first = not self.turn
        native = self._native_turn() if first or legal is None else None
        if legal is None:
            legal = self._legal_steps(native)
        step = self._normalize(step)
        if step not in legal:
            raise IllegalTurnError(
                f"illegal step {format_step(step, self)}", [format_step(s, self) for s in legal]
            )
        self._stack.append((len(self._journal), self._z, step))
        if first and native is not None:
            self._turn_start = (self._stack[-1], native[0])
        rules.apply_step(self, step)

    def push_turn(self, turn: TurnCode) -> None:
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

    def play(self, turn: TurnCode | str) -> None:
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
        native = self._native_turn()

        def legal_here() -> list[Step]:
            return self._legal_steps(None if native is None else (native[0], native[1] + taken))

        taken: list[StepCode] = []
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
            if step not in legal_here():
                problem = rules.explain_illegal(self, step)
                break
            rules.apply_step(self, step)
            taken.append(step)
            cancelled = self.ply != start_ply and self.history[-1][-1] & CANCELLED
            if turn[i] & CANCELLED and not cancelled:
                problem = f"{format_step(step)} is marked cancelled (!), but nothing cancelled it"
                break
            if cancelled:
                break  # a hidden worker cancelled the step and the rest of the turn (Hecate)
        else:
            if self.ply == start_ply and self._outcome is None:
                if END in legal_here():
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
        return Step(item) if isinstance(item, int) else Turn(item)

    def parse_turn(self, text: str) -> Turn:
        """Read a turn; in a turn in progress, steps may leave out the worker in use."""
        return parse_turn(text, current_worker(self.turn))

    def _normalize(self, step: StepCode) -> StepCode:
        """A dome asked for explicitly where it is the natural piece is the same build; a
        step marked inserted (``+``) is the plain step (the engine marks it again)."""
        step &= ~INSERTED
        if step & DOME_FLAG and step_kind(step) is StepKind.BUILD and self.height[step_dst(step)] == 3:
            return step & ~DOME_FLAG
        return step

    def view(self, player: int | None) -> Observation:
        """What ``player`` may see of the game (:mod:`aegean.santorini.view`): the position
        and turns with other players' secrets (Hecate's workers, the Abyss, the Fate
        square) replaced by ``?``."""
        return observe(self, player)

    def resign(self, player: int) -> None:
        """``player`` resigns: the others win (their team, in four-player games)."""

        self._stack.append((len(self._journal), self._z, ()))
        self.set_outcome(Outcome(rules.opponents_of(self, player), Termination.RESIGNATION))
