"""The scene of a board: what a drawing of it shows, for the whole game or for one
viewer (:meth:`Board.view <aegean.santorini.board.Board.view>`), built from that
viewer's observation alone, so that no front end can draw another player's secret.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from aegean.santorini import Board, NotationError, StepKind, format_turn, parse_turn
from aegean.santorini.powers import Power
from aegean.santorini.powers.moerae import CORNERS, FATE, fate_mask
from aegean.santorini.powers.tartarus import ABYSS
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import TurnCode, step_dst, step_kind, step_src
from aegean.santorini.view import UNKNOWN


@dataclass
class Scene:
    """Everything a board drawing shows: the whole game, or one player's view of it."""

    n_players: int
    height: list[int]
    domes: int
    #: ``owner[s]``: the side (player, or team with four players) on ``s``, or -1.
    owner: list[int]
    powers: tuple[Power, ...]
    fleece: Power | None
    to_move: int
    tokens: dict[str, str]
    #: Whether the game is over (then the legend marks nobody as "to move").
    over: bool
    eliminated: frozenset[int] = frozenset()
    #: The last turn as text, who played it, and the squares it touched.
    last_turn: str | None = None
    last_mover: int | None = None
    marks: dict[int, str] = field(default_factory=dict)
    #: Sides whose workers are hidden from the viewer, and how many (Hecate).
    hidden_workers: dict[int, int] = field(default_factory=dict)
    #: The player whose view this is, or ``None`` for the whole game.
    viewer: int | None = None

    @property
    def ram(self) -> int | None:
        square = self.tokens.get("ram")
        return SQUARE_NAMES.index(square) if square in SQUARE_NAMES else None

    def side_of(self, player: int) -> int:
        return player % 2 if self.n_players == 4 else player

    @property
    def places(self) -> dict[int, str]:
        """Squares that a secret card marks, where this scene may show them (to their
        owner, or once the game is over): ``Abyss`` (Tartarus), ``Fate`` (Moerae)."""
        return secret_places(self.tokens)


def secret_places(tokens: dict[str, str]) -> dict[int, str]:
    """Square -> ``Abyss`` / ``Fate`` for the secret marks whose value ``tokens`` shows
    (a hidden one is ``?`` and marks nothing)."""
    places: dict[int, str] = {}
    corner = tokens.get(FATE, UNKNOWN)
    if corner in SQUARE_NAMES and SQUARE_NAMES.index(corner) in CORNERS:
        mask = fate_mask(SQUARE_NAMES.index(corner))
        places.update({s: "Fate" for s in range(25) if mask >> s & 1})
    abyss = tokens.get(ABYSS, UNKNOWN)
    if abyss in SQUARE_NAMES:
        places[SQUARE_NAMES.index(abyss)] = "Abyss"
    return places


def scene_of(board: Board, viewer: int | None = None) -> Scene:
    """The scene of ``board``: the whole game, or — with a ``viewer`` who may not see
    everything — what that player's observation shows, and nothing else."""
    outcome = board.outcome()
    last = board.history[-1] if board.history else None
    mover = last_mover(board)
    if viewer is not None and outcome is None:
        observation = board.view(viewer)
        if observation.hidden:
            return observed_scene(board, observation.position, observation.turns, mover, viewer)
    return Scene(
        n_players=board.n_players,
        height=list(board.height),
        domes=board.domes,
        owner=list(board.owner),
        powers=board.powers,
        fleece=board.fleece,
        to_move=board.to_move,
        tokens=dict(board.tokens),
        over=outcome is not None,
        eliminated=board.eliminated(),
        last_turn=format_turn(last) if last else None,
        last_mover=mover,
        marks=turn_marks(last),
        viewer=viewer,
    )


def observed_scene(
    board: Board, position: str, turns: Sequence[str], mover: int | None, viewer: int | None
) -> Scene:
    """A scene from an observation's text (``docs/notation.md``): ``?N`` worker fields
    are hidden workers, ``key=?`` a hidden token value. Only the cards in play (public)
    come from ``board``."""
    state = read_position(position, board.n_sides)
    last = turns[-1] if turns else None
    return Scene(
        n_players=board.n_players,
        height=state.height,
        domes=state.domes,
        owner=state.owner,
        powers=board.powers,
        fleece=board.fleece,
        to_move=state.to_move,
        tokens=state.tokens,
        over=False,
        eliminated=board.eliminated(),
        last_turn=last,
        last_mover=mover,
        marks=text_marks(last) if last else {},
        hidden_workers=state.hidden,
        viewer=viewer,
    )


@dataclass
class SeenState:
    """The parts of a position text (possibly an observation, with ``?``) a scene and
    the event sentences read: levels, domes, workers by side, hidden workers, tokens."""

    height: list[int]
    domes: int
    owner: list[int]
    hidden: dict[int, int]
    tokens: dict[str, str]
    to_move: int


def read_position(position: str, n_sides: int) -> SeenState:
    """:class:`SeenState` of a position or observation text that the engine wrote (so it
    is well formed; an observation cannot be parsed by the engine because of its ``?``)."""
    fields = position.split()
    height = [0] * 25
    domes = 0
    for i, rank_text in enumerate(fields[0].split("/")):
        for file, ch in enumerate(rank_text):
            square = (4 - i) * 5 + file
            if ch in "ABCD":
                height[square] = "ABCD".index(ch)
                domes |= 1 << square
            else:
                height[square] = int(ch)
    owner = [-1] * 25
    hidden: dict[int, int] = {}
    worker_fields = [f for f in fields[2:] if "=" not in f]
    for side, text in enumerate(worker_fields[:n_sides]):
        if text.startswith(UNKNOWN):
            hidden[side] = int(text[1:] or 0)
        elif text != "-":
            for name in text.split(","):
                owner[SQUARE_NAMES.index(name)] = side
    tokens = {}
    for text in fields[2 + len(worker_fields) :]:
        key, _, value = text.partition("=")
        if key not in ("powers", "fleece", "turn", "outcome"):
            tokens[key] = value
    return SeenState(height, domes, owner, hidden, tokens, int(fields[1]) - 1)


def last_mover(board: Board) -> int | None:
    """Who played the last turn: the board's record of movers where it keeps one (the
    two-player fast path does not), else the owner of the worker it moved or placed."""
    if not board.history:
        return None
    if len(board.movers) == len(board.history):
        return board.movers[-1]
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


def turn_marks(turn: TurnCode | None) -> dict[int, str]:
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


def text_marks(text: str) -> dict[int, str]:
    """:func:`turn_marks` of a turn in notation, which may be a redacted one (``?^d4``):
    then only the builds it shows are marked."""
    try:
        return turn_marks(parse_turn(text))
    except NotationError:
        found = re.findall(r"\^([a-e][1-5])", text)
        return {SQUARE_NAMES.index(name): "^" for name in found}
