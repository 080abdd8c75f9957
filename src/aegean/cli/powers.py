"""God powers at the command line: the ``--powers`` option, the table of all cards, and
the "forms" a turn can take under a power (so that optional steps are offered clearly).

Nothing here prints: the commands in :mod:`aegean.cli.santorini` and the game loop in
:mod:`aegean.cli.session` decide how to show what these functions return.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from aegean.santorini import Board, SantoriniError, StepKind, format_turn
from aegean.santorini.powers import POWERS, banned_pairs, implemented, make_power, power_info
from aegean.santorini.powers.moerae import CORNERS, fate_mask
from aegean.santorini.powers.texts import card_text
from aegean.santorini.rules import acting_powers, has_secrets_from
from aegean.santorini.setup import allowed_start_players, fleece_powers, incompatibility
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import TurnCode, step_dome, step_dst, step_kind, step_src

#: Words that mean "no power" in ``--powers``.
NO_POWER_WORDS = ("-", "none")


class PowerChoiceError(ValueError):
    """A ``--powers`` value that cannot make a game; the message is one line for the user."""


def parse_powers(
    text: str, n_players: int = 2, *, allow_banned: bool = False, option: str = "--powers"
) -> list[str | None]:
    """The powers by seat from ``Apollo,Athena`` (``-`` or ``none`` for no power).

    Checks, in this order, so that the first problem is the one reported: the number of
    names, unknown names (with a suggestion), a power taken twice, powers not marked for
    the player count (heroes are for two players only; with 3 or 4 players every seat
    needs a power: docs/rules-decisions.md, "Three and four players"), banned matchups
    (the table says so even for powers not implemented yet), powers not implemented yet,
    and that some seat can place first under the powers' setup rules.

    >>> parse_powers("apollo, -")
    ['Apollo', None]
    """
    names = [part.strip() for part in text.split(",")]
    if len(names) != n_players:
        none = "'-' for none" if n_players == 2 else "every player has one"
        raise PowerChoiceError(
            f"{option} needs one power per player ({n_players}), separated by commas, "
            f"{none}; got {len(names)} in {text!r}"
        )
    chosen: list[str | None] = []
    for name in names:
        if name.lower() in NO_POWER_WORDS:
            chosen.append(None)
            continue
        if not name:
            raise PowerChoiceError(f"{option}: an empty power name in {text!r} (write '-' for no power)")
        try:
            chosen.append(power_info(name).name)
        except SantoriniError:
            raise PowerChoiceError(f"{option}: {unknown_power(name)}") from None
    taken = [name for name in chosen if name is not None]
    for name in taken:
        if taken.count(name) > 1:
            raise PowerChoiceError(f"{option}: {name} is given twice; a power can be taken only once")
    for name in taken:
        problem = incompatibility(name, n_players)
        if problem:
            raise PowerChoiceError(f"{option}: {problem}")
    if n_players > 2 and len(taken) < n_players:
        raise PowerChoiceError(
            f"{option}: in a {n_players}-player game every player has a power; "
            "'-' is for 2-player games"
        )
    if not allow_banned:
        banned = banned_pairs()
        for i, a in enumerate(taken):
            for b in taken[i + 1 :]:
                if frozenset((a, b)) in banned:
                    raise PowerChoiceError(
                        f"{option}: {a} and {b} are a banned matchup; add --allow-banned to play it anyway"
                    )
    ready = set(implemented())
    for name in taken:
        if name not in ready:
            raise PowerChoiceError(
                f"{option}: {name} is not implemented yet (implemented: {', '.join(implemented()) or 'none'})"
            )
    if not start_players(chosen):
        raise PowerChoiceError(
            f"{option}: no player can place first with {', '.join(taken)}: their setup rules clash "
            "(one must place first, another too, or one must place last)"
        )
    return chosen


def parse_fleece(text: str, option: str = "--fleece") -> str:
    """The Golden Fleece power named by ``text``: a known, implemented power with the
    Golden Fleece mark (docs/rules-decisions.md, "Golden Fleece variant"); a
    :class:`PowerChoiceError` says what is wrong.

    >>> parse_fleece("apollo")
    'Apollo'
    """
    name = text.strip()
    try:
        info = power_info(name)
    except SantoriniError:
        raise PowerChoiceError(f"{option}: {unknown_power(name)}") from None
    if not info.golden_fleece:
        hero = info.category == "hero"
        what = "is a hero; heroes are never" if hero else "has no Golden Fleece mark, so it is not"
        raise PowerChoiceError(
            f"{option}: {info.name} {what} used in the Golden Fleece variant; choose one of "
            f"{', '.join(fleece_powers())}"
        )
    if info.name not in implemented():
        raise PowerChoiceError(f"{option}: {info.name} is not implemented yet")
    return info.name


def unknown_power(name: str) -> str:
    """``unknown power 'Zeuss' (did you mean Zeus?)``."""
    lowered = {info.name.lower(): info.name for info in POWERS.values()}
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    hint = f"did you mean {lowered[close[0]]}?" if close else "see 'aegean santorini powers' for the list"
    return f"unknown power {name!r} ({hint})"


def start_players(powers: Sequence[str | None]) -> list[int]:
    """The seats that may place first with these powers (Bia must, Hecate must not…)."""
    return allowed_start_players([make_power(name) for name in powers])


def first_start_player(powers: Sequence[str | None]) -> int:
    """Player 1 places first unless a power's setup rule says otherwise."""
    allowed = start_players(powers)
    if not allowed:
        raise SantoriniError("no player can place first with these powers")
    return allowed[0]


