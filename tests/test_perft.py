"""Perft golden values and turn-by-turn agreement with an independent generator.

``tests/naive.py`` is a second Santorini generator written from SANTORINI.md §1–2 with
no code shared with :mod:`aegean`. Every golden value below was frozen only after the
naive generator, ``perft`` (make/unmake every turn) and ``perft_bulk`` all agreed on it
(depth 4 included, where the naive generator took about a minute); the tests re-check
the cheap depths against the naive generator every run.

Perft convention: sequences of exactly ``depth`` full turns; a winning turn ends the game
and so counts only as the last turn of a sequence; a player with no legal turn adds 0.
"""

from __future__ import annotations

import random

import pytest

import naive
from aegean.santorini import Board, Termination, divide, format_turn, perft, perft_bulk
from aegean.santorini.perft import Engine

START = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
EMPTY = "00000/00000/00000/00000/00000 1 - -"

#: position -> perft at depth 1, 2, 3, ...
GOLDEN: dict[str, tuple[int, ...]] = {
    # The start of play after the standard placement (29,096,316 also from naive, ~60 s).
    START: (80, 6176, 426384, 29096316),
    # Setup: 25·24/2 placements for player 1, 24·23/2 for player 2, then the first turns.
    EMPTY: (300, 75900, 4313232),
    # Setup on a 3 × 3 island ringed by ground-level domes (a reduced empty board).
    "AAAAA/A000A/A000A/A000A/AAAAA 1 - -": (36, 756, 13800, 226208),
    # Towers of every height, domes on levels 0-3 (A-D); c3 on level 2 can climb to c4
    # or b2 (wins); e1 already stands on level 3 without having won.
    "0123D/A2310/1B20C/03120/20013 1 c3,d1 b4,e1": (45, 1113, 36545, 794223),
    # The same board with player 2 to move: b4 (level 2) can climb to c4.
    "0123D/A2310/1B20C/03120/20013 2 c3,d1 b4,e1": (23, 932, 18739, 563461),
    # A level-3 plateau: b3 moving to c3/b4/c4 stays on level 3 and does not win.
    "00000/03300/03300/00000/00000 1 b3,e1 a5,e5": (71, 1870, 107549, 3395292),
    # Player 1 is walled in by domes and a two-level rise: no legal turn, perft 0.
    "00020/00022/00000/AB000/0C000 1 a1,e5 c3,d1": (0, 0, 0, 0),
    # Player 1 is walled in by opponent workers and domes.
    "000A0/000BC/00000/0D000/00000 1 a1,e5 a2,b1": (0, 0, 0, 0),
    # a1 is trapped (dome, opponent, two levels up); d4 moves freely.
    "00000/00000/00000/A3000/00300 1 a1,d4 b1,c3": (37, 2029, 65453, 3051221),
    # Exactly one turn: a1-b1, then the only free square is the one just vacated.
    "000A0/000BC/00000/AAB00/00C00 1 a1,e5 c3,c4": (1, 44, 44, 2020),
    # A crowded late game; player 2's workers stand on level 3 (placed there, no win).
    "12321/2D3C2/3B0A3/2C3D2/12321 1 a2,e4 c1,c5": (12, 188, 1736, 21302),
    "12321/2D3C2/3B0A3/2C3D2/12321 2 a2,e4 c1,c5": (22, 238, 3026, 25024),
    # Positions reached by seeded random play from START (wins available in the first two).
    "02210/0D212/121D1/1D312/01212 1 e4,c1 a1,d4": (25, 707, 20144, 493905),
    "00212/01D32/03121/10DD1/02321 1 d3,d1 e4,b2": (17, 421, 5422, 123360),
    "011D1/1121D/11D23/0D321/11010 1 d4,b4 b1,e2": (45, 1286, 45730, 1091463),
}

#: Depths whose engine perft (make/unmake) or naive re-check would take seconds: the
#: golden table already holds their cross-checked values, ``perft_bulk`` re-checks them.
_BIG = 500_000


def _cases(limit: int) -> list[tuple[str, int, int]]:
    """(position, depth, value) for the golden values whose parent level is small."""
    out = []
    for position, values in GOLDEN.items():
        for depth, value in enumerate(values, 1):
            parent = values[depth - 2] if depth > 1 else 1
            if parent * 70 <= limit or value <= limit:
                out.append((position, depth, value))
    return out


ENGINES = ("reference", "auto")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("position", "values"), GOLDEN.items(), ids=range(len(GOLDEN)))
def test_perft_bulk_golden(position: str, values: tuple[int, ...], engine: Engine) -> None:
    """The frozen values, every depth (the deepest take a few seconds), by the Python
    reference and by the native core wherever it plays the position."""
    board = Board.from_position(position)
    assert [perft_bulk(board, d, engine) for d in range(1, len(values) + 1)] == list(values)
    assert board.position() == position  # perft leaves the board as it found it


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("position", "depth", "value"), _cases(_BIG))
def test_perft_golden(position: str, depth: int, value: int, engine: Engine) -> None:
    """``perft`` (every turn made and unmade) agrees with the table and ``perft_bulk``."""
    board = Board.from_position(position)
    before = board.zobrist_hash()
    assert perft(board, depth, engine) == value
    assert board.zobrist_hash() == before
    assert board.history == []


@pytest.mark.parametrize(("position", "depth", "value"), _cases(_BIG))
def test_naive_generator_agrees(position: str, depth: int, value: int) -> None:
    """The independent naive generator reproduces the frozen value."""
    assert naive.perft(naive.parse(position), depth) == value


