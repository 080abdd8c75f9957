"""``aegean trial …``: Trial of the Gods at the terminal (bots' games and matches here;
the content commands join this app from their own module)."""

from __future__ import annotations

import typer

from .trial_bots import register as register_bots

app = typer.Typer(
    help="Trial of the Gods: games between bots, matches (content: the labelled sample set by default).",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
register_bots(app)
