"""The seeded random-playout harness shared by the fuzz tests (``test_power_fuzz.py``,
``test_mode_fuzz.py``): it plays a game with random legal turns and steps, checking the
engine's invariants as it goes (see ``test_power_fuzz.py`` for the list), within a work
budget counted in engine steps so that the files' run time does not depend on the machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

import pytest

from aegean.santorini import Board, format_turn, rules
from aegean.santorini.powers import Power, make_power
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.steps import END, StepCode, TurnCode, place

T = TypeVar("T")

#: Turns per game at most, placement turns included.
TURN_CAP = 40
#: One turn in this many is checked step by step against ``legal_turns``.
SAMPLE_EVERY = 3
#: A turn played step by step takes this many random steps at most, then finishes with
#: one of the legal turns from there (Triton may run round the edge for ever).
WALK_STEPS = 8


class WorkSpent(Exception):
    """The pair's work budget ran out inside a search."""


class Work:
    """Counts the engine's steps; while ``armed``, running out aborts the search."""

    def __init__(self, limit: int) -> None:
        self.left = limit
        self.armed = False

    @property
    def spent(self) -> bool:
        return self.left < 0


def counting_work(monkeypatch: pytest.MonkeyPatch, limit: int) -> Work:
    """A :class:`Work` counter wired into ``rules.apply_step`` for one test."""
    counter = Work(limit)
    original = rules.apply_step

    def counting(board: Board, step: StepCode) -> None:
        counter.left -= 1
        if counter.armed and counter.left < 0:
            raise WorkSpent
        original(board, step)

    monkeypatch.setattr(rules, "apply_step", counting)
    return counter


def _mask(squares: list[int]) -> int:
    mask = 0
    for square in squares:
        mask |= 1 << square
    return mask


