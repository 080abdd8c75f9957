"""The hook points a power plugs into, with the base-game rules as their defaults.

A power is a strategy object (as in scalachess's variants): it subclasses
:class:`Power` and overrides only the hooks its card changes. The engine
(:mod:`aegean.santorini.rules`) calls the hooks of every power in play at named points
of the turn, so the core never asks *which* power it is dealing with.

The hooks, in the order a turn meets them:

=========================  ====================================================  ===========================
hook                       called                                                cards that need it
=========================  ====================================================  ===========================
``worker_count``           at setup                                              Graeae, Moerae, Selene
``placement_squares``      for each worker its owner places                      Bia, Eros, Hecate
``setup_steps``            after all workers are placed: a setup choice          Aeolus, Siren, Tartarus
``start_of_turn_state``    for all, as any turn starts: what the board decides   Hypnus, Aphrodite, Circe
``start_of_turn``          for all, as any turn starts: what happens             Morpheus
``turn_steps``             the owner's turn: which steps may come next           Prometheus, Artemis, Hermes
``move_targets``           inside the standard ``turn_steps``                    Apollo, Minotaur, Urania
``build_steps``            inside the standard ``turn_steps``                    Atlas, Zeus, Selene
``allows_opponent_step``   every opponent step is filtered through it            Athena, Hades, Limus
``shields``                before a power acts on another player's worker        Clio
``apply_step``             the owner's step takes effect                         Apollo, Minotaur, Bia
``after_step``             for every power, after any step                       Harpies, Gaea, Dionysus
``interjection_steps``     for every power, before each step of a turn           Gaea (on others' turns)
``wins_with``              after the owner's move or build                       Pan, Chronus, Eros
``wins_on``                for every other power, after any player's step        Chronus
``vetoes_win``             for every opponent of a player about to win           Hera, Moerae
``end_of_turn``            for every power, when any player's turn ends          Medusa, Athena
``next_player``            for every power, to pick who plays next               Dionysus
``turn_key``               while listing full turns, to merge equal states       Hermes, Triton, Morpheus
``moves_over``             searches of "if possible" rules: no move left         Heracles, Poseidon
``acting_power``           (``indirect`` cards) whose power a player uses        Chaos, Circe
``suppresses``             (``indirect`` cards) a player left with no power      Circe
``check_token``            reading a position: is a token's value possible       every card with tokens
``missing_token``          reading a position: a token it must carry             Morpheus, Golden Fleece
=========================  ====================================================  ===========================

A power that keeps state keeps it in ``board.tokens`` via ``board.set_token``, which
the journal undoes and the Zobrist hash covers. Hooks receive the :data:`State`
(:class:`~aegean.santorini.state.GameState`), never the ``Board`` facade above them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import ClassVar, TypeAlias

from .outcome import Termination
from .squares import NEIGHBORS, SQUARE_NAMES, SQUARES
from .state import GameState
from .steps import (
    BUILDS,
    END,
    KIND_BUILD,
    KIND_SHIFT,
    MOVES,
    StepCode,
    StepKind,
    step_dst,
    step_kind,
    step_src,
)
from .token_values import ValueCheck


class Power:
    """No power at all: the base rules (SANTORINI.md §2). Subclasses change them."""

    #: The card's name as in ``POWERS.csv``; empty for "no power".
    name: ClassVar[str] = ""
    #: Setup order (SANTORINI.md §3.1, RULINGS #6): -1 must place workers first (Bia,
    #: Tartarus), +1 must place last (Hecate), 0 no constraint.
    placement_order: ClassVar[int] = 0
    #: True only for the base rules: lets two-player games without powers use the
    #: bitboard fast path. A subclass that overrides any hook must leave it False.
    is_plain: ClassVar[bool] = True
    #: Token keys that tag one worker (value: its square name). The board's primitives
    #: keep such a token on its worker however it is moved, forced or swapped, and drop
    #: it when the worker leaves the board (Selene's female worker).
    worker_tags: ClassVar[tuple[str, ...]] = ()
    #: Token keys that name squares of the workers of the player to move (Hypnus's
    #: sleeper, Aphrodite's bound workers, the Harpies' slide): an observation leaves them
    #: out, present or not, while that player's workers are hidden from the viewer
    #: (Hecate's turn), since they would show where those workers are.
    worker_tokens: ClassVar[tuple[str, ...]] = ()

    #: True for a card whose player acts with another card's power (Chaos, Circe). The
    #: engine then resolves each player's power through :meth:`acting_power` and
    #: :meth:`suppresses` (``rules.power_of``), and calls this card's own
    #: ``start_of_turn``/``end_of_turn`` as the card's bookkeeping, apart from the
    #: power it lends.
    indirect: ClassVar[bool] = False
    #: Token keys (whole keys or ``prefix.``) that only the owner may see until the game
    #: ends (Moerae's Fate square, Tartarus's Abyss); ``view`` redacts them for others.
    secret_tokens: ClassVar[tuple[str, ...]] = ()
    #: True when the owner's workers are on a secret map (Hecate): other players'
    #: observations leave them out, and others' steps are generated without them.
    hides_workers: ClassVar[bool] = False
    #: Token keys whose value is the square a token of this card lies on (Charybdis's
    #: whirlpools, Clio's coins): ``Board.token_squares`` gathers them, so that any power
    #: can honour "a token cannot go on a space holding another token".
    square_tokens: ClassVar[tuple[str, ...]] = ()
    #: Workers kept on the card, beyond ``worker_count``, that may join the board later
    #: (Gaea's two, Jason's one); positions may show that many more.
    spare_workers: ClassVar[int] = 0
    #: When several powers have a step to insert into a turn at once, the lower goes
    #: first (Charybdis's whirlpool jump before the Harpies slide, RULINGS #55).
    interjection_order: ClassVar[int] = 0
    #: True when no step of the owner's turn moves a worker after its first build (the
    #: building follows the moving: Heracles's and Polyphemus's domes, Poseidon's extra
    #: builds, Terpsichore's builds, the multi-movers' one build); read by
    #: :meth:`moves_over` and :meth:`ends_the_moves`.
    builds_end_the_moves: ClassVar[bool] = False

    #: How this card's tokens are written: key -> the check of its value
    #: (:mod:`~aegean.santorini.token_values`); a position with any other key of the
    #: card, or a value its check refuses, is refused with the field named.
    token_values: ClassVar[Mapping[str, ValueCheck]] = {}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls.is_plain = False
        if cls.name:
            REGISTRY[cls.name.lower().replace(" ", "")] = cls

    @property
    def token(self) -> str:
        """The key of this power's token (``"athena"``); sub-keys add ``.name``."""
        return self.name.lower().replace(" ", "")

    # ---------------------------------------------------------------- setup
    def initial_tokens(self, board: State, owner: int) -> dict[str, str]:
        """Tokens the card starts the game with (Chaos's deck); ``board.powers`` is set."""
        return {}

    @property
    def card_tokens(self) -> tuple[str, ...]:
        """Token keys that belong to the card, not to whoever holds its power now: they
        stay when the power changes hands (a hero's spent use, through Circe)."""
        return ()

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        """Why ``key=value`` cannot stand in a position of ``board`` held by ``owner``, or
        ``None``: the value as :attr:`token_values` writes it; powers add what the rest of
        the position must agree with (a sleeper on an opponent's worker). Asked when a
        position is read, after all its tokens are in place."""
        check = self.token_values.get(key)
        if check is None:
            known = ", ".join(sorted(self.token_values)) or "none"
            return f"{self.name or 'this card'} keeps no token {key!r} (its tokens: {known})"
        return check(value)

    def token_prefixes(self) -> tuple[str, ...]:
        """The token keys (before any ``.``) this card may hold in a position: its own,
        plus those of the powers it may lend (Chaos's simple gods)."""
        return (self.token,)

    def acting_power(self, board: State, owner: int) -> Power:
        """The power the owner acts with now (Chaos: the face-up god); only asked of
        ``indirect`` cards. Never ``self`` for an indirect card: return ``NO_POWER``
        for "no power of its own". Must depend on the cards and tokens alone (the
        engine keeps its last answer per cards and tokens)."""
        return self

    def suppresses(self, board: State, owner: int, player: int) -> bool:
        """Whether this card takes another player's power away now (Circe); only asked of
        ``indirect`` cards; like :meth:`acting_power`, from the cards and tokens alone."""
        return False

    def worker_count(self) -> int:
        """How many workers the owner places (rule 2: two)."""
        return 2

    def placement_squares(self, board: State, player: int) -> list[int]:
        """Where the owner may place its next worker: any unoccupied space."""
        return [s for s in SQUARES if board.is_free(s)]

    def secret_values(self, board: State, key: str) -> list[str]:
        """The values a secret token ``key`` of this card could have, as far as a player
        who cannot see it knows (the AI samples from them): by default a free square."""
        return [SQUARE_NAMES[s] for s in SQUARES if board.is_free(s)]

    def setup_steps(self, board: State, owner: int) -> list[StepCode]:
        """The choices of a setup step still to make once every worker is placed
        (``MARK`` steps: Aeolus's wind, Tartarus's Abyss), or ``[]`` when none is pending.
        The engine gives the owner one setup turn per pending choice, in seat order
        from the start player, before the first turn of play."""
        return []

    # ---------------------------------------------------------------- the owner's turn
    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        """Called for every power when ``player``'s turn starts, before
        :meth:`start_of_turn`: set the state that the board at that moment decides
        (Hypnus's sleeper, Aphrodite's binding, Athena's token cleared, the Golden Fleece
        holders), and nothing else, as a function of the position alone. Reading a
        position between turns runs it too, so a position typed at the start of a turn
        means what the same position reached by play means."""

    def start_of_turn(self, board: State, owner: int, player: int) -> None:
        """Called for every power when ``player``'s turn starts: what happens then that
        the board alone does not decide (Morpheus gains a piece). A position written
        between turns holds its effects already."""

    def missing_token(self, board: State, owner: int) -> tuple[str, str] | None:
        """A token the position must carry for this card but does not, with why: asked
        when a position is read (Morpheus's pieces at the start of his turn)."""
        return None

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        """The steps the owner may take next in its turn (rule 2: move, then build).

        Return ``[END]`` when the turn is complete; include ``END`` beside other steps
        when those steps are optional.
        """
        turn = board.turn
        if not turn:
            return [
                MOVES[worker][target]
                for worker in board.workers[player]
                for target in self.move_targets(board, player, worker)
            ]
        last = turn[-1]
        if step_kind(last) is StepKind.MOVE:
            return self.build_steps(board, player, step_dst(last))
        return [END]

    def move_targets(self, board: State, player: int, worker: int) -> list[int]:
        """Squares the worker on ``worker`` may move to: a neighboring unoccupied space
        at most one level up (rule 2, "Move")."""
        limit = board.height[worker] + 1
        height, blocked = board.height, board.occupied | board.domes
        return [t for t in NEIGHBORS[worker] if not blocked >> t & 1 and height[t] <= limit]

    def build_steps(self, board: State, player: int, worker: int) -> list[StepCode]:
        """Builds by the worker on ``worker``: the fitting piece on a neighboring
        unoccupied space (rule 2, "Build")."""
        blocked = board.occupied | board.domes
        return [BUILDS[worker][t] for t in NEIGHBORS[worker] if not blocked >> t & 1]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        """Carry out one of the owner's steps."""
        kind = step_kind(step)
        if kind is StepKind.MOVE or kind is StepKind.FORCE:
            board.move_worker(step_src(step), step_dst(step))
        elif kind is StepKind.BUILD:
            board.build_on(step_dst(step), dome=bool(step & (1 << 14)))
        elif kind is StepKind.PLACE:
            board.add_worker(player, step_dst(step))
        elif kind is StepKind.REMOVE:
            board.set_height(step_dst(step), board.height[step_dst(step)] - 1)

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        """Called for every power after any player's step has taken effect."""

    def interjection_steps(self, board: State, owner: int, player: int) -> list[StepCode]:
        """Steps the owner must choose from *now*, in ``player``'s turn, before that turn
        goes on (Gaea's placement after any dome), ``PASS`` among them when optional;
        ``[]`` when the owner has nothing to decide. The chosen step is carried out by
        this power's ``apply_step`` with the owner as its player."""
        return []

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        """Called for every power when ``player``'s turn ends (before the next starts)."""

    def next_player(self, board: State, owner: int, player: int) -> int | None:
        """Who plays after ``player``'s turn, if this power decides it (Dionysus's extra
        turns); ``None`` leaves the normal order."""
        return None

    def turn_key(self, board: State) -> Hashable:
        """What of the turn in progress decides the rest of it (for merging states)."""
        return tuple(board.turn)

    def moves_over(self, board: State) -> bool:
        """Nothing left of the owner's turn in progress (its steps, its end) moves or
        removes a worker: what is left is building. So whether a worker moved up, and
        where each ends the turn, are settled, and the searches of "if possible" rules
        that ask (Persephone, Adonis) stop there instead of passing over every set of
        Heracles's domes or Poseidon's builds. ``False`` is always safe. (Other powers'
        steps inserted in a turn follow moves, Charybdis's and the Harpies', or place a
        worker of Gaea's, so none moves after the mover's moves are over.)"""
        # (Kinds compared as ints: the searches ask at every state.)
        return self.builds_end_the_moves and any(s >> KIND_SHIFT & 0xF == KIND_BUILD for s in board.turn)

    def ends_the_moves(self, step: StepCode) -> bool:
        """After the owner takes ``step``, :meth:`moves_over` holds: the searches judge the
        step without taking it (a move up did not happen; the workers stand where they
        are now)."""
        return self.builds_end_the_moves and step >> KIND_SHIFT & 0xF == KIND_BUILD

    # ---------------------------------------------------------------- opponents' turns
    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        """Whether opponent ``player`` may take ``step`` (Athena: not up). ``END`` is asked
        about too, so a restriction can refuse to let the turn end as it stands."""
        return True

    def shields(self, board: State, owner: int, player: int, square: int) -> bool:
        """Whether the worker on ``square`` is out of reach of ``player``'s power: nothing
        of theirs may force, swap, remove or choose it (Clio's workers standing on a coin,
        RULINGS #50). Steps onto or of such a worker are refused in
        :meth:`allows_opponent_step`; effects inside another step or at the end of a turn
        (Bia's removal, Medusa's petrification) ask ``rules.shielded``, which asks this."""
        return False

    # ---------------------------------------------------------------- winning
    def wins_with(self, board: State, player: int, step: StepCode) -> Termination | None:
        """Whether the owner's step, just taken, wins: moving *up* onto level 3 (rule 2.1).

        Forced is not moved, and level 3 to level 3 is not up (rulings 1-2).
        """
        if step_kind(step) is StepKind.MOVE:
            height = board.height
            if height[step_dst(step)] == 3 and height[step_src(step)] < 3:
                return Termination.CLIMB
        return None

    def wins_on(self, board: State, owner: int, player: int, step: StepCode) -> Termination | None:
        """Whether another player's step, just taken, makes the owner win (Chronus's fifth
        Complete Tower, built by an opponent). Asked after the mover's own win check."""
        return None

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        """Whether this power stops opponent ``player`` winning with ``step`` (Hera)."""
        return False

    def __repr__(self) -> str:
        return f"<Power {self.name or 'none'}>"


#: The state the hooks see: a position whose players hold powers. (The facade
#: :class:`~aegean.santorini.board.Board` is one, with the public API on top.)
State: TypeAlias = GameState[Power]

#: Implemented powers by lower-case name; filled as power modules are imported.
REGISTRY: dict[str, type[Power]] = {}

#: The shared "no power" instance.
NO_POWER = Power()
