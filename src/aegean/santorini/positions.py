"""Position notation: whole positions as one line of text (``docs/notation.md``).

>>> from aegean.santorini import Board
>>> board = parse_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2", Board)
>>> format_position(board)
'00000/00000/00000/00000/00000 1 b2,d4 b4,d2'
"""

from __future__ import annotations

from typing import TypeVar

from .errors import NotationError, PositionError, SantoriniError
from .lineup import cards_for
from .notation import format_turn, parse_turn
from .outcome import Outcome, Termination
from .power import Power, State
from .powers import make_power
from .rules import derive_turn_start, in_setup_turn
from .squares import SQUARE_NAMES, parse_square
from .state import OUT, REMOVED
from .steps import StepKind, place, step_kind

#: The worker field of players 3 and 4 in four-player games: the team's workers are
#: written once, in the fields of players 1 and 2.
TEAM_MATE = "&"
_LEVEL_CHARS = "0123"
_DOME_CHARS = "ABCD"
#: A square's byte (its height, plus 4 under a dome) to its character.
_SQUARE_CHARS = bytes.maketrans(bytes(range(8)), (_LEVEL_CHARS + _DOME_CHARS).encode())

#: The class of state a parse makes (the ``Board`` facade, in practice).
S = TypeVar("S", bound=State)


def format_position(board: State) -> str:
    """The position of ``board`` as space-separated fields (``docs/notation.md``)."""
    # Square by square in C: each height as a byte, 4 more under a dome, then one
    # translation to the characters (this is on the path of every native call).
    squares = bytearray(board.height)
    domes = board.domes
    while domes:
        low = domes & -domes
        squares[low.bit_length() - 1] += 4
        domes ^= low
    text = squares.translate(_SQUARE_CHARS).decode()
    fields = ["/".join(text[r : r + 5] for r in (20, 15, 10, 5, 0)), str(board.to_move + 1)]
    for player, workers in enumerate(board.workers):
        if player >= board.n_sides:
            fields.append(TEAM_MATE)  # four players: team mates share the workers
        else:
            fields.append(",".join(SQUARE_NAMES[s] for s in workers) or "-")
    if any(p.name for p in board.powers):
        fields.append("powers=" + ",".join(p.name.replace(" ", "") or "-" for p in board.powers))
    if board.fleece is not None:
        fields.append("fleece=" + board.fleece.name.replace(" ", ""))
    fields.extend(f"{key}={value}" for key, value in sorted(board.tokens.items()))
    if board.turn and (step_kind(board.turn[0]) is not StepKind.PLACE or not board.placing):
        # (A placement turn in progress is implied by the workers placed, unless they are
        # all down and a setup choice, such as Aeolus's wind, is still to come.)
        fields.append("turn=" + format_turn(tuple(board.turn)))
    outcome = board.decided
    if outcome is not None:
        winners = ",".join(str(p + 1) for p in sorted(outcome.winners))
        fields.append(f"outcome={winners}:{outcome.termination.value}")
    return " ".join(fields)


