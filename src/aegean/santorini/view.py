"""What one player may see: observations with hidden information redacted.

Three cards hide facts from the other players (SANTORINI.md §4; RULINGS #56, #57, #60):
Hecate's workers stand on a secret map, Moerae's Fate square and Tartarus's Abyss are
chosen in secret. The :class:`~aegean.santorini.board.Board` keeps the true state; a
player is shown an :class:`Observation` (as boardgame.io's ``playerView`` and OpenSpiel's
per-player observations do), which contains nothing the rules hide from them:

- the workers of a ``hides_workers`` card are written ``?<count>`` in their field;
- a secret token (``Power.secret_tokens``) keeps its key but shows ``?`` as its value,
  so a player knows that the Abyss exists, not where;
- in the turns of the game, the steps of a hidden worker show only what the board shows
  (Hecate's build as ``?^d4``: where, not by whom; her moves not at all), and a card's
  secret setup marks show as ``*?``.

Once the game is over nothing is hidden any more. Two true states that differ only in
facts hidden from a player give that player byte-identical observations (the tests
check it after every step of random games).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .notation import format_step, format_turn
from .positions import TEAM_MATE, S, format_position, parse_position
from .power import State
from .rules import game_outcome, hidden_workers, team_of
from .squares import SQUARE_NAMES
from .steps import CANCELLED, StepKind, TurnCode, step_kind, step_src

#: Written instead of a hidden value.
UNKNOWN = "?"
#: A ``MARK`` step in turn notation: ``*c3`` or ``*ne``.
_SECRET_MARK = re.compile(r"\*(?:[a-e][1-5]|nw|ne|sw|se|n|e|s|w)")


@dataclass(frozen=True, slots=True)
class Observation:
    """One player's view of the game: the position and the turns so far, redacted."""

    #: The player, or ``None`` for a spectator (who sees no player's secrets).
    player: int | None
    #: The position as this player may see it (``docs/notation.md``, "Observations").
    position: str
    #: Every completed turn, oldest first, in notation, redacted.
    turns: tuple[str, ...]
    #: Whether anything was left out for this player.
    hidden: bool


def _team(board: State, player: int | None) -> frozenset[int]:
    """``player``'s team; a spectator (``None``) belongs to none."""
    return frozenset() if player is None else team_of(board, player)


def _secret_owners(board: State, player: int | None) -> list[int]:
    """Seats whose secrets ``player`` may not see now (none once the game is over)."""
    if game_outcome(board) is not None:  # a win, or a player left without a legal turn
        return []
    team, out = _team(board, player), board.eliminated()
    return [
        owner
        for owner, card in enumerate(board.powers)
        if owner not in team and owner not in out and (card.hides_workers or card.secret_tokens)
    ]


def redacted_position(board: State, player: int | None) -> str:
    """The position with everything hidden from ``player`` replaced by ``?``."""
    text = format_position(board)
    owners = _secret_owners(board, player)
    if not owners:
        return text
    fields = text.split(" ")
    mover = board.to_move
    if mover in owners and board.powers[mover].hides_workers:
        # In Hecate's turn a token naming her workers' squares (Hypnus's sleeper,
        # Aphrodite's bound workers, a Harpies slide) would show where they are: such
        # tokens are left out, present or not (``Power.worker_tokens``).
        about_mover = {key for card in board.powers for key in card.worker_tokens}
        fields = [f for f in fields if f.partition("=")[0] not in about_mover]
    for owner in owners:
        card = board.powers[owner]
        if card.hides_workers:
            side = board.side_of(owner)
            fields[2 + side] = UNKNOWN + str(len(board.workers[side]))
        for i, field in enumerate(fields):
            key, eq, _ = field.partition("=")
            if eq and _is_secret(key, card.secret_tokens):
                fields[i] = f"{key}={UNKNOWN}"
    if board.turn and board.to_move in owners and any(f.startswith("turn=") for f in fields):
        # (A placement in progress has no ``turn=`` field: the workers placed imply it.)
        fields = [f for f in fields if not f.startswith("turn=")]
        fields.append("turn=" + redact_turn(board, tuple(board.turn), board.to_move, player))
    return " ".join(fields)


def _is_secret(key: str, secret: tuple[str, ...]) -> bool:
    return any(key == s or (s.endswith(".") and key.startswith(s)) for s in secret)


