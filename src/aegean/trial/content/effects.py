"""The effect vocabulary: what a card, a Talent, an enemy's ability or a prize can do,
written as data.

An effect is a list of :class:`Step` (``{"op": "draw", "n": 2}``), applied in order to the
player it concerns (``to: "all"`` for every player, as a Calm Sea does). The ops are the
rulebook's verbs; the few effects they cannot say name a registered hook
(``{"op": "hook", "name": "..."}``; :mod:`aegean.trial.hooks`). A card's effect of one of
the four types (Action, Response, Combat, Olympics) wraps its steps in an
:class:`Effect` with the rulebook's keywords: Prayer N, Devour N, Removal, Devotion, the
Response condition, once per round.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Op(StrEnum):
    """What one step does. ``n`` is how many times (a count, never negative)."""

    GAIN_ENERGY = "gain_energy"  # cubes from reserve to Available (limited: the reserve may run out)
    RESTORE = "restore"  # Exhausted -> Available
    EXHAUST = "exhaust"  # Available -> Exhausted (a penalty)
    HEAL = "heal"  # Vigor marker right, never past the Limiter
    WOUND = "wound"  # take damage (Vigor left; at 1, Dishonor instead)
    DRAW = "draw"  # draw cards (reshuffling the discard when the deck is empty)
    DISCARD = "discard"  # discard cards of one's choice from hand
    SAIL = "sail"  # move the Captain (Action effects only)
    COMMAND = "command"  # place or move a Follower or tamed monster (Action effects only)
    ATTACK = "attack"  # + attack in the current combat
    DAMAGE = "damage"  # + damage if one wins the current combat
    ENEMY_ATTACK = "enemy_attack"  # + attack of the enemy in the current combat
    DISCOVERY = "discovery"  # + discovery in the current exploration
    FERVOR = "fervor"  # advance one's Olympics ranking marker
    CHAMPION = "champion"  # gain Champion tokens
    DISHONOR = "dishonor"  # gain Dishonor tokens
    ATONE = "atone"  # return Dishonor tokens
    ANIMAE = "animae"  # take Animae cards into one's discard pile
    HOOK = "hook"  # a registered effect the vocabulary cannot say (``name``)


#: Ops that only make sense inside a combat, an exploration or the Olympics; the loader
#: checks that an effect uses them only where they mean something.
COMBAT_OPS = frozenset({Op.ATTACK, Op.DAMAGE, Op.ENEMY_ATTACK})
MOVE_OPS = frozenset({Op.SAIL, Op.COMMAND})


class Strict(BaseModel):
    """Every content model refuses unknown fields and cannot be changed once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(Strict):
    op: Op
    n: Annotated[int, Field(ge=0, le=20)] = 1
    #: ``self`` (the player the effect concerns) or ``all`` (every player, Initiative order).
    to: Literal["self", "all"] = "self"
    #: The registered hook's name, for ``op: hook`` only.
    name: str | None = None

    @model_validator(mode="after")
    def _hook_named(self) -> Step:
        if (self.op is Op.HOOK) != (self.name is not None):
            raise ValueError("a 'hook' step needs a 'name', and only a hook step may have one")
        return self


class EffectType(StrEnum):
    """The four types of a card's effect (rulebook: Carte Azione)."""

    ACTION = "action"  # instead of a numeric action, as a card action
    RESPONSE = "response"  # out of turn, when its condition holds
    COMBAT = "combat"  # instead of the Attack bonus, in one's combat
    OLYMPICS = "olympics"  # instead of the discipline's sum, in a race


class Trigger(StrEnum):
    """When a Response may be played: another player (not the responder) ..."""

    FIGHTS = "fights"  # ... starts a combat (before the dice are rolled)
    EXPLORES = "explores"  # ... places an Exploration marker
    CLAIMS_TEMPLE = "claims_temple"  # ... claims a Temple
    SAILS_NEAR = "sails_near"  # ... ends a Sail in or next to the responder's Captain's zone
    PASSES = "passes"  # ... passes


class Effect(Strict):
    type: EffectType
    do: list[Step] = Field(min_length=1, max_length=8)
    #: Response only: the condition that lets it be played.
    when: Trigger | None = None
    #: Prayer N: spend N Energy first (Available -> Exhausted).
    prayer: Annotated[int, Field(ge=0, le=10)] = 0
    #: Devour N: discard N cards from hand first.
    devour: Annotated[int, Field(ge=0, le=5)] = 0
    #: Removal: after resolving, the card goes to its House's discard (out of one's deck).
    removal: bool = False
    #: Devotion: these steps apply only if another card of the same god was played this turn.
    devotion: list[Step] = Field(default_factory=list, max_length=8)

    @model_validator(mode="after")
    def _consistent(self) -> Effect:
        if (self.type is EffectType.RESPONSE) != (self.when is not None):
            raise ValueError("a response needs 'when' (its condition), and only a response has one")
        ops = {step.op for step in (*self.do, *self.devotion)}
        if ops & MOVE_OPS and self.type is not EffectType.ACTION:
            raise ValueError(f"sail and command belong to action effects, not to a {self.type} effect")
        if ops & COMBAT_OPS and self.type not in (EffectType.COMBAT, EffectType.RESPONSE):
            raise ValueError(
                f"attack, damage and enemy_attack belong to combat effects, not to a {self.type} effect"
            )
        if Op.DISCOVERY in ops and self.type is not EffectType.ACTION:
            raise ValueError("discovery belongs to action effects")
        return self


class Passive(Strict):
    """A standing bonus of a Talent or a trained Hero, for the rest of the game."""

    attack: Annotated[int, Field(ge=0, le=5)] = 0
    discovery: Annotated[int, Field(ge=0, le=5)] = 0
    fervor: Annotated[int, Field(ge=0, le=5)] = 0  # at the start of each Olympics
    damage: Annotated[int, Field(ge=0, le=3)] = 0  # + damage when winning a combat
    hand_limit: Annotated[int, Field(ge=0, le=3)] = 0


class Ability(Strict):
    """What a Talent or a trained Hero gives: a passive bonus, an action, or both. An
    action marked ``once_per_round`` gets a Block marker until Sunset."""

    passive: Passive = Field(default_factory=Passive)
    action: list[Step] = Field(default_factory=list, max_length=8)
    once_per_round: bool = True
    prayer: Annotated[int, Field(ge=0, le=10)] = 0

    @model_validator(mode="after")
    def _something(self) -> Ability:
        if self.passive == Passive() and not self.action:
            raise ValueError("an ability needs a passive bonus or an action")
        if {step.op for step in self.action} & COMBAT_OPS:
            raise ValueError("an ability's action cannot use combat ops (attack, damage, enemy_attack)")
        return self
