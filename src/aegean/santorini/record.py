"""Game records: a canonical JSON form and a readable text form (like PGN).

Both forms hold headers, the start position and the turns in notation; both
round-trip, and :meth:`GameRecord.replay` plays a record back, checking every turn.

Text form::

    [Game "Santorini"]
    [Start "00000/00000/00000/00000/00000 1 - -"]
    [Result "1-0"]
    [Termination "climb"]

    1. @b2@d4 2. @b4@d2 3. b2-c3^c4 4. d2-d3^e3 ... 1-0

Turns are numbered one by one (not in rounds), since powers can give a player
extra turns. The last token is the result: ``1-0``, ``0-1``, ``N won`` or ``*``
(unfinished).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .board import Board
from .errors import IllegalTurnError, NotationError
from .notation import format_turn, parse_turn

START = "00000/00000/00000/00000/00000 1 - -"
_HEADER = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
_FORMAT_VERSION = 1
_UNESCAPE = re.compile(r"\\(u[0-9a-f]{4}|U[0-9a-f]{8}|.)")
_KEY = re.compile(r"\w+")
_RESULT = re.compile(r"1-0|0-1|[1-4](\+[1-4])* won|\*")


@dataclass
class GameRecord:
    """A game: headers, start position, turns (in notation) and result."""

    turns: list[str] = field(default_factory=list)
    start: str = START
    headers: dict[str, str] = field(default_factory=dict)
    result: str = "*"

    @classmethod
    def from_board(
        cls, board: Board, start: str = START, headers: dict[str, str] | None = None
    ) -> GameRecord:
        """The record of the game ``board`` has played since ``start``.

        If ``start`` is in the middle of a turn, the first turn is recorded from there on,
        so that the record replays from ``start``.
        """
        turns = list(board.history)
        already_taken = len(Board.from_position(start).turn)
        if turns and already_taken:
            turns[0] = turns[0][already_taken:]
        record = cls([format_turn(t) for t in turns], start, dict(headers or {}))
        outcome = board.outcome()
        if outcome is not None:
            record.result = outcome.result(board.n_players)
            record.headers["Termination"] = outcome.termination.value
        return record

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> str:
        """Canonical JSON: sorted keys, no spaces, one line."""
        data = {
            "format": "aegean-santorini-record",
            "version": _FORMAT_VERSION,
            "headers": self.headers,
            "start": self.start,
            "turns": self.turns,
            "result": self.result,
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise NotationError(f"bad record: not JSON ({error.msg} at line {error.lineno})") from None
        if not isinstance(data, dict) or data.get("format") != "aegean-santorini-record":
            raise NotationError("bad record: not an aegean-santorini-record JSON object")
        if data.get("version") != _FORMAT_VERSION:
            raise NotationError(f"bad record: unsupported version {data.get('version')!r}")
        turns, headers = data.get("turns"), data.get("headers", {})
        if not isinstance(turns, list) or not all(isinstance(t, str) for t in turns):
            raise NotationError("bad record field turns: expected a list of strings")
        if not isinstance(headers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
        ):
            raise NotationError("bad record field headers: expected an object of strings")
        start, result = data.get("start", START), data.get("result", "*")
        if not isinstance(start, str) or not isinstance(result, str):
            raise NotationError("bad record: start and result must be strings")
        _check_result(result)
        for number, turn in enumerate(turns, 1):
            _check_turn(number, turn)
        return cls(list(turns), start, dict(headers), result)

    # ------------------------------------------------------------------ text
    def to_text(self) -> str:
        headers = {"Game": "Santorini", **self.headers, "Start": self.start, "Result": self.result}
        for key in headers:
            if not _KEY.fullmatch(key):
                raise NotationError(f"bad record header name {key!r}: use letters, digits and _")
        lines = [f'[{key} "{_escape(value)}"]' for key, value in headers.items()]
        tokens = [f"{i}. {turn}" for i, turn in enumerate(self.turns, 1)] + [self.result]
        body, line = [], ""
        for token in tokens:
            if line and len(line) + 1 + len(token) > 79:
                body.append(line)
                line = token
            else:
                line = f"{line} {token}" if line else token
        body.append(line)
        return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        headers: dict[str, str] = {}
        body_lines = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if line.startswith("["):
                match = _HEADER.fullmatch(line)
                if match is None:
                    raise NotationError(f"bad record line {number}: expected [Key \"value\"], found {line!r}")
                headers[match.group(1)] = _unescape(match.group(2))
            elif line:
                body_lines.append(line)
        tokens = " ".join(body_lines).split()
        if not tokens:
            raise NotationError("bad record: no result token (1-0, 0-1, N won or *)")
        result = tokens[-1]
        body = tokens[:-1]
        if result == "won" and body:
            result = f"{body.pop()} won"
        _check_result(result)
        turns: list[str] = []
        for index, token in enumerate(body):
            if index % 2 == 0:  # every turn is preceded by its number
                expect = f"{len(turns) + 1}."
                if token != expect:
                    if token.endswith(".") and token[:-1].isdigit():
                        raise NotationError(f"bad record: turn number {token} where {expect} was expected")
                    raise NotationError(f"bad record: expected turn number {expect}, found {token!r}")
            else:
                if token.endswith(".") and token[:-1].isdigit():
                    raise NotationError(f"bad record: turn number {body[index - 1]} has no turn after it")
                _check_turn(len(turns) + 1, token)
                turns.append(token)
        if len(body) % 2:
            raise NotationError(f"bad record: turn number {body[-1]} has no turn after it")
        start = headers.pop("Start", START)
        headers.pop("Game", None)
        stated = headers.pop("Result", result)
        if stated != result:
            raise NotationError(
                f"bad record: the Result header says {stated!r} but the turns end in {result!r}"
            )
        return cls(turns, start, headers, result)

    # ------------------------------------------------------------------ replay
    def replay(self) -> Board:
        """Play the record from its start, checking each turn; returns the final board."""
        board = Board.from_position(self.start)
        for number, turn in enumerate(self.turns, 1):
            try:
                board.play(turn)
            except IllegalTurnError as error:
                raise IllegalTurnError(f"turn {number}: {error}", error.legal) from None
        return board


def _check_result(result: str) -> None:
    if not _RESULT.fullmatch(result):
        raise NotationError(f"bad record result {result!r}: expected 1-0, 0-1, N won or * (unfinished)")


def _check_turn(number: int, text: str) -> None:
    """Raise NotationError naming turn ``number`` if ``text`` is not turn notation."""
    try:
        parse_turn(text)
    except NotationError as error:
        raise NotationError(f"bad record turn {number}: {error}") from None


def _escape(value: str) -> str:
    """Backslash before ``"`` and ``\\``; ``\\uXXXX`` for characters that are not printable
    (line breaks above all, which would split the header line)."""
    out = []
    for ch in value:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch.isprintable():
            out.append(ch)
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) > 1 else m.group(1), value)
