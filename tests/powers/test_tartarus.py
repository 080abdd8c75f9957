"""43. Tartarus (SANTORINI.md §4; RULINGS #6, #60): he places his workers first; once all
workers are down he secretly marks one unoccupied space as the Abyss (token
``tartarus.abyss=<square>``, a setup turn of its own); a player whose worker enters the
Abyss loses at once, and no worker wins by entering it."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, format_turn, perft
from aegean.santorini.powers import make_power
from aegean.santorini.powers.tartarus import ABYSS, Tartarus
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import SQUARE_NAMES, parse_square
from aegean.santorini.steps import StepKind, step_dst, step_kind
from powers.support import key_of, playout_checking_hashes, position, turns

# Tartarus (player 1) on b2 and d4, the opponent on b4 (level 1) and d2 (level 2); the
# Abyss is c3 (level 1), next to all four workers; d3 is level 3, c4 level 2, a dome on e1.
LEVELS = "c3=1 d3=3 c4=2 d2=2 b4=1 e1=A"
START = position(LEVELS, "b2,d4 b4,d2", powers="Tartarus,-", extra="tartarus.abyss=c3")


def board_at(
    levels: str, workers: str, *, to_move: int, powers: str = "Tartarus,-", abyss: str = "c3"
) -> Board:
    return Board.from_position(
        position(levels, workers, to_move=to_move, powers=powers, extra=f"{ABYSS}={abyss}")
    )


def assert_won(board: Board, winner: int, termination: Termination) -> None:
    outcome = board.outcome()
    assert outcome is not None, board.position()
    assert outcome.winners == {winner} and outcome.termination is termination


# ---------------------------------------------------------------------- setup
def test_places_workers_first() -> None:
    """Setup: 'place your workers first' (ruling 6): only Tartarus's seat may start."""
    assert Tartarus.placement_order == -1
    assert allowed_start_players([make_power("Tartarus"), make_power(None)]) == [0]
    assert allowed_start_players([make_power(None), make_power("Tartarus")]) == [1]


def test_abyss_is_marked_after_all_workers_in_a_setup_turn_of_its_own() -> None:
    """'After all workers are placed, secretly mark one unoccupied space': not at the end
    of his own placement (the opponent has not placed yet), but in a turn of its own once
    everyone has placed; then he still takes the first turn of play."""
    board = Board(2, ["Tartarus", None])
    with pytest.raises(IllegalTurnError):
        board.play("@a1@b1*c3")
    board.play("@a1@b1")
    assert Tartarus().setup_steps(board, 0) == []
    board.play("@d4@e5")
    assert board.to_move == 0
    marks = board.legal_turns()
    assert all(len(t) == 1 and step_kind(t[0]) is StepKind.MARK for t in marks)
    assert {SQUARE_NAMES[step_dst(t[0])] for t in marks} == set(SQUARE_NAMES) - {"a1", "b1", "d4", "e5"}
    with pytest.raises(IllegalTurnError):
        board.play("*a1")  # occupied
    with pytest.raises(IllegalTurnError):
        board.play("a1-a2^a3")  # the Abyss first
    board.play("*c3")
    assert board.tokens[ABYSS] == "c3"
    assert (
        board.position() == "00000/00000/00000/00000/00000 1 a1,b1 d4,e5 powers=Tartarus,- tartarus.abyss=c3"
    )
    assert board.to_move == 0 and len(board.history) == 3
    assert {format_turn(t)[:2] for t in board.legal_turns()} == {"a1", "b1"}  # moves of his
    assert Tartarus().setup_steps(board, 0) == []
    for _ in range(3):
        board.pop()
    assert board.position() == "00000/00000/00000/00000/00000 1 - - powers=Tartarus,-"


def test_pending_abyss_survives_a_position_round_trip() -> None:
    """After placement, before the mark: the position (no token yet) reads back with the
    same setup turn pending."""
    text = "00000/00000/00000/0000A/00000 1 a1,b1 d4,e5 powers=Tartarus,-"
    board = Board.from_position(text)
    assert board.position() == text
    marks = {format_turn(t) for t in board.legal_turns()}
    assert len(marks) == 20 and "*e2" not in marks and "*a1" not in marks and "*c3" in marks


