"""``aegean santorini …``: play, inspect positions, count with perft, run AI matches,
list the god powers and watch AIs play a matchup of powers (``selfplay``).

Every command validates its arguments itself so that bad input gets one line on stderr
naming what is wrong and a non-zero exit status, never a traceback: 2 for a bad
argument, 1 for a bad file or record, 130 after Ctrl-C.
"""

from __future__ import annotations

import functools
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from aegean.ai import AI_LEVELS, Engine, make_ai
from aegean.ai.match import OPENINGS, MatchResult, run_match
from aegean.santorini import (
    START_POSITION,
    Board,
    SantoriniError,
    format_turn,
    perft,
    perft_bulk,
)

from .powers import (
    PowerChoiceError,
    card_heading,
    new_board,
    parse_powers,
    power_rows,
    unknown_power,
    with_powers,
)
from .render import render_board
from .selfplay import SelfplayResult, run_selfplay
from .session import (
    GameLoop,
    GameSession,
    Seat,
    describe_outcome,
    read_record,
    replay_record,
    terminal_reader,
)
from .setup import SetupDialog, SetupLeft

#: Perft grows about 70-fold per turn; anything deeper than this would run for days.
MAX_PERFT_DEPTH = 8
MAX_GAMES = 100_000

P = ParamSpec("P")
R = TypeVar("R")

