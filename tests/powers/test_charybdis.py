"""32. Charybdis (SANTORINI.md §4; RULINGS #49, printed text): two whirlpools start on her
card; at the end of her turn she may put one on the board; a worker that moves onto one
while the other lies free moves on to the other ("counts as a move in the same
direction"); a whirlpool built on or removed goes back to the card."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination, format_turn
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import move
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, check_seated_playouts
from powers.oracle import check_against_naive, check_along_random_games, check_perft, seat_of
from powers.scenario import Scenario, position, turns

# Whirlpools on c3 (level 1) and e5 (ground); Charybdis on b2, d2; her opponent on b4, a1.
POOLS = "charybdis=c3,e5 charybdis.levels=1,0"
START = position("c3=1 e4=2 d5=3", "b2,d2 b4,a1", powers="Charybdis,-", extra=POOLS)


def sq(name: str) -> int:
    return parse_square(name)


def test_whirlpools_start_on_her_card_and_go_down_one_per_turn() -> None:
    """Card, Setup and End of Your Turn: none on the board at first; she may put one on any
    unoccupied space (any level) after her build — one per turn, and never a third."""
    board = Scenario(Board(2, ["Charybdis", None]), play=["@b2@d2", "@b4@a1"], tokens={}).check()
    assert not any(
        t.startswith("b2-c3^c4*") and t.endswith(("*c3", "*d2", "*b4", "*a1")) for t in turns(board)
    )
    board = Scenario(
        board,
        listed=["b2-c3^c4", "b2-c3^c4*c4", "b2-c3^c4*e5", "b2-c3^c4*b2"],
        play=["b2-c3^c4*c4"],
        tokens={"charybdis": "c4", "charybdis.levels": "1"},
    ).check()
    board.play("b4-b5^a5")
    # Not on the other whirlpool — unless she builds on it first (it goes back to the card).
    assert not any(t.endswith("*c4") and "^c4" not in t for t in turns(board))
    board = Scenario(board, play="c3-c2^b1*e5").check()
    assert board.tokens["charybdis"] == "c4,e5"
    board.play("b5-b4^b5")
    # Both are on the board: a third never comes, only one she builds on goes back first.
    board = Scenario(board, illegal=["d2-d1^e1*e2"]).check()
    assert all(t.split("^")[1][:2] in ("c4", "e5") for t in turns(board) if "*" in t)


def test_placing_a_whirlpool_is_optional_and_comes_last() -> None:
    Scenario(
        position("", "b2,d2 b4,a1", powers="Charybdis,-"),
        listed=["b2-c3^c4", "b2-c3^c4*a5"],
        illegal=["b2-c3*a5^c4", "b2-c3^c4*a5*b5"],
    ).check()


def test_a_worker_moving_onto_a_whirlpool_moves_on_to_the_other() -> None:
    """Card, Any Time: her opponent steps b4-c3 and is carried on to e5, where it builds
    (the jump is a step of the turn: 'b4-c3-e5^e4')."""
    board = Scenario(
        START.replace(" 1 ", " 2 ", 1),
        listed=["b4-c3-e5^e4", "b4-c3-e5^d4"],
        never_begins=["b4-c3^"],  # it may not stay on c3
        play="b4-c3-e5^d4",
    ).check()
    assert sorted(board.workers[1]) == [sq("a1"), sq("e5")] and board.height[sq("d4")] == 1
    assert board.tokens["charybdis"] == "c3,e5"


def test_her_own_workers_ride_the_whirlpool_too() -> None:
    """'A worker': Charybdis's own b2 steps onto c3 and is carried to e5."""
    Scenario(START, listed=["b2-c3-e5^e4"], never_begins=["b2-c3^"]).check()


def test_no_jump_while_the_other_whirlpool_is_occupied() -> None:
    """'While both Whirlpool tokens lie on unoccupied spaces': a worker on e5 stops the
    whirlpool, so b4-c3 stays on c3."""
    Scenario(
        position("c3=1", "b2,e5 b4,a1", powers="Charybdis,-", to_move=2, extra=POOLS),
        listed=["b4-c3^c4"],
        never_begins=["b4-c3-"],
    ).check()


def test_no_jump_with_one_whirlpool_on_the_board() -> None:
    Scenario(
        position("c3=1", "b2,d2 b4,a1", powers="Charybdis,-", to_move=2, extra="charybdis=c3"),
        listed=["b4-c3^c4"],
    ).check()


