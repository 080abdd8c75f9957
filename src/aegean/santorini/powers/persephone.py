"""26. Persephone, Goddess of Spring Growth — *Opponent's Turn*: if possible, at least one
worker must move up this turn.

RULINGS #43: if the opponent has any legal turn containing a move up, every turn without
one is illegal; for the multi-movers (Artemis, Triton, Hermes) the sequence must contain an
up-move somewhere. #27: Prometheus may not build before moving when he could otherwise
move up, since his early build forbids the climb. "Possible" means under every other rule
in play (Athena, Hypnus, Aphrodite, …) and counts any move up, the moves other powers add
included (an Apollo swap onto a higher worker); a forced worker has not moved.

How: while the turn has no move up yet, a step is allowed only if, when some way of
finishing the turn contains a move up, the step still leads to one. This is decided by
searching the rest of the turn through the engine itself, with Persephone's own filter off
during that search (so every other rule applies, and a step leading only to dead ends is
no way of finishing). The rule is memoryless: after an allowed step, a turn with a move up
is still reachable, so the same test at the next step gives the same answer as one made
at the start of the turn. The answers are memoized by state (they are a function of the
state alone), so each state of a turn is searched about once.

Token: ``persephone=up`` from the opponent's first move up to the end of that turn.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from contextlib import AbstractContextManager
from typing import ClassVar

from .. import rules
from ..power import Power, State
from ..rules import in_setup_turn, opponents_of
from ..steps import KIND_MOVE, KIND_SHIFT, StepCode, step_dst, step_src
from ..token_values import ValueCheck, one_of

#: The token's key (``Power.token``, spelled out for the hot paths) and its value once the
#: opponent has moved up this turn.
TOKEN = "persephone"
UP = "up"

#: Boards (by ``id``) inside Persephone's own search: her filter is off there, so the
#: search sees the turns every other rule allows.
_SEARCHING: set[int] = set()
#: Memo of "some way of finishing the turn from here moves up", by state (the answer is a
#: function of the position, tokens, turn so far and powers in play).
_MEMO: dict[Hashable, bool] = {}
_MEMO_LIMIT = 100_000


def _searching(board: State) -> AbstractContextManager[None]:
    return rules.searching_once(_SEARCHING, board)


def _rises(board: State, step: StepCode) -> bool:
    # Kinds compared as ints: this runs for every step the searches try.
    return (
        step >> KIND_SHIFT & 0xF == KIND_MOVE and board.height[step_dst(step)] > board.height[step_src(step)]
    )


def _state_key(board: State) -> Hashable:
    """What the rest of the turn depends on (as the engine merges states), plus the powers
    in play (their classes: power objects are stateless)."""
    return (rules.state_key(board), tuple(map(type, board.powers)))


class Persephone(Power):
    name = "Persephone"
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: one_of(UP)}

    def moved_up(self, board: State) -> bool:
        return board.tokens.get(TOKEN) == UP

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        # Heights of the move's squares are unchanged by the move itself, so this is the
        # rise the move made.
        if not self.moved_up(board) and _rises(board, step) and player in opponents_of(board, owner):
            board.set_token(self.token, UP)

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if self.token in board.tokens:
            board.set_token(self.token, None)

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        # Setup placements are no turn of play; a PLACE in play (Jason) is held to the rule.
        if id(board) in _SEARCHING or board.tokens.get(TOKEN) == UP or in_setup_turn(board):
            return True
        if board.n_players == 4 and player not in opponents_of(board, owner):  # a teammate
            return True
        if not self._can_move_up(board):
            return True
        return self._leads_up(board, step)

    def _can_move_up(self, board: State) -> bool:
        """Some way of finishing the turn in progress contains a move up."""
        key = _state_key(board)
        known = _MEMO.get(key)
        if known is None:
            seen: set[Hashable] = set()
            way: list[Hashable] = []
            with _searching(board):
                known = self._search(board, self.moved_up(board), seen, way)
            if len(_MEMO) + len(seen) >= _MEMO_LIMIT:
                _MEMO.clear()
            if known:
                # Every state on the way found leads up too.
                _MEMO.update(dict.fromkeys(way, True))
            else:
                # Nothing reachable from here moves up, so nothing reachable from any state
                # the search passed through does either (Hermes's travels are searched once).
                _MEMO.update(dict.fromkeys(seen, False))
            _MEMO[key] = known
        return known

    def _leads_up(self, board: State, step: StepCode) -> bool:
        """Taking ``step`` now still lets the turn finish with a move up in it."""
        up = self.moved_up(board) or _rises(board, step)
        if not up and rules.power_of(board, board.to_move).ends_the_moves(step):
            return False
        mark, start_ply = board.checkpoint(), board.ply
        with _searching(board):
            try:
                rules.apply_step(board, step)
                if board.decided is not None or board.ply != start_ply:
                    return up
                return self._can_move_up(board)
            finally:
                board.rollback(mark)

    def _search(self, board: State, up: bool, seen: set[Hashable], way: list[Hashable]) -> bool:
        """Depth first through the rest of the turn, merging states as the engine does
        and using what earlier searches found; on success, ``way`` holds the states of the
        way found (the state's key covers the move up: her token is in the hash)."""
        mover = rules.power_of(board, board.to_move)
        if not up and mover.moves_over(board):
            return False  # (no move is left to go up with)
        for step in rules.end_first(rules.candidate_steps(board)):
            went_up = up or _rises(board, step)
            if not went_up and mover.ends_the_moves(step):
                continue
            mark, start_ply = board.checkpoint(), board.ply
            try:
                rules.apply_step(board, step)
                if board.decided is not None or board.ply != start_ply:
                    if went_up:
                        return True
                    continue
                key = _state_key(board)
                known = _MEMO.get(key)
                if known is not None:
                    if known:
                        return True
                    continue
                if key not in seen:
                    seen.add(key)
                    if self._search(board, went_up, seen, way):
                        way.append(key)
                        return True
            finally:
                board.rollback(mark)
        return False
