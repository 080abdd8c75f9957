"""Turns typed at the terminal: friendlier spellings, and the choices that other
players' powers make inside a turn (Gaea after a dome), asked of their owners.

Nothing here reads or prints: :mod:`aegean.cli.loop` asks, :mod:`aegean.cli.session`
plays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from aegean.santorini import Board, IllegalTurnError, rules
from aegean.santorini.powers import Power
from aegean.santorini.rules import hidden_workers
from aegean.santorini.steps import INSERTED, PASS, StepCode, TurnCode

#: ``decide(owner, options)``: the step a player picks when their power must choose inside
#: another player's turn (Gaea after a dome).
Decide = Callable[[int, list[StepCode]], StepCode]

SQUARE = re.compile(r"[a-e][1-5]")
_SQUARE_ANY_CASE = re.compile(r"[A-Ea-e][1-5]")


def normalize_turn_text(text: str, placing: bool) -> str:
    """Accept friendlier spellings of a turn: any case, steps separated by spaces, and
    bare squares (``b2 c3 d4`` = ``b2-c3^d4``; ``b2 d4`` = ``@b2@d4`` while placing).

    >>> normalize_turn_text("B2-C3 ^D4", False), normalize_turn_text("b2 c3 d4", False)
    ('b2-c3^d4', 'b2-c3^d4')
    >>> normalize_turn_text("b2 d4", True), normalize_turn_text("@b2 @d4", True)
    ('@b2@d4', '@b2@d4')
    """
    text = _SQUARE_ANY_CASE.sub(lambda m: m.group(0).lower(), text.strip())
    text = re.sub(r"\s*([-^>@,*~])\s*", r"\1", text)  # "b2 - c3 ^ d4" -> "b2-c3^d4"
    tokens = text.split()
    out: list[str] = []
    for i, token in enumerate(tokens):
        if SQUARE.fullmatch(token):
            if placing:
                token = "@" + token
            elif i == 1 and SQUARE.fullmatch(tokens[0]):
                token = "-" + token
            elif i > 0:
                token = "^" + token
        out.append(token)
    return "".join(out)


def interjection_powers(board: Board) -> bool:
    """Whether some card in play may make a choice inside another player's turn (Gaea)."""
    cards: list[Power] = list(board.powers)
    if board.fleece is not None:
        cards.append(board.fleece)
    return any(type(card).interjection_steps is not Power.interjection_steps for card in cards)


def pending_choice(board: Board) -> tuple[int, list[StepCode]] | None:
    """The player whose power must choose now, inside the turn in progress, and the
    steps offered (Gaea after a dome: ``@e5`` … or ``~``); ``None`` when nobody must.
    (The engine's own test, so that the two never disagree.)"""
    if board.decided is not None:
        return None
    found = rules.interjection(board)
    return None if found is None else (found[0], found[2])


def taken_on_behalf(board: Board, owner: int, options: list[StepCode]) -> StepCode | None:
    """The step ``owner``'s power must take inside the turn without being asked: a
    compulsory one (the only option: a Harpies slide, a whirlpool jump) on a worker of the
    mover that is hidden from ``owner`` (Hecate's). Her card: "apply the opponent's power
    on their behalf … without telling them why" — asking would show them the hidden
    worker. ``None`` when the owner is to be asked (a lone decline is a choice too)."""
    mover = board.to_move
    if owner == mover or len(options) != 1 or options[0] == PASS:
        return None
    hidden = hidden_workers(board, owner)
    if not any(square in hidden for square in board.workers[mover]):
        return None
    return options[0]


def compose_turn(
    board: Board, turn: TurnCode, decide: Decide, adapt: Callable[[], TurnCode] | None = None
) -> TurnCode:
    """The mover's ``turn`` with the choices that other players' powers make inside it
    (``decide(owner, options)``), ready for :meth:`Board.play`. A choice written by the
    mover for another player is left to that player. ``adapt`` (for an AI) gives the rest
    of the turn again when a choice has made the mover's plan illegal; without it, the
    plan stands and :meth:`Board.play` reports what is wrong. The board is unchanged."""
    mover, start_ply = board.to_move, board.ply
    steps = list(turn)
    full: list[StepCode] = []
    i = pushed = 0
    try:
        while board.ply == start_ply and board.decided is None:
            pending = pending_choice(board)
            typed = False
            typed_next = steps[i] & ~INSERTED if i < len(steps) else None  # (a typed ``+``)
            if pending is not None and not (pending[0] == mover and typed_next in pending[1]):
                owner, options = pending
                if typed_next in options:
                    i += 1  # the mover wrote another player's choice: that player makes it
                behalf = taken_on_behalf(board, owner, options)
                step = behalf if behalf is not None else decide(owner, options)
            elif i < len(steps):
                if adapt is not None and steps[i] & ~INSERTED not in board.legal_steps():
                    steps[i:] = list(adapt())
                    if i == len(steps):
                        break
                step, typed = steps[i], True
                i += 1
            else:
                break
            try:
                board.push(step)
            except IllegalTurnError:
                # Board.play will say what is wrong with the turn as written.
                return (*full, *steps[i - 1 :]) if typed else (*full, step, *steps[i:])
            pushed += 1
            full.append(step)
    finally:
        for _ in range(pushed):
            board.pop()
    return (*full, *steps[i:])
