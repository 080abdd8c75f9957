"""31. Aeolus (SANTORINI.md §4; RULINGS #48, printed text): the Wind is set at setup, turned
at the end of each of his turns, and no worker can move directly into it."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, StepKind, format_turn, parse_turn
from aegean.santorini.powers.aeolus import WIND_MARKS
from aegean.santorini.steps import mark, mark_direction, step_kind
from powers import gf_naive as gn
from powers.invariants import check_random_playouts, check_round_trip, check_seated_playouts
from powers.oracle import check_against_naive, check_along_random_games, check_perft, seat_of
from powers.scenario import Scenario, position

# The wind blows north: nobody may move south (south-west and south-east are fine).
START = position("c2=1 d3=2 e4=3 d4=2", "b2,d4 c3,a4", powers="Aeolus,-", extra="aeolus=n")


def test_setup_ends_his_placement_turn_with_the_wind() -> None:
    """Card, Setup: his placement turn ends with the Wind's direction (8 per placement)."""
    board = Scenario(
        Board(2, ["Aeolus", None]),
        count=300 * 8,
        illegal={"@b2@d4": "not finished"},
        play="@b2@d4*ne",
        tokens={"aeolus": "ne"},
    ).check()
    assert board.to_move == 1
    Scenario(
        board,
        count=253,  # player 2 places as usual: C(23, 2)
        play="@b4@d2",
        after="00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Aeolus,- aeolus=ne",
    ).check()


def test_the_placement_turn_round_trips_before_the_wind() -> None:
    """Between his last placement and the wind the turn is still his (``turn=@b2@d4``)."""
    check_round_trip(
        Board(2, ["Aeolus", None]),
        "@b2@d4*w",
        mid=[None, "00000/00000/00000/00000/00000 1 b2,d4 - powers=Aeolus,- turn=@b2@d4"],
        after="00000/00000/00000/00000/00000 2 b2,d4 - powers=Aeolus,- aeolus=w",
    )
    board = Scenario(Board(2, ["Aeolus", None]), mid="@b2@d4").check()
    assert sorted(board.legal_steps()) == sorted(WIND_MARKS)
    assert mark(direction=6) == board.parse_turn("*w")[0]


def test_setup_as_second_player() -> None:
    board = Scenario(Board(2, [None, "Aeolus"]), play="@b2@d4").check()
    board = Scenario(board, count=253 * 8, play="@b4@d2*s", tokens={"aeolus": "s"}).check()
    assert board.to_move == 0


def test_a_position_without_the_wind_asks_for_it_first() -> None:
    """The wind must exist before play: without it, his next turn is the setup choice,
    which does not use up his turn."""
    board = Scenario(
        position("", "b2,d4 b4,d2", powers="Aeolus,-"),
        turns=["*n", "*ne", "*e", "*se", "*s", "*sw", "*w", "*nw"],
        play="*w",
        tokens={"aeolus": "w"},
    ).check()
    assert board.to_move == 0 and not board.placing


def test_nobody_moves_into_the_wind() -> None:
    """Card, Any Move: the wind blows north, so no move goes south — his workers' or his
    opponent's; diagonal moves with a southern part are not 'directly' into it."""
    board = Scenario(
        START,
        never_begins=["b2-b1", "d4-d3"],
        begins=["b2-a1", "b2-c1"],
        illegal={"b2-b1^b2": r"not allowed|forbids"},
        play="b2-c1^b1",
    ).check()
    Scenario(
        board,
        never_begins=["c3-c2", "a4-a3"],
        begins=["c3-b2", "c3-c4"],
        illegal={"c3-c2^c3": "Aeolus's power forbids c3-c2"},
    ).check()


def test_end_of_turn_turns_the_wind() -> None:
    """Card, End of Your Turn: a last mark turns the Wind; no mark leaves it (any of the 8
    directions includes the one it shows), and naming that one is the same turn."""
    board = Scenario(START, play="b2-c1^b1*se", tokens={"aeolus": "se"}).check()
    # The new wind holds at once: blowing south-east, nobody moves north-west.
    Scenario(board, never_begins=["c3-b4"]).check()
    plain = Scenario(START, play="b2-c1^b1").check().position()
    Scenario(START, play="b2-c1^b1*n", after=plain, tokens={"aeolus": "n"}).check()
    Scenario(START, listed=["b2-c1^b1"], unlisted=["b2-c1^b1*n"]).check()  # listed once, without the mark


