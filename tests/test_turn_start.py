"""A position means the same whether typed or reached by play (issue 13, item 4).

The start of a turn sets state that the board at that moment decides (Hypnus's sleeper,
Aphrodite's binding, the Golden Fleece holders, Athena's token cleared, Circe's borrowing,
Charybdis's whirlpools settled: ``Power.start_of_turn_state``). A position between turns is
written after that start, so reading one derives that state when the text leaves it out,
and refuses a value the board contradicts; what the board cannot decide (Morpheus's pieces)
is required. Mid-turn positions carry the state as written (docs/notation.md).
"""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board, PositionError
from powers.support import turns

#: Token keys that the start of a turn derives from the board, by whose turn it is:
#: Hypnus's and Aphrodite's at their opponents' turns, Circe's at her own.
DERIVED_AT_OPPONENTS = ("hypnus", "aphrodite")
DERIVED_AT_OWN = ("circe",)


def derived_keys(board: Board) -> set[str]:
    """The token keys the start of the turn of the player to move decides."""
    keys = set()
    for seat, card in enumerate(board.powers):
        own = seat == board.to_move
        keys.update(k for k in DERIVED_AT_OWN if own and k == card.token)
        keys.update(k for k in DERIVED_AT_OPPONENTS if not own and k == card.token)
    return keys


def test_hypnus_typed_at_the_start_of_a_turn_sleeps_as_in_play() -> None:
    """RULINGS #39: player 2's worker on level 2 is higher than their other one: it sleeps
    whether the position is typed without ``hypnus=`` or reached by player 1's turn."""
    typed = Board.from_position("00000/00000/00200/00000/00000 2 a1,e5 c3,d1 powers=Hypnus,-")
    assert typed.tokens["hypnus"] == "c3"
    assert not any(t.startswith("c3") for t in turns(typed))
    played = Board.from_position("00000/00000/00200/00000/00000 1 a2,e5 c3,d1 powers=Hypnus,-")
    played.play("a2-a1^b1")
    assert played.tokens["hypnus"] == "c3"
    assert turns(played) == turns(Board.from_position(played.position().replace("hypnus=c3", "")))


def test_aphrodite_binds_a_worker_typed_next_to_her() -> None:
    """RULINGS #28: an opponent worker that starts its turn next to her is bound: typed at
    that moment, its move must end next to one of her workers."""
    typed = Board.from_position("00000/00000/00000/01000/00000 2 b2,e5 c3,a5 powers=Aphrodite,-")
    assert typed.tokens["aphrodite"] == "c3"
    assert "c3-d3^e3" not in turns(typed)  # d3 is next to none of hers
    assert "c3-c2^d2" in turns(typed)


def test_the_fleece_holders_are_derived_and_a_contradiction_is_refused() -> None:
    """RULINGS #12: who neighbours the Ram at the start of a turn holds the power; a
    typed ``ram.holders`` must say what the board says."""
    text = "00000/00000/00A00/00000/00000 1 b2,e5 a5,e1 fleece=Demeter ram=c3"
    assert Board.from_position(text).tokens["ram.holders"] == "1"
    with pytest.raises(PositionError) as error:
        Board.from_position(text + " ram.holders=1,2")
    assert error.value.field == "ram.holders"
    assert "the board makes it ram.holders=1" in str(error.value)


def test_athenas_token_cannot_stand_at_the_start_of_her_own_turn() -> None:
    """Her start of turn clears ``athena=up`` (she restricts opponents' turns after her
    climb): a position claiming it at that moment is one play never reaches."""
    with pytest.raises(PositionError, match="athena=up does not fit the start of player 1's turn"):
        Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Athena,- athena=up")
    Board.from_position("00000/00000/00000/00000/00000 2 b2,d4 b4,d2 powers=Athena,- athena=up")


def test_morpheus_pieces_are_required_at_the_start_of_his_turn() -> None:
    """He gains a piece as his turn starts: the board cannot tell how many he has, so the
    field is required then (and only then)."""
    with pytest.raises(PositionError) as error:
        Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Morpheus,-")
    assert error.value.field == "morpheus"
    Board.from_position("00000/00000/00000/00000/00000 2 b2,d4 b4,d2 powers=Morpheus,-")
    Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Morpheus,- morpheus=1")


def test_a_turn_in_progress_needs_the_fleece_holders() -> None:
    """Mid-turn the board has moved on from the turn's start: the holders are required."""
    with pytest.raises(PositionError) as error:
        Board.from_position("00000/00000/00A00/00000/00000 1 b4,e5 a5,e1 fleece=Demeter ram=c3 turn=b3-b4")
    assert error.value.field == "ram.holders"


@pytest.mark.parametrize(
    "powers",
    [("Hypnus", "Apollo"), ("Aphrodite", "Minotaur"), ("Circe", "Atlas"), ("Pan", "Hypnus")],
)
def test_positions_between_turns_read_the_same_without_derived_tokens(powers: tuple[str, str]) -> None:
    """Along random games: at the start of every turn the position without its derived
    tokens reads back to the very same position (and turns)."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        board = Board(2, list(powers), start_player=seed % 2)
        while board.outcome() is None and board.ply < 40:
            text = board.position()
            derived = derived_keys(board)
            stripped = " ".join(f for f in text.split() if f.partition("=")[0] not in derived)
            again = Board.from_position(stripped)
            assert again.position() == text, f"{stripped!r} read as {again.position()!r}"
            checked += stripped != text
            board.push_turn(rng.choice(board.legal_turns()))
    assert checked > 0


def test_golden_fleece_positions_read_the_same_without_their_holders() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        board = Board(2, fleece="Demeter", start_player=seed % 2)
        while board.outcome() is None and board.ply < 40:
            text = board.position()
            stripped = " ".join(f for f in text.split() if not f.startswith("ram.holders="))
            assert Board.from_position(stripped).position() == text
            checked += stripped != text
            board.push_turn(rng.choice(board.legal_turns()))
    assert checked > 20
