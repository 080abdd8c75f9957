"""The state of a Trial of the Gods game: plain data, nothing else.

Everything here is lists, dicts, ints and strings (card and zone ids of the content set),
so a state copies cheaply and deeply (:meth:`GameState.clone`, written out by hand: about
ten times faster than ``copy.deepcopy``, which the search bots feel), serialises, and can be
compared (``==`` compares everything, the random generator's state included). The rules
that change it live in :mod:`aegean.trial.engine`; what each player may see of it in
:mod:`aegean.trial.view`.
"""

from __future__ import annotations

import random
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

#: Each player's cubes (rulebook §1: 76 player cubes, 19 per player).
CUBES = 19
START_AVAILABLE = 8
START_VIGOR = 4
START_LIMITER = 5
MAX_VIGOR = 10
FOLLOWER_SLOTS = 2
ROUNDS = {False: 4, True: 5}
#: Cards played to a combat or an exploration, and races in the Olympics.
MAX_COMBAT_CARDS = 3
MAX_EXPLORE_CARDS = 3
RACES = 3
ACTIONS_PER_TURN = 2
REVEAL_LIMIT = 4
EXTRA_REVEAL = 2
#: Limited components (§1): 24 Flags and 48 Exploration markers, a quarter each per colour;
#: 10 black cubes, shared by the Limiters in play and the Wounded enemies.
FLAGS = 6
BLACK_CUBES = 10


@dataclass
class Enemy:
    """An enemy card in play: where its figure is, its wound, and who tamed it."""

    card: str
    zone: str | None
    wounded: bool = False
    #: The player who tamed it (its figure is theirs to Command), or None: neutral.
    owner: int | None = None

    def copy(self) -> Enemy:
        return Enemy(self.card, self.zone, self.wounded, self.owner)


@dataclass
class Player:
    colour: str
    captain: str = ""  # hero id
    zone: str | None = None  # the Captain's zone
    available: int = START_AVAILABLE
    exhausted: int = 0
    reserve: int = CUBES - START_AVAILABLE - 1  # one cube is the Vigor marker
    vigor: int = START_VIGOR
    limiter: int | None = START_LIMITER  # None: removed past 10
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    #: Talents offered at setup (two of each level) and those bought, by level.
    offered: list[str] = field(default_factory=list)
    talents: dict[int, str] = field(default_factory=dict)
    #: Follower hero ids -> trained?; their figures' zones (None: on the Hero card).
    followers: dict[str, bool] = field(default_factory=dict)
    follower_zones: dict[str, str | None] = field(default_factory=dict)
    #: Enemy card ids of tamed monsters (their cards count for Submission).
    tamed: list[str] = field(default_factory=list)
    #: Upgrade bonuses in slot order, and which are raised.
    upgrades: list[str] = field(default_factory=list)
    raised: list[bool] = field(default_factory=list)
    dishonor: int = 0
    champions: int = 0
    fervor: int = 0
    vp: int = 0
    temples: list[str] = field(default_factory=list)  # islands whose Temple bears our Flag
    explored: list[str] = field(default_factory=list)  # islands with our Exploration marker
    #: Treasures this player has looked at: island -> treasure id.
    peeked: dict[str, str] = field(default_factory=dict)
    #: Talent or Hero ids blocked until Sunset (once-per-round actions used).
    blocked: list[str] = field(default_factory=list)
    #: God cards revealed to this player at Dawn, to buy or to return.
    revealed: list[str] = field(default_factory=list)
    champion_overflow: int = 0  # Champion tokens gained for Argonauts with no free slot
    passed: bool = False

    def copy(self) -> Player:
        """An independent copy: every list and dict field copied one level deep (their
        items are strings, ints and bools)."""
        twin = Player.__new__(Player)
        mine = twin.__dict__
        mine.update(self.__dict__)
        for name in _PLAYER_CONTAINERS:
            mine[name] = mine[name].copy()
        return twin


#: Player's list and dict fields (those with a default factory).
_PLAYER_CONTAINERS = tuple(f.name for f in fields(Player) if f.default_factory is not MISSING)


@dataclass
class GameState:
    players: list[Player]
    advanced: bool
    rng: random.Random
    round: int = 1
    #: Player indices, left to right on the Initiative track.
    initiative: list[int] = field(default_factory=list)
    #: island -> treasure id (face down); house id -> god id.
    treasures: dict[str, str] = field(default_factory=dict)
    house_gods: dict[str, str] = field(default_factory=dict)
    god_decks: dict[str, list[str]] = field(default_factory=dict)  # by house
    god_discards: dict[str, list[str]] = field(default_factory=dict)  # by house
    animae: list[str] = field(default_factory=list)
    travel: list[str] = field(default_factory=list)
    travel_discard: list[str] = field(default_factory=list)
    sea_deck: list[str] = field(default_factory=list)
    olympics_deck: list[str] = field(default_factory=list)
    olympics_aside: str | None = None  # base game: face down on the rightmost slot
    olympics_shown: list[str] = field(default_factory=list)  # slots left to right
    #: The Argonaut cards still in the draft (advanced) and the dealt ones not yet revealed.
    draft: list[str] = field(default_factory=list)
    dealt: dict[int, str] = field(default_factory=dict)
    enemies: list[Enemy] = field(default_factory=list)
    argonaut_slots: list[str] = field(default_factory=list)  # enemy cards on the Argonaut board
    blocks: list[str] = field(default_factory=list)  # sea zones with a Block marker, in order placed
    exploration: dict[str, list[int]] = field(default_factory=dict)  # island -> markers, left to right
    temples: dict[str, int | None] = field(default_factory=dict)  # island -> owner
    #: The decision machine: frames, the innermost last (see engine).
    stack: list[dict[str, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    over: bool = False

    def clone(self) -> GameState:
        """A deep copy, the random generator's state included."""
        twin = GameState.__new__(GameState)
        for name, value in self.__dict__.items():
            if name == "stack":
                value = [_copy(frame) for frame in value]
            elif name in _LISTS_BY_KEY:
                value = {key: cards.copy() for key, cards in value.items()}
            elif isinstance(value, list | dict):
                value = value.copy()  # of strings and ints
            twin.__dict__[name] = value
        twin.players = [player.copy() for player in self.players]
        twin.enemies = [enemy.copy() for enemy in self.enemies]
        twin.rng = random.Random.__new__(random.Random)  # no seeding from the OS: set below
        twin.rng.setstate(self.rng.getstate())
        return twin

    def __eq__(self, other: object) -> bool:
        """Equal states: every field, the random generator's state included (two
        ``random.Random`` objects never compare equal by themselves)."""
        if not isinstance(other, GameState):
            return NotImplemented
        return all(
            (a.getstate() == b.getstate()) if f.name == "rng" else a == b
            for f in fields(self)
            for a, b in [(getattr(self, f.name), getattr(other, f.name))]
        )

    def enemy(self, card: str) -> Enemy:
        for enemy in self.enemies:
            if enemy.card == card:
                return enemy
        raise KeyError(card)


#: The state's fields that map keys to lists (the others hold strings, ints and flat lists).
_LISTS_BY_KEY = frozenset({"god_decks", "god_discards", "exploration"})


def _copy(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, strings, numbers): the state's decks, maps
    and decision frames."""
    if isinstance(value, list):
        return [_copy(v) if isinstance(v, list | dict) else v for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) if isinstance(v, list | dict) else v for k, v in value.items()}
    return value
