"""Playing games with hidden information without peeking: determinization.

Hecate's workers, Tartarus's Abyss and Moerae's Fate square are secret (SANTORINI.md §4;
RULINGS #56, #57, #60). The AIs search the board they are given, and the true board
knows every secret: searching it would be cheating, and even its ``legal_turns`` give the
secrets away (a turn cut short by a hidden worker or by the Abyss looks different). So
:class:`Determinized` wraps any AI: when the player to move cannot see everything
(``board.view(player).hidden``) it reads only that player's observation, draws ``samples``
complete boards consistent with it (``Board.from_observation``), asks a
fresh base AI for a turn on each (the budget split between them), and plays the turn
most samples voted for (ties go to the turn listed first). Otherwise it hands the board to
the base AI unchanged.

The turns it can return are the player's *view-turns*: those legal on their observation
with the secrets left out (what a human could write). On the true board ``Board.play``
carries such a turn out, cut short where a hidden worker cancels a step (Hecate) or a
secret ends the game (the Abyss); it need not be one of the true ``legal_turns``.

This is plain determinization (perfect-information search on sampled worlds, then a
vote), as the design notes suggest; it ignores what the history says about the secrets.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from ..santorini import Board, SantoriniError, Turn
from ..santorini.view import Observation
from .base import Engine

#: Samples drawn per turn unless the caller says otherwise.
DEFAULT_SAMPLES = 8


class EngineFactory(Protocol):
    """Makes a base AI with a seed and a ``share`` of its level's budget per turn (its
    node budget or thinking time): 1 for a whole turn, ``1 / samples`` for one sampled
    world, as :func:`aegean.ai.make_ai` does for a given level."""

    def __call__(self, *, seed: int | None, share: float) -> Engine: ...


#: The board a player can see: their observation with the secrets left out.
public_board = Board.visible_from


class Determinized:
    """Any AI made fit for hidden information (see the module docstring).

    ``base_factory(seed=..., share=...)`` makes the base AI: once at construction for
    games where nothing is hidden from the player (the whole budget, ``share=1``), and
    once per sample in hidden games (``share=1 / samples``, so a turn costs about the
    same either way). ``seed`` makes the choices reproducible; two true boards that look
    the same to the player get the same turn from equally seeded engines (for base AIs
    whose search does not depend on the clock).
    """

    def __init__(
        self,
        base_factory: EngineFactory,
        *,
        samples: int = DEFAULT_SAMPLES,
        seed: int | None = None,
        name: str | None = None,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples}")
        self.base_factory = base_factory
        self.samples = samples
        #: The base AI that plays when nothing is hidden from the player.
        self.base: Engine = base_factory(seed=seed, share=1.0)
        self.name = name or self.base.name
        self._rng = random.Random(seed)

    def choose_turn(self, board: Board) -> Turn:
        """The base AI's turn when the player sees everything; otherwise the vote of the
        samples (the board is only asked for ``to_move`` and ``view``)."""
        observation = board.view(board.to_move)
        if not observation.hidden:
            return self.base.choose_turn(board)
        return self.choose_from(observation)

    def choose_from(self, observation: Observation) -> Turn:
        """A turn for the observing player, from their observation alone."""
        options = public_board(observation).legal_turns()
        if not options:
            raise SantoriniError("the game is over: there is no legal turn to choose")
        if len(options) == 1:
            return options[0]
        index = {turn: i for i, turn in enumerate(options)}
        votes: Counter[int] = Counter()
        for _ in range(self.samples):
            sample = Board.from_observation(observation, self._rng)
            engine = self.base_factory(seed=self._rng.randrange(2**31), share=1 / self.samples)
            if sample.outcome() is not None:
                continue  # a world in which the game is already over says nothing
            chosen = _as_option(engine.choose_turn(sample), options, index)
            if chosen is not None:
                votes[chosen] += 1
        if not votes:
            return options[0]
        best = max(votes, key=lambda i: (votes[i], -i))
        return options[best]


def _as_option(turn: Turn, options: list[Turn], index: dict[Turn, int]) -> int | None:
    """The view-turn a sample's turn stands for: itself, or — when a secret of that
    sample cut it short (a hidden worker, the Abyss) — the first view-turn it begins."""
    found = index.get(turn)
    if found is not None:
        return found
    length = len(turn)
    return next((i for i, option in enumerate(options) if option[:length] == turn), None)
