"""``Power.builds_end_the_moves``: a power that claims it (so ``moves_over`` and
``ends_the_moves`` let Persephone's and Adonis's searches stop at its first build) never
moves a worker after building in a turn, its own steps or steps other powers insert
(the Harpies' slides, Charybdis's whirlpool jumps), along random games against the powers
that insert moves or restrict them. A false claim would make those searches wrong, so
this is checked at every step of every turn played."""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board
from aegean.santorini.errors import SantoriniError
from aegean.santorini.powers import implemented, make_power
from aegean.santorini.setup import incompatibility
from aegean.santorini.steps import StepKind, step_kind

CLAIMING = sorted(name for name in implemented() if make_power(name).builds_end_the_moves)
OPPONENTS = ["Harpies", "Charybdis", "Persephone", "Adonis", None]


def test_the_claims_are_the_powers_that_build_after_all_their_moves() -> None:
    assert CLAIMING == [
        "Artemis",
        "Atalanta",
        "Heracles",
        "Hermes",
        "Polyphemus",
        "Poseidon",
        "Terpsichore",
        "Triton",
    ]


@pytest.mark.parametrize("power", CLAIMING)
def test_no_move_follows_a_build_in_its_turns(power: str) -> None:
    turns_checked = 0
    for opponent in OPPONENTS:
        if opponent is not None and (incompatibility(power, 2) or incompatibility(opponent, 2)):
            continue
        for seed in range(3):
            rng = random.Random(f"{power}/{opponent}/{seed}")
            powers = [power, opponent] if seed % 2 == 0 else [opponent, power]
            try:
                board = Board(2, powers)
            except SantoriniError:  # a banned matchup (Hermes against the Harpies)
                break
            seat = powers.index(power)
            for _ in range(200):
                if board.outcome() is not None:
                    break
                mine = board.to_move == seat
                start_ply, built = board.ply, False
                while board.ply == start_ply and board.decided is None:
                    steps = board.legal_steps()
                    assert steps, board.position()
                    if mine and built:
                        moves = [s for s in steps if step_kind(s) is StepKind.MOVE]
                        assert not moves, (board.position(), moves)
                    board.push(rng.choice(steps))
                    if mine and board.ply == start_ply:
                        built = built or any(step_kind(s) is StepKind.BUILD for s in board.turn)
                turns_checked += mine
    assert turns_checked > 20
