"""A power test as a spec line: a position, what is legal there, and what happens.

Every power test states the same three things about a card (issue 13, item 17):

* a **position**, in notation or built by :func:`position` from a few levels;
* **what is legal** there: turns that must or must not be legal (and why not), the exact
  set or number of turns, what a listed turn begins with, the steps offered mid-turn;
* **what happens** when turns are played: the position after them, the winner and how,
  the tokens.

:class:`Scenario` holds the three as data and :meth:`Scenario.check` asserts them, so a
test reads as the rule it pins (cited in the test's docstring)::

    Scenario(
        position(workers="b2,d4 c3,d2"),
        illegal={"b2-c3^b2": "b2 is occupied by a worker"},
        play="b2-c3^c4",
        after=position("c4=1", "c3,d4 d2,b2", to_move=2),
    ).check()

Turns and steps are compared in notation through :func:`format_turn` and
:func:`format_step`, so the checks hold whether the engine hands out plain tuples and ints
or richer turn and step objects.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Protocol

import pytest

from aegean.santorini import END, Board, IllegalTurnError, StepKind, Termination, format_step, format_turn
from aegean.santorini.steps import step_kind


def position(
    levels: str = "", workers: str = "b2,d4 b4,d2", *, to_move: int = 1, powers: str, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


class PositionMaker(Protocol):
    """:func:`position` with a test file's own defaults."""

    def __call__(
        self, levels: str = "", workers: str = ..., *, to_move: int = ..., powers: str = ..., extra: str = ...
    ) -> str: ...


def positions(
    powers: str, workers: str = "b2,d4 b4,d2", *, to_move: int = 1, extra: str = ""
) -> PositionMaker:
    """:func:`position` with defaults for one test file: its powers, where the workers
    stand, who is to move, and any tokens."""

    def make(
        levels: str = "",
        workers: str = workers,
        *,
        to_move: int = to_move,
        powers: str = powers,
        extra: str = extra,
    ) -> str:
        return position(levels, workers, to_move=to_move, powers=powers, extra=extra)

    return make


def turns(board: Board) -> set[str]:
    """The engine's legal turns in notation."""
    return {format_turn(t) for t in board.legal_turns()}


def steps(board: Board) -> set[str]:
    """The steps the player to move may take next, in notation (a build by the worker in use
    leaves its square out: ``^c4``)."""
    return {format_step(s, board) for s in board.legal_steps()}


def step_kinds(board: Board) -> set[StepKind]:
    """The kinds of the steps offered next."""
    return {step_kind(s) for s in board.legal_steps()}


def state(board: Board) -> tuple[str, int, list[list[int]]]:
    """What undo must restore: the position, the hash and the workers in their order."""
    return board.position(), board.zobrist_hash(), [list(w) for w in board.workers]


def push_steps(board: Board, text: str) -> int:
    """Take the steps written in ``text`` one at a time (each checked by ``push``); returns
    how many were pushed."""
    pushed = 0
    for step in board.parse_turn(text):
        board.push(step)
        pushed += 1
    return pushed


def stepwise(board: Board, text: str) -> bool:
    """Whether the turn ``text`` can be played one offered step at a time (``legal_steps``)
    to its end, without listing every legal turn (which ``play`` does to explain an illegal
    one); the board is left as it was."""
    start, pushed = board.ply, 0
    try:
        for step in board.parse_turn(text):
            if board.ply != start or board.decided is not None:
                return False  # steps after the end of the turn
            board.push(step)
            pushed += 1
        if board.ply == start and board.decided is None:
            board.push(END)
            pushed += 1
        return True
    except IllegalTurnError:
        return False
    finally:
        for _ in range(pushed):
            board.pop()


