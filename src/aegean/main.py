"""The ``aegean`` command, on top of both front ends: one sub-command per game
(``aegean santorini …`` and ``aegean trial …``, the terminal front ends), ``aegean serve``
(Santorini's online table) and ``aegean engine`` (Santorini's engine behind a line
protocol, docs/engine-protocol.md).
The server's modules load only when it is started, so terminal commands start fast."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated

import typer

from aegean import __version__
from aegean.cli import engine as engine_protocol
from aegean.cli.santorini import app as santorini_app
from aegean.cli.santorini import command_boundary, fail, parse_int
from aegean.cli.trial import app as trial_app

app = typer.Typer(
    name="aegean",
    help="Aegean: Santorini and Trial of the Gods as software. Santorini: play at the terminal or "
    "online, analyse positions, run AI matches. Trial of the Gods: check and export content sets.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
app.add_typer(santorini_app, name="santorini")
app.add_typer(trial_app, name="trial")


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"aegean {__version__}")
        raise typer.Exit()


LOG_LEVELS = ("debug", "info", "warning", "error")


@app.command()
def engine() -> None:
    """Speak the engine protocol on stdin and stdout (docs/engine-protocol.md), for GUIs,
    tournament managers and programs in any language: type 'aegean' to start, 'quit' to end."""
    raise typer.Exit(engine_protocol.main())


@app.command()
@command_boundary
def serve(
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Address to listen on (0.0.0.0: every interface).")
    ] = "127.0.0.1",
    port: Annotated[str, typer.Option(metavar="PORT", help="TCP port, 1 to 65535.")] = "8000",
    db: Annotated[
        str,
        typer.Option(
            metavar="FILE|URL",
            help="SQLite file, or a SQLAlchemy URL such as postgresql+psycopg://user:pw@host/aegean.",
        ),
    ] = "aegean-games.sqlite3",
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ORIGIN", help="Another origin whose pages may open game WebSockets (repeatable)."
        ),
    ] = None,
    ai_workers: Annotated[str, typer.Option(metavar="N", help="Processes for AI seats, 1 to 16.")] = "1",
    rate_limit: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="Messages a second one WebSocket, and requests a second one client address, may send "
            "on average, at least 1 (bursts of twice that).",
        ),
    ] = "20",
    create_limit: Annotated[
        str,
        typer.Option(
            metavar="N", help="Games one client address may create at once, then as many an hour (1 or more)."
        ),
    ] = "30",
    max_spectators: Annotated[
        str, typer.Option(metavar="N", help="Spectators one game takes at most (0 or more).")
    ] = "1000",
    expire_after: Annotated[
        str,
        typer.Option(
            metavar="SECONDS", help="Seconds after which a game nobody has started (no action) is removed."
        ),
    ] = "7200",
    log_level: Annotated[str, typer.Option(metavar="LEVEL", help="debug, info, warning or error.")] = "info",
) -> None:
    """Start the online table: the game server and the web UI (open http://HOST:PORT)."""
    import gc
    import logging

    import uvicorn  # (here: loaded only for ``serve``)

    from aegean.server.app import MAX_MESSAGE, create_app

    port_number = parse_int(port, "--port", 1, 65535)
    workers = parse_int(ai_workers, "--ai-workers", 1, 16)
    rate = parse_number(rate_limit, "--rate-limit", 1)
    if log_level.lower() not in LOG_LEVELS:
        fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    check_database(db)
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    application = create_app(
        db,
        allow_origins=tuple(allow_origin or ()),
        ai_workers=workers,
        rate=rate,
        burst=2 * rate,
        create_limit=parse_int(create_limit, "--create-limit", 1, 1_000_000),
        max_spectators=parse_int(max_spectators, "--max-spectators", 0, 1_000_000),
        expire_after=parse_number(expire_after, "--expire-after", 1),
    )
    # What the imports made lives as long as the server: out of the collector's sight,
    # its full collections pass over a fraction of the objects (they stopped every game
    # for 100-190 ms a few times a minute; docs/performance.md).
    gc.collect()
    gc.freeze()
    typer.echo(f"Aegean online table on http://{host}:{port_number} (games in {db})")
    # (No permessage-deflate: the messages are small, and compressing each cost the server
    # more CPU than anything else it does per message.)
    uvicorn.run(
        application,
        host=host,
        port=port_number,
        ws_max_size=MAX_MESSAGE,
        ws_per_message_deflate=False,
        log_level=log_level.lower(),
    )


def parse_number(text: str, name: str, low: float) -> float:
    """A finite number of at least ``low`` for option ``name``, or one clear line."""
    try:
        value = float(text)
    except ValueError:
        fail(f"{name} must be a number, not {text!r}")
    if not math.isfinite(value) or value < low:
        fail(f"{name} must be at least {low:g}, not {text!r}")
    return value


def check_database(db: str) -> None:
    """Refuse a SQLite file that cannot be opened before the server starts (a missing
    folder, a folder given as the file, a folder not writable): one line, not a
    traceback from the server's start. Other URLs are the database driver's to check."""
    if "://" in db:
        return
    path = Path(db).expanduser()
    folder = path.parent
    if path.is_dir():
        fail(f"--db {db}: that is a folder; give the SQLite file's name (it is made if missing)", 1)
    if not folder.is_dir():
        fail(f"--db {db}: there is no folder {folder} for the SQLite file", 1)
    if not os.access(folder, os.W_OK):
        fail(f"--db {db}: not allowed to write in {folder} (SQLite writes its journal there)", 1)


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Aegean: board games from the Aegean."""


if __name__ == "__main__":  # pragma: no cover
    app()
