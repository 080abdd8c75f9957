"""Game records (docs/notation.md, Game records): JSON and text forms, replay, bad input."""

from __future__ import annotations

import json
import random

import pytest

import naive
from aegean.santorini import (
    Board,
    IllegalTurnError,
    NotationError,
    PositionError,
    SantoriniError,
    Termination,
    format_turn,
)
from aegean.santorini.record import START, GameRecord

SHORT_START = "00000/00000/00300/02000/00000 1 b2,a1 d4,e5"
SHORT = GameRecord(["a1-a2^a1", "d4-d3^d4", "b2-c3"], SHORT_START, {"Player1": "Ann", "Player2": "Bo"}, "1-0")
SHORT_JSON = (
    '{"format":"aegean-santorini-record","headers":{"Player1":"Ann","Player2":"Bo"},'
    '"result":"1-0","start":"00000/00000/00300/02000/00000 1 b2,a1 d4,e5",'
    '"turns":["a1-a2^a1","d4-d3^d4","b2-c3"],"version":1}'
)
SHORT_TEXT = """[Game "Santorini"]
[Player1 "Ann"]
[Player2 "Bo"]
[Start "00000/00000/00300/02000/00000 1 b2,a1 d4,e5"]
[Result "1-0"]

1. a1-a2^a1 2. d4-d3^d4 3. b2-c3 1-0
"""


def test_json_form() -> None:
    """Canonical JSON: one line, sorted keys, no spaces."""
    assert SHORT.to_json() == SHORT_JSON
    assert GameRecord.from_json(SHORT_JSON) == SHORT
    assert json.loads(SHORT_JSON)["turns"] == SHORT.turns


def test_text_form() -> None:
    assert SHORT.to_text() == SHORT_TEXT
    assert GameRecord.from_text(SHORT_TEXT) == SHORT


def test_short_game_replays_to_its_result() -> None:
    """SANTORINI.md §2 Winning 1: the last turn, a climb, is recorded and replayed."""
    board = SHORT.replay()
    assert board.position() == "00000/00010/00300/02000/10000 2 c3,a2 d3,e5 outcome=1:climb"
    outcome = board.outcome()
    assert outcome is not None and outcome.termination is Termination.CLIMB
    assert outcome.result() == SHORT.result
    assert GameRecord.from_board(board, SHORT_START, SHORT.headers) == GameRecord(
        SHORT.turns, SHORT_START, {**SHORT.headers, "Termination": "climb"}, "1-0"
    )


def _random_game(seed: int) -> tuple[Board, list[str]]:
    """A whole game from the empty board, its turns picked by seeded random play with the
    independent naive generator and played through ``Board.play``."""
    rng = random.Random(seed)
    pos = naive.parse(START)
    board = Board.from_position(START)
    played: list[str] = []
    while True:
        options = naive.successors(pos)
        if not options:
            return board, played
        quiet = [o for o in options if not o[2]]
        turn, pos, won = rng.choice(quiet if quiet and rng.random() < 0.85 else options)
        board.play(turn)
        played.append(turn)
        if won:
            return board, played


@pytest.mark.parametrize("seed", range(6))
def test_finished_game_round_trips_and_replays(seed: int) -> None:
    """A finished game's record (JSON and text) replays to the same final position and
    result; text lines stay under 80 characters."""
    board, played = _random_game(seed)
    outcome = board.outcome()
    assert outcome is not None
    record = GameRecord.from_board(board, START, {"Event": "seeded game", "Seed": str(seed)})
    assert record.turns == played
    assert record.result == outcome.result()
    assert record.headers["Termination"] == outcome.termination.value
    for copy in (GameRecord.from_json(record.to_json()), GameRecord.from_text(record.to_text())):
        assert copy == record
        final = copy.replay()
        assert final.position() == board.position()
        assert final.outcome() == outcome
    assert all(len(line) < 80 for line in record.to_text().splitlines())


def test_games_ending_both_ways_are_recorded() -> None:
    """Across seeds, records of both climbs and stuck players (SANTORINI.md §2, 1 and 2)."""
    endings = set()
    for seed in range(40):
        board, _ = _random_game(seed)
        outcome = board.outcome()
        assert outcome is not None
        endings.add(outcome.termination)
        if len(endings) == 2:
            break
    assert endings == {Termination.CLIMB, Termination.NO_LEGAL_TURN}


