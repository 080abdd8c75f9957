"""What both front ends say and draw (issue 13, item 8): power events and outcomes in
sentences (``aegean.present``), the owner's secret squares on their own board, the setup
marks explained, and card headings that name the right category."""

from __future__ import annotations

import random
import re

import pytest

from aegean.cli.session import GameSession, Seat
from aegean.present.events import Cards, turn_events
from aegean.present.scene import scene_of
from aegean.present.words import card_heading, describe_outcome
from aegean.santorini import Board, Termination, format_turn
from cli_support import run_loop, run_script

P = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4"


def events_of(position: str, turn: str, viewer: int | None = None) -> list[str]:
    """The events of ``turn`` played from ``position``, as ``viewer`` may know them."""
    board = Board.from_position(position)
    board.play(turn)
    return GameSession([Seat("human"), Seat("human")], board, start=position).events(0, viewer)


@pytest.mark.parametrize(
    ("position", "turn", "sentence"),
    [
        (
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Bia,-",
            "b2-b3^c3",
            "Bia removed player 2's worker on b4 from the game",
        ),
        (
            "00000/00000/00000/00000/00000 1 b2,d4 c3,a5 powers=Apollo,-",
            "b2-c3^c4",
            "Apollo swapped places with player 2's worker, which went from c3 to b2",
        ),
        (
            "00000/00000/00000/00000/00000 1 b2,e1 c3,a5 powers=Minotaur,-",
            "b2-c3^c2",
            "Minotaur pushed player 2's worker from c3 to d4",
        ),
        (
            f"{P} powers=Medusa,-",
            "b2-a1^a2",
            "Medusa turned player 2's worker on d4 to stone: a block stands there now",
        ),
        (
            "00000/00000/00000/00000/00000 2 c3,e5 b4,d2 powers=Hecate,-",
            "d2-d3^c3!",
            "the build on c3 was cancelled: a hidden worker of Hecate's stands in the way, "
            "so player 2's turn ends there",
        ),
        (
            "00000/00000/00300/00000/00000 1 b2,d4 b4,e1 powers=Dionysus,-",
            "b2-b3^c3",
            "player 1 (Dionysus) completed a tower: an extra turn with an opponent's worker follows "
            "(or . to decline it)",
        ),
        (
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Achilles,-",
            "b2^c2-c3^d3",
            "player 1 (Achilles) has used the hero's power (once per game)",
        ),
        (
            "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Aeolus,- aeolus=n",
            "b2-c3^c4*sw",
            "player 1 (Aeolus) turns the wind to the south-west",
        ),
        (
            "00000/00000/00000/00000/00000 2 b2,d2 b4,a1 powers=Charybdis,- "
            "charybdis=c3,e5 charybdis.levels=0,0",
            "b4-c3+-e5^e4",
            "the worker went on from c3 to e5 (Charybdis)",
        ),
    ],
)
def test_a_power_event_is_a_sentence(position: str, turn: str, sentence: str) -> None:
    assert sentence in events_of(position, turn)
    assert all("token" not in line for line in events_of(position, turn))


def test_a_plain_turn_has_no_event() -> None:
    assert events_of("00000/00000/00000/00000/00000 1 b2,d4 b4,d2", "b2-c3^c4") == []


def test_an_event_tells_no_secret() -> None:
    """Hecate's turn as her opponent sees it: her builds only; her worker's removal by
    Bia is said as a hidden worker lost, with no square."""
    hecate = "00000/00000/00000/00000/00000 2 c3,e5 b4,d2 powers=Hecate,-"
    assert events_of(hecate, "d2-d3^d4", viewer=1) == []
    session = GameSession([Seat("a"), Seat("b")], Board.from_position(hecate))
    session.play_text("d2-d3^d4")
    session.play_text("c3-c4^c5")
    assert session.events(1, 1) == []  # (her move is on her secret map)
    bia = "00000/00000/00000/00000/00000 1 b2,d4 d2,e5 powers=Bia,Hecate"
    assert events_of(bia, "d4-d3^e4", viewer=0) == ["player 2 lost a hidden worker (Bia)"]
    assert events_of(bia, "d4-d3^e4", viewer=1) == ["Bia removed player 2's worker on d2 from the game"]


def random_events(powers: list[str | None], seed: int, turns: int = 60) -> list[str]:
    """Every event sentence of a random game with these powers (seeded), for the whole
    game: each turn is made of random legal steps (cheaper than listing whole turns)."""
    rng = random.Random(seed)
    board = Board(2, powers)
    cards = Cards.of(board)
    found: list[str] = []
    for _ in range(turns):
        if board.outcome() is not None:
            break
        mover, before, ply = board.to_move, board.position(), board.ply
        while board.ply == ply and board.decided is None:
            board.push(rng.choice(board.legal_steps()))
        turn = format_turn(board.history[-1]) if board.ply != ply else "."
        found += turn_events(before, board.position(), turn, mover, cards)
    return found


@pytest.mark.parametrize(
    ("power", "pattern"),
    [
        ("Chaos", r"player 1 \(Chaos\) draws a new god: now \w+'s power"),
        ("Circe", r"player 1 \(Circe\) takes player 2's power \(Apollo\): their workers stand apart"),
    ],
)
def test_new_gods_and_borrowed_powers_are_said(power: str, pattern: str) -> None:
    for seed in range(10):
        if any(re.fullmatch(pattern, line) for line in random_events([power, "Apollo"], seed)):
            return
    pytest.fail(f"no game of {power} showed {pattern!r}")