def test_start_position_first_level_by_hand() -> None:
    """80 turns, derived by hand: the worker on b2 has 8 moves; after each it may build
    on the free neighbours of its new square, the vacated b2 included (b4, d2, d4 hold
    workers). A half-turn rotation swaps b2 and d4, so d4 also has 40."""
    board = Board.from_position(START)
    per_destination: dict[str, int] = {}
    for turn in board.legal_turns():
        text = format_turn(turn)
        if text.startswith("b2-"):
            per_destination[text[3:5]] = per_destination.get(text[3:5], 0) + 1
    assert per_destination == {"a1": 3, "b1": 5, "c1": 4, "a2": 5, "c2": 7, "a3": 4, "b3": 7, "c3": 5}
    assert perft(board, 1) == 2 * sum(per_destination.values()) == 80


def test_empty_board_placements() -> None:
    """SANTORINI.md §2 Setup: any 2 of the 25 squares, then any 2 of the 23 left."""
    assert GOLDEN[EMPTY][:2] == (25 * 24 // 2, (25 * 24 // 2) * (23 * 22 // 2))
    board = Board.from_position(EMPTY)
    assert len(board.legal_turns()) == 300
    board.play("@b2@d4")
    assert len(board.legal_turns()) == 253


@pytest.mark.parametrize(
    ("position", "depth"),
    [
        (START, 2),
        ("0123D/A2310/1B20C/03120/20013 1 c3,d1 b4,e1", 2),
        (EMPTY, 1),
        ("12321/2D3C2/3B0A3/2C3D2/12321 2 a2,e4 c1,c5", 3),
        ("000A0/000BC/00000/AAB00/00C00 1 a1,e5 c3,c4", 3),
    ],
)
def test_divide_matches_naive_per_turn(position: str, depth: int) -> None:
    """``divide`` sums to the total, and each root turn's count matches the naive one."""
    board = Board.from_position(position)
    engine = {format_turn(turn): count for turn, count in divide(board, depth)}
    assert sum(engine.values()) == GOLDEN[position][depth - 1]
    pos = naive.parse(position)
    expected = {
        turn: 1 if depth == 1 else (0 if won else naive.perft(nxt, depth - 1))
        for turn, nxt, won in naive.successors(pos)
    }
    assert engine == expected


def test_winning_turn_counts_only_as_last_turn() -> None:
    """The perft convention: a climb onto level 3 ends the game, so depth-2 sequences
    never start with it, while depth 1 counts it."""
    board = Board.from_position("00000/00000/00300/02000/00000 1 b2,a1 d4,e5")
    rows = divide(board, 2)
    wins = [(turn, count) for turn, count in rows if len(turn) == 1]
    assert [format_turn(t) for t, _ in wins] == ["b2-c3"]
    assert wins[0][1] == 0
    assert perft(board, 1) == len(rows)
    assert perft(board, 2) == sum(count for _, count in rows) > 0


# ---------------------------------------------------------------------- random positions
def _strip_keys(position: str) -> tuple[str, list[str]]:
    fields = position.split()
    return " ".join(f for f in fields if "=" not in f), [f for f in fields if "=" in f]


def _random_positions() -> list[str]:
    """A few hundred positions: every position of seeded random games from the empty
    board (placements, mid-game, the turn before a win, a stuck player), and arbitrary
    boards, some crowded with domes so that players get stuck."""
    rng = random.Random(20240917)
    positions: list[str] = []
    for _ in range(8):
        game = naive.random_game(rng)
        positions += game[:2] + game[2::4] + game[-3:]
    for i in range(150):
        positions.append(naive.random_board(rng, dome_chance=(0.15, 0.5, 0.7)[i % 3]))
    for placed in (0, 1):
        positions += [naive.random_board(rng, dome_chance=0.3, placed=placed) for _ in range(3)]
    return positions


RANDOM_POSITIONS = _random_positions()


def test_random_positions_cover_the_edge_cases() -> None:
    """The sample really holds what the agreement test claims to cover."""
    kinds = {"placement": 0, "win available": 0, "no legal turn": 0, "worker on level 3": 0}
    for position in RANDOM_POSITIONS:
        pos = naive.parse(position)
        options = naive.successors(pos)
        kinds["placement"] += not pos.workers[pos.to_move]
        kinds["win available"] += any(won for _, _, won in options)
        kinds["no legal turn"] += not options
        kinds["worker on level 3"] += any(pos.levels[c] == 3 for ws in pos.workers for c in ws)
    assert len(RANDOM_POSITIONS) >= 200
    assert all(count >= 5 for count in kinds.values()), kinds


def test_legal_turns_agree_with_naive_on_random_positions() -> None:
    """Same legal-turn sets, same positions after each turn, same wins and losses
    (SANTORINI.md §2 Move, Build, Winning and losing)."""
    for position in RANDOM_POSITIONS:
        board = Board.from_position(position)
        pos = naive.parse(position)
        options = {turn: (nxt, won) for turn, nxt, won in naive.successors(pos)}
        turns = board.legal_turns()
        texts = [format_turn(t) for t in turns]
        assert len(texts) == len(set(texts)), position
        assert set(texts) == set(options), position
        outcome = board.outcome()
        if options:
            assert outcome is None, position
        else:
            assert outcome is not None and outcome.winners == {1 - pos.to_move}, position
            assert outcome.termination is Termination.NO_LEGAL_TURN
        for turn, text in zip(turns, texts, strict=True):
            nxt, won = options[text]
            board.push_turn(turn)
            after, keys = _strip_keys(board.position())
            decided = board.decided
            board.pop()
            assert naive.parse(after).key() == nxt.key(), (position, text)
            if won:
                assert keys == [f"outcome={pos.to_move + 1}:climb"], (position, text)
                assert decided is not None and decided.termination is Termination.CLIMB
            else:
                assert keys == [] and decided is None, (position, text)
        assert board.position() == position