def test_abyss_is_secret_and_not_a_piece_on_the_board() -> None:
    """'Secretly mark': the key is secret (the lead's ``view`` hides it); the mark is on a
    hidden map, so no token lies on the space (``token_squares`` stays empty)."""
    board = Board.from_position(START)
    assert ABYSS in Tartarus.secret_tokens
    assert Tartarus.square_tokens == ()
    assert board.token_squares() == 0


# ---------------------------------------------------------------------- the lose condition
def test_opponent_entering_the_abyss_loses_at_once() -> None:
    """Lose condition: b4 moves into the Abyss c3; the game ends with no build."""
    board = Board.from_position(START.replace(" 1 ", " 2 ", 1))
    assert "b4-c3" in turns(board) and not any(t.startswith("b4-c3^") for t in turns(board))
    board.play("b4-c3")
    assert_won(board, 0, Termination.POWER)
    assert board.position().endswith("tartarus.abyss=c3 outcome=1:power")


def test_his_own_worker_entering_the_abyss_loses_too() -> None:
    """'A player whose worker enters the Abyss': Tartarus included (ruling 60)."""
    board = Board.from_position(START)
    board.play("b2-c3")
    assert_won(board, 1, Termination.POWER)


def test_the_abyss_may_be_entered_knowingly() -> None:
    """Entering the Abyss is legal (it is a secret): it is offered as a turn that loses."""
    board = Board.from_position(START)
    assert {"b2-c3", "d4-c3"} <= turns(board)


def test_no_worker_wins_by_climbing_into_the_abyss() -> None:
    """'No worker can win by entering the Abyss': a climb onto a level-3 Abyss loses, for
    the opponent and for Tartarus alike."""
    board = board_at("c3=3 b4=2", "b2,d4 b4,d2", to_move=2)
    board.play("b4-c3")
    assert_won(board, 0, Termination.POWER)
    board = board_at("c3=3 b2=2", "b2,d4 b4,d2", to_move=1)
    board.play("b2-c3")
    assert_won(board, 1, Termination.POWER)


def test_a_climb_elsewhere_still_wins() -> None:
    board = Board.from_position(START.replace(" 1 ", " 2 ", 1))
    board.play("d2-d3")
    assert_won(board, 1, Termination.CLIMB)


def test_pan_dropping_into_the_abyss_loses() -> None:
    """Pan's drop (ruling 25) into the Abyss is no win either: Pan loses."""
    board = board_at("b4=2", "b2,d4 b4,e1", to_move=2, powers="Tartarus,Pan")
    board.play("b4-c3")
    assert_won(board, 0, Termination.POWER)


def test_a_worker_forced_into_the_abyss_loses_for_its_owner() -> None:
    """Ruling 60: forced counts. Minotaur on a1 moves to b2, pushing Tartarus's worker
    there into the Abyss c3: Tartarus loses (no build follows)."""
    board = board_at("", "b2,e5 a1,e1", to_move=2, powers="Tartarus,Minotaur")
    board.play("a1-b2")
    assert_won(board, 1, Termination.POWER)
    assert board.owner[parse_square("c3")] == 0


def test_a_worker_placed_into_the_abyss_loses() -> None:
    """Ruling 60: placed counts. Jason's once-per-game placement (on a ground perimeter
    space) into the Abyss a1 loses at once, before the build."""
    board = board_at("", "b2,d4 b4,d2", to_move=2, powers="Tartarus,Jason", abyss="a1")
    assert "@a1" in turns(board)
    board.play("@a1")
    assert_won(board, 0, Termination.POWER)


