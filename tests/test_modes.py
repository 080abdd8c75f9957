"""Game modes beyond two players with their own powers (SANTORINI.md §5-6; RULINGS #9-14):
three-player games with elimination, four-player team games sharing two workers per team,
and the Golden Fleece variant (one power beside the board, held by whoever neighbours the
Ram at the start of a turn)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from aegean.santorini import (
    Board,
    IllegalTurnError,
    PositionError,
    SantoriniError,
    Termination,
    Turn,
    format_turn,
    random_playout,
)
from aegean.santorini.record import GameRecord
from aegean.santorini.squares import parse_square
from powers.support import turns


def sq(name: str) -> int:
    return parse_square(name)


# ====================================================================== three players
# Player 2 (Morpheus, with two pieces on his card) is walled in at a1 and e1.
WALLED = "00000/00000/00000/AA0AA/0A0A0 2 c3,c4 a1,e1 a5,e5 powers=Pan,Morpheus,Apollo morpheus=2"


def test_three_players_place_and_play_clockwise_from_the_start_player() -> None:
    """§3.1: the start player places first, the others follow clockwise; play starts with
    the start player and goes clockwise."""
    board = Board(3, ["Apollo", "Athena", "Pan"], start_player=1)
    placers = []
    for squares in ("@a1@a2", "@c1@c2", "@e1@e2"):
        placers.append(board.to_move)
        board.play(squares)
    assert placers == [1, 2, 0]
    movers = []
    for _ in range(6):
        movers.append(board.to_move)
        board.push_turn(board.legal_turns()[0])
    assert movers == [1, 2, 0, 1, 2, 0]


def test_a_stuck_player_leaves_the_game_with_everything_theirs() -> None:
    """§6 and ruling 9: in a three-player game a player who cannot move and build is
    eliminated (the step ``#``): their workers, tokens (``morpheus=2``) and power go; the
    game goes on with the next player."""
    board = Board.from_position(WALLED)
    assert turns(board) == {"#"}
    board.play("#")
    assert board.outcome() is None
    assert board.eliminated() == {1} and board.to_move == 2
    assert board.position() == (
        "00000/00000/00000/AA0AA/0A0A0 3 c3,c4 - a5,e5 powers=Pan,Morpheus,Apollo out=2 removed=0,2,0"
    )
    assert format_turn(board.history[-1]) == "#"
    assert Board.from_position(board.position()).zobrist_hash() == board.zobrist_hash()
    board.pop()
    assert board.position() == WALLED


def test_chaos_leaves_a_three_player_game_with_its_deck() -> None:
    """§6 with Chaos (found by the whole-game fuzz, issue 13 item 1: a KeyError after
    Chaos's player was stuck): the card goes with its deck, its bookkeeping stops, the
    game goes on, and the position reads back without the card's state."""
    deck = "chaos=Atlas chaos.deck=Demeter,Hermes"
    walled = WALLED.replace("Morpheus", "Chaos").replace("morpheus=2", deck)
    board = Board.from_position(walled)
    board.play("#")
    board.play("a5-b5^c5")
    text = board.position()
    assert text.endswith("1 c3,c4 - b5,e5 powers=Pan,Chaos,Apollo out=2 removed=0,2,0")
    assert Board.from_position(text).position() == text
    with pytest.raises(PositionError, match="player 2 is out of the game, and so is their card"):
        Board.from_position(text + " chaos=Atlas")


def test_the_next_player_skips_the_eliminated_one() -> None:
    """After player 2 is out, turns alternate between players 3 and 1."""
    board = Board.from_position(WALLED)
    board.play("#")
    movers = []
    for _ in range(6):
        movers.append(board.to_move)
        board.push_turn(board.legal_turns()[0])
    assert movers == [2, 0, 2, 0, 2, 0]


def test_an_eliminated_players_power_is_gone() -> None:
    """§6 'removes their ... power': Persephone out of the game no longer makes the
    others move up (ruling 43 applies only while she plays)."""
    text = "01000/00000/00000/AA0AA/0A0A0 3 c3,c4 a1,e1 a5,e5 powers=Athena,Persephone,Pan"
    board = Board.from_position(text)
    assert {t[:5] for t in turns(board)} == {"a5-b5"}  # b5 is the only way up
    out = Board.from_position(text.replace(" 3 ", " 2 "))
    out.play("#")
    assert out.to_move == 2
    assert {t[:5] for t in turns(out)} > {"a5-b5", "a5-a4", "e5-d5"}


def test_athenas_restriction_binds_both_opponents_in_three_player_games() -> None:
    """Ruling 17: Athena's restriction lasts through both opponents' turns."""
    text = "00000/00000/01000/00000/00000 3 b2,d4 b4,d2 a5,e5 powers=Pan,Athena,Apollo athena=up"
    for to_move in ("3", "1"):
        board = Board.from_position(text.replace(" 3 ", f" {to_move} "))
        assert not any(t.split("^")[0].endswith("-b3") for t in turns(board))


def test_the_last_player_standing_wins() -> None:
    """§6: 'the last player standing wins': with player 2 already out, player 1 walled in
    has no turn and loses; player 3 wins."""
    text = "00000/00000/00000/AA0AA/0A0A0 1 a1,e1 - c3,c4 powers=Pan,Athena,Apollo out=2 removed=0,2,0"
    board = Board.from_position(text)
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {2}
    assert outcome.termination is Termination.NO_LEGAL_TURN


def test_random_three_player_games_end_with_one_winner_still_in() -> None:
    """Seeded games to the end: one winner, never an eliminated player; some games see an
    elimination and go on."""
    rng = random.Random(4)
    eliminations = 0
    for _ in range(6):
        board = Board(3, ["Apollo", "Pan", "Minotaur"])
        while board.outcome() is None:
            board.push_turn(rng.choice(board.legal_turns()))
        outcome = board.outcome()
        assert outcome is not None and len(outcome.winners) == 1
        assert not outcome.winners & board.eliminated()
        eliminations += len(board.eliminated())
    assert eliminations > 0


def test_a_climb_wins_for_the_climber_alone() -> None:
    board = Board.from_position("00000/00000/00300/00200/00000 2 a1,e1 c2,e5 a5,e3 powers=Pan,Athena,Apollo")
    board.play("c2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1}


@pytest.mark.parametrize(("players", "wins"), [(2, False), (3, True)])
def test_eros_three_player_clause(players: int, wins: bool) -> None:
    """Ruling 36 (card text): Eros wins by moving a worker next to the other while both
    stand on level 1 in 2- and 4-player games, on any equal level in 3-player games."""
    workers = "b3,d3 a5,e5" + (" a1,e1" if players == 3 else "")
    powers = "Eros,-" + (",-" if players == 3 else "")
    board = Board.from_position(f"00000/00000/02220/00000/00000 1 {workers} powers={powers}")
    board.play("b3-c3" if wins else "b3-c3^b3")
    outcome = board.outcome()
    assert (outcome is not None and outcome.winner == 0) == wins


# ====================================================================== four players
TEAMS = "00000/00000/01000/00000/00000 1 b2,d4 b4,d2 & & powers=Athena,Apollo,Pan,Minotaur"


def test_team_mates_share_two_workers() -> None:
    """§6 and ruling 10: a team shares control of 2 workers: players 1 and 3 move the same
    ones (written once, ``&`` in the fields of players 3 and 4)."""
    board = Board.from_position(TEAMS)
    assert board.workers[0] is board.workers[2] and board.workers[1] is board.workers[3]
    assert board.side_of(2) == 0 and board.side_of(3) == 1
    assert board.owner[sq("b2")] == 0 and board.owner[sq("b4")] == 1
    first = {t[:2] for t in turns(board)}
    third = {t[:2] for t in turns(Board.from_position(TEAMS.replace(" 1 ", " 3 ")))}
    assert first == third == {"b2", "d4"}


def test_the_teams_second_player_takes_the_first_turn() -> None:
    """Ruling 10: each team's first player places its workers; the start player's team
    mate takes the first turn, then play goes clockwise."""
    for start, first_turn in ((0, 2), (1, 3)):
        board = Board(4, ["Athena", "Apollo", "Pan", "Minotaur"], start_player=start)
        board.play("@a1@a2")
        assert board.to_move == (start + 1) % 4
        board.play("@e1@e2")
        assert not board.placing and board.to_move == first_turn
        assert board.position().split()[2:6][2:] == ["&", "&"]
        assert board.workers[start] == [sq("a1"), sq("a2")]
        movers = []
        for _ in range(4):
            movers.append(board.to_move)
            board.push_turn(board.legal_turns()[0])
        assert movers == [(first_turn + k) % 4 for k in range(4)]


def test_a_team_mate_is_no_opponent_for_athena() -> None:
    """Rulings 5 and 17: 'opponent' means an opponent of the owner: after Athena (player 1)
    moved up, her team mate (player 3) may move up; players 2 and 4 may not."""
    up = TEAMS + " athena=up"
    mate = Board.from_position(up.replace(" 1 ", " 3 "))
    assert any(t.startswith("b2-b3") for t in turns(mate))
    for rival in ("2", "4"):
        board = Board.from_position(up.replace(" 1 ", f" {rival} "))
        assert not any(t.split("^")[0].endswith("-b3") for t in turns(board))


def test_a_win_by_any_player_is_the_teams() -> None:
    """§6: player 3's climb wins for players 1 and 3."""
    board = Board.from_position(
        "00000/00000/00300/00200/00000 3 c2,e5 a5,e1 & & powers=Apollo,Athena,Pan,Minotaur"
    )
    board.play("c2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0, 2}
    assert board.position().endswith("outcome=1,3:climb")
    again = Board.from_position(board.position())
    assert again.outcome() == outcome and again.zobrist_hash() == board.zobrist_hash()


def test_a_loss_by_any_player_is_the_teams() -> None:
    """Ruling 9: a team whose player cannot move and build loses the game (no
    elimination with four players): players 2 and 4 win."""
    text = "00000/00000/00000/AA0AA/0A0A0 3 a1,e1 c3,c4 & & powers=Apollo,Athena,Pan,Minotaur"
    board = Board.from_position(text)
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1, 3}
    assert outcome.termination is Termination.NO_LEGAL_TURN


def test_an_illegal_turn_of_a_team_mate_names_the_real_reason() -> None:
    """Issue 13, item 3: player 3 moves the team's workers, so a refused move from b2 is
    explained by what is wrong with it (c3 too high), never "no worker of player 3"; a
    move from a worker of the other team names the team."""
    board = Board.from_position(
        "00000/00000/00200/00000/00000 3 b2,d4 b4,d2 & & powers=Apollo,Atlas,Pan,Demeter"
    )
    with pytest.raises(IllegalTurnError, match="c3 is 2 levels up from b2"):
        board.play("b2-c3^c4")
    with pytest.raises(IllegalTurnError, match="no worker of team 1\\+3 on b4"):
        board.play("b4-c3^c4")


def test_selene_works_for_either_team_mate() -> None:
    """Selene (SANTORINI.md §4, card 28): her female worker is the team's, so
    player 3 holding Selene builds her domes at any level as player 1 would (issue 13,
    item 3: the same class of fault, a worker compared with the player, not the team)."""
    for seat in (0, 2):
        cards = ["Selene", "Atlas", "Pan", "Demeter"] if seat == 0 else ["Pan", "Atlas", "Selene", "Demeter"]
        text = f"00000/00000/00000/00000/00000 {seat + 1} b2,d4 b4,d2 & & powers={','.join(cards)} selene=b2"
        assert "b2-a1^b1D" in turns(Board.from_position(text)), seat


def test_team_positions_round_trip_mid_turn() -> None:
    """Positions with ``&`` round-trip with their hash, between and inside turns, and
    undo restores them."""
    board = Board.from_position(TEAMS.replace(" 1 ", " 3 "))
    board.push(board.parse_turn("b2-b3")[0])
    mid = board.position()
    assert mid.endswith("turn=b2-b3") and " & & " in mid
    again = Board.from_position(mid)
    assert again.position() == mid and again.zobrist_hash() == board.zobrist_hash()
    board.pop()
    assert board.position() == TEAMS.replace(" 1 ", " 3 ")


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 c1,c5 a1,a3", "player-3", "share their team's workers"),
        ("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 & c1", "player-3", "write '&'"),
        ("00000/00000/00000/00000/00000 1 b2,d4 &", "player-2", "needs four players"),
    ],
)
def test_bad_team_fields_are_refused_clearly(text: str, field: str, message: str) -> None:
    with pytest.raises(PositionError, match=message) as error:
        Board.from_position(text)
    assert error.value.field == field


def test_four_player_playouts_keep_the_invariants() -> None:
    """Seeded four-player games: hashes, position round trips, undo, a winning team."""
    for seed in range(2):
        board = Board(4, ["Athena", "Apollo", "Pan", "Minotaur"], start_player=seed)
        start = (board.position(), board.zobrist_hash())
        rng = random.Random(seed)
        plies = 0
        while board.outcome() is None:
            assert plies < 300
            board.push_turn(rng.choice(board.legal_turns()))
            plies += 1
            z = board.zobrist_hash()
            assert board.rehash() == z
            assert Board.from_position(board.position()).zobrist_hash() == z
        outcome = board.outcome()
        assert outcome is not None and outcome.winners in ({0, 2}, {1, 3})
        for _ in range(plies):
            board.pop()
        assert (board.position(), board.zobrist_hash()) == start


# ====================================================================== Golden Fleece
def fleece_position(levels: str, to_move: int, workers: str, fleece: str, holders: str) -> str:
    return f"{levels} {to_move} {workers} fleece={fleece} ram=c3 ram.holders={holders}"


FLAT = "00000/00000/00A00/00000/00000"


@pytest.mark.parametrize(("start", "ram_by"), [(0, 0), (1, 1)])
def test_the_first_placer_puts_the_ram_and_the_other_moves_first(start: int, ram_by: int) -> None:
    """Ruling 11 (§5): after the workers are placed, the player who placed first puts
    the Ram on an unoccupied space (a setup turn of its own), and the other player takes
    the first turn."""
    board = Board(2, start_player=start, fleece="Demeter")
    board.play("@b2@d4")
    board.play("@b4@d2")
    assert board.to_move == ram_by
    options = turns(board)
    assert len(options) == 21 and all(t.startswith("*") for t in options)
    assert "*b2" not in options  # occupied
    board.play("*c3")
    assert board.to_move == 1 - ram_by
    assert board.position().split()[0] == FLAT
    assert "ram=c3" in board.position().split()
    assert format_turn(board.history[-1]) == "*c3"


def test_the_ram_blocks_moves_and_builds_like_a_ground_dome() -> None:
    """Ruling 13: no worker moves onto the Ram and nothing is built there, Minotaur's
    push and Apollo's swap included."""
    for fleece, workers in (
        ("Minotaur", "b2,e5 a1,d4"),
        ("Apollo", "b3,e5 a1,d4"),
        ("Demeter", "b2,e5 a1,d4"),
    ):
        board = Board.from_position(fleece_position(FLAT, 1, workers, fleece, "1,2"))
        assert board.domes >> sq("c3") & 1 and board.height[sq("c3")] == 0
        assert not any("c3" in t for t in turns(board)), fleece


def test_holders_are_decided_at_the_start_of_each_turn() -> None:
    """Ruling 12: a player whose worker neighbours the Ram when their turn starts holds
    the power for that whole turn; moving next to it mid-turn gives nothing until the
    next turn starts (here: Demeter's second build)."""
    board = Board.from_position(fleece_position(FLAT, 1, "b1,e5 a5,e1", "Demeter", "-"))
    assert not any(t.count("^") == 2 for t in turns(board))
    board.play("b1-b2^a1")
    assert board.tokens["ram.holders"] == "1"  # recomputed at the start of player 2's turn
    board.play("a5-a4^a5")
    assert any(t.count("^") == 2 for t in turns(board))  # player 1 holds it now
    board.play("b2-a2^a3^b1")
    assert board.tokens["ram.holders"] == "-"  # a2 does not neighbour c3


def test_both_players_can_hold_the_power_at_once() -> None:
    """§5: several players can hold it at once: each builds twice with Demeter."""
    board = Board.from_position(fleece_position(FLAT, 2, "b2,e5 d4,a1", "Demeter", "1,2"))
    assert any(t.count("^") == 2 for t in turns(board))
    board.play("d4-d5^e4")
    assert board.tokens["ram.holders"] == "1"
    board = Board.from_position(fleece_position(FLAT, 2, "b2,e5 e1,a1", "Demeter", "1"))
    board.play("e1-d2^e1")
    assert board.tokens["ram.holders"] == "1,2"


def test_hephaestus_fleece_lends_his_build_only_to_the_holder() -> None:
    """§5 with Hephaestus (ruling 22): the holder may build a second block on the same
    space; the other player may not."""
    holder = Board.from_position(fleece_position(FLAT, 1, "b2,e5 a5,e1", "Hephaestus", "1"))
    assert "b2-b1^a1^a1" in turns(holder)
    other = Board.from_position(fleece_position(FLAT, 2, "b2,e5 a5,e1", "Hephaestus", "1"))
    assert not any(t.endswith("^a4^a4") for t in turns(other))


CHAOS_DECK = "chaos.deck=Artemis,Hermes,Demeter,Minotaur,Hephaestus,Athena,Prometheus,Pan,Atlas"


def test_chaos_as_the_fleece_lends_the_face_up_god_to_the_holder() -> None:
    """§5 with Chaos (issue 13, item 1): the holder has Chaos's power, that is the
    face-up god's (here Apollo: a swap); the other player has none."""
    chaos = f"fleece=Chaos chaos=Apollo {CHAOS_DECK}"
    holder = Board.from_position(f"{FLAT} 1 b2,e5 a3,a1 {chaos} ram=c3 ram.holders=1")
    assert "b2-a3^a4" in turns(holder)
    other = Board.from_position(f"{FLAT} 2 b2,e5 a3,a1 {chaos} ram=c3 ram.holders=1")
    assert not any(t.startswith("a3-b2") for t in turns(other))


def test_chaos_as_the_fleece_turns_up_the_next_god_after_a_holders_dome() -> None:
    """Chaos under the Fleece (issue 13, item 1: this crashed with KeyError 'chaos'): a
    dome built in a turn in which someone held the card turns up the next god; in a
    turn in which nobody held it the card sleeps (docs/rules-decisions.md)."""
    levels = "00000/00000/00A00/03000/00000"
    chaos = f"fleece=Chaos chaos=Apollo {CHAOS_DECK}"
    held = Board.from_position(f"{levels} 1 b3,e5 a5,e1 {chaos} ram=c3 ram.holders=1")
    held.play("b3-a3^b2")  # a dome on the level-3 b2
    assert held.tokens["chaos"] == "Artemis"
    assert held.tokens["chaos.discard"] == "Apollo"
    asleep = Board.from_position(f"{levels} 1 a1,e5 a5,e1 {chaos} ram=c3 ram.holders=-")
    asleep.play("a1-a2^b2")
    assert asleep.tokens["chaos"] == "Apollo"
    assert "chaos.discard" not in asleep.tokens


def test_golden_fleece_chaos_games_play_to_the_end() -> None:
    """The review's reproduction (issue 13, item 1): random Golden Fleece games with Chaos
    beside the board play to their end and replay from their records."""
    for seed in range(3):
        board = Board(2, fleece="Chaos", start_player=seed % 2)
        played: list[Turn] = []
        outcome = random_playout(board, random.Random(seed), played)
        replay = Board(2, fleece="Chaos", start_player=seed % 2)
        for turn in played:
            replay.play(turn)
        assert replay.outcome() == outcome


def test_end_of_turn_effects_of_the_holder_apply_after_moving_away() -> None:
    """Ruling 12 'end-of-turn effects included' with Medusa (ruling 41): the holder moves
    away from the Ram and still petrifies the lower neighbour at the end of the turn; a
    player who only arrives next to the Ram mid-turn does not."""
    levels = "00000/00000/00A00/01000/01000"
    board = Board.from_position(fleece_position(levels, 1, "b2,e5 a1,e4", "Medusa", "1"))
    board.play("b2-b1^c1")
    assert board.position() == (
        "00000/00000/00A00/01000/11100 2 b1,e5 e4 fleece=Medusa ram=c3 ram.holders=- removed=0,1"
    )
    board = Board.from_position(fleece_position(levels, 1, "b1,e5 a1,e4", "Medusa", "-"))
    board.play("b1-b2^c1")
    assert board.owner[sq("a1")] == 1


def test_an_opponents_turn_power_works_for_a_holder_in_the_other_players_turn() -> None:
    """Ruling 12: holders are checked for all players, so Hades held by player 1 stops
    player 2 moving down during player 2's turn; not when only player 2 holds it."""
    levels = "00000/00000/00A11/00000/00000"
    held = Board.from_position(fleece_position(levels, 2, "b2,e5 a1,e3", "Hades", "1"))
    assert not any(t.startswith("e3-e2") for t in turns(held))  # down, under player 1's Hades
    assert any(t.startswith("e3-d3") for t in turns(held))  # level to level
    free = Board.from_position(fleece_position(levels, 2, "b5,e5 a1,d3", "Hades", "2"))
    assert any(t.startswith("d3-c2") for t in turns(free))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Board(2, fleece="Athena"), "Athena has no Golden Fleece mark"),
        (lambda: Board(2, fleece="Hecate"), "Hecate has no Golden Fleece mark"),
        (lambda: Board(2, ["Apollo", None], fleece="Demeter"), "nobody has a power of their own"),
        (lambda: Board(3, fleece="Demeter"), "for 2 players"),
    ],
)
def test_a_fleece_power_must_carry_the_mark(make: Callable[[], Board], message: str) -> None:
    """§5 and ruling 11: one power with the Golden Fleece mark, two players, no power of
    their own (POWERS.csv lists the marks)."""
    with pytest.raises(SantoriniError, match=message):
        make()


def test_a_position_with_an_unmarked_fleece_is_refused() -> None:
    with pytest.raises(PositionError, match="no Golden Fleece mark") as error:
        Board.from_position("00000/00000/00000/00000/00000 1 - - fleece=Athena")
    assert error.value.field == "fleece"


@pytest.mark.parametrize("fleece", ["Demeter", "Medusa", "Apollo"])
def test_fleece_games_round_trip_through_records_and_positions(fleece: str) -> None:
    """Seeded Golden Fleece games: every position round-trips with its hash (support
    harness), and the record replays from JSON to the same final position."""
    for seed in range(2):
        board = Board(2, fleece=fleece)
        start = board.position()
        rng = random.Random(seed)
        while board.outcome() is None:
            board.push_turn(rng.choice(board.legal_turns()))
            z = board.zobrist_hash()
            assert board.rehash() == z
            assert Board.from_position(board.position()).zobrist_hash() == z
        record = GameRecord.from_board(board, start)
        assert record.turns[2].startswith("*")
        replayed = GameRecord.from_json(record.to_json()).replay()
        assert replayed.position() == board.position()
        assert replayed.outcome() == board.outcome()
