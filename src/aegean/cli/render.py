"""Rich rendering of a Santorini board for the terminal.

Every square is a 7 × 2 block. Its background shows the level (dark green ground, then
ever lighter stone for levels 1-3, blue for a dome) and its first line repeats the level
as a digit, so the board also reads without colour (piped output, ``NO_COLOR``). Workers
are coloured chips with their player's number; the squares of the last turn carry a mark
(``·`` where a worker left, ``*`` where it arrived, ``^`` the build, ``@`` a placement).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.color import Color
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.table import Table
from rich.text import Text

from aegean.santorini import Board, StepKind, Turn, format_turn
from aegean.santorini.powers.texts import card_text
from aegean.santorini.steps import step_dst, step_kind, step_src

from .powers import card_heading

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


def turn_marks(turn: Turn | None) -> dict[int, str]:
    """Square -> mark for the squares a turn touched (its source, destination, build)."""
    marks: dict[int, str] = {}
    if not turn:
        return marks
    for step in turn:
        kind = step_kind(step)
        if kind is StepKind.PLACE:
            marks[step_dst(step)] = "@"
        elif kind in (StepKind.MOVE, StepKind.FORCE):
            marks.setdefault(step_src(step), "·")
            marks[step_dst(step)] = "*"
        elif kind is StepKind.BUILD:
            marks[step_dst(step)] = "^"
    return marks


def _cell(board: Board, square: int, mark: str) -> Text:
    """The three lines of one square: level, worker, and a half-block edge that turns
    into a bright bar under the squares of the last turn."""
    level = board.height[square]
    dome = bool(board.domes >> square & 1)
    style = DOME_STYLE if dome else LEVEL_STYLES[level]
    top = Text(style=style)
    label = f"D{level}" if dome else str(level)
    top.append(f" {label}")
    pad = CELL_WIDTH - 1 - len(label) - (2 if mark else 0)
    top.append(" " * pad)
    if mark:
        top.append(mark, MARK_STYLE_LIGHT if level >= 2 and not dome else MARK_STYLE)
        top.append(" ")
    bottom = Text(style=style)
    owner = board.owner[square]
    if dome:
        bottom.append(" DOME  ")
    elif owner >= 0:
        bottom.append("  ")
        bottom.append(f" {owner + 1} ", PLAYER_STYLES[owner % len(PLAYER_STYLES)])
        bottom.append("  ")
    else:
        bottom.append(" " * CELL_WIDTH)
    assert style.bgcolor is not None
    edge = Text("▀" * CELL_WIDTH, Style(color=style.bgcolor, bgcolor=HIGHLIGHT if mark else None))
    return Text("\n").join([top, bottom, edge])


def board_table(board: Board, last_turn: Turn | None = None) -> Table:
    """The board as a grid with files a-e above and below and ranks 5-1 at both sides."""
    marks = turn_marks(last_turn)
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(justify="right", style=COORD_STYLE)
    for _ in FILES:
        grid.add_column(width=CELL_WIDTH)
    grid.add_column(justify="left", style=COORD_STYLE)
    files = [Text(f, justify="center", style=COORD_STYLE) for f in FILES]
    grid.add_row("", *files, "")
    for rank in range(4, -1, -1):
        cells = [_cell(board, rank * 5 + file, marks.get(rank * 5 + file, "")) for file in range(5)]
        label = f"\n{rank + 1}"
        grid.add_row(label, *cells, label)
    grid.add_row("", *files, "")
    return grid


PLAIN_KEY = "(each square: level 0-3 or A-D for a dome, then the worker's player or '.')"


def plain_board(board: Board, last_turn: Turn | None = None, *, key: bool = True) -> Text:
    """The board for consoles without colour: each square is its level (``A``-``D``: a
    dome on level 0-3, as in positions), its worker's player or ``.``, and its mark;
    ``key`` adds the line that says so."""
    marks = turn_marks(last_turn)
    files = "    " + "".join(f"{f:<4}" for f in FILES)
    lines = [files.rstrip()]
    for rank in range(4, -1, -1):
        cells = []
        for file in range(5):
            square = rank * 5 + file
            level = ("ABCD" if board.domes >> square & 1 else "0123")[board.height[square]]
            owner = board.owner[square]
            cells.append(level + ("." if owner < 0 else str(owner + 1)) + marks.get(square, " "))
        lines.append(f"{rank + 1}   " + " ".join(cells) + f"  {rank + 1}")
    lines.append(files.rstrip())
    if key:
        lines.append(PLAIN_KEY)
    return Text("\n".join(lines))


class BoardView:
    """A board with its last turn marked: coloured squares on a colour console, plain
    text (still complete) on one without, such as a pipe or ``NO_COLOR``."""

    def __init__(self, board: Board, last_turn: Turn | None = None) -> None:
        self.board = board
        self.last_turn = last_turn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if console.color_system is None or console.no_color:
            yield plain_board(self.board, self.last_turn)
        else:
            yield board_table(self.board, self.last_turn)


#: The power cards go beside the board when they get at least this many columns there,
#: else under it.
CARD_MIN_WIDTH = 44
#: The card texts wrap at this width at most, to stay readable on wide consoles.
CARD_TEXT_WIDTH = 72
CARD_GAP = 3


def power_cards(board: Board) -> Table | None:
    """The power card of every player who has one: name, epithet, category, the card
    text, and the power's tokens (its state, as in the position); ``None`` without powers."""
    if not any(p.name for p in board.powers):
        return None
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(max_width=CARD_TEXT_WIDTH)
    for player, power in enumerate(board.powers):
        if not power.name:
            grid.add_row(player_chip(player), Text("no power", Style(dim=True)))
            continue
        body = Text()
        body.append(card_heading(power.name), Style(bold=True))
        body.append("\n")
        body.append(card_text(power.name))
        tokens = power_tokens(board, power.token)
        if tokens:
            body.append("\nstate: " + " ".join(tokens), Style(dim=True))
        grid.add_row(player_chip(player), body)
    return grid


