"""11. Aphrodite (SANTORINI.md §4; RULINGS #28): if an opponent worker starts its turn
neighbouring one of her workers, its last move must end on a space neighbouring one of her
workers. Multi-movers may wander, but not through a win away from her (a win ends the
movement at once), except where the win is void anyway (Hera's perimeter). The bound
workers are recorded when the opponent's turn starts, in ``aphrodite=<squares>``."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.notation import format_step
from aegean.santorini.steps import StepKind, step_kind
from powers.support import check_random_playouts, naive_pos, turns

POWERS = "Aphrodite,-"


def position(
    levels: str = "", workers: str = "c3,e2 b4,e4", *, to_move: int = 2, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level).
    By default Aphrodite (player 1) stands on c3 and e2, the opponent on b4 and e4."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def destinations(board: Board, worker: str) -> set[str]:
    """Where the worker on ``worker`` ends its (single) move in the legal turns."""
    return {t[3:5] for t in turns(board) if t.startswith(worker + "-")}


def steps_agree_with_turns(board: Board) -> None:
    """Walking ``legal_steps`` never dead-ends, and reaches exactly the end states of
    ``legal_turns``: the step level and the turn level tell the same rules."""
    ends: set[Hashable] = set()
    seen: set[Hashable] = set()
    start_ply = board.ply

    def walk() -> None:
        steps = board.legal_steps()
        assert steps, board.position()
        for step in steps:
            board.push(step)
            if board.decided is not None or board.ply != start_ply:
                ends.add((board.zobrist_hash(), board.decided))
            else:
                # The state as the engine merges it (Hermes's and Triton's loops end).
                key = (board.board_hash, board.powers[board.to_move].turn_key(board))
                if key not in seen:
                    seen.add(key)
                    walk()
            board.pop()

    walk()
    expected = set()
    for turn in board.legal_turns():
        board.push_turn(turn)
        expected.add((board.zobrist_hash(), board.decided))
        board.pop()
    assert ends == expected


# ---------------------------------------------------------------------- scenarios
def test_a_worker_that_starts_next_to_her_must_end_next_to_her() -> None:
    """Card: b4 starts its turn next to c3, so its move must end next to c3 or e2: only b3
    and c4 of its neighbours do. e4 started away from her and is free. The bound workers
    are recorded when the opponent's turn starts."""
    board = Board.from_position(position("", "c3,e1 b4,e4", to_move=1))
    board.play("e1-e2^e1")
    assert board.tokens["aphrodite"] == "b4"
    assert destinations(board, "b4") == {"b3", "c4"}
    assert destinations(board, "e4") == {"d3", "e3", "d4", "d5", "e5"}
    with pytest.raises(IllegalTurnError, match="after b4-a4 the turn could not be finished"):
        board.play("b4-a4^a5")
    board.play("e4-e5^e4")  # the bound worker need not move
    assert "aphrodite" not in board.tokens  # the binding lasts one turn


def test_her_own_workers_are_free() -> None:
    board = Board.from_position(position("", "c3,e2 b4,e4", to_move=1))
    assert destinations(board, "c3") == {"b2", "c2", "d2", "b3", "d3", "c4", "d4"}


