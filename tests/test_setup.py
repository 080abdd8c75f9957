"""God-power setup, SANTORINI.md §3.1 and RULINGS #6."""

from __future__ import annotations

import random

import pytest

from aegean.santorini import Board, SantoriniError
from aegean.santorini.powers import Power, banned_pairs, make_power, power_info
from aegean.santorini.setup import (
    PowerSetup,
    allowed_start_players,
    check_fleece,
    compatible,
    fleece_powers,
    incompatibility,
    placers,
    quick_setup,
    team_label,
)


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


# ---------------------------------------------------------------------- other modes
def test_three_player_setup_offers_only_powers_marked_for_three() -> None:
    """§3.1 step 2 and §6: every picked power is marked for the player count (POWERS.csv);
    heroes are for two players only; the choosing goes clockwise from the Challenger."""
    setup = PowerSetup(3, challenger=2)
    with pytest.raises(SantoriniError, match="Chronus cannot be used in a 3-player game"):
        setup.pick(["Apollo", "Athena", "Chronus"])
    with pytest.raises(SantoriniError, match="Achilles is a hero, and heroes are for 2-player games only"):
        setup.pick(["Apollo", "Athena", "Achilles"])
    with pytest.raises(SantoriniError, match="pick 3 powers"):
        setup.pick(["Apollo", "Athena"])
    setup.pick(["Apollo", "Athena", "Pan"])
    assert setup.chooser == 0
    setup.choose("Pan")
    assert setup.chooser == 1
    setup.choose("Apollo")
    assert setup.powers == ["Pan", "Apollo", "Athena"] and setup.phase == "start"
    setup.name_start_player(1)
    board = setup.board()
    assert board.n_players == 3 and board.to_move == 1
    assert board.position() == "00000/00000/00000/00000/00000 2 - - - powers=Pan,Apollo,Athena"


def test_four_player_teams_and_their_start_players() -> None:
    """§6, RULINGS #10: players 1+3 against 2+4; the start player and the next one place
    their teams' workers, so a power that places first (Bia) belongs to the start player."""
    plain = Power()
    assert placers(4, 0) == [0, 1] and placers(4, 3) == [3, 0]
    assert placers(3, 1) == [1, 2, 0]
    bia = make_power("Bia")
    assert allowed_start_players([plain, plain, bia, plain]) == [2]
    assert allowed_start_players([_Last(), plain, plain, plain]) == [3]  # the second placer
    setup = PowerSetup(4)
    with pytest.raises(SantoriniError, match="Clio cannot be used in a 4-player game"):
        setup.pick(["Apollo", "Athena", "Pan", "Clio"])
    setup.pick(["Apollo", "Athena", "Pan", "Bia"])
    for name in ("Athena", "Bia", "Pan"):
        setup.choose(name)
    assert setup.powers == ["Apollo", "Athena", "Bia", "Pan"]
    with pytest.raises(SantoriniError, match=r"player 1 cannot start with these powers \(allowed: 3\)"):
        setup.name_start_player(0)
    setup.name_start_player(2)
    board = setup.board()
    assert board.position() == "00000/00000/00000/00000/00000 3 - - & & powers=Apollo,Athena,Bia,Pan"
    assert team_label(board, 0) == team_label(board, 2) == "Team 1+3"
    assert team_label(board, 3) == "Team 2+4"
    assert team_label(Board(), 1) == ""


def test_golden_fleece_setup_picks_one_marked_power() -> None:
    """§5, RULINGS #11: one power with the Golden Fleece mark lies beside the board; no
    hero, no unmarked god; two players only; nobody chooses; anyone may place first."""
    with pytest.raises(SantoriniError, match="Golden Fleece variant is for 2 players"):
        PowerSetup(3, fleece=True)
    setup = PowerSetup(2, challenger=1, fleece=True)
    assert setup.picks == 1
    with pytest.raises(SantoriniError, match="Athena has no Golden Fleece mark"):
        setup.pick(["Athena"])
    with pytest.raises(
        SantoriniError, match="Achilles is a hero: heroes are never used in the Golden Fleece variant"
    ):
        setup.pick(["Achilles"])
    with pytest.raises(SantoriniError, match="pick 1 power with the Golden Fleece mark, not 2"):
        setup.pick(["Apollo", "Pan"])
    setup.pick(["pan"])
    assert setup.phase == "start" and setup.chooser is None and setup.powers == []
    assert setup.fleece_power == "Pan" and setup.allowed_start_players() == [0, 1]
    setup.name_start_player(1)
    board = setup.board()
    assert board.fleece is not None and board.fleece.name == "Pan"
    assert board.position() == "00000/00000/00000/00000/00000 2 - - fleece=Pan"
    assert check_fleece("apollo") == "Apollo"
    assert "Athena" not in fleece_powers() and "Apollo" in fleece_powers()
    assert all(power_info(name).golden_fleece for name in fleece_powers())


def test_incompatibility_messages() -> None:
    assert incompatibility("Apollo", 3) is None and incompatibility("Achilles", 2) is None
    assert incompatibility("Hecate", 4) == "Hecate cannot be used in a 4-player game (POWERS.csv)"
    assert incompatibility("Theseus", 4) == "Theseus is a hero, and heroes are for 2-player games only"


