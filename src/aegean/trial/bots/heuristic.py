"""The heuristic bot: a fixed policy of sensible play, one rule per kind of decision.

It fights what it can beat (its attack from the cards in hand and its passives against
the enemy's attack plus the dice it expects), explores where its hand reaches the
threshold, sails towards such targets, spends spare Energy on Followers, Talents and god
cards, plays the card worth most in each Olympics race, responds when the response gains
something, and passes when nothing useful is left.

:func:`policy` is the rule itself, on a game and a seat. It reads the public state and
that seat's own hand only (the search bot runs it for every seat inside its imagined
games, so it must not peek there either); :class:`HeuristicBot` runs it on a game
determinized from the bot's view, which holds nothing else it could read.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..content import ContentSet
from ..content.effects import EffectType, Op, Step
from ..content.schema import ActionCard
from ..determinize import determinize
from ..engine import Game
from ..state import MAX_COMBAT_CARDS, MAX_EXPLORE_CARDS, MAX_VIGOR, ROUNDS, Enemy
from .base import PlayerView

#: The order in which Upgrades are raised: combat and exploration first.
UPGRADE_ORDER = ("attack", "discovery", "energy", "fervor", "limiter", "reveal")


@dataclass(frozen=True)
class Knowledge:
    """What a content set lets one precompute: distances between zones, the dice."""

    distance: dict[str, dict[str, int]]
    islands: tuple[str, ...]
    #: The expected value of one die, its numbers only, and the chance of its special face.
    die_mean: float
    die_special: float
    #: Enemy card -> its dice as (probability, attack added); filled as asked.
    rolls: dict[str, list[tuple[float, int]]]
    #: Enemy card -> enemy_strength with no known bonus; filled as asked.
    strengths: dict[str, float]
    #: (enemy, attack, known bonus, outright, tamed) -> fight_value; filled as asked.
    fights: dict[tuple[str, float, int, bool, bool], float]

    @classmethod
    def of(cls, content: ContentSet) -> Knowledge:
        cached = _KNOWLEDGE.get(id(content))
        if cached is not None and cached[0] is content:
            return cached[1]
        adjacent = {z.id: z.adjacent for z in content.board.zones}
        distance: dict[str, dict[str, int]] = {}
        for start in adjacent:
            seen = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for there in adjacent[here]:
                    if there not in seen:
                        seen[there] = seen[here] + 1
                        queue.append(there)
            distance[start] = seen
        faces = content.tracks.die
        knowledge = cls(
            distance=distance,
            islands=tuple(z.id for z in content.board.zones if z.kind == "island"),
            die_mean=sum(f.value for f in faces if not f.special) / len(faces),
            die_special=sum(1 for f in faces if f.special) / len(faces),
            rolls={},
            fights={},
            strengths={},
        )
        _KNOWLEDGE[id(content)] = (content, knowledge)
        return knowledge


_KNOWLEDGE: dict[int, tuple[ContentSet, Knowledge]] = {}


# ---------------------------------------------------------------------- estimates


def enemy_strength(game: Game, card_id: str, known_bonus: int = 0) -> float:
    """The attack an enemy is expected to reach: printed, plus its dice on average (a
    special face counts as the ``enemy_attack`` its ability adds)."""
    strengths = Knowledge.of(game.content).strengths
    strength = strengths.get(card_id)
    if strength is None:
        attack = game.enemy_card(card_id).attack
        strength = strengths[card_id] = sum(
            chance * (attack + bonus) for chance, bonus in enemy_rolls(game, card_id)
        )
    return known_bonus + strength


def enemy_rolls(game: Game, card_id: str) -> list[tuple[float, int]]:
    """The enemy's dice as (probability, attack added) pairs: each number face adds its
    value, each special face the ``enemy_attack`` of its ability."""
    cache = Knowledge.of(game.content).rolls
    cached = cache.get(card_id)
    if cached is not None:
        return cached
    card = game.enemy_card(card_id)
    special = sum(s.n for s in card.ability if s.op is Op.ENEMY_ATTACK)
    faces = [special if f.special else f.value for f in game.content.tracks.die]
    spread: dict[int, float] = {0: 1.0}
    for _ in range(card.dice):
        nxt: dict[int, float] = {}
        for total, chance in spread.items():
            for face in faces:
                nxt[total + face] = nxt.get(total + face, 0.0) + chance / len(faces)
        spread = nxt
    out = sorted((chance, total) for total, chance in spread.items())
    cache[card_id] = out
    return out


def fight_value(
    game: Game, p: int, enemy: Enemy, mine: float, known_bonus: int = 0, damage: int | None = None
) -> float:
    """The expected worth of fighting ``enemy`` with attack ``mine``: a defeat is worth the
    enemy's value, a wound part of it, a loss costs Vigor (more when lost by 4 or more)."""
    card_id = enemy.card
    damage = game.passive(p, "damage") if damage is None else damage
    outright = enemy.owner is not None or enemy.wounded or damage >= 1
    key = (card_id, mine, known_bonus, outright, enemy.owner is not None)
    cache = Knowledge.of(game.content).fights
    cached = cache.get(key)
    if cached is not None:
        return cached
    attack = game.enemy_card(card_id).attack + known_bonus
    value = enemy_value(game, card_id, enemy.owner)
    out = 0.0
    for chance, bonus in enemy_rolls(game, card_id):
        theirs = attack + bonus
        if mine > theirs:
            out += chance * (value if outright or mine - theirs >= 4 else 0.45 * value)
        elif mine < theirs:
            out -= chance * (1.0 if theirs - mine < 4 else 2.0)
    cache[key] = out
    return out


