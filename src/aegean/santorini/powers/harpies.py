"""38. Harpies, Winged Menaces — *Opponent's Turn*: each time an opponent worker moves, it
is then forced space by space in the same direction until the next space is higher than
its current one or is obstructed.

RULINGS #55: after every *move* step of an opponent worker (each move of Artemis's,
Triton's or Hermes's several moves, each time — the card says "each time"; Apollo's and
Minotaur's moves included) the worker slides on along the direction of that move, one
space at a time, while the next space is on the board, holds no worker and no dome, and is
not higher than the space it stands on (equal or lower levels, any drop). A token that
acts as a dome obstructs too: the card whose token lies ahead is asked, through its
``allows_opponent_step``, whether a force onto that space is allowed (Europa's Talus: for
no one, Europa included; Clio's coins: not for her opponents; a whirlpool: for anyone).

Forces are not moves: a slide never wins and is not stopped by Hades, Athena or other
move restrictions. The win check comes first: a winning move (a climb onto level 3) ends
the game where the worker arrived, with no slide. Workers of Harpies's own side never
slide, even when an opponent moves them (Dionysus's extra turn). A wrap-around move of
Urania slides in the direction it was made, but the slide itself stops at the edge
(RULINGS #62: only Urania's own moves wrap). A move between squares that are no
neighbours (Charybdis's whirlpool jump, which "counts as a move in the same direction as
the move before it") slides on in the direction of the move before it.

How: the slide is Harpies's step inside the opponent's turn, an interjection
(``interjection_steps``) with a single choice, taken right after the move. It is written
as a move of the worker in use from where it arrived to where it comes to rest, so the
turn reads ``b2-b3-b5^b4`` (b2 moves to b3, slides on to b5, then builds b4), as
Charybdis's whirlpool jump does. The step kind is bookkeeping: like a move it relocates
"the worker that moved", so every power that builds with (or counts from) that worker
finds it where it came to rest. Under the rules it stays a force: no restriction on moves
filters it (the engine never filters an interjection), and the win check the engine runs
on an interjected move is vetoed by Harpies for the slide (``vetoes_win``), so nobody
wins by sliding (Pan dropping two levels, Eros arriving next to his other worker).

Token: ``harpies=<from>-<to>`` the slide owed, between the move and the slide; then
``harpies=<from>><to>`` for the slide just made, until the next step (or the end of the
turn), so that its win check can be told apart from a move's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from .. import rules
from ..power import Power, State
from ..squares import DIRECTIONS, SQUARE_NAMES, file_of, rank_of
from ..squares import step as step_from
from ..steps import MOVES, StepCode, StepKind, force, step_dst, step_kind, step_src
from ..token_values import ValueCheck, square

_SQUARE_OF = {name: s for s, name in enumerate(SQUARE_NAMES)}
#: The token's key (``Power.token``): the slide owed, ``<from>-<to>``.
TOKEN = "harpies"


def _unit(delta: int) -> int | None:
    """A one-space file or rank change from the difference of a move's coordinates: a
    difference of 4 is a wrap-around step (Urania) the other way; 2 or 3 is no step."""
    if -1 <= delta <= 1:
        return delta
    if abs(delta) == 4:
        return -delta // 4
    return None


def move_direction(board: State, index: int) -> tuple[int, int] | None:
    """The direction of the move ``board.turn[index]``. A move between squares that are
    no neighbours (Charybdis's whirlpool jump "counts as a move in the same direction as
    the move before it") takes the direction of the turn's move before it."""
    while index >= 0:
        step = board.turn[index]
        if step_kind(step) is StepKind.MOVE:
            src, dst = step_src(step), step_dst(step)
            df, dr = _unit(file_of(dst) - file_of(src)), _unit(rank_of(dst) - rank_of(src))
            if df is not None and dr is not None:
                return (df, dr)
        index -= 1
    return None


def slide_end(board: State, dst: int, direction: tuple[int, int]) -> int:
    """Where a worker that has just moved onto ``dst`` in ``direction`` comes to rest."""
    blocked = board.occupied | board.domes
    tokens = board.token_squares()
    here = dst
    while True:
        ahead = step_from(here, direction)
        if (
            ahead is None
            or blocked >> ahead & 1
            or board.height[ahead] > board.height[here]
            or (tokens >> ahead & 1 and _dome_like(board, here, ahead))
        ):
            return here
        here = ahead


def _dome_like(board: State, here: int, ahead: int) -> bool:
    """Whether a token on ``ahead`` acts as a dome for the worker forced there from
    ``here``: asked of the cards whose tokens lie there, as a force by the player to move
    (Europa's Talus refuses everyone; Clio's coins refuse her opponents; a whirlpool
    refuses nobody)."""
    name = SQUARE_NAMES[ahead]
    slide = force(here, ahead)
    mover = board.to_move
    for owner, power in enumerate(rules.acting_powers(board)):
        holds = any(name in board.tokens.get(key, "").split(",") for key in power.square_tokens)
        if holds and not power.allows_opponent_step(board, owner, mover, slide):
            return True
    return False


def _wins(board: State, player: int, step: StepCode) -> bool:
    """Whether ``step``, just taken by ``player``, wins (or otherwise ends) the game; the
    engine checks only after every power's ``after_step``, so try it and take it back."""
    if board.decided is not None:
        return True
    mark = board.checkpoint()
    rules.check_win(board, player, step)
    decided = board.decided is not None
    board.rollback(mark)
    return decided


def _slid(step: StepCode) -> str:
    """The token's value once ``step`` has been made as a slide."""
    return f"{SQUARE_NAMES[step_src(step)]}>{SQUARE_NAMES[step_dst(step)]}"


def slide(value: str) -> str | None:
    """``harpies``: ``<from>-<to>`` (a slide owed) or ``<from>><to>`` (the slide just made)."""
    for sep in "->":
        start, found, end = value.partition(sep)
        if found:
            return square(start) or square(end)
    return f"expected <from>-<to> or <from>><to>, found {value!r}"


class Harpies(Power):
    name = "Harpies"
    worker_tokens = (TOKEN,)
    token_values: ClassVar[Mapping[str, ValueCheck]] = {TOKEN: slide}

    def check_token(self, board: State, owner: int, key: str, value: str) -> str | None:
        problem = super().check_token(board, owner, key, value)
        if problem is not None:
            return problem
        if not board.turn and board.decided is None:
            return "a slide is marked only inside a turn (the end of the turn clears it)"
        owed = "-" in value
        start, _, end = value.partition("-" if owed else ">")
        src, dst = _SQUARE_OF[start], _SQUARE_OF[end]
        slider = src if owed else dst
        if board.owner[slider] == -1:
            return f"a worker slides, and none stands on {SQUARE_NAMES[slider]}"
        if owed and (src == dst or not any(slide_end(board, src, d) == dst for d in DIRECTIONS)):
            return f"no slide from {start} ends on {end}"
        return None

    def after_step(self, board: State, owner: int, player: int, step: StepCode) -> None:
        text = board.tokens.get(TOKEN)
        if text is not None:
            if text == _slid(step):
                return  # the slide itself, which never slides on
            if ">" in text or step_src(step) == _SQUARE_OF.get(text.partition("-")[0]):
                # A slide's mark lasts until the next step; a slide owed is void when its
                # worker moved on first (Charybdis's jump): it slides from there instead.
                board.set_token(TOKEN, None)
        if step_kind(step) is not StepKind.MOVE:
            return
        dst = step_dst(step)
        side = board.owner[dst]
        # Only opponent workers slide: never Harpies's side's, whoever moves them.
        if side == -1 or side == board.side_of(owner):
            return
        direction = move_direction(board, len(board.turn) - 1)
        if direction is None:
            return
        end = slide_end(board, dst, direction)
        if end != dst and not _wins(board, player, step):
            board.set_token(TOKEN, f"{SQUARE_NAMES[dst]}-{SQUARE_NAMES[end]}")

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if TOKEN in board.tokens:
            board.set_token(TOKEN, None)

    def pending(self, board: State) -> StepCode | None:
        """The slide owed now, as the step that makes it, if any."""
        start, sep, end = board.tokens.get(TOKEN, "").partition("-")
        src, dst = _SQUARE_OF.get(start), _SQUARE_OF.get(end)
        if not sep or src is None or dst is None:
            return None
        return MOVES[src][dst]

    def interjection_steps(self, board: State, owner: int, player: int) -> list[StepCode]:
        slide = self.pending(board)
        # Only for an opponent worker of this owner (in the Golden Fleece variant both
        # players may hold the card, and share its token).
        if slide is None or board.owner[step_src(slide)] == board.side_of(owner):
            return []
        return [slide]

    def apply_step(self, board: State, player: int, step: StepCode) -> None:
        if step == self.pending(board):
            # The slide: a force, whatever the step is called.
            board.set_token(TOKEN, _slid(step))
            board.move_worker(step_src(step), step_dst(step))
            return
        super().apply_step(board, player, step)

    def vetoes_win(self, board: State, owner: int, player: int, step: StepCode) -> bool:
        """Forced is not moved: the engine's win check of the slide wins nothing."""
        return board.tokens.get(TOKEN) == _slid(step)
