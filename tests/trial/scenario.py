"""Positions for the Trial of the Gods rules tests, built the way a referee would set a
table: start a seeded game, drive it to the moment wanted with plain choices, then put the
cards, figures and cubes where the scenario needs them — always moving a component from
where it is, so that ``game.check_invariants()`` still holds — and make the decisions under
test with ``apply``.

Numbers come from the content (an enemy's attack, a card's values), never copied into a
test, so the scenarios keep their meaning when the sample set is rebalanced.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

from aegean.trial.content import ContentSet, load_content
from aegean.trial.content.effects import Effect, EffectType, Op, Step, Trigger
from aegean.trial.content.schema import ActionCard
from aegean.trial.engine import Game
from aegean.trial.state import Enemy

#: Choices that decline or finish, preferred when driving a game to a moment.
QUIET = ("done", "extra:none", "no", "stop", "go", "use:numbers", "end", "pass")


@cache
def content() -> ContentSet:
    return load_content()


def start(
    players: int = 2, advanced: bool = False, seed: int = 0, first: int = 0, rules: ContentSet | None = None
) -> Game:
    """A game at the first turn of the first Adventure, player ``first`` to play (first in
    Initiative, the others after in seat order); every earlier choice the quiet one."""
    game = Game.new(rules or content(), players, seed, advanced)
    s = game.state
    s.initiative = [first] + [p for p in range(players) if p != first]
    s.stack[-1]["order"] = list(reversed(s.initiative))  # the draft's or the placement's
    drive(game, lambda g: g.state.stack[-1]["kind"] == "turn")
    for q in range(players):  # no Response in hand unless a test gives one
        player = s.players[q]
        for card in [c for c in player.hand if is_response(game, c)]:
            player.hand.remove(card)
            player.deck.insert(0, card)
    return game


def is_response(game: Game, card: str) -> bool:
    effect = game.card(card).effect
    return effect is not None and effect.when is not None


def quiet(options: list[str]) -> str:
    return next((c for c in QUIET if c in options), options[0])


def drive(game: Game, until: Callable[[Game], bool], limit: int = 5000) -> None:
    """Make quiet choices until ``until(game)``."""
    for _ in range(limit):
        if until(game):
            return
        assert not game.over, "the game ended before the wanted moment"
        p = game.to_decide()[0]
        game.apply(p, quiet(game.legal(p)))
    raise AssertionError("the game did not reach the wanted moment")


def settle(game: Game) -> None:
    """Answer "no" for every player asked in a Response window who holds no playable
    Response (who is asked is public, so such players are asked too)."""
    while not game.over and top(game)["kind"] == "respond":
        (player,) = game.to_decide()
        if game.legal(player) != ["no"]:
            return
        game.apply(player, "no")


def act(game: Game, *choices: str | tuple[int, str]) -> None:
    """Apply each choice: a string for the one player deciding, or (player, choice);
    windows in which nobody can respond are settled before and after each."""
    for choice in choices:
        settle(game)
        if isinstance(choice, tuple):
            player, text = choice
        else:
            (player,) = game.to_decide()
            text = choice
        game.apply(player, text)
        settle(game)


def top(game: Game) -> dict[str, Any]:
    """The frame being decided."""
    return game.state.stack[-1]


def frame(game: Game, kind: str) -> dict[str, Any]:
    """The innermost frame of that kind."""
    return next(f for f in reversed(game.state.stack) if f["kind"] == kind)


def last_race(game: Game) -> bool:
    """The third race's picks are being made."""
    return (
        top(game)["kind"] == "race" and top(game)["stage"] == "pick" and frame(game, "olympics")["race"] == 3
    )


# ---------------------------------------------------------------- cards


def cards(pred: Callable[[ActionCard], bool], deck: str = "gods") -> list[str]:
    """Ids of a deck's cards (``gods``, ``starting``, ``personal``, ``animae``) that match."""
    return sorted(c.id for c in getattr(content(), deck) if pred(c))