def new_board(powers: Sequence[str | None], *, allow_banned: bool = False, start: int | None = None) -> Board:
    """An empty board for a game with these powers by seat."""
    first = first_start_player(powers) if start is None else start
    return Board(len(powers), list(powers), allow_banned=allow_banned, start_player=first)


def with_powers(position: str, powers: Sequence[str | None]) -> str:
    """A position text with a ``powers=`` field added (it must not have one already)."""
    fields = position.split()
    if any(field.startswith("powers=") for field in fields):
        raise PowerChoiceError("the position already names the powers (powers=…); leave out --powers")
    return " ".join([*fields, "powers=" + ",".join((name or "-").replace(" ", "") for name in powers)])


def powers_label(board: Board) -> str:
    """``Apollo vs Athena`` (``no power`` for a seat without one; teams joined by ``+``;
    ``Golden Fleece: Apollo`` for the variant)."""
    if board.fleece is not None:
        return f"Golden Fleece: {board.fleece.name}"
    names = [p.name or "no power" for p in board.powers]
    if board.n_players == 4:
        return f"{names[0]}+{names[2]} vs {names[1]}+{names[3]}"
    return " vs ".join(names)


# ---------------------------------------------------------------------- the table
def power_rows() -> list[dict[str, object]]:
    """One row per card, in card order: the table of ``aegean santorini powers``."""
    ready = set(implemented())
    return [
        {
            "index": info.index,
            "name": info.name,
            "epithet": info.epithet,
            "category": info.category,
            "three_players": info.three_players,
            "four_players": info.four_players,
            "golden_fleece": info.golden_fleece,
            "banned_vs": list(info.banned_vs),
            "implemented": info.name in ready,
            "text": card_text(info.name),
        }
        for info in sorted(POWERS.values(), key=lambda i: i.index)
    ]


# ---------------------------------------------------------------------- turn forms
_WORDS = {
    StepKind.PLACE: "place",
    StepKind.MOVE: "move",
    StepKind.BUILD: "build",
    StepKind.FORCE: "force",
    StepKind.REMOVE: "remove",
    StepKind.END: "end",
}
BASE_FORM: tuple[str, ...] = ("move", "build")


@dataclass(frozen=True)
class TurnForm:
    """One shape of turn (the kinds of its steps in order), how many legal turns have
    it, and one of them as an example."""

    kinds: tuple[str, ...]
    count: int
    example: str

    @property
    def label(self) -> str:
        return ", ".join(self.kinds) if self.kinds else "end the turn at once"


def _kinds(turn: TurnCode) -> tuple[str, ...]:
    words = []
    for step in turn:
        kind = step_kind(step)
        if kind is StepKind.END:
            continue
        word = _WORDS.get(kind, kind.name.lower())
        words.append("dome" if kind is StepKind.BUILD and step_dome(step) else word)
    return tuple(words)


