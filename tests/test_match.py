"""Matches: the statistics against hand-computed values, and the game loop itself."""

from __future__ import annotations

import math

import pytest

from aegean.ai import Engine, GreedyAI, RandomAI
from aegean.ai.greedy import opponent_can_win_now
from aegean.ai.match import (
    OPENINGS,
    MatchResult,
    elo_difference,
    play_game,
    run_match,
    seatings_for,
    sides_of,
    wilson_interval,
)
from aegean.ai.suite import MODES, SUITE
from aegean.santorini import Board, Turn, format_turn, rules
from aegean.santorini.squares import SYMMETRIES


# ---------------------------------------------------------------- statistics
def test_wilson_interval_matches_published_values() -> None:
    # 8 successes in 10: the textbook 95 % Wilson interval is [0.490, 0.943].
    low, high = wilson_interval(0.8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    # 0 in 10: [0, 0.2775] -- unlike the normal approximation it is not empty.
    low, high = wilson_interval(0.0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    # 50 in 100, by hand: centre (0.5 + 1.96²/200) / (1 + 1.96²/100) = 0.5, half-width
    # 1.96 · sqrt(0.0025 + 1.96²/40000) / (1 + 1.96²/100) = 0.0962.
    low, high = wilson_interval(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(1.0, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)


def test_elo_difference() -> None:
    assert elo_difference(0.5) == 0.0
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))  # 190.8
    assert elo_difference(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo_difference(10 / 11) == pytest.approx(400.0)  # odds of 10:1
    assert elo_difference(1.0) == math.inf and elo_difference(0.0) == -math.inf


def test_match_result_counts_draws_as_half_points() -> None:
    result = MatchResult.from_counts(games=10, wins_a=6, wins_b=2)
    assert result.draws == 2
    assert result.score == pytest.approx(0.7)
    assert (result.wilson_low, result.wilson_high) == wilson_interval(0.7, 10)
    assert result.elo == pytest.approx(-400 * math.log10(1 / 0.7 - 1))  # +147.2
    low, high = result.elo_interval
    assert low < result.elo < high


def test_match_result_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="impossible counts"):
        MatchResult.from_counts(games=3, wins_a=2, wins_b=2)


def test_summary_line() -> None:
    line = MatchResult.from_counts(games=10, wins_a=6, wins_b=2).summary("level 3", "greedy")
    assert line.startswith("level 3 vs greedy: 7/10 (70.0%), +6 -2 =2, 95% CI [")
    assert "Elo +147 [" in line
    assert "Elo +inf [" in MatchResult.from_counts(games=4, wins_a=4, wins_b=0).summary("a", "b")


# ---------------------------------------------------------------- openings
def test_openings_are_varied_positions_after_placement() -> None:
    assert len(OPENINGS) >= 10 and len(set(OPENINGS)) == len(OPENINGS)
    shapes = set()
    for text in OPENINGS:
        board = Board.from_position(text)
        assert board.position() == text
        assert board.plain and not board.placing and board.outcome() is None
        assert board.to_move == 0 and sum(board.height) == 0
        # The same opening turned, mirrored or with colours swapped is not a new one.
        first, second = board.workers
        shapes.add(
            min(
                (tuple(sorted(sym[s] for s in a)), tuple(sorted(sym[s] for s in b)))
                for sym in SYMMETRIES
                for a, b in ((first, second), (second, first))
            )
        )
    assert len(shapes) == len(OPENINGS)


# ---------------------------------------------------------------- the game loop
class Recorder:
    """An AI that plays randomly and remembers the positions it was asked about."""

    def __init__(self, label: str, log: list[tuple[str, str]], seed: int) -> None:
        self.name = label
        self._inner = RandomAI(seed)
        self._log = log

    def choose_turn(self, board: Board) -> Turn:
        self._log.append((self.name, board.position()))
        return self._inner.choose_turn(board)


def test_colours_alternate_and_openings_repeat_in_pairs() -> None:
    log: list[tuple[str, str]] = []
    starts: list[int] = []

    def make(label: str) -> Engine:
        return Recorder(label, log, seed=len(log))

    def on_game(i: int, result: MatchResult) -> None:
        starts.append(i)

    openings = OPENINGS[:3]
    result = run_match(lambda: make("A"), lambda: make("B"), 6, openings=openings, on_game=on_game)
    assert starts == list(range(6)) and result.games == 6
    firsts = [entry for entry in log if entry[1] in openings]
    # Game i starts from openings[(i // 2) % 3]; A moves first in the even games.
    assert firsts == [
        ("A", openings[0]), ("B", openings[0]),
        ("A", openings[1]), ("B", openings[1]),
        ("A", openings[2]), ("B", openings[2]),
    ]  # fmt: skip


def test_a_game_cut_off_by_max_turns_is_a_draw() -> None:
    result = run_match(lambda: RandomAI(1), lambda: RandomAI(2), 4, max_turns=1)
    assert (result.wins_a, result.wins_b, result.draws) == (0, 0, 4)
    assert result.score == 0.5 and result.elo == 0.0


def test_a_tiny_real_match() -> None:
    seen: list[MatchResult] = []
    result = run_match(
        lambda: GreedyAI(seed=len(seen)), lambda: RandomAI(seed=len(seen)), 4,
        on_game=lambda i, r: seen.append(r),
    )  # fmt: skip
    assert [r.games for r in seen] == [1, 2, 3, 4] and seen[-1] == result
    assert result.wins_a + result.wins_b + result.draws == 4
    assert result.score == (result.wins_a + 0.5 * result.draws) / 4
    assert result.wins_a >= 3  # greedy never hands random a win in one; random does


def test_bad_match_arguments_are_rejected() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        run_match(lambda: RandomAI(), lambda: RandomAI(), 0)
    with pytest.raises(ValueError, match="no openings"):
        run_match(lambda: RandomAI(), lambda: RandomAI(), 2, openings=[])


def test_an_illegal_turn_from_an_ai_stops_the_match() -> None:
    class Cheater:
        name = "cheater"

        def choose_turn(self, board: Board) -> Turn:
            return board.parse_turn("a1-a2^a3")

    with pytest.raises(ValueError, match="illegal"):
        run_match(lambda: Cheater(), lambda: RandomAI(), 1)


# ---------------------------------------------------------------- other modes
def _team_opening() -> str:
    """Four players: player 1 places team 1+3's workers, player 2 team 2+4's; player 3
    takes the first turn (SANTORINI.md §6)."""
    board = Board(4, ["Apollo", "Athena", "Pan", "Atlas"])
    board.play("@b2@d4")
    board.play("@b4@d2")
    return board.position()


def recorded_match(opening: str, games: int, max_turns: int) -> tuple[MatchResult, list[tuple[str, str]]]:
    """A match of :class:`Recorder` AIs "A" and "B" from one opening, and their log."""
    log: list[tuple[str, str]] = []
    result = run_match(
        lambda: Recorder("A", log, seed=len(log)), lambda: Recorder("B", log, seed=len(log) + 1), games,
        openings=[opening], max_turns=max_turns,
    )  # fmt: skip
    return result, log


def test_a_four_player_match_gives_each_ai_a_team() -> None:
    """Each AI plays both seats of its team, and the teams swap every game."""
    opening = _team_opening()
    assert opening.split()[1] == "3"
    result, log = recorded_match(opening, 2, max_turns=12)
    assert result.games == 2
    game_starts = [i for i, (_, position) in enumerate(log) if position == opening]
    assert [log[i][0] for i in game_starts] == ["A", "B"]
    first_game, second_game = log[: game_starts[1]], log[game_starts[1] :]
    for name, position in first_game:
        mover = int(position.split()[1]) - 1
        assert name == ("A" if mover % 2 == 0 else "B"), (name, position)
    for name, position in second_game:
        mover = int(position.split()[1]) - 1
        assert name == ("B" if mover % 2 == 0 else "A"), (name, position)


def test_a_golden_fleece_match_starts_with_the_ram() -> None:
    """In the Golden Fleece variant the opening is the position before the Ram: the side
    to move (the first placer) puts it, then the other side takes the first turn."""
    board = Board(2, fleece="Apollo")
    board.play("@b2@d4")
    board.play("@b4@d2")
    opening = board.position()
    log: list[tuple[str, str]] = []
    result = run_match(
        lambda: Recorder("A", log, seed=1), lambda: Recorder("B", log, seed=2), 2, openings=[opening]
    )
    assert result.games == 2 and result.wins_a + result.wins_b + result.draws == 2
    ram_turns = [(name, position) for name, position in log if position == opening]
    assert [name for name, _ in ram_turns] == ["A", "B"]
    after_ram = log[1]
    assert after_ram[0] == "B" and "ram=" in after_ram[1]


def test_a_three_player_match_rotates_the_seats() -> None:
    """Three players, free-for-all: A alone in each seat against two Bs, then B alone
    against two As, so over six games each AI holds nine seats of eighteen."""
    opening = SUITE["three"][0].openings(1)[0]
    assert seatings_for(Board.from_position(opening)) == ("ABB", "BAB", "BBA", "BAA", "ABA", "AAB")
    result, log = recorded_match(opening, 6, max_turns=3)
    assert result.games == 6
    # Each game's first three turns are the three seats in order (nobody wins in three).
    assert "".join(name for name, _ in log) == "ABB" "BAB" "BBA" "BAA" "ABA" "AAB"


def test_a_match_needs_two_or_three_sides() -> None:
    with pytest.raises(ValueError, match="two sides"):
        play_game(RandomAI(), RandomAI(), SUITE["three"][0].openings(1)[0], True, 10)
    assert sides_of(Board.from_position(_team_opening()), 2) == {0, 2}
    assert sides_of(Board(), 1) == {1}


# ---------------------------------------------------------------- greedy with more players
def test_greedy_takes_a_win_in_a_three_player_game() -> None:
    board = Board.from_position("00000/00000/00230/00000/00000 2 e1,e2 c3,a1 a5,b5 powers=Apollo,Athena,Pan")
    before = board.position()
    assert format_turn(GreedyAI(seed=1).choose_turn(board)) == "c3-d3"
    assert board.position() == before


def test_greedy_takes_its_teams_win() -> None:
    """Four players: player 3 moves the workers team 1+3 shares, and a climb by either
    wins for the team."""
    board = Board.from_position(
        "00000/00000/00230/00000/00000 3 c3,a1 e1,e2 & & powers=Apollo,Athena,Atlas,Pan"
    )
    assert format_turn(GreedyAI(seed=2).choose_turn(board)) == "c3-d3"
    board.play("c3-d3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0, 2}


def test_greedy_blocks_the_next_players_climb_in_a_three_player_game() -> None:
    """Player 2 (next) stands on level 2 beside d1 on level 3: player 1 must dome d1."""
    board = Board.from_position(
        "00000/00000/00000/00000/00032 1 b1,a5 e1,a3 c5,e5 powers=Apollo,Hephaestus,Pan"
    )
    turn = format_turn(GreedyAI(seed=3).choose_turn(board))
    assert turn.endswith("^d1"), turn
    assert opponent_can_win_now(Board.from_position(board.position().replace(" 1 ", " 2 ", 1)))


# ---------------------------------------------------------------- the strength suite
def test_the_suite_covers_every_mode_with_fixed_openings() -> None:
    """Issue 13 item 7: every kind of game, each matchup from the shared openings placed
    under its powers' rules (the same positions every time), workers all placed."""
    assert tuple(SUITE) == MODES
    players = {"plain": 2, "powers": 2, "three": 3, "teams": 4, "fleece": 2, "hidden": 2}
    for mode, matchups in SUITE.items():
        assert matchups
        for matchup in matchups:
            openings = matchup.openings(2)
            assert openings == matchup.openings(2) and len(set(openings)) == 2, matchup.label
            for opening in openings:
                board = Board.from_position(opening)
                assert board.n_players == players[mode] and not board.placing, opening
                assert board.outcome() is None and sum(board.height) == 0
                assert (board.fleece is not None) == (mode == "fleece")
                assert (mode == "plain") == board.plain
                secret = any(rules.has_secrets_from(board, p) for p in range(board.n_players))
                assert secret == (mode == "hidden") or matchup.powers[0] == "Tartarus", opening
    # Moerae's third worker and Fate square come with the opening.
    moerae = Board.from_position(SUITE["hidden"][2].openings(1)[0])
    assert len(moerae.workers[0]) == 3 and "moerae.fate=" in moerae.position()
