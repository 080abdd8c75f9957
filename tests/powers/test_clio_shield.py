"""Clio's workers standing on a coin cannot be targeted by opponents' powers (RULINGS #50,
designer ruling: "Apollo, Minotaur, Bia, Charon, Medusa, Medea, Theseus, Odysseus,
Siren …"). One table, one check per power that acts on another player's worker: with
Clio's worker on a coin (c3) no turn of the rival moves, removes, lowers or chooses it;
with the coin elsewhere some turn does, so each position really offers the targeting.
(Nemesis is banned against Clio; Aphrodite, Hades, Harpies, Hera, Hypnus, Limus, Moerae and
Persephone still affect her: ``test_clio.py``.) Issue 13, item 4a: Bia removed her."""

from __future__ import annotations

import pytest

from aegean.santorini import Board
from aegean.santorini.squares import parse_square

C3 = parse_square("c3")

#: rival power -> (levels, workers: Clio's then the rival's, extra tokens); player 2 to move.
TARGETING = {
    "Apollo": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", ""),  # swap onto her
    "Minotaur": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", ""),  # push her
    "Bia": ("00000/00000/00100/00000/00000", "c3,e1 a1,e5", ""),  # a1-b2 removes c3
    "Charon": ("00000/00000/00100/00000/00000", "c3,e1 d4,a5", ""),  # ferry c3 across d4
    "Medusa": ("00000/00000/00100/02000/00000", "c3,e1 b2,e5", ""),  # petrify from level 2
    "Medea": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", ""),  # a block from under her
    "Theseus": ("00000/00000/00200/00000/00000", "c3,e1 b2,e5", ""),  # 2 levels above him
    "Odysseus": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", ""),  # forced to a corner
    "Siren": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", "siren=e"),  # pulled east
    "Adonis": ("00000/00000/00100/00000/00000", "c3,e1 b2,e5", ""),  # chosen (*c3)
}


def targeting_turns(board: Board, rival: str) -> list[str]:
    """The legal turns after which Clio's worker on c3 has gone, moved, sunk, or is named
    in one of the rival's tokens."""
    found = []
    height = board.height[C3]
    for turn in board.legal_turns():
        board.push_turn(turn)
        touched = board.owner[C3] != 0 or board.height[C3] != height
        chosen = any(value == "c3" for key, value in board.tokens.items() if key.startswith(rival.lower()))
        board.pop()
        if touched or chosen:
            found.append(str(turn))
    return found


@pytest.mark.parametrize("rival", sorted(TARGETING))
def test_a_clio_worker_on_a_coin_is_out_of_reach(rival: str) -> None:
    levels, workers, extra = TARGETING[rival]
    text = f"{levels} 2 {workers} powers=Clio,{rival} {extra}".strip()
    shielded = Board.from_position(text + " clio=c3 clio.placed=1")
    assert targeting_turns(shielded, rival) == []
    exposed = Board.from_position(text + " clio=a5 clio.placed=1")
    assert targeting_turns(exposed, rival), f"the {rival} position offers no targeting at all"


def test_bia_still_moves_but_does_not_remove_her() -> None:
    """The review's position (issue 13, item 4a): Bia's move is legal, only its removal
    of the Clio worker standing on a coin does not happen."""
    tokens = "powers=Bia,Clio clio=a3 clio.placed=1"
    board = Board.from_position(f"00000/00000/10000/00000/00000 1 c5,e1 a3,e5 {tokens}")
    board.play("c5-b4^b3")
    assert board.position() == f"00000/00000/11000/00000/00000 2 b4,e1 a3,e5 {tokens}"
