"""``aegean trial play`` and ``aegean trial replay``: Trial of the Gods at the terminal,
and a saved game checked choice by choice.

Bad arguments, content sets and records get one line on stderr and a non-zero exit
status (2: a bad argument, 1: a bad file), never a traceback.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer
from rich.console import Console

from aegean.trial.content import ContentError, ContentSet, load_content
from aegean.trial.record import MAX_SEED, RecordError, read_record, replay
from aegean.trial.view import observe

from .santorini import command_boundary, fail, parse_int, parse_seed, writable_file
from .terminal import terminal_reader
from .trial_loop import TrialLoop
from .trial_present import scores_panel
from .trial_table import SEAT_KINDS, Seat, TrialTable, make_seat

T = TypeVar("T")

ContentOption = Annotated[
    str | None,
    typer.Option(
        "--content",
        metavar="DIR",
        help="A content set's directory (default: the shipped sample set, the project's own).",
    ),
]


def load_set(directory: str | None) -> ContentSet:
    """The checked set in ``directory`` (None: the shipped sample), or one line and exit 1."""
    try:
        return load_content(None if directory is None else Path(directory).expanduser())
    except ContentError as error:
        fail(str(error), 1)


def checked(action: Callable[[], T], file: Path | None = None) -> T:
    """``action()``, or its :class:`RecordError` as one line (naming ``file``) and exit 1."""
    try:
        return action()
    except RecordError as error:
        fail(f"{file}: {error}" if file is not None else str(error), 1)


def parse_seats(text: str | None, hotseat: bool, players: int, seed: int) -> list[Seat]:
    """The seats: ``--seats human,random`` (one per player), ``--hotseat`` (people in
    every seat), or by default a person in seat 1 and random bots in the others."""
    if text is not None and hotseat:
        fail("use either --seats or --hotseat, not both")
    if hotseat:
        kinds = ["human"] * players
    elif text is None:
        kinds = ["human"] + ["random"] * (players - 1)
    else:
        kinds = [kind.strip().lower() for kind in text.split(",")]
        if len(kinds) != players:
            fail(f"--seats names {len(kinds)} seats for {players} players: one per player, e.g. human,random")
    seats = []
    for seat, kind in enumerate(kinds):
        try:
            seats.append(make_seat(kind, seat, seed))
        except ValueError:
            fail(f"--seats: unknown seat {kind[:30]!r} (one of {', '.join(SEAT_KINDS)})")
    return seats


def play(
    players: Annotated[str | None, typer.Option(metavar="2-4", help="How many players (default 2).")] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            metavar="KINDS",
            help=f"Who plays each seat, comma-separated: {', '.join(SEAT_KINDS)} "
            "(default: you in seat 1, random bots in the others).",
        ),
    ] = None,
    hotseat: Annotated[
        bool,
        typer.Option(
            "--hotseat",
            help="People in every seat, passing the screen: it is cleared between them, "
            "and each sees only what their seat may see.",
        ),
    ] = False,
    seed: Annotated[str | None, typer.Option(metavar="N", help="Seed for the shuffles and dice.")] = None,
    advanced: Annotated[
        bool, typer.Option("--advanced", help="The advanced game (Captain draft, Modifiers, 5 rounds).")
    ] = False,
    content: ContentOption = None,
    load: Annotated[Path | None, typer.Option(metavar="FILE", help="Go on from a saved game.")] = None,
    save: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Write the game's record to FILE when you leave or it ends."),
    ] = None,
) -> None:
    """Play Trial of the Gods at the terminal against bots or other people (type help at
    any prompt). A saved record holds every choice, hidden ones too: it is for the
    players at this table."""
    if load is not None:
        for given, option in ((players, "--players"), (seed, "--seed"), (advanced or None, "--advanced")):
            if given is not None:
                fail(f"{option} cannot be combined with --load: the saved game says how it is played")
    writable_file(save, "--save")
    content_set = load_set(content)
    if load is None:
        count = parse_int(players or "2", "--players", 2, 4)
        rng_seed = parse_seed(seed)
        if rng_seed is not None and not 0 <= rng_seed <= MAX_SEED:
            fail(f"--seed must be between 0 and {MAX_SEED}, not {rng_seed}")
        game_seed = random.randrange(1 << 31) if rng_seed is None else rng_seed
        chosen = parse_seats(seats, hotseat, count, game_seed)
        table = TrialTable.new(content_set, count, game_seed, chosen, advanced)
    else:
        record = checked(lambda: read_record(load))
        chosen = parse_seats(seats, hotseat, record.players, record.seed)
        table = checked(lambda: TrialTable(content_set, record, chosen), load)
    console = Console(highlight=False)
    status = TrialLoop(table, console, terminal_reader(console), save).run()
    raise typer.Exit(status)


def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A saved game (aegean trial play --save).")],
    content: ContentOption = None,
) -> None:
    """Check a saved game choice by choice (each must have been legal) and print its result."""
    content_set = load_set(content)
    record = checked(lambda: read_record(file))
    game = checked(lambda: replay(record, content_set), file)
    console = Console(highlight=False)
    console.print(f"Content: {content_set.label}", soft_wrap=True, markup=False)
    mode = "advanced" if record.advanced else "base"
    console.print(
        f"{record.players} players, {mode} game, seed {record.seed}: "
        f"{len(record.choices)} choices, each legal.",
        markup=False,
    )
    if record.result is None:
        who = ", ".join(f"player {p + 1}" for p in game.to_decide())
        console.print(f"The game is not finished: {who} to decide.", markup=False)
        return
    console.print(scores_panel(observe(game, None), record.result.winner))
    console.print(f"Result: {record.result}.", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``play`` and ``replay`` to the ``aegean trial`` commands."""
    app.command("play")(command_boundary(play))
    app.command("replay")(command_boundary(replay_command))
