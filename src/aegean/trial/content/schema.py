"""The content schema: every component the rulebook describes but does not print.

One model per component (docs/trial-content.md documents each field). A content set is a
directory of JSON files, one per part (``set.json``, ``board.json``, ``tracks.json``,
``houses.json`` and one per deck); :mod:`aegean.trial.content.loader` reads and checks it.
Whatever comes from the rulebook itself (four rounds, 19 cubes, the phases) is rules, in
the engine; whatever is printed on a component is here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .effects import Ability, Effect, EffectType, Step, Strict

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,47}$")]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Small = Annotated[int, Field(ge=0, le=20)]


class Symbol(StrEnum):
    """The symbols of the Olympics disciplines and tie-breaks, and of the Heroes' Olympic
    abilities: a card's numeric actions and its two bonuses."""

    SAIL = "sail"
    RESTORE = "restore"
    COMMAND = "command"
    HEAL = "heal"
    ATTACK = "attack"
    DISCOVERY = "discovery"


class NumericAction(StrEnum):
    """The four numeric actions of an action card (and the Temple Modifiers)."""

    SAIL = "sail"
    RESTORE = "restore"
    COMMAND = "command"
    HEAL = "heal"


class SetInfo(Strict):
    """``set.json``: which set this is. ``label`` is shown wherever the content is."""

    id: Id
    name: Name
    version: Annotated[str, Field(pattern=r"^\d+\.\d+(\.\d+)?$")]
    label: Annotated[str, Field(min_length=1, max_length=200)]
    #: True only for the publisher's own content; the shipped sample set says false.
    publisher: bool


class Zone(Strict):
    """A zone of the board: a sea zone or an island."""

    id: Id
    name: Name
    kind: Literal["sea", "island"]
    adjacent: list[Id] = Field(min_length=1, max_length=12)
    #: Sea zones on the outer edge, where Captains start.
    edge: bool = False
    #: Dangerous sea zones get a Sea enemy card at setup.
    dangerous: bool = False
    #: Islands: the thresholds of the Exploration spaces, left to right (non-decreasing).
    exploration: list[Small] = Field(default_factory=list, max_length=8)
    #: Islands: the action the Temple's Modifier raises by 1 (advanced game).
    modifier: NumericAction | None = None

    @model_validator(mode="after")
    def _by_kind(self) -> Zone:
        if self.kind == "island":
            if self.edge or self.dangerous:
                raise ValueError("an island cannot be on the edge or dangerous (those are sea zones)")
            if not self.exploration:
                raise ValueError("an island needs its exploration thresholds")
            if self.exploration != sorted(self.exploration):
                raise ValueError("exploration thresholds must not decrease left to right")
            if self.modifier is None:
                raise ValueError("an island needs its Temple's modifier (advanced game)")
        elif self.exploration or self.modifier is not None:
            raise ValueError("only islands have exploration thresholds and a Temple modifier")
        return self


class Board(Strict):
    zones: list[Zone] = Field(min_length=2, max_length=64)


class Treasure(Strict):
    id: Id
    name: Name
    fleece: bool


class UpgradeBonus(StrEnum):
    """The six Upgrade bonuses (rulebook: Potenziamento)."""

    ATTACK = "attack"  # +1 attack when fighting
    DISCOVERY = "discovery"  # +1 discovery when exploring
    FERVOR = "fervor"  # +1 fervor in each Olympics
    ENERGY = "energy"  # +2 Energy at once (reserve -> Available)
    LIMITER = "limiter"  # Limiter +2 at once
    REVEAL = "reveal"  # reveal up to 2 more god cards of one House at Dawn


class Upgrade(Strict):
    """An Upgrade token: its bonus and the two Blessings it reveals when raised."""

    bonus: UpgradeBonus
    blessings: list[Id] = Field(min_length=2, max_length=2)


class DieFace(Strict):
    """A die face: a number, or the special (Activation) face."""

    value: Annotated[int, Field(ge=0, le=6)] = 0
    special: bool = False


class Tracks(Strict):
    """``tracks.json``: the player board's printed tracks, the tokens, the dice."""

    #: Hand limit printed under each Vigor space, 1 to 10.
    hand_limits: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=10, max_length=10)
    upgrades: list[Upgrade] = Field(min_length=6, max_length=6)
    die: list[DieFace] = Field(min_length=6, max_length=6)
    treasures: list[Treasure] = Field(min_length=1, max_length=24)
    #: Player colours, in the order players take them; each has a Starting deck.
    colours: list[Id] = Field(min_length=4, max_length=4)


