"""Computer players for Santorini: random, greedy and alpha-beta at five levels.

>>> from aegean.santorini import Board
>>> board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
>>> turn = make_ai("1", seed=0).choose_turn(board)
>>> turn in board.legal_turns()
True
"""

from .alphabeta import AlphaBetaAI
from .base import Engine, SearchInfo
from .greedy import GreedyAI
from .levels import AI_LEVELS, make_ai
from .random_ai import RandomAI

__all__ = ["AI_LEVELS", "AlphaBetaAI", "Engine", "GreedyAI", "RandomAI", "SearchInfo", "make_ai"]
