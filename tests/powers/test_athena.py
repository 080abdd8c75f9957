"""3. Athena (SANTORINI.md §4; RULINGS #16, #17): if one of her workers moved up on her
last turn, opponent workers cannot move up this turn. Every up step counts (multi-moves,
Apollo's swap), a force does not, and it lasts until the start of her next turn."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, Termination, format_turn
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, midgame, random_positions
from powers.scenario import Scenario, positions

position = positions("Athena,-")


def moves_of(board: Board, worker: str) -> set[str]:
    """The squares the worker on ``worker`` can end its first move on, over all legal turns."""
    return {format_turn(t)[3:5] for t in board.legal_turns() if format_turn(t).startswith(worker + "-")}


# ---------------------------------------------------------------------- scenarios
def test_after_athena_moves_up_opponents_cannot_move_up() -> None:
    """Card: her worker moved up, so opponent workers cannot move up this turn; moving
    level or down stays legal. The state is the token ``athena=up``."""
    board = Scenario(
        position("c3=1 d3=1 e1=1", "b2,e5 d2,a5"), play="b2-c3^c4", tokens={"athena": "up"}
    ).check()
    assert board.position().endswith("powers=Athena,- athena=up")
    assert moves_of(board, "d2") == {"c1", "d1", "c2", "e2", "e3"}  # not d3 or e1 (level 1)
    board = Scenario(
        board,
        illegal={"d2-d3^d4": "Athena's power forbids d2-d3"},
        play="d2-e2^e1",  # e1 was level 1: building on it is no move
        tokens={},  # cleared at the start of her next turn
    ).check()


def test_the_restriction_ends_when_her_next_turn_starts() -> None:
    """RULINGS #17: it lasts until Athena's next turn; a turn of hers without an up move
    frees the opponents again. Athena herself may move up turn after turn."""
    board = Scenario(
        position("c3=1 c4=2 d3=1", "b2,e5 d2,a5"),
        play=["b2-c3^b2", "d2-e2^e1", "c3-c4^c3"],  # up again: allowed, Athena is not her own opponent
        tokens={"athena": "up"},
    ).check()
    assert "d3" not in moves_of(board, "e2")
    board = Scenario(
        board,
        play=["e2-d2^e2", "c4-b4^a4"],
        tokens={},  # down: no restriction for the next opponent turn
    ).check()
    assert "d3" in moves_of(board, "d2")


def test_a_level_or_downward_move_sets_nothing() -> None:
    """Only a move *up* triggers the power."""
    board = Scenario(position("b2=1 c3=1 d3=1", "b2,e5 d2,a5"), play="b2-c3^c4", tokens={}).check()
    assert "d3" in moves_of(board, "d2")


def test_building_on_the_space_left_does_not_hide_the_move_up() -> None:
    """The rise is judged as the move happens: after b2 (0) -> c3 (1), building b2 up to
    level 1 leaves both at level 1, but her worker did move up."""
    board = Scenario(position("c3=1 d3=1", "b2,e5 d2,a5"), play="b2-c3^b2", tokens={"athena": "up"}).check()
    assert board.height[6] == board.height[12] == 1


def test_the_restriction_covers_every_opponent_in_a_three_player_game() -> None:
    """RULINGS #17: through the following opponents' turns (both opponents in 3p) until
    Athena's next turn."""
    board = Scenario(
        position("c3=1 d3=1 a2=1", "b2,e5 d2,a5 a1,e1", powers="Athena,-,-"), play="b2-c3^c4"
    ).check()
    assert "d3" not in moves_of(board, "d2")
    board = Scenario(board, play="d2-e2^d2", tokens={"athena": "up"}).check()
    assert board.to_move == 2
    assert "a2" not in moves_of(board, "a1")
    board = Scenario(
        board, illegal={"a1-a2^a3": "Athena's power forbids a1-a2"}, play="a1-b1^a1", tokens={}
    ).check()
    assert board.to_move == 0


def test_an_opponent_who_can_only_move_up_loses() -> None:
    """SANTORINI.md §3.2: a turn breaking a "cannot" is not legal, and a player with no
    legal turn loses (rule 2.2)."""
    board = Scenario(position("c3=1 a4=1 b4=1 b5=1 d1=1 d2=1 e2=1", "b2,c5 a5,e1"), ongoing=True).check()
    board = Scenario(board, play="b2-c3^c2", winner=0, by=Termination.NO_LEGAL_TURN).check()
    assert board.legal_turns() == []


def test_athena_forced_up_by_apollo_does_not_count() -> None:
    """RULINGS #17: a force upward is not a move. Apollo (level 2) swaps down with her
    worker on level 0, forcing it up two levels: Apollo may still move up next turn."""
    board = Scenario(
        position("b2=2 d3=1", "b2,d2 c3,a5", powers="Apollo,Athena"), play="b2-c3^c4", tokens={}
    ).check()
    assert board.owner[6] == 1 and board.height[6] == 2  # Athena's worker forced up to b2
    board = Scenario(board, play="a5-a4^a5", tokens={}).check()
    assert "d3" in moves_of(board, "d2")


