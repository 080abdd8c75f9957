"""§4.2 Responses: who may respond, when (the five conditions of the effect vocabulary),
in which order, and what happens to the card."""

from __future__ import annotations

from aegean.trial.content import ContentSet
from aegean.trial.content.effects import Op, Trigger
from aegean.trial.engine import Game

from .scenario import (
    act,
    cards,
    clear_board,
    content,
    dice_of,
    drive,
    enemy,
    enemy_total,
    hand,
    islands,
    monster,
    rolls,
    start,
    top,
    with_card,
    with_responses,
)


def at_fight(players: int = 3, rules: ContentSet | None = None) -> tuple[Game, str]:
    """Player 1's turn, their Captain alone with a land monster on an island."""
    game = start(players, rules=rules)
    clear_board(game)
    island = islands()[0]
    beast = monster("land", lambda e: e.dice == 1)
    enemy(game, beast, island)
    game.state.players[0].zone = island
    return game, beast


def test_no_response_in_ones_own_turn() -> None:
    """§4.2 Responses: during the Adventure only when it is not one's own turn: the
    fighter is never asked; the others who can respond are, before the dice roll."""
    rules, (a, b) = with_responses(Trigger.FIGHTS, 2)
    game, beast = at_fight(rules=rules)
    hand(game, 0, a)
    hand(game, 2, b)
    act(game, f"fight:{beast}", "go")
    assert top(game)["kind"] == "respond" and game.to_decide() == [2]
    assert "rolled" not in game.state.stack[-2], "before the dice"
    act(game, f"respond:{b}")
    assert top(game)["kind"] == "turn", "the combat resolved after the window"


def test_responders_go_in_initiative_order_one_card_at_a_time() -> None:
    """§4.2 Responses: several players go in Initiative order, one card at a time; a "no"
    leaves the window (decision)."""
    rules, fights = with_responses(Trigger.FIGHTS, 6)
    game, beast = at_fight(4, rules)
    hand(game, 1, *fights[:2])
    hand(game, 2, *fights[2:4])
    hand(game, 3, *fights[4:6])
    act(game, f"fight:{beast}", "go")
    asked = []
    for choice in ("respond", "no", "respond", "respond", "respond"):
        (p,) = game.to_decide()
        asked.append(p)
        act(game, next(c for c in game.legal(p) if c.startswith(choice)))
    assert asked == [1, 2, 3, 1, 3], "player 3 said no and left; the others ran out of cards"
    assert top(game)["kind"] != "respond"
    assert len(game.state.players[2].hand) == 2


def test_a_player_who_passed_may_still_respond() -> None:
    """§4.2 Pass: a player who passed takes no more turns but may still respond."""
    rules, (card,) = with_responses(Trigger.FIGHTS, 1)
    game, beast = at_fight(2, rules)
    act(game, "pass")
    hand(game, 0, card)
    game.state.players[1].zone = islands()[0]
    game.state.players[0].zone = None
    act(game, f"fight:{beast}", "go")
    assert game.to_decide() == [0] and game.state.players[0].passed


def test_passes_window() -> None:
    """Response condition "passes": after another player passes."""
    rules, (card,) = with_responses(Trigger.PASSES, 1)
    game = start(2, rules=rules)
    hand(game, 1, card)
    act(game, "pass")
    assert top(game)["kind"] == "respond" and game.to_decide() == [1]
    act(game, f"respond:{card}")
    assert card in game.state.players[1].discard


def test_sails_near_asks_only_the_captains_near() -> None:
    """Response condition "sails_near": another player ends a Sail in or next to the
    responder's Captain's zone; farther Captains are not asked."""
    rules, (a, b) = with_responses(Trigger.SAILS_NEAR, 2)
    game = start(3, rules=rules)
    clear_board(game)
    s = game.state
    here = next(z for z in content().board.zones if z.kind == "sea" and not z.edge)
    target = next(z for z in here.adjacent if game.zone(z).kind == "sea")
    near = next(z for z in game.zone(target).adjacent if z != here.id)
    far = next(
        z.id
        for z in content().board.zones
        if z.id not in (here.id, target, near) and target not in z.adjacent and z.kind == "sea"
    )
    s.players[0].zone, s.players[1].zone, s.players[2].zone = here.id, far, near
    s.blocks = [target]
    hand(game, 2, a)
    hand(game, 1, b)
    sail = cards(lambda c: c.effect is None and c.sail == 1 and c.id not in (a, b))[0]
    hand(game, 0, sail)
    act(game, f"play:{sail}:sail", f"sail:{target}")
    assert top(game)["kind"] == "respond" and game.to_decide() == [2]


