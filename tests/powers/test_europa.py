"""34. Europa & Talus (SANTORINI.md §4; RULINGS #51): the Talus starts on her card; at the
end of her turn she may move it next to the worker that moved; every player, Europa
included, treats the Talus space as if it held only a dome."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.powers import make_power
from aegean.santorini.powers.europa import EuropaTalus
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, check_seated_playouts
from powers.oracle import check_against_naive, check_along_random_games, check_perft, seat_of
from powers.scenario import Scenario, position, turns

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
    board = Scenario(Board(2, ["Europa & Talus", None]), play=["@b2@d4", "@b4@d2"], tokens={}).check()
    Scenario(
        board,
        listed=["b2-c3^c4", "b2-c3^c4*c2", "b2-c3^c4*d3"],
        play="b2-c3^c4*d3",
        tokens={"europa&talus": "d3"},
    ).check()


def test_moving_the_talus_is_optional_and_neighbours_the_worker_that_moved() -> None:
    """Card: 'you may move the Talus token to an unoccupied space neighboring the worker that
    moved' — any level, not a worker or a dome, not where it stands; never next to the
    worker that did not move only."""
    board = Scenario(
        START,
        listed=["b2-a2^a1", "b2-a2^a1*a3", "b2-a2^a1*b3", "b2-a2^a1*b1", "b2-a2^a1*a1"],
        illegal=["b2-a2^a1*c3"],  # where it already stands
        play="b2-a2^a1*b3",
        tokens={"europa&talus": "b3"},
    ).check()
    board.pop()
    # d4 moves to d3 and builds e2: the Talus may go on any free neighbour of d3 (the new
    # block on e2 included), not on c3 where it stands nor on d2 (a worker).
    after = {t.split("*")[1] for t in turns(board) if t.startswith("d4-d3^e2*")}
    assert after == {"c2", "c4", "d4", "e2", "e3", "e4"}


def test_the_talus_is_a_dome_for_her_opponent() -> None:
    """Card, Any Time: every player treats the Talus space as a dome: her opponent on d2
    cannot move onto c3 (level 1) nor build on it."""
    board = Scenario(
        START.replace(" 1 ", " 2 ", 1),
        begins=["d2-c2"],
        illegal={"d2-c3^c2": "Europa & Talus's power forbids"},
    ).check()
    assert not any(t.startswith("d2-c3") or "^c3" in t for t in turns(board))


def test_the_talus_is_a_dome_for_europa_too() -> None:
    """Ruling 51: Europa included — b2 and d4 neither move onto nor build on c3."""
    board = Scenario(START, never_begins=["b2-c3", "d4-c3"]).check()
    assert not any("^c3" in t for t in turns(board))


def test_no_force_and_no_removal_on_the_talus() -> None:
    """A dome cannot be entered or built away: Minotaur cannot push Europa's worker from b2
    onto the Talus on c3, and Ares cannot remove the block under it (RULINGS #3)."""
    pushing = position(
        "c3=1", "b2,e5 a1,e1", powers="Europa&Talus,Minotaur", to_move=2, extra="europa&talus=c3"
    )
    Scenario(pushing, never_begins=["a1-b2"]).check()
    Scenario(pushing.replace("europa&talus=c3", "europa&talus=e3"), begins=["a1-b2"]).check()
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
    Scenario(text, play="a3-a2^a3", ongoing=True).check()


def test_the_talus_avoids_other_tokens() -> None:
    """SANTORINI.md §1: no token on a space holding another one — not on the whirlpool on a3."""
    Scenario(
        position("", "b2,d4 b4,d5", powers="Europa&Talus,Charybdis", extra="charybdis=a3"),
        listed=["b2-a2^a1*b3"],
        unlisted=["b2-a2^a1*a3"],
    ).check()


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b2-a2^a1*b3",
        after=position(
            "c3=1 c4=2 b3=1 e5=3 d5=2 a1=1", "a2,d4 b4,d2", to_move=2, powers=POWERS, extra="europa&talus=b3"
        ),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(europa: int) -> gn.Generator:
    """Every turn of the player to move, from the card: nobody moves onto or builds on the
    Talus; Europa may end a non-winning turn by moving it to an unoccupied neighbour of the
    worker that moved."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        me = tpos.pos.to_move
        guard = tpos.tokens.get("europa&talus")

        def builds(moved: nv.Pos, w: nv.Coord) -> list[nv.Coord]:
            return [t for t in nv.neighbours(w) if moved.unoccupied(t) and nv.name(t) != guard]

        out = gn.base_turns(tpos, lambda pos, src, dst: nv.name(dst) != guard, builds=builds)
        if me != europa:
            return out
        more: list[gn.Result] = []
        for text, after, won in out:
            if won:
                continue
            mover = after.pos.workers[me][[nv.name(w) for w in after.pos.workers[me]].index(text[3:5])]
            for target in builds(after.pos, mover):  # the free neighbours
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
    assert check_against_naive(gn.oracle(naive_turns(seat_of("Europa&Talus", text))), text) > 0


@pytest.mark.parametrize(("text", "golden"), [(POSITIONS[0], (307,)), (POSITIONS[3], (35, 8808))])
def test_perft_matches_the_naive_generator(text: str, golden: tuple[int, ...]) -> None:
    check_perft(gn.oracle(naive_turns(seat_of("Europa&Talus", text))), {text: golden})


def test_naive_agrees_along_random_games() -> None:
    check_along_random_games("Europa & Talus", lambda seat: gn.oracle(naive_turns(seat)), seed=34, turns=10)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Europa & Talus", rival, max_turns=150)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Europa & Talus", "Minotaur"], seeds=range(1), replay=True)
