"""33. Clio (SANTORINI.md §4; RULINGS #50): a coin on each of the first 3 blocks her workers
build; in opponents' turns a coin space is a dome for them, and her workers standing on
coins cannot be targeted by their powers."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import parse_square
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, check_seated_playouts
from powers.oracle import check_against_naive, check_along_random_games, check_perft, seat_of
from powers.scenario import Scenario, position, turns

# Clio on b2 and d4 (coins on c3 and e5 already, 2 handed out); her opponent on b4 and d2.
START = position("c3=1 e5=2 c4=2 a1=3", "b2,d4 b4,d2", powers="Clio,-", extra="clio=c3,e5 clio.placed=2")


def test_coins_go_on_her_first_three_blocks() -> None:
    """Card, Your Build: blocks 1-3 get a coin; the fourth does not."""
    board = Scenario(
        position("", "b2,d4 a5,e1", powers="Clio,-"),
        play=["b2-b3^b4", "a5-a4^a3", "b3-b2^c2", "a4-a5^a4", "d4-d5^e5", "e1-d1^e1"],
        tokens={"clio": "c2,b4,e5", "clio.placed": "3"},
    ).check()
    Scenario(board, play="d5-d4^d3", tokens={"clio": "c2,b4,e5", "clio.placed": "3"}).check()


def test_a_dome_gets_no_coin_and_does_not_count() -> None:
    """Domes are not blocks (RULINGS #3): the dome on a1 (level 3) earns no coin."""
    board = Scenario(position("a1=3", "b2,d4 b4,d2", powers="Clio,-"), play="b2-a2^a1", tokens={}).check()
    Scenario(board, play=["d2-d1^e1", "a2-b2^a2"], tokens={"clio": "a2", "clio.placed": "1"}).check()


def test_opponents_treat_a_coin_space_as_a_dome() -> None:
    """Card, Opponent's Turn: b4 cannot step onto c3 (coin on level 1) nor build on it; d4's
    neighbour e5 (coin, level 2) is as closed to d2's side."""
    board = Scenario(
        START.replace(" 1 ", " 2 ", 1),
        never_begins=["b4-c3", "d2-c3"],
        begins=["b4-b5"],
        illegal={"d2-c3^c2": "Clio's power forbids"},
    ).check()
    legal = turns(board)
    assert not any("^c3" in t for t in legal)
    assert any("^c4" in t for t in legal)  # no coin there


def test_coins_do_not_stop_clio() -> None:
    """Only opponents treat coins as domes: Clio moves onto c3 and builds on e5."""
    Scenario(START, begins=["b2-c3"], listed=["d4-d5^e5"]).check()


def test_a_block_on_a_coin_buries_it() -> None:
    """SANTORINI.md §1: a token is removed when a block is built on it; the block is her
    third, so it gets a coin of its own; with all three handed out the coin is just gone."""
    Scenario(START, play="d4-d5^e5", tokens={"clio": "c3,e5", "clio.placed": "3"}).check()
    board = Scenario(
        START.replace("clio.placed=2", "clio.placed=3"),
        play="d4-d5^e5",
        tokens={"clio": "c3", "clio.placed": "3"},
    ).check()
    assert board.height[24] == 3


def test_a_dome_on_a_coin_keeps_it() -> None:
    board = Scenario(
        position("c3=1 e5=3 c4=2 a1=3", "b2,d4 b4,d2", powers="Clio,-", extra="clio=c3,e5 clio.placed=2"),
        play="d4-d5^e5",
        tokens={"clio": "c3,e5", "clio.placed": "2"},
    ).check()
    assert board.domes >> 24 & 1


def test_no_coins_in_opponents_turns() -> None:
    """'Your Build': her opponent's blocks never get coins."""
    Scenario(
        START.replace(" 1 ", " 2 ", 1), play="d2-d1^e1", tokens={"clio": "c3,e5", "clio.placed": "2"}
    ).check()


def test_her_workers_on_coins_cannot_be_targeted() -> None:
    """Designer ruling (RULINGS #50): Apollo cannot swap with her worker on the coin at c3,
    Minotaur cannot push it, Charon cannot ferry it; off the coin they all can."""
    for rival, turn in (("Apollo", "b2-c3"), ("Minotaur", "b2-c3"), ("Charon", "c3>a1")):
        text = position("c3=1", "c3,e5 b2,a5", powers=f"Clio,{rival}", to_move=2, extra="clio=c3")
        Scenario(text, never_begins=[turn]).check()
        Scenario(text.replace("clio=c3", "clio=e1"), begins=[turn]).check()


def test_no_worker_is_forced_onto_a_coin() -> None:
    """A coin space is a dome: Minotaur cannot push her worker from b3 onto the coin at b4,
    and Charon cannot ferry it onto the coin at a1 (in both, the square straight on)."""
    push = position("b4=1", "b3,e5 b2,a5", powers="Clio,Minotaur", to_move=2, extra="clio=b4")
    Scenario(push, never_begins=["b2-b3"]).check()
    Scenario(push.replace("clio=b4", "clio=e1"), begins=["b2-b3"]).check()
    ferry = position("a1=1", "c3,e5 b2,d5", powers="Clio,Charon", to_move=2, extra="clio=a1")
    Scenario(ferry, never_begins=["c3>a1"]).check()


def test_no_power_removes_a_coin_or_petrifies_a_worker_on_one() -> None:
    """RULINGS #50: Ares cannot remove the coin block on c2; Medusa (on level 2 at c2) does
    not petrify the Clio worker standing on the coin at b2 (level 1), only the one on d2."""
    ares = position("c2=1 c3=1", "a5,e5 b2,d1", powers="Clio,Ares", to_move=2, extra="clio=c2")
    legal = turns(Board.from_position(ares))
    assert any(t.endswith("xc3") for t in legal) and not any(t.endswith("xc2") for t in legal)
    medusa = position("b2=1 c2=2 d2=0", "b2,d2 c2,e5", powers="Clio,Medusa", to_move=2, extra="clio=b2")
    board = Scenario(medusa, play="e5-e4^e5").check()
    assert board.workers[0] == [parse_square("b2")] and board.height[parse_square("d2")] == 1  # d2 petrified


def test_restrictions_still_apply_to_her() -> None:
    """RULINGS #50: Athena and her like affect Clio normally: no climbing onto her coin on c3."""
    Scenario(
        position("c3=1", "b2,d4 b4,d2", powers="Clio,Athena", extra="clio=c3 athena=up"),
        never_begins=["b2-c3"],
    ).check()


def test_other_tokens_keep_off_coins_and_blocks_bury_them() -> None:
    """SANTORINI.md §1: Charybdis cannot put a whirlpool on the coin at c3; a block Clio
    builds on the whirlpool at a1 sends it back to the card and gets a coin."""
    text = position("c3=1", "b2,d4 b4,d2", powers="Clio,Charybdis", to_move=2, extra="clio=c3 charybdis=a1")
    legal = turns(Board.from_position(text))
    assert any(t.endswith("*e1") for t in legal) and not any(t.endswith("*c3") for t in legal)
    board = Scenario(text.replace(" 2 ", " 1 ", 1), play="b2-b1^a1").check()
    assert board.tokens["clio"] == "a1,c3" and "charybdis" not in board.tokens


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b2-b3^a3",
        after=position(
            "a3=1 c3=1 e5=2 c4=2 a1=3",
            "b3,d4 b4,d2",
            to_move=2,
            powers="Clio,-",
            extra="clio=a3,c3,e5 clio.placed=3",
        ),
    )


