"""3. Athena (SANTORINI.md §4; RULINGS #16, #17): if one of her workers moved up on her
last turn, opponent workers cannot move up this turn. Every up step counts (multi-moves,
Apollo's swap), a force does not, and it lasts until the start of her next turn."""

from __future__ import annotations

import random
from functools import partial

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, perft
from powers.support import canon, check_random_playouts, engine_ends, naive_pos, turns
from powers.support import position as support_position

POWERS = "Athena,-"

position = partial(support_position, powers=POWERS)


def moves_of(board: Board, worker: str) -> set[str]:
    """The squares the worker on ``worker`` can end its first move on, over all legal turns."""
    return {format_turn(t)[3:5] for t in board.legal_turns() if format_turn(t).startswith(worker + "-")}


# ---------------------------------------------------------------------- scenarios
def test_after_athena_moves_up_opponents_cannot_move_up() -> None:
    """Card: her worker moved up, so opponent workers cannot move up this turn; moving
    level or down stays legal. The state is the token ``athena=up``."""
    board = Board.from_position(position("c3=1 d3=1 e1=1", "b2,e5 d2,a5"))
    board.play("b2-c3^c4")
    assert board.tokens == {"athena": "up"}
    assert board.position().endswith("powers=Athena,- athena=up")
    assert moves_of(board, "d2") == {"c1", "d1", "c2", "e2", "e3"}  # not d3 or e1 (level 1)
    with pytest.raises(IllegalTurnError, match="Athena's power forbids d2-d3"):
        board.play("d2-d3^d4")
    board.play("d2-e2^e1")  # e1 was level 1: building on it is no move
    assert "athena" not in board.tokens  # cleared at the start of her next turn


def test_the_restriction_ends_when_her_next_turn_starts() -> None:
    """RULINGS #17: it lasts until Athena's next turn; a turn of hers without an up move
    frees the opponents again. Athena herself may move up turn after turn."""
    board = Board.from_position(position("c3=1 c4=2 d3=1", "b2,e5 d2,a5"))
    board.play("b2-c3^b2")
    board.play("d2-e2^e1")
    board.play("c3-c4^c3")  # up again: allowed, Athena is not her own opponent
    assert board.tokens == {"athena": "up"}
    assert "d3" not in moves_of(board, "e2")
    board.play("e2-d2^e2")
    board.play("c4-b4^a4")  # down: no restriction for the next opponent turn
    assert "athena" not in board.tokens
    assert "d3" in moves_of(board, "d2")


def test_a_level_or_downward_move_sets_nothing() -> None:
    """Only a move *up* triggers the power."""
    board = Board.from_position(position("b2=1 c3=1 d3=1", "b2,e5 d2,a5"))
    board.play("b2-c3^c4")
    assert "athena" not in board.tokens
    assert "d3" in moves_of(board, "d2")


def test_building_on_the_space_left_does_not_hide_the_move_up() -> None:
    """The rise is judged as the move happens: after b2 (0) -> c3 (1), building b2 up to
    level 1 leaves both at level 1, but her worker did move up."""
    board = Board.from_position(position("c3=1 d3=1", "b2,e5 d2,a5"))
    board.play("b2-c3^b2")
    assert board.height[6] == board.height[12] == 1
    assert board.tokens == {"athena": "up"}


def test_the_restriction_covers_every_opponent_in_a_three_player_game() -> None:
    """RULINGS #17: through the following opponents' turns (both opponents in 3p) until
    Athena's next turn."""
    board = Board.from_position(position("c3=1 d3=1 a2=1", "b2,e5 d2,a5 a1,e1", powers="Athena,-,-"))
    board.play("b2-c3^c4")
    assert "d3" not in moves_of(board, "d2")
    board.play("d2-e2^d2")
    assert board.to_move == 2 and board.tokens == {"athena": "up"}
    assert "a2" not in moves_of(board, "a1")
    with pytest.raises(IllegalTurnError, match="Athena's power forbids a1-a2"):
        board.play("a1-a2^a3")
    board.play("a1-b1^a1")
    assert board.to_move == 0 and "athena" not in board.tokens


