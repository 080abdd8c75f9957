"""9. Pan (SANTORINI.md §4; RULINGS #7, #25): Pan also wins if his worker moves down two or
more levels. Only his own *move* counts (a worker forced down has not moved); the win is
``Termination.POWER``, checked as the move happens, and climbing onto level 3 still wins."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from aegean.santorini.powers.apollo import Apollo
from aegean.santorini.squares import NEIGHBORS
from powers.support import (
    check_against_naive,
    check_random_playouts,
    naive_perft,
    naive_pos,
    turns,
)
from powers.support import position as support_position

POWERS = "Pan,-"

position = partial(support_position, powers=POWERS)


# ---------------------------------------------------------------------- scenarios


# ---------------------------------------------------------------------- scenarios
@pytest.mark.parametrize(("start", "end"), [("2", "0"), ("3", "1"), ("3", "0")])
def test_pan_wins_by_moving_down_two_or_more_levels(start: str, end: str) -> None:
    """Card: "your worker moves down two or more levels"; the game ends with the move, so
    the turn has no build (RULINGS #7)."""
    board = Board.from_position(position(f"b2={start} c3={end}"))
    assert "b2-c3" in turns(board)
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.POWER
    assert outcome.result() == "1-0"
    assert board.position() == position(
        f"b2={start} c3={end}", "c3,d4 b4,d2", to_move=2, extra="outcome=1:power"
    )
    assert board.legal_turns() == []


def test_nothing_follows_the_winning_move() -> None:
    board = Board.from_position(position("b2=2"))
    assert not any(t.startswith("b2-c3^") for t in turns(board))
    with pytest.raises(IllegalTurnError, match="b2-c3 wins the game, so nothing may follow it"):
        board.play("b2-c3^c4")


def test_moving_down_one_level_does_not_win() -> None:
    board = Board.from_position(position("b2=2 c3=1"))
    board.play("b2-c3^c4")
    assert board.decided is None and board.outcome() is None


def test_pan_still_wins_by_climbing() -> None:
    """SANTORINI.md §3.2: a Win Condition adds a way to win; the climb still wins."""
    board = Board.from_position(position("b2=2 c3=3"))
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB


def test_an_opponent_without_pan_does_not_win_by_falling() -> None:
    board = Board.from_position(position("b4=3", to_move=2))
    board.play("b4-a4^a5")
    assert board.decided is None


def test_pan_as_second_player_wins_for_player_two() -> None:
    board = Board.from_position(position("b4=2", powers="-,Pan", to_move=2))
    board.play("b4-a4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.result() == "0-1"


class _Shover(Apollo):
    """A test-only power (no card name, so not registered): Apollo's swap without the height
    limit, to force a worker down two levels."""

    name = ""

    def move_targets(self, board: Board, player: int, worker: int) -> list[int]:
        return [t for t in NEIGHBORS[worker] if not board.domes >> t & 1 and board.owner[t] != player]


def test_a_pan_worker_forced_down_does_not_win() -> None:
    """RULINGS #25: forced is not moved. The test power climbs from level 0 onto Pan's worker
    on level 2, forcing it down two levels: no win for Pan (nor for the mover)."""
    board = Board(2, [_Shover(), "Pan"])
    board.play("@b2@e5")
    board.play("@c3@a5")
    board.set_height(12, 2)  # Pan's worker on c3 stands on level 2
    board.play("b2-c3^c4")
    assert board.owner[6] == 1 and board.height[6] == 0  # Pan's worker forced 2 -> 0
    assert board.decided is None and board.outcome() is None


def test_apollo_swaps_never_make_pan_win() -> None:
    """Apollo vs Pan (RULINGS #15, #25): Apollo on level 3 swaps down onto Pan's worker on
    the ground. Apollo fell three levels but has no Pan power; Pan's worker was forced up
    onto level 3, which is no climb. Nobody wins, and Pan's next fall does win."""
    board = Board.from_position(position("b2=3", "b2,e5 c3,a5", powers="Apollo,Pan"))
    board.play("b2-c3^c4")
    assert board.owner[6] == 1 and board.height[6] == 3
    assert board.decided is None
    assert "b2-a1" in turns(board)  # level 3 -> ground: Pan's own move, a win
    board.play("b2-a1")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.termination is Termination.POWER


def test_undo_and_position_round_trip_of_a_win() -> None:
    """The win is undone with the turn; a won position reads back with its outcome."""
    board = Board.from_position(position("b2=2"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    won = Board.from_position(board.position())
    assert won.outcome() == board.outcome() and won.zobrist_hash() == board.zobrist_hash()
    assert board.rehash() == board.zobrist_hash()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before and board.outcome() is None


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, str]]:
    """Every turn as (notation, position after, outcome field or ""), written from the card
    text alone; ``seat`` is Pan's player, the other has no power."""
    me = pos.to_move
    out: list[tuple[str, nv.Pos, str]] = []
    for turn, after, won in nv.successors(pos):
        src, dst = nv.coord(turn[0:2]), nv.coord(turn[3:5])
        if me == seat and pos.levels[src] - pos.levels[dst] >= 2:
            fallen = pos.copy()  # the move alone: the game ends before the build
            fallen.workers[me][pos.workers[me].index(src)] = dst
            fallen.to_move = 1 - me
            out.append((turn[:5], fallen, f"{me + 1}:power"))
        else:
            out.append((turn, after, f"{me + 1}:climb" if won else ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2109)
    for i in range(40):
        seat = i % 2
        powers = "Pan,-" if seat == 0 else "-,Pan"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        check_against_naive(naive_turns, text, seat, powers)


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Pan,-"
CLIFFS = "00000/03320/02310/01200/00000 1 c3,d4 b2,c2 powers=Pan,-"
PERFT_MIDGAME = (40, 1683)
PERFT_CLIFFS = (35, 1470)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions, frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (CLIFFS, PERFT_CLIFFS)):
        board = Board.from_position(text)
        assert (perft(board, 1), perft(board, 2)) == golden
        pos = naive_pos(text)
        assert tuple(naive_perft(naive_turns, pos, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", [["Pan", None], [None, "Pan"], ["Pan", "Athena"], ["Apollo", "Pan"]])
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
