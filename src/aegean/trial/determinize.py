"""What a bot is given, and the games consistent with it.

A bot never holds the :class:`~aegean.trial.engine.Game` it plays in: it gets a
:class:`PlayerView` (the content set, its seat and :func:`~aegean.trial.view.observe`'s
dict, with ``recall``) and its legal choices. To look ahead it calls :func:`determinize`, which builds a
whole Game from that view alone, drawing everything the view hides from what is still
unseen: the split of each other player's cards between hand and deck, every deck's order,
the Treasures under unexplored Temples, the Olympics cards set aside or drawn by someone
else, the other players' face-down picks and draft choices, and a fresh dice generator
(the true one would foretell the dice). The function takes the view and a generator and
nothing else, so it cannot read the true hidden state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .content import ContentSet
from .engine import Game
from .state import Enemy, GameState, Player
from .view import observe


@dataclass(frozen=True)
class PlayerView:
    """A bot's whole input besides its legal choices: public content, its seat, its view."""

    content: ContentSet
    player: int
    data: dict[str, Any]

    @classmethod
    def of(cls, game: Game, player: int) -> PlayerView:
        return cls(game.content, player, observe(game, player, recall=True))


def _draw(pool: set[str], n: int, rng: random.Random, allowed: set[str] | None = None) -> list[str]:
    """``n`` cards drawn at random from ``pool`` (only ``allowed`` ones), removed from it.
    (Card ids are unique, so piles are sets; sorted first, so a seed gives one result.)"""
    cards = sorted(pool if allowed is None else pool & allowed)
    rng.shuffle(cards)
    out = cards[:n]
    pool.difference_update(out)
    return out


def determinize(view: PlayerView, rng: random.Random) -> Game:
    """A whole game that ``view.player`` cannot tell from the real one: public state and
    their own secrets as the view says, every hidden part drawn with ``rng``."""
    content, me, d = view.content, view.player, view.data
    frames: list[dict[str, Any]] = _plain_copy(d["frames"])
    players = [_player(pv) for pv in d["players"]]
    state = GameState(
        players=players,
        advanced=bool(d["advanced"]),
        rng=random.Random(rng.getrandbits(64)),
        round=int(d["round"]),
        initiative=list(d["initiative"]),
        house_gods=dict(d["house_gods"]),
        god_discards={h: list(c) for h, c in d["decks"]["god_discards"].items()},
        travel_discard=list(d["decks"]["travel_discard"]),
        olympics_shown=list(d["olympics_shown"]),
        enemies=[Enemy(e["card"], e["zone"], bool(e["wounded"]), e["owner"]) for e in d["enemies"]],
        argonaut_slots=list(d["argonaut_board"]),
        blocks=list(d["blocks"]),
        exploration={i: list(m) for i, m in d["exploration"].items()},
        temples=dict(d["temples"]),
        stack=frames,
        log=[],
        over=bool(d["over"]),
    )
    game = Game(content, state)
    olympics_frame = next((f for f in frames if f["kind"] == "olympics" and "played" in f), None)
    race = frames[-1] if frames and frames[-1]["kind"] == "race" else None
    if race is not None:
        race["picks"] = {int(p): c for p, c in race["picks"].items()}
        if olympics_frame is not None and "played" in race:
            race["played"] = olympics_frame["played"]  # one dict in the engine, shared

    # Players' hands and decks: hand_and_deck is public; the split and order are not.
    for p, (pv, player) in enumerate(zip(d["players"], players, strict=True)):
        held = set(pv["hand_and_deck"])
        if race is not None and race["stage"] == "pick" and p in race["picks"]:
            pick = race["picks"][p]
            if pick is None:
                pick = _draw(held, 1, rng)[0]
                race["picks"][p] = pick
            else:
                held.discard(pick)
        if p == me:
            player.hand = list(pv["hand"])
            held.difference_update(player.hand)
        else:
            player.hand = _draw(held, int(pv["hand_size"]), rng)
        player.deck = _draw(held, len(held), rng)

    _treasures(content, me, d, state, rng)
    mentioned = _mentioned(frames, set())
    _god_decks(content, d, state, mentioned, rng)
    _small_decks(content, d, state, mentioned, rng)
    _draft(content, me, d, state, frames, rng)
    return game


