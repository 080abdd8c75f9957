"""24. Medusa (SANTORINI.md §4; RULINGS #41): at the end of her turn, every opponent worker
on a lower space neighbouring one of her workers is removed from the game and a block is
built in its space (compulsory)."""

from __future__ import annotations

from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import NEIGHBORS, parse_square
from powers.invariants import check_round_trip, check_seated_playouts
from powers.oracle import Key, by_children, check_along_random_games, check_perft
from powers.scenario import Scenario

# Medusa on c3 (level 2) and a1; opponents on b3 (level 1) and d4 (ground), both lower
# neighbours of c3; e5 is far away.
START = "00000/00000/01200/00000/00000 1 c3,a1 b3,d4 powers=Medusa,-"


def test_lower_neighbouring_opponents_are_petrified_at_the_end_of_her_turn() -> None:
    """Ruling 41: all of them go, each replaced by a block; with no worker left the
    opponent has no legal turn and loses (rule 2.2)."""
    board = Scenario(
        START,
        play="a1-a2^a1",
        after="00000/00010/02200/00000/10000 2 c3,a2 - powers=Medusa,- removed=0,2",
        winner=0,
        by=Termination.NO_LEGAL_TURN,
    ).check()
    assert board.workers[1] == []


def test_equal_or_higher_and_far_opponents_are_safe() -> None:
    board = Scenario(
        "00000/00020/02201/00000/00000 1 c3,a1 b3,d4 powers=Medusa,-",
        play="a1-a2^a1",  # b3 level 2 = c3; d4 level 2: both safe
    ).check()
    assert len(board.workers[1]) == 2
    board = Scenario(
        "00000/00000/00200/00000/00000 1 c3,a1 e3,c5 powers=Medusa,-",
        play="a1-a2^a1",  # e3 and c5 do not neighbour c3
        tokens={},
    ).check()
    assert len(board.workers[1]) == 2


def test_either_worker_petrifies_the_moved_one_included() -> None:
    """'Your workers': the worker that moved up next to an opponent petrifies it too."""
    board = Scenario("00000/00000/00000/01000/00000 1 a1,e5 c2,d4 powers=Medusa,-", play="a1-b2^a1").check()
    assert board.workers[1] == [parse_square("d4")]
    assert board.height[parse_square("c2")] == 1


def test_it_is_compulsory() -> None:
    """'If possible': no turn of hers leaves a lower neighbouring opponent standing."""
    board = Board.from_position(START)
    for turn in board.legal_turns():
        board.push_turn(turn)
        assert (
            board.decided is not None
            or not board.workers[1]
            or all(
                board.height[v] >= board.height[m]
                for v in board.workers[1]
                for m in board.workers[0]
                if v in NEIGHBORS[m]
            )
        )
        board.pop()


def test_not_at_the_end_of_the_opponents_turn() -> None:
    """'End of Your Turn' (ruling 5): an opponent stepping down next to her survives until
    her turn ends."""
    board = Scenario("00000/00000/00200/00000/00000 2 c3,a1 e4,e5 powers=Medusa,-", play="e4-d4^e4").check()
    assert len(board.workers[1]) == 2
    board = Scenario(board, play="a1-a2^a1").check()
    assert board.workers[1] == [parse_square("e5")]
    assert board.height[parse_square("d4")] == 1


def test_limus_forbids_the_petrifying_build_next_to_her_workers() -> None:
    """Decision: the petrifying build is Medusa's build, so Limus's 'cannot build next to
    my workers' binds it (SANTORINI.md §3.2); 'if possible' then spares the victim."""
    board = Scenario(
        "00000/00000/01200/00000/00000 1 c3,a1 b3,b4 powers=Medusa,Limus",
        play="a1-a2^a1",  # b3 and b4 neighbour each other: no build there is allowed
        tokens={},
    ).check()
    assert len(board.workers[1]) == 2
    board = Scenario(
        "00000/00000/01200/00000/00000 1 c3,a1 b3,e5 powers=Medusa,Limus",
        play="a1-a2^a1",  # b3 neighbours no other Limus worker
    ).check()
    assert board.workers[1] == [parse_square("e5")]


def test_the_block_on_level_two_makes_level_three() -> None:
    """A victim stands at most on level 2, so the piece is always a block, never a dome."""
    board = Scenario("00000/00000/02300/00000/00000 1 c3,a1 b3,e5 powers=Medusa,-", play="a1-a2^a1").check()
    assert board.height[parse_square("b3")] == 3 and not board.domes


def test_a_winning_climb_ends_the_game_before_the_end_of_her_turn() -> None:
    """Ruling 7: the win ends the game at once; there is no end of turn."""
    board = Scenario(
        "00000/00000/01230/00000/00000 1 c3,a1 b3,e5 powers=Medusa,-", play="c3-d3", by=Termination.CLIMB
    ).check()
    assert len(board.workers[1]) == 2


def test_one_victim_leaves_the_opponent_playing() -> None:
    board = Scenario(
        "00000/00000/01200/00000/00000 1 c3,a1 b3,e5 powers=Medusa,-", play="a1-a2^a1", ongoing=True
    ).check()
    assert board.workers[1] == [parse_square("e5")]
    assert board.legal_turns() and not board.placing


def test_undo_and_position_round_trip() -> None:
    check_round_trip(
        START, "a1-b1^c1", after="00000/00010/02200/00000/00100 2 c3,b1 - powers=Medusa,- removed=0,2"
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_children(pos: nv.Pos, medusa: int) -> dict[Key, nv.Pos]:
    """Every end state of the turn of the player to move, from the card text alone:
    move (a climb wins at once), build, then Medusa's petrification."""
    me, out = pos.to_move, {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.step_moves(pos, src):
            for _, built, outcome in nv.finish(pos, nv.moved(pos, i, dst), src, dst):
                if me == medusa and not outcome:
                    lows = built.levels
                    victims = [
                        v
                        for v in built.workers[1 - me]
                        if any(v in nv.neighbours(m) and lows[v] < lows[m] for m in built.workers[me])
                    ]
                    for v in victims:
                        built.workers[1 - me].remove(v)
                        built.levels[v] += 1
                out[(built.key(), outcome)] = built
    return out


PERFT_START = "01000/12100/01210/00121/00010 1 c3,b4 b2,d3 powers=Medusa,-"


@pytest.mark.parametrize(
    ("position", "depth1", "depth2"),
    [(PERFT_START, 66, 1748), (PERFT_START.replace(" 1 ", " 2 ", 1), 75, 5218)],
)
def test_full_turns_match_a_naive_generator_and_perft(position: str, depth1: int, depth2: int) -> None:
    check_perft(by_children(naive_children, 0), {position: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    checked = check_along_random_games(
        "Medusa", partial(by_children, naive_children), seed=24, seats=(0,) * 3
    )
    assert checked > 20


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    removals = 0

    def count_removal(board: Board) -> None:
        nonlocal removals
        removals += "removed" in board.tokens

    check_seated_playouts("Medusa", rival, seeds=range(3), each_turn=count_removal)
    assert removals > 0
