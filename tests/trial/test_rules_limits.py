"""§1 Components: what is limited (each colour's 19 cubes, the Animae deck, Flags, black
cubes, Exploration markers) and what is not (Dishonor, Champion tokens, Blocks)."""

from __future__ import annotations

from aegean.trial.content.effects import EffectType

from .scenario import (
    act,
    action_effect,
    clear_board,
    drive,
    enemy,
    enemy_total,
    fight,
    god_card,
    hand,
    islands,
    monster,
    start,
    top,
)


def test_the_animae_deck_can_run_out() -> None:
    """§1: the Animae deck is limited: taking one from an empty deck takes nothing."""
    game = start(2)
    s = game.state
    card = action_effect("animae")
    hand(game, 0, card)
    s.players[1].discard += s.animae
    s.animae = []
    discard = list(s.players[0].discard)
    act(game, f"play:{card}:effect")
    drive(game, lambda g: top(g)["kind"] == "turn")
    assert s.players[0].discard == discard
    game.check_invariants()


def test_an_animae_is_taken_while_there_are_some() -> None:
    """§3 Animae cards: an effect that gives one puts it in the player's discard."""
    game = start(2)
    s = game.state
    card = action_effect("animae")
    hand(game, 0, card)
    left = len(s.animae)
    act(game, f"play:{card}:effect")
    drive(game, lambda g: top(g)["kind"] == "turn")
    assert len(s.animae) == left - 1 and s.players[0].discard[-1] in {
        a for a in game._cards if a.startswith("animae")
    }


def test_gaining_energy_needs_cubes_in_reserve() -> None:
    """§1 / §3 Energy: gaining Energy moves cubes from the reserve; with none left it gives
    nothing (19 cubes a colour, always)."""
    game = start(2)
    player = game.state.players[0]
    card = god_card(
        lambda c: (
            c.effect is not None
            and c.effect.type is EffectType.ACTION
            and [s.op.value for s in c.effect.do] == ["gain_energy"]
        )
    )
    effect = game.card(card).effect
    assert effect is not None
    hand(game, 0, card)
    player.available += player.reserve - 1
    player.reserve = 1
    available = player.available
    act(game, f"play:{card}:effect")
    assert player.reserve == 0 and player.available == available - effect.prayer + 1
    game.check_invariants()


def test_dishonor_and_champions_are_unlimited() -> None:
    """§1: Dishonor and Champion tokens are unlimited (more than the 20 in the box)."""
    game = start(2)
    clear_board(game)
    player = game.state.players[0]
    player.vigor, player.dishonor, player.champions = 1, 20, 20
    beast = monster("land", lambda e: e.dice == 1)
    enemy(game, beast, islands()[0])
    player.zone = islands()[0]
    fight(game, beast, enemy_total(game, beast, [1]) - 4, [1])
    assert player.dishonor == 22
    player.champions += 1
    game.check_invariants()