def test_a_winning_climb_away_from_her_is_illegal() -> None:
    """RULINGS #28: a win ends the movement, so it must end next to her: b4 (level 2) may
    not win on a5, but may on c4 next to c3."""
    board = Board.from_position(position("b4=2 a5=3 c4=3", extra="aphrodite=b4"))
    legal = turns(board)
    assert not any(t.startswith("b4-a5") for t in legal)
    assert "b4-c4" in legal
    board.play("b4-c4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 1


def test_artemis_may_wander_but_must_end_next_to_her() -> None:
    """Aphrodite vs Artemis: the last of the two moves counts: b4-a4-b3 (back next to c3)
    is legal, b4-a4-a3 is not; and a first move up onto level 3 away from her wins at once,
    so it is illegal, second move or not."""
    board = Board.from_position(position("b4=2 a5=3", powers="Aphrodite,Artemis", extra="aphrodite=b4"))
    legal = turns(board)
    assert not any(t.startswith(("b4-a4-a3", "b4-a4^", "b4-a5")) for t in legal)
    board.push(board.parse_turn("b4-a4")[0])
    assert board.tokens["aphrodite"] == "a4*"
    offered = {format_step(s, board) for s in board.legal_steps()}
    assert offered == {"a4-b3"}  # no build from a4, and a3, a5, b5 are away from her
    board.push(board.parse_turn("a4-b3")[0])
    assert "^a4" in {format_step(s, board) for s in board.legal_steps()}
    board.play("^a4")
    assert board.position() == position(
        "a5=3 a4=1 b4=2", "c3,e2 b3,e4", to_move=1, powers="Aphrodite,Artemis"
    )


def test_triton_cannot_pass_through_a_win_away_from_her() -> None:
    """RULINGS #28, the Board Game Arena example: a4-a3-a2 (level 3, away from Aphrodite on
    b5) is illegal, and so is a4-a3-a2-b1; moves that end next to her are legal."""
    board = Board.from_position(
        position("a4=2 a3=2 a2=3", "b5,e1 a4,e4", powers="Aphrodite,Triton", extra="aphrodite=a4")
    )
    legal = turns(board)
    assert not any(t.startswith("a4-a3-a2") for t in legal)
    assert {"a4-a3-a4^a3", "a4-a5^a4", "a4-b4^c3"} <= legal
    board.push(board.parse_turn("a4-a3")[0])
    assert "a3-a2" not in {format_step(s, board) for s in board.legal_steps()}


def test_a_win_voided_by_hera_may_be_passed_through() -> None:
    """RULINGS #28 exception: against Hera a climb onto perimeter a2 is no win, so Triton
    may go on through it and end next to Aphrodite (who moved to d1). Four players: teams
    Aphrodite + Hera against Triton + a player without power."""
    board = Board.from_position(
        position("a4=2 a3=2 a2=3", "b5,e1 a4,e4 & &", to_move=1, powers="Aphrodite,Triton,Hera,-")
    )
    board.play("e1-d1^e1")
    assert board.tokens["aphrodite"] == "a4"
    legal = turns(board)
    assert "a4-a3-a2-b1-c2^b2" in legal  # c2 neighbours d1
    # (Other ends reached through a2 are listed by shorter routes.)
    ends = {t.split("^")[0][-2:] for t in legal if t.startswith("a4-a3-a2")}
    assert ends == {"c1", "c2", "d2"}  # every route through a2 ends next to d1
    board.push(board.parse_turn("a4-a3")[0])
    assert "a3-a2" in {format_step(s, board) for s in board.legal_steps()}


def test_apollo_swapping_with_her_worker_ends_next_to_her() -> None:
    """Aphrodite vs Apollo: the bound worker may swap with her worker (it then stands next
    to her worker, now on its old square), but not move away."""
    board = Board.from_position(position(powers="Aphrodite,Apollo", extra="aphrodite=b4"))
    assert destinations(board, "b4") == {"b3", "c3", "c4"}
    board.play("b4-c3^d4")
    assert board.owner[12] == 1 and board.owner[16] == 0  # c3 Apollo, b4 Aphrodite


def test_morpheus_cannot_end_the_turn_away_from_her_without_building() -> None:
    """Aphrodite vs Morpheus (builds optional, none on his card): ending the turn also ends
    the movement, so the bound worker's move alone must end next to her."""
    board = Board.from_position(position(powers="Aphrodite,Morpheus", extra="aphrodite=b4"))
    assert destinations(board, "b4") == {"b3", "c4"}
    free = Board.from_position(position(powers="-,Morpheus"))
    assert destinations(free, "b4") == {"a3", "a4", "a5", "b3", "b5", "c4", "c5"}


def test_hermes_may_travel_but_builds_only_once_the_bound_worker_is_back() -> None:
    """Aphrodite vs Hermes: after b4-a4 (away from her) no build is offered, only moves;
    coming back next to her makes the builds legal again."""
    board = Board.from_position(position(powers="Aphrodite,Hermes", extra="aphrodite=b4"))
    board.push(board.parse_turn("b4-a4")[0])
    assert all(step_kind(s) is StepKind.MOVE for s in board.legal_steps())
    board.push(board.parse_turn("a4-b3")[0])
    assert any(step_kind(s) is StepKind.BUILD for s in board.legal_steps())
    board.pop()
    board.pop()
    legal = turns(board)
    assert not any(t.startswith("b4-a4^") for t in legal)
    assert "e4-d4,b4^a4" in legal  # the bound worker did not move: it may build anywhere


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token follows the bound worker and marks it as moved (``b3*``); positions read
    back with the same legal steps; push/pop restore position and hash."""
    board = Board.from_position(position("", "c3,e1 b4,e4", to_move=1))
    before = (board.position(), board.zobrist_hash())
    board.push_turn(board.parse_turn("e1-e2^e1"))
    board.push(board.parse_turn("b4-b3")[0])
    text = board.position()
    assert text == position("e1=1", "c3,e2 b3,e4", extra="aphrodite=b3* turn=b4-b3")
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    board.pop()
    assert board.position().endswith("aphrodite=b4")
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone; ``seat`` is
    Aphrodite's player. Her workers stay put during a powerless opponent's turn, so a bound
    worker's one move must simply end next to one of them."""
    me = pos.to_move
    if me == seat:
        return nv.successors(pos)
    near = {c for w in pos.workers[seat] for c in nv.neighbours(w)}
    bound = [w for w in pos.workers[me] if w in near]
    out = []
    for turn, after, won in nv.successors(pos):
        src, dst = nv.coord(turn[:2]), nv.coord(turn[3:5])
        if src in bound and dst not in near:
            continue
        out.append((turn, after, won))
    return out


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    options = naive_turns(pos, seat)
    if depth == 1:
        return len(options)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in options if not won)


