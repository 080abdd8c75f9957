"""Rich rendering of a Santorini board for the terminal.

Every square is a 7 × 2 block. Its background shows the level (dark green ground, then
ever lighter stone for levels 1-3, blue for a dome) and its first line repeats the level
as a digit, so the board also reads without colour (piped output, ``NO_COLOR``). Workers
are coloured chips with their player's number (in four-player games, the team's: ``1+3``
or ``2+4``, since team mates share their workers); the Golden Fleece Ram is a brown
``RAM`` square; the squares of the last turn carry a mark (``·`` where a worker left,
``*`` where it arrived, ``^`` the build, ``@`` a placement).

What is drawn is a :class:`Scene`: the whole game, or what one player may see of it
(:meth:`Board.view <aegean.santorini.board.Board.view>`), built from that player's
observation alone, so that a hot-seat game never shows anyone another player's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.color import Color
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table
from rich.text import Text

from aegean.present.scene import Scene, scene_of
from aegean.present.words import card_heading
from aegean.santorini import Board
from aegean.santorini.powers import Power
from aegean.santorini.powers.texts import card_text
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.view import UNKNOWN

CELL_WIDTH = 7
FILES = "abcde"

#: Background of an open square by level, then the level digit's colour.
LEVEL_STYLES: tuple[Style, ...] = (
    Style(color="#7fae7f", bgcolor="#2f5a2f"),  # ground: grass
    Style(color="black", bgcolor="#8e8e8e"),  # level 1
    Style(color="black", bgcolor="#b8b8b8"),  # level 2
    Style(color="black", bgcolor="#e4e4e4"),  # level 3
)
DOME_STYLE = Style(color="white", bgcolor="#1f4fc8", bold=True)
RAM_STYLE = Style(color="white", bgcolor="#8b5a2b", bold=True)
#: One chip style per player (up to four players).
PLAYER_STYLES: tuple[Style, ...] = (
    Style(color="white", bgcolor="#c41e1e", bold=True),  # player 1: red
    Style(color="black", bgcolor="#f2c200", bold=True),  # player 2: yellow
    Style(color="white", bgcolor="#7b2fbf", bold=True),  # player 3: purple
    Style(color="black", bgcolor="#2fd0d0", bold=True),  # player 4: cyan
)
PLAYER_COLOURS = ("red", "yellow", "purple", "cyan")
HIGHLIGHT = Color.parse("#ffd21f")  # the bar under the squares of the last turn
MARK_STYLE = Style(color="#ffd21f", bold=True)
MARK_STYLE_LIGHT = Style(color="#9a2a00", bold=True)  # readable on the light levels
COORD_STYLE = Style(color="bright_black", bold=True)
#: The letter of a secret square on the board of a player who may see it (A: Abyss, F: Fate).
PLACE_STYLE = Style(color="#d01fd0", bold=True)


# ---------------------------------------------------------------------- the board
def worker_label(scene: Scene, side: int) -> str:
    """The number on a worker's chip: its player, or its team (``1+3``) with four."""
    return f"{side + 1}+{side + 3}" if scene.n_players == 4 else str(side + 1)


