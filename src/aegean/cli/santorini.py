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
from typing import Annotated, NoReturn, ParamSpec, TypeVar, cast

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text
from typer.core import TyperArgument

from aegean.ai import AI_LEVELS, AlphaBetaAI, Engine, make_ai
from aegean.ai.alphabeta import MAX_DEPTH
from aegean.ai.match import OPENINGS, MatchResult, run_match
from aegean.ai.native import Analysis, NativeAI
from aegean.present.words import card_heading, describe_outcome
from aegean.santorini import (
    START_POSITION,
    Board,
    SantoriniError,
    format_turn,
    native,
    perft,
    perft_bulk,
)
from aegean.santorini.lineup import check_powers
from aegean.santorini.perft import Engine as PerftEngine
from aegean.santorini.record import quote, read_record, write_record
from aegean.santorini.rules import in_setup_turn
from aegean.santorini.steps import OUT

from .engine_search import score_of
from .loop import GameLoop
from .modes import (
    GOLDEN_FLEECE,
    GameMode,
    parse_players,
    parse_seat,
    parse_seats,
    parse_variant,
    resolve_mode,
    seat_names,
)
from .powers import (
    PowerChoiceError,
    parse_powers,
    power_rows,
    unknown_power,
    with_powers,
)
from .render import render_board
from .selfplay import SelfplayResult, run_selfplay, save_games
from .session import GameSession, Seat, replay_record
from .setup import SetupDialog, SetupLeft
from .terminal import terminal_reader

#: Perft grows about 70-fold per turn; anything deeper than this would run for days.
MAX_PERFT_DEPTH = 8
MAX_GAMES = 100_000

P = ParamSpec("P")
R = TypeVar("R")

def _no_python_type(parameter: object, ctx: object) -> None:
    """What an argument's help shows after its name: nothing. Typer shows the Python
    type (``POSITION <str>``); every argument here is text the command checks itself, and
    its name and help say what to type. (The options all have metavars; the help is
    Typer's plain layout, which shows no types for flags. ``tests/test_cli.py`` checks
    that no ``--help`` shows a ``<type>``, so a Typer upgrade that changes this fails there.)"""
    return None


setattr(TyperArgument, "display_type_rich", _no_python_type)  # noqa: B010 (a method of a library class)