def god_card(pred: Callable[[ActionCard], bool] = lambda c: True) -> str:
    return cards(pred)[0]


def _piles(game: Game) -> Iterable[list[str]]:
    s = game.state
    for player in s.players:
        yield from (player.hand, player.deck, player.discard, player.revealed)
    yield from s.god_decks.values()
    yield from s.god_discards.values()
    yield s.animae


def take(game: Game, card: str) -> str:
    """Take ``card`` out of wherever it is (a hand, a deck, a discard, a House, the Animae)."""
    for pile in _piles(game):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} is not in play")


def hand(game: Game, p: int, *ids: str) -> None:
    """Player ``p``'s hand becomes exactly ``ids``; the cards it held go to their deck."""
    player = game.state.players[p]
    for card in list(player.hand):
        if card not in ids:
            player.hand.remove(card)
            player.deck.insert(0, card)
    for card in ids:
        if card not in player.hand:
            player.hand.append(take(game, card))


def deck(game: Game, p: int, *ids: str) -> None:
    """Put ``ids`` on top of ``p``'s deck, the last one drawn first."""
    for card in ids:
        game.state.players[p].deck.append(take(game, card))


def empty_hand(game: Game, p: int) -> None:
    hand(game, p)


# ---------------------------------------------------------------- the board


def islands() -> list[str]:
    return [z.id for z in content().board.zones if z.kind == "island"]


def seas() -> list[str]:
    return [z.id for z in content().board.zones if z.kind == "sea"]


def sea_next_to(zone: str) -> str:
    return next(z for z in content().board.zones if z.kind == "sea" and zone in z.adjacent).id


def clear(game: Game, *zones: str) -> None:
    """No enemy in ``zones`` (Sea cards back under the Sea deck, the others to the box)."""
    s = game.state
    for enemy in [e for e in s.enemies if e.zone in zones]:
        s.enemies.remove(enemy)
        if enemy.owner is not None:
            s.players[enemy.owner].reserve += 1
            s.players[enemy.owner].tamed.remove(enemy.card)
        elif game.enemy_card(enemy.card).kind == "sea":
            s.sea_deck.insert(0, enemy.card)


def clear_board(game: Game) -> None:
    clear(game, *[z.id for z in content().board.zones])


def enemy(
    game: Game, card: str, zone: str | None, *, wounded: bool = False, owner: int | None = None
) -> Enemy:
    """Put enemy ``card`` in ``zone`` (moved if already in play; a Sea card from the deck;
    an Argonaut onto the Argonaut board); ``owner``: someone's tamed monster, its cube
    taken from their reserve when it is on the board."""
    s = game.state
    found = next((e for e in s.enemies if e.card == card), None)
    if found is not None:
        s.enemies.remove(found)
        if found.owner is not None:
            s.players[found.owner].tamed.remove(card)
            if found.zone is not None:
                s.players[found.owner].reserve += 1
    if card in s.sea_deck:
        s.sea_deck.remove(card)
    if game.enemy_card(card).kind == "argonaut" and card not in s.argonaut_slots:
        s.argonaut_slots.append(card)
    placed = Enemy(card, zone, wounded, owner)
    s.enemies.append(placed)
    if owner is not None:
        s.players[owner].tamed.append(card)
        if zone is not None:
            s.players[owner].reserve -= 1
    return placed


def monster(kind: str = "land", pred: Callable[[object], bool] = lambda e: True) -> str:
    """A monster card's id (``land`` or ``sea``)."""
    return sorted(e.id for e in getattr(content(), kind) if e.kind == kind and pred(e))[0]


def argonaut(game: Game, exclude: Iterable[str] = ()) -> str:
    """An Argonaut enemy card whose hero is nobody's Captain or Follower."""
    s = game.state
    taken = {q.captain for q in s.players} | {h for q in s.players for h in q.followers} | set(exclude)
    return next(e.id for e in content().argonauts if e.hero not in taken)