# ---------------------------------------------------------------------- naive cross-check
def order(c: nv.Coord) -> tuple[int, int]:
    return (c[1], c[0])


def naive_turns(clio: int) -> gn.Generator:
    """Every turn of the player to move, from the card: her opponent neither moves onto nor
    builds on a coin; a block she builds buries a coin there and gets one while fewer than
    three were handed out."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        me = tpos.pos.to_move
        coins = [nv.coord(n) for n in tpos.tokens.get("clio", "").split(",") if n]
        closed = set() if me == clio else set(coins)

        def builds(moved: nv.Pos, w: nv.Coord) -> list[nv.Coord]:
            return [t for t in nv.neighbours(w) if moved.unoccupied(t) and t not in closed]

        out = gn.base_turns(tpos, lambda pos, src, dst: dst not in closed, builds=builds)
        if me != clio:
            return out
        result = []
        for text, after, won in out:
            target = nv.coord(text[-2:])
            if not won and target not in after.pos.domes:
                left = [c for c in coins if c != target]
                placed = int(after.tokens.get("clio.placed", "0"))
                if placed < 3:
                    left.append(target)
                    after.tokens["clio.placed"] = str(placed + 1)
                if left:
                    after.tokens["clio"] = ",".join(nv.name(c) for c in sorted(left, key=order))
                else:
                    after.tokens.pop("clio", None)
            result.append((text, after, won))
        return result

    return generate


POSITIONS = [
    START,
    START.replace(" 1 ", " 2 ", 1),
    position("a1=1 b1=2 c1=3 a2=A b3=1", "b2,c2 d4,e5", powers="-,Clio", extra="clio=c1,b3 clio.placed=3"),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Clio", to_move=2),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    assert check_against_naive(gn.oracle(naive_turns(seat_of("Clio", text))), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[1], 60, 3970), (POSITIONS[2], 33, 1405)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(seat_of("Clio", text))), {text: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    check_along_random_games("Clio", lambda seat: gn.oracle(naive_turns(seat)), seed=33, turns=14)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Clio", rival, max_turns=150)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Clio", "Minotaur"], seeds=range(1), replay=True)