def test_random_games_of_every_power_say_no_token_names() -> None:
    from aegean.santorini.powers import implemented

    for index, name in enumerate(implemented()):
        seats: list[str | None] = [None, name] if name == "Hecate" else [name, None]  # (she places last)
        for line in random_events(seats, index, turns=30):
            assert "token" not in line, (name, line)


@pytest.mark.parametrize(
    ("position", "turn", "words"),
    [
        (
            "00000/01200/00130/00020/0000A 2 b2,d4 b4,d2 powers=Tartarus,- tartarus.abyss=c3",
            "b4-c3",
            "a worker of player 2 entered the Abyss on c3, Tartarus's secret square: player 2 loses",
        ),
        (
            "00000/01200/00130/00020/0000A 1 b2,d4 b4,d2 powers=Tartarus,- tartarus.abyss=c3",
            "b2-c3",
            "player 1 walked into their own Abyss on c3 (Tartarus) and loses",
        ),
        (
            "00000/02100/01330/00020/0000A 2 a1,e5,c5 b4,d2 powers=Moerae,- moerae.fate=b2",
            "b4-c3",
            "player 2 tried to win by moving onto c3, one of Moerae's Fate spaces: "
            "player 1 (Moerae) wins instead",
        ),
        (f"{P} powers=Pan,-", "c3-c2", "a worker moved down 2 levels (c3-c2): player 1 (Pan) wins"),
        (
            "00000/00000/00000/01100/00000 1 b2,d1 d4,e5 powers=Eros,-",
            "d1-c2",
            "Eros's workers met on c2 and b2, both on level 1: player 1 (Eros) wins",
        ),
        (
            "DDDD3/00000/00000/00000/00000 1 e4,a1 c3,b3 powers=Chronus,-",
            "e4-d4^e5",
            "there are 5 Complete Towers on the board: player 1 (Chronus) wins",
        ),
    ],
)
def test_a_power_outcome_is_said_in_words(position: str, turn: str, words: str) -> None:
    board = Board.from_position(position)
    board.play(turn)
    outcome = board.outcome()
    assert outcome is not None
    assert describe_outcome(board, outcome) == words


def test_the_last_player_standing_of_three() -> None:
    """A three-player game that ends when the second player leaves names the winner."""
    for seed in range(40):
        rng = random.Random(seed)
        board = Board(3, ["Apollo", "Athena", "Pan"])
        while board.outcome() is None:
            board.push_turn(rng.choice(board.legal_turns()))
        outcome = board.outcome()
        assert outcome is not None
        if outcome.termination is Termination.NO_LEGAL_TURN:
            (winner,) = outcome.winners
            words = describe_outcome(board, outcome)
            assert words == f"player {winner + 1} is the last player left in the game"
            return
    pytest.fail("no random three-player game ended with a player left alone")


def test_card_headings_name_the_category() -> None:
    assert card_heading("Hecate") == "Hecate, Goddess of Magic (expansion god)"
    assert card_heading("Tartarus") == "Tartarus, God of the Abyss (expansion god)"
    assert card_heading("Apollo") == "Apollo, God of Music (simple god)"
    assert "Golden Fleece god" not in run_script("santorini", "powers", "Hecate").stdout


def test_the_owner_sees_their_secret_squares_on_the_board() -> None:
    abyss = "00000/00000/00000/00000/00000 1 b2,d4 a5,e1 powers=Minotaur,Tartarus tartarus.abyss=c3"
    board = Board.from_position(abyss)
    assert scene_of(board, 1).places == {12: "Abyss"}
    assert scene_of(board, 0).places == {}
    fate = "00000/00000/00300/02000/30000 1 b2,e1 a5,e4,e5 powers=Apollo,Moerae moerae.fate=c3"
    assert sorted(scene_of(Board.from_position(fate), 1).places) == [12, 13, 17, 18]
    shown = run_script("santorini", "show", abyss, "--view", "2").stdout
    legend = "Abyss (Tartarus, secret from the other players): c3 (marked A on the board)"
    assert legend in " ".join(shown.split())
    assert "Abyss (Tartarus" not in run_script("santorini", "show", abyss, "--view", "1").stdout


def test_the_moerae_placement_help_gives_a_legal_example() -> None:
    board = Board.from_position("00000/00000/00000/00000/00000 2 b2,d4 - powers=Apollo,Moerae")
    session = GameSession([Seat("human"), Seat("human")], board)
    status, out = run_loop(session, ["legal", "quit"])
    assert status == 0
    example = re.search(r"then your power's mark, e\.g\. (\S+)\.", out)
    assert example is not None, out
    assert "*" in example.group(1)
    assert "to choose your Fate square, in secret, by its lower-left corner" in " ".join(out.split())
    Board.from_position(board.position()).play(example.group(1))  # legal as shown


def test_the_loop_says_what_a_power_did() -> None:
    bia = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Bia,-"
    session = GameSession([Seat("human"), Seat("human")], Board.from_position(bia))
    status, out = run_loop(session, ["b2-b3^c3", "quit"])
    assert status == 0
    assert "Bia removed player 2's worker on b4 from the game." in out
    assert "removed=" not in out  # (the legend says it in words)
    assert "Workers removed from the game by a power: player 2: 1" in out


def test_turn_events_read_observations() -> None:
    """The function the web UI's log can use: positions as a viewer sees them (``?``)."""
    cards = Cards(2, ("Tartarus", ""))
    before = "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Tartarus,-"
    after = "00000/00000/00000/00000/00000 2 b2,d4 b4,d2 powers=Tartarus,- tartarus.abyss=?"
    assert turn_events(before, after, "*?", 0, cards) == ["player 1 (Tartarus) chose the Abyss in secret"]
