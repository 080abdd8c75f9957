"""The AIs: legal and side-effect free everywhere, tactically sound where it is decidable.

Positions are written in the project's notation (ranks 5 down to 1). The tactical
positions are built so that the right answer can be checked by hand and, where it
matters, by brute force over ``legal_turns``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from aegean.ai import AI_LEVELS, AlphaBetaAI, Engine, GreedyAI, RandomAI, SearchInfo, make_ai
from aegean.ai.alphabeta import Budget, GenericSearch, PlainSearch
from aegean.ai.determinize import Determinized
from aegean.ai.evaluation import MATE_BOUND, TEMPO, WIN, evaluate, level_masks, side_value
from aegean.ai.greedy import opponent_can_win_now
from aegean.ai.match import OPENINGS
from aegean.ai.native import NativeAI
from aegean.ai.tactics import can_win_now
from aegean.santorini import Board, SantoriniError, Turn, format_turn
from aegean.santorini.power import Power
from aegean.santorini.squares import PERIMETER_MASK

START = "00000/00000/00000/00000/00000 1 - -"
# Player 1's worker on a1 (level 2) can climb onto b1 (level 3).
WIN_IN_ONE = "00000/00000/00000/00000/23000 1 a1,e5 c3,c5"
# Player 2's worker on a5 (level 2) threatens b5 (level 3); player 1 must dome b5, which
# only its worker on c3 can reach (via b4 or c4).
THREATENED = "23000/00000/00000/00000/00000 1 c3,e1 a5,e3"
# Player 1 climbs c2-c3 and builds b4 up to level 3: with d4 already at level 3 the
# worker on c3 then threatens two squares, and player 2 can dome only one.
WIN_IN_TWO = "00000/02030/00200/00100/00000 1 c2,e5 a1,e1"


class Mimic(Power):
    """A power that changes nothing: it only takes the board off the fast path. It has no
    name, so it is not registered as a card and positions do not mention it."""


def all_engines(seed: int) -> list[Engine]:
    return [
        RandomAI(seed),
        GreedyAI(seed),
        make_ai("1", seed=seed),
        AlphaBetaAI(node_limit=1500, seed=seed),
        AlphaBetaAI(max_depth=2, seed=seed),
    ]


def random_positions(count: int, seed: int) -> list[str]:
    """Positions from seeded random playouts: placements, openings, middle games."""
    rng = random.Random(seed)
    board = Board.from_position(START)
    out = [START]
    board.push_turn(rng.choice(board.legal_turns()))
    out.append(board.position())  # the second player to place
    while len(out) < count:
        board = Board.from_position(rng.choice([START, *OPENINGS]))
        for _ in range(rng.randint(0, 30)):
            turns = board.legal_turns()
            if not turns:
                break
            board.push_turn(rng.choice(turns))
        if board.outcome() is None:
            out.append(board.position())
    return out


def winning_turns(board: Board) -> list[Turn]:
    """Turns after which the mover has won (by climbing or by stalemating the opponent)."""
    me = board.to_move
    wins = []
    for turn in board.legal_turns():
        board.push_turn(turn)
        outcome = board.outcome()
        board.pop()
        if outcome is not None and me in outcome.winners:
            wins.append(turn)
    return wins


def hands_over_win(board: Board, turn: Turn) -> bool:
    """Whether the opponent has a winning reply to ``turn`` (brute force)."""
    board.push_turn(turn)
    try:
        return board.outcome() is None and bool(winning_turns(board))
    finally:
        board.pop()


def check_choice(engine: Engine, board: Board) -> Turn:
    """Ask for a turn; it must be legal and the board must be untouched."""
    position, key, ply, history = board.position(), board.zobrist_hash(), board.ply, list(board.history)
    legal = board.legal_turns()
    turn = engine.choose_turn(board)
    assert turn in legal, f"{engine.name} chose an illegal turn in {position}"
    assert board.position() == position
    assert board.zobrist_hash() == key == Board.from_position(position).zobrist_hash()
    assert board.ply == ply and board.history == history
    assert board.legal_turns() == legal
    return turn


# ---------------------------------------------------------------- every AI
@pytest.mark.parametrize("seed", [1, 2])
def test_every_ai_plays_legal_turns_and_leaves_the_board_alone(seed: int) -> None:
    positions = random_positions(12, seed)
    for engine in all_engines(seed):
        for position in positions:
            check_choice(engine, Board.from_position(position))


def test_the_board_keeps_its_undo_history_intact() -> None:
    board = Board.from_position(OPENINGS[0])
    board.play("b2-c3^c2")
    board.play("b4-b3^a3")
    for engine in all_engines(3):
        check_choice(engine, board)
    board.pop()
    board.pop()
    assert board.position() == OPENINGS[0]


def test_a_search_cut_short_by_its_budget_restores_the_board() -> None:
    # Small node budgets and a tiny time budget stop the search in the middle of a tree.
    for position in random_positions(6, 5):
        board = Board.from_position(position)
        for engine in (AlphaBetaAI(node_limit=37), AlphaBetaAI(node_limit=801)):
            check_choice(engine, board)
        check_choice(AlphaBetaAI(time_limit=0.002), board)


def test_a_finished_game_is_reported_clearly() -> None:
    board = Board.from_position(WIN_IN_ONE)
    board.play("a1-b1")
    for engine in all_engines(0):
        with pytest.raises(SantoriniError, match="game is over"):
            engine.choose_turn(board)


def test_placement_is_central_and_seeded() -> None:
    board = Board.from_position(START)
    for engine in (GreedyAI(4), make_ai("1", seed=4)):
        turn = check_choice(engine, board)
        board.push_turn(turn)
        # Never the edge when the centre is empty.
        assert not any(PERIMETER_MASK >> s & 1 for s in board.workers[0])
        check_choice(engine, board)  # the second player places too
        board.pop()
    picks = {GreedyAI(s).choose_turn(board) for s in range(12)}
    assert len(picks) > 1, "different seeds should open differently"


# ---------------------------------------------------------------- greedy
def test_greedy_takes_an_immediate_win() -> None:
    board = Board.from_position(WIN_IN_ONE)
    for seed in range(5):
        assert GreedyAI(seed).choose_turn(board) == board.parse_turn("a1-b1")


def test_greedy_wins_by_leaving_the_opponent_without_a_move() -> None:
    # Player 2 on a5 and b5 is walled in by domes on a4-c4; its only way out is c5
    # (level 1). Building c5 up to level 2 (from d4 or d5) leaves it without a move.
    board = Board.from_position("00100/AAA00/00000/00000/00000 1 e3,a1 a5,b5")
    wins = winning_turns(board)
    assert wins and all(len(t) == 2 and t[1] & 31 == 22 for t in wins)
    for seed in range(4):
        assert GreedyAI(seed).choose_turn(board) in wins


def test_greedy_domes_the_square_the_opponent_threatens() -> None:
    board = Board.from_position(THREATENED)
    safe = [t for t in board.legal_turns() if not hands_over_win(board, t)]
    assert safe and all(t[1] & 31 == 21 for t in safe)  # every safe turn domes b5
    for seed in range(6):
        assert GreedyAI(seed).choose_turn(board) in safe


def test_greedy_does_not_build_the_opponent_a_step_to_level_3() -> None:
    # Player 1 on b3 (level 1) likes climbing to b4 (level 2) and building a4 up to
    # level 3 next to itself -- but player 2 on a5 (level 2) would climb it first.
    board = Board.from_position("20000/22000/01000/00000/00000 1 b3,e1 a5,e5")
    tempting = board.parse_turn("b3-b4^a4")
    assert tempting in board.legal_turns() and hands_over_win(board, tempting)
    for seed in range(6):
        turn = GreedyAI(seed).choose_turn(board)
        assert not hands_over_win(board, turn)


def test_greedy_is_tactically_sound_on_random_positions() -> None:
    """Brute force: greedy wins when it can and only hands over a win when forced to."""
    checked = 0
    for position in random_positions(60, 11):
        board = Board.from_position(position)
        if board.placing:
            continue
        turn = GreedyAI(0).choose_turn(board)
        if winning_turns(board):
            assert turn in winning_turns(board), position
        elif any(not hands_over_win(board, t) for t in board.legal_turns()):
            assert not hands_over_win(board, turn), position
        checked += 1
    assert checked > 30


def test_opponent_can_win_now_agrees_with_brute_force() -> None:
    positions = random_positions(80, 12)[2:]
    # Stalemates are rare in random play: add one (d4 or d5 builds c5 up, walling in
    # the workers on a5 and b5) and a near miss (c5 is level 0: still a way out).
    positions += [
        "00100/AAA00/00000/00000/00000 1 e3,a1 a5,b5",
        "00000/AAA00/00000/00000/00000 1 e3,a1 a5,b5",
    ]
    assert_win_checks_agree(positions)


def assert_win_checks_agree(positions: list[str]) -> None:
    """``can_win_now`` (greedy's ``opponent_can_win_now``) says what brute force over
    every legal turn says, and both answers occur."""
    answers = set()
    for position in positions:
        board = Board.from_position(position)
        answer = opponent_can_win_now(board)
        assert answer == bool(winning_turns(board)), position
        answers.add(answer)
    assert answers == {True, False}


# ---------------------------------------------------------------- alpha-beta
@pytest.mark.parametrize(
    "engine",
    [make_ai("1"), AlphaBetaAI(max_depth=3), AlphaBetaAI(node_limit=500)],
    ids=["level1", "depth3", "nodes500"],
)
def test_alphabeta_wins_in_one(engine: AlphaBetaAI) -> None:
    board = Board.from_position(WIN_IN_ONE)
    assert engine.choose_turn(board) == board.parse_turn("a1-b1")


def test_alphabeta_finds_the_forced_win_in_two_turns() -> None:
    board = Board.from_position(WIN_IN_TWO)
    assert not winning_turns(board)
    engine = AlphaBetaAI(max_depth=3, seed=1)
    turn = engine.choose_turn(board)
    assert turn == board.parse_turn("c2-c3^b4")
    assert engine.last_info is not None and engine.last_info.score == WIN - 2
    # Check the claim by brute force: after it, every reply leaves a winning climb.
    board.push_turn(turn)
    for reply in board.legal_turns():
        board.push_turn(reply)
        assert board.decided is None and winning_turns(board)
        board.pop()


def test_alphabeta_agrees_with_a_full_width_search_on_wins_and_losses() -> None:
    """The plain search prunes, shortcuts double threats and only tries blocking turns
    under a threat; a full-width search through the generic API does none of that.
    Within two full turns they must see the same wins and losses, at the same distance."""
    rng = random.Random(50)
    positions: list[str] = []
    while len(positions) < 8:
        # Random games end in tactics: take positions shortly before the end.
        board = Board.from_position(rng.choice(OPENINGS))
        trail: list[str] = []
        while board.outcome() is None:
            trail.append(board.position())
            board.push_turn(rng.choice(board.legal_turns()))
        positions.extend(trail[-4:-1])
    decisive = 0
    for position in positions:
        board = Board.from_position(position)
        fast = AlphaBetaAI(max_depth=3)
        fast.choose_turn(board)
        slow = AlphaBetaAI(max_depth=3)
        slow._search_generic(board, board.legal_turns(), Budget(None, None, every=1), 0.0)
        assert fast.last_info is not None and slow.last_info is not None
        fast_score, slow_score = fast.last_info.score, slow.last_info.score
        if abs(slow_score) > MATE_BOUND:
            decisive += 1
            assert fast_score == slow_score, position
        if abs(fast_score) >= WIN - 2:  # the generic search sees climbs up to ply 2
            assert fast_score == slow_score, position
    assert decisive >= 5


def test_alphabeta_defends_against_a_one_turn_threat() -> None:
    board = Board.from_position(THREATENED)
    for engine in (make_ai("1", seed=2), AlphaBetaAI(max_depth=3, seed=2), AlphaBetaAI(node_limit=2000)):
        turn = engine.choose_turn(board)
        assert not hands_over_win(board, turn)
        assert turn[1] & 31 == 21  # the build is the dome on b5


def test_alphabeta_prefers_the_faster_win() -> None:
    # Both a1-b1 (now) and a slower plan win; the score says "now".
    board = Board.from_position(WIN_IN_ONE)
    engine = AlphaBetaAI(max_depth=4)
    assert engine.choose_turn(board) == board.parse_turn("a1-b1")
    assert engine.last_info is not None and engine.last_info.score == WIN


def test_a_lost_position_still_gets_a_legal_turn() -> None:
    # Player 2 threatens b5 and d5 at once; player 1 cannot dome both.
    board = Board.from_position("23032/00000/00000/00000/00000 1 c3,e1 a5,e5")
    engine = AlphaBetaAI(max_depth=3)
    check_choice(engine, board)
    assert engine.last_info is not None and engine.last_info.score < -MATE_BOUND


def test_node_budget_search_is_deterministic() -> None:
    for position in random_positions(7, 21)[2:]:
        board = Board.from_position(position)
        first, second = AlphaBetaAI(node_limit=3000, seed=7), AlphaBetaAI(node_limit=3000, seed=7)
        assert first.choose_turn(board) == second.choose_turn(board)
        assert first.last_info is not None and second.last_info is not None
        assert (first.last_info.depth, first.last_info.nodes, first.last_info.score) == (
            second.last_info.depth,
            second.last_info.nodes,
            second.last_info.score,
        )
        assert first.last_info.nodes <= 3000


def test_a_seeded_game_replays_exactly() -> None:
    def game() -> list[Turn]:
        board = Board.from_position(OPENINGS[3])
        players = [AlphaBetaAI(node_limit=800, seed=1), AlphaBetaAI(node_limit=800, seed=2)]
        turns = []
        while board.outcome() is None and len(turns) < 12:
            turn = players[board.to_move].choose_turn(board)
            board.play(turn)
            turns.append(turn)
        return turns

    assert game() == game()


def test_search_info_is_reported() -> None:
    board = Board.from_position(OPENINGS[0])
    engine = AlphaBetaAI(max_depth=2)
    turn = engine.choose_turn(board)
    info = engine.last_info
    assert info is not None
    assert info.depth == 2 and info.nodes > 80 and info.turn == turn and info.nodes_per_second > 0


def test_the_plain_search_keeps_its_level_masks_in_step() -> None:
    board = Board.from_position(random_positions(3, 30)[2])
    search = PlainSearch(board, Budget(None, None), {}, {})
    turns, _ = search.root_turns(None)
    search.search_root(turns, 2, lambda turn, score: None)
    assert search.masks == level_masks(board)


# ---------------------------------------------------------------- reports and stopping
def check_reports(board: Board, infos: list[SearchInfo], turn: Turn) -> None:
    """One report per finished iteration, deeper each time, each principal variation a
    legal line from ``board`` that starts with its best turn and is no longer than its
    depth; the board is left alone."""
    position = board.position()
    assert [info.depth for info in infos] == list(range(1, len(infos) + 1))
    for info in infos:
        assert info.pv[0] == info.turn and 1 <= len(info.pv) <= info.depth
        line = board.copy()
        for step in info.pv:
            assert step in line.legal_turns()
            line.push_turn(step)
    assert infos[-1].turn == turn and board.position() == position


@pytest.mark.parametrize("position", [OPENINGS[0], THREATENED, WIN_IN_TWO])
def test_search_reports_each_iteration_and_plays_as_choose_turn(position: str) -> None:
    infos: list[SearchInfo] = []
    board = Board.from_position(position)
    turn = AlphaBetaAI(max_depth=3, seed=4).search(board, progress=infos.append)
    check_reports(board, infos, turn)
    assert turn == AlphaBetaAI(max_depth=3, seed=4).choose_turn(board)


def test_the_principal_variation_is_read_from_the_transposition_table() -> None:
    infos: list[SearchInfo] = []
    board = Board.from_position(OPENINGS[0])
    AlphaBetaAI(max_depth=3, seed=1).search(board, progress=infos.append)
    assert [len(info.pv) for info in infos] == [1, 2, 3]
    # A forced win ends the iterations at once: here the first sees it.
    infos.clear()
    AlphaBetaAI(max_depth=3, seed=1).search(Board.from_position(WIN_IN_TWO), progress=infos.append)
    assert [(info.depth, info.score, str(info.turn)) for info in infos] == [(1, WIN - 2, "c2-c3^b4")]


def test_search_reports_with_powers_too() -> None:
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,Athena")
    infos: list[SearchInfo] = []
    turn = AlphaBetaAI(max_depth=2, seed=2).search(board, progress=infos.append)
    check_reports(board, infos, turn)


class CountingStop:
    """A stop signal that turns on after it has been asked ``after`` times."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.asked = 0

    def is_set(self) -> bool:
        self.asked += 1
        return self.asked > self.after


@pytest.mark.parametrize(
    "position", [OPENINGS[0], "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,Athena"]
)
def test_a_stop_signal_ends_the_search_after_its_first_iteration(position: str) -> None:
    board = Board.from_position(position)
    engine = AlphaBetaAI(max_depth=64)
    turn = engine.search(board, stop=CountingStop(0))
    assert engine.last_info is not None and engine.last_info.depth == 1
    assert turn in board.legal_turns() and board.position() == position
    # Set in the middle of an iteration: the search stops there and restores the board.
    engine = AlphaBetaAI(max_depth=64)
    stop = CountingStop(3)
    turn = engine.search(board, stop=stop)
    assert engine.last_info is not None and engine.last_info.depth < 64 and stop.asked > 3
    assert turn in board.legal_turns() and board.position() == position


def test_set_budget_changes_the_next_search_and_checks_like_the_constructor() -> None:
    board = Board.from_position(OPENINGS[0])
    engine = AlphaBetaAI(max_depth=1)
    engine.set_budget(max_depth=2)
    engine.choose_turn(board)
    assert engine.last_info is not None and engine.last_info.depth == 2
    with pytest.raises(ValueError, match="needs a budget"):
        engine.set_budget()
    with pytest.raises(ValueError, match="node_limit"):
        engine.set_budget(node_limit=0)


# ---------------------------------------------------------------- generic search
def test_generic_search_on_a_board_with_powers() -> None:
    board = Board(2, [Mimic(), None])
    engine = AlphaBetaAI(max_depth=2, seed=1)
    check_choice(engine, board)  # placement
    board.push_turn(engine.choose_turn(board))
    board.push_turn(engine.choose_turn(board))
    assert not board.plain and not board.placing
    check_choice(engine, board)
    check_choice(AlphaBetaAI(time_limit=0.05), board)


def test_generic_search_wins_in_one_with_powers() -> None:
    plain = Board.from_position(WIN_IN_ONE)
    board = Board(2, [None, Mimic()])
    for player, squares in enumerate(plain.workers):
        for square in squares:
            board.add_worker(player, square)
    for square, level in enumerate(plain.height):
        for _ in range(level):
            board.build_on(square)
    board.forget_history()
    assert board.position().split()[:3] == WIN_IN_ONE.split()[:3] and not board.plain
    assert AlphaBetaAI(max_depth=2).choose_turn(board) == board.parse_turn("a1-b1")


def test_three_player_games_are_playable() -> None:
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 a1,e5")
    for engine in (RandomAI(1), GreedyAI(1), AlphaBetaAI(max_depth=2, seed=1)):
        check_choice(engine, board)


def test_a_turn_in_progress_is_completed() -> None:
    board = Board.from_position(OPENINGS[0])
    board.push(board.parse_turn("b2-c3")[0])
    engine = AlphaBetaAI(max_depth=2)
    turn = check_choice(engine, board)
    assert len(turn) == 1  # only the build is left


# ---------------------------------------------------------------- with powers (issue 13, item 7)
#: Positions of level 1 - greedy games (Apollo vs Athena) in which level 1, then a plain
#: one-turn search without a look at the reply, handed greedy an immediate win although
#: a safe turn existed; greedy never does.
HANDED_OVER = [
    "02010/10120/23120/10000/00000 1 c3,c4 a3,a4 powers=Apollo,Athena athena=up",
    "00000/00020/00102/10210/13210 1 c2,d4 a1,c1 powers=Apollo,Athena athena=up",
    "02223/11220/10100/00000/00000 2 b3,d5 c4,c5 powers=Apollo,Athena",
]
#: Prometheus (486 turns: he may build before moving) must dome b5, where Athena's worker
#: on a5 would climb; and (179 turns) can climb b1-c1 and win.
PROMETHEUS_THREATENED = "23000/00000/00000/00000/00000 1 c3,e1 a5,e3 powers=Prometheus,Athena"
PROMETHEUS_WINS = "00000/00000/00000/00000/02300 1 b1,e5 a5,c5 powers=Prometheus,Athena"


#: Positions shortly before the end of random games of the strength suite with powers
#: (two to four players, the Golden Fleece): five with a win to take, five where some
#: turns hand the next player a win and some do not, five others (all safe, or lost).
POWER_POSITIONS = [
    "01112/AAA33/BD002/AACBC/A1AB3 1 d5,c3 d3,b1 powers=Pan,Atlas",
    "21131/00D22/02131/2DDD0/012A0 1 d4,c1 c5,a3 fleece=Demeter ram=d1 ram.holders=1",
    "21320/1D0DD/23321/23D33/3D221 2 e1,a4 d3,a2 & & powers=Artemis,Demeter,Minotaur,Hephaestus",
    "331D0/22D11/12D3D/22110/32D30 2 e2,d4 b2,b4 powers=Prometheus,Athena",
    "21100/032A2/03032/11331/231D2 2 a3,e2 c4,e5 fleece=Apollo ram=d4 ram.holders=2",
    "01112/AAA33/BD002/0ACBC/A1AB3 2 d5,c3 d3,a2 powers=Pan,Atlas",
    "21121/00D22/02131/2DDD0/012A0 2 d4,c1 b4,a3 fleece=Demeter ram=d1 ram.holders=1",
    "0D311/D31D2/11D32/1D211/3D202 1 c4,a5 c2,b3 & & powers=Artemis,Demeter,Minotaur,Hephaestus",
    "03010/2D222/12122/D1D10/10120 2 b2,c5 a5,d4 - powers=Apollo,Athena,Pan out=3 removed=0,0,2",
    "00C00/AB1D3/A2A10/221A1/332A0 2 b2,d3 b5,e3 & & powers=Apollo,Athena,Pan,Atlas",
    "01012/AAA33/BD002/0ACBC/A1AB3 1 c5,c3 d3,a2 powers=Pan,Atlas",
    "21120/00D22/02121/2DDD0/012A0 1 c3,c1 b4,a3 fleece=Demeter ram=d1 ram.holders=1",
    "22330/1D0DD/23321/23D33/3D221 3 e1,a4 c4,a2 & & powers=Artemis,Demeter,Minotaur,Hephaestus",
    "331D0/22D11/12D3D/23110/32D30 1 e2,d4 b1,b4 powers=Prometheus,Athena",
    "21100/012A2/03032/11331/231D2 2 b2,e2 b5,e5 fleece=Apollo ram=d4 ram.holders=2",
]


@pytest.mark.parametrize("position", HANDED_OVER)
def test_level_1_never_hands_over_an_immediate_win_with_powers(position: str) -> None:
    board = Board.from_position(position)
    assert any(not hands_over_win(board, t) for t in board.legal_turns())
    for seed in range(3):
        turn = check_choice(make_ai("1", seed=seed), board)
        assert not hands_over_win(board, turn), (position, seed)


def test_level_1_is_greedys_safety_with_a_better_judgement() -> None:
    """Level 1 wins when it can and avoids handing over a win when it can, like greedy,
    on positions of games with powers, two to four players (checked by brute force)."""
    for seed, position in enumerate(POWER_POSITIONS):
        board = Board.from_position(position)
        turn = check_choice(make_ai("1", seed=seed), board)
        wins = winning_turns(board)
        assert bool(wins) == (seed < 5), position
        if wins:
            assert turn in wins, position
        elif any(not hands_over_win(board, t) for t in board.legal_turns()):
            assert not hands_over_win(board, turn), position


@pytest.mark.parametrize("position", [PROMETHEUS_THREATENED, PROMETHEUS_WINS])
def test_a_small_budget_still_searches_one_full_turn_on_a_slow_power(position: str) -> None:
    """A budget spent long before the first full turn is searched (a slow power, a
    loaded machine) used to leave the search at depth 0, playing its first turn in
    random order: now the first iteration always completes."""
    board = Board.from_position(position)
    assert len(board.legal_turns()) > 150
    for seed in range(2):
        engine = AlphaBetaAI(node_limit=20, seed=seed)
        turn = check_choice(engine, board)
        assert engine.last_info is not None and engine.last_info.depth == 1
        assert engine.last_info.nodes > 20 and engine.last_info.cut_short is False
        if position == PROMETHEUS_WINS:
            assert turn == board.parse_turn("b1-c1")
        else:
            assert not hands_over_win(board, turn)


def count_win_checks(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Count the calls of ``module.name`` (a win check) from now on."""
    calls: list[int] = []
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_level_1_and_greedy_check_only_the_turns_they_would_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether the next player can win at once costs a search of their turn: asked for
    every one of 80 turns, it made greedy take seconds per turn with powers. Both now ask
    in order of preference and stop at the first safe turn."""
    import aegean.ai.alphabeta as alphabeta
    import aegean.ai.greedy as greedy

    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Apollo,Athena")
    assert len(board.legal_turns()) == 80
    checks = count_win_checks(monkeypatch, greedy, "can_win_now")
    GreedyAI(1).choose_turn(board)
    assert len(checks) == 1
    checks = count_win_checks(monkeypatch, alphabeta, "win_now_work")
    make_ai("python-1", seed=1).choose_turn(board)
    assert len(checks) == 1


def test_can_win_now_agrees_with_brute_force_with_powers() -> None:
    assert opponent_can_win_now is can_win_now
    assert_win_checks_agree(POWER_POSITIONS)


def test_levels_play_the_same_turns_whatever_the_clock() -> None:
    """Levels 2-5 have work budgets, not time: the same seed gives the same turn and the
    same count of work, with powers too (so strength runs are reproducible under load)."""
    board = Board.from_position(HANDED_OVER[1])
    first, second = make_ai("2", seed=5), make_ai("2", seed=5)
    assert first.choose_turn(board) == second.choose_turn(board)
    infos = [e.base.last_info for e in (first, second) if isinstance(e, Determinized)]
    assert len(infos) == 2 and infos[0] is not None and infos[1] is not None
    assert infos[0].nodes == infos[1].nodes and infos[0].depth == infos[1].depth >= 1


def test_a_free_for_all_opponent_is_modelled_as_playing_for_itself() -> None:
    """Three players: the search expects an opponent to take its own win, and else to
    stop the player after it from winning (greedy's safety), instead of ganging up on
    the searching player."""
    wins = Board.from_position(
        "00000/00000/00230/00000/00000 2 e1,e2 c3,a1 a5,b5 powers=Apollo,Athena,Pan"
    )
    search = GenericSearch(wins, Budget(None, None, every=1), {}, 0)
    turn, score, exact = search._own_choice(wins.legal_turns(), 1)
    assert format_turn(turn) == "c3-d3" and exact and score < -MATE_BOUND
    blocks = Board.from_position(
        "00000/00000/00000/00000/00032 1 b1,a5 e1,a3 c5,e5 powers=Apollo,Hephaestus,Pan"
    )
    search = GenericSearch(blocks, Budget(None, None, every=1), {}, 2)
    turn, score, exact = search._own_choice(blocks.legal_turns(), 1)
    assert format_turn(turn).endswith("^d1") and not exact and abs(score) < MATE_BOUND


# ---------------------------------------------------------------- evaluation
def test_the_fast_evaluation_matches_the_readable_one() -> None:
    for position in random_positions(30, 40):
        board = Board.from_position(position)
        if board.placing:
            continue
        masks = level_masks(board)
        blocked = board.occupied | board.domes
        me, you = board.to_move, 1 - board.to_move
        mine, movable = side_value(board.height, board.workers[me], blocked, masks)
        theirs, _ = side_value(board.height, board.workers[you], blocked, masks)
        fast = evaluate(board.height, board.workers[me], board.workers[you], blocked, masks, 0)
        assert fast == (mine - theirs + TEMPO if movable else -WIN), position


def quick_eval(position: str) -> int:
    board = Board.from_position(position)
    me, you = board.workers[board.to_move], board.workers[1 - board.to_move]
    return evaluate(board.height, me, you, board.occupied | board.domes, level_masks(board), 0)


def test_the_evaluation_likes_height_centre_and_freedom() -> None:
    flat = quick_eval("00000/00000/00000/00000/00000 1 c3,e1 a5,e4")
    assert quick_eval("00000/00000/00200/00000/00000 1 c3,e1 a5,e4") > flat  # height
    assert quick_eval("00000/00000/00000/00000/00000 1 d2,e1 a5,e4") < flat  # centre
    assert (
        quick_eval("00000/00000/00000/00000/00000 1 c3,e1 a5,e4")
        == -quick_eval("00000/00000/00000/00000/00000 2 c3,e1 a5,e4") + 2 * TEMPO
    )  # the same position seen from the other side
    # a1 walled in by domes: a trapped worker is a liability.
    assert quick_eval("00000/00000/00000/AA000/0A000 1 c3,a1 a5,e4") < quick_eval(
        "00000/00000/00000/AA000/0A000 1 c3,b3 a5,e4"
    )


# ---------------------------------------------------------------- make_ai
def test_make_ai_knows_every_level() -> None:
    board = Board.from_position(WIN_IN_ONE)
    for spec in AI_LEVELS:
        engine = make_ai(spec, seed=1, time_per_move=0.05)
        assert engine.name
        assert engine.choose_turn(board) == board.parse_turn("a1-b1") or spec == "random"
    assert make_ai().name == make_ai("3").name == make_ai(" Default ").name


@pytest.mark.parametrize(
    ("spec", "time", "message"),
    [
        ("hard", None, "unknown AI 'hard': choose one of random, greedy, 1"),
        ("6", None, "unknown AI '6'"),
        ("3", 0.0, "time per move must be a positive number"),
        ("2", -1.0, "time per move must be a positive number"),
    ],
)
def test_make_ai_rejects_bad_input_clearly(spec: str, time: float | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_ai(spec, time_per_move=time)


@pytest.mark.parametrize(("level", "kind"), [("5", NativeAI), ("python-5", AlphaBetaAI)])
def test_time_per_move_overrides_the_level_budget(level: str, kind: type) -> None:
    made = make_ai(level, time_per_move=0.05)
    engine = made.base if isinstance(made, Determinized) else made  # open games: the base AI plays
    assert isinstance(engine, kind) and engine.time_limit == 0.05
    board = Board.from_position(OPENINGS[1])
    check_choice(made, board)
    assert engine.last_info is not None and engine.last_info.depth >= 1