def test_unfinished_game_record() -> None:
    board = Board.from_position(START)
    board.play("@b2@d4")
    record = GameRecord.from_board(board)
    assert record == GameRecord(["@b2@d4"], START, {}, "*")
    assert record.to_text().endswith("\n\n1. @b2@d4 *\n")
    assert record.replay().position() == "00000/00000/00000/00000/00000 2 b2,d4 -"


def test_record_of_a_resignation() -> None:
    board = Board.from_position(SHORT_START)
    board.play("a1-a2^a1")
    board.resign(1)
    record = GameRecord.from_board(board, SHORT_START)
    assert record.result == "1-0" and record.headers["Termination"] == "resignation"
    assert GameRecord.from_text(record.to_text()) == record


def test_headers_are_escaped() -> None:
    """Quotes, backslashes and line breaks in header values survive the text form."""
    record = GameRecord(["@b2@d4"], START, {"Event": 'say "hi" \\ bye\nnext line\u2028', "Site": ""})
    text = record.to_text()
    assert text.count("\n[") == 4  # one header per line
    assert GameRecord.from_text(text) == record


def test_bad_header_name_is_refused() -> None:
    with pytest.raises(NotationError, match="header name 'Player 1'"):
        GameRecord(["@b2@d4"], START, {"Player 1": "x"}).to_text()


@pytest.mark.parametrize("result", ["1-0", "0-1", "2 won", "1+3 won", "*"])
def test_result_tokens(result: str) -> None:
    record = GameRecord(["@b2@d4"], START, {}, result)
    assert GameRecord.from_text(record.to_text()).result == result
    assert GameRecord.from_json(record.to_json()).result == result


def test_illegal_turn_in_record_names_the_turn() -> None:
    """``replay`` checks every turn; the error names the turn number and what is wrong."""
    record = GameRecord(["a1-a2^a1", "d4-d3^d4", "b2-b4^b3"], SHORT_START)
    with pytest.raises(IllegalTurnError) as info:
        record.replay()
    message = str(info.value)
    assert message.startswith("turn 3: illegal turn b2-b4^b3")
    assert "b4 does not neighbor b2" in message
    assert info.value.legal and all(t.startswith("b2-") for t in info.value.legal)


def test_turn_after_the_end_of_the_game() -> None:
    record = GameRecord([*SHORT.turns, "d3-d2^d1"], SHORT_START)
    with pytest.raises(IllegalTurnError, match=r"turn 4: .*the game is over"):
        record.replay()


def test_record_with_a_bad_start() -> None:
    with pytest.raises(PositionError) as info:
        GameRecord(["@b2@d4"], "00000/00000 1 - -").replay()
    assert info.value.field == "board"


_OK = json.loads(SHORT_JSON)

BAD_JSON = [
    ("{not json", "not JSON"),
    ("[1, 2]", "not an aegean-santorini-record"),
    (json.dumps({**_OK, "format": "chess-pgn"}), "not an aegean-santorini-record"),
    (json.dumps({k: v for k, v in _OK.items() if k != "format"}), "not an aegean-santorini-record"),
    (json.dumps({**_OK, "version": 2}), "unsupported version 2"),
    (json.dumps({k: v for k, v in _OK.items() if k != "version"}), "unsupported version None"),
    (json.dumps({**_OK, "turns": "a1-a2^a1"}), "turns: expected a list of strings"),
    (json.dumps({**_OK, "turns": ["a1-a2^a1", 7]}), "turns: expected a list of strings"),
    (json.dumps({**_OK, "turns": ["a1-a2^a1", "d4-d9^d4"]}), "bad record turn 2: bad turn 'd4-d9^d4'"),
    (json.dumps({**_OK, "turns": [""]}), "bad record turn 1: empty turn"),
    (json.dumps({**_OK, "headers": ["x"]}), "headers: expected an object of strings"),
    (json.dumps({**_OK, "headers": {"Round": 3}}), "headers: expected an object of strings"),
    (json.dumps({**_OK, "start": 5}), "start and result must be strings"),
    (json.dumps({**_OK, "result": "2-0"}), "bad record result '2-0'"),
]