app = typer.Typer(
    help="Santorini: play at the terminal, inspect positions, count with perft, run AI matches.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
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
        except PowerChoiceError as error:  # a bad --powers, --players, --fleece, --human … value
            message, code = str(error), 2
        except SantoriniError as error:
            message, code = str(error), 1
        except OSError as error:
            where = f": {error.filename}" if error.filename else ""
            message, code = f"{error.strerror or error}{where}", 1
        except KeyboardInterrupt:
            message, code = "interrupted", 130
        _stderr().print(Text(f"error: {one_line(message)}"), soft_wrap=True)
        raise typer.Exit(code)

    return wrapper


#: An error line is cut in the middle beyond this many characters (a 200 KB bad line
#: is not echoed whole).
MAX_ERROR = 300


def one_line(message: str) -> str:
    """``message`` on one line, cut in the middle when it is very long."""
    message = " ".join(message.split())
    if len(message) <= MAX_ERROR:
        return message
    return f"{message[: MAX_ERROR // 2]} … {message[-MAX_ERROR // 2 :]} ({len(message)} characters)"


# ---------------------------------------------------------------------- parsing
def parse_board(text: str) -> Board:
    """A position argument; the error names the bad field."""
    try:
        return Board.from_position(text)
    except SantoriniError as error:
        fail(f"{error} (in position {quote(text)})")


def writable_file(path: Path | None, option: str) -> None:
    """Check before a game that ``path`` can be written (its folder exists and is
    writable, and it is not a folder), so that the error does not wait for the end."""
    if path is None:
        return
    folder = path.parent
    if path.is_dir():
        fail(f"{option} {path}: that is a folder; give a file name")
    if not folder.is_dir():
        fail(f"{option} {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"{option} {path}: not allowed to write there")


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
    "God powers by seat, comma-separated: player 1's, then player 2's (3's, 4's); '-' for none, "
    "with 2 players only (e.g. Apollo,Athena or Pan,-). With 3 or 4 players every power must be "
    "marked for that count, heroes never; left out, they are drawn at random. "
    "See 'aegean santorini powers'."
)
PLAYERS_HELP = (
    "2, 3 or 4 players. Three play each for themselves: a player who cannot move and build "
    "leaves the game (#) and the last one standing wins. Four play in teams, players 1+3 "
    "against 2+4, team mates sharing two workers (docs/rules-decisions.md, 'Three and four players')."
)
VARIANT_HELP = (
    "standard, or golden-fleece: nobody has a power of their own; one power with the Golden "
    "Fleece mark lies beside the board, and whoever has a worker next to the Ram at the start "
    "of a turn holds it for that turn (2 players; docs/rules-decisions.md, 'Golden Fleece variant')."
)
FLEECE_HELP = (
    "The Golden Fleece power (implies --variant golden-fleece), e.g. Apollo; 'random' or left "
    "out: drawn at random among the marked powers."
)
EXPORT_HELP = (
    "Write player N's copy of the record instead of the whole game: what that player could not "
    "see (Hecate's workers, the Abyss, the Fate square) is written '?' until the game is over."
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
    engine: Annotated[str, typer.Option(metavar="auto|native|reference", help=ENGINE_HELP)] = "auto",
) -> None:
    """List every legal full turn of a position, one per line, sorted."""
    board = parse_board(position)
    outcome = board.outcome()
    if outcome is not None:
        fail(f"the game is over ({outcome.result(board.n_players)}): {describe_outcome(board, outcome)}", 1)
    chosen = parse_engine(engine, board)
    turns = native.legal_turns(board) if chosen == "native" else board.legal_turns()
    for text in sorted(format_turn(turn) for turn in turns):
        typer.echo(text)


ENGINE_HELP = (
    "Who answers: the native core (Rust) where it plays the position, else the Python reference "
    "(auto); the native core only (native); the Python reference only (reference)."
)


def parse_engine(text: str, board: Board) -> PerftEngine:
    """An --engine value; one line and status 1 if unknown, or native for a position the
    native core does not play."""
    if text not in ("auto", "native", "reference"):
        fail(f"--engine must be auto, native or reference, not {text!r}", 1)
    if text == "native" and not native.supports(board):
        fail(
            f"the native core plays {native.PLAYS}, between turns after placement; "
            "use --engine reference (or auto) for this position",
            1,
        )
    return cast(PerftEngine, text)


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
    engine: Annotated[str, typer.Option(metavar="auto|native|reference", help=ENGINE_HELP)] = "auto",
) -> None:
    """Count the sequences of DEPTH full turns (the count is the last line; timing on stderr)."""
    board = parse_board(position)
    n = parse_int(depth, "depth", 0, MAX_PERFT_DEPTH)
    chosen = parse_engine(engine, board)
    counter = perft_bulk if bulk else perft

    def count(board: Board, depth: int) -> int:
        return counter(board, depth, chosen)

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
    by_core = chosen == "native" or (chosen == "auto" and native.supports(board))
    who = "native core" if by_core else "reference"
    _stderr().print(
        f"perft {n} ({method}, {who}): {total} leaves in {elapsed:.3f} s, {rate:,.0f} leaves/s"
    )
    typer.echo(str(total))


#: The most turns ``analyse --top`` lists.
MAX_TOP = 50


def score_text(score: int) -> str:
    """A search score for people: ``+35`` (evaluation units, the side to move's view), or
    ``win in 3`` / ``loss in 2`` (the deciding turn counted from this one as 1)."""
    reported = score_of(score)
    if reported.kind == "eval":
        return f"{reported.value:+d}"
    return f"{reported.kind} in {reported.value}"