def test_no_jump_back_to_the_whirlpool_the_worker_left() -> None:
    """The whirlpool under the moving worker was not free as it moved: from d4 (a whirlpool)
    onto e5 (the other one) the worker simply stays on e5."""
    Scenario(
        position("", "b2,d2 d4,a1", powers="Charybdis,-", to_move=2, extra="charybdis=d4,e5"),
        listed=["d4-e5^e4"],
        never_begins=["d4-e5-"],
    ).check()


def test_forced_onto_a_whirlpool_is_no_move() -> None:
    """RULINGS #1: Minotaur on a1 pushes Charybdis's worker from b2 onto the whirlpool c3;
    forced is not moved, so it stays there."""
    text = position("", "b2,e1 a1,a5", powers="Charybdis,Minotaur", to_move=2, extra="charybdis=c3,e5")
    board = Scenario(text, play="a1-b2^a1").check()
    assert sorted(board.workers[0]) == [sq("e1"), sq("c3")]


def test_climbing_onto_the_first_whirlpool_wins_at_once() -> None:
    """Ruling 7: a win ends the game as it happens; the worker stays on the level-3 c3."""
    text = position(
        "c3=3 b2=2", "b2,d2 b4,a1", powers="Charybdis,-", extra="charybdis=c3,e5 charybdis.levels=3,0"
    )
    board = Scenario(text, play="b2-c3", winner=0, by=Termination.CLIMB).check()
    assert sq("c3") in board.workers[0]


def test_the_jump_counts_as_a_move_for_winning() -> None:
    """'This counts as a move': from the first whirlpool (level 2) up onto the second
    (level 3) wins for the mover; so does a jump from the ground (the whirlpool carries the
    worker); from level 3 to level 3 does not (RULINGS #2)."""
    for low, start, wins in ((2, 2, True), (0, 0, True), (3, 3, False)):
        text = position(
            f"c3={low} e5=3 b2={start}",
            "b2,d2 b4,a1",
            powers="Charybdis,-",
            extra=f"charybdis=c3,e5 charybdis.levels={low},3",
        )
        if wins:
            board = Scenario(text, listed=["b2-c3-e5"], play="b2-c3-e5", winner=0).check()
            assert board.position().endswith("outcome=1:climb")
            assert format_turn(board.history[-1]) == "b2-c3+-e5"  # + : the jump is hers
        else:
            Scenario(text, begins=["b2-c3-e5^"], unlisted=["b2-c3-e5"]).check()


def test_hera_vetoes_a_jump_onto_the_perimeter() -> None:
    """RULINGS #8, #37: the jump is a move into the perimeter space e5: Hera voids that win,
    and the turn goes on with a build."""
    text = position(
        "c3=2 e5=3 b2=2", "b2,d2 b4,a1", powers="Charybdis,Hera", extra="charybdis=c3,e5 charybdis.levels=2,3"
    )
    Scenario(text, unlisted=["b2-c3-e5"], listed=["b2-c3-e5^e4"]).check()


def test_the_jump_is_a_move_for_athena() -> None:
    """'Counts as a move': Athena's worker carried up from c3 (ground) to e5 (level 1) has
    moved up, so Charybdis may not move up next turn."""
    text = position("e5=1", "b4,a1 b2,d2", powers="Charybdis,Athena", to_move=2, extra="charybdis=c3,e5")
    board = Scenario(text, play="b2-c3-e5^d5").check()
    assert board.tokens.get("athena") == "up"


def test_restrictions_on_moves_do_not_stop_the_jump() -> None:
    """The jump is compulsory and 'in the same direction as the move before it': Aeolus's
    wind (blowing north, so nobody moves south) does not stop a jump from c3 down to c1."""
    text = position("", "b2,e5 a4,a5", powers="Charybdis,Aeolus", extra="charybdis=c1,c3 aeolus=n")
    Scenario(text, listed=["b2-c3-c1^d1"]).check()


def test_the_jump_carries_on_artemis_first_move() -> None:
    """'Counts as a move in the same direction as the move before it': the jump carries on
    the move that stepped onto the whirlpool (one move, to where the worker comes to rest,
    ``rules.mover_turn``), so Artemis stepping onto c3 is carried to e5, may build there,
    or may still take her second move."""
    text = position("", "b2,d2 b4,a1", powers="Charybdis,Artemis", to_move=2, extra="charybdis=c3,e5")
    Scenario(text, listed=["b4-c3-e5^e4"], begins=["b4-c3-e5-e4^"]).check()