class House(Strict):
    """A God House, known by its colour: Blessings name Houses. Which god's deck sits in
    which House is dealt at setup (a random God token per House)."""

    id: Id
    colour: Name


class God(Strict):
    """A god whose 14 action cards form one deck; god cards name their god."""

    id: Id
    name: Name


class Houses(Strict):
    houses: list[House] = Field(min_length=6, max_length=6)
    gods: list[God] = Field(min_length=6, max_length=6)


class ActionCard(Strict):
    """Every action card: Starting, Personal, God and Animae."""

    id: Id
    name: Name
    attack: Small = 0
    discovery: Small = 0
    sail: Small = 0
    restore: Small = 0
    command: Small = 0
    heal: Small = 0
    effect: Effect | None = None
    #: God cards: the Energy to buy it.
    cost: Small = 0
    #: Devotion laurels (Animae cards count -1 each whatever they print).
    laurels: Small = 0
    #: God cards: the god; Starting cards: the colour; Personal cards: the Hero.
    god: Id | None = None
    colour: Id | None = None
    hero: Id | None = None

    def value(self, symbol: str) -> int:
        """The card's printed number for a symbol (an Olympics discipline, an action)."""
        number: int = getattr(self, symbol)
        return number

    @property
    def numeric(self) -> dict[str, int]:
        return {a.value: self.value(a.value) for a in NumericAction}


class Talent(Strict):
    id: Id
    name: Name
    level: Literal[1, 2, 3]
    cost: Small
    #: Energy restored at each Sunset.
    restore: Small
    ability: Ability


class Travel(Strict):
    """A Travel card, resolved when a Captain enters a sea zone without a Block."""

    id: Id
    name: Name
    do: list[Step] = Field(min_length=1, max_length=6)


class Hero(Strict):
    id: Id
    name: Name
    training_cost: Small
    #: Houses whose god cards its owner may reveal at Dawn (one card per Blessing).
    blessings: list[Id] = Field(min_length=1, max_length=4)
    #: Olympic abilities: a die is rolled when a discipline symbol is among these.
    olympic: list[Symbol] = Field(min_length=1, max_length=3)
    #: The trained side's talent.
    trained: Ability


class Enemy(Strict):
    """Argonaut, Land and Sea enemy cards; a Calm Sea is a Sea enemy card with no monster."""

    id: Id
    name: Name
    kind: Literal["argonaut", "land", "sea", "calm_sea"]
    level: Literal[1, 2, 3] = 1
    attack: Small = 0
    dice: Annotated[int, Field(ge=0, le=3)] = 0
    laurels: Small = 0
    #: Applied once for each special face rolled (to the enemy's opponent, or ``enemy_attack``).
    ability: list[Step] = Field(default_factory=list, max_length=4)
    #: Argonauts: their Hero card.
    hero: Id | None = None
    #: Calm Sea: applied at Sunset (``to: all`` for every player).
    calm: list[Step] = Field(default_factory=list, max_length=4)

    @model_validator(mode="after")
    def _by_kind(self) -> Enemy:
        if (self.kind == "argonaut") != (self.hero is not None):
            raise ValueError("an argonaut names its 'hero', and only an argonaut does")
        if self.kind == "calm_sea":
            if not self.calm or self.attack or self.dice or self.ability:
                raise ValueError("a calm sea has a 'calm' effect and no attack, dice or ability")
        elif self.calm:
            raise ValueError("only a calm sea has a 'calm' effect")
        elif self.attack < 1:
            raise ValueError("an enemy needs an attack of at least 1")
        return self


class Prize(Strict):
    champions: Small = 0
    do: list[Step] = Field(default_factory=list, max_length=4)


class OlympicsCard(Strict):
    id: Id
    name: Name
    disciplines: list[Symbol] = Field(min_length=1, max_length=3)
    tiebreaks: list[Symbol] = Field(min_length=1, max_length=3)
    prizes: list[Prize] = Field(min_length=3, max_length=3)


#: Effect types each deck's cards may carry (Starting and Animae cards have plain effects).
DECK_EFFECT_TYPES: dict[str, frozenset[EffectType]] = {
    "starting": frozenset(EffectType),
    "personal": frozenset(EffectType),
    "gods": frozenset(EffectType),
    "animae": frozenset({EffectType.ACTION, EffectType.OLYMPICS}),
}
