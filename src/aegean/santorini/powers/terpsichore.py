"""44. Terpsichore, Muse of Dancing — *Your Turn*: all of your workers must move, and then
all of them must build.

RULINGS #61, #4: every worker of hers moves once (in the order she chooses, so one may
step into the space another has just left), and only then does every one of them build
once, next to itself, in any order. Both builds may go on the same space: a block on a
block, or level 3 then the dome. If the turn cannot be completed — some worker cannot
move, or after the moves some worker cannot build — that turn is illegal, and with no
legal turn she loses. A move up onto level 3 wins at once (ruling 7), even if other
workers have not moved yet. With one worker left (the other removed from the game) she
moves and builds with it, as the base rules do.

Written in the order taken, each worker named where it changes: ``b2-c3,d4-d5^e5,c3^c4``
(b2 and d4 move, then the worker on d5 builds e5 and the one on c3 builds c4).

Which workers have moved is read from the turn, following them if a power forces them
on (a force of a worker that has moved keeps it "moved"). Terpsichore keeps no state.
"""

from __future__ import annotations

from ..notation import current_worker
from ..power import Power, State
from ..steps import END, MOVES, StepCode, StepKind, step_dst, step_kind, step_src


def moved_and_built(board: State) -> tuple[set[int], set[int], bool]:
    """The squares of the workers that have moved this turn, of those that have built,
    and whether the build phase has begun."""
    moved: set[int] = set()
    built: set[int] = set()
    building = False
    for step in board.turn:
        kind = step_kind(step)
        if kind is StepKind.MOVE:
            moved.discard(step_src(step))
            moved.add(step_dst(step))
        elif kind is StepKind.FORCE:
            src, dst = step_src(step), step_dst(step)
            for group in (moved, built):
                if src in group:
                    group.discard(src)
                    group.add(dst)
        elif kind is StepKind.BUILD:
            building = True
            built.add(step_src(step))
    return moved, built, building


class Terpsichore(Power):
    name = "Terpsichore"
    builds_end_the_moves = True  # (all her workers move, then all build)

    def turn_steps(self, board: State, player: int) -> list[StepCode]:
        workers = board.workers[player]
        moved, built, building = moved_and_built(board)
        if not building:
            still = [w for w in workers if w not in moved]
            if still:
                return [MOVES[w][t] for w in still for t in self.move_targets(board, player, w)]
        if not board.turn:
            return []  # no worker at all: nothing to do
        still = [w for w in workers if w not in built]
        if not still:
            return [END]
        # The worker in use (the last to move or build) comes first in the listing, so
        # that the common case reads without naming it (``b2-c3,d4-d5^e5,c3^c4``).
        current = current_worker(board.turn)
        still.sort(key=lambda w: w != current)
        return [b for w in still for b in self.build_steps(board, player, w)]
