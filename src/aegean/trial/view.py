"""What each player may see (the boardgame.io ``playerView``).

``observe(game, viewer)`` is the only way a front end, a bot's input or a log reader sees
a game: the public state, plus the viewer's own secrets (§ hidden information: their hand,
the Treasures they have looked at, the Olympics cards they drew, their own face-down pick).
``viewer=None`` is a spectator. Decks are counts; other players' hands are counts; the
Treasures under unexplored Temples, the Olympics card set aside and everyone's pending
picks stay hidden until the rules reveal them. ``frames`` is the decision stack with
those secrets redacted.

``observe(game, viewer, recall=True)`` adds what a player with a perfect memory knows
from everything that happened in the open: each player's ``hand_and_deck``, the sorted
multiset of cards in their hand and deck (every purchase, gain, play and discard is
public; only the split and the deck's order are secret). Bots get it, so that they can
rebuild games consistent with what they have seen (:mod:`aegean.trial.determinize`);
screens do not show it (a person at the table remembers what they remember).
"""

from __future__ import annotations

import copy
from typing import Any

from .engine import Game


def observe(game: Game, viewer: int | None, recall: bool = False) -> dict[str, Any]:
    s = game.state
    frame = s.stack[-1] if s.stack else {"kind": "over"}
    players = []
    for p, player in enumerate(s.players):
        mine = viewer == p
        players.append(
            {
                "seat": p,
                "colour": player.colour,
                "captain": player.captain or None,
                "zone": player.zone,
                "energy": {
                    "available": player.available,
                    "exhausted": player.exhausted,
                    "reserve": player.reserve,
                },
                "vigor": player.vigor,
                "limiter": player.limiter,
                "hand_limit": game.hand_limit(p),
                "hand": list(player.hand) if mine else None,
                "hand_size": len(player.hand),
                "deck_size": len(player.deck),
                "discard": list(player.discard),
                "offered_talents": list(player.offered),
                "talents": dict(player.talents),
                "followers": dict(player.followers),
                "follower_zones": dict(player.follower_zones),
                "tamed": list(player.tamed),
                "upgrades": [
                    {"bonus": b, "raised": r} for b, r in zip(player.upgrades, player.raised, strict=True)
                ],
                "dishonor": player.dishonor,
                "champions": player.champions,
                "fervor": player.fervor,
                "vp": player.vp,
                "temples": list(player.temples),
                "explored": list(player.explored),
                "treasures_seen": dict(player.peeked) if mine or s.over else None,
                "revealed_god_cards": list(player.revealed),
                "blocked": list(player.blocked),
                "passed": player.passed,
            }
        )
    view: dict[str, Any] = {
        "content": game.content.info.id,
        "content_label": game.content.label,
        "viewer": viewer,
        "round": s.round,
        "advanced": s.advanced,
        "over": s.over,
        "initiative": list(s.initiative),
        "to_decide": game.to_decide(),
        "decision": _decision(game, frame, viewer),
        "players": players,
        "enemies": [
            {"card": e.card, "zone": e.zone, "wounded": e.wounded, "owner": e.owner} for e in s.enemies
        ],
        "argonaut_board": list(s.argonaut_slots),
        "blocks": list(s.blocks),
        "exploration": {i: list(m) for i, m in s.exploration.items()},
        "temples": dict(s.temples),
        "treasures": dict(s.treasures) if s.over else None,
        "house_gods": dict(s.house_gods),
        "olympics_shown": list(s.olympics_shown),
        "olympics_set_aside": s.olympics_aside is not None,
        "decks": {
            "travel": len(s.travel),
            "travel_discard": list(s.travel_discard),
            "sea": len(s.sea_deck),
            "olympics": len(s.olympics_deck),
            "animae": len(s.animae),
            "gods": {h: len(d) for h, d in s.god_decks.items()},
            "god_discards": {h: list(d) for h, d in s.god_discards.items()},
        },
        "log": list(s.log),
        "frames": [public_frame(frame, viewer) for frame in s.stack],
    }
    if recall:
        for p, seat in enumerate(view["players"]):
            seat["hand_and_deck"] = held_cards(game, p)
    return view


def held_cards(game: Game, p: int) -> list[str]:
    """Player ``p``'s hand and deck together, with a face-down Olympics pick, sorted.

    Public: whoever watched every purchase, gain, play and discard knows this multiset
    (only its split between hand and deck, and the deck's order, are secret); a bot
    needs it to imagine hands consistent with what it has seen."""
    player = game.state.players[p]
    cards = [*player.hand, *player.deck]
    frame = game.state.stack[-1] if game.state.stack else None
    if frame is not None and frame["kind"] == "race" and frame["stage"] == "pick" and p in frame["picks"]:
        cards.append(frame["picks"][p])
    return sorted(cards)


def public_frame(frame: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A frame of the decision stack as ``viewer`` may see it: the Olympics cards drawn by
    another player become a count, other players' face-down picks become None."""
    out = copy.deepcopy(frame)
    if frame["kind"] == "olympics_card" and viewer != frame["player"]:
        out["drawn"] = len(frame["drawn"])
    elif frame["kind"] == "race" and frame["stage"] == "pick":
        out["picks"] = {p: (c if p == viewer else None) for p, c in frame["picks"].items()}
    return out


def _decision(game: Game, frame: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """The frame being decided, without what the viewer may not see."""
    kind = frame["kind"]
    out: dict[str, Any] = {"kind": kind}
    if kind == "olympics_card":
        out["player"] = frame["player"]
        out["drawn"] = list(frame["drawn"]) if viewer == frame["player"] else len(frame["drawn"])
    elif kind == "draft":
        out["order"] = list(frame["order"])
        out["available"] = sorted({game.enemy_card(c).hero for c in game.state.draft})
        if viewer is not None and viewer in game.state.dealt:
            out["mine"] = game.enemy_card(game.state.dealt[viewer]).hero
    elif kind == "race":
        out["stage"] = frame["stage"]
        if frame["stage"] == "pick":
            out["picked"] = sorted(frame["picks"])
            if viewer is not None and viewer in frame["picks"]:
                out["mine"] = frame["picks"][viewer]
        else:
            out["picks"] = {str(p): c for p, c in frame["picks"].items()}
    elif kind in (
        "combat",
        "explore",
        "turn",
        "sail",
        "command",
        "discard",
        "respond",
        "upgrade",
        "buy",
        "extra",
    ):
        for key in (
            "player",
            "enemy",
            "cards",
            "attack",
            "damage",
            "enemy_bonus",
            "island",
            "sum",
            "left",
            "actions",
            "played",
            "trigger",
            "actor",
            "why",
        ):
            if key in frame:
                value = frame[key]
                out[key] = list(value) if isinstance(value, list) else value
    return out