def test_one_turn_of_the_wind_and_only_at_the_end() -> None:
    Scenario(START, illegal=["b2-c1^b1*se*s", "b2-c1*se^b1", "*se,b2-c1^b1"]).check()


def test_no_wind_change_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, so there is no end of turn."""
    board = Scenario(START, listed=["d4-e4"], never_begins=["d4-e4*"], play="d4-e4").check()
    assert board.outcome() is not None and board.tokens["aeolus"] == "n"


def test_forced_workers_may_go_into_the_wind() -> None:
    """RULINGS #1: forced is not moved. Apollo on c3 moves north onto Aeolus's worker on c4,
    which is forced south (into the wind) to c3; Apollo himself may not swap southwards."""
    text = position("", "c4,e1 c3,a1", powers="Aeolus,Apollo", to_move=2, extra="aeolus=n")
    board = Scenario(text, play="c3-c4^d5").check()
    assert [sorted(f.split(",")) for f in board.position().split()[2:4]] == [["c3", "e1"], ["a1", "c4"]]
    Scenario(text.replace("c4,e1 c3,a1", "c2,e1 c3,a1"), never_begins=["c3-c2"]).check()


def test_a_wrapped_move_has_the_direction_of_the_wrap() -> None:
    """Urania's a1 -> e1 goes west (over the edge): with the wind blowing east it is a move
    into the wind; a1 -> b1 (east) is fine."""
    Scenario(
        position("", "c3,e3 a1,c5", powers="Aeolus,Urania", to_move=2, extra="aeolus=e"),
        never_begins=["a1-e1"],
        begins=["a1-b1", "a1-a5"],  # south over the edge: not into an east wind
    ).check()


def test_mark_notation_round_trips() -> None:
    """docs/notation.md: '*ne' turns the wind north-east."""
    turn = parse_turn("b2-c1^b1*ne")
    assert step_kind(turn[-1]) is StepKind.MARK and mark_direction(turn[-1]) == 1
    assert turn[-1] == mark(direction=1)
    assert format_turn(turn) == "b2-c1^b1*ne"


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b2-c1^b1*w",
        after=position(
            "c2=1 d3=2 e4=3 d4=2 b1=1", "c1,d4 c3,a4", to_move=2, powers="Aeolus,-", extra="aeolus=w"
        ),
    )


# ---------------------------------------------------------------------- naive cross-check


def naive_turns(aeolus: int) -> gn.Generator:
    """Every turn of the player to move, from the card: no move against the wind (for
    anyone); Aeolus's non-winning turns end with the wind turned to any of the 8
    directions (written without a mark when it stays)."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        me = tpos.pos.to_move
        blows = nv.DIRECTIONS[tpos.tokens["aeolus"]]

        def not_into_the_wind(pos: nv.Pos, src: nv.Coord, dst: nv.Coord) -> bool:
            return (dst[0] - src[0], dst[1] - src[1]) != (-blows[0], -blows[1])

        out = gn.base_turns(tpos, not_into_the_wind)
        if me != aeolus:
            return out
        turned: list[gn.Result] = []
        for text, after, won in out:
            if won:
                turned.append((text, after, won))
                continue
            for name in nv.DIRECTIONS:
                again = after.copy()
                again.tokens["aeolus"] = name
                turned.append((text if name == tpos.tokens["aeolus"] else f"{text}*{name}", again, False))
        return turned

    return generate


POSITIONS = [
    START,
    START.replace(" 1 ", " 2 ", 1),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Aeolus", extra="aeolus=sw"),
    position("a1=1 b1=2 c1=3 a2=A", "b2,c2 d4,e5", powers="-,Aeolus", to_move=2, extra="aeolus=e"),
]


@pytest.mark.parametrize("text", POSITIONS)
def test_turns_match_a_naive_generator(text: str) -> None:
    assert check_against_naive(gn.oracle(naive_turns(seat_of("Aeolus", text))), text) > 0


@pytest.mark.parametrize(("text", "golden"), [(POSITIONS[1], (49,)), (POSITIONS[2], (37, 13592))])
def test_perft_matches_the_naive_generator(text: str, golden: tuple[int, ...]) -> None:
    check_perft(gn.oracle(naive_turns(seat_of("Aeolus", text))), {text: golden})


def test_naive_agrees_along_random_games() -> None:
    check_along_random_games("Aeolus", lambda seat: gn.oracle(naive_turns(seat)), seed=31, turns=8)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    check_seated_playouts("Aeolus", rival, max_turns=120)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Aeolus", "Minotaur"], seeds=range(1), replay=True)
