"""What a turn did that its notation does not say, in sentences.

A turn's notation says what its player did (``b2-c3^d4``); powers do more: Bia removes a
worker, Apollo swaps, Medusa turns workers to stone, Hecate's hidden worker cancels a
step, Chaos draws a new god, Circe takes a power, Dionysus earns an extra turn, a hero
spends his power. :func:`turn_events` finds these by comparing the board before and
after the turn with what the notation alone would have done, through the eyes of one
viewer: it reads only the positions *as that viewer sees them* (``Board.view``), so an
event never tells a secret to someone who may not see it (a hidden worker's move is not
in the viewer's positions, and a secret token's value reads ``?``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from aegean.santorini import Board, NotationError, StepKind, parse_turn
from aegean.santorini.powers.moerae import CORNERS, FATE, fate_mask
from aegean.santorini.powers.tartarus import ABYSS
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import CANCELLED, INSERTED, step_dome, step_dst, step_kind, step_src
from aegean.santorini.view import UNKNOWN

from .scene import SeenState, read_position

_DIRECTIONS = {
    "n": "north",
    "ne": "north-east",
    "e": "east",
    "se": "south-east",
    "s": "south",
    "sw": "south-west",
    "w": "west",
    "nw": "north-west",
}
#: Tokens whose change the notation or the worker changes already say, or that are a
#: power's bookkeeping inside a turn (a slide in progress, a card's counters).
_UNSAID = frozenset(
    {
        "removed",
        "out",
        "harpies",
        "gaea",
        "gaea.dome",
        "chaos.deck",
        "chaos.discard",
        "clio.placed",
        "charybdis.levels",
        "europa&talus",
        "adonis.target",
        "aphrodite",
        "selene",
        "travelling",
        "persephone",
        "dionysus",
    }
)
_VISIBLE_BUILD = re.compile(r"\^([a-e][1-5])(D?)")
_VISIBLE_REMOVE = re.compile(r"x([a-e][1-5])")


@dataclass(frozen=True)
class Cards:
    """The public facts about a game that the sentences need: who has which card."""

    n_players: int
    powers: tuple[str, ...]
    fleece: str | None = None

    @classmethod
    def of(cls, board: Board) -> Cards:
        return cls(
            board.n_players,
            tuple(p.name for p in board.powers),
            board.fleece.name if board.fleece is not None else None,
        )

    @property
    def n_sides(self) -> int:
        return 2 if self.n_players == 4 else self.n_players

    def side_players(self, side: int) -> str:
        """``player 2``, or ``team 2+4`` for a side of a four-player game."""
        return f"team {side + 1}+{side + 3}" if self.n_players == 4 else f"player {side + 1}"

    def owner_of(self, power: str) -> int | None:
        return next((p for p, name in enumerate(self.powers) if name == power), None)


def acting_name(cards: Cards, tokens: dict[str, str], player: int) -> str:
    """The power ``player`` acts with, as the tokens show it (Chaos's face-up god,
    Circe's borrowed power, the Golden Fleece while held); empty for none."""
    card = cards.powers[player]
    if card == "Chaos":
        return tokens.get("chaos", card)
    if card == "Circe":
        victim = tokens.get("circe", "")
        return cards.powers[int(victim) - 1] if victim.isdigit() else ""
    if cards.fleece is not None and str(player + 1) in tokens.get("ram.holders", "").split(","):
        return cards.fleece
    return card


def turn_events(before: str, after: str, turn: str, mover: int, cards: Cards) -> list[str]:
    """Sentences for what ``turn`` (as the viewer sees it) did beyond its notation,
    from the positions before and after it as the same viewer sees them."""
    old = read_position(before, cards.n_sides)
    new = read_position(after, cards.n_sides)
    expected = SeenState(list(old.height), old.domes, list(old.owner), dict(old.hidden), {}, old.to_move)
    power = acting_name(cards, old.tokens, mover) or "a power"
    events: list[str] = []
    displaced: list[tuple[int, int, int]] = []
    events += _play_visible_steps(expected, turn, mover, cards, displaced)
    events += _worker_changes(expected, new, power, cards, displaced)
    events += _level_changes(expected, new, power, events)
    events += token_changes(old.tokens, new.tokens, mover, cards)
    return events


def _play_visible_steps(
    state: SeenState, turn: str, mover: int, cards: Cards, displaced: list[tuple[int, int, int]]
) -> list[str]:
    """Carry out on ``state`` what the notation says (only what the viewer sees of the
    turn), and say what the notation marks but does not explain (``!``, ``+``). A worker
    that a move lands on is put in ``displaced`` as (side, square, the mover's source):
    the power moved or removed it (Apollo, Minotaur)."""
    events: list[str] = []
    try:
        steps = parse_turn(turn)
    except NotationError:  # a redacted turn (``?^d4``): only its builds and removals show
        for square, dome in _VISIBLE_BUILD.findall(turn):
            _build(state, SQUARE_NAMES.index(square), bool(dome))
        for square in _VISIBLE_REMOVE.findall(turn):
            state.height[SQUARE_NAMES.index(square)] -= 1
        return events
    for step in steps:
        kind = step_kind(step & ~CANCELLED & ~INSERTED)
        if step & CANCELLED:
            text = f"{SQUARE_NAMES[step_src(step)]}-{SQUARE_NAMES[step_dst(step)]}"
            if kind is StepKind.BUILD:
                text = f"the build on {SQUARE_NAMES[step_dst(step)]}"
            events.append(
                f"{text} was cancelled: a hidden worker of Hecate's stands in the way, "
                f"so player {mover + 1}'s turn ends there"
            )
            continue
        if kind is StepKind.PLACE:
            state.owner[step_dst(step)] = mover % cards.n_sides
        elif kind in (StepKind.MOVE, StepKind.FORCE):
            src, dst = step_src(step), step_dst(step)
            if state.owner[dst] >= 0:
                displaced.append((state.owner[dst], dst, src))
            state.owner[dst], state.owner[src] = state.owner[src], -1
            if step & INSERTED:
                by = _mover_of_inserted(cards)
                events.append(f"the worker went on from {SQUARE_NAMES[src]} to {SQUARE_NAMES[dst]} ({by})")
        elif kind is StepKind.BUILD:
            _build(state, step_dst(step), bool(step_dome(step)))
        elif kind is StepKind.REMOVE:
            state.height[step_dst(step)] -= 1
        elif kind is StepKind.OUT:
            events.append(f"player {mover + 1} cannot move and build, and leaves the game")
    return events


def _mover_of_inserted(cards: Cards) -> str:
    found = [name for name in ("Harpies", "Charybdis") if name in cards.powers or cards.fleece == name]
    return " or ".join(found) or "another power"


def _build(state: SeenState, square: int, dome: bool) -> None:
    if dome or state.height[square] == 3:
        state.domes |= 1 << square
    else:
        state.height[square] += 1


def _worker_changes(
    expected: SeenState, new: SeenState, power: str, cards: Cards, displaced: list[tuple[int, int, int]]
) -> list[str]:
    events: list[str] = []
    for side in range(cards.n_sides):
        whose = cards.side_players(side)
        pushed = [(square, src) for owner, square, src in displaced if owner == side]
        gone = [s for s in range(25) if expected.owner[s] == side and new.owner[s] != side]
        came = [s for s in range(25) if new.owner[s] == side and expected.owner[s] != side]
        for square, src in pushed:
            if src in came:  # onto the square the mover left: a swap
                came.remove(src)
                events.append(
                    f"{power} swapped places with {whose}'s worker, which went from "
                    f"{SQUARE_NAMES[square]} to {SQUARE_NAMES[src]}"
                )
            elif came:
                target = SQUARE_NAMES[came.pop(0)]
                events.append(f"{power} pushed {whose}'s worker from {SQUARE_NAMES[square]} to {target}")
            else:
                gone.append(square)
        if gone and len(gone) == len(came):
            pairs = zip(gone, came, strict=True)
            moves = ", ".join(f"{SQUARE_NAMES[a]} to {SQUARE_NAMES[b]}" for a, b in pairs)
            workers = "worker" if len(gone) == 1 else "workers"
            events.append(f"{power} moved {whose}'s {workers} from {moves}")
            continue
        for square in gone:
            name = SQUARE_NAMES[square]
            domed = new.domes >> square & 1 > expected.domes >> square & 1
            if new.height[square] > expected.height[square] or domed:
                events.append(f"{power} turned {whose}'s worker on {name} to stone: a block stands there now")
            else:
                events.append(f"{power} removed {whose}'s worker on {name} from the game")
        for square in came:
            events.append(f"a worker of {whose} came onto {SQUARE_NAMES[square]} ({power})")
        lost = expected.hidden.get(side, 0) - new.hidden.get(side, 0)
        if side in new.hidden and lost > 0:
            workers = "a hidden worker" if lost == 1 else f"{lost} hidden workers"
            events.append(f"{whose} lost {workers} ({power})")
    return events


def _level_changes(expected: SeenState, new: SeenState, power: str, said: Sequence[str]) -> list[str]:
    events: list[str] = []
    for square in range(25):
        name = SQUARE_NAMES[square]
        if any(f"on {name} to stone" in line for line in said):
            continue
        dome_before, dome_after = expected.domes >> square & 1, new.domes >> square & 1
        if dome_after and not dome_before:
            events.append(f"a dome appeared on {name} ({power})")
        elif dome_before and not dome_after:
            events.append(f"the dome on {name} was taken away ({power})")
        elif new.height[square] > expected.height[square]:
            events.append(f"{name} rose to level {new.height[square]} ({power})")
        elif new.height[square] < expected.height[square]:
            events.append(f"{name} went down to level {new.height[square]} ({power})")
    return events


def token_changes(old: dict[str, str], new: dict[str, str], mover: int, cards: Cards) -> list[str]:
    """Sentences for the power tokens that changed (a secret one only says that it was
    chosen, where its value is hidden from the viewer)."""
    events: list[str] = []
    for key in sorted(set(old) | set(new)):
        before, after = old.get(key), new.get(key)
        if before == after:
            continue
        sentence = _token_sentence(key, before, after, mover, cards)
        if sentence:
            events.append(sentence)
    return events


def _seat(cards: Cards, power: str) -> str:
    owner = cards.owner_of(power)
    return f"player {owner + 1} ({power})" if owner is not None else power


def _token_sentence(key: str, before: str | None, after: str | None, mover: int, cards: Cards) -> str | None:
    """One token's change in words; ``None`` for the bookkeeping no one needs to read."""
    if key in _UNSAID:
        return None  # (said by the worker changes or the notation, or a power's bookkeeping)
    if key in (ABYSS, FATE):
        power = "Tartarus" if key == ABYSS else "Moerae"
        if after is None or before == UNKNOWN:
            return None  # (a secret shown once the game is over was chosen long before)
        if after == UNKNOWN:
            what = "the Abyss" if key == ABYSS else "the Fate square"
            return f"{_seat(cards, power)} chose {what} in secret"
        if key == ABYSS:
            return f"{_seat(cards, power)} chose {after} as the Abyss (secret from the other players)"
        corner = SQUARE_NAMES.index(after) if after in SQUARE_NAMES else -1
        spaces = [SQUARE_NAMES[s] for s in range(25) if corner in CORNERS and fate_mask(corner) >> s & 1]
        fate = ", ".join(spaces)
        return f"{_seat(cards, power)} chose the Fate spaces {fate} (secret from the other players)"
    if key == "chaos" and after is not None:
        return f"{_seat(cards, 'Chaos')} draws a new god: now {after}'s power"
    if key == "circe":
        if after is not None and after.isdigit():
            victim = int(after) - 1
            return (
                f"{_seat(cards, 'Circe')} takes player {victim + 1}'s power ({cards.powers[victim]}): their "
                "workers stand apart"
            )
        victim_name = f"player {before}'s" if before else "the"
        return f"{_seat(cards, 'Circe')} gives {victim_name} power back: their workers stand together"
    if key == "dionysus.extra":
        if after is not None:
            return (
                f"{_seat(cards, 'Dionysus')} completed a tower: an extra turn with an opponent's worker "
                "follows (or . to decline it)"
            )
        return None
    if after == "used" and before is None:
        return f"{_seat(cards, key.capitalize())} has used the hero's power (once per game)"
    if key == "athena":
        return "Athena moved up: nobody else may move up until her next turn" if after else None
    if key in ("clio", "charybdis") and after:
        added = sorted(set(after.split(",")) - set((before or "").split(",")))
        what = "a coin" if key == "clio" else "a whirlpool"
        return f"{_seat(cards, key.capitalize())} puts {what} on {', '.join(added)}" if added else None
    if key == "ram" and after is not None:
        return f"the Ram is now on {after}" if before is None else f"the Ram moved from {before} to {after}"
    if key == "ram.holders":
        if after in (None, "-"):
            return "nobody holds the Golden Fleece power this turn"
        holders = " and ".join(f"player {p}" for p in after.split(","))
        return f"{holders} {'holds' if ',' not in after else 'hold'} the Golden Fleece power this turn"
    if key in ("aeolus", "siren") and after in _DIRECTIONS:
        what = "the wind" if key == "aeolus" else "the arrow"
        return f"{_seat(cards, key.capitalize())} turns {what} to the {_DIRECTIONS[after]}"
    if key == "hypnus":
        return f"the worker on {after} may not move this turn (Hypnus)" if after else None
    if key == "morpheus":
        return f"Morpheus has {after or 0} stored piece{'s' if after != '1' else ''}"
    prefix = key.partition(".")[0]
    power = next((name for name in cards.powers if name.lower().replace(" ", "") == prefix), prefix)
    if after is None:
        return f"{power}'s {key} token is gone"
    return f"{power}'s {key} token is now {after}"
