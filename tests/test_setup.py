"""God-power setup, SANTORINI.md §3.1 and RULINGS #6."""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board, SantoriniError
from aegean.santorini.powers import Power
from aegean.santorini.setup import PowerSetup, allowed_start_players, compatible, quick_setup


def test_the_challenger_picks_the_others_choose_and_the_challenger_keeps_the_last() -> None:
    """§3.1 steps 2-3: clockwise from the Challenger's left; the Challenger gets the rest."""
    setup = PowerSetup(2, challenger=1)
    assert setup.phase == "pick" and setup.chooser is None
    setup.pick(["Athena", "Apollo"])
    assert setup.phase == "choose" and setup.chooser == 0
    setup.choose("apollo")
    assert setup.powers == ["Apollo", "Athena"]
    assert setup.phase == "start"
    setup.name_start_player(1)
    board = setup.board()
    assert board.to_move == 1 and [p.name for p in board.powers] == ["Apollo", "Athena"]
    assert board.position() == "00000/00000/00000/00000/00000 2 - - powers=Apollo,Athena"


def test_pick_refuses_wrong_counts_repeats_and_unknown_powers() -> None:
    setup = PowerSetup(2)
    for names, words in [
        (["Apollo"], "pick 2 powers"),
        (["Apollo", "Apollo"], "only once"),
        (["Apollo", "Zorro"], "unknown power"),
    ]:
        with pytest.raises(SantoriniError, match=words):
            setup.pick(names)
        assert setup.phase == "pick"


def test_choosing_only_from_the_offer_and_in_order() -> None:
    setup = PowerSetup(2)
    with pytest.raises(SantoriniError, match="pick phase"):
        setup.choose("Apollo")
    setup.pick(["Apollo", "Athena"])
    with pytest.raises(SantoriniError, match="not on offer"):
        setup.choose("Atlas")
    with pytest.raises(SantoriniError, match="choose phase"):
        setup.name_start_player(0)


def test_player_count_compatibility_comes_from_the_table() -> None:
    """§3.1 step 2 and POWERS.csv: Chronus is 2-player only; Apollo plays with 3 or 4."""
    assert compatible("Apollo", 3) and compatible("Apollo", 4)
    assert not compatible("Chronus", 3) and compatible("Chronus", 2)


class _First(Power):
    placement_order = -1


class _Last(Power):
    placement_order = 1


def test_setup_order_constraints() -> None:
    """RULINGS #6: a power that places first must start; one that places last sits just
    before the start player."""
    plain = Power()
    assert allowed_start_players([plain, plain, plain]) == [0, 1, 2]
    assert allowed_start_players([plain, _First(), plain]) == [1]
    assert allowed_start_players([_Last(), plain, plain]) == [1]
    assert allowed_start_players([_First(), _Last()]) == [0]
    assert allowed_start_players([_First(), _First()]) == []


def test_quick_setup_with_chosen_and_random_powers() -> None:
    board = quick_setup(2, ["Apollo", None], start_player=1)
    assert [p.name for p in board.powers] == ["Apollo", ""] and board.to_move == 1
    for seed in range(5):
        board = quick_setup(2, rng=random.Random(seed))
        names = [p.name for p in board.powers]
        assert all(names) and len(set(names)) == 2
        assert Board.from_position(board.position()).position() == board.position()
