"""Game records of Trial of the Gods: what was played, so it can be played again.

A game is fixed by its content set, its player count, the base or advanced game, its seed
and the choices made, in order (the engine draws every shuffle and die from the seed), so
that is what a record holds::

    {"format": "aegean-trial-record", "version": 1,
     "content": {"id": "aegean-sample", "version": "1.0"},
     "players": 2, "advanced": false, "seed": 7,
     "choices": [[2, "place:thracian-deep"], [1, "place:carpathian-gate"], ...],
     "result": {"scores": [14, 12], "winner": 1}}

Players are numbered from 1, as at the table; ``result`` is ``null`` until the game is
over. :func:`replay` plays a record back, checking that each choice was legal when it was
made and that the stated result is the one the choices lead to.

A record is the whole game, hidden choices included: every card picked face down for an
Olympics race, every Captain drafted, and (through the seed) every deck's order. Like a
chess score sheet after the game, it is for after the game or for the players at the
table that saved it (the terminal's ``save``); showing it to one player during a game
shows them everything the others hide.

Reading is strict: every problem is one :class:`RecordError` whose text names where it
is (the field, or the choice by its number), for the terminal to print as one line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .content import ContentSet
from .engine import Game, IllegalChoice

FORMAT = "aegean-trial-record"
VERSION = 1
#: The largest record read (a four-player advanced game is a few tens of KiB).
MAX_RECORD_BYTES = 1 << 20
#: How deep a record's JSON may nest (a record nests 3 deep).
MAX_DEPTH = 4
#: Choices in one record at most, and the longest choice (choices are short ids).
MAX_CHOICES = 50_000
MAX_CHOICE_LENGTH = 120
#: Seeds are whole numbers in [0, 2**63).
MAX_SEED = (1 << 63) - 1
FIELDS = ("format", "version", "content", "players", "advanced", "seed", "choices", "result")

#: Strings in JSON text (skipped when counting how deep the brackets nest).
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class RecordError(ValueError):
    """A record that cannot be read or replayed: ``str()`` is the one line to show."""


@dataclass(frozen=True)
class Result:
    """The final scores (Victory Points by player) and the winner (a 0-based seat)."""

    scores: tuple[int, ...]
    winner: int

    @classmethod
    def of(cls, game: Game) -> Result:
        winner = game.winner()
        if winner is None:
            raise ValueError("the game is not over")
        return cls(tuple(game.scores()), winner)

    def __str__(self) -> str:
        scores = "-".join(str(s) for s in self.scores)
        return f"scores {scores}, player {self.winner + 1} wins"


@dataclass
class TrialRecord:
    """A game: how it was set up and every choice made (seats are 0-based here, as in
    the engine; the JSON numbers them from 1)."""

    content_id: str
    content_version: str
    players: int
    seed: int
    advanced: bool = False
    choices: list[tuple[int, str]] = field(default_factory=list)
    result: Result | None = None

    @classmethod
    def start(cls, content: ContentSet, players: int, seed: int, advanced: bool = False) -> TrialRecord:
        return cls(content.info.id, content.info.version, players, seed, advanced)

    def new_game(self, content: ContentSet) -> Game:
        """The game this record starts from (its set-up), after checking the content."""
        if (content.info.id, content.info.version) != (self.content_id, self.content_version):
            raise RecordError(
                f"the record was played with the content set {self.content_id} {self.content_version}, "
                f"not {content.info.id} {content.info.version} (give its directory with --content)"
            )
        return Game.new(content, self.players, self.seed, self.advanced)

    def finish(self, game: Game) -> None:
        """Note the result once ``game`` (this record's game) is over."""
        self.result = Result.of(game) if game.over else None

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """The record as JSON text, one choice a line (readable, and diffs well)."""
        head = {
            "format": FORMAT,
            "version": VERSION,
            "content": {"id": self.content_id, "version": self.content_version},
            "players": self.players,
            "advanced": self.advanced,
            "seed": self.seed,
        }
        result = (
            None
            if self.result is None
            else {"scores": list(self.result.scores), "winner": self.result.winner + 1}
        )
        lines = [f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in head.items()]
        choices = ",\n  ".join(json.dumps([p + 1, c], ensure_ascii=False) for p, c in self.choices)
        lines.append(f'"choices": [\n  {choices}\n ]' if choices else '"choices": []')
        lines.append(f'"result": {json.dumps(result)}')
        return "{\n " + ",\n ".join(lines) + "\n}\n"

    @classmethod
    def from_json(cls, text: str) -> TrialRecord:
        deepest = _nesting(text)
        if deepest > MAX_DEPTH:
            raise RecordError(f"nested {deepest} levels deep; a record nests at most {MAX_DEPTH}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None
        except ValueError as error:  # (an integer of thousands of digits)
            raise RecordError(f"not a record: {error}") from None
        return _parse(data)


def _nesting(text: str) -> int:
    """The deepest bracket nesting outside strings: checked before parsing, so that a
    hostile file cannot make the parser recurse."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: expected a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise RecordError(f"{where}: {value} is not between {low} and {high}")
    return value


def _shown(value: Any) -> str:
    """A bad value as an error line quotes it (cut short)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse(data: Any) -> TrialRecord:
    if not isinstance(data, dict):
        raise RecordError(f"not a record: expected a JSON object, not {_shown(data)}")
    if data.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, not {_shown(data.get('format'))}")
    if data.get("version") != VERSION:
        raise RecordError(f"version: this program reads version {VERSION}, not {_shown(data.get('version'))}")
    unknown = [key for key in data if key not in FIELDS]
    if unknown:
        raise RecordError(f"{_shown(unknown[0])}: unknown field")
    missing = [key for key in FIELDS if key not in data]
    if missing:
        raise RecordError(f"{missing[0]}: required field missing")
    content = data["content"]
    if not isinstance(content, dict) or set(content) != {"id", "version"}:
        raise RecordError('content: expected {"id": ..., "version": ...}')
    if not all(isinstance(content[key], str) and 0 < len(content[key]) <= 60 for key in content):
        raise RecordError("content: id and version must be short strings")
    players = _integer(data["players"], "players", 2, 4)
    if not isinstance(data["advanced"], bool):
        raise RecordError(f"advanced: expected true or false, not {_shown(data['advanced'])}")
    seed = _integer(data["seed"], "seed", 0, MAX_SEED)
    choices = data["choices"]
    if not isinstance(choices, list):
        raise RecordError("choices: expected a list of [player, choice]")
    if len(choices) > MAX_CHOICES:
        raise RecordError(f"choices: {len(choices):,}, more than the {MAX_CHOICES:,} a record may hold")
    parsed: list[tuple[int, str]] = []
    for number, item in enumerate(choices, 1):
        where = f"choice {number}"
        if not isinstance(item, list) or len(item) != 2:
            raise RecordError(f"{where}: expected [player, choice], not {_shown(item)}")
        player = _integer(item[0], f"{where}'s player", 1, players)
        if not isinstance(item[1], str) or not 0 < len(item[1]) <= MAX_CHOICE_LENGTH:
            raise RecordError(f"{where}: the choice must be a string of 1 to {MAX_CHOICE_LENGTH} characters")
        parsed.append((player - 1, item[1]))
    return TrialRecord(
        content["id"],
        content["version"],
        players,
        seed,
        data["advanced"],
        parsed,
        _parse_result(data["result"], players),
    )


def _parse_result(result: Any, players: int) -> Result | None:
    if result is None:
        return None
    if not isinstance(result, dict) or set(result) != {"scores", "winner"}:
        raise RecordError('result: expected null or {"scores": [...], "winner": N}')
    scores = result["scores"]
    if not isinstance(scores, list) or len(scores) != players:
        raise RecordError(f"result.scores: expected a list of {players} scores")
    for index, score in enumerate(scores):
        _integer(score, f"result.scores[{index}]", 0, 10_000)
    winner = _integer(result["winner"], "result.winner", 1, players)
    return Result(tuple(scores), winner - 1)


# ---------------------------------------------------------------------- files
def parse_record(data: bytes) -> TrialRecord:
    """A record from a file's bytes: UTF-8 (a byte order mark is skipped), JSON."""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{len(data):,} bytes, more than the {MAX_RECORD_BYTES:,} a record may have")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"not UTF-8 text (byte {error.start})") from None
    return TrialRecord.from_json(text)


def read_record(path: str | Path) -> TrialRecord:
    """The record in the file at ``path``; a :class:`RecordError` (naming the file) if
    it cannot be read or is not a record."""
    file = Path(path)
    try:
        size = file.stat().st_size if file.is_file() else 0
        if size > MAX_RECORD_BYTES:
            raise RecordError(f"{size:,} bytes, more than the {MAX_RECORD_BYTES:,} a record may have")
        return parse_record(file.read_bytes())
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    except OSError as error:
        raise RecordError(f"{path}: {error.strerror or error}") from None


def write_record(record: TrialRecord, path: str | Path) -> None:
    Path(path).write_text(record.to_json(), encoding="utf-8")


# ---------------------------------------------------------------------- replay
def replay(
    record: TrialRecord,
    content: ContentSet,
    *,
    before_each: Callable[[Game], None] | None = None,
) -> Game:
    """Play ``record`` back with ``content``: each choice must be legal for its player
    when it comes, and a stated result must be the one the choices lead to (a game the
    choices finish must state its result). ``before_each(game)`` is called before each
    choice is applied (the terminal notes what it needs for ``undo`` there)."""
    game = record.new_game(content)
    total = len(record.choices)
    for number, (player, choice) in enumerate(record.choices, 1):
        if game.over:
            raise RecordError(f"choice {number} of {total}: the game was over before it")
        if player >= game.players:
            raise RecordError(f"choice {number} of {total}: there is no player {player + 1}")
        if before_each is not None:
            before_each(game)
        try:
            game.apply(player, choice)
        except IllegalChoice as error:
            raise RecordError(
                f"choice {number} of {total} (player {player + 1}, {choice!r}): {error}"
            ) from None
    _check_result(record, game)
    return game


def _check_result(record: TrialRecord, game: Game) -> None:
    if record.result is None:
        if game.over:
            raise RecordError(
                f"the choices finish the game ({Result.of(game)}) but the record states no result"
            )
        return
    if not game.over:
        who = ", ".join(f"player {p + 1}" for p in game.to_decide())
        raise RecordError(
            f"the record states a result ({record.result}) but the game is unfinished ({who} to decide)"
        )
    reached = Result.of(game)
    if reached != record.result:
        raise RecordError(f"the record states {record.result}, but its choices end with {reached}")