def test_an_opponent_who_can_only_move_up_loses() -> None:
    """SANTORINI.md §3.2: a turn breaking a "cannot" is not legal, and a player with no
    legal turn loses (rule 2.2)."""
    board = Board.from_position(position("c3=1 a4=1 b4=1 b5=1 d1=1 d2=1 e2=1", "b2,c5 a5,e1"))
    assert board.outcome() is None
    board.play("b2-c3^c2")
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert outcome.termination is Termination.NO_LEGAL_TURN


def test_athena_forced_up_by_apollo_does_not_count() -> None:
    """RULINGS #17: a force upward is not a move. Apollo (level 2) swaps down with her
    worker on level 0, forcing it up two levels: Apollo may still move up next turn."""
    board = Board.from_position(position("b2=2 d3=1", "b2,d2 c3,a5", powers="Apollo,Athena"))
    board.play("b2-c3^c4")
    assert board.owner[6] == 1 and board.height[6] == 2  # Athena's worker forced up to b2
    assert "athena" not in board.tokens
    board.play("a5-a4^a5")
    assert "athena" not in board.tokens
    assert "d3" in moves_of(board, "d2")


def test_athena_stops_apollo_swapping_up() -> None:
    """RULINGS #16: Apollo's swap is still his move, so after Athena moved up he cannot
    swap up onto a higher opponent; a level swap stays legal."""
    text = position("c3=1", "c3,c2 b2,e5", to_move=2, powers="Athena,Apollo", extra="athena=up")
    board = Board.from_position(text)
    assert "c3" not in moves_of(board, "b2")
    assert "c2" in moves_of(board, "b2")
    with pytest.raises(IllegalTurnError, match="Athena's power forbids b2-c3"):
        board.play("b2-c3^b3")
    board.play("b2-c2^d2")
    assert board.owner[7] == 1 and board.owner[6] == 0  # swapped with her level-0 worker
    # Without the token the same swap up is legal.
    free = Board.from_position(text.replace(" athena=up", ""))
    assert "c3" in moves_of(free, "b2")


def test_athena_forbids_every_up_step_of_artemis() -> None:
    """RULINGS #17 ("any step of a multi-move"): Artemis may not step up on her first or
    her second move, even a step back up after stepping down."""
    text = position(
        "b2=1 a2=1 d2=1 b3=1", "e5,e4 b2,a5", to_move=2, powers="Athena,Artemis", extra="athena=up"
    )
    board = Board.from_position(text)
    assert not board.is_legal(board.parse_turn("b2-a1-a2^b2"))  # down, then up
    assert not board.is_legal(board.parse_turn("b2-c2-d2^e2"))  # down onto c2 (0), up onto d2 (1)
    assert board.is_legal(board.parse_turn("b2-a1-b1^c1"))  # down, then level
    assert "b2-b3^b4" in turns(board)  # level onto b3 (1)
    with pytest.raises(IllegalTurnError, match="Athena's power forbids a1-a2"):
        board.play("b2-a1-a2^b2")
    free = Board.from_position(text.replace(" athena=up", ""))
    assert free.is_legal(free.parse_turn("b2-a1-a2^b2"))
    assert free.is_legal(free.parse_turn("b2-c2-d2^e2"))


def test_athena_stops_pan_climbing_but_not_his_fall() -> None:
    """Athena vs Pan: after Athena moved up, Pan cannot move up (no climb win), but moving
    down two levels is no up move, so it still wins for him (RULINGS #25)."""
    text = position("c3=2 d3=3 b3=3", "a1,e5 c3,a5", to_move=2, powers="Athena,Pan", extra="athena=up")
    board = Board.from_position(text)
    assert {"c2", "b2", "d2", "b4", "c4", "d4"} == moves_of(board, "c3")
    with pytest.raises(IllegalTurnError, match="Athena's power forbids c3-d3"):
        board.play("c3-d3")
    board.play("c3-c2")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1} and outcome.termination is Termination.POWER


def test_athena_wins_by_climbing_like_anyone() -> None:
    board = Board.from_position(position("b2=2 c3=3", "b2,e5 d2,a5"))
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.termination is Termination.CLIMB


