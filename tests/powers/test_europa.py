"""34. Europa & Talus (SANTORINI.md §4; RULINGS #51): the Talus starts on her card; at the
end of her turn she may move it next to the worker that moved; every player, Europa
included, treats the Talus space as if it held only a dome."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.powers import make_power
from aegean.santorini.powers.europa import EuropaTalus
from powers import gf_naive as gn
from powers.support import check_random_playouts, playout_checking_hashes, position, turns

POWERS = "Europa&Talus,-"
# The Talus on c3 (level 1); Europa on b2 and d4, her opponent on b4 and d2.
START = position("c3=1 c4=2 b3=1 e5=3 d5=2", "b2,d4 b4,d2", powers=POWERS, extra="europa&talus=c3")


def test_card_and_token_names() -> None:
    """The card is 'Europa & Talus'; its token key is the name without spaces."""
    power = make_power("Europa & Talus")
    assert isinstance(power, EuropaTalus) and power.token == "europa&talus"
    assert make_power("europa&talus").name == "Europa & Talus"
    assert Board.from_position(START).position() == START


def test_talus_starts_on_her_card() -> None:
    """Card, Setup: no Talus on the board; her first turn may put it next to her mover."""
    board = Board(2, ["Europa & Talus", None])
    board.play("@b2@d4")
    board.play("@b4@d2")
    assert "europa&talus" not in board.tokens
    assert {"b2-c3^c4", "b2-c3^c4*c2", "b2-c3^c4*d3"} <= turns(board)
    board.play("b2-c3^c4*d3")
    assert board.tokens["europa&talus"] == "d3"


def test_moving_the_talus_is_optional_and_neighbours_the_worker_that_moved() -> None:
    """Card: 'you may move the Talus token to an unoccupied space neighboring the worker that
    moved' — any level, not a worker or a dome, not where it stands; never next to the
    worker that did not move only."""
    board = Board.from_position(START)
    legal = turns(board)
    assert {"b2-a2^a1", "b2-a2^a1*a3", "b2-a2^a1*b3", "b2-a2^a1*b1", "b2-a2^a1*a1"} <= legal
    # d4 moves to d3 and builds e2: the Talus may go on any free neighbour of d3 (the new
    # block on e2 included), not on c3 where it stands nor on d2 (a worker).
    after = {t.split("*")[1] for t in legal if t.startswith("d4-d3^e2*")}
    assert after == {"c2", "c4", "d4", "e2", "e3", "e4"}
    board.play("b2-a2^a1*b3")
    assert board.tokens["europa&talus"] == "b3"
    with pytest.raises(IllegalTurnError):
        Board.from_position(START).play("b2-a2^a1*c3")  # where it already stands


def test_the_talus_is_a_dome_for_her_opponent() -> None:
    """Card, Any Time: every player treats the Talus space as a dome: her opponent on d2
    cannot move onto c3 (level 1) nor build on it."""
    board = Board.from_position(START.replace(" 1 ", " 2 ", 1))
    legal = turns(board)
    assert not any(t.startswith("d2-c3") or "^c3" in t for t in legal)
    with pytest.raises(IllegalTurnError, match="Europa & Talus's power forbids"):
        board.play("d2-c3^c2")
    assert any(t.startswith("d2-c2") for t in legal)


def test_the_talus_is_a_dome_for_europa_too() -> None:
    """Ruling 51: Europa included — b2 and d4 neither move onto nor build on c3."""
    legal = turns(Board.from_position(START))
    assert not any(t.startswith(("b2-c3", "d4-c3")) for t in legal)
    assert not any("^c3" in t for t in legal)


def test_no_force_and_no_removal_on_the_talus() -> None:
    """A dome cannot be entered or built away: Minotaur cannot push Europa's worker from b2
    onto the Talus on c3, and Ares cannot remove the block under it (RULINGS #3)."""
    pushing = position(
        "c3=1", "b2,e5 a1,e1", powers="Europa&Talus,Minotaur", to_move=2, extra="europa&talus=c3"
    )
    assert not any(t.startswith("a1-b2") for t in turns(Board.from_position(pushing)))
    ok = pushing.replace("europa&talus=c3", "europa&talus=e3")
    assert any(t.startswith("a1-b2") for t in turns(Board.from_position(ok)))
    removing = position(
        "c3=1 c2=1", "a5,e5 b2,d1", powers="Europa&Talus,Ares", to_move=2, extra="europa&talus=c3"
    )
    legal = turns(Board.from_position(removing))
    assert any(t.endswith("xc2") for t in legal) and not any(t.endswith("xc3") for t in legal)


def test_the_talus_is_no_complete_tower() -> None:
    """'Only a dome': the Talus on a level-3 space is no Complete Tower for Chronus (four
    towers built, the Talus on c3 does not make a fifth)."""
    text = position(
        "a5=D b5=D c5=D d5=D c3=3",
        "a1,e1 a3,e3",
        powers="Europa&Talus,Chronus",
        to_move=2,
        extra="europa&talus=c3",
    )
    board = Board.from_position(text)
    board.play("a3-a2^a3")
    assert board.outcome() is None


def test_the_talus_avoids_other_tokens() -> None:
    """SANTORINI.md §1: no token on a space holding another one — not on the whirlpool on a3."""
    text = position("", "b2,d4 b4,d5", powers="Europa&Talus,Charybdis", extra="charybdis=a3")
    legal = turns(Board.from_position(text))
    assert "b2-a2^a1*b3" in legal and "b2-a2^a1*a3" not in legal


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-a2^a1*b3"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
    assert board.position().endswith("europa&talus=b3")
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(europa: int) -> gn.Generator:
    """Every turn of the player to move, from the card: nobody moves onto or builds on the
    Talus; Europa may end a non-winning turn by moving it to an unoccupied neighbour of the
    worker that moved."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos, me = tpos.pos, tpos.pos.to_move
        guard = tpos.tokens.get("europa&talus")

        def free(p: gn.TPos, c: nv.Coord) -> bool:
            return p.pos.unoccupied(c) and nv.name(c) != guard

        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in nv.neighbours(src):
                if free(tpos, dst) and pos.levels[dst] <= pos.levels[src] + 1:
                    out += gn.plain_climb_or_build(
                        tpos,
                        me,
                        index,
                        src,
                        dst,
                        lambda moved, w: [t for t in nv.neighbours(w) if free(moved, t)],
                    )
        if me != europa:
            return out
        more: list[gn.Result] = []
        for text, after, won in out:
            if won:
                continue
            mover = after.pos.workers[me][[nv.name(w) for w in after.pos.workers[me]].index(text[3:5])]
            for target in nv.neighbours(mover):
                if free(after, target):
                    moved = after.copy()
                    moved.tokens["europa&talus"] = nv.name(target)
                    more.append((f"{text}*{nv.name(target)}", moved, False))
        return out + more

    return generate


POSITIONS = [
    START,
    START.replace(" 1 ", " 2 ", 1),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Europa&Talus", to_move=2),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Europa&Talus", extra="europa&talus=b3"),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    europa = 0 if text.split("powers=")[1].startswith("Europa") else 1
    assert gn.check_turns(naive_turns(europa), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[0], 307, None), (POSITIONS[3], 35, 8808)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int | None) -> None:
    europa = 0 if text.split("powers=")[1].startswith("Europa") else 1
    board = Board.from_position(text)
    tpos = gn.parse(text)
    assert perft(board, 1) == gn.perft(naive_turns(europa), tpos, 1) == depth1
    if depth2 is not None:
        assert perft(board, 2) == gn.perft(naive_turns(europa), tpos, 2) == depth2


def test_naive_agrees_along_random_games() -> None:
    gn.check_along_random_games("Europa & Talus", naive_turns, seed=34, turns=10)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(2):
        board = Board(2, ["Europa & Talus", rival] if seed % 2 == 0 else [rival, "Europa & Talus"])
        playout_checking_hashes(board, random.Random(seed), max_plies=150)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Europa & Talus", "Minotaur"], seeds=range(1), replay=True)
