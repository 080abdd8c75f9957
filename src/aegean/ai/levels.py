"""The AI names users can ask for, and what each one means.

Levels 1–5 are the same alpha-beta search with growing budgets: level 1 looks one full
turn ahead and never hands the next player an immediate win it could avoid (greedy's
safety, with the search's evaluation instead of greedy's taste); levels 2–5 deepen from
there within a fixed amount of work per turn.

The search is the native one (:mod:`aegean.ai.native`, Rust) wherever the native core
plays the position — two players, no power, the simple gods and some others — and the Python alpha-beta
(:mod:`aegean.ai.alphabeta`) everywhere else (placement, the other powers, three and four
players, hidden information). ``python-1`` to ``python-5`` are the Python search alone at
the same levels: the AI as it was before the native core, kept to measure against.

The budgets are counted in work units, not seconds (one unit is one node without
powers; with powers the slower operations count as several), sized so that a turn takes
about 0.1, 0.5, 2 and 5 s with nothing else running: native units for the native search,
far fewer Python units for the Python one. So a level plays the same turns on any machine
and under any load, and a seed makes a whole game repeatable; ``time_per_move`` switches
to a wall-clock budget instead.
"""

from __future__ import annotations

from typing import Final

from .alphabeta import AlphaBetaAI
from .base import Engine
from .determinize import Determinized, EngineFactory
from .greedy import GreedyAI
from .native import NativeAI
from .random_ai import RandomAI

#: ``level -> (max_depth, work units per turn)`` for the Python alpha-beta levels.
LEVEL_BUDGETS: Final[dict[str, tuple[int | None, int | None]]] = {
    "1": (1, None),
    "2": (None, 15_000),
    "3": (None, 75_000),
    "4": (None, 300_000),
    "5": (None, 750_000),
}
#: ``level -> (max_depth, native work units per turn)``: about the same time per turn.
NATIVE_BUDGETS: Final[dict[str, tuple[int | None, int | None]]] = {
    "1": (1, None),
    "2": (None, 500_000),
    "3": (None, 2_500_000),
    "4": (None, 10_000_000),
    "5": (None, 25_000_000),
}
#: About how long a turn of each level takes, alone on the reference machine (seconds).
LEVEL_SECONDS: Final[dict[str, float]] = {"2": 0.1, "3": 0.5, "4": 2.0, "5": 5.0}
DEFAULT_LEVEL: Final = "3"

#: Every spec :func:`make_ai` accepts, with a one-line description for ``--help`` texts.
AI_LEVELS: Final[dict[str, str]] = {
    "random": "plays a random legal turn",
    "greedy": "wins when it can, never hands over an immediate win, otherwise climbs",
    "1": "alpha-beta search, one full turn ahead (greedy's safety, a better judgement)",
    **{level: f"alpha-beta search, about {LEVEL_SECONDS[level]:g} s per turn" for level in LEVEL_SECONDS},
    "default": f"the same as level {DEFAULT_LEVEL}",
    **{
        f"python-{level}": f"level {level} with the Python search only (as before the native core)"
        for level in LEVEL_BUDGETS
    },
}

#: Worlds sampled per turn in hidden-information games: a random player gains nothing from
#: more than one; the searches split their budget between the samples.
SAMPLES: Final[dict[str, int]] = {"random": 1, "greedy": 2, "1": 4, "2": 4, "3": 8, "4": 8, "5": 8}
for _level in LEVEL_BUDGETS:
    SAMPLES[f"python-{_level}"] = SAMPLES[_level]


def make_ai(spec: str = "default", *, seed: int | None = None, time_per_move: float | None = None) -> Engine:
    """The AI named ``spec`` (a key of :data:`AI_LEVELS`).

    ``seed`` makes its random choices reproducible; ``time_per_move`` (seconds) replaces
    the level's work budget by thinking time (level 1 searches its one turn to the end
    anyway). Raises ``ValueError`` with the valid names for an unknown
    spec or a bad time. Every AI is :class:`~aegean.ai.determinize.Determinized`: in
    games with secrets hidden from it (Hecate, Tartarus, Moerae) it decides from its own
    observation, never the true board.

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
    return Determinized(_factory(level, time_per_move), samples=SAMPLES[level], seed=seed)


def _factory(level: str, time_per_move: float | None) -> EngineFactory:
    """The base AI of ``level`` with a given seed and share of the budget."""

    def make(*, seed: int | None, share: float) -> Engine:
        if level == "random":
            return RandomAI(seed)
        if level == "greedy":
            return GreedyAI(seed)
        python_only = level.startswith("python-")
        number = level.removeprefix("python-")
        name = f"level {level}" if not python_only else f"python level {number}"

        def python(budget: tuple[int | None, int | None]) -> AlphaBetaAI:
            depth, units = budget
            if time_per_move is not None:
                return AlphaBetaAI(max_depth=depth, time_limit=time_per_move * share, seed=seed, name=name)
            nodes = None if units is None else max(1, round(units * share))
            return AlphaBetaAI(max_depth=depth, node_limit=nodes, seed=seed, name=name)

        reference = python(LEVEL_BUDGETS[number])
        if python_only:
            return reference
        depth, units = NATIVE_BUDGETS[number]
        if time_per_move is not None:
            return NativeAI(max_depth=depth, time_limit=time_per_move * share, name=name, fallback=reference)
        nodes = None if units is None else max(1, round(units * share))
        return NativeAI(max_depth=depth, node_limit=nodes, name=name, fallback=reference)

    return make
