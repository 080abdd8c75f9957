"""Checks that a game is sound at any moment: every invariant of the rules engine, and no
secret in anyone's view.

:func:`secrets` lists, by kind, the ids a viewer may not know now (another player's hand,
any deck's cards, an unexplored island's Treasure, the Olympics card set aside, another
player's face-down race pick, an Olympics card drawn and not chosen by someone else);
:func:`leaks` searches every string of the viewer's :func:`~aegean.trial.view.observe`
(keys and values, at any depth) for them. :func:`audit` runs both, for every seat and a
spectator, with :meth:`~aegean.trial.engine.Game.check_invariants`. The suite and
``aegean trial selfplay --check`` call it after every decision.
"""

from __future__ import annotations

import json

from .engine import Game
from .view import observe

#: The kinds of secret :func:`secrets` names.
SECRET_KINDS = ("hand", "deck", "treasure", "aside", "pick", "drawn")


class AuditFailure(AssertionError):
    """A broken invariant or a secret in a view: one line saying which."""


def secrets(game: Game, viewer: int | None) -> dict[str, set[str]]:
    """What ``viewer`` (a seat, or None: a spectator) may not see now, by kind (ids)."""
    s = game.state
    out: dict[str, set[str]] = {kind: set() for kind in SECRET_KINDS}
    for p, player in enumerate(s.players):
        if p != viewer:
            out["hand"] |= set(player.hand)
        out["deck"] |= set(player.deck)
    for pile in (*s.god_decks.values(), s.animae, s.travel, s.sea_deck, s.olympics_deck):
        out["deck"] |= set(pile)
    if not s.over:
        explored = set(s.players[viewer].explored) if viewer is not None else set()
        out["treasure"] = {t for island, t in s.treasures.items() if island not in explored}
    if s.olympics_aside:
        out["aside"] = {s.olympics_aside}
    frame = s.stack[-1] if s.stack else {}
    if frame.get("kind") == "race" and frame["stage"] == "pick":
        out["pick"] = {c for p, c in frame["picks"].items() if p != viewer and c is not None}
    if frame.get("kind") == "olympics_card" and frame["player"] != viewer:
        out["drawn"] = set(frame["drawn"])
    return out


def leaks(game: Game, viewer: int | None) -> dict[str, set[str]]:
    """The secrets found in ``viewer``'s view, by kind (empty: none): any string in it, a
    key or a value at any depth, that is a secret id. (The view's JSON split at its quotes
    holds every string whole; an id quoted inside a longer text counts too.)"""
    shown = set(json.dumps(observe(game, viewer)).split('"'))
    found = {kind: ids & shown for kind, ids in secrets(game, viewer).items()}
    return {kind: ids for kind, ids in found.items() if ids}


def audit(game: Game) -> None:
    """Raise :class:`AuditFailure` if an invariant is broken or any seat's or a spectator's
    view holds a secret."""
    try:
        game.check_invariants()
    except AssertionError as error:
        said = " ".join(str(error).split()) or "check_invariants failed"
        raise AuditFailure(f"invariant broken: {said}") from None
    for viewer in (*range(game.players), None):
        found = leaks(game, viewer)
        if found:
            who = "a spectator" if viewer is None else f"player {viewer + 1}"
            what = "; ".join(f"{kind} {', '.join(sorted(ids))}" for kind, ids in found.items())
            raise AuditFailure(f"{who}'s view shows what they may not see: {what}")
