"""The fixed strength suite: power matchups for every kind of game, and their openings.

Whether each AI level is at least as strong as the one below it is measured on this
suite (``bench/bench_strength.py``; the figures are in docs/performance.md, "AI
strength"), so that it does not depend on which powers a run happened to draw. The
matchups were chosen once, by hand, to cover the mechanisms the search meets: moving
differently (Apollo, Artemis, Minotaur, Pan), building differently (Atlas, Demeter,
Hephaestus, Prometheus), restricting the opponent (Athena, Limus), winning differently
(Pan, Chronus), several players, the Golden Fleece, and the three secret cards.

Each matchup starts from the fixed openings of :data:`aegean.ai.match.OPENINGS`, placed
under the powers' own placement rules (a third player's workers go on :data:`THIRD`; a
power with a third worker, Moerae, gets one from :data:`SPARE`, and her Fate square in
the same turn is the first legal one); what comes after the placement turns (Tartarus's
Abyss, the Golden Fleece's Ram) the AIs choose. An opening that the powers forbid is
left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..santorini import Board, SantoriniError
from ..santorini.powers import make_power
from ..santorini.setup import allowed_start_players
from ..santorini.squares import parse_square
from ..santorini.steps import END, StepKind, place, step_kind
from .match import OPENINGS

#: The kinds of game, in the order reports list them.
MODES: Final = ("plain", "powers", "three", "teams", "fleece", "hidden")

#: Where the third player's workers start, one field per opening (three-player games).
THIRD: Final = (
    *("c1,c5", "a1,e5", "a3,e3", "a1,e1", "c3,e3", "a5,e1"),
    *("a1,e1", "a3,e3", "a1,e5", "a3,e3", "a1,e5", "c1,c5"),
)
#: Squares for workers beyond two (Moerae places three), first free one first.
SPARE: Final = ("c3", "a1", "e5", "a5", "e1", "c1", "c5")


@dataclass(frozen=True)
class Matchup:
    """One game setup of the suite: the powers by seat, or the Golden Fleece power."""

    mode: str
    powers: tuple[str | None, ...] = (None, None)
    fleece: str | None = None

    @property
    def n_players(self) -> int:
        return len(self.powers)

    @property
    def label(self) -> str:
        if self.fleece is not None:
            return f"Golden Fleece: {self.fleece}"
        if not any(self.powers):
            return "no powers"
        names = [p or "none" for p in self.powers]
        if self.n_players == 4:
            return f"{names[0]}+{names[2]} vs {names[1]}+{names[3]}"
        return " vs ".join(names)

    def empty_board(self) -> Board:
        """The board before placement, the first seat allowed to start placing first."""
        if self.fleece is not None:
            return Board(self.n_players, fleece=self.fleece)
        start = allowed_start_players([make_power(p or "-") for p in self.powers])[0]
        return Board(self.n_players, list(self.powers), start_player=start)

    def openings(self, count: int) -> list[str]:
        """The first ``count`` openings of the suite this matchup's powers allow."""
        found: list[str] = []
        for index in range(len(OPENINGS)):
            position = self._opening(index)
            if position is not None:
                found.append(position)
                if len(found) == count:
                    break
        return found or [self.empty_board().position()]

    def _opening(self, index: int) -> str | None:
        """Opening ``index`` placed on this matchup's board, or ``None`` if not allowed."""
        fields = OPENINGS[index].split()[2:4]
        if self.n_players == 3:
            fields.append(THIRD[index])
        board = self.empty_board()
        try:
            for field in fields:
                _place(board, [parse_square(name) for name in field.split(",")])
        except SantoriniError:
            return None
        return board.position()


def _place(board: Board, squares: list[int]) -> None:
    """One placement turn: workers on ``squares``, then on :data:`SPARE` squares while
    the power wants more; any other step its turn needs (Moerae's Fate square) is the
    first legal one, so the opening stays fixed."""
    ply = board.ply
    for square in squares:
        board.push(place(square))
    spare = [parse_square(name) for name in SPARE]
    while board.ply == ply and board.decided is None:
        legal = board.legal_steps()
        if END in legal:
            board.push(END)
        elif any(step_kind(step) is StepKind.PLACE for step in legal):
            board.push(place(next(s for s in spare if place(s) in legal)))
        else:
            board.push(min(legal))


#: The suite: matchups by mode (see the module docstring).
SUITE: Final[dict[str, tuple[Matchup, ...]]] = {
    "plain": (Matchup("plain"),),
    "powers": tuple(
        Matchup("powers", pair)
        for pair in (
            ("Apollo", "Athena"),
            ("Prometheus", "Athena"),
            ("Pan", "Atlas"),
            ("Artemis", "Minotaur"),
            ("Demeter", "Hephaestus"),
            ("Chronus", "Limus"),
        )
    ),
    "three": (
        Matchup("three", ("Apollo", "Athena", "Pan")),
        Matchup("three", ("Artemis", "Demeter", "Minotaur")),
    ),
    "teams": (
        Matchup("teams", ("Apollo", "Athena", "Pan", "Atlas")),
        Matchup("teams", ("Artemis", "Demeter", "Minotaur", "Hephaestus")),
    ),
    "fleece": tuple(Matchup("fleece", fleece=name) for name in ("Apollo", "Pan", "Demeter")),
    "hidden": (
        Matchup("hidden", ("Hecate", "Athena")),
        Matchup("hidden", ("Tartarus", "Pan")),
        Matchup("hidden", ("Moerae", "Apollo")),
    ),
}