def _cell(scene: Scene, square: int, mark: str) -> Text:
    """The three lines of one square: level, worker, and a half-block edge that turns
    into a bright bar under the squares of the last turn."""
    level = scene.height[square]
    dome = bool(scene.domes >> square & 1)
    ram = dome and scene.ram == square
    style = RAM_STYLE if ram else DOME_STYLE if dome else LEVEL_STYLES[level]
    top = Text(style=style)
    label = "R" if ram else f"D{level}" if dome else str(level)
    top.append(f" {label}")
    place = scene.places.get(square)
    if place:  # a secret square the viewer may see (their own Abyss, Fate spaces)
        top.append(" ")
        top.append(place[0], PLACE_STYLE)
    pad = CELL_WIDTH - 1 - len(label) - (2 if mark else 0) - (2 if place else 0)
    top.append(" " * pad)
    if mark:
        top.append(mark, MARK_STYLE_LIGHT if level >= 2 and not dome else MARK_STYLE)
        top.append(" ")
    bottom = Text(style=style)
    owner = scene.owner[square]
    if ram:
        bottom.append("  RAM  ")
    elif dome:
        bottom.append(" DOME  ")
    elif owner >= 0:
        chip = f" {worker_label(scene, owner)} "
        left = (CELL_WIDTH - len(chip)) // 2
        bottom.append(" " * left)
        bottom.append(chip, PLAYER_STYLES[owner % len(PLAYER_STYLES)])
        bottom.append(" " * (CELL_WIDTH - len(chip) - left))
    else:
        bottom.append(" " * CELL_WIDTH)
    assert style.bgcolor is not None
    edge = Text("▀" * CELL_WIDTH, Style(color=style.bgcolor, bgcolor=HIGHLIGHT if mark else None))
    return Text("\n").join([top, bottom, edge])


def board_table(scene: Scene) -> Table:
    """The board as a grid with files a-e above and below and ranks 5-1 at both sides."""
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(justify="right", style=COORD_STYLE)
    for _ in FILES:
        grid.add_column(width=CELL_WIDTH)
    grid.add_column(justify="left", style=COORD_STYLE)
    files = [Text(f, justify="center", style=COORD_STYLE) for f in FILES]
    grid.add_row("", *files, "")
    for rank in range(4, -1, -1):
        cells = [_cell(scene, rank * 5 + file, scene.marks.get(rank * 5 + file, "")) for file in range(5)]
        label = f"\n{rank + 1}"
        grid.add_row(label, *cells, label)
    grid.add_row("", *files, "")
    return grid


PLAIN_KEY = "(each square: level 0-3 or A-D for a dome, then the worker's player or '.')"
PLAIN_KEY_TEAMS = "(each square: level 0-3 or A-D for a dome, then the worker's team (1: 1+3, 2: 2+4) or '.')"
PLAIN_KEY_RAM = " R is the Ram."


def plain_key(scene: Scene) -> str:
    key = PLAIN_KEY_TEAMS if scene.n_players == 4 else PLAIN_KEY
    return key + (PLAIN_KEY_RAM if scene.ram is not None else "")


def plain_board(scene: Scene, *, key: bool = True) -> Text:
    """The board for consoles without colour: each square is its level (``A``-``D``: a
    dome on level 0-3, as in positions; ``R``: the Ram), its worker's player (team, with
    four players) or ``.``, and its mark; ``key`` adds the line that says so."""
    files = "    " + "".join(f"{f:<4}" for f in FILES)
    lines = [files.rstrip()]
    for rank in range(4, -1, -1):
        cells = []
        for file in range(5):
            square = rank * 5 + file
            dome = scene.domes >> square & 1
            level = (
                "R" if dome and scene.ram == square else ("ABCD" if dome else "0123")[scene.height[square]]
            )
            owner = scene.owner[square]
            cells.append(level + ("." if owner < 0 else str(owner + 1)) + scene.marks.get(square, " "))
        lines.append(f"{rank + 1}   " + " ".join(cells) + f"  {rank + 1}")
    lines.append(files.rstrip())
    if key:
        lines.append(plain_key(scene))
    return Text("\n".join(lines))


def _as_scene(board: Board | Scene) -> Scene:
    return board if isinstance(board, Scene) else scene_of(board)


class BoardView:
    """A board with its last turn marked: coloured squares on a colour console, plain
    text (still complete) on one without, such as a pipe or ``NO_COLOR``."""

    def __init__(self, board: Board | Scene) -> None:
        self.scene = _as_scene(board)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if console.color_system is None or console.no_color:
            yield plain_board(self.scene)
        else:
            yield board_table(self.scene)


#: The power cards go beside the board when they get at least this many columns there,
#: else under it.
CARD_MIN_WIDTH = 44
#: The card texts wrap at this width at most, to stay readable on wide consoles.
CARD_TEXT_WIDTH = 72
CARD_GAP = 3