def _plain_copy(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, strings, numbers): faster than deepcopy."""
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    return value


def _player(pv: dict[str, Any]) -> Player:
    energy = pv["energy"]
    return Player(
        colour=pv["colour"],
        captain=pv["captain"] or "",
        zone=pv["zone"],
        available=int(energy["available"]),
        exhausted=int(energy["exhausted"]),
        reserve=int(energy["reserve"]),
        vigor=int(pv["vigor"]),
        limiter=pv["limiter"],
        discard=list(pv["discard"]),
        offered=list(pv["offered_talents"]),
        talents={int(level): t for level, t in pv["talents"].items()},
        followers=dict(pv["followers"]),
        follower_zones=dict(pv["follower_zones"]),
        tamed=list(pv["tamed"]),
        upgrades=[u["bonus"] for u in pv["upgrades"]],
        raised=[bool(u["raised"]) for u in pv["upgrades"]],
        dishonor=int(pv["dishonor"]),
        champions=int(pv["champions"]),
        fervor=int(pv["fervor"]),
        vp=int(pv["vp"]),
        temples=list(pv["temples"]),
        explored=list(pv["explored"]),
        peeked=dict(pv["treasures_seen"] or {}),
        blocked=list(pv["blocked"]),
        revealed=list(pv["revealed_god_cards"]),
        passed=bool(pv["passed"]),
    )


def _treasures(content: ContentSet, me: int, d: dict[str, Any], state: GameState, rng: random.Random) -> None:
    """Known Treasures where they are; the rest shuffled under the other islands."""
    islands = [z.id for z in content.board.zones if z.kind == "island"]
    known: dict[str, str] = dict(d["treasures"] or d["players"][me]["treasures_seen"] or {})
    rest = [t.id for t in content.tracks.treasures if t.id not in known.values()]
    rng.shuffle(rest)
    state.treasures = {i: known[i] if i in known else rest.pop() for i in islands}
    for p, player in enumerate(state.players):
        if p != me:
            player.peeked = {i: state.treasures[i] for i in player.explored}


def _mentioned(value: Any, out: set[str]) -> set[str]:
    """Every string inside the decision frames (the cards lying face up in a turn, a fight,
    a race...), whatever the frames' layout: card ids are unique, so a card named there
    is in none of the hidden piles."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _mentioned(item, out)
    elif isinstance(value, list):
        for item in value:
            _mentioned(item, out)
    return out


def _god_decks(
    content: ContentSet,
    d: dict[str, Any],
    state: GameState,
    mentioned: set[str],
    rng: random.Random,
) -> None:
    """Each House's deck: its god's cards seen nowhere else, as many as the view counts."""
    pool = {c.id for c in (*content.gods, *content.animae)}
    for player in state.players:
        pool.difference_update(player.hand, player.deck, player.discard, player.revealed)
    for cards in state.god_discards.values():
        pool.difference_update(cards)
    pool -= mentioned
    by_god: dict[str, set[str]] = {}
    for card in content.gods:
        by_god.setdefault(card.god or "", set()).add(card.id)
    sizes: dict[str, int] = d["decks"]["gods"]
    for house, god in state.house_gods.items():
        state.god_decks[house] = _draw(pool, int(sizes[house]), rng, by_god.get(god, set()))
    state.animae = _draw(pool, int(d["decks"]["animae"]), rng, {a.id for a in content.animae})


def _small_decks(
    content: ContentSet,
    d: dict[str, Any],
    state: GameState,
    mentioned: set[str],
    rng: random.Random,
) -> None:
    """Travel, Sea and Olympics decks from the cards not in sight (``mentioned``: the ids
    the decision stack holds)."""
    decks = d["decks"]
    travel = {t.id for t in content.travel} - mentioned
    travel.difference_update(state.travel_discard)
    state.travel = _draw(travel, int(decks["travel"]), rng)

    sea = {e.id for e in content.sea} - mentioned
    sea.difference_update(e.card for e in state.enemies)
    for player in state.players:
        sea.difference_update(player.tamed)
    state.sea_deck = _draw(sea, int(decks["sea"]), rng)

    olympics = {o.id for o in content.olympics} - mentioned
    olympics.difference_update(state.olympics_shown)
    top = state.stack[-1] if state.stack else None
    if top is not None and top["kind"] == "olympics_card" and not isinstance(top["drawn"], list):
        top["drawn"] = _draw(olympics, int(top["drawn"]), rng)
    if d["olympics_set_aside"]:
        state.olympics_aside = _draw(olympics, 1, rng)[0]
    state.olympics_deck = _draw(olympics, int(decks["olympics"]), rng)


def _draft(
    content: ContentSet,
    me: int,
    d: dict[str, Any],
    state: GameState,
    frames: list[dict[str, Any]],
    rng: random.Random,
) -> None:
    """The Captain draft (advanced): the heroes still offered, ours, and the others' picks
    drawn from the heroes neither offered nor on the board."""
    top = frames[-1] if frames else None
    if top is None or top["kind"] != "draft":
        return
    decision = d["decision"]
    on_board = {e["card"] for e in d["enemies"]}
    board_heroes = {a.hero for a in content.argonauts if a.id in on_board}
    cards: dict[str, str] = {}
    for card in content.argonauts:
        if card.hero is not None and card.id not in on_board:
            cards.setdefault(card.hero, card.id)
    available = set(decision["available"])
    mine = decision.get("mine")
    state.draft = [cards[h] for h in sorted(available) if h in cards]
    hidden = sorted(h for h in cards if h not in available and h not in board_heroes and h != mine)
    rng.shuffle(hidden)
    for p in top["order"][: top["at"]]:
        if p == me and mine is not None:
            state.dealt[p] = cards[mine]
        elif hidden:
            state.dealt[p] = cards[hidden.pop()]