def test_opponent_turns_match_a_naive_generator_after_each_aphrodite_turn() -> None:
    """On random positions, after turns of Aphrodite the opponent's legal turns (bound
    workers recorded by the engine at the start of that turn) equal the naive ones."""
    rng = random.Random(1111)
    checked = 0
    for i in range(6):
        seat = i % 2
        powers = "Aphrodite,-" if seat == 0 else "-,Aphrodite"
        fields = nv.random_board(rng, dome_chance=0.1).split()
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


def test_steps_agree_with_turns_against_multi_movers() -> None:
    """On random positions, after a turn of Aphrodite, against Artemis, Triton, Hermes,
    Apollo and Morpheus (optional builds): walking legal steps reaches exactly the end
    states of the legal turns."""
    rng = random.Random(28)
    checked = 0
    for rival in ("Artemis", "Triton", "Hermes", "Apollo", "Morpheus"):
        for _ in range(2):
            fields = nv.random_board(rng, dome_chance=0.1).split()
            fields[1] = "1"
            pieces = " morpheus=1" if rival == "Morpheus" else ""
            board = Board.from_position(" ".join(fields) + f" powers=Aphrodite,{rival}{pieces}")
            for turn in board.legal_turns():  # the first turn of hers that binds a worker
                board.push_turn(turn)
                if board.decided is None and "aphrodite" in board.tokens and board.legal_turns():
                    steps_agree_with_turns(board)
                    checked += 1
                    break
                board.pop()
    assert checked >= 8


#: Workers of both sides side by side among towers: Aphrodite (player 1) moves first.
CLOSE = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=Aphrodite,-"
PERFT_CLOSE = (45, 1211)
#: The opponent to move with both workers bound (b3 and d4 neighbour c3).
BOUND = "01230/12C10/0321A/21031/00120 2 b2,c3 b3,d4 powers=Aphrodite,- aphrodite=b3,d4"
PERFT_BOUND = (25, 990)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    for text, golden in ((CLOSE, PERFT_CLOSE), (BOUND, PERFT_BOUND)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert (naive_perft(pos, 1, 0), naive_perft(pos, 2, 0)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Aphrodite", None], [None, "Aphrodite"], ["Aphrodite", "Athena"], ["Apollo", "Aphrodite"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes stay consistent, positions round-trip (token
    included), the game ends with a winner, undo restores the start."""
    check_random_playouts(powers, replay=False)
