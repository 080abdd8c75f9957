"""24. Medusa, Petrifying Gorgon — *End of Your Turn*: if possible, your workers build in
lower neighboring spaces occupied by opponent workers, removing those workers from the
game (RULINGS #41: compulsory, every such worker; Spin Master: "replace them all with
blocks").

"Lower" compares the opponent's space with the neighboring Medusa worker's. The victims
are chosen together, then each is removed and a block built in its space (always a
block: a victim is at most on level 2). The build is a build by her worker, so other
powers' restrictions on her builds apply (Limus): a victim whose space she may not build
on stays, as the card says "if possible"; so does one another power shields (Clio's
worker on a coin, RULINGS #50). A player left with no worker has no legal turn
and loses when next to move. After a winning step the turn has no end, so no effect.
"""

from __future__ import annotations

from ..power import Power, State
from ..rules import opponents_of, shielded
from ..squares import NEIGHBORS
from ..steps import BUILDS


def petrified(board: State, player: int) -> list[int]:
    """Squares of the opponent workers that Medusa's workers petrify now."""
    rivals = opponents_of(board, player)
    height, owner = board.height, board.owner
    judges = [(o, p) for o, p in enumerate(board.powers) if o != player and not p.is_plain]
    return sorted(
        {
            victim
            for worker in board.workers[player]
            for victim in NEIGHBORS[worker]
            if owner[victim] in rivals
            and height[victim] < height[worker]
            and not shielded(board, player, victim)
            and all(p.allows_opponent_step(board, o, player, BUILDS[worker][victim]) for o, p in judges)
        }
    )


class Medusa(Power):
    name = "Medusa"

    def end_of_turn(self, board: State, owner: int, player: int) -> None:
        if owner != player:
            return
        for victim in petrified(board, owner):
            board.remove_from_game(victim)
            board.build_on(victim)
