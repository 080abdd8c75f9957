"""37. Hades (SANTORINI.md §4; RULINGS #54): opponent workers cannot move down; forces
still can take them down."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, StepKind, perft
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import move, step_kind
from powers import gf_naive as gn
from powers.naive_gods import base_turns
from powers.support import check_random_playouts, position, turns

# Hades (player 1) on b2 (ground) and d4 (level 2); the opponent on c3 (level 2) and a4
# (level 1). Around c3: b3 1, b4 0, c2 0, d2 1 (all down), c4 2 (level), d3 3 (a climb).
LEVELS = "c3=2 b3=1 d3=3 c4=2 d2=1 a4=1 a5=2 b5=1 d4=2 e5=1"
START = position(LEVELS, "b2,d4 c3,a4", powers="Hades,-")
THEIRS = position(LEVELS, "b2,d4 c3,a4", to_move=2, powers="Hades,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_opponent_workers_cannot_move_down() -> None:
    """Card: opponent workers cannot move down — any move to a lower level is refused,
    level moves and climbs stay (the climb onto d3 wins)."""
    board = Board.from_position(THEIRS)
    firsts = {t.split("^")[0] for t in turns(board)}
    assert firsts == {"c3-c4", "c3-d3", "a4-a5", "a4-b3", "a4-b5"}
    for down in ("c3-b3^c3", "c3-b4^c3", "c3-c2^c3", "c3-d2^c3", "a4-a3^a4", "a4-b4^a4"):
        with pytest.raises(IllegalTurnError, match="Hades's power forbids"):
            board.play(down)
    board.play("c3-d3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1}


def test_hades_himself_moves_down_freely() -> None:
    """The restriction is on opponents only ("Opponent's Turn"): d4 (level 2) may step
    down to c5, d5, e4 (ground) or e3."""
    board = Board.from_position(START)
    firsts = {t.split("^")[0] for t in turns(board)}
    assert {"d4-c5", "d4-d5", "d4-e4", "d4-e3", "b2-a1", "b2-c1"} <= firsts


def test_no_legal_turn_when_every_move_goes_down() -> None:
    """Rule 2.2 with the restriction: an opponent whose only moves go down has no turn
    and loses."""
    text = position(
        "c3=2 d4=2 b4=1 c4=1 d3=1 b3=1 b2=1 c2=1 d2=1", "a1,e5 c3,d4", to_move=2, powers="Hades,-"
    )
    board = Board.from_position(text)
    # c3 and d4 (both level 2) may only step onto each other's level-2 space: occupied.
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0}


def test_every_step_of_a_multi_move_is_filtered() -> None:
    """RULINGS #54, "on any step": Artemis's second move may not go down either."""
    text = position("b3=1 c3=2 d4=2", "a1,e1 b3,e5", to_move=2, powers="Hades,Artemis")
    board = Board.from_position(text)
    assert "b3-c3-d4^d3" in turns(board)  # up, then level
    board.push(board.parse_turn("b3-c3")[0])
    seconds = {s for s in board.legal_steps() if step_kind(s) is StepKind.MOVE}
    assert seconds == {move(sq("c3"), sq("d4"))}  # b2, b4, c2, c4, d2, d3 are all lower


def test_apollo_may_not_swap_down_but_may_force_down() -> None:
    """RULINGS #54: Apollo's swap is his move, so it may not go down; the Hades worker he
    displaces is forced, and may go down."""
    # Apollo on c3 (level 1); Hades on b2 (ground) and d3 (level 2).
    text = position("c3=1 d3=2", "b2,d3 c3,a5", to_move=2, powers="Hades,Apollo")
    board = Board.from_position(text)
    legal = turns(board)
    assert not any(t.startswith("c3-b2") for t in legal)  # Apollo would move down
    assert any(t.startswith("c3-d3") for t in legal)  # Apollo moves up, Hades's worker goes down
    board.play("c3-d3^d4")
    assert sorted(board.workers[0]) == [sq("b2"), sq("c3")]
    assert board.height[sq("c3")] == 1 and board.height[sq("d3")] == 2


def test_forces_down_stay_possible_in_a_three_player_game() -> None:
    """RULINGS #54: being forced down is possible — Minotaur (player 2) steps level from c2
    onto c3 (both level 2) and pushes player 3's worker there down to c4 (ground)."""
    text = "00000/00000/00200/00200/00000 2 a1,e5 c2,a4 c3,e4 powers=Hades,Minotaur,-"
    board = Board.from_position(text)
    assert not any(t.startswith("c2-b1") or t.startswith("c2-d1") for t in turns(board))  # down
    board.play("c2-c3^c2")
    assert sq("c4") in board.workers[2] and board.height[sq("c4")] == 0


def test_his_own_workers_moved_by_dionysus_may_go_down() -> None:
    """ "Opponent workers": in Dionysus's extra turn the opponent moves a worker of Hades's,
    which is not an opponent worker, so it may go down (RULINGS #18 in spirit)."""
    text = "00000/10000/00300/00000/00000 2 b4,e1 b2,d4 powers=Hades,Dionysus"
    board = Board.from_position(text)
    board.play("b2-b3^c3")  # Dionysus completes a tower: an extra turn with a Hades worker
    assert board.to_move == 1
    legal = turns(board)
    assert any(t.startswith("b4-a3") for t in legal)  # Hades's worker on level 1 steps down
    board.play("b4-a3^a2")
    assert sq("a3") in board.workers[0]


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(THEIRS)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("a4-b5^a4"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(hades: int) -> gn.Generator:
    """Turns from the card text alone: Hades plays the base game; his opponent plays the
    base game without any move to a lower level."""

    def not_down(pos: nv.Pos, src: nv.Coord, dst: nv.Coord) -> bool:
        return pos.levels[dst] >= pos.levels[src]

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        return base_turns(tpos, None if tpos.pos.to_move == hades else not_down)

    return generate


@pytest.mark.parametrize(
    ("text", "depth1", "depth2"),
    [(START, 66, 1569), (THEIRS, 22, 1298)],
)
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    generate = naive_turns(0)
    assert gn.check_turns(generate, text) == depth1
    board = Board.from_position(text)
    assert perft(board, 1) == depth1
    assert perft(board, 2) == gn.perft(generate, gn.parse(text), 2) == depth2


def test_naive_agrees_at_more_positions() -> None:
    for text in (
        position("a1=3 b1=2 c1=1 a2=2 b2=1 c3=2 d4=3", "a3,e5 b2,c3", to_move=2, powers="Hades,-"),
        position("a1=3 b1=2 c1=1 a2=2 b2=1 c3=2 d4=3", "a3,e5 b2,c3", to_move=1, powers="-,Hades"),
    ):
        seat = 0 if "powers=Hades" in text else 1
        assert gn.check_turns(naive_turns(seat), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Hades", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Hades"], seeds=range(1), replay=False)
