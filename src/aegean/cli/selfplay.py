"""Self-play: whole games between AIs with given powers, from the empty board, for
seeing how a matchup plays out (``aegean santorini selfplay``), in any mode: two, three
or four players (teams 1+3 and 2+4), or the Golden Fleece variant.

Unlike a match (:mod:`aegean.ai.match`), the sides here are the seats with their powers,
not the AIs: the question is "how often does Apollo beat Athena", so each seat keeps its
power in every game, and the seat that places first goes round when the powers allow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from aegean.ai import Engine
from aegean.santorini import Board, IllegalTurnError, SantoriniError, StepKind, format_turn
from aegean.santorini.record import GameRecord
from aegean.santorini.steps import step_kind

from .modes import GameMode


@dataclass(frozen=True)
class GameSummary:
    """One finished (or capped) game."""

    number: int  #: 1-based
    start_player: int  #: 0-based seat that placed first
    winners: tuple[int, ...]  #: 0-based seats (a team wins together); empty at the turn cap
    termination: str | None  #: how it ended (``climb``, ``no-legal-turn``, ``power``…)
    turns: int  #: turns of play, placement turns not counted
    position: str  #: the final position
    record: GameRecord | None = None  #: the whole game

    @property
    def winner(self) -> int | None:
        """The winning seat when one seat won alone."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass
class SelfplayResult:
    mode: GameMode
    max_turns: int
    games: list[GameSummary] = field(default_factory=list)

    @property
    def powers(self) -> list[str | None]:
        return list(self.mode.powers)

    @property
    def wins(self) -> list[int]:
        """Games won by each seat (both team mates count a team's win)."""
        counts = Counter(seat for game in self.games for seat in game.winners)
        return [counts[seat] for seat in range(self.mode.n_players)]

    @property
    def capped(self) -> list[GameSummary]:
        return [game for game in self.games if not game.winners]

    @property
    def mean_turns(self) -> float:
        return sum(game.turns for game in self.games) / len(self.games) if self.games else 0.0

    def terminations(self) -> Counter[str]:
        return Counter(game.termination for game in self.games if game.termination is not None)

    def summary_lines(self, ai_names: Sequence[str]) -> list[str]:
        """The report: wins per side, mean length, how games ended, capped games."""
        n = len(self.games)
        lines = []
        mode = self.mode
        for seat in range(mode.n_players):
            wins = self.wins[seat]
            share = 100 * wins / n if n else 0.0
            team = f", team {seat % 2 + 1}+{seat % 2 + 3}" if mode.n_players == 4 else ""
            lines.append(
                f"player {seat + 1} ({mode.seat_power(seat)}{team}, AI {ai_names[seat]}): "
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
    """Turns of play in the board's history (setup turns left out: placing workers and
    setup marks such as the Ram)."""
    return sum(
        1 for turn in board.history if turn and step_kind(turn[0]) not in (StepKind.PLACE, StepKind.MARK)
    )


def play_selfplay_game(
    number: int, mode: GameMode, engines: Sequence[Engine], start: int, max_turns: int
) -> GameSummary:
    """One game from the empty board; every AI turn is checked as a user's would be."""
    board = mode.board(start)
    first = board.position()
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
    headers = {"Event": "aegean santorini selfplay", "Game": str(number)}
    for seat, engine in enumerate(engines):
        headers[f"Player{seat + 1}"] = f"AI {engine.name}"
    return GameSummary(
        number=number,
        start_player=start,
        winners=tuple(sorted(outcome.winners)) if outcome is not None else (),
        termination=outcome.termination.value if outcome is not None else None,
        turns=play_turns(board),
        position=board.position(),
        record=GameRecord.from_board(board, first, headers),
    )


def run_selfplay(
    mode: GameMode | Sequence[str | None],
    make_engines: Callable[[], Sequence[Engine]],
    games: int,
    *,
    max_turns: int = 300,
    on_game: Callable[[SelfplayResult], None] | None = None,
) -> SelfplayResult:
    """Play ``games`` games; game ``i`` is placed first by the ``i``-th allowed seat in
    turn (the seats take turns unless a power's setup rule fixes the first). ``mode``
    may be just the powers by seat of a two-player game."""
    if not isinstance(mode, GameMode):
        mode = GameMode(len(mode), tuple(mode), allow_banned=True)
    allowed = mode.start_players()
    if not allowed:
        raise SantoriniError("no player can place first with these powers")
    result = SelfplayResult(mode, max_turns)
    for i in range(games):
        start = allowed[i % len(allowed)]
        result.games.append(play_selfplay_game(i + 1, mode, make_engines(), start, max_turns))
        if on_game is not None:
            on_game(result)
    return result


def save_games(result: SelfplayResult, folder: str | Path, export_for: int | None = None) -> list[Path]:
    """Write each game's record to ``folder`` as ``game-001.json`` …; with ``export_for``
    (0-based), that player's copy (:meth:`GameRecord.export_for`: a finished game's
    copy is complete, a capped one hides what that player could not see)."""
    directory = Path(folder)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    width = max(3, len(str(len(result.games))))
    for game in result.games:
        if game.record is None:
            continue
        record = game.record if export_for is None else game.record.export_for(export_for)
        path = directory / f"game-{game.number:0{width}d}.json"
        path.write_text(record.to_json() + "\n", encoding="utf-8")
        written.append(path)
    return written