@app.command()
@command_boundary
def analyse(
    position: Annotated[str, typer.Argument(metavar="POSITION", help="A position (see 'legal').")],
    time_: Annotated[
        str, typer.Option("--time", metavar="SECONDS", help="Thinking time (default 1 second).")
    ] = "1",
    top: Annotated[str, typer.Option(metavar="N", help=f"List the N best turns (1..{MAX_TOP}).")] = "1",
    depth: Annotated[
        str | None, typer.Option(metavar="D", help="Stop after D full turns (before the time is up).")
    ] = None,
) -> None:
    """Search a position and print its best turns: score, depth, nodes and principal variation.

    The native search plays the positions the native core plays (two players, no power,
    the simple gods and some others: docs/native-core.md); other
    positions get the Python search's best turn (--top 1 only)."""
    board = parse_board(position)
    outcome = board.outcome()
    if outcome is not None:
        fail(f"the game is over ({outcome.result(board.n_players)}): {describe_outcome(board, outcome)}", 1)
    seconds = parse_seconds(time_)
    n = parse_int(top, "--top", 1, MAX_TOP)
    max_depth = None if depth is None else parse_int(depth, "--depth", 1, MAX_DEPTH)
    if not native.supports(board):
        if n > 1:
            fail(
                "--top needs a position the native search plays (two players, no power or simple "
                "gods, placement over); without it the best turn alone is found",
                1,
            )
        ai = AlphaBetaAI(max_depth=max_depth, time_limit=seconds, name="python search")
        turn = ai.choose_turn(board)
        info = ai.last_info
        assert info is not None
        lines = [Analysis(turn, info.score, (turn,))]
        engine_name = "Python search"
    else:
        info, lines = NativeAI(max_depth=max_depth, time_limit=seconds).analyse(
            board, n, seconds=seconds, depth=max_depth
        )
        engine_name = "native search"
    rate = info.nodes / info.seconds if info.seconds > 0 else 0.0
    typer.echo(
        f"depth {info.depth}, {info.nodes:,} nodes in {info.seconds:.2f} s "
        f"({rate / 1e6:.2f} M nodes/s), {engine_name}"
    )
    width = max(len(format_turn(line.turn)) for line in lines)
    for k, line in enumerate(lines, 1):
        pv = " ".join(format_turn(t) for t in line.pv)
        typer.echo(f"{k}. {format_turn(line.turn):<{width}}  {score_text(line.score):>10}  pv {pv}")


@app.command()
@command_boundary
def show(
    position: Annotated[
        str, typer.Argument(metavar="POSITION", help="A position (see 'legal').")
    ] = START_POSITION,
    view: Annotated[
        str | None,
        typer.Option(
            metavar="N",
            help="Draw only what player N may see (other players' secrets as '?'), as 'play' shows it.",
        ),
    ] = None,
) -> None:
    """Draw a position as a board (any number of players; teams, the Ram, tokens shown)."""
    board = parse_board(position)
    viewer = None if view is None else parse_seat(view, board.n_players, "--view")
    console = Console(highlight=False)
    console.print(render_board(board, viewer=viewer))
    outcome = board.outcome()
    if outcome is not None:
        console.print(f"Game over: {outcome.result(board.n_players)}, {describe_outcome(board, outcome)}.")
        return
    observation = board.view(viewer) if viewer is not None else None
    if observation is not None and observation.hidden and viewer is not None:
        console.print(f"Player {viewer + 1}'s view: {observation.position}", markup=False, soft_wrap=True)
    action = (
        "place its workers" if board.placing else "make a setup choice" if in_setup_turn(board) else "move"
    )
    if observation is not None and observation.hidden and viewer != board.to_move:
        console.print(f"Player {board.to_move + 1} to {action}.")  # its options could give a secret away
        return
    # With --view, the turns as that player can write them (their count must not
    # depend on what is hidden from them).
    turns = board.legal_turns() if viewer is None else board.visible_turns()
    if turns == [(OUT,)]:
        console.print(f"Player {board.to_move + 1} cannot move and build: they leave the game (#).")
    else:
        console.print(f"Player {board.to_move + 1} to {action}: {len(turns)} legal turns.")


