"""The native search (``aegean.ai.native``): every turn it chooses is one of the
reference's legal turns, for every pair of powers it plays; it takes an immediate win,
answers an immediate threat, honours its depth, node and time budgets and a stop signal,
reports its iterations, analyses the best turns in order, keeps its table's size, and
hands the positions it does not play to the Python search."""

from __future__ import annotations

import random
import threading
import time

import pytest

from aegean import _core
from aegean.ai import SearchInfo
from aegean.ai.evaluation import MATE_BOUND, WIN
from aegean.ai.native import NativeAI
from aegean.santorini import Board

from .support import PAIRS, positions, refused

SEED = 20261127


def can_win_at_once(board: Board) -> bool:
    """Whether the player to move has a turn that wins (the reference's turns)."""
    for turn in board.legal_turns():
        board.push_turn(turn)
        won = board.decided is not None and board.decided.winner != board.to_move
        board.pop()
        if won:
            return True
    return False


@pytest.mark.parametrize("pair", PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_the_chosen_turn_is_legal(pair: tuple[str, str]) -> None:
    if refused(pair):
        return  # a mirror match or a banned one is refused (tests/native/test_powers.py)
    ai = NativeAI(node_limit=4_000)
    checked = 0
    for position in positions(pair, SEED, boards=1, games=2):
        board = Board.from_position(position)
        if board.outcome() is not None:
            continue
        turn = ai.choose_turn(board)
        assert turn in board.legal_turns(), f"{turn} at {position!r}"
        assert ai.last_info is not None and ai.last_info.turn == turn
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize(
    "position",
    [
        "00000/00000/00000/00000/00320 1 d1,e5 a5,e4",  # d1-c1 climbs onto level 3
        "00000/00000/00000/00000/00320 1 d1,e5 a5,e4 powers=Apollo,Athena",
        "00000/00000/00000/00000/00020 1 d1,e5 a5,e4 powers=Pan,Demeter",  # Pan steps down two
    ],
)
def test_an_immediate_win_is_taken(position: str) -> None:
    board = Board.from_position(position)
    ai = NativeAI(max_depth=3)
    turn = ai.choose_turn(board)
    board.push_turn(turn)
    assert board.decided is not None and board.decided.winner == 0, f"{turn} does not win"
    assert ai.last_info is not None and ai.last_info.score >= WIN - 1


@pytest.mark.parametrize("pruning", [True, False], ids=["frontier-pruning", "no-pruning"])
@pytest.mark.parametrize("powers", ["", " powers=Artemis,Hephaestus", " powers=Minotaur,Atlas"])
def test_an_immediate_threat_is_answered(powers: str, pruning: bool) -> None:
    """Player 2 stands on level 2 next to the free level-3 square c3: player 1 must dome
    it (or stand on it); whatever it chooses, player 2 cannot then win at once, with
    frontier pruning or without: the first child is always searched, a late one is
    scored statically only after a probe of the opponent's immediate win, and futility
    skips only children whose evaluation is well below a score already reached."""
    board = Board.from_position(f"00000/00000/00300/02000/00000 1 a1,e1 b2,e5{powers}")
    assert board.legal_turns()
    turn = NativeAI(node_limit=50_000, frontier_pruning=pruning).choose_turn(board)
    board.push_turn(turn)
    assert not can_win_at_once(board), f"{turn} leaves the climb onto c3 open"


def test_budgets_iterations_and_the_stop_signal() -> None:
    board = Board.from_position("00000/12000/00001/120D0/00230 1 a4,d3 b3,c1")
    heard: list[SearchInfo] = []
    ai = NativeAI(max_depth=4)
    ai.search(board, progress=heard.append)
    assert [i.depth for i in heard] == [1, 2, 3, 4]
    assert all(i.pv and i.pv[0] in board.legal_turns() for i in heard)
    assert ai.last_info is not None and ai.last_info.depth == 4

    ai = NativeAI(node_limit=30_000)
    ai.choose_turn(board)
    assert ai.last_info is not None and ai.last_info.nodes < 30_000 + 2_048

    for cpu_time in (False, True):  # the wall clock, or the thread's processor time
        ai = NativeAI(time_limit=0.3, cpu_time=cpu_time)
        start = time.perf_counter()
        assert ai.choose_turn(board) in board.legal_turns()
        assert time.perf_counter() - start < 2.0  # a deadline, not a measurement

    stop = threading.Event()
    ai = NativeAI(time_limit=600)
    threading.Timer(0.2, stop.set).start()
    start = time.perf_counter()
    turn = ai.search(board, stop=stop)
    assert time.perf_counter() - start < 10 and turn in board.legal_turns()


def test_the_same_budget_gives_the_same_turn() -> None:
    board = Board.from_position("00000/03300/01200/21000/0D000 1 a2,c5 b2,d4 powers=Artemis,Demeter")
    turns = {NativeAI(node_limit=20_000).choose_turn(board) for _ in range(3)}
    assert len(turns) == 1


def test_analysis_lists_the_best_turns_in_order() -> None:
    board = Board.from_position("00000/03300/01200/21000/0D000 1 a2,c5 b2,d4")
    info, lines = NativeAI(max_depth=3).analyse(board, 4, depth=3)
    assert len(lines) == 4 and info.depth == 3
    scores = [line.score for line in lines]
    assert scores == sorted(scores, reverse=True)
    assert all(line.turn in board.legal_turns() and line.pv[0] == line.turn for line in lines)
    assert len({line.turn for line in lines}) == 4
    best = NativeAI(max_depth=3).choose_turn(board)
    assert NativeAI(max_depth=3).analyse(board, 1, depth=3)[1][0].score == lines[0].score
    assert best in board.legal_turns()


def test_a_lost_position_says_so() -> None:
    """Two threatened squares and one build: whatever player 1 does, player 2 wins."""
    board = Board.from_position("00000/00000/03030/00200/00000 1 a1,e1 c2,e5")
    ai = NativeAI(max_depth=3)
    ai.choose_turn(board)
    assert ai.last_info is not None and ai.last_info.score < -MATE_BOUND


def test_the_table_keeps_its_size() -> None:
    ai = NativeAI(node_limit=200_000, table_mb=1)
    size = ai.table_bytes
    assert 0 < size <= 1 << 20
    rng = random.Random(3)
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
    for _ in range(6):
        turn = ai.choose_turn(board)
        board.push_turn(turn)
        if board.outcome() is not None:
            break
        turns = board.legal_turns()
        board.push_turn(turns[rng.randrange(len(turns))])
        if board.outcome() is not None:
            break
    assert ai.table_bytes == size


def test_positions_the_core_does_not_play_go_to_the_python_search() -> None:
    for position in (
        "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Circe,Apollo",
        "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 a3,e3 powers=Apollo,Athena,Pan",
    ):
        board = Board.from_position(position)
        turn = NativeAI(node_limit=2_000).choose_turn(board)
        assert turn in board.legal_turns()


def test_bad_budgets_and_positions_are_one_line() -> None:
    searcher = _core.Searcher(1)
    for kwargs in ({}, {"depth": 0}, {"nodes": 0}, {"seconds": -1.0}, {"seconds": float("nan")}):
        with pytest.raises(ValueError) as caught:
            searcher.search("00000/00000/00000/00000/00000 1 b2,d4 b4,d2", **kwargs)  # type: ignore[arg-type]
        assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="board"):
        searcher.search("not a position", depth=1)
    with pytest.raises(ValueError, match="table"):
        _core.Searcher(0)
    assert searcher.search("00000/00000/00000/00000/00000 1 a1,a2 b1,b2", depth=2) is not None


def test_dionysus_earns_an_extra_turn_to_answer_a_threat() -> None:
    """RULINGS #35: his extra turn follows his own, so the search scores it for him, not
    negated as a turn of his opponent's. The opponent threatens e1 (level 2) to e2 (level
    3), which no worker of his can build on: only the Complete Tower on c3 saves him, for
    its extra turn moves the climber away."""
    board = Board.from_position("00000/00000/00300/00003/00002 1 a5,b4 e1,a1 powers=Dionysus,-")
    ai = NativeAI(node_limit=200_000)
    board.push_turn(ai.choose_turn(board))
    assert board.to_move == 0 and board.tokens.get("dionysus.extra") == "on", board.position()
    board.push_turn(ai.choose_turn(board))
    assert board.to_move == 1 and not can_win_at_once(board), board.position()
