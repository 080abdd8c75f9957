"""The ``aegean trial`` commands: Trial of the Gods at the terminal.

The ``content`` sub-app checks a content set (``validate``), writes one out as the
starting point for one's own (``export``) and lists what it holds (``show``). The game
commands join ``app`` beside it from their own modules (``play`` and ``replay`` from
:mod:`.trial_play`, ``selfplay`` and ``match`` from :mod:`.trial_bots`); every command
refuses a bad set the same way: one line naming the file, the card and the field, exit
status 1.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from aegean.trial.content import ContentError, ContentSet, load_content
from aegean.trial.content.loader import DECK_COUNTS, FILES

from .santorini import command_boundary, fail
from .trial_bots import register as register_bots
from .trial_play import register as register_play

app = typer.Typer(
    help="Trial of the Gods: play at the terminal, bots' games and matches, replay saved games, "
    "check and export content sets.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
content_app = typer.Typer(
    help="Check, export and list content sets: directories of JSON files (docs/trial-content.md). "
    "Without DIR: the shipped sample set, the project's own, not the publisher's.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)
app.add_typer(content_app, name="content")
register_play(app)
register_bots(app)

#: How each deck is named in ``show``, in the order of the rulebook's component list.
DECK_NAMES = {
    "talents": "Talent cards",
    "travel": "Travel cards",
    "heroes": "Hero cards",
    "argonauts": "Argonaut enemy cards",
    "land": "Land enemy cards",
    "sea": "Sea enemy cards",
    "starting": "Starting action cards",
    "personal": "Personal action cards",
    "gods": "God action cards",
    "animae": "Animae action cards",
    "olympics": "Olympics cards",
}

DirArgument = Annotated[
    str | None,
    typer.Argument(metavar="DIR", help="A content set's directory (default: the shipped sample set)."),
]


def read_set(directory: str | None) -> ContentSet:
    """The checked set in ``directory`` (None: the shipped sample), or one line and exit 1."""
    try:
        return load_content(None if directory is None else Path(directory).expanduser())
    except ContentError as error:
        fail(str(error), 1)


def write_set(content: ContentSet, directory: Path) -> list[Path]:
    """Write ``content`` as its JSON files in ``directory`` (indented, UTF-8, one
    trailing newline: files meant to be edited by hand and kept under version control)."""
    written = []
    for name, document in content.to_files().items():
        path = directory / name
        path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


def card_count(content: ContentSet) -> int:
    return sum(len(getattr(content, deck)) for deck in DECK_COUNTS)


@content_app.command()
@command_boundary
def validate(directory: DirArgument = None) -> None:
    """Check a content set: every file, every card, the references between files and the
    rulebook's counts. Prints 'ok: …', or one line naming the file, card and field (exit 1)."""
    content = read_set(directory)
    zones = Counter(zone.kind for zone in content.board.zones)
    typer.echo(
        f"ok: {content.label} ({card_count(content)} cards, "
        f"{zones['island']} islands, {zones['sea']} sea zones)"
    )


@content_app.command()
@command_boundary
def export(
    directory: Annotated[str, typer.Argument(metavar="DIR", help="Where to write the set's JSON files.")],
    source: Annotated[
        str | None,
        typer.Option("--from", metavar="DIR", help="Export this set instead of the shipped sample set."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write into DIR even if it is not empty (its files are replaced).")
    ] = False,
) -> None:
    """Write a content set as editable JSON files: the starting point for your own set."""
    target = Path(directory).expanduser()
    if target.exists() and not target.is_dir():
        fail(f"{target}: not a directory", 1)
    if target.is_dir() and any(target.iterdir()) and not force:
        fail(f"{target} is not empty: give a new or empty directory, or --force to replace its files", 1)
    content = read_set(source)
    target.mkdir(parents=True, exist_ok=True)
    write_set(content, target)
    typer.echo(f"wrote {len(FILES)} files to {target}: {content.label}")
    typer.echo(
        "next: edit set.json first (its id, name and label: say whose content it is), "
        f"then check your changes with: aegean trial content validate {target}"
    )


@content_app.command()
@command_boundary
def show(directory: DirArgument = None) -> None:
    """List what a content set holds: each deck and its count, the board's zones."""
    content = read_set(directory)
    console = Console(highlight=False)
    console.print(Text(content.label), soft_wrap=True)
    table = Table("Component", "Count", "Of which")
    levels = Counter(talent.level for talent in content.talents)
    sea_monsters = sum(enemy.kind == "sea" for enemy in content.sea)
    details = {
        "talents": " / ".join(f"level {'I' * n}: {levels[n]}" for n in (1, 2, 3)),
        "sea": f"{sea_monsters} sea monsters, {len(content.sea) - sea_monsters} Calm Sea",
        "starting": f"{len(content.tracks.colours)} colours",
        "personal": f"{len({card.hero for card in content.personal})} Heroes",
        "gods": ", ".join(god.name for god in content.houses.gods),
    }
    for deck, name in DECK_NAMES.items():
        table.add_row(name, str(len(getattr(content, deck))), details.get(deck, ""))
    zones = content.board.zones
    islands = sum(zone.kind == "island" for zone in zones)
    table.add_row("Islands", str(islands), "")
    table.add_row(
        "Sea zones",
        str(len(zones) - islands),
        f"{sum(zone.dangerous for zone in zones)} dangerous, {sum(zone.edge for zone in zones)} on the edge",
    )
    fleece = sum(treasure.fleece for treasure in content.tracks.treasures)
    table.add_row("Treasure tokens", str(len(content.tracks.treasures)), f"{fleece} Golden Fleece parts")
    console.print(table)