@dataclass(frozen=True)
class Scenario:
    """What a card says about one position. Every field left at its default is not checked;
    :meth:`check` asserts the others, in the order they are listed here: what is legal at
    the start (once the steps of ``mid`` are taken), then what happens after ``play``. It
    returns the board at the end (for checks of a power's own state)."""

    #: The position (notation), or a board set up already (a game at its setup).
    start: str | Board
    _: KW_ONLY
    #: Steps of a turn in progress taken first (each checked), e.g. ``"b2-c3"``.
    mid: str = ""
    #: Whether the legal turns may be listed: off only where that takes too long (Moerae's
    #: 36,800 placement turns); then ``illegal`` turns are not looked for in the listing.
    listing: bool = True

    # ------------------------------------------------------------------ what is legal
    #: Exactly these turns are listed by ``legal_turns`` (in notation).
    turns: Collection[str] | None = None
    #: This many turns are listed.
    count: int | None = None
    #: The same turns are listed as from this other position (a power that changes nothing).
    turns_as: str | None = None
    #: Listed, written as the engine writes them.
    listed: Collection[str] = ()
    #: Not listed.
    unlisted: Collection[str] = ()
    #: Some listed turn begins with each of these.
    begins: Collection[str] = ()
    #: No listed turn begins with any of these.
    never_begins: Collection[str] = ()
    #: Some turn is listed, and every listed turn begins with one of these.
    all_begin: Collection[str] = ()
    #: ``play`` accepts each (in any spelling); the board is left as it was.
    legal: Collection[str] = ()
    #: ``play`` refuses each, for the reason given (a regex; ``""``: any reason), leaving
    #: the board as it was; none of them is listed.
    illegal: Mapping[str, str] | Collection[str] = ()
    #: Exactly these steps are offered next (``format_step`` notation).
    steps: Collection[str] | None = None
    #: Offered among the next steps.
    offered: Collection[str] = ()
    #: Not offered next.
    not_offered: Collection[str] = ()
    #: Exactly the steps of these kinds are offered next.
    kinds: Collection[StepKind] | None = None
    #: Each can / cannot be played one offered step at a time to the end of the turn (the
    #: check where listing every turn is slow, a dome-building hero's power unused).
    playable: Collection[str] = ()
    unplayable: Collection[str] = ()

    # ------------------------------------------------------------------ what happens
    #: Turns played in order (with ``play``, every step checked).
    play: str | Sequence[str] = ()
    #: The position after them.
    after: str | None = None
    #: Who won (0-based player, or the winning team), and how.
    winner: int | Collection[int] | None = None
    by: Termination | None = None
    #: Nobody has won and the player to move has a turn: the game goes on.
    ongoing: bool = False
    #: The tokens after the turns played.
    tokens: Mapping[str, str] | None = None

    def _board(self) -> Board:
        """The board at the start, with the steps of ``mid`` taken."""
        board = Board.from_position(self.start) if isinstance(self.start, str) else self.start
        if self.mid:
            push_steps(board, self.mid)
        return board

    def check(self) -> Board:
        board = self._board()
        where = board.position()
        self._check_listing(board, where)
        self._check_steps(board, where)
        self._check_playing(board, where)
        return board

    def _check_listing(self, board: Board, where: str) -> None:
        asked = (self.listed, self.unlisted, self.begins, self.never_begins, self.all_begin)
        asked_for = any(asked) or any(x is not None for x in (self.turns, self.count, self.turns_as))
        assert self.listing or not asked_for, "a check of the listed turns where they are not listed"
        if not asked_for and not (self.illegal and self.listing):
            return
        listed = turns(board)
        if self.turns is not None:
            assert listed == set(self.turns), (where, sorted(listed ^ set(self.turns)))
        if self.count is not None:
            assert len(listed) == len(board.legal_turns()) == self.count, (where, len(listed))
        if self.turns_as is not None:
            assert listed == turns(Board.from_position(self.turns_as)), (where, self.turns_as)
        for turn in self.listed:
            assert turn in listed, f"{where}: {turn} should be listed"
        for turn in (*self.unlisted, *self.illegal):
            assert turn not in listed, f"{where}: {turn} should not be listed"
        for prefix in self.begins:
            assert any(t.startswith(prefix) for t in listed), f"{where}: no listed turn begins {prefix}"
        for prefix in self.never_begins:
            starting = sorted(t for t in listed if t.startswith(prefix))
            assert not starting, f"{where}: listed turns begin {prefix}: {starting[:5]}"
        if self.all_begin:
            others = sorted(t for t in listed if not t.startswith(tuple(self.all_begin)))
            assert listed and not others, (where, others[:5])

    def _check_steps(self, board: Board, where: str) -> None:
        lists = (self.offered, self.not_offered, self.playable, self.unplayable)
        if self.steps is None and self.kinds is None and not any(lists):
            return
        offered = steps(board)
        if self.steps is not None:
            assert offered == set(self.steps), (where, sorted(offered ^ set(self.steps)))
        for step in self.offered:
            assert step in offered, f"{where}: {step} should be offered"
        for step in self.not_offered:
            assert step not in offered, f"{where}: {step} should not be offered"
        if self.kinds is not None:
            assert step_kinds(board) == set(self.kinds), where
        for turn in self.playable:
            assert stepwise(board, turn), f"{where}: {turn} should be playable step by step"
        for turn in self.unplayable:
            assert not stepwise(board, turn), f"{where}: {turn} should not be playable step by step"

    def _check_playing(self, board: Board, where: str) -> None:
        before = state(board)
        for turn in self.legal:
            assert board.is_legal(board.parse_turn(turn)), f"{where}: {turn} should be legal"
            assert state(board) == before
        reasons = self.illegal if isinstance(self.illegal, Mapping) else dict.fromkeys(self.illegal, "")
        for turn, reason in reasons.items():
            with pytest.raises(IllegalTurnError, match=reason or None):
                board.play(turn)
            assert state(board) == before, f"{where}: the refused {turn} changed the board"
        for turn in [self.play] if isinstance(self.play, str) else self.play:
            board.play(turn)
        if self.after is not None:
            assert board.position() == self.after
        if self.winner is not None or self.by is not None:
            outcome = board.outcome()
            assert outcome is not None, f"{board.position()}: nobody won"
            if self.winner is not None:
                winners = {self.winner} if isinstance(self.winner, int) else set(self.winner)
                assert outcome.winners == winners, (board.position(), outcome)
            if self.by is not None:
                assert outcome.termination is self.by, (board.position(), outcome)
        if self.ongoing:
            assert board.decided is None and board.outcome() is None, board.position()
        if self.tokens is not None:
            assert board.tokens == dict(self.tokens), board.position()
