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
        """The record of the game ``board`` has played since ``start``."""
        record = cls([format_turn(t) for t in board.history], start, dict(headers or {}))
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
        return cls(list(turns), start, dict(headers), result)

    # ------------------------------------------------------------------ text
    def to_text(self) -> str:
        headers = {"Game": "Santorini", **self.headers, "Start": self.start, "Result": self.result}
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
        turns: list[str] = []
        expect = 1
        for token in body:
            if token.endswith(".") and token[:-1].isdigit():
                if int(token[:-1]) != expect:
                    raise NotationError(f"bad record: turn number {token} where {expect}. was expected")
                expect += 1
                continue
            parse_turn(token)  # raises NotationError naming the bad turn
            turns.append(token)
        if len(turns) != expect - 1:
            raise NotationError("bad record: every turn must be numbered")
        start = headers.pop("Start", START)
        headers.pop("Game", None)
        headers.pop("Result", None)
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


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
