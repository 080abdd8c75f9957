"""The ``aegean trial`` commands: Trial of the Gods at the terminal (``play``, ``replay``)."""

from __future__ import annotations

import typer

from .trial_play import register

app = typer.Typer(
    help="Trial of the Gods: play at the terminal, replay saved games.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
register(app)
