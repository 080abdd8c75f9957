"""32. Charybdis, Whirlpool Monster — *Setup*: put 2 Whirlpool tokens on your card. *End of
Your Turn*: you may place a Whirlpool token from your card on any unoccupied space. *Any
Time*: while both Whirlpool tokens lie on unoccupied spaces, a worker that moves onto one
of them must immediately move to the other token's space; this counts as a move in the
same direction as the move before it. A Whirlpool token that is built on or removed goes
back to your card.

The engine follows the printed text (RULINGS #49); the revision (no win on the first
whirlpool) is not implemented.

- End of her turn: an optional last ``MARK`` step after her build puts one whirlpool from
  the card on an unoccupied space (any level) that holds no other token (SANTORINI.md §1),
  ``b2-c3^d4*e5``. One per turn; none after a winning climb.
- The whirlpool: when any worker *moves* (forced is not moved, RULINGS #1) onto one
  whirlpool while the other lies on a space without a worker, the worker at once moves on
  to the other one. That jump is a step of its own that Charybdis's power takes in the
  mover's turn (``interjection_steps``), a move from whirlpool to whirlpool, so a turn reads
  ``b2-c3-e5^e4``; the mover's turn then goes on from the second whirlpool (its build
  neighbours that space; the mover's power sees the jump carry on the move before it,
  ``rules.mover_turn``, so Artemis may still take her second move; Triton may go on if it
  is on the perimeter). A worker stepping from one whirlpool
  onto the other does not jump back: the whirlpool it left lay under it as it moved (so the
  jump itself never triggers a jump back). A move onto a whirlpool space that held a
  worker just before (Apollo's swap, Minotaur's push) is judged after that worker has
  left, like any arrival.
- Winning: each move is checked as it happens (RULINGS #7). Climbing onto the first
  whirlpool at level 3 wins at once, before the whirlpool acts. The jump "counts as a
  move": it wins like a move from the first whirlpool's level to the second's (onto level
  3 from a lower one), with the usual vetoes (Hera); it may rise any number of levels, the
  whirlpool carries the worker. The engine checks an interjected move for a win as a move
  of the player to move. "In the same direction" does not let
  other powers' restrictions on moves stop the jump: it is compulsory and already allowed
  by the move before it.
- Back to the card: a whirlpool whose space is built on (block or dome) or lowered (Ares's
  removal) returns to the card, however that happened (a step, or Medusa's petrifying
  build at the end of a turn). The tokens note each whirlpool's level beside its square,
  checked after every step and when a turn starts (a position written without the
  levels takes the levels of the moment, and then still sees builds made by steps).

Tokens: ``charybdis=<squares>`` the whirlpools on the board (sorted; a ``square_token``) and
``charybdis.levels=<levels>`` their levels when placed, in the same order; both absent while
the two whirlpools are on her card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from ..power import Power, State
from ..squares import SQUARE_NAMES, SQUARES
from ..steps import END, KIND_MOVE, KIND_SHIFT, MOVES, StepCode, StepKind, mark, step_dst, step_kind, step_src
from ..token_values import ValueCheck, count, squares

#: The token keys: the whirlpools' squares, and their levels.
POOLS = "charybdis"
LEVELS = "charybdis.levels"
#: Whirlpools on the card at the start.
CARD_POOLS: Final = 2
_SQUARE_OF: Final = {name: s for s, name in enumerate(SQUARE_NAMES)}


def whirlpools(board: State) -> list[tuple[int, int]]:
    """The whirlpools on the board as (square, level when placed), by square."""
    text = board.tokens.get(POOLS)
    if not text:
        return []
    squares = [_SQUARE_OF[name] for name in text.split(",")]
    levels = [int(level) for level in board.tokens.get(LEVELS, "").split(",") if level]
    if len(levels) != len(squares):  # a hand-written position may leave the levels out
        levels = [board.height[s] + 4 * (board.domes >> s & 1) for s in squares]
    return list(zip(squares, levels, strict=True))


def _set_whirlpools(board: State, pools: list[tuple[int, int]]) -> None:
    pools = sorted(pools)
    board.set_token(POOLS, ",".join(SQUARE_NAMES[s] for s, _ in pools) or None)
    board.set_token(LEVELS, ",".join(str(level) for _, level in pools) or None)


def _level(board: State, square: int) -> int:
    """The level of ``square`` as the whirlpools remember it: a dome counts 4 above it."""
    return board.height[square] + 4 * (board.domes >> square & 1)


def levels_of_whirlpools(value: str) -> str | None:
    """``charybdis.levels``: the level each whirlpool's space had when it was placed (a
    dome counts 4 more), in the order of ``charybdis``."""
    check = count(0, 7)
    return next(filter(None, (check(level) for level in value.split(","))), None)


class Charybdis(Power):
    name = "Charybdis"
    interjection_order = -1  # the whirlpool jump resolves before a Harpies slide (RULINGS #55)
    square_tokens = (POOLS,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {
        POOLS: squares(most=CARD_POOLS, ordered=True),  # (in the order of their levels)
        LEVELS: levels_of_whirlpools,
    }

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        pools = board.tokens.get(POOLS, "").split(",")
        if problem is None and key == LEVELS and len(value.split(",")) != len(pools):
            return f"one level per whirlpool of {POOLS}"
        return problem

    # ---------------------------------------------------------------- her turn
    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        turn = board.turn
        if turn and step_kind(turn[-1]) is StepKind.MARK:
            return [END]
        steps = super().turn_steps(board, player)
        if steps != [END] or len(whirlpools(board)) >= CARD_POOLS:
            return steps
        blocked = board.occupied | board.domes | board.token_squares()
        return [*(mark(s) for s in SQUARES if not blocked >> s & 1), END]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step_kind(step) is StepKind.MARK:
            square = step_dst(step)
            _set_whirlpools(board, [*whirlpools(board), (square, _level(board, square))])
            return
        super().apply_step(board, player, step)  # also the whirlpool jump, a move

    # ---------------------------------------------------------------- any time
    def interjection_steps(self, board: State, owner: int, player: int) -> list[StepCode]:
        """The whirlpool jump, right after a move onto a whirlpool while the other one lies
        on a space without a worker."""
        turn = board.turn
        if not turn or turn[-1] >> KIND_SHIFT & 0xF != KIND_MOVE or POOLS not in board.tokens:
            return []
        pools = whirlpools(board)
        if len(pools) != CARD_POOLS:
            return []
        (a, _), (b, _) = pools
        arrived = step_dst(turn[-1])
        if arrived == b:
            a, b = b, a
        elif arrived != a:
            return []
        # The other whirlpool must be free, and not the one the worker came from (it lay
        # under the worker as it moved; so the jump itself never sends it back).
        if board.owner[a] < 0 or board.occupied >> b & 1 or step_src(turn[-1]) == b:
            return []
        return [MOVES[a][b]]

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        if POOLS in board.tokens:
            kind = step_kind(step)
            built = step_dst(step) if kind is StepKind.BUILD or kind is StepKind.REMOVE else None
            self._settle(board, built)

    def start_of_turn_state(self, board: State, owner: int, player: int) -> None:
        if POOLS in board.tokens:
            self._settle(board)

    @staticmethod
    def _settle(board: State, built: int | None = None) -> None:
        """Send back to the card every whirlpool whose space was built on or lowered: the
        target of the step just taken (``built``), or a space whose level changed since the
        whirlpool was placed (a build outside any step, such as Medusa's)."""
        pools = whirlpools(board)
        kept = [(s, level) for s, level in pools if s != built and _level(board, s) == level]
        if len(kept) != len(pools):
            _set_whirlpools(board, kept)
