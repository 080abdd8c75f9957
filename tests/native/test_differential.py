"""The native core (Rust) against the Python reference engine, on seeded random positions
of the base game for two players: the same legal turns in the same order and notation,
the same position and winner after every turn, the same perft at depths 1-3 (bulk and
make-every-leaf). A mismatch names the position, so it can become a scenario test.

The positions: every third position of random games from the empty board (towers grow,
games end in climbs and in players left without a turn), and arbitrary boards with
levels and domes anywhere (``naive.random_board``)."""

from __future__ import annotations

import random

import pytest

import naive
from aegean import _core
from aegean.santorini import Board, native, perft, perft_bulk, rules


def _positions(seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for _ in range(8):
        out += [p for p in naive.random_game(rng)[::3] if " - " not in p and not p.endswith(" -")]
    out += [naive.random_board(rng, dome_chance=(0.05, 0.3, 0.6)[i % 3]) for i in range(120)]
    return [p for p in out if native.supports(Board.from_position(p))]


POSITIONS = _positions(20261125)


def test_the_sample_is_varied() -> None:
    boards = [Board.from_position(p) for p in POSITIONS]
    assert len(boards) >= 150
    assert sum(not b.legal_turns() for b in boards) >= 3, "positions with no legal turn"
    assert sum(any(len(t) == 1 for t in b.legal_turns()) for b in boards) >= 10, "winning climbs"


@pytest.mark.parametrize("chunk", range(4))
def test_legal_turns_and_their_notation(chunk: int) -> None:
    for position in POSITIONS[chunk::4]:
        board = Board.from_position(position)
        reference = board.legal_turns()
        assert set(reference) == set(rules.legal_turns(board)), position  # fast path == generic
        assert native.legal_turns(board) == reference, f"legal turns differ at {position!r}"
        assert _core.legal_turn_names(position) == [str(t) for t in reference], position
        assert _core.normalise(position) == position


@pytest.mark.parametrize("chunk", range(4))
def test_every_turn_leads_to_the_same_position_and_winner(chunk: int) -> None:
    for position in POSITIONS[chunk::4]:
        board = Board.from_position(position)
        expected_loser = None if board.legal_turns() else board.to_move
        assert _core.outcome(position) == (None if expected_loser is None else 1 - expected_loser), position
        for turn in board.legal_turns():
            text, winner = _core.play(position, list(turn))
            board.push_turn(turn)
            outcome = board.outcome()
            reference_winner = None if outcome is None else outcome.winner
            assert winner == reference_winner, f"{position!r} after {turn}: winner {winner}"
            if reference_winner is None:
                assert text == board.position(), f"{position!r} after {turn}"
            board.pop()


@pytest.mark.parametrize("chunk", range(4))
def test_perft_one_to_three(chunk: int) -> None:
    for n, position in enumerate(POSITIONS[chunk::4]):
        board = Board.from_position(position)
        for depth in (1, 2, 3) if n % 4 == 0 else (1, 2):
            expected = perft_bulk(board, depth, "reference")
            assert _core.perft(position, depth, True) == expected, f"perft {depth} of {position!r}"
            assert _core.perft(position, depth, False) == expected, f"perft {depth} (make) of {position!r}"
        assert perft(board, 2) == perft(board, 2, "reference")  # auto goes native here


def test_unsupported_positions_are_refused_with_one_line() -> None:
    for text in (
        "00000/00000/00000/00000/00000 1 - -",
        "00000/00000/00000/00000/00000 1 a1,b1 c1,d1 powers=Circe,-",
        "00000/00000/00000/00000/00000 1 a1,b1 c1,d1 e1,e2",
        "00000/00000/00000/00000/00000 1 a1,b1 c1,d1 turn=a1-a2",
        "nonsense",
    ):
        with pytest.raises(ValueError) as refused:
            _core.perft(text, 1)
        assert "\n" not in str(refused.value) and str(refused.value)
    board = Board.from_position("00000/00000/00000/00000/00000 1 a1,b1 c1,d1 powers=Circe,-")
    assert not native.supports(board)
    with pytest.raises(native.Unsupported):
        native.legal_turns(board)
    assert perft(board, 1) == perft(board, 1, "reference")  # auto falls back


def test_random_playouts_repeat_from_their_seed() -> None:
    first = native.random_playouts(500, 9)
    assert first == native.random_playouts(500, 9)
    wins_1, wins_2, turns = first
    assert wins_1 + wins_2 == 500 and wins_1 > 150 and wins_2 > 150 and turns > 500 * 10