def _card_body(scene: Scene, power: Power, heading: str = "") -> Text:
    body = Text()
    body.append(heading + card_heading(power.name), Style(bold=True))
    body.append("\n")
    body.append(card_text(power.name))
    tokens = power_tokens(scene, power.token)
    if tokens:
        body.append("\nstate: " + " ".join(tokens), Style(dim=True))
    return body


def power_cards(board: Board | Scene) -> Table | None:
    """The power card of every player who has one (or the Golden Fleece card beside the
    board): name, epithet, category, the card text, and the power's tokens (its state,
    as in the position, secrets as ``?``); ``None`` without powers."""
    scene = _as_scene(board)
    named = [p for p in scene.powers if p.name]
    if not named and scene.fleece is None:
        return None
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(max_width=CARD_TEXT_WIDTH)
    if scene.fleece is not None:
        grid.add_row(Text("GF", style=RAM_STYLE), _card_body(scene, scene.fleece, "Golden Fleece: "))
        return grid
    for player, power in enumerate(scene.powers):
        chip = player_chip(player, scene.n_players)
        if player in scene.eliminated:
            grid.add_row(chip, Text(f"{power.name or 'no power'} (out of the game)", Style(dim=True)))
        elif not power.name:
            grid.add_row(chip, Text("no power", Style(dim=True)))
        else:
            grid.add_row(chip, _card_body(scene, power))
    return grid


def power_tokens(board: Board | Scene, owner: str | None) -> list[str]:
    """The tokens ``key=value`` of the power whose token is ``owner`` (``None``: the
    tokens no power in play owns, such as the core's ``removed`` and ``out``, and the
    Golden Fleece's ``ram``). The Ram and its holders have a legend line of their own."""
    scene = _as_scene(board)
    owners = {p.token for p in scene.powers if p.name}
    if scene.fleece is not None:
        owners.add(scene.fleece.token)
    found = []
    for key, value in sorted(scene.tokens.items()):
        prefix = key.partition(".")[0]
        if owner is None and prefix == "ram" and scene.fleece is not None:
            continue
        if (prefix == owner) if owner is not None else prefix not in owners:
            found.append(f"{key}={value}")
    return found


class BoardWithCards:
    """The board, with the power cards beside it on a wide console and under it on a
    narrow one (the cards alone need about 40 columns to read well)."""

    def __init__(self, board: Board | Scene) -> None:
        self.scene = _as_scene(board)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        plain = console.color_system is None or console.no_color
        scene = self.scene
        cards = power_cards(scene)
        view: RenderableType = plain_board(scene, key=cards is None) if plain else board_table(scene)
        if cards is None:
            yield view
            return
        board_width = Measurement.get(console, options, view).maximum
        if options.max_width - board_width - CARD_GAP >= CARD_MIN_WIDTH:
            layout = Table.grid(padding=(0, CARD_GAP, 0, 0))
            layout.add_column(no_wrap=True)
            layout.add_column()
            layout.add_row(view, cards)
            yield layout
            if plain:
                yield Text(plain_key(scene))
        else:
            if plain:
                view = Group(view, Text(plain_key(scene)))
            yield view
            yield Text()
            yield cards
            yield Text()


def player_chip(player: int, n_players: int = 2) -> Text:
    """A player's number on their colour (a team's colour, with four players)."""
    side = player % 2 if n_players == 4 else player
    return Text.assemble((f" {player + 1} ", PLAYER_STYLES[side % len(PLAYER_STYLES)]))


def player_colour(player: int, n_players: int = 2) -> str:
    return PLAYER_COLOURS[(player % 2 if n_players == 4 else player) % 4]


#: The secret squares a legend names: the word, the card, what the square does (drawn
#: on the coloured board with the word's first letter).
PLACE_WORDS = (
    ("Abyss", "Tartarus", "a worker that enters it loses"),
    ("Fate", "Moerae", "an opponent who would win by moving onto one makes Moerae win"),
)


