"""11. Aphrodite, Goddess of Love — *Any Move*: if an opponent worker starts its turn
neighbouring one of your workers, its last move must end on a space neighbouring one of
your workers.

RULINGS #28: only workers that *start* the opponent's turn next to an Aphrodite worker are
bound, and a bound worker that moves must *end its movement* next to one (a bound worker
that does not move is free). The movement ends at the first step that is not a move (a
build, or ending the turn), so the multi-movers (Artemis, Triton, Hermes) may wander away
and come back; but a move that wins ends the game at once, so a winning move that leaves a
bound worker away from her is illegal: a multi-mover cannot pass through a level-3 win on
the way. Where the win would be void anyway (Hera's perimeter), the step is no win and may
be passed through. Adjacency is judged where her workers stand at that moment (after an
Apollo swap or a Minotaur push of one of them).

How: builds and ``END`` are refused while a bound worker that moved stands away from her;
a win away from her is caught where the engine checks wins (``vetoes_win``, after the
move's own effects, and after the other opponents' vetoes): she cancels it and marks the
turn void, so no step can follow and the engine drops the move as one that cannot finish
a turn. Ordinary moves cost nothing to check.

Token: ``aphrodite=<squares>`` lists the bound workers from the start of the opponent's
turn to its end, following them as they go; a ``*`` marks one that has moved
(``aphrodite=c3*,d4``); ``aphrodite=void`` only inside the engine's look-ahead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..power import Power, State
from ..rules import opponents_of
from ..squares import NEIGHBOR_MASK, SQUARE_NAMES
from ..steps import KIND_MOVE, KIND_SHIFT, StepCode, StepKind, step_dst, step_src
from ..token_values import ValueCheck, squares

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
MOVED = "*"
#: Token value after a win away from her was tried: the turn cannot go on (a dead end).
VOID = "void"
KIND_FORCE = int(StepKind.FORCE)
#: The token's key (``Power.token``, spelled out for the hot paths).
TOKEN = "aphrodite"


def bound_workers(value: str) -> str | None:
    """``aphrodite``: the bound workers' squares, each with ``*`` once it has moved."""
    if value == VOID:
        return f"{VOID!r} is the engine's own look-ahead mark, never part of a position"
    return squares(most=4, ordered=True)(",".join(item.removesuffix(MOVED) for item in value.split(",")))


class Aphrodite(Power):
    name = "Aphrodite"
    worker_tokens = (TOKEN,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: bound_workers}

    def bound(self, board: State) -> list[tuple[int, bool]]:
        """The bound opponent workers of the turn in progress: (square, has moved)."""
        text = board.tokens.get(self.token)
        if not text:
            return []
        out = []
        for item in text.split(","):
            square = _SQUARE_OF.get(item.removesuffix(MOVED))
            if square is not None:
                out.append((square, item.endswith(MOVED)))
        return out

    def _set_bound(self, board: State, bound: list[tuple[int, bool]]) -> None:
        text = ",".join(SQUARE_NAMES[s] + (MOVED if moved else "") for s, moved in bound)
        board.set_token(self.token, text or None)

    @staticmethod
    def _near_her(board: State, owner: int, square: int) -> bool:
        return any(NEIGHBOR_MASK[square] >> w & 1 for w in board.workers[owner])

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        if player not in opponents_of(board, owner) or board.placing:
            return
        bound = [(w, False) for w in board.workers[player] if self._near_her(board, owner, w)]
        if bound or self.token in board.tokens:
            self._set_bound(board, bound)

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if self.token in board.tokens:
            board.set_token(self.token, None)

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        if player == owner:
            return
        text = board.tokens.get(TOKEN)
        kind = step >> KIND_SHIFT & 0xF
        if not text or (kind != KIND_MOVE and kind != KIND_FORCE) or SQUARE_NAMES[step_src(step)] not in text:
            return
        src = step_src(step)
        bound = self.bound(board)
        for i, (square, moved) in enumerate(bound):
            if square == src:
                # Forced is not moved: a forced worker keeps its "moved" mark as it was.
                bound[i] = (step_dst(step), moved or kind == KIND_MOVE)
                self._set_bound(board, bound)
                return

    @staticmethod
    def _movement_ok(board: State, owner: int) -> bool:
        """Every bound worker that has moved stands next to one of her workers."""
        near = 0
        for w in board.workers[owner]:
            near |= NEIGHBOR_MASK[w]
        for item in board.tokens.get(TOKEN, "").split(","):
            if item.endswith(MOVED):
                square = _SQUARE_OF.get(item[:-1])
                if square is not None and board.owner[square] != -1 and not near >> square & 1:
                    return False
        return True

    def allows_opponent_step(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        text = board.tokens.get(TOKEN)
        if not text:
            return True
        if text == VOID:  # nothing follows a win tried away from her
            return False
        # A build, or ending the turn, closes the movement.
        return step >> KIND_SHIFT & 0xF == KIND_MOVE or MOVED not in text or self._movement_ok(board, owner)

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        """A win ends the movement at once: one that leaves a bound worker that moved away
        from her is not a win but an illegal step, so the turn is voided (no step may
        follow it). A win another power voids anyway (Hera's perimeter) is left to it."""
        if self.token not in board.tokens or self._movement_ok(board, owner):
            return False
        rivals = opponents_of(board, player)
        for other, power in enumerate(board.powers):
            if other != owner and other in rivals and power.vetoes_win(board, other, player, step):
                return False
        board.set_token(self.token, VOID)
        return True
