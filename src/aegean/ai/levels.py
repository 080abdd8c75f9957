"""The AI names users can ask for, and what each one means.

Levels 1–5 are the same alpha-beta search with growing budgets: level 1 looks one full
turn ahead (plus threat replies), the others think for a fixed time per turn.
"""

from __future__ import annotations

from typing import Final

from .alphabeta import AlphaBetaAI
from .base import Engine
from .determinize import Determinized, EngineFactory
from .greedy import GreedyAI
from .random_ai import RandomAI

#: ``level -> (max_depth, seconds per turn)`` for the alpha-beta levels.
LEVEL_BUDGETS: Final[dict[str, tuple[int | None, float | None]]] = {
    "1": (1, None),
    "2": (None, 0.1),
    "3": (None, 0.5),
    "4": (None, 2.0),
    "5": (None, 5.0),
}
DEFAULT_LEVEL: Final = "3"

#: Every spec :func:`make_ai` accepts, with a one-line description for ``--help`` texts.
AI_LEVELS: Final[dict[str, str]] = {
    "random": "plays a random legal turn",
    "greedy": "wins when it can, never hands over an immediate win, otherwise climbs",
    "1": "alpha-beta search, one full turn ahead",
    "2": "alpha-beta search, 0.1 s per turn",
    "3": "alpha-beta search, 0.5 s per turn",
    "4": "alpha-beta search, 2 s per turn",
    "5": "alpha-beta search, 5 s per turn",
    "default": f"the same as level {DEFAULT_LEVEL}",
}


def make_ai(spec: str = "default", *, seed: int | None = None, time_per_move: float | None = None) -> Engine:
    """The AI named ``spec`` (a key of :data:`AI_LEVELS`).

    ``seed`` makes its random choices reproducible; ``time_per_move`` (seconds) replaces
    the level's thinking time (for level 1 it caps the one-turn search). Raises
    ``ValueError`` with the valid names for an unknown spec or a bad time. Every AI is
    :class:`~aegean.ai.determinize.Determinized`: in games with secrets hidden from it
    (Hecate, Tartarus, Moerae) it decides from its own observation, never the true board.

    >>> make_ai("greedy", seed=1).name
    'greedy'
    >>> make_ai("3").name
    'level 3'
    """
    key = spec.strip().lower()
    if key not in AI_LEVELS:
        names = ", ".join(AI_LEVELS)
        raise ValueError(f"unknown AI {spec!r}: choose one of {names}")
    if time_per_move is not None and not time_per_move > 0:
        raise ValueError(f"the time per move must be a positive number of seconds, not {time_per_move}")
    level = DEFAULT_LEVEL if key == "default" else key
    factory = _factory(level)
    # The whole budget per turn (split between the samples of a hidden-information game).
    seconds = time_per_move if time_per_move is not None else LEVEL_BUDGETS.get(level, (None, None))[1]
    return Determinized(factory, samples=SAMPLES[level], seed=seed, time_per_move=seconds)


#: Worlds sampled per turn in hidden-information games: a random player gains nothing from
#: more than one; the searches split their time between the samples.
SAMPLES: Final[dict[str, int]] = {"random": 1, "greedy": 2, "1": 4, "2": 4, "3": 8, "4": 8, "5": 8}


def _factory(level: str) -> EngineFactory:
    """The base AI of ``level`` with a given seed and time budget."""

    def make(*, seed: int | None, time_per_move: float | None) -> Engine:
        if level == "random":
            return RandomAI(seed)
        if level == "greedy":
            return GreedyAI(seed)
        depth, seconds = LEVEL_BUDGETS[level]
        if time_per_move is not None:
            seconds = time_per_move
        return AlphaBetaAI(max_depth=depth, time_limit=seconds, seed=seed, name=f"level {level}")

    return make
