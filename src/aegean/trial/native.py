"""The Trial of the Gods fast path (Rust, ``crates/aegean-trial``, in ``aegean._core``)
behind the reference engine's API.

The Python engine (:mod:`aegean.trial.engine`) is the rules reference; the native engine
plays the same game on the same state, decision for decision: the same legal choices in
the same order, the same state after each, the same shuffles and dice from the same
generator state, and the heuristic policy making the same choices with the same
generator. The search bot runs its playouts there (:func:`playouts`), so a search gives
the same answer on either engine, only sooner; ``tests/trial/test_native.py`` compares the
two after every decision of seeded games. A content set with hook effects (Python code)
is not played natively: :func:`supports` says so and the reference plays it.

The two engines meet through documents: :func:`content_document` (the checked content
set) and :func:`state_document` (a game state, every field, the generator's included).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any, ClassVar

from aegean import _core

from .content import ContentSet
from .determinize import PlayerView
from .engine import Game
from .state import Enemy, GameState, Player

_PLAYER_PAIRS = ("talents", "followers", "follower_zones")
#: The search bot's evaluation weights: rounds left -> one weight per feature.
Weights = Mapping[int, Sequence[float]]


def content_document(content: ContentSet) -> str:
    """The content set as the native engine reads it: every component, defaults included."""

    def dump(items: Sequence[Any]) -> list[Any]:
        return [item.model_dump(mode="json") for item in items]

    return json.dumps(
        {
            "zones": dump(content.board.zones),
            "hand_limits": list(content.tracks.hand_limits),
            "upgrades": dump(content.tracks.upgrades),
            "die": dump(content.tracks.die),
            "treasures": dump(content.tracks.treasures),
            "houses": dump(content.houses.houses),
            "gods": dump(content.houses.gods),
            "talents": dump(content.talents),
            "travel": dump(content.travel),
            "heroes": dump(content.heroes),
            "enemies": dump((*content.argonauts, *content.land, *content.sea)),
            "cards": dump((*content.starting, *content.personal, *content.gods, *content.animae)),
            "animae": [card.id for card in content.animae],
            "god_cards": [card.id for card in content.gods],
            "olympics": dump(content.olympics),
        }
    )


def _player_document(player: Player) -> dict[str, Any]:
    out = {f.name: getattr(player, f.name) for f in fields(player)}
    for name in _PLAYER_PAIRS:  # ordered maps whose order the rules read: as pairs
        out[name] = [[key, value] for key, value in getattr(player, name).items()]
    return out


def state_document(state: GameState) -> dict[str, Any]:
    """Every field of ``state`` as plain data (the log left out), the generator's state
    included: what the native engine reads, and what it writes back for the same state."""
    out: dict[str, Any] = {
        f.name: getattr(state, f.name) for f in fields(state) if f.name not in ("players", "rng", "log")
    }
    out["players"] = [_player_document(player) for player in state.players]
    out["enemies"] = [[e.card, e.zone, e.wounded, e.owner] for e in state.enemies]
    out["rng"] = list(state.rng.getstate()[1])
    return out


def state_text(state: GameState) -> str:
    return json.dumps(state_document(state))


def view_text(view: PlayerView) -> str:
    """A bot's view as the native engine reads it (the log left out: nothing draws on it)."""
    return json.dumps({key: value for key, value in view.data.items() if key != "log"})


class NativeContent:
    """A content set loaded into the native engine once (reused by every game with it)."""

    _cache: ClassVar[dict[int, tuple[ContentSet, NativeContent | None]]] = {}

    def __init__(self, content: ContentSet) -> None:
        self.content = content
        self.core = _core.TrialContent(content_document(content))

    @classmethod
    def of(cls, content: ContentSet) -> NativeContent | None:
        """The native form of ``content``, or None if the native engine cannot play it
        (hook effects are Python code)."""
        cached = cls._cache.get(id(content))
        if cached is not None and cached[0] is content:
            return cached[1]
        try:
            native: NativeContent | None = cls(content)
        except ValueError:
            native = None
        cls._cache[id(content)] = (content, native)
        return native


