"""Game records of Trial of the Gods (issue 14, item 5): a record saves and loads as JSON
and replays to the same game, every choice checked; every kind of bad record is refused
with one line naming where the problem is, by the library and by ``aegean trial replay``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aegean.trial.engine import Game
from aegean.trial.record import (
    MAX_RECORD_BYTES,
    RecordError,
    Result,
    TrialRecord,
    parse_record,
    read_record,
    replay,
    write_record,
)
from aegean.trial.view import observe

from .play_support import SAMPLE, assert_one_error_line, invoke, random_record

FINISHED = random_record(seed=11)
UNFINISHED = random_record(seed=12, stop_after=40)


def played(record: TrialRecord) -> Game:
    """The game the record's choices make, played straight on the engine."""
    game = Game.new(SAMPLE, record.players, record.seed, record.advanced)
    for player, choice in record.choices:
        game.apply(player, choice)
    return game


def test_a_finished_game_round_trips_through_json_and_replays_to_the_same_end(tmp_path: Path) -> None:
    assert FINISHED.result is not None
    path = tmp_path / "game.json"
    write_record(FINISHED, path)
    loaded = read_record(path)
    assert loaded == FINISHED
    assert TrialRecord.from_json(FINISHED.to_json()) == FINISHED
    game = replay(loaded, SAMPLE)
    assert game.over
    assert Result.of(game) == FINISHED.result
    assert observe(game, None) == observe(played(FINISHED), None)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["result"] == {"scores": list(FINISHED.result.scores), "winner": FINISHED.result.winner + 1}
    assert data["choices"][0] == [FINISHED.choices[0][0] + 1, FINISHED.choices[0][1]]  # players from 1


def test_an_unfinished_game_replays_to_where_it_stopped() -> None:
    assert UNFINISHED.result is None
    loaded = TrialRecord.from_json(UNFINISHED.to_json())
    assert loaded == UNFINISHED
    game = replay(loaded, SAMPLE)
    twin = played(UNFINISHED)
    assert not game.over
    assert game.to_decide() == twin.to_decide()
    for seat in (None, 0, 1):
        assert observe(game, seat) == observe(twin, seat)


def test_replay_calls_back_before_each_choice() -> None:
    seen: list[int] = []
    replay(UNFINISHED, SAMPLE, before_each=lambda game: seen.append(len(game.state.log)))
    assert len(seen) == len(UNFINISHED.choices)
    assert seen == sorted(seen)


def test_a_byte_order_mark_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + FINISHED.to_json().encode("utf-8"))
    assert read_record(path) == FINISHED
    code, out, err = invoke("trial", "replay", str(path))
    assert code == 0, err
    assert f"Result: {FINISHED.result}." in out


# ---------------------------------------------------------------------- bad records
def edited(record: TrialRecord, change: Callable[[dict[str, Any]], object]) -> bytes:
    data = json.loads(record.to_json())
    change(data)
    return json.dumps(data).encode("utf-8")


def set_choice(number: int, value: Any) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["choices"].__setitem__(number - 1, value)


def wrong_player(data: dict[str, Any]) -> None:
    player, choice = data["choices"][4]
    data["choices"][4] = [3 - player, choice]


def nested(depth: int) -> bytes:
    return (b'{"format": ' + b"[" * depth + b"]" * depth + b"}") if depth else b"{}"