@pytest.mark.parametrize(("text", "words"), BAD_JSON)
def test_bad_json_record(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        GameRecord.from_json(text)
    assert words in str(info.value)


HEAD = '[Game "Santorini"]\n\n'

BAD_TEXT = [
    ('[Game "Santorini\n\n1. @b2@d4 *', "bad record line 1"),
    ("[Event]\n\n*", 'bad record line 1: expected [Key "value"]'),
    (HEAD, "no result token"),
    (HEAD + "1. @b2@d4", "bad record result '@b2@d4'"),
    (HEAD + "1. @b2@d4 draw", "bad record result 'draw'"),
    (HEAD + "1. @b2@d4 3. @b4@d2 *", "turn number 3. where 2. was expected"),
    (HEAD + "0. @b2@d4 *", "turn number 0. where 1. was expected"),
    (HEAD + "@b2@d4 *", "expected turn number 1., found '@b2@d4'"),
    (HEAD + "@b2@d4 1. *", "expected turn number 1., found '@b2@d4'"),
    (HEAD + "1. 2. @b2@d4 @b4@d2 *", "turn number 1. has no turn after it"),
    (HEAD + "1. @b2@d4 @b4@d2 *", "expected turn number 2., found '@b4@d2'"),
    (HEAD + "1. @b2@d4 2. *", "turn number 2. has no turn after it"),
    (HEAD + "1. @b2@d4 2. b4-b9^b3 *", "bad record turn 2: bad turn 'b4-b9^b3'"),
    ('[Result "1-0"]\n\n1. @b2@d4 *', "the Result header says '1-0' but the turns end in '*'"),
]


@pytest.mark.parametrize(("text", "words"), BAD_TEXT)
def test_bad_text_record(text: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        GameRecord.from_text(text)
    assert words in str(info.value)


# ---------------------------------------------------------------------- every mode
def _random_record(board: Board, seed: int, max_turns: int = 300) -> tuple[Board, GameRecord]:
    """A seeded random game from ``board`` and its record."""
    rng = random.Random(seed)
    start = board.position()
    for _ in range(max_turns):
        if board.outcome() is not None:
            break
        board.play(rng.choice(board.legal_turns()))
    return board, GameRecord.from_board(board, start, {"Seed": str(seed)})


MODES = [
    # (board maker, a step the records of these games must show)
    (lambda start: Board(3, ["Apollo", "Athena", "Artemis"], start_player=start % 3), "#"),
    (lambda start: Board(4, ["Apollo", "Athena", "Pan", "Atlas"], start_player=start % 4), "&"),
    (lambda start: Board(2, fleece="Apollo", start_player=start % 2), "*"),
    (lambda start: Board(2, ["Apollo", "Hecate"], start_player=0), "!"),
    (lambda start: Board(2, ["Gaea", "Zeus"], start_player=start % 2), "~"),
    (lambda start: Board(2, ["Tartarus", "Apollo"], start_player=0), "*"),
]


@pytest.mark.parametrize(("make", "mark"), MODES)
def test_records_of_every_mode_replay_exactly(make: object, mark: str) -> None:
    """A record holds the whole game of any mode: the start names the players, powers and
    fleece, the turns keep eliminations (``#``), cancelled steps (``!``), setup marks
    (``*c3``) and declined choices (``~``); both forms round-trip and replay to the same
    position and result. (For four players, ``&`` is in the start position.)"""
    assert callable(make)
    found = False
    for seed in range(12):
        board, record = _random_record(make(seed), seed)
        text = record.start + " " + " ".join(record.turns)
        found = found or mark in text
        for copy in (GameRecord.from_json(record.to_json()), GameRecord.from_text(record.to_text())):
            assert copy == record
            final = copy.replay()
            assert final.position() == board.position()
            assert final.outcome() == board.outcome()
        if found:
            break
    assert found, f"no game showed {mark!r}"


def test_records_of_three_players_name_the_winner() -> None:
    board, record = _random_record(Board(3, ["Apollo", "Athena", "Artemis"]), 2)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is not None
    assert record.result == f"{outcome.winner + 1} won"
    _, four_record = _random_record(Board(4, ["Apollo", "Athena", "Pan", "Atlas"]), 1)
    assert four_record.result in ("1+3 won", "2+4 won")


def test_resignations_of_every_player_count_replay() -> None:
    """No turn shows a resignation: the Termination header and the result do, and
    ``replay`` applies it (the team of a four-player resigner loses together)."""
    four = Board(4, ["Apollo", "Athena", "Pan", "Atlas"])
    four.play("@a1@a2")
    four.play("@e5@e4")
    four.resign(2)  # player 3: team 1+3 loses
    record = GameRecord.from_board(four, Board(4, ["Apollo", "Athena", "Pan", "Atlas"]).position())
    assert record.result == "2+4 won" and record.headers["Termination"] == "resignation"
    board, movers = GameRecord.from_text(record.to_text()).play_back()
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1, 3}
    assert movers == [0, 1, 0]  # the resignation is an undo entry of a team 1+3 player
    three = Board(3, ["Apollo", "Athena", "Pan"])
    for turn in ("@a1@a2", "@c1@c2", "@e1@e2"):
        three.play(turn)
    three.resign(1)
    record = GameRecord.from_board(three, Board(3, ["Apollo", "Athena", "Pan"]).position())
    replayed = record.replay().outcome()
    assert replayed is not None and replayed.winners == {0, 2} and record.result == "1+3 won"
    bad = GameRecord(record.turns, record.start, dict(record.headers), "2 won")
    with pytest.raises(NotationError, match="nobody's resignation makes the result 2 won"):
        bad.replay()


HECATE_START = "00000/00000/00000/00000/00000 1 - - powers=Apollo,Hecate"


def _hecate_game() -> tuple[Board, GameRecord]:
    """Apollo (player 1) against Hecate, whose workers are on a secret map."""
    board = Board.from_position(HECATE_START)
    for turn in ("@a1@a2", "@c3@d4", "a1-b1^c1", "c3-c2^b2"):
        board.play(turn)
    return board, GameRecord.from_board(board, HECATE_START, {"Event": "test"})


def test_export_for_hides_what_the_player_could_not_see() -> None:
    """``export_for``: the opponent of Hecate gets her placement as ``@?@?`` and her turn
    as its build alone (``?^b2``, SANTORINI.md §4 Hecate; view.py); she gets everything.
    The copy reads back in both forms but cannot be replayed."""
    board, record = _hecate_game()
    mine = record.export_for(0)
    assert mine.turns == ["@a1@a2", "@?@?", "a1-b1^c1", "?^b2"]
    assert mine.start == HECATE_START.replace("- -", "- ?0")
    assert mine.headers == {"Event": "test", "ExportedFor": "1"}
    assert mine.redacted and not record.redacted
    assert list(board.view(0).turns) == mine.turns
    for copy in (GameRecord.from_json(mine.to_json()), GameRecord.from_text(mine.to_text())):
        assert copy == mine
    with pytest.raises(NotationError, match="player 1's view of a game in progress"):
        mine.replay()
    hers = record.export_for(1)
    assert hers.turns == record.turns and hers.start == record.start and not hers.redacted
    assert hers.headers["ExportedFor"] == "2"
    with pytest.raises(SantoriniError, match="no player 3 in a 2-player game"):
        record.export_for(2)


def test_export_of_a_finished_game_is_complete() -> None:
    """Once the game is over nothing is hidden: every player's export is the record."""
    board, _ = _hecate_game()
    board.resign(0)
    over = GameRecord.from_board(board, HECATE_START)
    for player in (0, 1):
        copy = over.export_for(player)
        assert copy.turns == over.turns and copy.start == over.start and not copy.redacted
        assert copy.replay().outcome() == board.outcome()


def test_export_hides_secret_setup_marks() -> None:
    """Tartarus's Abyss and Moerae's Fate square are chosen in secret (``*?``)."""
    tartarus = Board(2, ["Tartarus", "Apollo"])
    for turn in ("@a1@a2", "@e5@e4", "*c3"):
        tartarus.play(turn)
    record = GameRecord.from_board(tartarus, Board(2, ["Tartarus", "Apollo"]).position())
    assert record.export_for(1).turns == ["@a1@a2", "@e5@e4", "*?"]
    assert record.export_for(0).turns == record.turns
    moerae_start = Board(2, ["Moerae", "Pan"]).position()
    moerae = Board.from_position(moerae_start)
    placement = next(t for t in moerae.legal_turns() if "*" in format_turn(t))
    moerae.play(placement)
    copy = GameRecord.from_board(moerae, moerae_start).export_for(1)
    assert copy.turns[0].endswith("*?") and copy.turns[0].count("@") == 3
