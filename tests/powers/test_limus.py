"""23. Limus (SANTORINI.md §4; RULINGS #40): opponent workers cannot build on spaces
neighbouring her workers, unless the build is a dome completing a Complete Tower. The
printed text is followed: a dome below level 3 (Atlas) is refused there too. The rule
covers every build an opponent's power adds."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, Termination, perft
from powers.support import check_random_playouts, naive_pos, turns

POWERS = "-,Limus"


def position(
    levels: str = "", workers: str = "b1,e1 c3,a5", *, to_move: int = 1, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level).
    By default Limus (player 2) stands on c3 and a5; player 1 on b1 and e1."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def builds_after(board: Board, move: str) -> set[str]:
    """The build squares of the legal turns that start with ``move``."""
    return {t[len(move) + 1 :] for t in turns(board) if t.startswith(move + "^")}


# ---------------------------------------------------------------------- scenarios
def test_opponents_cannot_build_next_to_her_workers() -> None:
    """Card: after b1-b2, c2 and b3 neighbour Limus's worker on c3 and are refused; the
    other neighbours of b2 are not."""
    board = Board.from_position(position())
    assert builds_after(board, "b1-b2") == {"a1", "b1", "c1", "a2", "a3"}
    with pytest.raises(IllegalTurnError, match="Limus"):
        board.play("b1-b2^c2")


def test_a_dome_completing_a_tower_is_allowed() -> None:
    """Card: "unless the build is a dome completing a Complete Tower": on level 3."""
    board = Board.from_position(position("c2=3 b3=2"))
    assert builds_after(board, "b1-b2") == {"a1", "b1", "c1", "a2", "a3", "c2"}
    board.play("b1-b2^c2")
    assert board.domes >> 7 & 1 and board.height[7] == 3


def test_her_own_workers_build_anywhere() -> None:
    board = Board.from_position(position(to_move=2))
    assert builds_after(board, "c3-c2") == {"c1", "d1", "b2", "d2", "b3", "c3", "d3"}  # b1 is occupied


def test_atlas_low_dome_next_to_limus_is_refused() -> None:
    """RULINGS #40 (printed text) and #20: Atlas's dome on level 0-2 is no Complete Tower,
    so not next to Limus; away from her it is fine, and on level 3 next to her too."""
    board = Board.from_position(position("c2=3", powers="Atlas,Limus"))
    legal = turns(board)
    assert "b1-b2^a2D" in legal
    assert "b1-b2^c2" in legal  # the dome on level 3
    assert not any(t.startswith("b1-b2^b3") for t in legal)
    with pytest.raises(IllegalTurnError):
        board.play("b1-b2^b3D")
    board = Board.from_position(position(powers="Atlas,Limus"))
    assert "b1-b2^c2D" not in turns(board)


def test_extra_builds_of_other_powers_are_refused_next_to_her() -> None:
    """Demeter's second build, Hestia's extra build, Prometheus's build before moving and
    Zeus's block under himself are builds like any other."""
    demeter = Board.from_position(position(powers="Demeter,Limus"))
    assert "b1-b2^a2^a3" in turns(demeter)
    assert not any(t.startswith("b1-b2^a2^") and t[-2:] in ("c2", "b3") for t in turns(demeter))
    hestia = Board.from_position(position(powers="Hestia,Limus"))
    # Every inner space neighbours c3: with Limus there, Hestia has no extra build at all.
    assert all(t.count("^") == 1 for t in turns(hestia))
    hestia = Board.from_position(position(workers="b1,e1 d4,a5", powers="Hestia,Limus"))
    assert {"b1-b2^a1^c2", "b1-b2^a1^b3"} <= turns(hestia)
    assert "b1-b2^a1^c3" not in turns(hestia)  # c3 neighbours d4
    prometheus = Board.from_position(position(powers="Prometheus,Limus"))
    assert "b1^a2-a1^b1" in turns(prometheus)
    assert not any(t.startswith("b1^c2") for t in turns(prometheus))
    zeus = Board.from_position(position(powers="Zeus,Limus"))
    assert "b1-a1^a1" in turns(zeus)  # a1 does not neighbour c3
    assert "b1-b2^b2" not in turns(zeus)


def test_an_opponent_whose_every_build_is_refused_loses() -> None:
    """Every move of a1/a3 ends where all buildable neighbours touch b2 or b4: no legal
    turn, and player 1 loses (SANTORINI.md §3.2, rule 2.2)."""
    board = Board.from_position(position("", "a1,a3 b2,b4"))
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.termination is Termination.NO_LEGAL_TURN


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(position())
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b1-b2")[0])
    again = Board.from_position(board.position())
    assert again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert len(board.legal_steps()) == 5
    board.push(board.parse_turn("b2^a3")[0])
    assert board.rehash() == board.zobrist_hash()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone; ``seat``
    is Limus's player."""
    me = pos.to_move
    limus = pos.workers[seat]
    out: list[tuple[str, nv.Pos, bool]] = []
    for i, src in enumerate(pos.workers[me]):
        for dst in nv.neighbours(src):
            if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                continue
            moved = pos.copy()
            moved.workers[me][i] = dst
            moved.to_move = 1 - me
            move = f"{nv.name(src)}-{nv.name(dst)}"
            if pos.levels[dst] == 3 and pos.levels[src] < 3:
                out.append((move, moved, True))
                continue
            for target in nv.neighbours(dst):
                if not moved.unoccupied(target):
                    continue
                near_limus = any(target in nv.neighbours(w) for w in limus)
                if me != seat and near_limus and moved.levels[target] != 3:
                    continue
                built = moved.copy()
                if built.levels[target] == 3:
                    built.domes.add(target)
                else:
                    built.levels[target] += 1
                out.append((f"{move}^{nv.name(target)}", built, False))
    return out


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    options = naive_turns(pos, seat)
    if depth == 1:
        return len(options)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in options if not won)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2323)
    for i in range(40):
        seat = i % 2
        powers = "Limus,-" if seat == 0 else "-,Limus"
        text = nv.random_board(rng, dome_chance=0.1) + f" powers={powers}"
        board = Board.from_position(text)
        assert turns(board) == {t for t, _, _ in naive_turns(naive_pos(text), seat)}, text


#: Towers of every height; player 1 (restricted) moves first, Limus second.
MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=-,Limus"
PERFT_MIDGAME = (21, 887)


def test_perft_golden_value_agrees_with_the_naive_generator() -> None:
    board = Board.from_position(MIDGAME)
    counts = (perft(board, 1), perft(board, 2))
    assert counts == PERFT_MIDGAME
    pos = naive_pos(MIDGAME)
    assert (naive_perft(pos, 1, 1), naive_perft(pos, 2, 1)) == PERFT_MIDGAME
    assert board.position() == MIDGAME


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Limus", None], [None, "Limus"], ["Limus", "Athena"], ["Apollo", "Limus"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes stay consistent, positions round-trip, the
    game ends with a winner, undo restores the start."""
    check_random_playouts(powers, replay=False)
