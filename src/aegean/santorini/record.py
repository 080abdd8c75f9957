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

A record holds the whole game: the start position names the players, their powers and
the Golden Fleece (``fleece=``), and the turns keep every step the engine writes, such as
a player leaving a three-player game (``#``), a step cancelled by a hidden worker
(``b2-c3!``), a setup mark (``*c3``) or a declined choice (``~``). A resignation, which
no turn shows, is the ``Termination`` header with the result; :meth:`GameRecord.replay`
applies it.

A record of a game with hidden information (Hecate's workers, Tartarus's Abyss, Moerae's
Fate square) holds the secrets; :meth:`GameRecord.export_for` gives one player's copy,
with what that player could not see written ``?`` (:mod:`aegean.santorini.view`) until
the game is over, when the export is complete. Such a redacted record reads back but
cannot be replayed.

Files and uploads are read by one function, :func:`read_record` / :func:`parse_record`:
UTF-8 (a byte order mark is skipped), JSON when the text starts with ``{``, else the
text form; anything else is one :class:`NotationError`, never a ``UnicodeDecodeError``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .board import Board
from .errors import IllegalTurnError, NotationError, SantoriniError
from .notation import format_turn, parse_turn
from .outcome import Termination
from .rules import opponents_of
from .view import UNKNOWN, redact_turn, redacted_position

START = "00000/00000/00000/00000/00000 1 - -"
_HEADER = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]')
_FORMAT_VERSION = 1
_UNESCAPE = re.compile(r"\\(u[0-9a-f]{4}|U[0-9a-f]{8}|.)")
_KEY = re.compile(r"\w+")
_RESULT = re.compile(r"1-0|0-1|[1-4](\+[1-4])* won|\*")
#: Header of an exported record: the player (1-based) whose view it is.
EXPORTED_FOR = "ExportedFor"
#: The largest record read from a file (a long game's record is a few KiB).
MAX_RECORD_BYTES = 1 << 20
#: Input quoted in an error message is cut to about this many characters.
QUOTE_LIMIT = 60


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
        except RecursionError:  # (JSON nested thousands deep exhausts the parser)
            raise NotationError("bad record: JSON nested too deep to be a record") from None
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
                    raise NotationError(
                        f'bad record line {number}: expected [Key "value"], found {quote(line)}'
                    )
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
                    raise NotationError(f"bad record: expected turn number {expect}, found {quote(token)}")
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
                f"bad record: the Result header says {quote(stated)} but the turns end in {quote(result)}"
            )
        return cls(turns, start, headers, result)

    # ------------------------------------------------------------------ replay
    @property
    def redacted(self) -> bool:
        """Whether this is one player's view with hidden information left out (``?``)."""
        return UNKNOWN in self.start or any(UNKNOWN in turn for turn in self.turns)

    def replay(self) -> Board:
        """Play the record from its start, checking each turn (and applying a recorded
        resignation at the end); returns the final board."""
        return self.play_back()[0]

    def play_back(self) -> tuple[Board, list[int]]:
        """:meth:`replay`, also returning who made each entry of the board's undo stack
        (each turn, then the resignation if there is one), so that the game can go on
        and be taken back."""
        if self.redacted:
            who = self.headers.get(EXPORTED_FOR, "one player")
            whose = f"player {who}'s" if who.isdigit() else f"{who}'s"
            raise NotationError(
                f"this record is {whose} view of a game in progress: what that player could "
                "not see is written '?', so it cannot be replayed"
            )
        board = Board.from_position(self.start)
        movers: list[int] = []
        for number, turn in enumerate(self.turns, 1):
            mover = board.to_move
            try:
                board.play(turn)
            except IllegalTurnError as error:
                raise IllegalTurnError(f"turn {number}: {error}", error.legal) from None
            except NotationError as error:
                raise NotationError(f"turn {number}: {error}") from None
            movers.append(mover)
        resigned = self._resigned(board)
        if resigned is not None:
            board.resign(resigned)
            movers.append(resigned)
        outcome = board.outcome()
        played = "*" if outcome is None else outcome.result(board.n_players)
        if played != self.result:
            end = "the game unfinished" if outcome is None else f"the result {played}"
            raise NotationError(f"bad record: its result is {self.result}, but its turns end with {end}")
        return board, movers

    def _resigned(self, board: Board) -> int | None:
        """The player whose resignation the headers record, if the turns left the game
        open; ``None`` when there is none."""
        if board.outcome() is not None or self.headers.get("Termination") != Termination.RESIGNATION.value:
            return None
        winners = winners_of(self.result, board.n_players)
        if not winners:
            return None
        out = board.eliminated()
        for player in range(board.n_players):
            if player not in winners and player not in out and opponents_of(board, player) == winners:
                return player
        raise NotationError(f"bad record: nobody's resignation makes the result {self.result}")

    # ------------------------------------------------------------------ views
    def export_for(self, player: int) -> GameRecord:
        """``player``'s copy of the game (0-based): the record as that player saw it, with
        every fact hidden from them written ``?`` (Hecate's workers and moves, the Abyss,
        the Fate square), as :meth:`Board.view <aegean.santorini.board.Board.view>` shows
        them. Once the game is over nothing is hidden: the export is the whole record.
        The header ``ExportedFor`` names the player."""
        board, _ = self.play_back()
        if not 0 <= player < board.n_players:
            raise SantoriniError(f"no player {player + 1} in a {board.n_players}-player game")
        headers = {**self.headers, EXPORTED_FOR: str(player + 1)}
        observation = board.view(player)
        if not observation.hidden:
            return GameRecord(list(self.turns), self.start, headers, self.result)
        start_board = Board.from_position(self.start)
        turns = list(observation.turns)
        already_taken = len(start_board.turn)
        if turns and already_taken:  # the record starts in the middle of its first turn
            turns[0] = redact_turn(board, board.history[0][already_taken:], board.movers[0], player)
        return GameRecord(turns, redacted_position(start_board, player), headers, self.result)