def legend(scene: Scene, names: Sequence[str]) -> Text:
    """The lines under the board: who is who (teams, players out of the game, hidden
    workers), whose turn it is, the last turn, the Golden Fleece and other tokens."""
    text = Text()
    n = scene.n_players
    if n == 4:
        text.append("Team 1+3 (red) against Team 2+4 (yellow): team mates share the workers of their colour.")
        text.append("\n")
    for player, name in enumerate(names):
        text.append_text(player_chip(player, n))
        team = f", team {scene.side_of(player) + 1}+{scene.side_of(player) + 3}" if n == 4 else ""
        text.append(f" player {player + 1} ({player_colour(player, n)}{team}): {name}")
        power = scene.powers[player].name
        if power:
            text.append(f" — {power}", Style(bold=True))
        if player in scene.eliminated:
            text.append("  out of the game", Style(bold=True, dim=True))
        elif player == scene.to_move and not scene.over:
            text.append("  ← to move", Style(bold=True))
        if scene.side_of(player) in scene.hidden_workers and player < (2 if n == 4 else n):
            count = scene.hidden_workers[scene.side_of(player)]
            text.append(f"  ({count} worker{'s' if count != 1 else ''} on a secret map)", Style(dim=True))
        text.append("\n")
    if scene.fleece is not None:
        text.append(f"Golden Fleece: {scene.fleece.name}", Style(bold=True))
        ram = scene.ram
        if ram is None:
            text.append(" — the Ram is not on the board yet", Style(dim=True))
        else:
            holders = scene.tokens.get("ram.holders", "-")
            held = "nobody" if holders == "-" else " and ".join(f"player {p}" for p in holders.split(","))
            text.append(f" — the Ram on {SQUARE_NAMES[ram]}; held this turn by {held}", Style(dim=True))
        text.append("\n")
    if scene.last_turn:
        who = f"player {scene.last_mover + 1}" if scene.last_mover is not None else "last turn"
        text.append(f"Last turn ({who}): ", Style(dim=True))
        text.append(scene.last_turn, Style(bold=True))
        text.append("   · from  * to  ^ build  @ placed", Style(dim=True))
        text.append("\n")
    places = scene.places
    for word, owner, meaning in PLACE_WORDS:
        squares = [SQUARE_NAMES[s] for s in sorted(places) if places[s] == word]
        if squares:
            secret = "" if scene.over else ", secret from the other players"
            where = f"{' '.join(squares)} (marked {word[0]} on the board)"
            text.append(f"{word} ({owner}{secret}): {where} — {meaning}", Style(bold=True))
            text.append("\n")
    removed = [int(n) for n in scene.tokens.get("removed", "").split(",") if n.isdigit()]
    lost = [f"player {player + 1}: {n}" for player, n in enumerate(removed) if n]
    if lost:
        text.append("Workers removed from the game by a power: " + ", ".join(lost), Style(dim=True))
        text.append("\n")
    # (``out`` is said on the players' lines, ``removed`` just above.)
    said = ("removed", "out")
    other = [token for token in power_tokens(scene, None) if token.partition("=")[0] not in said]
    if other:
        text.append("Tokens: " + " ".join(other), Style(dim=True))
        text.append("\n")
    if scene.hidden_workers or any(value == UNKNOWN for value in scene.tokens.values()):
        viewer = scene.viewer + 1 if scene.viewer is not None else "?"
        text.append(f"(Player {viewer}'s view: '?' is hidden from you until the game ends.)", Style(dim=True))
        text.append("\n")
    text.rstrip()
    return text


def render_board(
    board: Board | Scene, names: Sequence[str] | None = None, *, viewer: int | None = None
) -> RenderableType:
    """The board with its legend (and the power cards in a game with powers); the last
    turn of the board's history is highlighted. With a ``viewer``, only what that
    player may see (:func:`scene_of`)."""
    scene = board if isinstance(board, Scene) else scene_of(board, viewer)
    if names is None:
        names = [f"player {p + 1}" for p in range(scene.n_players)]
    return Group(BoardWithCards(scene), legend(scene, names))
