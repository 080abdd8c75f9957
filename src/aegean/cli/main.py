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