@pytest.mark.parametrize("players", [3, 4])
def test_quick_setup_for_three_and_four_players(players: int) -> None:
    """Random powers for 3 or 4 players are all marked for that count, never banned
    against each other, and some seat may start; a seed repeats the draw."""
    for seed in range(6):
        board = quick_setup(players, rng=random.Random(seed))
        names = [p.name for p in board.powers]
        assert board.n_players == players and all(names) and len(set(names)) == players
        assert all(compatible(name, players) for name in names)
        assert not any(frozenset((a, b)) in banned_pairs() for a in names for b in names if a != b)
        assert board.to_move in allowed_start_players(list(board.powers))
        again = quick_setup(players, rng=random.Random(seed))
        assert again.position() == board.position()


def test_quick_setup_checks_given_powers_and_the_fleece() -> None:
    with pytest.raises(SantoriniError, match="every player has a power"):
        quick_setup(3, ["Apollo", "Athena", None])
    with pytest.raises(SantoriniError, match="Jason is a hero"):
        quick_setup(3, ["Apollo", "Athena", "Jason"])
    with pytest.raises(SantoriniError, match="4 powers given for 3 players"):
        quick_setup(3, ["Apollo", "Athena", "Pan", "Atlas"])
    board = quick_setup(4, ["Apollo", "Athena", "Pan", "Atlas"], start_player=1)
    assert board.position() == "00000/00000/00000/00000/00000 2 - - & & powers=Apollo,Athena,Pan,Atlas"
    fleece = quick_setup(2, fleece="Apollo", start_player=0)
    assert fleece.position() == "00000/00000/00000/00000/00000 1 - - fleece=Apollo"
    drawn = quick_setup(2, fleece=True, rng=random.Random(4))
    assert drawn.fleece is not None and drawn.fleece.name in fleece_powers()
    with pytest.raises(SantoriniError, match="for 2 players"):
        quick_setup(3, fleece="Apollo")
    with pytest.raises(SantoriniError, match="Athena has no Golden Fleece mark"):
        quick_setup(2, fleece="Athena")
    with pytest.raises(SantoriniError, match="nobody has a power of their own"):
        quick_setup(2, ["Apollo", None], fleece="Pan")


# ---------------------------------------------------------------------- one setup check
FORBIDDEN: list[tuple[int, list[str | None], str]] = [
    (3, ["Chronus", "Apollo", "Artemis"], "Chronus cannot be used in a 3-player game"),
    (4, ["Clio", "Apollo", "Artemis", "Demeter"], "Clio cannot be used in a 4-player game"),
    (3, ["Achilles", "Apollo", "Artemis"], "Achilles is a hero, and heroes are for 2-player games only"),
    (3, [None, None, None], "in a 3-player game every player has a power"),
    (4, ["Apollo", None, "Artemis", "Demeter"], "in a 4-player game every player has a power"),
    (2, ["Atlas", "Gaea"], "Atlas and Gaea are a banned matchup"),
]


@pytest.mark.parametrize(("players", "powers", "message"), FORBIDDEN)
def test_the_board_refuses_setups_the_rules_forbid(
    players: int, powers: list[str | None], message: str
) -> None:
    """Issue 13, item 2: ``Board(...)`` refuses what the CLI, the setup dialog and the
    server refuse, with the same words (one check, ``lineup.cards_for``): powers not
    marked for the player count (POWERS.csv), heroes outside 2-player games, missing
    powers with 3-4 players (docs/rules-decisions.md, Setup), banned matchups."""
    with pytest.raises(SantoriniError, match=message):
        Board(players, powers)
    with pytest.raises(SantoriniError, match=message):
        quick_setup(players, powers)
    if all(powers):
        setup = PowerSetup(players)
        with pytest.raises(SantoriniError, match=message):
            setup.pick([p for p in powers if p])
    board = Board(players, powers, strict=False)  # analysis may ask for anything
    assert [p.name or None for p in board.powers] == powers


def test_board_without_powers_needs_two_players_or_strict_false() -> None:
    """``Board(3)``: powers are mandatory with 3-4 players (issue 13, item 2)."""
    with pytest.raises(SantoriniError, match="every player has a power"):
        Board(3)
    assert Board(3, strict=False).n_players == 3
    assert Board().n_players == 2


@pytest.mark.parametrize(
    ("powers", "start", "message"),
    [
        (["Apollo", "Bia"], 0, "player 1 cannot start: Bia must place first"),
        (["Hecate", "Apollo"], 0, "player 1 cannot start: Hecate must place last"),
    ],
)
def test_the_board_refuses_a_start_player_the_placement_order_forbids(
    powers: list[str], start: int, message: str
) -> None:
    """RULINGS #6: Bia and Tartarus place first, Hecate last; ``Board`` checks the start
    player as the setup dialog does (``allowed_start_players``)."""
    with pytest.raises(SantoriniError, match=message):
        Board(2, powers, start_player=start)
    Board(2, powers, start_player=1 - start)
    Board(2, powers, start_player=start, strict=False)


def test_positions_describe_states_and_check_setups_only_when_asked() -> None:
    """A position is read whatever setup led there (analysis); ``strict=True`` applies
    the setup rules to its powers as ``Board(...)`` does."""
    text = "00000/00000/00000/00000/00000 1 - - - powers=Chronus,Apollo,Artemis"
    assert Board.from_position(text).position() == text
    with pytest.raises(SantoriniError, match="Chronus cannot be used in a 3-player game"):
        Board.from_position(text, strict=True)
    Board.from_position("00000/00000/00000/00000/00000 1 - - powers=Chronus,Apollo", strict=True)