HARPIES = "00000/00000/00000/00000/00000 {} powers={} charybdis=a3,c3"


def test_the_whirlpool_resolves_before_the_harpies_slide() -> None:
    """RULINGS #55: b2-c3 (north-east) lands on a whirlpool: the worker is carried to a3
    first, then the Harpies slide it on north-east (the jump 'counts as a move in the same
    direction as the move before it') to c5, where it stops at the edge."""
    Scenario(
        HARPIES.format("1 b2,e5 d1,e1", "Charybdis,Harpies"),
        listed=["b2-c3-a3-c5^b4"],
        never_begins=["b2-c3^", "b2-c3-d4"],
    ).check()


def test_the_whirlpool_resolves_first_whatever_the_seats() -> None:
    """RULINGS #55 with the Harpies seated first: the same turn as above."""
    Scenario(
        HARPIES.format("2 d1,e1 b2,e5", "Harpies,Charybdis"),
        begins=["b2-c3-a3-c5^"],
        never_begins=["b2-c3-d4"],
    ).check()


@pytest.mark.xfail(
    strict=True,
    reason="core request (gf-...-core-requests.md §4): a Harpies slide is recorded as a MOVE step, and "
    "nothing tells it from a genuine move, so a slide ending on a whirlpool triggers the jump",
)
def test_a_harpies_slide_onto_a_whirlpool_is_no_move() -> None:
    """RULINGS #1: b1-b2 slides on north (a force) and stops on the whirlpool b3 (b4 is
    higher): the worker stays there and builds; it does not ride on to e1."""
    board = Board.from_position(
        "00000/01000/00000/00000/00000 1 b1,d5 e5,a5 powers=Charybdis,Harpies charybdis=b3,e1"
    )
    board.push(move(sq("b1"), sq("b2")))
    board.push(move(sq("b2"), sq("b3")))  # the slide
    assert move(sq("b3"), sq("e1")) not in board.legal_steps()


def test_a_whirlpool_built_on_goes_back_to_her_card() -> None:
    """Card: her opponent builds on the whirlpool at c3 (block), then on e5 (a dome on level
    3 counts too): each goes back to the card, and she may place them again."""
    text = position(
        "e5=3", "d2,e1 b4,d4", powers="Charybdis,-", to_move=2, extra="charybdis=c3,e5 charybdis.levels=0,3"
    )
    board = Scenario(text, play="b4-b3^c3", tokens={"charybdis": "e5", "charybdis.levels": "3"}).check()
    assert any(t.endswith("*a5") for t in turns(board))
    Scenario(board, play=["e1-e2^e1", "d4-d5^e5"], tokens={}).check()


def test_a_removed_whirlpool_goes_back_to_her_card() -> None:
    """Card and RULINGS #29: Ares removes the block on c2 'together with any token on it'."""
    text = position(
        "c2=1",
        "a5,e5 b2,d1",
        powers="Charybdis,Ares",
        to_move=2,
        extra="charybdis=c2,e3 charybdis.levels=1,0",
    )
    board = Scenario(text, play="d1-e1^e2,b2xc2").check()
    assert board.tokens["charybdis"] == "e3"


def test_medusa_building_on_a_whirlpool_sends_it_back() -> None:
    """A build outside any step: Medusa (c2, level 2) petrifies Charybdis's worker on the
    whirlpool at b2 (level 1), building a block there, so that whirlpool returns."""
    text = position(
        "b2=1 c2=2",
        "b2,e5 c2,a5",
        powers="Charybdis,Medusa",
        to_move=2,
        extra="charybdis=b2,d4 charybdis.levels=1,0",
    )
    board = Scenario(text, play="a5-a4^a5").check()
    assert board.workers[0] == [sq("e5")] and board.height[sq("b2")] == 2
    assert board.tokens["charybdis"] == "d4"


def test_undo_and_position_round_trip_mid_turn() -> None:
    """Between the move onto the whirlpool and the jump the position says so (turn=b4-c3),
    and read back it offers the jump alone."""
    text = START.replace(" 1 ", " 2 ", 1)
    check_round_trip(
        text,
        "b4-c3-e5^d4",
        mid=[
            position(
                "c3=1 e4=2 d5=3", "b2,d2 c3,a1", powers="Charybdis,-", to_move=2, extra=POOLS + " turn=b4-c3"
            )
        ],
    )
    board = Scenario(text, mid="b4-c3", steps=["c3-e5"]).check()
    assert board.legal_steps() == [move(sq("c3"), sq("e5"))]


