"""§4.6 Sunset: Blocks become Sea enemies (or Calm Seas), Talents and Heroes are
unblocked, Talents restore Energy; then the next round or the final scoring (§4)."""

from __future__ import annotations

import pytest

from aegean.trial.engine import Game
from aegean.trial.state import ROUNDS

from .scenario import (
    clear_board,
    content,
    drive,
    enemy,
    everyone_passes,
    give_talent,
    quiet,
    seas,
    skip_olympics,
    start,
    top,
)


def calm(op: str) -> str:
    return next(e.id for e in content().sea if e.kind == "calm_sea" and [s.op.value for s in e.calm] == [op])


def sea_monsters() -> list[str]:
    return sorted(e.id for e in content().sea if e.kind == "sea")


def to_round_two(game: Game) -> None:
    everyone_passes(game)
    drive(game, lambda g: g.state.round == 2)


def stack_sea_deck(game: Game, *drawn: str) -> None:
    """The Sea deck's next cards, first drawn first."""
    s = game.state
    for card in drawn:
        s.sea_deck.remove(card)
    s.sea_deck += list(reversed(drawn))


def test_each_block_draws_a_sea_card_in_order() -> None:
    """§4.6.1: every Block leaves the sea zones, one at a time in the order placed; each
    draws a Sea enemy card: a monster goes to that zone, a Calm Sea applies its effect."""
    game = start(2)
    clear_board(game)
    skip_olympics(game)
    s = game.state
    z1, z2, z3 = [z for z in seas() if z not in (q.zone for q in s.players)][:3]
    s.blocks = [z1, z2, z3]
    m1, m3 = sea_monsters()[:2]
    quiet_sea = calm("restore")
    stack_sea_deck(game, m1, quiet_sea, m3)
    for q in s.players:
        q.available, q.exhausted = q.available - 1, q.exhausted + 1
    to_round_two(game)
    placed = {e.zone: e.card for e in s.enemies}
    assert placed == {z1: m1, z3: m3}
    assert s.blocks == []
    assert all(q.exhausted == 0 for q in s.players), "the Calm Sea restored everyone"
    assert s.sea_deck[0] == quiet_sea, "a Calm Sea goes back under the deck"


def test_a_zone_already_holding_an_enemy_gets_none() -> None:
    """§4.6.1, decision: a Sea monster drawn for a zone that already holds an enemy goes
    back under the deck."""
    game = start(2)
    clear_board(game)
    skip_olympics(game)
    s = game.state
    zone = next(z for z in seas() if z not in (q.zone for q in s.players))
    first, second = sea_monsters()[:2]
    enemy(game, first, zone)
    s.blocks = [zone]
    stack_sea_deck(game, second)
    to_round_two(game)
    assert [e.card for e in s.enemies] == [first]
    assert s.sea_deck[0] == second


def test_an_empty_sea_deck_draws_nothing() -> None:
    """§4.6.1, decision: with the Sea deck empty a Block draws nothing (the Calm Seas drawn
    this Sunset go back under the deck only after the last Block)."""
    game = start(2)
    clear_board(game)
    skip_olympics(game)
    s = game.state
    free = [
        z
        for z in seas() + [z.id for z in content().board.zones if z.kind == "island"]
        if z not in (q.zone for q in s.players)
    ]
    monsters = sea_monsters()
    for card, zone in zip(monsters, free[5:], strict=False):
        enemy(game, card, zone)
    calms = [c for c in s.sea_deck]
    assert all(game.enemy_card(c).kind == "calm_sea" for c in calms)
    s.blocks = free[: len(calms) + 1]
    to_round_two(game)
    assert not [e for e in s.enemies if e.zone in free[: len(calms) + 1]]
    assert sorted(s.sea_deck) == sorted(calms)


def test_calm_sea_concerns_every_player() -> None:
    """§4.6.1, decision: a Calm Sea's effect applies to every player, in Initiative order."""
    game = start(4)
    clear_board(game)
    skip_olympics(game)
    s = game.state
    s.blocks = [next(z for z in seas() if z not in (q.zone for q in s.players))]
    stack_sea_deck(game, calm("heal"))
    for q in s.players:
        q.vigor, q.limiter = 2, 5
    to_round_two(game)
    assert [q.vigor for q in s.players] == [3, 3, 3, 3]


def test_talents_unblocked_and_their_restore() -> None:
    """§4.6.2-3: Block markers leave Talents and Heroes; each player restores the Energy
    their Talents give."""
    game = start(2)
    clear_board(game)
    skip_olympics(game)
    s = game.state
    player = s.players[0]
    owned = [next(t.id for t in content().talents if t.level == level) for level in (1, 2, 3)]
    for t in owned:
        give_talent(game, 0, t)
    player.blocked = [owned[0], player.captain]
    player.exhausted, player.available = player.available, 0
    exhausted = player.exhausted
    restore = sum(game.talent(t).restore for t in owned)
    s.blocks = []
    to_round_two(game)
    assert player.blocked == []
    assert player.exhausted == exhausted - restore


@pytest.mark.parametrize("advanced", [False, True])
def test_rounds_then_final_scoring(advanced: bool) -> None:
    """§4: 4 rounds in the base game, 5 in the advanced one; after the last Sunset, the
    final scoring and the game is over."""
    game = Game.new(content(), 2, 3, advanced)
    dawns = 0
    while not game.over:
        p = game.to_decide()[0]
        game.apply(p, quiet(game.legal(p)))
        dawns = game.state.round
    assert dawns == ROUNDS[advanced] == (5 if advanced else 4)
    assert sum(line.endswith(": Dawn") for line in game.state.log) == ROUNDS[advanced]
    assert game.state.log[-1].startswith("final scores")
    assert top(game)["kind"] == "round"
