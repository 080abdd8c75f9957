"""Replays for the browser: a record played through the engine, one frame per turn.

Every turn is checked as it is played, so a tampered record is refused with the turn
that is wrong instead of being drawn."""

from __future__ import annotations

from typing import Any

from aegean.present.scene import scene_of
from aegean.santorini.board import Board
from aegean.santorini.errors import NotationError
from aegean.santorini.record import GameRecord

from .render import board_json

#: The longest record the server replays (a real game is far shorter).
MAX_TURNS = 2000


def replay_frames(record: GameRecord) -> dict[str, Any]:
    """The record and a frame per position: the start, then after each turn."""
    if record.redacted:
        record.play_back()  # (raises the record's own explanation)
    if len(record.turns) > MAX_TURNS:
        raise NotationError(f"a record of more than {MAX_TURNS} turns is not replayed here")
    board, movers = record.play_back()  # checks every turn and the result
    board = Board.from_position(record.start)
    frames: list[dict[str, Any]] = [
        {"index": 0, "turn": None, "mover": None, "board": board_json(scene_of(board))}
    ]
    for number, text in enumerate(record.turns, 1):
        mover = board.to_move
        board.play(text)
        frames.append({"index": number, "turn": text, "mover": mover, "board": board_json(scene_of(board))})
    outcome = board.outcome()
    return {
        "record": {
            "headers": record.headers,
            "start": record.start,
            "turns": record.turns,
            "result": record.result,
        },
        "players": board.n_players,
        "powers": [p.name or None for p in board.powers],
        "frames": frames,
        "outcome": None if outcome is None else {"winners": sorted(outcome.winners), "result": record.result},
        "movers": movers,
    }
