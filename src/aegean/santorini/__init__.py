"""Santorini (Roxley, 2016): the rules engine.

>>> from aegean.santorini import Board
>>> board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
>>> board.play("b2-c3^c4")
>>> board.position()
'00000/00100/00000/00000/00000 2 c3,d4 b4,d2'
"""

from .board import Board
from .errors import IllegalTurnError, NotationError, PositionError, SantoriniError
from .notation import Step, Turn, format_step, format_turn, parse_turn
from .outcome import Outcome, Termination
from .perft import divide, perft, perft_bulk
from .playout import random_playout
from .positions import format_position
from .steps import END, StepKind

#: Read a position (``docs/notation.md``) into a :class:`Board`; raises :class:`PositionError`.
parse_position = Board.from_position

START_POSITION = "00000/00000/00000/00000/00000 1 - -"

__all__ = [
    "END",
    "START_POSITION",
    "Board",
    "IllegalTurnError",
    "NotationError",
    "Outcome",
    "PositionError",
    "SantoriniError",
    "Step",
    "StepKind",
    "Termination",
    "Turn",
    "divide",
    "format_position",
    "format_step",
    "format_turn",
    "parse_position",
    "parse_turn",
    "perft",
    "perft_bulk",
    "random_playout",
]