def turn_forms(board: Board) -> list[TurnForm]:
    """The forms of the legal turns of the player to move that do not win at once
    (a winning climb needs no build, as in the base game), most common first.

    Empty while placing or when the game is over. One form ``move, build`` means the
    turn looks as in the base game; more than one means the power offers optional or
    alternative steps.

    Computed on the board as the player to move sees it (:func:`seen_by_mover`): the true
    board's turns would give other players' secrets away (a move cut short by Hecate's
    hidden worker, a climb that Moerae's Fate square turns into her win).
    """
    if board.outcome() is not None or board.placing or board.turn:
        return []
    board = seen_by_mover(board)
    groups: dict[tuple[str, ...], list[TurnCode]] = {}
    mover = board.to_move
    for turn in board.legal_turns():
        board.push_turn(turn)
        # Only the mover's wins: a turn that loses at once (into Tartarus's Abyss) stays
        # a form like any other, so that the counts give no secret away.
        wins = board.decided is not None and mover in board.decided.winners
        board.pop()
        if not wins:
            groups.setdefault(_kinds(turn), []).append(turn)
    # The examples are alike (the same worker, the same steps where they can be), so that
    # the forms read as one plain turn with the optional steps added.
    ordered = {kinds: sorted(turns, key=format_turn) for kinds, turns in groups.items()}
    base = ordered[BASE_FORM][0] if BASE_FORM in ordered else min(ordered.values(), key=len, default=[()])[0]
    forms = [
        # max() keeps the first of equals: the alphabetically first of the most alike.
        TurnForm(kinds, len(turns), format_turn(max(turns, key=lambda t: _likeness(t, base))))
        for kinds, turns in ordered.items()
    ]
    forms.sort(key=lambda f: (f.kinds != BASE_FORM, len(f.kinds), -f.count, f.kinds))
    return forms


def seen_by_mover(board: Board) -> Board:
    """The board as the player to move may see it: itself when nothing is hidden from
    them, else their view with the secrets left out (``Board.visible_from``), whose
    legal turns are the turns they can write."""
    if not has_secrets_from(board, board.to_move) or board.outcome() is not None:
        return board
    return Board.visible_from(board.view(board.to_move))


def placement_options(board: Board) -> tuple[list[str], str]:
    """The squares the player to place may put a worker on, as they see the board, and
    one legal placement turn (its first options, step by step): without listing every
    whole placement, which can take a while (Moerae's: three workers and a Fate square)."""
    seen = seen_by_mover(board)
    free = sorted(
        {SQUARE_NAMES[step_dst(s)] for s in seen.legal_steps() if step_kind(s) is StepKind.PLACE},
        key=SQUARE_NAMES.index,
    )
    start, pushed = seen.ply, 0
    while seen.ply == start and seen.decided is None:
        options = seen.legal_steps()
        places = [s for s in options if step_kind(s) is StepKind.PLACE]
        seen.push(places[-1] if places and pushed else options[0])  # (spread out: first and last)
        pushed += 1
    example = format_turn(seen.history[-1])
    for _ in range(pushed):
        seen.pop()
    return free, example


_MARK_WORDS = {
    "Tartarus": "{mark} to mark the Abyss on {square}, in secret: a worker that enters it loses",
    "Moerae": (
        "{mark} to choose your Fate square, in secret, by its lower-left corner ({mark}: the "
        "spaces {fate}); an opponent who would win by moving into it makes you win instead"
    ),
    "Aeolus": "{mark} to aim the wind: nobody may move straight into it",
    "Siren": "{mark} to point the arrow along which you may force opponents",
    "Charybdis": "{mark} to put a whirlpool on {square}",
    "Europa & Talus": "{mark} to put the Talus on {square}",
}


def setup_mark_help(board: Board, mark: str) -> str:
    """What a setup mark (``*c3``, ``*ne``) does for the power that makes it now, with
    ``mark`` as the example: ``*`` puts a power's token on a square or points it.

    >>> placed = Board.from_position("00000/00000/00000/00000/00000 1 a1,b1 d1,e1 fleece=Apollo")
    >>> setup_mark_help(placed, "*c3")
    "type *c3 to put the Ram on c3 — a * mark puts a power's token on a square"
    """
    target = mark.lstrip("*")
    square = target if target in SQUARE_NAMES else ""
    if board.fleece is not None and not board.placing:
        words = "{mark} to put the Ram on {square}"
    else:
        power = acting_powers(board)[board.to_move].name
        words = _MARK_WORDS.get(power, "{mark} to make your power's setup choice (see its card)")
    fate = ""
    if square and SQUARE_NAMES.index(square) in CORNERS:
        mask = fate_mask(SQUARE_NAMES.index(square))
        fate = ", ".join(SQUARE_NAMES[s] for s in range(25) if mask >> s & 1)
    text = words.format(mark=mark, square=square or target, fate=fate)
    return f"type {text} — a * mark puts a power's token on a square{' or points it' if not square else ''}"


def _likeness(turn: TurnCode, base: TurnCode) -> tuple[int, bool]:
    """How much ``turn`` looks like ``base``: steps in common, then the same first actor."""
    same_actor = bool(turn) and bool(base) and step_src(turn[0]) == step_src(base[0])
    return len(set(turn) & set(base)), same_actor


def forms_are_plain(forms: Sequence[TurnForm]) -> bool:
    """True when every non-winning turn is the base game's move then build."""
    return all(form.kinds == BASE_FORM for form in forms)
