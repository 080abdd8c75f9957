"""36. Graeae (SANTORINI.md §4; RULINGS #53, printed text): three workers; after the move,
she chooses which of her workers builds."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.squares import parse_square
from powers import gf_naive as gn
from powers.naive_gods import base_turns, build_on, climbs, step_moves
from powers.support import check_random_playouts, position, turns

# Graeae on a1, c3 (level 1) and e5; the opponent on b4 and d2. d4 is level 3 next to
# c3, so c3-d4 would climb 2 (not allowed); c4 is level 2: c3-c4 climbs to 2.
LEVELS = "c3=1 c4=2 d4=3 b3=1 e4=2 d5=3"
START = position(LEVELS, "a1,c3,e5 b4,d2", powers="Graeae,-")
THEIRS = position(LEVELS, "a1,c3,e5 b4,d2", to_move=2, powers="Graeae,-")


def sq(name: str) -> int:
    return parse_square(name)


def test_places_three_workers() -> None:
    """Card, Setup: three workers, placed in one turn (C(25,3) = 2300 ways)."""
    board = Board(2, ["Graeae", None])
    assert len(board.legal_turns()) == 2300
    with pytest.raises(IllegalTurnError):
        board.play("@a1@c3")
    board.play("@a1@c3@e5")
    assert board.to_move == 1 and len(board.legal_turns()) == 22 * 21 // 2
    board.play("@b4@d2")
    assert board.position() == "00000/00000/00000/00000/00000 1 a1,c3,e5 b4,d2 powers=Graeae,-"
    assert not board.placing


def test_any_of_her_workers_builds_after_the_move() -> None:
    """Card, Your Build: she chooses which worker builds — the one that moved or another.
    The revised text (only an unmoved worker builds) is not followed (RULINGS #53)."""
    board = Board.from_position(START)
    legal = turns(board)
    assert "a1-a2^a3" in legal  # the mover builds
    assert "a1-a2,e5^d5" in legal  # the worker on e5 builds instead
    assert "a1-a2,c3^c2" in legal  # or the one on c3
    assert "a1-a2,c3^a1" not in legal  # a1 does not neighbour c3
    board.play("a1-a2,e5^e4")
    assert board.height[sq("e4")] == 3 and board.to_move == 1


def test_one_build_only_and_after_a_move() -> None:
    """Still one move, then one build: no build before the move, no second build."""
    board = Board.from_position(START)
    for bad in ("e5^e4", "a1-a2^a3,e5^e4", "a1-a2,e5^e4^e4"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    assert board.position() == START


def test_the_mover_writes_the_short_form() -> None:
    """When the mover and another worker could make the same build, the turn is listed
    once, without naming the builder."""
    board = Board.from_position(START)
    legal = turns(board)
    # b2 neighbours a1->b2's mover (a1-b1) and c3: one end state, written short.
    assert "a1-b1^b2" in legal and "a1-b1,c3^b2" not in legal
    board.play("a1-b1,c3^b2")  # the long form is legal too and ends the same way
    assert board.height[sq("b2")] == 1


def test_a_climb_onto_level_3_wins_at_once() -> None:
    """Rule 2.1 and ruling 7: the turn ends at the climb; no build follows."""
    text = position("c3=2 d4=3", "a1,c3,e5 b4,d2", powers="Graeae,-")
    board = Board.from_position(text)
    assert "c3-d4" in turns(board)
    board.play("c3-d4")
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {0}


def test_she_must_move_even_if_others_could_build() -> None:
    """Rule 2.2: a worker must move; with every worker walled in she loses, although her
    workers could build."""
    walls = "b1=2 a2=2 b2=2 d4=2 d5=2 e4=2 b3=2 b4=2 c2=2 c4=2 d2=2 d3=2"
    text = position(walls, "a1,e5,c3 b4,d2", powers="Graeae,-")
    board = Board.from_position(text)
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winners == {1}


def test_a_sleeping_worker_may_still_build() -> None:
    """RULINGS #39 (Hypnus): Graeae's highest worker cannot move, but it may build after
    another worker moved — the build is hers to assign."""
    text = position("c3=2", "a1,c3,e5 b4,d2", powers="Graeae,Hypnus")
    board = Board.from_position(text)
    board.play("a1-a2^a3")
    board.play("b4-a4^b4")  # Hypnus moves; now Graeae's turn starts: c3 (level 2) sleeps
    assert board.tokens.get("hypnus") == "c3"
    legal = turns(board)
    assert not any(t.startswith("c3-") for t in legal)
    assert "a2-a1,c3^c2" in legal
    board.play("a2-a1,c3^d3")
    assert board.height[sq("d3")] == 1


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("a1-a2,e5^d5"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        if board.turn:
            assert board.position().endswith("turn=a1-a2")
            assert turns(again) == turns(board)
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(graeae: int) -> gn.Generator:
    """From the card text alone: one of her workers moves (base rules); a climb onto level
    3 wins; otherwise any one of her workers builds on a free space next to itself. Her
    opponent plays the base game."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos = tpos.pos
        me = pos.to_move
        if me != graeae:
            return base_turns(tpos)
        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in step_moves(pos, src):
                moved = tpos.copy()
                moved.pos.workers[me][index] = dst
                moved.pos.to_move = 1 - me
                text = f"{nv.name(src)}-{nv.name(dst)}"
                if climbs(pos, src, dst):
                    out.append((text, moved, True))
                    continue
                for builder in moved.pos.workers[me]:
                    for target in nv.neighbours(builder):
                        if moved.pos.unoccupied(target):
                            built = moved.copy()
                            build_on(built.pos, target)
                            who = "" if builder == dst else f",{nv.name(builder)}"
                            out.append((f"{text}{who}^{nv.name(target)}", built, False))
        return out

    return generate


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(START, 88, 6015), (THEIRS, 67, 6583)])
def test_turns_and_perft_match_a_naive_generator(text: str, depth1: int, depth2: int) -> None:
    generate = naive_turns(0)
    assert gn.check_turns(generate, text) == depth1
    board = Board.from_position(text)
    assert perft(board, 1) == depth1
    assert perft(board, 2) == gn.perft(generate, gn.parse(text), 2) == depth2


def test_naive_agrees_with_graeae_second() -> None:
    text = position(LEVELS, "b4,d2 a1,c3,e5", to_move=2, powers="-,Graeae")
    assert gn.check_turns(naive_turns(1), text) > 0


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_random_playouts(["Graeae", rival], seeds=range(2), replay=True)
    check_random_playouts([rival, "Graeae"], seeds=range(1), replay=False)