# ---------------------------------------------------------------- dice


def rolls(game: Game, *faces: int | str) -> None:
    """Make the next dice come up ``faces`` (a number, or ``"*"`` for the special face):
    the state's generator is reseeded with a seed whose first draws give them."""
    die = content().tracks.die

    def index(face: int | str) -> set[int]:
        return {
            i
            for i, f in enumerate(die)
            if (f.special if face == "*" else (not f.special and f.value == face))
        }

    wanted = [index(face) for face in faces]
    assert all(wanted), f"the die has no face {faces}"
    for seed in range(100_000):
        rng = random.Random(seed)
        if all(die.index(rng.choice(die)) in want for want in wanted):
            game.state.rng = random.Random(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


# ---------------------------------------------------------------- combat


def fight(game: Game, card: str, attack: int, faces: Iterable[int | str] = ()) -> None:
    """Player to move fights ``card`` with a total attack of ``attack`` (the combat's own
    count set so that it and the player's standing bonus make ``attack``), no cards played,
    the enemy's dice coming up ``faces``."""
    p = game.to_decide()[0]
    act(game, f"fight:{card}")
    top(game)["attack"] = attack - game.passive(p, "attack")
    rolls(game, *faces)
    act(game, "go")


def enemy_total(game: Game, card: str, faces: Iterable[int | str]) -> int:
    """The enemy's attack with those dice (numbers add; the ability not counted)."""
    return game.enemy_card(card).attack + sum(f for f in faces if isinstance(f, int))


def travel_next(game: Game, pred: Callable[[list[str]], bool]) -> str:
    """Put on top of the Travel deck a card whose ops (a list of op names) match."""
    s = game.state
    card = next(t.id for t in content().travel if pred([step.op.value for step in t.do]))
    pile = s.travel if card in s.travel else s.travel_discard
    pile.remove(card)
    s.travel.append(card)
    return card


def follower(game: Game, p: int, zone: str | None = None, trained: bool = False) -> str:
    """Give ``p`` a Follower (a hero nobody has), its figure in ``zone``."""
    s = game.state
    taken = {q.captain for q in s.players} | {h for q in s.players for h in q.followers}
    hero = next(h.id for h in content().heroes if h.id not in taken)
    s.players[p].followers[hero] = trained
    s.players[p].follower_zones[hero] = zone
    return hero


def temple(game: Game, p: int, island: str) -> None:
    """``p``'s Flag on ``island``'s Temple (no Upgrade raised: no bonus to account for)."""
    s = game.state
    s.temples[island] = p
    s.players[p].temples.append(island)


def with_card(card: str, base: ContentSet | None = None, **changes: Any) -> ContentSet:
    """The sample set (or ``base``) with one god card changed; ``effect_<field>`` changes
    a field of its effect: for rules no shipped card exercises."""
    c = base or content()
    effect_changes = {k.removeprefix("effect_"): v for k, v in changes.items() if k.startswith("effect_")}
    plain_changes = {k: v for k, v in changes.items() if not k.startswith("effect_")}

    def change(x: ActionCard) -> ActionCard:
        if x.id != card:
            return x
        if effect_changes:
            assert x.effect is not None
            plain_changes["effect"] = x.effect.model_copy(update=effect_changes)
        return x.model_copy(update=plain_changes)

    return dataclasses.replace(c, gods=tuple(change(x) for x in c.gods))


def with_responses(trigger: Trigger, n: int, op: Op = Op.GAIN_ENERGY) -> tuple[ContentSet, list[str]]:
    """The sample set with ``n`` god cards (with no effect) given a Response to
    ``trigger`` that does ``op`` once; their ids."""
    rules = content()
    ids = cards(lambda c: c.effect is None)[:n]
    effect = Effect(type=EffectType.RESPONSE, when=trigger, do=[Step(op=op)])
    for card in ids:
        rules = with_card(card, rules, effect=effect)
    return rules, ids


def dice_of(game: Game, card: str, face: int | str) -> list[int | str]:
    """One ``face`` for each of the enemy's dice."""
    return [face] * game.enemy_card(card).dice


def everyone_passes(game: Game) -> None:
    """Every player passes until the Adventure is over (its Responses declined)."""
    drive(game, lambda g: not any(f["kind"] == "adventure" for f in g.state.stack))


def show(game: Game, olympics: str) -> None:
    """Make ``olympics`` this round's discipline (swapped with the card shown now)."""
    s = game.state
    shown = s.olympics_shown[-1]
    if olympics == shown:
        return
    if olympics == s.olympics_aside:
        s.olympics_aside = shown
    else:
        s.olympics_deck[s.olympics_deck.index(olympics)] = shown
    s.olympics_shown[-1] = olympics


def with_olympics(card: str, base: ContentSet | None = None, **changes: Any) -> ContentSet:
    """The sample set (or ``base``) with one Olympics card changed."""
    c = base or content()
    return dataclasses.replace(
        c, olympics=tuple(o.model_copy(update=changes) if o.id == card else o for o in c.olympics)
    )


def skip_olympics(game: Game) -> None:
    """No Olympics this round: the card shown goes back to the deck (the phase is then
    skipped, as when the deck is empty), so a test reaches the Sunset directly."""
    s = game.state
    s.olympics_deck.append(s.olympics_shown.pop())


#: Choices a "bold" random player prefers: it fights, explores, buys and responds more
#: often than a uniform one, so random games reach Temples, Followers and Upgrades.
BOLD = (
    "attack:",
    "combat:",
    "fight:",
    "explore:",
    "discover:",
    "buy:",
    "talent:",
    "train:",
    "respond:",
    "command:",
)


def random_step(game: Game, rng: random.Random, bold: bool = False) -> tuple[int, str]:
    """One random legal decision (a random one of the players deciding); returns it."""
    who = game.to_decide()
    assert who, "a game not over always has someone to decide"
    p = rng.choice(who)
    options = game.legal(p)
    assert options, f"player {p + 1} must decide but has no choice: {game.state.stack[-1]}"
    preferred = [c for c in options if c.startswith(BOLD)] if bold else []
    if "go" in options and bold and game.state.stack[-1]["kind"] == "explore":
        preferred = ["go"]
    choice = rng.choice(preferred if preferred and rng.random() < 0.8 else options)
    game.apply(p, choice)
    return p, choice


def playout(
    players: int, advanced: bool, seed: int, limit: int = 20_000, bold: bool = False
) -> Iterator[Game]:
    """A game of random legal decisions (``bold``: see BOLD), yielded after set-up and
    after every decision."""
    game = Game.new(content(), players, seed, advanced)
    rng = random.Random(seed)
    yield game
    for _ in range(limit):
        if game.over:
            return
        random_step(game, rng, bold)
        yield game
    raise AssertionError(f"no end after {limit} decisions")


def position(players: int, advanced: bool, seed: int, steps: int) -> Game:
    """The random game of ``playout`` after ``steps`` decisions (or at its end)."""
    last = None
    for n, game in enumerate(playout(players, advanced, seed)):
        last = game
        if n == steps:
            break
    assert last is not None
    return last


def action_effect(op: str) -> str:
    """A god card whose Action effect has an ``op`` step and no Prayer or Devour."""
    return god_card(
        lambda c: (
            c.effect is not None
            and c.effect.type is EffectType.ACTION
            and any(step.op.value == op for step in c.effect.do)
            and not c.effect.prayer
            and not c.effect.devour
        )
    )


def give_talent(game: Game, p: int, talent: str) -> None:
    """``p`` owns ``talent`` (on the slot of its level)."""
    player = game.state.players[p]
    player.talents[game.talent(talent).level] = talent
    if talent in player.offered:
        player.offered.remove(talent)
