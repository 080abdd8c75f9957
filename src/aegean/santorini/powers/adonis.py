"""47. Adonis, Devastatingly Handsome — *End of Your Turn*: once, choose an opponent worker;
if possible, it must end the opponent's next turn neighboring one of your workers.

The engine follows the printed text (RULINGS #72; the revision, where he also picks one of
his own workers, is not used). After his move and build he may mark one opponent worker,
written as a mark on its space: ``b2-c3^d4*c4``. That spends the power (``adonis=used``) and
sets ``adonis.target=<square>``, a worker tag that the board keeps on the chosen worker
however it moves or is forced, until the end of the opponent's next turn.

"If possible": if some legal turn of the opponent (under every other rule in play) ends with
the chosen worker neighbouring one of his workers, only such turns are legal. A winning
turn ends the turn too, so a win that leaves the chosen worker away from him is illegal
when a compliant turn exists (as for Aphrodite, ruling 28). The state judged is the one at
the end of the turn, after end-of-turn effects. How: while the restriction is on, a step
is allowed only if, when some way of finishing the turn complies, the step still leads to
one; this is decided by searching the rest of the turn through the engine with Adonis's
filter off (as Persephone does), memoized by state.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from contextlib import AbstractContextManager
from typing import ClassVar

from .. import rules
from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBOR_MASK, SQUARE_NAMES
from ..steps import END, StepCode, StepKind, mark, step_dst, step_kind
from ..token_values import ValueCheck, square
from .hero import Hero

#: The token naming the chosen opponent worker (a worker tag) during the restricted turn.
TARGET = "adonis.target"
_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}

#: Boards (by ``id``) inside Adonis's own search: his filter is off there, and the
#: restricted turn's end does not clear the target (the search looks at where it ended).
_SEARCHING: set[int] = set()
#: Memo of "some way of finishing the turn from here complies", by state.
_MEMO: dict[Hashable, bool] = {}
_MEMO_LIMIT = 100_000


def _searching(board: State) -> AbstractContextManager[None]:
    return rules.searching_once(_SEARCHING, board)


def _state_key(board: State) -> Hashable:
    """What the rest of the turn depends on (as the engine merges states), plus the powers
    in play (their classes: power objects are stateless)."""
    return (rules.state_key(board), tuple(map(type, board.powers)))


class Adonis(Hero):
    name = "Adonis"
    worker_tags = (TARGET,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TARGET: square}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is None and key == TARGET and board.owner[_SQUARE_OF[value]] == -1:
            return f"Adonis chooses a worker, and none stands on {value}"
        return problem

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.BUILD and self.may_use(board, player):
            rivals = opponents_of(board, player)
            marks = [mark(w) for rival in sorted(rivals) for w in board.workers[rival]]
            return [*marks, END]
        return Power.turn_steps(self, board, player)

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            self.spend(board)
            board.set_token(TARGET, SQUARE_NAMES[step_dst(step)])
            return
        super().apply_step(board, player, step)

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if TARGET in board.tokens and player in opponents_of(board, owner) and id(board) not in _SEARCHING:
            board.set_token(TARGET, None)

    # ------------------------------------------------------------ the restriction
    def target(self, board: State) -> int | None:
        """The square of the chosen opponent worker, while the restriction is on."""
        return _SQUARE_OF.get(board.tokens.get(TARGET, ""))

    def beside(self, board: State, owner: int) -> bool:
        """The chosen worker neighbours one of Adonis's workers."""
        target = self.target(board)
        if target is None or board.owner[target] == -1:
            return False
        return any(NEIGHBOR_MASK[w] >> target & 1 for w in board.workers[owner])

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        if id(board) in _SEARCHING or TARGET not in board.tokens:
            return True
        if player not in opponents_of(board, owner) or not self.is_card_owner(board, owner):
            return True
        if not self._can_comply(board, owner):
            return True
        return self._leads_to_compliance(board, owner, step)

    def _can_comply(self, board: State, owner: int) -> bool:
        """Some way of finishing the turn in progress ends with the chosen worker beside him."""
        key = _state_key(board)
        known = _MEMO.get(key)
        if known is None:
            seen: set[Hashable] = set()
            way: list[Hashable] = []
            with _searching(board):
                known = self._search(board, owner, seen, way)
            if len(_MEMO) + len(seen) >= _MEMO_LIMIT:
                _MEMO.clear()
            # Every state on the way found complies too; nothing the failed search
            # reached does (so Hermes's travels are searched once per turn, not per step).
            _MEMO.update(dict.fromkeys(way, True) if known else dict.fromkeys(seen, False))
            _MEMO[key] = known
        return known

    def _leads_to_compliance(self, board: State, owner: int, step: StepCode) -> bool:
        """Taking ``step`` now still lets the turn end with the chosen worker beside him."""
        if rules.power_of(board, board.to_move).ends_the_moves(step) and not self.beside(board, owner):
            return False
        mark_, start_ply = board.checkpoint(), board.ply
        with _searching(board):
            try:
                rules.apply_step(board, step)
                if board.decided is not None or board.ply != start_ply:
                    return self.beside(board, owner)
                return self._can_comply(board, owner)
            finally:
                board.rollback(mark_)

    def _search(self, board: State, owner: int, seen: set[Hashable], way: list[Hashable]) -> bool:
        """Depth first through the rest of the turn, merging states as the engine does and
        using what earlier searches found; on success, ``way`` holds the states of the
        way found."""
        mover, beside = rules.power_of(board, board.to_move), self.beside(board, owner)
        if not beside and mover.moves_over(board):
            return False  # (where the workers end the turn is settled)
        for step in rules.end_first(rules.candidate_steps(board)):
            if not beside and mover.ends_the_moves(step):
                continue
            mark_, start_ply = board.checkpoint(), board.ply
            try:
                rules.apply_step(board, step)
                if board.decided is not None or board.ply != start_ply:
                    if self.beside(board, owner):
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
                    if self._search(board, owner, seen, way):
                        way.append(key)
                        return True
            finally:
                board.rollback(mark_)
        return False
