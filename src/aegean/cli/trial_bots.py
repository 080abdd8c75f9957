"""``aegean trial selfplay`` and ``aegean trial match``: whole games between bots.

``selfplay`` plays games between the bots named per seat (rotated a seat each game) and
prints one line per game, then each bot's wins; ``match`` puts bot A in every seat in turn
against copies of B and prints A's score with its Wilson 95 % interval. A seed fixes every
game (the search bot under a playout budget included), so the same command prints the same
game lines; the time taken is on a line of its own. Bad options get one line on stderr and
exit status 1.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from aegean.ai.match import wilson_interval
from aegean.trial.audit import AuditFailure
from aegean.trial.bots import BotError, UnknownBot, bot_seed, make_bot, match_games, play_game
from aegean.trial.content import ContentError, ContentSet, load_content

from .santorini import command_boundary, fail

MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1

BOTS_HELP = (
    "Bots per seat, separated by commas (one name: every seat): random, heuristic, search "
    "(search:N for N playouts a decision, search:Xs for X seconds)."
)
CONTENT_HELP = "A content set's folder (default: the shipped sample set)."


def register(app: typer.Typer) -> None:
    """Add ``selfplay`` and ``match`` to the ``trial`` app."""
    app.command()(selfplay)
    app.command()(match)


def parse_int(text: str, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` for option ``name``, or one line and status 1."""
    try:
        value = int(text.strip())
    except ValueError:
        fail(f"{name} must be a whole number, not {text!r}", 1)
    if value < low:
        fail(f"{name} must be at least {low}, not {value}", 1)
    if value > high:
        fail(f"{name} {value} is too large (at most {high})", 1)
    return value


def _content(folder: Path | None) -> ContentSet:
    try:
        content = load_content(folder)
    except ContentError as error:
        fail(str(error), 1)
    typer.echo(f"content: {content.label}")
    return content


def _check_bot(name: str, option: str) -> str:
    try:
        make_bot(name, 0)
    except UnknownBot as error:
        fail(f"{option}: {error}", 1)
    return name.strip()


def _percent(part: float, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


@command_boundary
def selfplay(
    players: Annotated[str, typer.Option(metavar="2|3|4", help="Players a game.")] = "4",
    games: Annotated[str, typer.Option(metavar="N", help="Number of games.")] = "10",
    seed: Annotated[str, typer.Option(metavar="N", help="Seed: the same seed, the same games.")] = "0",
    bots: Annotated[str, typer.Option(metavar="NAME[,NAME…]", help=BOTS_HELP)] = "heuristic",
    advanced: Annotated[bool, typer.Option("--advanced", help="The advanced game (Captain draft).")] = False,
    content: Annotated[Path | None, typer.Option(metavar="DIR", help=CONTENT_HELP)] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="After every decision, check every invariant and scan every view for secrets (slower).",
        ),
    ] = False,
) -> None:
    """Play games between bots (seats rotate each game) and print each game's scores,
    then each bot's wins. With --check, a broken invariant or a secret in a view stops the
    run with one line naming the game and the decision (exit status 1)."""
    n_players = parse_int(players, "--players", 2, 4)
    n_games = parse_int(games, "--games", 1, MAX_GAMES)
    first_seed = parse_int(seed, "--seed", 0, MAX_SEED - MAX_GAMES)
    names = [_check_bot(name, "--bots") for name in bots.split(",")]
    if len(names) == 1:
        names *= n_players
    if len(names) != n_players:
        fail(
            f"--bots takes one bot for every seat or one per seat ({n_players}), not {len(names)}: {bots!r}",
            1,
        )
    content_set = _content(content)
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    started = time.perf_counter()
    for g in range(n_games):
        game_seed = first_seed + g
        seating = names[g % n_players :] + names[: g % n_players]
        players_ = [make_bot(name, bot_seed(first_seed, g, k)) for k, name in enumerate(seating)]
        try:
            result = play_game(content_set, players_, game_seed, advanced=advanced, check=check)
        except (BotError, AuditFailure) as error:
            fail(str(error), 1)
        winner = result.winner
        wins[seating[winner]] += 1
        seats.update(seating)
        typer.echo(
            f"game {g + 1}: seed {game_seed}, seats {' '.join(seating)}, "
            f"scores {' '.join(map(str, result.scores))}, winner seat {winner + 1} ({seating[winner]})"
        )
    for name in dict.fromkeys(names):
        typer.echo(
            f"{name}: won {wins[name]}/{n_games} games ({_percent(wins[name], n_games)}), "
            f"holding {seats[name] // n_games} of {n_players} seats"
        )
    elapsed = time.perf_counter() - started
    typer.echo(f"time: {elapsed:.2f} s ({elapsed / n_games:.3f} s a game)")


@command_boundary
def match(
    a: Annotated[
        str, typer.Option("--a", metavar="BOT", help="Bot A (it sits in every seat in turn).")
    ] = "heuristic",
    b: Annotated[str, typer.Option("--b", metavar="BOT", help="Bot B (every other seat).")] = "random",
    players: Annotated[str, typer.Option(metavar="2|3|4", help="Players a game.")] = "4",
    games: Annotated[str, typer.Option(metavar="N", help="Number of games.")] = "20",
    seed: Annotated[str, typer.Option(metavar="N", help="Seed: the same seed, the same games.")] = "0",
    advanced: Annotated[bool, typer.Option("--advanced", help="The advanced game (Captain draft).")] = False,
    content: Annotated[Path | None, typer.Option(metavar="DIR", help=CONTENT_HELP)] = None,
) -> None:
    """Bot A against bot B: A takes each seat in turn, B the others, each deal played with A
    in every seat. A's score is the share of B seats it finished ahead of (0.5: as strong),
    with its Wilson 95 % interval; A's wins are shown against the 1/players of a bot as
    strong as B."""
    name_a = _check_bot(a, "--a")
    name_b = _check_bot(b, "--b")
    n_players = parse_int(players, "--players", 2, 4)
    n_games = parse_int(games, "--games", 1, MAX_GAMES)
    first_seed = parse_int(seed, "--seed", 0, MAX_SEED - MAX_GAMES)
    content_set = _content(content)
    typer.echo(
        f"{name_a} (A) against {name_b} (B): {n_players} players, {n_games} games, A in every seat in turn"
    )
    score = 0.0
    wins = 0
    started = time.perf_counter()
    try:
        for played in match_games(
            content_set, make_bot, name_a, name_b, n_players, n_games, first_seed, advanced
        ):
            result = played.result
            score += played.ahead
            wins += result.winner == played.seat
            typer.echo(
                f"game {played.number + 1}: seed {result.seed}, A in seat {played.seat + 1}, scores "
                f"{' '.join(map(str, result.scores))}, A placed {result.rank(played.seat) + 1} of {n_players}"
            )
    except BotError as error:
        fail(str(error), 1)
    low, high = wilson_interval(score / n_games, n_games)
    typer.echo(
        f"A's score: {score / n_games:.3f} (95% CI {low:.3f}-{high:.3f}): the share of B seats "
        f"A finished ahead of; 0.5 if as strong"
    )
    win_low, win_high = wilson_interval(wins / n_games, n_games)
    typer.echo(
        f"A's wins: {wins}/{n_games} ({_percent(wins, n_games)}, 95% CI "
        f"{100 * win_low:.1f}-{100 * win_high:.1f}%); {100 / n_players:.1f}% if as strong"
    )
    elapsed = time.perf_counter() - started
    typer.echo(f"time: {elapsed:.2f} s ({elapsed / n_games:.3f} s a game)")