def redact_turn(board: State, turn: TurnCode, mover: int, player: int | None) -> str:
    """``mover``'s turn as ``player`` (``None``: a spectator) sees it."""
    card = board.powers[mover]
    if player in _team(board, mover) or board.decided is not None or mover in board.eliminated():
        return _plain(turn)
    if not (card.hides_workers or card.secret_tokens):
        return _plain(turn)
    if not card.hides_workers:
        # Only the card's setup marks are secret (the Abyss, the Fate square): the turn
        # as written, with each mark's square or direction replaced.
        return _SECRET_MARK.sub("*" + UNKNOWN, _plain(turn))
    parts: list[str] = []
    for step in turn:
        kind = step_kind(step & ~CANCELLED)
        if kind is StepKind.MARK and card.secret_tokens:
            parts.append("*" + UNKNOWN)
        elif card.hides_workers and kind in (StepKind.MOVE, StepKind.FORCE) and not step & CANCELLED:
            continue  # on the secret map
        elif card.hides_workers and kind is StepKind.PLACE:
            parts.append("@" + UNKNOWN)
        elif card.hides_workers and kind in (StepKind.BUILD, StepKind.REMOVE):
            text = format_step(step, current=step_src(step))
            parts.append(UNKNOWN + text)
        else:
            parts.append(format_step(step, current=None))
    text = ""
    for part in parts:
        text += part if not text or part[0] in "@-^>x*~#" else "," + part
    return text or "."


def _plain(turn: TurnCode) -> str:
    return format_turn(turn)


def observe(board: State, player: int | None) -> Observation:
    """``player``'s observation of ``board`` (see the module docstring); ``None`` is a
    spectator, who is shown no player's secrets."""
    owners = _secret_owners(board, player)
    if owners:  # (games with secrets never use the fast path, which keeps no movers)
        turns = tuple(
            redact_turn(board, turn, mover, player) if mover in owners else _plain(turn)
            for turn, mover in zip(board.history, board.movers, strict=True)
        )
    else:
        turns = tuple(_plain(turn) for turn in board.history)
    return Observation(player, redacted_position(board, player), turns, bool(owners))


def determinize(observation: Observation, rng: random.Random, cls: type[S]) -> S:
    """A true state (a new ``cls``) consistent with ``observation``: each hidden value is
    drawn at random from those the card allows (``Power.secret_values``), hidden workers
    on free squares (``Board.from_observation``).

    The AI plays on such samples (determinization), so it never reads another player's
    secrets. The sample agrees with everything the observation shows; it does not try to
    be consistent with the whole history (documented in ``docs/rules-decisions.md``).
    """
    fields = observation.position.split(" ")
    # Hidden workers go on free squares of the text itself: a position with an empty
    # worker field after placement would not parse.
    cells = fields[0].replace("/", "")
    taken = {5 * (4 - i // 5) + i % 5 for i, ch in enumerate(cells) if ch in "ABCD"}
    sides = [i for i, f in enumerate(fields[2:], start=2) if "=" not in f]
    for field in (fields[i] for i in sides):
        if field not in ("-", TEAM_MATE) and not field.startswith(UNKNOWN):
            taken.update(SQUARE_NAMES.index(name) for name in field.split(","))
    for i in sides:
        if fields[i].startswith(UNKNOWN):
            free = [s for s in range(25) if s not in taken]
            chosen = rng.sample(free, min(int(fields[i][1:] or 0), len(free)))
            taken.update(chosen)
            fields[i] = ",".join(SQUARE_NAMES[s] for s in chosen) or "-"
    secret_keys = [f.partition("=")[0] for f in fields if f.endswith("=" + UNKNOWN)]
    # A turn in progress of a player with secrets is redacted (``turn=.``, ``?^d4``): left out.
    fields = [
        f
        for f in fields
        if not f.endswith("=" + UNKNOWN) and not (f.startswith("turn=") and (UNKNOWN in f or f == "turn=."))
    ]
    board = parse_position(" ".join(fields), cls)
    for key in secret_keys:
        owner = next(o for o, c in enumerate(board.powers) if _is_secret(key, c.secret_tokens))
        values = board.powers[owner].secret_values(board, key)
        if values:
            board.tokens[key] = rng.choice(values)
    board.forget_history()
    board.rehash()
    return board


def free_square_names(board: State) -> list[str]:
    """Names of the squares neither occupied nor domed: where a secret square may be."""
    return [SQUARE_NAMES[s] for s in range(25) if board.is_free(s)]


def visible_board(observation: Observation, cls: type[S]) -> S:
    """The observing player's board (a new ``cls``) with the secrets left out: no hidden
    workers, no secret tokens (``Board.visible_from``). Its legal turns are the turns
    the player can write (view-turns): listing the true board's turns would give secrets
    away (a turn cut short by Hecate's worker, a one-move turn into the Abyss)."""
    board = determinize(observation, random.Random(0), cls)
    for square in hidden_workers(board, observation.player):
        board.remove_worker(square)
    for field in observation.position.split():
        key, _, value = field.partition("=")
        if value == UNKNOWN and key in board.tokens:
            board.set_token(key, None)
    return board