def attack_of(game: Game, p: int, card_id: str) -> int:
    """What a card adds to ``p``'s attack: its number, or its combat effect's if larger
    and payable."""
    card = game.card(card_id)
    best = card.attack
    effect = card.effect
    if effect is not None and effect.type is EffectType.COMBAT and _payable(game, p, effect.prayer):
        best = max(best, sum(s.n for s in effect.do if s.op is Op.ATTACK))
    return best


def _payable(game: Game, p: int, prayer: int) -> bool:
    return game.state.players[p].available >= prayer


def attack_potential(game: Game, p: int, hand: Sequence[str], passive: int | None = None) -> int:
    """The best attack ``p`` can muster from ``hand``: three cards and passives."""
    best = sorted((attack_of(game, p, c) for c in hand), reverse=True)[:MAX_COMBAT_CARDS]
    return sum(best) + (game.passive(p, "attack") if passive is None else passive)


def discovery_potential(game: Game, p: int, hand: Sequence[str], passive: int | None = None) -> int:
    best = sorted((game.card(c).discovery for c in hand), reverse=True)[:MAX_EXPLORE_CARDS]
    return sum(best) + (game.passive(p, "discovery") if passive is None else passive)


def threshold(game: Game, island: str) -> int | None:
    """The island's next Exploration threshold (None: every space taken)."""
    spaces = game.zone(island).exploration
    used = len(game.state.exploration[island])
    return spaces[used] if used < len(spaces) else None


def enemy_value(game: Game, card_id: str, owner: int | None) -> float:
    """What defeating an enemy is worth: its laurels (a tamed monster counts for
    Submission), an Argonaut's Follower, a Temple claimed on an island."""
    card = game.enemy_card(card_id)
    value = 1.0 + card.laurels
    if card.kind == "argonaut":
        value += 2.0
    if owner is not None:
        value = 1.5  # someone's tamed monster: it only leaves their Submission
    return value


def card_value(game: Game, card_id: str) -> float:
    """A rough worth of an action card in hand, to choose what to give up."""
    card = game.card(card_id)
    numbers = card.attack + card.discovery + 0.5 * (card.sail + card.restore + card.heal) + 0.3 * card.command
    return numbers + (1.0 if card.effect is not None else 0.0)


def step_value(game: Game, p: int, step: Step | dict[str, Any], fighting: bool = False) -> float:
    """The worth to ``p`` of one effect step applied now (rough, in cards' worth)."""
    op = Op(step.op if isinstance(step, Step) else step["op"])
    n = step.n if isinstance(step, Step) else int(step.get("n", 1))
    player = game.state.players[p]
    top = MAX_VIGOR if player.limiter is None else player.limiter
    olympics = any(f["kind"] == "race" for f in game.state.stack)
    if op is Op.GAIN_ENERGY:
        return 1.0 * min(n, player.reserve)
    if op is Op.RESTORE:
        return 0.8 * min(n, player.exhausted)
    if op is Op.EXHAUST:
        return -0.8 * min(n, player.available)
    if op is Op.HEAL:
        return 0.6 * min(n, top - player.vigor)
    if op is Op.WOUND:
        return -1.0 * n
    if op is Op.DRAW:
        return 1.0 * n
    if op is Op.DISCARD:
        return -0.8 * min(n, len(player.hand))
    if op is Op.ATTACK:
        return 1.0 * n if fighting else 0.0
    if op is Op.DAMAGE:
        return 1.0 * n if fighting else 0.0
    if op is Op.ENEMY_ATTACK:
        return -1.0 * n if fighting else 0.8 * n
    if op is Op.FERVOR:
        return 1.0 * n if olympics else 0.0
    if op is Op.CHAMPION:
        return 3.0 * n
    if op is Op.DISHONOR:
        return -1.0 * n
    if op is Op.ATONE:
        return 1.0 * min(n, player.dishonor)
    if op is Op.ANIMAE:
        return -1.5 * n
    if op is Op.SAIL:
        return 0.3 * n
    if op is Op.COMMAND:
        return 0.2 * n if player.followers or player.tamed else 0.0
    return 0.0


