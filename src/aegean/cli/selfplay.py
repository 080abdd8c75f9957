"""Self-play: whole games between two AIs with given powers, from the empty board, for
seeing how a matchup plays out (``aegean santorini selfplay``).

Unlike a match (:mod:`aegean.ai.match`), the sides here are the seats with their powers,
not the AIs: the question is "how often does Apollo beat Athena", so each seat keeps its
power in every game, and the seat that places first alternates when the powers allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from aegean.ai import Engine
from aegean.santorini import Board, IllegalTurnError, SantoriniError, StepKind, format_turn
from aegean.santorini.steps import step_kind

from .powers import new_board, start_players


@dataclass(frozen=True)
class GameSummary:
    """One finished (or capped) game."""

    number: int  #: 1-based
    start_player: int  #: 0-based seat that placed first
    winner: int | None  #: 0-based seat, ``None`` when the turn cap ended the game
    termination: str | None  #: how it ended (``climb``, ``no-legal-turn``, ``power``…)
    turns: int  #: turns of play, placement turns not counted
    position: str  #: the final position


@dataclass
class SelfplayResult:
    powers: list[str | None]
    max_turns: int
    games: list[GameSummary] = field(default_factory=list)

    @property
    def wins(self) -> list[int]:
        counts = Counter(game.winner for game in self.games if game.winner is not None)
        return [counts[seat] for seat in range(len(self.powers))]

    @property
    def capped(self) -> list[GameSummary]:
        return [game for game in self.games if game.winner is None]

    @property
    def mean_turns(self) -> float:
        return sum(game.turns for game in self.games) / len(self.games) if self.games else 0.0

    def terminations(self) -> Counter[str]:
        return Counter(game.termination for game in self.games if game.termination is not None)

    def summary_lines(self, ai_names: Sequence[str]) -> list[str]:
        """The report: wins per side, mean length, how games ended, capped games."""
        n = len(self.games)
        lines = []
        for seat, power in enumerate(self.powers):
            wins = self.wins[seat]
            share = 100 * wins / n if n else 0.0
            lines.append(
                f"player {seat + 1} ({power or 'no power'}, AI {ai_names[seat]}): "
                f"{wins} win{'' if wins == 1 else 's'} of {n} ({share:.1f}%)"
            )
        lines.append(f"mean length: {self.mean_turns:.1f} turns (placement turns not counted)")
        ends = self.terminations()
        if ends:
            lines.append("ended by: " + ", ".join(f"{how} {count}" for how, count in sorted(ends.items())))
        capped = self.capped
        lines.append(f"hit the {self.max_turns}-turn cap: {len(capped)}")
        for game in capped:
            first = game.start_player + 1
            lines.append(f"  game {game.number} (player {first} placed first): {game.position}")
        return lines


def play_turns(board: Board) -> int:
    """Turns of play in the board's history (placement turns left out)."""
    return sum(1 for turn in board.history if turn and step_kind(turn[0]) is not StepKind.PLACE)


def play_selfplay_game(
    number: int, powers: Sequence[str | None], engines: Sequence[Engine], start: int, max_turns: int
) -> GameSummary:
    """One game from the empty board; every AI turn is checked as a user's would be."""
    board = new_board(powers, allow_banned=True, start=start)
    while board.outcome() is None and play_turns(board) < max_turns:
        engine = engines[board.to_move]
        turn = engine.choose_turn(board)
        try:
            board.play(turn)
        except IllegalTurnError as error:
            raise SantoriniError(
                f"game {number}: the AI {engine.name} chose an illegal turn {format_turn(turn)} "
                f"at {board.position()}: {error}"
            ) from None
    outcome = board.outcome()
    return GameSummary(
        number=number,
        start_player=start,
        winner=outcome.winner if outcome is not None else None,
        termination=outcome.termination.value if outcome is not None else None,
        turns=play_turns(board),
        position=board.position(),
    )


def run_selfplay(
    powers: Sequence[str | None],
    make_engines: Callable[[], Sequence[Engine]],
    games: int,
    *,
    max_turns: int = 300,
    on_game: Callable[[SelfplayResult], None] | None = None,
) -> SelfplayResult:
    """Play ``games`` games; game ``i`` is placed first by the ``i``-th allowed seat in
    turn (both seats alternate unless a power's setup rule fixes the first)."""
    allowed = start_players(powers)
    if not allowed:
        raise SantoriniError("no player can place first with these powers")
    result = SelfplayResult(list(powers), max_turns)
    for i in range(games):
        start = allowed[i % len(allowed)]
        result.games.append(play_selfplay_game(i + 1, powers, make_engines(), start, max_turns))
        if on_game is not None:
            on_game(result)
    return result
