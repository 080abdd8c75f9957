"""The JSON the web UI draws: boards, options and whole-game states, per viewer.

Everything here starts from what the viewer may see (``Board.view``): a spectator
(``None``) is shown no player's secrets, a player not the secrets of others. The
redaction tests scan these messages for the other seats' secrets.
"""

from __future__ import annotations

from typing import Any

from aegean.present.scene import Scene, observed_scene, scene_of
from aegean.santorini.board import Board
from aegean.santorini.notation import format_turn
from aegean.santorini.powers import power_info
from aegean.santorini.powers.texts import card_text
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import (
    StepCode,
    StepKind,
    mark_direction,
    step_dome,
    step_dst,
    step_kind,
    step_src,
)
from aegean.santorini.view import redact_turn

from .table import Table, option_text

_DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
_KIND_NAMES = {
    StepKind.PLACE: "place",
    StepKind.MOVE: "move",
    StepKind.BUILD: "build",
    StepKind.FORCE: "force",
    StepKind.END: "end",
    StepKind.REMOVE: "remove",
    StepKind.MARK: "mark",
    StepKind.PASS: "pass",
    StepKind.OUT: "out",
}
_MARK_NAMES = {"@": "place", "·": "from", "*": "to", "^": "build"}


def scene_for(board: Board, viewer: int | None) -> Scene:
    """The scene ``viewer`` may see (a spectator: the view with every secret hidden)."""
    if viewer is None and board.outcome() is None:
        observation = board.view(None)
        if observation.hidden:
            mover = board.movers[-1] if board.movers else None
            return observed_scene(board, observation.position, observation.turns, mover, None)
        return scene_of(board, None)
    return scene_of(board, viewer)


def board_json(scene: Scene) -> dict[str, Any]:
    """Cells a1 … e5 with level, dome, worker side and tokens; hidden worker counts."""
    tokens_on: dict[int, list[str]] = {}
    for key, value in scene.tokens.items():
        for name in value.split(","):
            if name in SQUARE_NAMES:
                tokens_on.setdefault(SQUARE_NAMES.index(name), []).append(key)
    cells = []
    for square in range(25):
        side = scene.owner[square]
        cells.append(
            {
                "square": SQUARE_NAMES[square],
                "level": scene.height[square],
                "dome": bool(scene.domes >> square & 1),
                "worker": side if side >= 0 else None,
                "tokens": sorted(tokens_on.get(square, [])),
            }
        )
    ram = scene.ram
    return {
        "cells": cells,
        "hidden_workers": {str(side): n for side, n in scene.hidden_workers.items()},
        "ram": None if ram is None else SQUARE_NAMES[ram],
        "to_move": scene.to_move,
        "eliminated": sorted(scene.eliminated),
        "last": None
        if scene.last_turn is None
        else {
            "turn": scene.last_turn,
            "mover": scene.last_mover,
            "marks": {SQUARE_NAMES[s]: _MARK_NAMES.get(m, m) for s, m in scene.marks.items()},
        },
    }


def option_json(step: StepCode) -> dict[str, Any]:
    """One legal step as the UI needs it: what to click and what to call it."""
    kind = step_kind(step)
    name = _KIND_NAMES[kind]
    text = option_text(step)
    option: dict[str, Any] = {"text": text, "kind": name, "from": None, "to": None, "dome": False}
    if kind in (StepKind.MOVE, StepKind.BUILD, StepKind.FORCE, StepKind.REMOVE):
        option["from"] = SQUARE_NAMES[step_src(step)]
        option["to"] = SQUARE_NAMES[step_dst(step)]
        option["dome"] = bool(step_dome(step))
    elif kind is StepKind.PLACE:
        option["to"] = SQUARE_NAMES[step_dst(step)]
    elif kind is StepKind.MARK:
        direction = mark_direction(step)
        if direction is None:
            option["to"] = SQUARE_NAMES[step_dst(step)]
        else:
            option["direction"] = _DIRECTIONS[direction]
    option["label"] = _label(name, option)
    return option


def _label(kind: str, option: dict[str, Any]) -> str:
    src, dst = option["from"], option["to"]
    if kind == "move":
        return f"move {src} → {dst}"
    if kind == "build":
        return f"build a dome on {dst}" if option["dome"] else f"build on {dst}"
    if kind == "force":
        return f"force the worker on {src} to {dst}"
    if kind == "remove":
        return f"remove a block from {dst}"
    if kind == "place":
        return f"place on {dst}"
    if kind == "mark":
        return f"mark {dst}" if dst else f"point {option['direction'].upper()}"
    return {"end": "End turn (skip the optional steps)", "pass": "Pass", "out": "Leave the game"}[kind]


def cards_json(table: Table) -> list[dict[str, Any]]:
    board = table.board
    if board is None:
        return []
    cards = []
    for seat, power in enumerate(board.powers):
        if power.name:
            cards.append(_card(power.name, seat))
    if board.fleece is not None:
        cards.append(_card(board.fleece.name, None))
    return cards


def _card(name: str, seat: int | None) -> dict[str, Any]:
    info = power_info(name)
    return {"name": info.name, "epithet": info.epithet, "text": card_text(info.name), "seat": seat}


def turns_json(table: Table, viewer: int | None) -> list[dict[str, Any]]:
    board = table.board
    if board is None:
        return []
    texts = board.view(viewer).turns if table.outcome() is None else None
    turns = []
    for i, turn in enumerate(board.history):
        text = texts[i] if texts is not None else format_turn(turn)
        mover = table.movers[i] if i < len(table.movers) else None
        turns.append({"number": i + 1, "seat": mover, "text": text})
    return turns


def in_progress(table: Table, viewer: int | None) -> str:
    """The committed part of the turn in progress (before another player's choice)."""
    board = table.board
    if board is None or not board.turn or table.outcome() is not None:
        return ""
    return redact_turn(board, tuple(board.turn), board.to_move, viewer)


def setup_json(table: Table) -> dict[str, Any] | None:
    setup = table.setup
    if setup is None or table.board is not None:
        return None
    phase = setup.phase
    return {
        "phase": phase,
        "challenger": setup.challenger,
        "chooser": setup.chooser,
        "picks": setup.picks,
        "fleece": setup.fleece,
        "offered": list(setup.offered),
        "remaining": setup.remaining,
        "start_options": setup.allowed_start_players() if phase == "start" else [],
    }