def supports(content: ContentSet) -> bool:
    """Whether the native engine plays games with ``content`` (no hook effects)."""
    return NativeContent.of(content) is not None


def native_game(game: Game) -> _core.TrialGame:
    """The native engine's copy of ``game`` (ValueError if its content is not supported)."""
    native = NativeContent.of(game.content)
    if native is None:
        raise ValueError("the native engine cannot play this content set (it has hook effects)")
    return _core.TrialGame(native.core, state_text(game.state))


class NativeSearch:
    """The search bot's playouts in the native engine, its evaluation and rollout
    settings fixed once (``weights``: rounds left -> the features' weights)."""

    def __init__(
        self,
        content: NativeContent,
        weights: Weights,
        scale: float,
        epsilon: float,
        horizon: int,
        rounds: int = 1,
    ) -> None:
        table = [[float(w) for w in weights[left]] for left in range(1, max(weights) + 1)]
        self.core = _core.TrialSearch(content.core, table, scale, epsilon, horizon, rounds)

    @classmethod
    def of(
        cls,
        content: ContentSet,
        weights: Weights,
        scale: float,
        epsilon: float,
        horizon: int,
        rounds: int = 1,
    ) -> NativeSearch | None:
        """The native playouts for ``content``, or None where the native engine cannot
        play it."""
        native = NativeContent.of(content)
        return None if native is None else cls(native, weights, scale, epsilon, horizon, rounds)

    def playouts(self, world: Game, me: int, arms: Sequence[str], seed: int) -> list[float]:
        """Each of ``arms`` (legal choices of ``me``) played out on its own copy of
        ``world`` with a generator seeded ``seed``, and evaluated for ``me``."""
        return self.core.playouts(state_text(world.state), me, list(arms), seed)

    def choose(
        self,
        view: PlayerView,
        arms: Sequence[str],
        rng: random.Random,
        playouts: int | None,
        seconds: float | None,
        confidence: float,
    ) -> tuple[str, int]:
        """The search bot's passes over ``arms`` (the heuristic's choice first) from
        ``view``, drawing from ``rng`` as the reference does (its state moves on the
        same): the choice, and the playouts run."""
        choice, done, state = self.core.choose(
            view_text(view),
            view.player,
            list(arms),
            list(rng.getstate()[1]),
            playouts or 0,
            seconds or 0.0,
            confidence,
        )
        rng.setstate((3, (*state,), None))
        return choice, done


def determinize(view: PlayerView, rng: random.Random) -> Game:
    """:func:`aegean.trial.determinize.determinize` in the native engine, draw for draw
    (the same game from the same generator state), returned as a reference ``Game``."""
    core = NativeContent.of(view.content)
    if core is None:
        raise ValueError("the native engine cannot play this content set (it has hook effects)")
    document, state = _core.trial_determinize(
        core.core, view_text(view), view.player, list(rng.getstate()[1])
    )
    rng.setstate((3, (*state,), None))
    return Game(view.content, game_state(json.loads(document)))


def game_state(document: dict[str, Any]) -> GameState:
    """The reference's ``GameState`` a state document describes (:func:`state_document`'s
    inverse)."""
    players = []
    for doc in document["players"]:
        fields_ = dict(doc)
        for name in _PLAYER_PAIRS:
            fields_[name] = {(int(k) if name == "talents" else k): v for k, v in doc[name]}
        players.append(Player(**fields_))
    rng = random.Random()
    rng.setstate((3, (*document["rng"],), None))
    rest = {k: v for k, v in document.items() if k not in ("players", "rng", "enemies", "dealt", "stack")}
    state = GameState(players=players, rng=rng, **rest)
    state.enemies = [Enemy(card, zone, wounded, owner) for card, zone, wounded, owner in document["enemies"]]
    state.dealt = {int(p): card for p, card in document["dealt"].items()}
    state.stack = document["stack"]
    for frame in state.stack:
        if frame["kind"] == "race":
            frame["picks"] = {int(p): card for p, card in frame["picks"].items()}
    return state