def power_tokens(board: Board, owner: str | None) -> list[str]:
    """The tokens ``key=value`` of the power whose token is ``owner`` (``None``: the
    tokens no power in play owns, such as the core's ``removed``)."""
    owners = {p.token for p in board.powers if p.name}
    found = []
    for key, value in sorted(board.tokens.items()):
        prefix = key.partition(".")[0]
        if (prefix == owner) if owner is not None else prefix not in owners:
            found.append(f"{key}={value}")
    return found


class BoardWithCards:
    """The board, with the power cards beside it on a wide console and under it on a
    narrow one (the cards alone need about 40 columns to read well)."""

    def __init__(self, board: Board, last_turn: Turn | None = None) -> None:
        self.board = board
        self.last_turn = last_turn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        plain = console.color_system is None or console.no_color
        cards = power_cards(self.board)
        view: RenderableType = (
            plain_board(self.board, self.last_turn, key=cards is None)
            if plain
            else board_table(self.board, self.last_turn)
        )
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
                yield Text(PLAIN_KEY)
        else:
            if plain:
                view = Group(view, Text(PLAIN_KEY))
            yield view
            yield Text()
            yield cards
            yield Text()


def player_chip(player: int) -> Text:
    return Text.assemble((f" {player + 1} ", PLAYER_STYLES[player % len(PLAYER_STYLES)]))


def legend(board: Board, names: Sequence[str], last_turn: Turn | None = None) -> Text:
    """The lines under the board: who is who, whose turn it is, the last turn."""
    text = Text()
    for player, name in enumerate(names):
        text.append_text(player_chip(player))
        text.append(f" player {player + 1} ({PLAYER_COLOURS[player % 4]}): {name}")
        power = board.powers[player].name
        if power:
            text.append(f" — {power}", Style(bold=True))
        if player == board.to_move and board.outcome() is None:
            text.append("  ← to move", Style(bold=True))
        text.append("\n")
    if last_turn:
        mover = _mover_of_last_turn(board)
        who = f"player {mover + 1}" if mover is not None else "last turn"
        text.append(f"Last turn ({who}): ", Style(dim=True))
        text.append(format_turn(last_turn), Style(bold=True))
        text.append("   · from  * to  ^ build  @ placed", Style(dim=True))
        text.append("\n")
    other = power_tokens(board, None)
    if other:
        text.append("Tokens: " + " ".join(other), Style(dim=True))
        text.append("\n")
    text.rstrip()
    return text


def _mover_of_last_turn(board: Board) -> int | None:
    """Who played the last turn in the history: the owner of the worker it moved or placed."""
    if not board.history:
        return None
    turn = board.history[-1]
    for step in turn:
        kind = step_kind(step)
        if kind in (StepKind.MOVE, StepKind.BUILD):
            # After a move the worker stands on the destination.
            square = step_dst(step) if kind is StepKind.MOVE else step_src(step)
            owner = board.owner[square]
            if owner >= 0:
                return owner
        elif kind is StepKind.PLACE and board.owner[step_dst(step)] >= 0:
            return board.owner[step_dst(step)]
    return None


def render_board(board: Board, names: Sequence[str] | None = None) -> RenderableType:
    """The board with its legend (and the power cards in a game with powers); the last
    turn of the board's history is highlighted."""
    last = board.history[-1] if board.history else None
    if names is None:
        names = [f"player {p + 1}" for p in range(board.n_players)]
    return Group(BoardWithCards(board, last), legend(board, names, last))