def test_athena_stops_apollo_swapping_up() -> None:
    """RULINGS #16: Apollo's swap is still his move, so after Athena moved up he cannot
    swap up onto a higher opponent; a level swap stays legal."""
    text = position("c3=1", "c3,c2 b2,e5", to_move=2, powers="Athena,Apollo", extra="athena=up")
    board = Board.from_position(text)
    assert "c3" not in moves_of(board, "b2")
    assert "c2" in moves_of(board, "b2")
    board = Scenario(board, illegal={"b2-c3^b3": "Athena's power forbids b2-c3"}, play="b2-c2^d2").check()
    assert board.owner[7] == 1 and board.owner[6] == 0  # swapped with her level-0 worker
    # Without the token the same swap up is legal.
    assert "c3" in moves_of(Board.from_position(text.replace(" athena=up", "")), "b2")


def test_athena_forbids_every_up_step_of_artemis() -> None:
    """RULINGS #17 ("any step of a multi-move"): Artemis may not step up on her first or
    her second move, even a step back up after stepping down."""
    text = position(
        "b2=1 a2=1 d2=1 b3=1", "e5,e4 b2,a5", to_move=2, powers="Athena,Artemis", extra="athena=up"
    )
    Scenario(
        text,
        illegal={
            "b2-a1-a2^b2": "Athena's power forbids a1-a2",  # down, then up
            "b2-c2-d2^e2": "",  # down onto c2 (0), up onto d2 (1)
        },
        legal=["b2-a1-b1^c1"],  # down, then level
        listed=["b2-b3^b4"],  # level onto b3 (1)
    ).check()
    Scenario(text.replace(" athena=up", ""), legal=["b2-a1-a2^b2", "b2-c2-d2^e2"]).check()


def test_athena_stops_pan_climbing_but_not_his_fall() -> None:
    """Athena vs Pan: after Athena moved up, Pan cannot move up (no climb win), but moving
    down two levels is no up move, so it still wins for him (RULINGS #25)."""
    text = position("c3=2 d3=3 b3=3", "a1,e5 c3,a5", to_move=2, powers="Athena,Pan", extra="athena=up")
    assert moves_of(Board.from_position(text), "c3") == {"c2", "b2", "d2", "b4", "c4", "d4"}
    Scenario(
        text,
        illegal={"c3-d3": "Athena's power forbids c3-d3"},
        play="c3-c2",
        winner=1,
        by=Termination.POWER,
    ).check()


def test_athena_wins_by_climbing_like_anyone() -> None:
    Scenario(position("b2=2 c3=3", "b2,e5 d2,a5"), play="b2-c3", winner=0, by=Termination.CLIMB).check()


def test_undo_and_position_round_trip_with_the_token() -> None:
    """The token is journaled and hashed: undo removes it, and positions written mid-turn
    and between turns read back with it (and with the same legal turns)."""
    check_round_trip(
        position("c3=1 d3=1", "b2,e5 d2,a5"),
        "b2-c3^c4",
        mid=[position("c3=1 d3=1", "c3,e5 d2,a5", extra="athena=up turn=b2-c3")],
        after=position("c3=1 c4=1 d3=1", "c3,e5 d2,a5", to_move=2, extra="athena=up"),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(seat: int) -> gn.Generator:
    """Every turn as (notation, position after with Athena's "moved up" token, won), from
    the card text; ``seat`` is Athena's player, the other has none."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos, up = tpos.pos, tpos.tokens.get("athena") == "up"
        out = []
        for turn, after, won in nv.successors(pos):
            src, dst = nv.coord(turn[0:2]), nv.coord(turn[3:5])
            rises = pos.levels[dst] > pos.levels[src]
            if pos.to_move == seat:
                flag = rises  # set by her move; it stays through the opponent's turn
            else:
                if up and rises:
                    continue  # opponents cannot move up
                flag = up if won else False  # cleared when her next turn starts
            out.append((turn, gn.TPos(after, {"athena": "up"} if flag else {}), won))
        return out

    return generate


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2103)
    for text, seat in random_positions("Athena", seed=rng, count=40, dome_chance=0.15):
        up = int(text.split()[1]) - 1 != seat and rng.random() < 0.7
        check_against_naive(gn.oracle(naive_turns(seat)), text + (" athena=up" if up else ""))


MIDGAME = midgame("Athena,-")
RESTRICTED = "00120/01210/12321/01210/00100 2 a1,e5 b4,d2 powers=Athena,- athena=up"


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions (Athena to move; the opponent to move under the
    restriction), frozen, and recounted independently."""
    # (RESTRICTED: 78 and 2263 without the restriction)
    check_perft(gn.oracle(naive_turns(0)), {MIDGAME: (45, 1924), RESTRICTED: (46, 1363)})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Athena", rival="Apollo", second="Artemis"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