def parse_position(text: str, cls: type[S], *, strict: bool = False) -> S:
    """Read a position into a new ``cls`` (``Board.from_position`` passes the facade); a
    malformed one raises :class:`PositionError` naming the field. A position describes a
    state, whatever setup led there; ``strict`` also refuses powers the setup rules do
    not allow together (:mod:`.lineup`: player counts, heroes, banned matchups)."""

    fields = text.split()
    if len(fields) < 4:
        raise PositionError(
            "count",
            f"expected at least 4 fields (board, player to move, one per player), found {len(fields)}",
        )
    heights, domes = _parse_board(fields[0])
    worker_fields = [f for f in fields[2:] if "=" not in f]
    extra = fields[2 + len(worker_fields) :]
    if any("=" not in f for f in extra) or len(fields) != 2 + len(worker_fields) + len(extra):
        raise PositionError("order", "worker fields must come before key=value fields")
    n_players = len(worker_fields)
    if not 2 <= n_players <= 4:
        raise PositionError("workers", f"expected one worker field per player (2-4), found {n_players}")
    if fields[1] not in [str(p) for p in range(1, n_players + 1)]:
        raise PositionError("to-move", f"expected a player 1..{n_players}, found {fields[1]!r}")
    keys = [field.partition("=")[0] for field in extra]
    powers_text = dict(f.partition("=")[::2] for f in extra).get("powers")
    fleece_text = dict(f.partition("=")[::2] for f in extra).get("fleece")
    if n_players == 4 and worker_fields[2:] != [TEAM_MATE, TEAM_MATE]:
        raise PositionError(
            "player-3",
            f"in four-player games players 3 and 4 share their team's workers: write {TEAM_MATE!r}",
        )
    if n_players != 4 and TEAM_MATE in worker_fields:
        raise PositionError(
            f"player-{worker_fields.index(TEAM_MATE) + 1}", f"{TEAM_MATE!r} (team workers) needs four players"
        )
    names = _parse_powers(powers_text, n_players)  # (its errors name their field already)
    try:
        cards, fleece = cards_for(n_players, names, fleece=fleece_text or None, strict=strict)
    except SantoriniError as error:
        raise PositionError("fleece" if fleece_text else "powers", str(error)) from None
    board = cls.with_cards(n_players, cards, fleece=fleece)
    board.height = heights
    board.domes = domes
    board.to_move = int(fields[1]) - 1
    seen: dict[int, int] = {}
    for player, field in enumerate(worker_fields[: board.n_sides]):
        name = f"player-{player + 1}"
        squares = [] if field == "-" else field.split(",")
        most = board.worker_counts[player] + board.powers[player].spare_workers
        if len(squares) > most:
            raise PositionError(name, f"{len(squares)} workers, at most {most}")
        for sq_text in squares:
            try:
                s = parse_square(sq_text)
            except ValueError as error:
                raise PositionError(name, str(error)) from None
            if s in seen:
                raise PositionError(name, f"two workers on {sq_text}")
            if domes >> s & 1:
                raise PositionError(name, f"a worker on the dome at {sq_text}")
            seen[s] = player
            board.workers[player].append(s)
            board.owner[s] = player
            board.occupied |= 1 << s
    removed = dict(f.partition("=")[::2] for f in extra).get(REMOVED)
    if removed is not None:
        board.tokens[REMOVED] = _parse_removed(removed, board)
    turn_text = dict(f.partition("=")[::2] for f in extra).get("turn", "")
    _check_placement(board, placing_turn=turn_text.startswith("@"))
    if board.placing:
        board.turn = [place(s) for s in board.workers[board.to_move]]
    # Each token belongs to the card whose prefix it carries (``Power.token_prefixes``).
    keepers: dict[str, tuple[int, Power]] = {}
    for seat, card in enumerate(board.powers):
        if card.name or card.indirect:
            for prefix in card.token_prefixes():
                keepers.setdefault(prefix, (seat, card))
    for field in extra:
        key, _, value = field.partition("=")
        if keys.count(key) > 1:
            raise PositionError(key or field, f"{key or field!r} is given {keys.count(key)} times")
        if key == "turn":
            if board.placing:
                raise PositionError("turn", "a turn in progress during placement is implied by the workers")
            try:
                board.turn = list(parse_turn(value))
            except NotationError as error:
                raise PositionError("turn", str(error)) from None
        elif key == "outcome":
            board._outcome = _parse_outcome(value, n_players)
        elif key in ("powers", "fleece", REMOVED):
            continue
        elif key == OUT or key.partition(".")[0] in keepers:
            if not value:
                raise PositionError(key, "a token needs a value")
            board.tokens[key] = value
        else:
            known = ", ".join(["powers", "turn", "outcome", REMOVED, OUT, *sorted(keepers)])
            raise PositionError(key or field, f"unknown field {field!r} (known keys: {known})")
    if OUT in board.tokens:
        _check_out(board, board.tokens[OUT])
        for seat in board.eliminated():  # a player out of the game took their card's state along
            prefixes = board.powers[seat].token_prefixes()
            for key in [k for k in board.tokens if k.partition(".")[0] in prefixes]:
                if key in keys:
                    raise PositionError(key, f"player {seat + 1} is out of the game, and so is their card")
                del board.tokens[key]  # (a starting token of the card, such as Chaos's deck)
    for key, value in sorted(board.tokens.items()):
        if key not in (REMOVED, OUT):
            seat, card = keepers[key.partition(".")[0]]
            problem = card.check_token(board, seat, key, value)
            if problem:
                raise PositionError(key, problem)
    for seat, card in enumerate(board.powers):
        missing = card.missing_token(board, seat)
        if missing:
            raise PositionError(*missing)
    if not board.turn and board.decided is None and not in_setup_turn(board):
        _derive_turn_start(board)
    board.rehash()
    return board


def _check_out(board: State, value: str) -> None:
    """``out=<player>``: who left a three-player game (SANTORINI.md §6): one player, who
    has no workers left and is not to move."""
    if board.n_players != 3:
        raise PositionError(OUT, f"players leave only three-player games, not a {board.n_players}-player one")
    if value not in ("1", "2", "3"):
        raise PositionError(OUT, f"expected the one player (1..3) out of the game, found {value!r}")
    player = int(value) - 1
    if board.workers[player]:
        raise PositionError(OUT, f"player {value} is out of the game but still has workers on the board")
    if board.to_move == player:
        raise PositionError(OUT, f"player {value} is out of the game and cannot be to move")