@app.command()
@command_boundary
def replay(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="A game record (JSON or text form, as 'play' saves them).")
    ],
    export_for: Annotated[str | None, typer.Option("--export-for", metavar="N", help=EXPORT_HELP)] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="OUT",
            help="Also write the record (player N's copy with --export-for) to OUT "
            "(JSON for .json, else text).",
        ),
    ] = None,
) -> None:
    """Replay a game record, checking every turn; print its turns, the final board and the result."""
    writable_file(save, "--save")
    record = read_record(file)
    board, _ = replay_record(record)
    console = Console(highlight=False)
    viewer = None if export_for is None else parse_seat(export_for, board.n_players, "--export-for")
    shown = record if viewer is None else record.export_for(viewer)
    if save is not None:
        write_record(shown, save)
    if viewer is not None:
        whose = f"Player {viewer + 1}'s view" + (
            " (complete: the game is over)" if not shown.redacted else ""
        )
        console.print(f"{whose}.", markup=False)
    turns = [f"{i}. {turn}" for i, turn in enumerate(shown.turns, 1)]
    console.print(f"Start: {shown.start}", markup=False, soft_wrap=True)
    if turns:
        console.print(" ".join(turns), soft_wrap=False, markup=False)
    console.print(render_board(board, viewer=viewer))
    outcome = board.outcome()
    if outcome is not None:
        result = outcome.result(board.n_players)
        console.print(f"Result: {result}, {describe_outcome(board, outcome)}.")
    else:
        console.print(
            f"Result: {record.result} (the game is not finished; player {board.to_move + 1} to move)."
        )
    final = board.position() if viewer is None else board.view(viewer).position
    console.print(f"Final position: {final}", markup=False, soft_wrap=True)
    if save is not None:
        console.print(f"Saved the record to {save}.", markup=False, soft_wrap=True)


SEATS_HELP = (
    "Seats played by people at this terminal, comma-separated (e.g. 1, or 1,3, or all); the AI "
    "plays the others. People in several seats pass the screen (hot-seat); when a card hides "
    "something (Hecate, Tartarus, Moerae) the screen is cleared and each sees only their own view."
)


def _position_players(position: str) -> int:
    """How many worker fields a position text has (its player count), at least 2."""
    return max(2, len([field for field in position.split()[2:] if "=" not in field]))