app = typer.Typer(
    help="Santorini: play at the terminal, inspect positions, count with perft, run AI matches.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)


class CliError(Exception):
    """Bad input found by a command: ``message`` goes to stderr, ``code`` is the exit status."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def fail(message: str, code: int = 2) -> NoReturn:
    raise CliError(message, code)


def _stderr() -> Console:
    return Console(stderr=True, highlight=False)


def command_boundary(func: Callable[P, R]) -> Callable[P, R]:
    """Turn the errors that bad input can cause into one line on stderr and an exit status."""

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return func(*args, **kwargs)
        except BrokenPipeError:
            # The reader went away (``aegean santorini legal … | head``): stop quietly.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(141) from None
        except CliError as error:
            message, code = str(error), error.code
        except SantoriniError as error:
            message, code = str(error), 1
        except OSError as error:
            where = f": {error.filename}" if error.filename else ""
            message, code = f"{error.strerror or error}{where}", 1
        except KeyboardInterrupt:
            message, code = "interrupted", 130
        _stderr().print(Text(f"error: {message}"), soft_wrap=True)
        raise typer.Exit(code)

    return wrapper


# ---------------------------------------------------------------------- parsing
def parse_board(text: str) -> Board:
    """A position argument; the error names the bad field."""
    try:
        return Board.from_position(text)
    except SantoriniError as error:
        fail(f"{error} (in position {text!r})")


def parse_int(text: str, name: str, low: int, high: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        fail(f"{name} must be a whole number, not {text!r}")
    if value < low:
        fail(f"{name} must be at least {low}, not {value}")
    if value > high:
        fail(f"{name} {value} is too large (at most {high})")
    return value


def parse_seed(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        fail(f"--seed must be a whole number, not {text!r}")


def parse_seconds(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        fail(f"--time must be a number of seconds, not {text!r}")
    if not math.isfinite(value) or value <= 0 or value > 3600:
        fail(f"--time must be more than 0 and at most 3600 seconds, not {text!r}")
    return value


def check_level(spec: str, option: str = "--level") -> str:
    spec = spec.strip().lower()
    if spec not in AI_LEVELS:
        fail(f"unknown AI level {spec!r} for {option}; choose one of: {', '.join(AI_LEVELS)}")
    return spec


def level_name(spec: str) -> str:
    return f"level {spec}" if spec.isdigit() else spec


def engine_factory(spec: str, seed: int | None, seconds: float | None) -> Callable[[], Engine]:
    """A factory of fresh AIs; with a seed, each AI it makes gets its own derived seed."""
    seeds = random.Random(seed) if seed is not None else None

    def make() -> Engine:
        child = seeds.randrange(2**31) if seeds is not None else None
        try:
            return make_ai(spec, seed=child, time_per_move=seconds)
        except ValueError as error:
            fail(f"cannot make the AI {spec!r}: {error}")

    return make


def powers_option(text: str | None, allow_banned: bool) -> list[str | None] | None:
    """The ``--powers`` value checked (one line naming the problem otherwise)."""
    if text is None:
        if allow_banned:
            fail("--allow-banned only makes sense with --powers")
        return None
    try:
        return parse_powers(text, allow_banned=allow_banned)
    except PowerChoiceError as error:
        fail(str(error))


POWERS_HELP = (
    "God powers by seat, comma-separated: player 1's, then player 2's; '-' for none "
    "(e.g. Apollo,Athena or Pan,-). See 'aegean santorini powers'."
)
ALLOW_BANNED_HELP = "Allow a matchup of powers that POWERS.csv bans."


LEVEL_HELP = "AI strength: " + "; ".join(f"{spec} = {text}" for spec, text in AI_LEVELS.items()) + "."


# ---------------------------------------------------------------------- commands
@app.command()
@command_boundary
def legal(
    position: Annotated[
        str,
        typer.Argument(
            metavar="POSITION", help="A position, e.g. '00000/00000/00000/00000/00000 1 b2,d4 b4,d2'."
        ),
    ],
) -> None:
    """List every legal full turn of a position, one per line, sorted."""
    board = parse_board(position)
    outcome = board.outcome()
    if outcome is not None:
        fail(f"the game is over ({outcome.result(board.n_players)}): {describe_outcome(board, outcome)}", 1)
    for text in sorted(format_turn(turn) for turn in board.legal_turns()):
        typer.echo(text)


@app.command(name="perft")
@command_boundary
def perft_command(
    position: Annotated[str, typer.Argument(metavar="POSITION", help="A position (see 'legal').")],
    depth: Annotated[
        str, typer.Argument(metavar="DEPTH", help=f"Full turns to count, 0..{MAX_PERFT_DEPTH}.")
    ],
    divide: Annotated[
        bool, typer.Option("--divide", help="First print 'turn: count' for every legal turn.")
    ] = False,
    bulk: Annotated[
        bool, typer.Option("--bulk/--no-bulk", help="Count the last turn without making it (same numbers).")
    ] = True,
) -> None:
    """Count the sequences of DEPTH full turns (the count is the last line; timing on stderr)."""
    board = parse_board(position)
    n = parse_int(depth, "depth", 0, MAX_PERFT_DEPTH)
    count: Callable[[Board, int], int] = perft_bulk if bulk else perft
    started = time.perf_counter()
    if divide and n > 0:
        rows: list[tuple[str, int]] = []
        for turn in board.legal_turns():
            board.push_turn(turn)
            rows.append((format_turn(turn), count(board, n - 1)))
            board.pop()
        for text, leaves in sorted(rows):
            typer.echo(f"{text}: {leaves}")
        total = sum(leaves for _, leaves in rows)
    else:
        total = count(board, n)
    elapsed = time.perf_counter() - started
    rate = total / elapsed if elapsed > 0 else float("inf")
    method = "bulk" if bulk else "make/unmake"
    _stderr().print(f"perft {n} ({method}): {total} leaves in {elapsed:.3f} s, {rate:,.0f} leaves/s")
    typer.echo(str(total))


@app.command()
@command_boundary
def show(
    position: Annotated[
        str, typer.Argument(metavar="POSITION", help="A position (see 'legal').")
    ] = START_POSITION,
) -> None:
    """Draw a position as a board."""
    board = parse_board(position)
    console = Console(highlight=False)
    console.print(render_board(board))
    outcome = board.outcome()
    if outcome is not None:
        console.print(f"Game over: {outcome.result(board.n_players)}, {describe_outcome(board, outcome)}.")
    else:
        action = "place its workers" if board.placing else "move"
        console.print(f"Player {board.to_move + 1} to {action}: {len(board.legal_turns())} legal turns.")


@app.command()
@command_boundary
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (JSON or text form, as 'play' saves them).")
    ],
) -> None:
    """Replay a game record, checking every turn; print its turns, the final board and the result."""
    record = read_record(file)
    board, _ = replay_record(record)
    console = Console(highlight=False)
    turns = [f"{i}. {turn}" for i, turn in enumerate(record.turns, 1)]
    console.print(f"Start: {record.start}")
    if turns:
        console.print(" ".join(turns), soft_wrap=False)
    console.print(render_board(board))
    outcome = board.outcome()
    if outcome is not None:
        result = outcome.result(board.n_players)
        console.print(f"Result: {result}, {describe_outcome(board, outcome)}.")
        if record.result not in ("*", result):
            console.print(f"[yellow]Note: the record says {record.result}.[/yellow]")
    else:
        console.print(
            f"Result: {record.result} (the game is not finished; player {board.to_move + 1} to move)."
        )
    console.print(f"Final position: {board.position()}", markup=False)


@app.command()
@command_boundary
def play(
    opponent: Annotated[
        str, typer.Option(metavar="ai|human", help="The AI, or another person at this terminal.")
    ] = "ai",
    side: Annotated[
        str, typer.Option(metavar="1|2", help="The player you are: player 1 places and moves first.")
    ] = "1",
    level: Annotated[str, typer.Option(metavar="LEVEL", help=LEVEL_HELP)] = "default",
    seconds: Annotated[
        str | None,
        typer.Option("--time", metavar="SECONDS", help="Thinking time per AI turn (default: the level's)."),
    ] = None,
    seed: Annotated[
        str | None, typer.Option(metavar="N", help="Seed for the AI's random choices (repeatable games).")
    ] = None,
    load: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on from a saved game record.")] = None,
    position: Annotated[
        str | None,
        typer.Option(metavar="POSITION", help="Start from this position instead of the empty board."),
    ] = None,
    powers: Annotated[str | None, typer.Option(metavar="NAMES", help=POWERS_HELP)] = None,
    allow_banned: Annotated[bool, typer.Option("--allow-banned", help=ALLOW_BANNED_HELP)] = False,
    setup: Annotated[
        bool,
        typer.Option(
            "--setup",
            help="Choose the god powers first, as the rules say (SANTORINI.md 3.1): the Challenger "
            "picks two, the other player chooses one, the Challenger names the start player.",
        ),
    ] = False,
    challenger: Annotated[
        str, typer.Option(metavar="1|2", help="With --setup: the player who is the Challenger.")
    ] = "1",
) -> None:
    """Play a game at the terminal against the AI or another person (type help at the prompt)."""
    if setup:
        for given, option in ((powers, "--powers"), (load, "--load"), (position, "--position")):
            if given is not None:
                fail(f"--setup cannot be combined with {option}: the setup chooses the powers of a new game")
    elif challenger != "1":
        fail("--challenger only makes sense with --setup")
    if challenger not in ("1", "2"):
        fail(f"--challenger must be 1 or 2, not {challenger!r}")
    chosen = powers_option(powers, allow_banned and not setup)
    if chosen is not None and load is not None:
        fail("--powers cannot be combined with --load: the saved game already names its powers")
    opponent = opponent.strip().lower()
    if opponent not in ("ai", "human"):
        fail(f"--opponent must be 'ai' or 'human', not {opponent!r}")
    if side not in ("1", "2"):
        fail(f"--side must be 1 or 2, not {side!r}")
    if load is not None and position is not None:
        fail("use either --load or --position, not both")
    level = check_level(level)
    time_per_move = parse_seconds(seconds)
    rng_seed = parse_seed(seed)
    human = int(side) - 1
    hint = engine_factory(level, None if rng_seed is None else rng_seed + 1, time_per_move)
    seats: list[Seat]
    if opponent == "human":
        seats = [Seat("human"), Seat("human")]
    else:
        ai = engine_factory(level, rng_seed, time_per_move)()
        seats = [Seat("you"), Seat(f"AI {level_name(level)}", ai)]
        if human == 1:
            seats.reverse()
    console = Console(highlight=False)
    read_line = terminal_reader(console)
    if load is not None:
        record = read_record(load)
        board, movers = replay_record(record)
        session = GameSession(seats, board, start=record.start, movers=movers, hint_engine=hint)
    else:
        if position is not None:
            if chosen is not None:
                try:
                    position = with_powers(position, chosen)
                except PowerChoiceError as error:
                    fail(str(error))
            board = parse_board(position)
        elif setup:
            dialog = SetupDialog(
                [seat.name for seat in seats],
                [seat.engine is not None for seat in seats],
                console,
                read_line,
                challenger=int(challenger) - 1,
                rng=random.Random(rng_seed),
                allow_banned=allow_banned,
            )
            try:
                board = dialog.run()
            except SetupLeft as left:
                raise typer.Exit(left.status) from None
        else:
            board = new_board(chosen, allow_banned=allow_banned) if chosen is not None else Board()
        session = GameSession(seats, board, hint_engine=hint)
    status = GameLoop(session, console, read_line).run()
    if status:
        raise typer.Exit(status)


@app.command()
@command_boundary
def match(
    games: Annotated[str, typer.Option(metavar="N", help="Number of games (colours alternate).")] = "10",
    a: Annotated[str, typer.Option("--a", metavar="LEVEL", help="AI A. " + LEVEL_HELP)] = "default",
    b: Annotated[str, typer.Option("--b", metavar="LEVEL", help="AI B (same levels as --a).")] = "random",
    seconds: Annotated[
        str | None, typer.Option("--time", metavar="SECONDS", help="Thinking time per turn.")
    ] = None,
    seed: Annotated[str | None, typer.Option(metavar="N", help="Seed for the AIs' random choices.")] = None,
    powers: Annotated[
        str | None,
        typer.Option(
            metavar="NAMES",
            help=POWERS_HELP + " The powers stay with the seats and the AIs swap seats every game, "
            "so each AI plays each power equally often.",
        ),
    ] = None,
    allow_banned: Annotated[bool, typer.Option("--allow-banned", help=ALLOW_BANNED_HELP)] = False,
) -> None:
    """Play AI A against AI B from the fixed opening suite; print score, 95% interval and Elo."""
    chosen = powers_option(powers, allow_banned)
    n = parse_int(games, "--games", 1, MAX_GAMES)
    a, b = check_level(a, "--a"), check_level(b, "--b")
    time_per_move = parse_seconds(seconds)
    rng_seed = parse_seed(seed)
    make_a = engine_factory(a, rng_seed, time_per_move)
    make_b = engine_factory(b, None if rng_seed is None else rng_seed + 1, time_per_move)
    name_a, name_b = f"A ({level_name(a)})", f"B ({level_name(b)})"
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_stderr(),
    )
    with progress:
        task = progress.add_task(f"{name_a} vs {name_b}", total=n)

        def on_game(index: int, partial: MatchResult) -> None:
            progress.update(
                task,
                completed=partial.games,
                description=f"{name_a} {partial.wins_a} - {partial.wins_b} {name_b}",
            )

        openings = OPENINGS if chosen is None else openings_with_powers(chosen, allow_banned)
        result = run_match(make_a, make_b, n, openings=openings, on_game=on_game)
    if chosen is not None:
        typer.echo("Powers: " + ", ".join(f"player {i + 1} {p or 'none'}" for i, p in enumerate(chosen)))
    typer.echo(result.summary(name_a, name_b))


def openings_with_powers(powers: list[str | None], allow_banned: bool) -> list[str]:
    """The opening suite placed under the powers' own placement rules: each opening's
    first worker field is placed by the seat that places first, the second by the other.
    Openings the powers forbid (Eros places on the edges…) are left out; if none is left,
    games start from the empty board and the AIs place the workers themselves."""
    found = []
    for opening in OPENINGS:
        board = new_board(powers, allow_banned=allow_banned)
        first, second = opening.split()[2:4]
        try:
            for field in (first, second):
                board.play("".join("@" + square for square in field.split(",")))
        except SantoriniError:
            continue
        found.append(board.position())
    return found or [new_board(powers, allow_banned=allow_banned).position()]


# ---------------------------------------------------------------------- powers
@app.command(name="powers")
@command_boundary
def powers_command(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="Show only this power's card, in full.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the table as JSON: a list of objects, one per power.")
    ] = False,
) -> None:
    """List the 55 power cards: number, name, category, use with 3 and 4 players, the
    Golden Fleece mark, banned matchups, and whether this version implements the power."""
    rows = power_rows()
    if name is not None:
        wanted = name.strip().lower().replace(" ", "")
        rows = [row for row in rows if str(row["name"]).lower().replace(" ", "") == wanted]
        if not rows:
            fail(unknown_power(name))
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    console = Console(highlight=False)
    if name is not None:
        row = rows[0]
        console.print(Text(card_heading(str(row["name"])), style="bold"))
        console.print(Text(str(row["text"])))
        console.print(
            Text(
                f"card {row['index']}; 3 players: {_yes(row['three_players'])}; 4 players: "
                f"{_yes(row['four_players'])}; Golden Fleece: {_yes(row['golden_fleece'])}; banned vs: "
                f"{', '.join(_names(row['banned_vs'])) or '-'}; implemented: {_yes(row['implemented'])}"
            )
        )
        return
    table = Table(box=None, pad_edge=False, header_style="bold")
    table.add_column("#", justify="right")
    for header in ("name", "category", "3p", "4p", "GF"):
        table.add_column(header, no_wrap=True)
    table.add_column("banned vs")
    table.add_column("implemented", no_wrap=True)
    for row in rows:
        table.add_row(
            str(row["index"]),
            str(row["name"]),
            str(row["category"]),
            _yes(row["three_players"]),
            _yes(row["four_players"]),
            _yes(row["golden_fleece"]),
            ", ".join(_names(row["banned_vs"])) or "-",
            _yes(row["implemented"]),
        )
    console.print(table)
    done = sum(1 for row in rows if row["implemented"])
    console.print(f"{done} of {len(rows)} powers implemented. 'aegean santorini powers NAME' shows a card.")


def _yes(value: object) -> str:
    return "yes" if value else "no"


def _names(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


# ---------------------------------------------------------------------- selfplay
@app.command()
@command_boundary
def selfplay(
    powers: Annotated[str, typer.Option(metavar="NAMES", help=POWERS_HELP)] = "-,-",
    games: Annotated[str, typer.Option(metavar="N", help="Number of games.")] = "10",
    ai: Annotated[
        str,
        typer.Option(
            metavar="LEVEL[,LEVEL]",
            help="The AI of both seats, or one per seat separated by a comma. " + LEVEL_HELP,
        ),
    ] = "random",
    seed: Annotated[str | None, typer.Option(metavar="N", help="Seed for repeatable games.")] = None,
    seconds: Annotated[
        str | None, typer.Option("--time", metavar="SECONDS", help="Thinking time per AI turn.")
    ] = None,
    max_turns: Annotated[
        str, typer.Option(metavar="N", help="Stop a game after N turns of play (it counts as unfinished).")
    ] = "300",
    allow_banned: Annotated[bool, typer.Option("--allow-banned", help=ALLOW_BANNED_HELP)] = False,
) -> None:
    """Play whole games between two AIs with the given powers, from the empty board, and
    print the wins per side, the mean length and any game stopped by the turn cap."""
    chosen = powers_option(powers, allow_banned)
    assert chosen is not None
    n = parse_int(games, "--games", 1, MAX_GAMES)
    cap = parse_int(max_turns, "--max-turns", 1, 10_000)
    specs = [part.strip() for part in ai.split(",")]
    if len(specs) == 1:
        specs *= 2
    if len(specs) != 2:
        fail(f"--ai takes one AI for both seats or one per seat (2), not {len(specs)}: {ai!r}")
    specs = [check_level(spec, "--ai") for spec in specs]
    time_per_move = parse_seconds(seconds)
    rng_seed = parse_seed(seed)
    factories = [
        engine_factory(spec, None if rng_seed is None else rng_seed + seat, time_per_move)
        for seat, spec in enumerate(specs)
    ]
    label = " vs ".join(p or "no power" for p in chosen)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=_stderr(),
    )
    with progress:
        task = progress.add_task(label, total=n)

        def on_game(partial: SelfplayResult) -> None:
            wins = partial.wins
            progress.update(task, completed=len(partial.games), description=f"{label}: {wins[0]} - {wins[1]}")

        result = run_selfplay(
            chosen, lambda: [make() for make in factories], n, max_turns=cap, on_game=on_game
        )
    seed_text = f", seed {rng_seed}" if rng_seed is not None else ""
    typer.echo(f"selfplay {label}: {n} game{'s' if n != 1 else ''}{seed_text}")
    for line in result.summary_lines([level_name(spec) for spec in specs]):
        typer.echo(line)
