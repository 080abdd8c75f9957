"""The ``aegean`` command: one sub-command per game (``aegean santorini …``)."""

from __future__ import annotations

from typing import Annotated

import typer

from aegean import __version__

from .santorini import app as santorini_app

app = typer.Typer(
    name="aegean",
    help="Aegean: Santorini as software. Play at the terminal, analyse positions, run AI matches.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
app.add_typer(santorini_app, name="santorini")


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"aegean {__version__}")
        raise typer.Exit()


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="SQLite file, or a SQLAlchemy URL such as postgresql+psycopg://user:pw@host/aegean."
        ),
    ] = "aegean-games.sqlite3",
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(help="Another origin whose pages may open game WebSockets (repeatable)."),
    ] = None,
    ai_workers: Annotated[int, typer.Option(min=1, max=16, help="Processes for AI seats.")] = 1,
    rate_limit: Annotated[
        float,
        typer.Option(
            min=1,
            help="Messages a second one WebSocket, and requests a second one client address, may send "
            "on average (bursts of twice that).",
        ),
    ] = 20.0,
    create_limit: Annotated[
        int,
        typer.Option(min=1, help="Games one client address may create at once, and then as many an hour."),
    ] = 30,
    max_spectators: Annotated[int, typer.Option(min=0, help="Spectators one game takes at most.")] = 1000,
    expire_after: Annotated[
        float,
        typer.Option(min=1, help="Seconds after which a game nobody has started (no action) is removed."),
    ] = 7200.0,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Start the online table: the game server and the web UI (open http://HOST:PORT)."""
    import gc
    import logging

    import uvicorn

    from aegean.server.app import MAX_MESSAGE, create_app

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    application = create_app(
        db,
        allow_origins=tuple(allow_origin or ()),
        ai_workers=ai_workers,
        rate=rate_limit,
        burst=2 * rate_limit,
        create_limit=create_limit,
        max_spectators=max_spectators,
        expire_after=expire_after,
    )
    # What the imports made lives as long as the server: out of the collector's sight,
    # its full collections pass over a fraction of the objects (they stopped every game
    # for 100-190 ms a few times a minute; docs/performance.md).
    gc.collect()
    gc.freeze()
    typer.echo(f"Aegean online table on http://{host}:{port} (games in {db})")
    # (No permessage-deflate: the messages are small, and compressing each cost the server
    # more CPU than anything else it does per message.)
    uvicorn.run(
        application,
        host=host,
        port=port,
        ws_max_size=MAX_MESSAGE,
        ws_per_message_deflate=False,
        log_level=log_level.lower(),
    )


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    """Aegean: board games from the Aegean."""


if __name__ == "__main__":  # pragma: no cover
    app()