FINISHED_LENGTH = len(FINISHED.choices)
SEVENTH = FINISHED.choices[6][0]
BAD: dict[str, tuple[bytes, str]] = {
    "not JSON": (b'{"format": "aegean-trial-record",', "not JSON: Expecting"),
    "not UTF-8": ('{"format": "é"}'.encode("latin-1"), "not UTF-8 text (byte 12)"),
    "not an object": (b"[1, 2]", "not a record: expected a JSON object"),
    "wrong format": (
        edited(FINISHED, lambda d: d.update(format="aegean-santorini-record")),
        "format: expected",
    ),
    "wrong version": (
        edited(FINISHED, lambda d: d.update(version=2)),
        "version: this program reads version 1, not 2",
    ),
    "unknown field": (edited(FINISHED, lambda d: d.update(extra=1)), '"extra": unknown field'),
    "missing field": (edited(FINISHED, lambda d: d.pop("seed")), "seed: required field missing"),
    "other content set": (
        edited(FINISHED, lambda d: d.update(content={"id": "someone-else", "version": "1.0"})),
        "played with the content set someone-else 1.0, not aegean-sample 1.0",
    ),
    "other content version": (
        edited(FINISHED, lambda d: d.update(content={"id": "aegean-sample", "version": "2.0"})),
        "played with the content set aegean-sample 2.0, not aegean-sample 1.0",
    ),
    "five players": (edited(FINISHED, lambda d: d.update(players=5)), "players: 5 is not between 2 and 4"),
    "seed not a number": (
        edited(FINISHED, lambda d: d.update(seed="7")),
        'seed: expected a whole number, not "7"',
    ),
    "negative seed": (edited(FINISHED, lambda d: d.update(seed=-1)), "seed: -1 is not between 0"),
    "huge seed": (b'{"seed": ' + b"9" * 5000 + b"}", "not a record: Exceeds the limit"),
    "advanced not a flag": (
        edited(FINISHED, lambda d: d.update(advanced=1)),
        "advanced: expected true or false",
    ),
    "choices not a list": (edited(FINISHED, lambda d: d.update(choices={})), "choices: expected a list"),
    "a choice not a pair": (
        edited(FINISHED, set_choice(3, ["x"])),
        'choice 3: expected [player, choice], not ["x"]',
    ),
    "a choice by player 9": (
        edited(FINISHED, set_choice(3, [9, "pass"])),
        "choice 3's player: 9 is not between 1 and 2",
    ),
    "an empty choice": (edited(FINISHED, set_choice(3, [1, ""])), "choice 3: the choice must be a string"),
    "an illegal choice": (
        edited(FINISHED, set_choice(7, [SEVENTH + 1, "sail:nowhere"])),
        f"choice 7 of {FINISHED_LENGTH} (player {SEVENTH + 1}, 'sail:nowhere'): "
        "'sail:nowhere' is not a legal choice now",
    ),
    "a choice by the wrong player": (
        edited(FINISHED, wrong_player),
        f"choice 5 of {FINISHED_LENGTH} (player",
    ),
    "a choice after the end": (
        edited(FINISHED, lambda d: d["choices"].append([1, "pass"])),
        f"choice {FINISHED_LENGTH + 1} of {FINISHED_LENGTH + 1}: the game was over before it",
    ),
    "other scores": (
        edited(FINISHED, lambda d: d["result"].update(scores=[99, 0])),
        f"the record states scores 99-0, player {FINISHED.result.winner + 1 if FINISHED.result else 0} wins, "
        f"but its choices end with {FINISHED.result}",
    ),
    "other winner": (
        edited(FINISHED, lambda d: d["result"].update(winner=3 - d["result"]["winner"])),
        f"but its choices end with {FINISHED.result}",
    ),
    "no result for a finished game": (
        edited(FINISHED, lambda d: d.update(result=None)),
        f"the choices finish the game ({FINISHED.result}) but the record states no result",
    ),
    "a result for an unfinished game": (
        edited(UNFINISHED, lambda d: d.update(result={"scores": [1, 2], "winner": 2})),
        "the record states a result (scores 1-2, player 2 wins) but the game is unfinished",
    ),
    "a malformed result": (edited(FINISHED, lambda d: d.update(result=[1])), "result: expected null or"),
    "too deep": (nested(50), "nested 51 levels deep; a record nests at most 4"),
    "too large": (b" " * (MAX_RECORD_BYTES + 1), "bytes, more than the 1,048,576 a record may have"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_record_is_one_clear_line(name: str, tmp_path: Path) -> None:
    data, needle = BAD[name]
    with pytest.raises(RecordError) as caught:
        replay(parse_record(data), SAMPLE)
    message = str(caught.value)
    assert needle in message
    assert "\n" not in message and len(message) < 300
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    assert_one_error_line(*invoke("trial", "replay", str(path)), str(path), needle)


def test_a_missing_file_or_a_folder_is_one_line(tmp_path: Path) -> None:
    assert_one_error_line(*invoke("trial", "replay", str(tmp_path / "none.json")), "No such file")
    assert_one_error_line(*invoke("trial", "replay", str(tmp_path)), "Is a directory")


def test_replay_prints_the_result_or_where_the_game_stopped(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_record(FINISHED, path)
    code, out, err = invoke("trial", "replay", str(path))
    assert code == 0, err
    assert "Not the publisher's content" in out
    assert f"{FINISHED_LENGTH} choices, each legal" in out
    assert f"Result: {FINISHED.result}." in out
    write_record(UNFINISHED, path)
    code, out, err = invoke("trial", "replay", str(path))
    assert code == 0, err
    who = played(UNFINISHED).to_decide()[0] + 1
    assert f"The game is not finished: player {who} to decide." in out