class Playout:
    """One seeded random game with checks; :meth:`run` plays it and undoes it."""

    def __init__(
        self,
        powers: tuple[str | None, ...],
        seed: int,
        work: Work,
        *,
        fleece: str | None = None,
        turn_cap: int = TURN_CAP,
        list_every: int = 1,
    ) -> None:
        """``list_every``: list the legal turns (and check them) on one turn in this many;
        the others are random walks through ``legal_steps``, cheaper for short games."""
        self.powers = powers
        self.seed = seed
        self.work = work
        self.fleece = fleece
        self.turn_cap = turn_cap
        self.list_every = list_every
        self.rng = random.Random(seed)
        start = self.rng.choice(allowed_start_players([make_power(name) for name in powers]))
        self.board = Board(len(powers), list(powers), start_player=start, fleece=fleece)
        # Placement under the base rules is checked elsewhere: walking it through
        # legal_steps is enough then, and far cheaper than listing 300 placements.
        self.custom_placement = any(
            type(p).placement_squares is not Power.placement_squares for p in self.board.powers
        )
        self.pushes = 0  # entries on the board's undo stack

    def where(self) -> str:
        played = " ".join(format_turn(t) for t in self.board.history)
        names = " vs ".join(p or "-" for p in self.powers)
        fleece = f" (Golden Fleece: {self.fleece})" if self.fleece else ""
        return (
            f"{names}{fleece}, seed {self.seed}, position {self.board.position()!r}, "
            f"turns {played or '(none)'}"
        )

    # ------------------------------------------------------------------ the budget
    def ask(self, question: Callable[[], T]) -> T:
        """A search (``legal_turns``/``legal_steps``) that may run out of budget: then
        the board is put back as it was and :class:`WorkSpent` ends the game."""
        if self.work.spent:
            raise WorkSpent
        mark = self.board.checkpoint()
        self.work.armed = True
        try:
            return question()
        except WorkSpent:
            self.board.rollback(mark)
            raise
        finally:
            self.work.armed = False

    def push(self, step: StepCode) -> None:
        self.board.push(step)
        self.pushes += 1

    def pop(self) -> None:
        self.board.pop()
        self.pushes -= 1

    # ------------------------------------------------------------------ checks
    def check_board(self) -> None:
        """The structural invariants, the hash and the position round trip."""
        board, where = self.board, self.where
        squares = board.worker_squares()
        assert len(squares) == len(set(squares)), f"two workers on one square: {where()}"
        for player, workers in enumerate(board.workers[: board.n_sides]):
            for square in workers:
                assert board.owner[square] == player, f"owner table wrong on square {square}: {where()}"
        assert sum(1 for o in board.owner if o >= 0) == len(squares), f"stray owner entry: {where()}"
        assert board.occupied == _mask(squares), f"occupied mask disagrees: {where()}"
        assert not board.occupied & board.domes, f"a worker on a dome: {where()}"
        out = board.eliminated()
        assert all(not board.workers[p] for p in out), f"a player out of the game kept workers: {where()}"
        assert all(0 <= level <= 3 for level in board.height), f"a level outside 0-3: {where()}"
        expected = board.zobrist_hash()
        assert board.rehash() == expected, f"incremental hash differs from rehash: {where()}"
        text = board.position()
        again = Board.from_position(text)
        assert again.position() == text, f"position does not round-trip ({again.position()}): {where()}"
        assert again.zobrist_hash() == expected, f"re-read position hashes differently: {where()}"

    def check_outcome(self, turns: list[TurnCode]) -> bool:
        """``outcome()`` against the legal turns; True when the game is over."""
        board = self.board
        outcome = board.outcome()
        assert (outcome is not None) == (not turns or board.decided is not None), (
            f"outcome() is {outcome} with {len(turns)} legal turns, decided {board.decided}: {self.where()}"
        )
        return outcome is not None

    def end_states(self, turns: list[TurnCode]) -> set[int]:
        """The hash after each legal turn (each push_turn/pop must restore the hash)."""
        board = self.board
        before = board.zobrist_hash()
        found = set()
        for turn in turns:
            board.push_turn(turn)
            found.add(board.zobrist_hash())
            board.pop()
            assert board.zobrist_hash() == before, f"pop after {format_turn(turn)} differs: {self.where()}"
        return found

    # ------------------------------------------------------------------ playing
    def play_steps(self, turn: TurnCode) -> int:
        """Play ``turn`` one checked step at a time, with END where the turn is not over
        by itself; returns the number of pushes."""
        board, ply, pushes = self.board, self.board.ply, 0
        for step in turn:
            legal = self.ask(board.legal_steps)
            assert step in legal, f"step {pushes + 1} of {format_turn(turn)} not legal: {self.where()}"
            self.push(step)
            pushes += 1
            self.check_board()
        if board.ply == ply and board.decided is None:
            assert END in self.ask(board.legal_steps), f"{format_turn(turn)} cannot end: {self.where()}"
            self.push(END)
            pushes += 1
        assert board.ply != ply or board.decided is not None, f"{format_turn(turn)} is open: {self.where()}"
        return pushes

    def walk(self) -> None:
        """Take random legal steps until the turn is over, checking the board after each;
        after ``WALK_STEPS`` steps, finish with one of the legal turns from there."""
        board, ply, taken = self.board, self.board.ply, 0
        while board.ply == ply and board.decided is None:
            if taken >= WALK_STEPS:
                rest = self.ask(board.legal_turns)
                assert rest, f"legal_turns is empty in the middle of a turn: {self.where()}"
                self.play_steps(self.rng.choice(rest))
                return
            steps = self.ask(board.legal_steps)
            assert steps, f"legal_steps is empty in the middle of a turn: {self.where()}"
            self.push(self.rng.choice(steps))
            taken += 1
            self.check_board()

    def sampled_turn(self, turns: list[TurnCode]) -> None:
        """Both ways round: a listed turn replays step by step to the same position, and
        a random walk through legal_steps ends where some listed turn ends."""
        board = self.board
        ends = self.end_states(turns)
        chosen = self.rng.choice(turns)
        board.push_turn(chosen)
        direct = board.zobrist_hash()
        board.pop()
        steps = self.play_steps(chosen)
        assert board.zobrist_hash() == direct, (
            f"{format_turn(chosen)} played step by step differs from push_turn: {self.where()}"
        )
        for _ in range(steps):
            self.pop()
        self.walk()
        assert board.zobrist_hash() in ends, (
            f"a legal_steps walk ({format_turn(board.history[-1])}) ended where no listed turn "
            f"does: {self.where()}"
        )

    def run(self) -> bool:
        """Play the game (to its end, the turn cap or the budget), checking it, then undo
        it; True when it ended with an outcome."""
        board = self.board
        start_position, start_hash = board.position(), board.zobrist_hash()
        ended = False
        try:
            self.check_board()
            for number in range(self.turn_cap):
                if board.placing and not self.custom_placement and not board.turn:
                    # Base-rule placement is checked elsewhere: random free squares.
                    free = [square for square in range(25) if board.is_free(square)]
                    count = board.still_to_place(board.to_move)
                    board.push_turn(tuple(place(square) for square in self.rng.sample(free, count)))
                    self.pushes += 1
                    self.check_board()
                    continue
                if number % self.list_every:
                    if self.ask(board.outcome) is not None:
                        ended = True
                        break
                    self.walk()
                    continue
                turns = self.ask(board.legal_turns)
                if self.check_outcome(turns):
                    ended = True
                    break
                if number % SAMPLE_EVERY == 0:
                    self.sampled_turn(turns)
                else:
                    board.push_turn(self.rng.choice(turns))
                    self.pushes += 1
                self.check_board()
        except WorkSpent:
            pass  # the pair's budget is spent: stop here, and undo what was played
        except AssertionError:
            raise
        except Exception as error:  # an engine crash: report the game that caused it
            raise AssertionError(f"{type(error).__name__}: {error}: {self.where()}") from error
        where = self.where()
        while self.pushes:
            self.pop()
        assert board.position() == start_position, f"undoing the game did not restore the start: {where}"
        assert board.zobrist_hash() == start_hash, f"undoing the game did not restore the hash: {where}"
        assert board.rehash() == start_hash, f"the start position rehashes differently: {where}"
        return ended