@app.command()
@command_boundary
def play(
    opponent: Annotated[
        str | None,
        typer.Option(
            metavar="ai|human",
            help="Shorthand: the AI (default) or other people at this terminal in the other seats.",
        ),
    ] = None,
    side: Annotated[
        str | None,
        typer.Option(metavar="N", help="Shorthand: the player you are (default 1); player 1 places first."),
    ] = None,
    human: Annotated[str | None, typer.Option("--human", metavar="SEATS", help=SEATS_HELP)] = None,
    ai: Annotated[
        str | None,
        typer.Option(
            "--ai", metavar="SEATS", help="Seats played by the AI (e.g. 2,3 or all); people play the others."
        ),
    ] = None,
    players: Annotated[str | None, typer.Option(metavar="2|3|4", help=PLAYERS_HELP)] = None,
    level: Annotated[str, typer.Option(metavar="LEVEL", help=LEVEL_HELP)] = "default",
    seconds: Annotated[
        str | None,
        typer.Option("--time", metavar="SECONDS", help="Thinking time per AI turn (default: the level's)."),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            metavar="N", help="Seed for the AI's random choices and random powers (repeatable games)."
        ),
    ] = None,
    load: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on from a saved game record.")] = None,
    position: Annotated[
        str | None,
        typer.Option(metavar="POSITION", help="Start from this position instead of the empty board."),
    ] = None,
    powers: Annotated[str | None, typer.Option(metavar="NAMES", help=POWERS_HELP)] = None,
    variant: Annotated[str | None, typer.Option(metavar="NAME", help=VARIANT_HELP)] = None,
    fleece: Annotated[str | None, typer.Option(metavar="NAME", help=FLEECE_HELP)] = None,
    allow_banned: Annotated[bool, typer.Option("--allow-banned", help=ALLOW_BANNED_HELP)] = False,
    setup: Annotated[
        bool,
        typer.Option(
            "--setup",
            help="Choose the god powers first, as the rules say: the Challenger "
            "picks one per player, the others choose one each, the Challenger names the start "
            "player. With --variant golden-fleece: the Challenger picks the power beside the board.",
        ),
    ] = False,
    challenger: Annotated[
        str | None,
        typer.Option(metavar="N", help="With --setup: the player who is the Challenger (default 1)."),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write the game's record to FILE when you leave (JSON for .json, else the text form).",
        ),
    ] = None,
    export_for: Annotated[str | None, typer.Option("--export-for", metavar="N", help=EXPORT_HELP)] = None,
) -> None:
    """Play a game at the terminal against the AI or other people (type help at the prompt).

    Seats: by default you are player 1 and the AI plays the others; --human or --ai say
    who plays which seat (--side and --opponent are shorthands for one person against
    the AI, or people only). With 3 or 4 players and no --powers, the powers are drawn
    at random (--seed repeats them); --setup lets the players choose.
    """
    if setup:
        for given, option in (
            (powers, "--powers"),
            (load, "--load"),
            (position, "--position"),
            (fleece, "--fleece"),
        ):
            if given is not None:
                fail(f"--setup cannot be combined with {option}: the setup chooses the powers of a new game")
    elif challenger is not None:
        fail("--challenger only makes sense with --setup")
    if export_for is not None and save is None:
        fail("--export-for says whose copy --save FILE writes: add --save FILE")
    writable_file(save, "--save")
    if load is not None and position is not None:
        fail("use either --load or --position, not both")
    for given, option in (
        (players, "--players"),
        (variant, "--variant"),
        (fleece, "--fleece"),
        (powers, "--powers"),
    ):
        if given is not None and load is not None:
            fail(f"{option} cannot be combined with --load: the saved game already says how it is played")
    level = check_level(level)
    time_per_move = parse_seconds(seconds)
    rng_seed = parse_seed(seed)
    console = Console(highlight=False)
    record = None
    movers: list[int] = []
    board: Board | None = None
    mode: GameMode | None = None
    fleece_setup = False
    if load is not None:
        record = read_record(load)
        board, movers = replay_record(record)
        n_players = board.n_players
    elif position is not None:
        if variant is not None or fleece is not None:
            fail(
                "--position names its own variant: write fleece=NAME in the position, not --variant/--fleece"
            )
        n_players = _position_players(position)
        if powers is not None:
            chosen = parse_powers(powers, n_players, allow_banned=allow_banned)
            try:
                position = with_powers(position, chosen)
            except PowerChoiceError as error:
                fail(str(error))
        board = parse_board(position)
        if board.fleece is None:  # a game is played by the setup rules (one check: lineup)
            try:
                in_play = [power.name or None for power in board.powers]
                check_powers(in_play, board.n_players, allow_banned=allow_banned)
            except SantoriniError as error:
                fail(f"{error} (in position {quote(position)}; 'show' and 'legal' read any position)")
        wanted = parse_players(players)
        if wanted is not None and wanted != board.n_players:
            fail(f"--players {wanted} does not fit the position, which has {board.n_players} players")
        n_players = board.n_players
    elif setup:
        n_players = parse_players(players) or 2
        fleece_setup = parse_variant(variant) == GOLDEN_FLEECE
        if fleece_setup and n_players != 2:
            fail(f"the Golden Fleece variant is for 2 players, not {n_players}")
    else:
        mode = resolve_mode(
            players, powers, variant, fleece, allow_banned=allow_banned, rng=random.Random(rng_seed)
        )
        n_players = mode.n_players
        board = mode.board()
    humans = parse_seats(n_players, human=human, ai=ai, side=side, opponent=opponent)
    first_challenger = 0 if challenger is None else parse_seat(challenger, n_players, "--challenger")
    export_player = None if export_for is None else parse_seat(export_for, n_players, "--export-for")
    make_ai_seat = engine_factory(level, rng_seed, time_per_move)
    names = seat_names(humans, f"AI {level_name(level)}")
    seats = [
        Seat(name) if person else Seat(name, make_ai_seat())
        for name, person in zip(names, humans, strict=True)
    ]
    hint = engine_factory(level, None if rng_seed is None else rng_seed + 1, time_per_move)
    read_line = terminal_reader(console)
    if board is None:
        dialog = SetupDialog(
            names,
            [not person for person in humans],
            console,
            read_line,
            challenger=first_challenger,
            rng=random.Random(rng_seed),
            allow_banned=allow_banned,
            fleece=fleece_setup,
        )
        try:
            board = dialog.run()
        except SetupLeft as left:
            raise typer.Exit(left.status) from None
    if mode is not None and mode.drawn:
        if mode.fleece is not None:
            console.print(f"Golden Fleece power drawn at random: {mode.fleece} (choose one with --fleece).")
        else:
            drawn = ", ".join(f"player {seat + 1} {name}" for seat, name in enumerate(mode.powers))
            console.print(f"Powers drawn at random: {drawn} (choose them with --powers or --setup).")
    session = GameSession(
        seats,
        board,
        start=record.start if record is not None else None,
        movers=movers,
        hint_engine=hint,
        rng=random.Random(rng_seed),
    )
    status = GameLoop(session, console, read_line).run()
    if save is not None:
        form = session.save(save, export_for=export_player)
        whose = "the game" if export_player is None else f"player {export_player + 1}'s view of the game"
        console.print(Text(f"Saved {whose} to {save} ({form} record)."), soft_wrap=True)
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
    players: Annotated[
        str | None,
        typer.Option(
            metavar="2|4",
            help="2 players, or 4 in two teams (1+3 against 2+4): each AI then plays both seats of its team.",
        ),
    ] = None,
    powers: Annotated[
        str | None,
        typer.Option(
            metavar="NAMES",
            help=POWERS_HELP + " The powers stay with the seats and the AIs swap seats every game, "
            "so each AI plays each power equally often.",
        ),
    ] = None,
    variant: Annotated[str | None, typer.Option(metavar="NAME", help=VARIANT_HELP)] = None,
    fleece: Annotated[str | None, typer.Option(metavar="NAME", help=FLEECE_HELP)] = None,
    allow_banned: Annotated[bool, typer.Option("--allow-banned", help=ALLOW_BANNED_HELP)] = False,
) -> None:
    """Play AI A against AI B from the fixed opening suite; print score, 95% interval and Elo."""
    n = parse_int(games, "--games", 1, MAX_GAMES)
    a, b = check_level(a, "--a"), check_level(b, "--b")
    time_per_move = parse_seconds(seconds)
    rng_seed = parse_seed(seed)
    if parse_players(players) == 3:
        fail("a match is between two sides: use --players 2, or 4 (two teams); selfplay plays 3 players")
    mode = resolve_mode(
        players, powers, variant, fleece, allow_banned=allow_banned, rng=random.Random(rng_seed)
    )
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

        openings = openings_for(mode)
        result = run_match(make_a, make_b, n, openings=openings, on_game=on_game)
    if mode.fleece is not None:
        typer.echo(f"Golden Fleece: {mode.fleece}")
    elif any(mode.powers):
        drawn = " (drawn at random)" if mode.drawn else ""
        typer.echo(
            "Powers: " + ", ".join(f"player {i + 1} {p or 'none'}" for i, p in enumerate(mode.powers)) + drawn
        )
    if mode.n_players == 4:
        typer.echo("Teams: players 1+3 against 2+4; each AI plays both seats of its team.")
    typer.echo(result.summary(name_a, name_b))