def test_undo_and_position_round_trip_with_the_token() -> None:
    """The token is journaled and hashed: undo removes it, and positions written mid-turn
    and between turns read back with it (and with the same legal turns)."""
    board = Board.from_position(position("c3=1 d3=1", "b2,e5 d2,a5"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    assert board.position() == position("c3=1 d3=1", "c3,e5 d2,a5", extra="athena=up turn=b2-c3")
    again = Board.from_position(board.position())
    assert again.zobrist_hash() == board.zobrist_hash() and turns(again) == turns(board)
    board.push(board.parse_turn("b2-c3^c4")[1])
    between = Board.from_position(board.position())
    assert between.tokens == {"athena": "up"} and turns(between) == turns(board)
    assert between.zobrist_hash() == board.zobrist_hash() == board.rehash()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before and board.tokens == {}


# ---------------------------------------------------------------------- naive cross-check
def _parse_move(turn: str) -> tuple[nv.Coord, nv.Coord]:
    return nv.coord(turn[0:2]), nv.coord(turn[3:5])


def naive_turns(pos: nv.Pos, up: bool, seat: int) -> list[tuple[str, nv.Pos, bool, str]]:
    """Every turn as (notation, position after, Athena's "moved up" flag after it, outcome
    field or ""), from the card text; ``seat`` is Athena's player, the other has none."""
    me = pos.to_move
    out = []
    for turn, after, won in nv.successors(pos):
        src, dst = _parse_move(turn)
        rises = pos.levels[dst] > pos.levels[src]
        if me == seat:
            flag = rises  # set by her move; it stays through the opponent's turn
        else:
            if up and rises:
                continue  # opponents cannot move up
            flag = up if won else False  # cleared when her next turn starts
        out.append((turn, after, flag, f"{me + 1}:climb" if won else ""))
    return out


def naive_end(pos: nv.Pos, up: bool, outcome: str, powers: str) -> str:
    text = nv.format_pos(pos) + f" powers={powers}"
    text += " athena=up" if up else ""
    text += f" outcome={outcome}" if outcome else ""
    return canon(text)


def naive_perft(pos: nv.Pos, up: bool, depth: int, seat: int, powers: str) -> int:
    if depth == 0:
        return 1
    unique: dict[str, tuple[nv.Pos, bool, str]] = {}
    for _, after, flag, outcome in naive_turns(pos, up, seat):
        unique.setdefault(naive_end(after, flag, outcome, powers), (after, flag, outcome))
    if depth == 1:
        return len(unique)
    return sum(naive_perft(a, f, depth - 1, seat, powers) for a, f, outcome in unique.values() if not outcome)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2103)
    for i in range(40):
        seat = i % 2
        powers = "Athena,-" if seat == 0 else "-,Athena"
        text = nv.random_board(rng, dome_chance=0.15) + f" powers={powers}"
        up = int(text.split()[1]) - 1 != seat and rng.random() < 0.7
        text += " athena=up" if up else ""
        board = Board.from_position(text)
        ends = engine_ends(board)
        assert len(ends) == len(board.legal_turns())
        table: dict[str, set[str]] = {}
        for turn, after, flag, outcome in naive_turns(naive_pos(text), up, seat):
            table.setdefault(naive_end(after, flag, outcome, powers), set()).add(turn)
        assert set(ends) == set(table), text
        assert all(turn in table[end] for end, turn in ends.items())


MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Athena,-"
RESTRICTED = "00120/01210/12321/01210/00100 2 a1,e5 b4,d2 powers=Athena,- athena=up"
PERFT_MIDGAME = (45, 1924)
PERFT_RESTRICTED = (46, 1363)  # 78 and 2263 without the restriction


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    """Depth-2 perft from fixed positions (Athena to move; the opponent to move under the
    restriction), frozen, and recounted independently."""
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (RESTRICTED, PERFT_RESTRICTED)):
        board = Board.from_position(text)
        assert (perft(board, 1), perft(board, 2)) == golden
        pos = naive_pos(text)
        up = "athena=up" in text
        assert tuple(naive_perft(pos, up, d, 0, POWERS) for d in (1, 2)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Athena", None], [None, "Athena"], ["Athena", "Apollo"], ["Artemis", "Athena"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: the incremental hash equals a fresh one after every
    turn, positions round-trip, the game ends with a winner, the turns replay from their
    notation, and undoing everything restores the start."""
    check_random_playouts(powers, replay=True)