def _derive_turn_start(board: State) -> None:
    """A position between turns is written after the start of the next turn: the state
    that start decides from the board (Hypnus's sleeper, Aphrodite's binding, the Golden
    Fleece holders: ``Power.start_of_turn_state``) is derived if the text leaves it out,
    and a value the text gives must be the one the board decides (issue 13, item 4)."""
    given = dict(board.tokens)
    derive_turn_start(board)
    for key in sorted(set(given) | set(board.tokens)):
        if key in given and board.tokens.get(key) != given[key]:
            derived = board.tokens.get(key)
            now = f"{key}={derived}" if derived is not None else f"no {key}"
            raise PositionError(
                key,
                f"{key}={given[key]} does not fit the start of player {board.to_move + 1}'s turn: "
                f"the board makes it {now}",
            )
    board.forget_history()


def _parse_powers(text: str | None, n_players: int) -> list[str | None]:
    if text is None:
        return [None] * n_players
    names = text.split(",")
    if len(names) != n_players:
        raise PositionError("powers", f"expected {n_players} names (or '-'), found {len(names)}")
    for name in names:
        try:
            make_power(name)
        except SantoriniError as error:
            raise PositionError("powers", str(error)) from None
    return [None if n == "-" else n for n in names]


def _parse_board(field: str) -> tuple[list[int], int]:
    ranks = field.split("/")
    if len(ranks) != 5:
        raise PositionError("board", f"expected 5 ranks separated by '/', found {len(ranks)}")
    heights = [0] * 25
    domes = 0
    for i, rank_text in enumerate(ranks):
        rank = 4 - i
        if len(rank_text) != 5:
            raise PositionError("board", f"rank {rank + 1} {rank_text!r} must have 5 squares")
        for file, ch in enumerate(rank_text):
            s = rank * 5 + file
            if ch in _LEVEL_CHARS:
                heights[s] = _LEVEL_CHARS.index(ch)
            elif ch in _DOME_CHARS:
                heights[s] = _DOME_CHARS.index(ch)
                domes |= 1 << s
            else:
                raise PositionError(
                    "board", f"{ch!r} on {SQUARE_NAMES[s]} is not a level (0-3) or a dome (A-D)"
                )
    return heights, domes


def _parse_removed(value: str, board: State) -> str:
    """``removed=<count per player>``: workers a power removed from the game."""
    parts = value.split(",")
    if len(parts) != board.n_players or not all(p.isascii() and p.isdigit() for p in parts):
        raise PositionError("removed", f"expected {board.n_players} counts like 0,1, found {value!r}")
    for player, part in enumerate(parts):
        on_board = len(board.workers[player]) if player < board.n_sides else 0
        full = board.worker_counts[player] + board.powers[player].spare_workers
        if on_board + int(part) > full:
            raise PositionError(
                "removed", f"player {player + 1} has {on_board} workers and {int(part)} removed, over {full}"
            )
    if not any(int(p) for p in parts):
        raise PositionError("removed", "leave the field out when no worker was removed")
    return ",".join(str(int(p)) for p in parts)


def _check_placement(board: State, *, placing_turn: bool = False) -> None:
    """Workers are placed a whole player at a time, before anyone moves; workers removed
    from the game by a power (``removed=``) were placed."""
    removed = board.removed_counts()
    counts = [len(board.workers[p]) + removed[board.side_of(p)] for p in range(board.n_players)]
    for player, count in enumerate(counts):
        full = board.worker_counts[player]
        if 0 < count < full and board.side_of(player) != board.side_of(board.to_move):
            raise PositionError(
                f"player-{player + 1}", f"{count} of {full} workers placed, but placing is one whole turn"
            )
    mover_full = counts[board.to_move] == board.worker_counts[board.to_move]
    if mover_full and 0 in counts and not placing_turn:
        missing = counts.index(0) + 1
        raise PositionError(
            f"player-{missing}", f"no workers placed, but player {board.to_move + 1} is to move a worker"
        )


def _parse_outcome(value: str, n_players: int) -> Outcome:
    winners_text, _, reason = value.partition(":")
    try:
        winners = frozenset(int(w) - 1 for w in winners_text.split(","))
        termination = Termination(reason)
    except ValueError:
        raise PositionError("outcome", f"expected winners:reason like 1:climb, found {value!r}") from None
    if not winners or not all(0 <= w < n_players for w in winners):
        raise PositionError("outcome", f"winners must be players 1..{n_players}")
    return Outcome(winners, termination)


def board_diagram(board: State) -> str:
    """A plain-text picture: each square shows its level (or dome) and any worker."""
    lines = []
    for rank in range(4, -1, -1):
        cells = []
        for file in range(5):
            s = rank * 5 + file
            level = (_DOME_CHARS if board.domes >> s & 1 else _LEVEL_CHARS)[board.height[s]]
            who = board.owner[s]
            cells.append(level + ("." if who < 0 else str(who + 1)))
        lines.append(f"{rank + 1} " + " ".join(cells))
    lines.append("  " + " ".join(f + " " for f in "abcde").rstrip())
    return "\n".join(lines)
