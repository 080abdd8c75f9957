"""22. Hypnus (SANTORINI.md §4; RULINGS #39): at the start of an opponent's turn, if one of
their workers is higher than all of their others, it cannot move. Strictly higher: a tie
blocks nothing; a player's only worker sleeps (as on Board Game Arena). The sleeper is
decided when the turn starts and kept in the token ``hypnus=<square>``."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from powers.support import check_random_playouts, naive_pos, turns
from powers.support import position as support_position

POWERS = "Hypnus,-"

position = partial(support_position, powers=POWERS)


def movers(board: Board) -> set[str]:
    """The squares of the workers that move in some legal turn."""
    return {t[:2] for t in turns(board) if t[2] == "-"}


# ---------------------------------------------------------------------- scenarios
def test_the_highest_opponent_worker_falls_asleep_when_its_turn_starts() -> None:
    """Card + RULINGS #39: decided at the start of the opponent's turn: b4 (level 1) is
    higher than d2 (level 0), so only d2 moves; the token names the sleeper."""
    board = Board.from_position(position("b4=1"))
    board.play("b2-c3^c4")
    assert board.tokens["hypnus"] == "b4"
    assert board.position().endswith("powers=Hypnus,- hypnus=b4")
    assert movers(board) == {"d2"}
    with pytest.raises(IllegalTurnError, match="Hypnus"):
        board.play("b4-a4^a5")
    board.play("d2-d3^d2")
    assert "hypnus" not in board.tokens  # the sleep lasts one turn


def test_a_tie_for_highest_blocks_nothing() -> None:
    """RULINGS #39: if two workers tie for highest, nothing is blocked."""
    board = Board.from_position(position("b4=1 d2=1"))
    board.play("b2-c3^c4")
    assert "hypnus" not in board.tokens
    assert movers(board) == {"b4", "d2"}


def test_the_sleeper_is_judged_by_levels_at_the_start_of_the_turn() -> None:
    """Only the levels the workers stand on when the turn starts count: b4 (level 2) sleeps
    and d2 (level 1) may move, up to level 2 included."""
    board = Board.from_position(position("b4=2 d2=1 d3=2"))
    board.play("b2-c3^c4")
    assert board.tokens["hypnus"] == "b4"
    assert "d2-d3^d2" in turns(board)


def test_hypnus_own_workers_are_never_asleep() -> None:
    board = Board.from_position(position("b2=1"))
    assert movers(board) == {"b2", "d4"}


def test_an_only_remaining_worker_sleeps() -> None:
    """Decision (RULINGS #39, as BGA): a single worker is higher than "all of their
    others" (there are none), so it cannot move, and a player without another legal turn
    loses."""
    board = Board.from_position(position(workers="b2,d4 c3", extra="removed=0,1"))
    board.play("b2-b1^a1")
    assert board.tokens["hypnus"] == "c3"
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.termination is Termination.NO_LEGAL_TURN


def test_a_sleeping_apollo_cannot_swap() -> None:
    """Every move is blocked, those a power adds included: Apollo's swap is a move."""
    board = Board.from_position(position("b4=1", "c3,e1 b4,d2", powers="Hypnus,Apollo"))
    board.play("e1-e2^e1")
    assert board.tokens["hypnus"] == "b4"
    legal = turns(board)
    assert not any(t.startswith("b4-") for t in legal)
    assert "d2-c3^c4" in legal  # the other worker may still swap (b4-c3 may not)


def test_a_sleeping_hermes_worker_may_still_build() -> None:
    """RULINGS #39: what needs no move still works. Hermes may move no worker and build
    with either: the sleeper builds without moving; the other worker travels."""
    board = Board.from_position(position("b4=1", "c3,e1 b4,d2", powers="Hypnus,Hermes"))
    board.play("e1-e2^e1")
    legal = turns(board)
    assert "b4^a4" in legal  # the sleeper builds, no worker moved
    assert "d2-c1,b4^b5" in legal  # the other worker travels, then the sleeper builds
    assert not any(t.startswith("b4-") or ",b4-" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token is part of the position, between turns and inside one; push/pop restore
    position and hash."""
    board = Board.from_position(position("b4=1"))
    before = (board.position(), board.zobrist_hash())
    board.push_turn(board.parse_turn("b2-c3^c4"))
    board.push(board.parse_turn("d2-d3")[0])
    text = board.position()
    assert text == position("b4=1 c4=1", "c3,d4 b4,d3", to_move=2, extra="hypnus=b4 turn=d2-d3")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    board.pop()
    again = Board.from_position(board.position())
    assert movers(again) == movers(board) == {"d2"}
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def sleeper(pos: nv.Pos, player: int) -> nv.Coord | None:
    """The worker strictly higher than all the player's others, if any."""
    levels = [pos.levels[w] for w in pos.workers[player]]
    top = max(levels)
    return pos.workers[player][levels.index(top)] if levels.count(top) == 1 else None


def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone; ``seat``
    is Hypnus's player."""
    me = pos.to_move
    asleep = sleeper(pos, me) if me != seat else None
    return [
        (turn, after, won)
        for turn, after, won in nv.successors(pos)
        if asleep is None or not turn.startswith(nv.name(asleep) + "-")
    ]


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    options = naive_turns(pos, seat)
    if depth == 1:
        return len(options)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in options if not won)


def test_opponent_turns_match_a_naive_generator_after_each_hypnus_turn() -> None:
    """On random positions, after every turn of Hypnus the opponent's legal turns (the
    token set by the engine at the start of that turn) equal the naive generator's."""
    rng = random.Random(2222)
    checked = 0
    for i in range(6):
        seat = i % 2
        powers = "Hypnus,-" if seat == 0 else "-,Hypnus"
        text = nv.random_board(rng, dome_chance=0.1)
        fields = text.split()
        fields[1] = str(seat + 1)
        board = Board.from_position(" ".join(fields) + f" powers={powers}")
        assert turns(board) == {t for t, _, _ in naive_turns(naive_pos(board.position()), seat)}
        for turn in board.legal_turns()[::3]:
            board.push_turn(turn)
            if board.decided is None:
                expected = {t for t, _, _ in naive_turns(naive_pos(board.position()), seat)}
                assert turns(board) == expected, board.position()
                checked += 1
            board.pop()
    assert checked > 30


#: Both sides have a worker higher than the other; Hypnus (player 1) moves first, so the
#: second turn is played under the sleeper the engine picks.
MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Hypnus,-"
PERFT_MIDGAME = (45, 716)
#: Player 2 to move with the token its turn started with: b3 (level 3) sleeps.
ASLEEP = "01230/12C10/0321A/21031/00120 2 b2,c3 b3,d4 powers=Hypnus,- hypnus=b3"
PERFT_ASLEEP = (16, 757)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    for text, golden, seat in ((MIDGAME, PERFT_MIDGAME, 0), (ASLEEP, PERFT_ASLEEP, 0)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert (naive_perft(pos, 1, seat), naive_perft(pos, 2, seat)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Hypnus", None], [None, "Hypnus"], ["Hypnus", "Athena"], ["Apollo", "Hypnus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes stay consistent, positions round-trip (token
    included), the game ends with a winner, undo restores the start."""
    check_random_playouts(powers, replay=False)