def effect_value(game: Game, p: int, card: ActionCard, fighting: bool = False) -> float:
    """A card's effect for ``p`` now, its Prayer and Devour taken off."""
    effect = card.effect
    if effect is None:
        return 0.0
    value = sum(step_value(game, p, s, fighting) for s in effect.do)
    return value - 0.8 * effect.prayer - 1.0 * effect.devour


# ---------------------------------------------------------------------- the policy


def policy(game: Game, p: int, legal: Sequence[str], rng: random.Random) -> str:
    """The heuristic's choice for ``p`` among ``legal`` (public state and p's hand only)."""
    if len(legal) == 1:
        return legal[0]
    frame = game.state.stack[-1]
    chooser = _CHOOSERS.get(frame["kind"])
    choice = chooser(game, p, legal, frame, rng) if chooser is not None else None
    return choice if choice is not None and choice in legal else legal[rng.randrange(len(legal))]


def _best(scored: list[tuple[float, str]], rng: random.Random) -> str | None:
    """The highest-scored choice, ties broken at random; None if there is none."""
    if not scored:
        return None
    top = max(s for s, _ in scored)
    best = [c for s, c in scored if s == top]
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


def _draft(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    return _best([(_ability_value(game, c.split(":", 1)[1], captain=True), c) for c in legal], rng)


def _ability_value(game: Game, hero: str, captain: bool = False) -> float:
    ability = game.hero(hero).trained
    passive = ability.passive
    value = 2.0 * (passive.attack + passive.discovery + passive.damage + passive.hand_limit)
    value += 1.2 * passive.fervor + (1.5 if ability.action else 0.0)
    if captain:
        value += 0.5 * len(game.hero(hero).blessings)
    return value


def _place(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    """Start near islands to explore and enemies weak enough to beat early."""
    distance = Knowledge.of(game.content).distance
    targets = _targets(game, p)
    scored = []
    for choice in legal:
        zone = choice.split(":", 1)[1]
        near = sorted(distance[zone][t] - 0.5 * v for t, v in targets.items())[:3]
        scored.append((-sum(near), choice))
    return _best(scored, rng)


def _targets(game: Game, p: int, hand: Sequence[str] | None = None) -> dict[str, float]:
    """Zones worth heading for, with their worth: islands to explore and enemies to beat
    with ``hand`` or, without one, with a good hand (three cards of 2)."""
    s = game.state
    out: dict[str, float] = {}
    player = s.players[p]
    attack = game.passive(p, "attack") + (6 if hand is None else attack_potential(game, p, hand, 0))
    discovery = game.passive(p, "discovery") + (6 if hand is None else discovery_potential(game, p, hand, 0))
    for island in Knowledge.of(game.content).islands:
        if island not in player.explored:
            need = threshold(game, island)
            if need is not None and need <= discovery + 1:
                out[island] = 1.0 + 0.2 * (discovery + 1 - need)
    for enemy in s.enemies:
        if enemy.zone is not None and enemy.owner != p and enemy_strength(game, enemy.card) < attack + 1:
            out[enemy.zone] = out.get(enemy.zone, 0.0) + enemy_value(game, enemy.card, enemy.owner)
    return out


def _olympics_card(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    hand = game.state.players[p].hand
    scored = []
    for choice in legal:
        olympics = game.olympics_card(choice.split(":", 1)[1])
        values = sorted(
            (sum(game.card(c).value(s.value) for s in olympics.disciplines) for c in hand), reverse=True
        )
        scored.append((float(sum(values[:3])), choice))
    return _best(scored, rng)


def _extra(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    blessings = game.blessings(p)
    scored = [(blessings.get(c.split(":", 1)[1], 0) + 0.1, c) for c in legal if c != "extra:none"]
    return _best(scored, rng) or "extra:none"


def _buy(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    """Followers first, then Talents, then god cards, by worth per Energy; keep Energy for
    the Prayers in hand."""
    s = game.state
    player = s.players[p]
    rounds_left = ROUNDS[s.advanced] - s.round + 1
    effects = [game.card(c).effect for c in player.hand]
    keep = max((e.prayer for e in effects if e is not None), default=0)
    scored = []
    for choice in legal:
        kind, _, what = choice.partition(":")
        if kind == "buy":
            card = game.card(what)
            value = 1.5 * card.laurels + 0.4 * card_value(game, what) * min(rounds_left, 3)
            cost = card.cost
        elif kind == "talent":
            talent = game.talent(what)
            ability = talent.ability
            passive = ability.passive
            value = (
                1.0 * (passive.attack + passive.discovery + passive.damage + passive.hand_limit)
                + 0.6 * passive.fervor
                + (0.7 if ability.action else 0.0)
                + 0.6 * talent.restore
            ) * rounds_left
            cost = talent.cost
        elif kind == "train":
            value = 0.5 * _ability_value(game, what) * rounds_left
            cost = game.hero(what).training_cost
        else:
            continue
        if player.available - cost < keep or value < 0.5 * cost:
            continue
        scored.append((value / max(cost, 1), choice))
    return _best(scored, rng) or "done"


def _turn(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    """Explore, fight, sail to a target, play a good effect, restore, heal; else stop."""
    s = game.state
    player = s.players[p]
    scored: list[tuple[float, str]] = []
    for choice in legal:
        kind, _, rest = choice.partition(":")
        if kind == "explore":
            scored.append((10.0, choice))
        elif kind == "fight":
            value = fight_value(game, p, s.enemy(rest), attack_potential(game, p, player.hand))
            if value > 0.8:
                scored.append((6.0 + value, choice))
        elif kind == "ability":
            value = _ability_action_value(game, p, rest)
            if value > 0.5:
                scored.append((2.0 + value, choice))
    sail = _sail_plan(game, p, legal, frame)
    if sail is not None:
        scored.append(sail)
    for choice in legal:
        if not choice.startswith("play:"):
            continue
        card_id, action = choice[5:].rsplit(":", 1)
        card = game.card(card_id)
        if action == "effect":
            value = effect_value(game, p, card)
            if value > 0.6:
                scored.append((2.0 + value - 0.3 * card_value(game, card_id), choice))
        elif action == "restore" and player.exhausted:
            gain = min(card.restore, player.exhausted)
            if gain:
                scored.append((1.0 + 0.8 * gain - 0.3 * card_value(game, card_id), choice))
        elif action == "heal":
            top = MAX_VIGOR if player.limiter is None else player.limiter
            gain = min(card.heal, top - player.vigor)
            if gain:
                scored.append((0.8 + 0.6 * gain - 0.3 * card_value(game, card_id), choice))
        elif action == "command" and card.command and _command_target(game, p) is not None:
            scored.append((1.2 - 0.3 * card_value(game, card_id), choice))
    best = _best(scored, rng)
    if best is not None:
        return best
    return "pass" if "pass" in legal else "end"


def _ability_action_value(game: Game, p: int, source: str) -> float:
    player = game.state.players[p]
    ability = game.talent(source).ability if source in player.talents.values() else game.hero(source).trained
    value = sum(step_value(game, p, step) for step in ability.action if step.op not in (Op.SAIL, Op.COMMAND))
    if any(step.op is Op.COMMAND for step in ability.action) and _command_target(game, p) is not None:
        value += 1.0
    return value - 0.8 * ability.prayer


def _sail_plan(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any]) -> tuple[float, str] | None:
    """The best card to play for Sail: one that reaches a zone where the rest of the hand
    fights or explores (with an action left), else one towards the nearest target."""
    s = game.state
    player = s.players[p]
    here = player.zone
    if here is None:
        return None
    distance = Knowledge.of(game.content).distance[here]
    action_left = frame["actions"] + 1 < 2
    passives = _passives(game, p)
    far: dict[str, float] | None = None
    best: tuple[float, str] | None = None
    #: (attack, discovery) of the hand left -> the goals it reaches: hands often repeat them.
    seen: dict[tuple[int, int], dict[str, float]] = {}
    for choice in legal:
        if not (choice.startswith("play:") and choice.endswith(":sail")):
            continue
        card_id = choice[5:].rsplit(":", 1)[0]
        steps = game.card(card_id).sail + (1 if s.advanced and game.zone(here).modifier == "sail" else 0)
        if steps <= 0:
            continue
        rest = list(player.hand)
        rest.remove(card_id)
        reach = (
            attack_potential(game, p, rest, passives[0]),
            discovery_potential(game, p, rest, passives[1]),
        )
        goals = seen.get(reach)
        if goals is None:
            goals = seen[reach] = _goals(game, p, *reach, passives[2])
        value = 0.0
        if action_left:
            value = max((v for z, v in goals.items() if 0 < distance[z] <= steps), default=0.0)
            value = 5.0 + value if value else 0.0
        if not value and here not in goals:
            far = _targets(game, p) if far is None else far
            closer = [v / (1 + distance[z]) for z, v in far.items() if distance[z] > 0]
            if closer:
                value = 0.5 + max(closer)
        if value:
            score = value - 0.3 * card_value(game, card_id)
            if best is None or score > best[0]:
                best = (score, choice)
    return best


def _passives(game: Game, p: int) -> tuple[int, int, int]:
    """``p``'s passive attack, discovery and damage."""
    return game.passive(p, "attack"), game.passive(p, "discovery"), game.passive(p, "damage")


def _reachable_goals(
    game: Game, p: int, hand: Sequence[str], passives: tuple[int, int, int] | None = None
) -> dict[str, float]:
    """Zones where ``hand`` wins a fight or an exploration, with what that is worth."""
    attack_bonus, discovery_bonus, damage = _passives(game, p) if passives is None else passives
    attack = attack_potential(game, p, hand, attack_bonus)
    discovery = discovery_potential(game, p, hand, discovery_bonus)
    return _goals(game, p, attack, discovery, damage)


def _goals(game: Game, p: int, attack: int, discovery: int, damage: int) -> dict[str, float]:
    """Zones where an ``attack`` wins a fight or a ``discovery`` an exploration, with their worth."""
    s = game.state
    player = s.players[p]
    out: dict[str, float] = {}
    for enemy in s.enemies:
        if enemy.zone is not None and enemy.owner != p and attack > game.enemy_card(enemy.card).attack:
            value = fight_value(game, p, enemy, attack, damage=damage)
            if value > 0.8:
                out[enemy.zone] = max(out.get(enemy.zone, 0.0), value)
    captains = {q.zone for i, q in enumerate(s.players) if i != p}
    for island in Knowledge.of(game.content).islands:
        if island not in player.explored and island not in captains:
            need = threshold(game, island)
            if need is not None and discovery >= need:
                out[island] = max(out.get(island, 0.0), 2.0)
    return out


def _sail(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    """One step towards the best goal within the steps left; stop on it."""
    s = game.state
    player = s.players[p]
    here = player.zone
    assert here is not None
    distance = Knowledge.of(game.content).distance
    goals = _reachable_goals(game, p, player.hand)
    near = {z: v for z, v in goals.items() if distance[here][z] <= frame["left"]}
    if here in near and near[here] >= max(near.values()):
        return "stop"
    if not near:
        far = _targets(game, p)
        near = {z: v / (1 + distance[here][z]) for z, v in far.items()}
    if not near:
        return "stop"
    goal = max(sorted(near), key=lambda z: (near[z], -distance[here][z]))
    if goal == here:
        return "stop"
    steps = [c for c in legal if c.startswith("sail:") and distance[c[5:]][goal] < distance[here][goal]]
    return steps[0] if steps else "stop"


def _command_target(game: Game, p: int) -> tuple[str, str] | None:
    """A useful move for a Follower (to an island to explore with the hand) or a tamed
    monster (onto the leading rival's Captain, if a cube is spare)."""
    s = game.state
    player = s.players[p]
    discovery = discovery_potential(game, p, player.hand)
    for hero, zone in player.follower_zones.items():
        for island in game.content.board.zones:
            if island.kind != "island" or island.id in player.explored or island.id == zone:
                continue
            need = threshold(game, island.id)
            if need is not None and discovery >= need:
                return hero, island.id
    if player.reserve > 2:
        rivals = sorted((q for q in range(len(s.players)) if q != p), key=lambda q: -s.players[q].vp)
        for enemy in s.enemies:
            if enemy.owner == p and enemy.zone is None:
                for q in rivals:
                    zone = s.players[q].zone
                    if zone is not None and not any(
                        e.zone == zone and game.enemy_card(e.card).kind != "argonaut" for e in s.enemies
                    ):
                        return enemy.card, zone
    return None


def _command(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    target = _command_target(game, p)
    if target is None:
        return "stop"
    choice = f"command:{target[0]}:{target[1]}"
    return choice if choice in legal else "stop"


def _discard(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    return _best([(-card_value(game, c.split(":", 1)[1]), c) for c in legal], rng)


def _respond(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    scored = []
    for choice in legal:
        if choice == "no":
            continue
        card_id = choice.split(":", 1)[1]
        value = effect_value(game, p, game.card(card_id)) - 0.4 * card_value(game, card_id)
        if value > 0.3:
            scored.append((value, choice))
    return _best(scored, rng) or "no"


def _combat(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    """Add the strongest cards until the enemy is likely beaten outright (or at least
    beaten), then go."""
    s = game.state
    enemy = s.enemy(frame["enemy"])
    player = s.players[p]
    theirs = enemy_strength(game, frame["enemy"], frame["enemy_bonus"])
    mine = frame["attack"] + game.passive(p, "attack")
    bonus_damage = frame["damage"] + game.passive(p, "damage")
    outright = enemy.owner is not None or enemy.wounded or bonus_damage >= 1
    hand_best = attack_potential(game, p, player.hand) - game.passive(p, "attack")
    slots = MAX_COMBAT_CARDS - len(frame["cards"])
    goal = theirs + (0.5 if outright else 4.0)
    if mine + hand_best < goal:
        goal = theirs + 0.5
    if mine >= goal or slots <= 0:
        return "go"
    scored = []
    for choice in legal:
        kind, _, card_id = choice.partition(":")
        if kind == "attack":
            scored.append((game.card(card_id).attack - 0.1 * card_value(game, card_id), choice))
        elif kind == "combat":
            card = game.card(card_id)
            scored.append(
                (effect_value(game, p, card, fighting=True) - 0.1 * card_value(game, card_id), choice)
            )
    best = _best(scored, rng)
    return best if best is not None and max(s for s, _ in scored) > 0 else "go"


def _explore(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    if "go" in legal:
        return "go"
    return _best([(game.card(c.split(":", 1)[1]).discovery * 1.0, c) for c in legal], rng)


def _upgrade(
    game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random
) -> str | None:
    for bonus in UPGRADE_ORDER:
        if f"upgrade:{bonus}" in legal:
            return f"upgrade:{bonus}"
    return None


def _race(game: Game, p: int, legal: Sequence[str], frame: dict[str, Any], rng: random.Random) -> str | None:
    """Pick the card worth most in this discipline (its numbers or its Olympics effect);
    then use whichever is worth more."""
    if frame["stage"] == "pick":
        return _best([(_race_worth(game, p, c.split(":", 1)[1]), c) for c in legal], rng)
    card_id = frame["picks"][p]
    numbers = _race_numbers(game, card_id)
    effect = effect_value(game, p, game.card(card_id))
    return "use:effect" if "use:effect" in legal and effect > numbers else "use:numbers"


def _race_numbers(game: Game, card_id: str) -> float:
    discipline = game.discipline()
    if discipline is None:
        return 0.0
    card = game.card(card_id)
    return float(sum(card.value(s.value) for s in game.olympics_card(discipline).disciplines))


def _race_worth(game: Game, p: int, card_id: str) -> float:
    card = game.card(card_id)
    worth = _race_numbers(game, card_id)
    if card.effect is not None and card.effect.type is EffectType.OLYMPICS:
        worth = max(worth, effect_value(game, p, card))
    return worth - 0.05 * card_value(game, card_id)


_CHOOSERS = {
    "draft": _draft,
    "place": _place,
    "olympics_card": _olympics_card,
    "extra": _extra,
    "buy": _buy,
    "turn": _turn,
    "sail": _sail,
    "command": _command,
    "discard": _discard,
    "respond": _respond,
    "combat": _combat,
    "explore": _explore,
    "upgrade": _upgrade,
    "race": _race,
}


class HeuristicBot:
    """The heuristic policy, on a game rebuilt from the bot's view (whose hidden parts it
    does not read: any determinization gives the same public state and hand)."""

    name = "heuristic"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        game = determinize(view, self.rng)
        return policy(game, view.player, legal, self.rng)
