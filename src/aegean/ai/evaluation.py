"""The hand-written evaluation: how good a quiet position is for one side.

"Quiet" matters: the search (:mod:`aegean.ai.alphabeta`) settles threats itself. A side
to move with a worker on level 2 next to a free level-3 square has won; a side facing
such a threat must dome the square, and the search looks at exactly those replies before
it trusts a score. So what is left to judge here is potential, from bit masks:

- **height**: a worker on level 2 is one step from winning;
- **reach**: free neighbors at the level a worker can climb to next (level ``h + 1``
  from level ``h``) are worth most, flat ones count as mobility;
- **centre**: central squares have eight neighbors, edge ones five, corners three;
- **trapped** workers (no legal move) are a liability, and a side to move with no
  legal move at all has lost (rule 2.2).

All weights are in one place below so they can be tuned against each other.
"""

from __future__ import annotations

from typing import Final

from ..santorini import Board
from ..santorini.rules import opponents_of, team_of
from ..santorini.squares import ALL_MASK, NEIGHBOR_MASK, SQUARES, file_of, rank_of

#: The score of a win for the side to move at ply 0; a win ``n`` plies later is
#: ``WIN - n``, so the search prefers faster wins and slower losses.
WIN: Final = 1_000_000
#: Scores beyond ±MATE_BOUND are wins or losses, not evaluations.
MATE_BOUND: Final = WIN - 10_000

#: Value of a worker standing on level 0..3.
HEIGHT_VALUE: Final = (0, 30, 80, 50)
#: ``REACH_k[h]``: value of each free neighbor on level ``k`` of a worker on level ``h``.
REACH_0: Final = (2, 1, 1, 1)
REACH_1: Final = (5, 3, 2, 2)
REACH_2: Final = (0, 12, 6, 4)
REACH_3: Final = (0, 0, 0, 3)  # from level 2 this is a win, settled by the search
#: A worker that cannot move at all.
TRAPPED: Final = -30
#: Having the move is worth a little: the side to move acts first on shared squares.
TEMPO: Final = 5
#: A player not to move threatening one climb onto level 3 (the generic search's
#: evaluation only; the plain search settles threats by searching them).
THREAT: Final = 40
#: Threatening two squares: one build cannot dome both.
DOUBLE_THREAT: Final = 400
#: How much the opponents' average counts against a player in a three-player game: what
#: one opponent loses the other may gain. Measured against greedy over the strength
#: suite's three-player games (docs/performance.md, "AI strength"): 0 scored 52 %, 1/2
#: 73 %, 1 54 %, the stronger opponent's value alone 67 %.
FREE_FOR_ALL_RIVALS: Final = 0.5
#: Centre 4, inner ring 2, edge 0.
CENTER: Final = tuple((4, 2, 0)[max(abs(file_of(s) - 2), abs(rank_of(s) - 2))] for s in SQUARES)

# Tables for :func:`evaluate`: ``_BASE[h][s]`` (height and centre of a worker on level
# ``h`` on ``s``) and ``_WEIGHTS[h]`` (the four reach weights of a worker on level ``h``).
_BASE: Final = tuple(tuple(HEIGHT_VALUE[h] + CENTER[s] for s in SQUARES) for h in range(4))
_WEIGHTS: Final = tuple((REACH_0[h], REACH_1[h], REACH_2[h], REACH_3[h]) for h in range(4))


def level_masks(board: Board) -> list[int]:
    """``[m1, m2, m3]``: the squares of level ≥ 1, ≥ 2 and 3 (domes not considered)."""
    masks = [0, 0, 0]
    for square, level in enumerate(board.height):
        for k in range(level):
            masks[k] |= 1 << square
    return masks