def openings_for(mode: GameMode) -> list[str]:
    """The opening suite for a game mode: placed under the powers' own placement rules.
    Each opening's first worker field is placed by the seat that places first, the second
    by the next (in four-player games these place their teams' workers). In the Golden
    Fleece variant the games start before the Ram is put down (the first placer's AI puts
    it). Openings the powers forbid (Eros places on the edges…) are left out; if none is
    left, games start from the empty board and the AIs place the workers themselves."""
    if mode.n_players == 2 and mode.fleece is None and not any(mode.powers):
        return list(OPENINGS)
    found = []
    for opening in OPENINGS:
        board = mode.board()
        first, second = opening.split()[2:4]
        try:
            for field in (first, second):
                board.play("".join("@" + square for square in field.split(",")))
        except SantoriniError:
            continue
        found.append(board.position())
    return found or [mode.board().position()]


def openings_with_powers(powers: list[str | None], allow_banned: bool) -> list[str]:
    """:func:`openings_for` a two-player game with these powers by seat."""
    return openings_for(GameMode(len(powers), tuple(powers), allow_banned=allow_banned))


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
    powers: Annotated[str | None, typer.Option(metavar="NAMES", help=POWERS_HELP)] = None,
    players: Annotated[str | None, typer.Option(metavar="2|3|4", help=PLAYERS_HELP)] = None,
    variant: Annotated[str | None, typer.Option(metavar="NAME", help=VARIANT_HELP)] = None,
    fleece: Annotated[str | None, typer.Option(metavar="NAME", help=FLEECE_HELP)] = None,
    games: Annotated[str, typer.Option(metavar="N", help="Number of games.")] = "10",
    ai: Annotated[
        str,
        typer.Option(
            metavar="LEVEL[,LEVEL…]",
            help="The AI of every seat, or one per seat separated by commas. " + LEVEL_HELP,
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
    save: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="Write each game's record to DIR (game-001.json, …)."),
    ] = None,
    export_for: Annotated[str | None, typer.Option("--export-for", metavar="N", help=EXPORT_HELP)] = None,
) -> None:
    """Play whole games between AIs with the given powers (or the Golden Fleece), from the
    empty board, and print the wins per seat, the mean length and any game stopped by the
    turn cap. Two players by default; --players 3 or 4 (teams 1+3 and 2+4)."""
    n = parse_int(games, "--games", 1, MAX_GAMES)
    cap = parse_int(max_turns, "--max-turns", 1, 10_000)
    rng_seed = parse_seed(seed)
    mode = resolve_mode(
        players, powers, variant, fleece, allow_banned=allow_banned, rng=random.Random(rng_seed)
    )
    if export_for is not None and save is None:
        fail("--export-for says whose copies --save DIR writes: add --save DIR")
    export_player = None if export_for is None else parse_seat(export_for, mode.n_players, "--export-for")
    seats = mode.n_players
    specs = [part.strip() for part in ai.split(",")]
    if len(specs) == 1:
        specs *= seats
    if len(specs) != seats:
        fail(f"--ai takes one AI for every seat or one per seat ({seats}), not {len(specs)}: {ai!r}")
    specs = [check_level(spec, "--ai") for spec in specs]
    time_per_move = parse_seconds(seconds)
    factories = [
        engine_factory(spec, None if rng_seed is None else rng_seed + seat, time_per_move)
        for seat, spec in enumerate(specs)
    ]
    label = mode.label
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
            wins = " - ".join(str(w) for w in partial.wins)
            progress.update(task, completed=len(partial.games), description=f"{label}: {wins}")

        result = run_selfplay(mode, lambda: [make() for make in factories], n, max_turns=cap, on_game=on_game)
    seed_text = f", seed {rng_seed}" if rng_seed is not None else ""
    typer.echo(f"selfplay {label}: {n} game{'s' if n != 1 else ''}{seed_text}")
    if mode.drawn:
        typer.echo("(drawn at random: choose with --powers or --fleece)")
    if mode.n_players == 4:
        typer.echo("teams: players 1+3 against 2+4 (a team's win counts for both)")
    for line in result.summary_lines([level_name(spec) for spec in specs]):
        typer.echo(line)
    if save is not None:
        written = save_games(result, save, export_player)
        whose = "" if export_player is None else f" (player {export_player + 1}'s copies)"
        typer.echo(f"saved {len(written)} record{'s' if len(written) != 1 else ''} to {save}{whose}")