def winners_of(result: str, n_players: int) -> frozenset[int]:
    """The players (0-based) a result token names as winners; none for ``*``."""
    if result == "1-0":
        return frozenset({0})
    if result == "0-1":
        return frozenset({1})
    if result.endswith(" won"):
        return frozenset(int(p) - 1 for p in result[:-4].split("+") if int(p) <= n_players)
    return frozenset()


def parse_record(data: bytes | str) -> GameRecord:
    """A record from the contents of a file or an upload: UTF-8 text (a byte order mark
    is skipped), the JSON form when it starts with ``{``, else the text form. Anything
    else raises :class:`NotationError` with one line saying what is wrong.

    >>> parse_record(b'\\xef\\xbb\\xbf{"format":"aegean-santorini-record","version":1,"turns":[]}').turns
    []
    """
    if isinstance(data, bytes):
        if len(data) > MAX_RECORD_BYTES:
            raise NotationError(f"bad record: more than {MAX_RECORD_BYTES // 1024} KiB (a game is smaller)")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise NotationError(
                f"bad record: not UTF-8 text (byte {error.start + 1} is {data[error.start]:#04x}); "
                "records are UTF-8, as 'aegean santorini play' saves them"
            ) from None
    text = data.removeprefix("\ufeff")
    if "\0" in text:
        raise NotationError("bad record: it holds NUL characters, so it is not a text file")
    if text.lstrip().startswith("{"):
        return GameRecord.from_json(text)
    return GameRecord.from_text(text)


def read_record(path: str | Path) -> GameRecord:
    """The record in the file ``path`` (:func:`parse_record`); ``OSError`` if it cannot
    be read, :class:`NotationError` if it is not a record."""
    file = Path(path)
    if file.is_file() and file.stat().st_size > MAX_RECORD_BYTES:
        raise NotationError(f"bad record: {path} is larger than {MAX_RECORD_BYTES // 1024} KiB")
    return parse_record(file.read_bytes())


def write_record(record: GameRecord, path: str | Path) -> str:
    """Write ``record`` to ``path``: canonical JSON for ``.json`` files, else the text
    form. Returns the form written (``JSON`` or ``text``)."""
    json_form = str(path).lower().endswith(".json")
    text = record.to_json() + "\n" if json_form else record.to_text()
    Path(path).write_text(text, encoding="utf-8")
    return "JSON" if json_form else "text"


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for an error message, cut in the middle when it is long, so a
    bad line of 200 KB does not come back whole.

    >>> quote("b2-c3"), quote("x" * 100, 10)
    ("'b2-c3'", "'xxxxx…xxxx' (100 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    half = limit // 2
    return f"{text[:half] + '…' + text[-(limit - half - 1):]!r} ({len(text)} characters)"


def _check_result(result: str) -> None:
    if not _RESULT.fullmatch(result):
        raise NotationError(f"bad record result {quote(result)}: expected 1-0, 0-1, N won or * (unfinished)")


def _check_turn(number: int, text: str) -> None:
    """Raise NotationError naming turn ``number`` if ``text`` is not turn notation. A
    player's redacted view writes hidden squares as ``?`` (``@?``, ``*?``, ``?^d4``):
    those read as any square."""
    try:
        parse_turn(text.replace(UNKNOWN, "a1") if UNKNOWN in text else text)
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