def side_value(height: list[int], workers: list[int], blocked: int, masks: list[int]) -> tuple[int, int]:
    """One side's evaluation terms, and how many of its workers can move.

    The readable version of the terms; :func:`evaluate` inlines the same arithmetic.
    """
    m1, m2, m3 = masks
    free = ALL_MASK & ~blocked
    f0, f1, f2, f3 = free & ~m1, free & m1 & ~m2, free & m2 & ~m3, free & m3
    reach = (f0 | f1, f0 | f1 | f2, free, free)
    value = 0
    movable = 0
    for w in workers:
        h = height[w]
        nb = NEIGHBOR_MASK[w]
        value += (
            HEIGHT_VALUE[h]
            + CENTER[w]
            + REACH_0[h] * (nb & f0).bit_count()
            + REACH_1[h] * (nb & f1).bit_count()
            + REACH_2[h] * (nb & f2).bit_count()
            + REACH_3[h] * (nb & f3).bit_count()
        )
        if nb & reach[h]:
            movable += 1
        else:
            value += TRAPPED
    return value, movable


def evaluate(
    height: list[int], mine: list[int], theirs: list[int], blocked: int, masks: list[int], ply: int
) -> int:
    """Score for the side to move (owner of ``mine``) in a two-player position.

    Returns the loss score ``-(WIN - ply)`` when the side to move cannot move (rule
    2.2). The same terms as :func:`side_value`, inlined: this runs at every leaf.
    """
    m1, m2, m3 = masks
    free = ALL_MASK & ~blocked
    f0 = free & ~m1
    f1 = free & m1 & ~m2
    f2 = free & m2 & ~m3
    f3 = free & m3
    r0 = f0 | f1
    reach = (r0, r0 | f2, free, free)
    nbm = NEIGHBOR_MASK
    score = TEMPO
    movable = False
    for w in mine:
        h = height[w]
        nb = nbm[w]
        a0, a1, a2, a3 = _WEIGHTS[h]
        score += (
            _BASE[h][w]
            + a0 * (nb & f0).bit_count()
            + a1 * (nb & f1).bit_count()
            + a2 * (nb & f2).bit_count()
            + a3 * (nb & f3).bit_count()
        )
        if nb & reach[h]:
            movable = True
        else:
            score += TRAPPED
    if not movable:
        return ply - WIN
    for w in theirs:
        h = height[w]
        nb = nbm[w]
        a0, a1, a2, a3 = _WEIGHTS[h]
        score -= (
            _BASE[h][w]
            + a0 * (nb & f0).bit_count()
            + a1 * (nb & f1).bit_count()
            + a2 * (nb & f2).bit_count()
            + a3 * (nb & f3).bit_count()
        )
        if not nb & reach[h]:
            score -= TRAPPED
    return score


def threats(height: list[int], workers: list[int], blocked: int, masks: list[int]) -> int:
    """How many free level-3 squares the workers on level 2 could climb onto (under the
    base rules: each is a win next turn unless the opponent domes it first)."""
    top = masks[2] & ~blocked
    squares = 0
    for w in workers:
        if height[w] == 2:
            squares |= NEIGHBOR_MASK[w] & top
    return squares.bit_count()


def evaluate_for(board: Board, player: int) -> int:
    """Score of ``board`` for ``player``'s team, any number of players or powers.

    Used by the generic search, which has no threat search of its own: so a player
    threatening to climb onto level 3 is credited here (:data:`THREAT` for one square,
    :data:`DOUBLE_THREAT` for two, which one build cannot both dome). Whether the player
    to move wins at once the search checks exactly, with their powers; a threat that
    cannot be carried out this turn (Athena's) still stands for the next. Opponents
    count on average, so that in three-player games beating one opponent is not
    mistaken for beating both, and there only at :data:`FREE_FOR_ALL_RIVALS`.
    """
    masks = level_masks(board)
    blocked = board.occupied | board.domes
    height = board.height
    team = team_of(board, player)
    rivals = opponents_of(board, player)
    values = {}
    for p in (*team, *rivals):
        value = side_value(height, board.workers[p], blocked, masks)[0]
        pending = threats(height, board.workers[p], blocked, masks)
        values[p] = value + (DOUBLE_THREAT if pending >= 2 else THREAT * pending)
    ours = sum(values[p] for p in team)
    theirs = sum(values[p] for p in rivals)
    if len(rivals) > len(team):  # three players, each for themselves
        score = ours - int(FREE_FOR_ALL_RIVALS * theirs / len(rivals))
    else:
        score = ours - theirs * len(team) // max(1, len(rivals))
    return score + (TEMPO if board.to_move in team else -TEMPO)