def test_explores_window_after_the_marker() -> None:
    """Response condition "explores": after another player places an Exploration marker."""
    rules, (card,) = with_responses(Trigger.EXPLORES, 1)
    game = start(2, rules=rules)
    s = game.state
    island = islands()[0]
    s.players[0].zone = island
    finds = cards(lambda c: c.effect is None and c.discovery >= 1 and c.id != card)
    finds = sorted(finds, key=lambda c: -game.card(c).discovery)[:3]
    hand(game, 0, *finds)
    hand(game, 1, card)
    act(game, f"explore:{island}", *[f"discover:{c}" for c in finds], "go")
    assert s.exploration[island] == [0]
    assert top(game)["kind"] == "respond" and game.to_decide() == [1]


def test_claims_temple_window_after_the_upgrade() -> None:
    """Response condition "claims_temple": the claim is the Flag then the Upgrade (§4.3);
    the other players respond once both are done."""
    rules, (card,) = with_responses(Trigger.CLAIMS_TEMPLE, 1)
    game, beast = at_fight(2, rules)
    hand(game, 1, card)
    act(game, f"fight:{beast}")
    top(game)["attack"] = enemy_total(game, beast, dice_of(game, beast, 1)) + 4 - game.passive(0, "attack")
    rolls(game, *dice_of(game, beast, 1))
    act(game, "go")
    assert top(game)["kind"] == "upgrade" and game.to_decide() == [0]
    act(game, game.legal(0)[0])
    assert top(game)["kind"] == "respond" and game.to_decide() == [1]


def test_the_condition_is_checked_before_each_card() -> None:
    """§4.2 Responses: each player checks the condition again before each card: one who
    can no longer pay (Prayer) is not asked again."""
    rules, (a, b) = with_responses(Trigger.FIGHTS, 2, Op.FERVOR)
    rules = with_card(b, with_card(a, rules, effect_prayer=1), effect_prayer=1)
    game, beast = at_fight(2, rules)
    player = game.state.players[1]
    player.exhausted += player.available - 1
    player.available = 1
    hand(game, 1, a, b)
    act(game, f"fight:{beast}", "go")
    act(game, f"respond:{a}")
    drive(game, lambda g: top(g)["kind"] != "effect")
    assert top(game)["kind"] != "respond", "no Energy left for the second Prayer"


def test_a_response_card_is_discarded_after_its_effect() -> None:
    """§4.2: a Response's card goes to the discard once its effect has resolved (with
    Devour, after the discard it asks for)."""
    rules, (card,) = with_responses(Trigger.PASSES, 1)
    game = start(2, rules=with_card(card, rules, effect_devour=1))
    other = cards(lambda c: c.effect is None and c.id != card)[0]
    hand(game, 1, card, other)
    act(game, "pass", f"respond:{card}")
    assert top(game)["kind"] == "discard" and card not in game.state.players[1].discard
    assert card not in game.state.players[1].hand
    game.check_invariants()
    act(game, f"discard:{other}")
    assert card in game.state.players[1].discard


def test_who_is_asked_depends_on_public_facts_only() -> None:
    """§4.2 Responses (decision: who is asked is public): a player holding cards but no
    playable Response is asked all the same, offered only "no", so being asked tells the
    table nothing about a hand; a player with an empty hand is not asked."""
    rules, (a,) = with_responses(Trigger.FIGHTS, 1)
    game, beast = at_fight(rules=rules)
    hand(game, 1, a)
    hand(game, 2, cards(lambda c: c.effect is None)[1])
    game.state.players[0].hand = []
    game.apply(0, f"fight:{beast}")
    game.apply(0, "go")
    asked = []
    while top(game)["kind"] == "respond":
        (player,) = game.to_decide()
        asked.append((player, game.legal(player)))
        game.apply(player, "no")
    order = [p for p in game.state.initiative if p in (1, 2)]
    assert [p for p, _ in asked] == order
    assert dict(asked)[2] == ["no"] and f"respond:{a}" in dict(asked)[1]
    game, beast = at_fight(rules=rules)
    for p in (1, 2):
        game.state.players[p].hand = []
    game.apply(0, f"fight:{beast}")
    game.apply(0, "go")
    assert top(game)["kind"] != "respond", "nobody holding a card, nobody asked"
