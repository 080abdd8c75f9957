"""Random playouts: legal games, uniform choices, the board left as it was."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from aegean.santorini import Board, Termination, Turn, fastpath
from aegean.santorini.playout import random_playout

MIDGAME = "01000/12131/01121/21220/10020 1 e4,b2 a2,d2"
LATE = "11D12/DD3D3/0D21D/13DDD/3121D 2 d3,d1 a5,c3"  # 4 legal turns, games of a few turns


class Scripted(random.Random):
    """A generator whose ``randrange`` returns given indices: picks chosen turns."""

    def __init__(self, picks: list[int]) -> None:
        super().__init__(0)
        self.picks = picks
        self.asked: list[int] = []

    def randrange(self, n: int, *args: object, **kwargs: object) -> int:  # type: ignore[override]
        self.asked.append(n)
        return self.picks.pop(0) % n if self.picks else 0


def snapshot(board: Board) -> tuple[object, ...]:
    return (
        board.position(),
        board.zobrist_hash(),
        board.rehash(),
        list(board.history),
        board.ply,
        len(board._journal),
        len(board._stack),
        [list(ws) for ws in board.workers],
        list(board.owner),
    )


@pytest.mark.parametrize(
    "start", ["00000/00000/00000/00000/00000 1 - -", "00000/00000/00000/00000/00000 2 b2,d4 -", MIDGAME, LATE]
)
def test_playouts_are_legal_games_and_leave_the_board_unchanged(start: str) -> None:
    rng = random.Random(11)
    board = Board.from_position(start)
    before = snapshot(board)
    for _ in range(25):
        played: list[Turn] = []
        outcome = random_playout(board, rng, played)
        assert snapshot(board) == before
        replay = Board.from_position(start)
        for turn in played:
            assert replay.decided is None
            replay.play(turn)  # raises IllegalTurnError if the playout cheated
        assert replay.outcome() == outcome
        if outcome.termination is Termination.NO_LEGAL_TURN:
            assert replay.decided is None and not replay.legal_turns()
        else:
            assert outcome.termination is Termination.CLIMB and replay.decided == outcome


def test_playout_from_empty_board_places_both_players_first() -> None:
    played: list[Turn] = []
    random_playout(Board(), random.Random(3), played)
    assert [len(t) for t in played[:2]] == [2, 2]
    assert all(step >> 10 == 1 for turn in played[:2] for step in turn)  # placements ...
    assert all(len(t) in (1, 2) and t[0] >> 10 == 2 for t in played[2:])  # ... then moves


def test_finished_game_returns_its_outcome_without_playing() -> None:
    board = Board.from_position("00000/00000/00230/00000/00000 1 b2,c3 b4,d2")
    board.play("c3-d3")
    played: list[Turn] = []
    assert random_playout(board, random.Random(0), played) == board.decided
    assert played == []


def test_no_legal_turn_loses() -> None:
    board = Board.from_position("000D0/000DD/00000/DD000/0D000 1 a1,e5 c3,c4")  # both walled in
    before = snapshot(board)
    played: list[Turn] = []
    outcome = random_playout(board, random.Random(0), played)
    assert outcome.termination is Termination.NO_LEGAL_TURN and outcome.winners == {1}
    assert played == [] and snapshot(board) == before


@pytest.mark.parametrize("position", [MIDGAME, LATE, "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"])
def test_random_turn_picks_the_drawn_index_of_legal_turns(position: str) -> None:
    board = Board.from_position(position)
    turns = board.legal_turns()
    assert fastpath.count_turns(board) == len(turns)
    for k, turn in enumerate(turns):
        rng = Scripted([k])
        assert fastpath.random_turn(board, rng.randrange) == turn
        assert rng.asked == [len(turns)]  # one draw over exactly the legal turns
        assert fastpath.kth_turn(board, k) == turn
    with pytest.raises(IndexError):
        fastpath.kth_turn(board, len(turns))


def test_random_placement_picks_the_drawn_index_of_placements() -> None:
    for start in ("00000/00000/00000/00000/00000 1 - -", "0D000/00000/00000/00000/00000 2 b2,d4 -"):
        board = Board.from_position(start)
        placements = board.legal_turns()
        for k in (0, 1, 2, 57, len(placements) - 1):
            played: list[Turn] = []
            random_playout(board, Scripted([k]), played)
            assert played[0] == placements[k]


def test_first_turn_is_uniform_over_legal_turns() -> None:
    """Chi-square over the first turn of many playouts from a small position."""
    board = Board.from_position("0D1D2/3D22D/2D330/11D12/111DD 1 d4,e3 e2,c5")
    turns = board.legal_turns()
    k = len(turns)
    assert 5 <= k <= 20
    rng = random.Random(2024)
    n = 200 * k
    counts: Counter[Turn] = Counter()
    for _ in range(n):
        played: list[Turn] = []
        random_playout(board, rng, played)
        counts[played[0]] += 1
    assert set(counts) == set(turns)
    expected = n / k
    chi2 = sum((counts[t] - expected) ** 2 / expected for t in turns)
    # k - 1 degrees of freedom: mean k - 1, sd sqrt(2 (k - 1)); allow 5 sd.
    assert chi2 < (k - 1) + 5 * (2 * (k - 1)) ** 0.5


def test_generic_path_matches_fast_path() -> None:
    """A board forced off the fast path plays the same games with the same generator."""
    for seed in range(5):
        fast, slow = Board.from_position(MIDGAME), Board.from_position(MIDGAME)
        slow.plain = False
        played_fast: list[Turn] = []
        played_slow: list[Turn] = []
        a = random_playout(fast, random.Random(seed), played_fast)
        b = random_playout(slow, random.Random(seed), played_slow)
        assert a == b
        assert played_fast == played_slow
        assert slow.position() == MIDGAME


def test_turn_in_progress_is_finished_first() -> None:
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 turn=b2-c3")
    before = snapshot(board)
    played: list[Turn] = []
    random_playout(board, random.Random(5), played)
    assert snapshot(board) == before
    assert len(played[0]) == 1 and played[0][0] >> 10 == 3  # the build that ends the turn
    replay = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 turn=b2-c3")
    for turn in played:
        replay.play(turn)
    assert replay.outcome() is not None