# ---------------------------------------------------------------------- naive cross-check
def order(c: nv.Coord) -> tuple[int, int]:
    return (c[1], c[0])


def naive_turns(charybdis: int) -> gn.Generator:
    """Every turn of the player to move, from the card: a move onto a whirlpool while the
    other is free (and is not where the worker came from) carries the worker on, and that
    jump is a move (it may win); a build on a whirlpool sends it back to the card;
    Charybdis may end a non-winning turn by putting a whirlpool from her card on any free
    space without one."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos, me = tpos.pos, tpos.pos.to_move
        names = [n for n in tpos.tokens.get("charybdis", "").split(",") if n]
        levels = [int(x) for x in tpos.tokens.get("charybdis.levels", "").split(",") if x]
        if not levels:  # a position without the levels: those of the moment
            levels = [pos.levels[c] + 4 * (c in pos.domes) for c in map(nv.coord, names)]
        pools = {nv.coord(n): lv for n, lv in zip(names, levels, strict=True)}

        def write(p: gn.TPos, left: dict[nv.Coord, int]) -> None:
            keys = sorted(left, key=order)
            p.tokens.pop("charybdis", None)
            p.tokens.pop("charybdis.levels", None)
            if keys:
                p.tokens["charybdis"] = ",".join(nv.name(c) for c in keys)
                p.tokens["charybdis.levels"] = ",".join(str(left[c]) for c in keys)

        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in nv.neighbours(src):
                if not pos.unoccupied(dst) or pos.levels[dst] > pos.levels[src] + 1:
                    continue
                moved = tpos.copy()
                moved.pos.workers[me][index] = dst
                moved.pos.to_move = 1 - me
                text, at = f"{nv.name(src)}-{nv.name(dst)}", dst
                if pos.levels[dst] == 3 and pos.levels[src] < 3:
                    out.append((text, moved, True))
                    continue
                if len(pools) == 2 and dst in pools:
                    (other,) = [c for c in pools if c != dst]
                    if other != src and not moved.pos.worker_at(other):
                        moved.pos.workers[me][index] = other
                        text, at = f"{text}-{nv.name(other)}", other
                        if pos.levels[other] == 3 and pos.levels[dst] < 3:
                            out.append((text, moved, True))
                            continue
                for target in nv.neighbours(at):
                    if moved.pos.unoccupied(target):
                        built = gn.TPos(nv.built(moved.pos, target), dict(moved.tokens))
                        if target in pools:
                            write(built, {c: lv for c, lv in pools.items() if c != target})
                        out.append((f"{text}^{nv.name(target)}", built, False))
        if me != charybdis:
            return out
        more: list[gn.Result] = []
        for text, after, won in out:
            now = {nv.coord(n) for n in after.tokens.get("charybdis", "").split(",") if n}
            left = {c: lv for c, lv in pools.items() if c in now}
            if won or len(left) >= 2:
                continue
            for c in nv.ALL_COORDS:
                if after.pos.unoccupied(c) and c not in left:
                    placed = after.copy()
                    write(placed, {**left, c: after.pos.levels[c]})
                    more.append((f"{text}*{nv.name(c)}", placed, False))
        return out + more

    return generate


POSITIONS = [
    START,
    START.replace(" 1 ", " 2 ", 1),
    position(
        "a1=1 b1=2 c1=3 a2=A c3=2 d3=3",
        "b2,c2 d4,e5",
        powers="-,Charybdis",
        extra="charybdis=c3,d3 charybdis.levels=2,3",
    ),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Charybdis", to_move=2, extra="charybdis=b3"),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Charybdis", to_move=2, extra="charybdis=c1,e4"),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    assert check_against_naive(gn.oracle(naive_turns(seat_of("Charybdis", text))), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[1], 48, 9454), (POSITIONS[2], 31, 5878)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int) -> None:
    check_perft(gn.oracle(naive_turns(seat_of("Charybdis", text))), {text: (depth1, depth2)})


def test_naive_agrees_along_random_games() -> None:
    check_along_random_games("Charybdis", lambda seat: gn.oracle(naive_turns(seat)), seed=32, turns=10)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Charybdis", rival, max_turns=120)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Charybdis", "Minotaur"], seeds=range(1), replay=True)