def test_circe_borrowing_the_power_keeps_the_abyss() -> None:
    """Circe (ruling 34) takes the power while his workers are apart: the Abyss belongs to
    the card (``card_tokens``), so it stays, Tartarus gets no second setup turn, and a
    worker entering it still loses."""
    board = board_at("", "a1,c1 b4,d4", to_move=2, powers="Circe,Tartarus")
    board.play("b4-b5^a5")
    assert board.tokens["circe"] == "2" and board.tokens[ABYSS] == "c3"
    board.play("a1-a2^a3")
    assert board.tokens[ABYSS] == "c3" and not any(t.startswith("*") for t in turns(board))
    board.play("d4-c3")
    assert_won(board, 0, Termination.POWER)


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("d4-e4^e5"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
        if len(board.turn) == 1:
            assert "tartarus.abyss=c3 turn=d4-e4" in board.position()
    board.play("b4-c3")
    assert board.outcome() is not None
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


def test_hash_depends_on_the_abyss() -> None:
    a = Board.from_position(START)
    b = Board.from_position(START.replace("abyss=c3", "abyss=a5"))
    assert a.zobrist_hash() != b.zobrist_hash()


# ---------------------------------------------------------------------- naive cross-check
Key = tuple[tuple[object, ...], str]


def naive_children(pos: nv.Pos, abyss: nv.Coord) -> dict[Key, nv.Pos]:
    """Every end of the turn of the player to move, from the card text alone: a move
    into the Abyss loses at once (no build, no win); a climb up onto level 3 elsewhere
    wins; otherwise the worker builds. Outcome text: '' or 'seat:how'."""
    me = pos.to_move
    out: dict[Key, nv.Pos] = {}
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            if dst == abyss:
                out[(moved.key(), f"{1 - me}:power")] = moved
                continue
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out[(moved.key(), f"{me}:climb")] = moved
                continue
            for target in nv.neighbours(dst):
                if moved.unoccupied(target):
                    built = moved.copy()
                    if built.levels[target] == 3:
                        built.domes.add(target)
                    else:
                        built.levels[target] += 1
                    out[(built.key(), "")] = built
    return out


def engine_children(board: Board) -> set[Key]:
    out: set[Key] = set()
    for turn in board.legal_turns():
        board.push_turn(turn)
        outcome = board.decided
        won = "" if outcome is None else f"{outcome.winner}:{outcome.termination.value}"
        out.add((key_of(board), won))
        board.pop()
    return out


def naive_perft2(pos: nv.Pos, abyss: nv.Coord) -> int:
    return sum(
        len(naive_children(nxt, abyss)) for (_, won), nxt in naive_children(pos, abyss).items() if not won
    )


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 58, 3282), (START.replace(" 1 ", " 2 ", 1), 61, 3216)],
)
def test_full_turns_match_a_naive_generator_and_perft(text: str, depth1: int, depth2: int) -> None:
    board = Board.from_position(text)
    pos = nv.parse(" ".join(text.split()[:4]))
    abyss = nv.coord("c3")
    engine = engine_children(board)
    assert engine == set(naive_children(pos, abyss))
    assert len(engine) == len(board.legal_turns()) == depth1
    assert perft(board, 2) == naive_perft2(pos, abyss) == depth2


def test_naive_agrees_along_random_games() -> None:
    """Positions of seeded random games, the Abyss on the edge (so games last a while)."""
    abyss = nv.coord("a3")
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        board = Board.from_position(
            position("", "b2,d4 b4,d2", powers="Tartarus,-", extra="tartarus.abyss=a3")
        )
        while board.outcome() is None and checked < 80:
            pos = nv.parse(" ".join(board.position().split()[:4]))
            assert engine_children(board) == set(naive_children(pos, abyss)), board.position()
            board.push_turn(rng.choice(board.legal_turns()))
            checked += 1
    assert checked >= 40


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    """Whole games from the empty board, Tartarus in either seat (and so starting): the
    Abyss is always marked before play, and every game ends with a winner."""
    for seed in range(2):
        rng = random.Random(seed)
        powers = ["Tartarus", rival] if seed % 2 == 0 else [rival, "Tartarus"]
        board = Board(2, powers, start_player=seed % 2)
        start = (board.position(), board.zobrist_hash())
        pushed = 0
        while board.placing or board.turn:
            board.push(rng.choice(board.legal_steps()))
            pushed += 1
        board.push_turn(rng.choice(board.legal_turns()))  # the Abyss
        pushed += 1
        assert ABYSS in board.tokens and board.to_move == seed % 2
        playout_checking_hashes(board, rng)
        for _ in range(pushed):
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start
