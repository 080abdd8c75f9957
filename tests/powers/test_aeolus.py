"""31. Aeolus (SANTORINI.md §4; RULINGS #48, printed text): the Wind is set at setup, turned
at the end of each of his turns, and no worker can move directly into it."""

from __future__ import annotations

import random

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, StepKind, format_turn, parse_turn, perft
from aegean.santorini.powers.aeolus import WIND_MARKS
from aegean.santorini.steps import mark, mark_direction, step_kind
from powers import gf_naive as gn
from powers.support import check_random_playouts, playout_checking_hashes, position, turns

# The wind blows north: nobody may move south (south-west and south-east are fine).
START = position("c2=1 d3=2 e4=3 d4=2", "b2,d4 c3,a4", powers="Aeolus,-", extra="aeolus=n")


def test_setup_ends_his_placement_turn_with_the_wind() -> None:
    """Card, Setup: his placement turn ends with the Wind's direction (8 per placement)."""
    board = Board(2, ["Aeolus", None])
    assert len(board.legal_turns()) == 300 * 8
    with pytest.raises(IllegalTurnError, match="not finished"):
        board.play("@b2@d4")
    board.play("@b2@d4*ne")
    assert board.tokens["aeolus"] == "ne" and board.to_move == 1
    assert len(board.legal_turns()) == 253  # player 2 places as usual: C(23, 2)
    board.play("@b4@d2")
    assert board.position() == "00000/00000/00000/00000/00000 1 b2,d4 b4,d2 powers=Aeolus,- aeolus=ne"


def test_the_placement_turn_round_trips_before_the_wind() -> None:
    """Between his last placement and the wind the turn is still his (``turn=@b2@d4``)."""
    board = Board(2, ["Aeolus", None])
    for step in board.parse_turn("@b2@d4"):
        board.push(step)
    text = board.position()
    assert text.endswith("turn=@b2@d4")
    again = Board.from_position(text)
    assert again.position() == text and again.zobrist_hash() == board.zobrist_hash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps()) == sorted(WIND_MARKS)
    again.push(mark(direction=6))
    assert again.to_move == 1 and again.tokens["aeolus"] == "w"


def test_setup_as_second_player() -> None:
    board = Board(2, [None, "Aeolus"])
    board.play("@b2@d4")
    assert len(board.legal_turns()) == 253 * 8
    board.play("@b4@d2*s")
    assert board.tokens["aeolus"] == "s" and board.to_move == 0


def test_a_position_without_the_wind_asks_for_it_first() -> None:
    """The wind must exist before play: without it, his next turn is the setup choice,
    which does not use up his turn."""
    board = Board.from_position(position("", "b2,d4 b4,d2", powers="Aeolus,-"))
    assert turns(board) == {"*n", "*ne", "*e", "*se", "*s", "*sw", "*w", "*nw"}
    board.play("*w")
    assert board.tokens["aeolus"] == "w" and board.to_move == 0 and not board.placing


def test_nobody_moves_into_the_wind() -> None:
    """Card, Any Move: the wind blows north, so no move goes south — his workers' or his
    opponent's; diagonal moves with a southern part are not 'directly' into it."""
    board = Board.from_position(START)
    legal = turns(board)
    assert not any(t.startswith(("b2-b1", "d4-d3")) for t in legal)
    assert any(t.startswith("b2-a1") for t in legal) and any(t.startswith("b2-c1") for t in legal)
    with pytest.raises(IllegalTurnError, match=r"not allowed|forbids"):
        board.play("b2-b1^b2")
    board.play("b2-c1^b1")
    rival = turns(board)
    assert not any(t.startswith(("c3-c2", "a4-a3")) for t in rival)
    assert any(t.startswith("c3-b2") for t in rival) and any(t.startswith("c3-c4") for t in rival)
    with pytest.raises(IllegalTurnError, match="Aeolus's power forbids c3-c2"):
        board.play("c3-c2^c3")


def test_end_of_turn_turns_the_wind() -> None:
    """Card, End of Your Turn: a last mark turns the Wind; no mark leaves it (any of the 8
    directions includes the one it shows), and naming that one is the same turn."""
    board = Board.from_position(START)
    board.play("b2-c1^b1*se")
    assert board.tokens["aeolus"] == "se"
    # The new wind holds at once: blowing south-east, nobody moves north-west.
    assert not any(t.startswith("c3-b4") for t in turns(board))
    board = Board.from_position(START)
    board.play("b2-c1^b1")
    plain = board.position()
    board = Board.from_position(START)
    board.play("b2-c1^b1*n")
    assert board.position() == plain and board.tokens["aeolus"] == "n"
    assert "b2-c1^b1" in turns(Board.from_position(START))
    assert "b2-c1^b1*n" not in turns(Board.from_position(START))  # listed once, without the mark


def test_one_turn_of_the_wind_and_only_at_the_end() -> None:
    board = Board.from_position(START)
    for bad in ("b2-c1^b1*se*s", "b2-c1*se^b1", "*se,b2-c1^b1"):
        with pytest.raises(IllegalTurnError):
            board.play(bad)
    assert board.position() == START


def test_no_wind_change_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, so there is no end of turn."""
    board = Board.from_position(START)
    assert "d4-e4" in turns(board) and not any(t.startswith("d4-e4*") for t in turns(board))
    board.play("d4-e4")
    assert board.outcome() is not None and board.tokens["aeolus"] == "n"


def test_forced_workers_may_go_into_the_wind() -> None:
    """RULINGS #1: forced is not moved. Apollo on c3 moves north onto Aeolus's worker on c4,
    which is forced south (into the wind) to c3; Apollo himself may not swap southwards."""
    text = position("", "c4,e1 c3,a1", powers="Aeolus,Apollo", to_move=2, extra="aeolus=n")
    board = Board.from_position(text)
    board.play("c3-c4^d5")
    assert [sorted(f.split(",")) for f in board.position().split()[2:4]] == [["c3", "e1"], ["a1", "c4"]]
    board = Board.from_position(text.replace("c4,e1 c3,a1", "c2,e1 c3,a1"))
    assert not any(t.startswith("c3-c2") for t in turns(board))


def test_a_wrapped_move_has_the_direction_of_the_wrap() -> None:
    """Urania's a1 -> e1 goes west (over the edge): with the wind blowing east it is a move
    into the wind; a1 -> b1 (east) is fine."""
    board = Board.from_position(
        position("", "c3,e3 a1,c5", powers="Aeolus,Urania", to_move=2, extra="aeolus=e")
    )
    legal = turns(board)
    assert not any(t.startswith("a1-e1") for t in legal) and any(t.startswith("a1-b1") for t in legal)
    assert any(t.startswith("a1-a5") for t in legal)  # south over the edge: not into an east wind


def test_mark_notation_round_trips() -> None:
    """docs/notation.md: '*ne' turns the wind north-east."""
    turn = parse_turn("b2-c1^b1*ne")
    assert step_kind(turn[-1]) is StepKind.MARK and mark_direction(turn[-1]) == 1
    assert turn[-1] == mark(direction=1)
    assert format_turn(turn) == "b2-c1^b1*ne"


def test_undo_and_position_round_trip_mid_turn() -> None:
    board = Board.from_position(START)
    before = (board.position(), board.zobrist_hash())
    for step in board.parse_turn("b2-c1^b1*w"):
        board.push(step)
        h = board.zobrist_hash()
        assert board.rehash() == h
        again = Board.from_position(board.position())
        assert again.position() == board.position() and again.zobrist_hash() == h
        assert turns(again) == turns(board)
    assert board.tokens["aeolus"] == "w" and board.to_move == 1
    for _ in range(3):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
DELTAS = {
    "n": (0, 1),
    "ne": (1, 1),
    "e": (1, 0),
    "se": (1, -1),
    "s": (0, -1),
    "sw": (-1, -1),
    "w": (-1, 0),
    "nw": (-1, 1),
}


def naive_turns(aeolus: int) -> gn.Generator:
    """Every turn of the player to move, from the card: no move against the wind (for
    anyone); Aeolus's non-winning turns end with the wind turned to any of the 8
    directions (written without a mark when it stays)."""

    def generate(tpos: gn.TPos) -> list[gn.Result]:
        pos, me = tpos.pos, tpos.pos.to_move
        blows = DELTAS[tpos.tokens["aeolus"]]
        out: list[gn.Result] = []
        for index, src in enumerate(pos.workers[me]):
            for dst in nv.neighbours(src):
                if (dst[0] - src[0], dst[1] - src[1]) == (-blows[0], -blows[1]):
                    continue
                if pos.unoccupied(dst) and pos.levels[dst] <= pos.levels[src] + 1:
                    out += gn.plain_climb_or_build(
                        tpos,
                        me,
                        index,
                        src,
                        dst,
                        lambda moved, w: [t for t in nv.neighbours(w) if moved.pos.unoccupied(t)],
                    )
        if me != aeolus:
            return out
        turned: list[gn.Result] = []
        for text, after, won in out:
            if won:
                turned.append((text, after, won))
                continue
            for name in DELTAS:
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
    aeolus = 0 if text.split("powers=")[1].startswith("Aeolus") else 1
    assert gn.check_turns(naive_turns(aeolus), text) > 0


@pytest.mark.parametrize(("text", "depth1", "depth2"), [(POSITIONS[1], 49, None), (POSITIONS[2], 37, 13592)])
def test_perft_matches_the_naive_generator(text: str, depth1: int, depth2: int | None) -> None:
    aeolus = 0 if text.split("powers=")[1].startswith("Aeolus") else 1
    board = Board.from_position(text)
    tpos = gn.parse(text)
    assert perft(board, 1) == gn.perft(naive_turns(aeolus), tpos, 1) == depth1
    if depth2 is not None:
        assert perft(board, 2) == gn.perft(naive_turns(aeolus), tpos, 2) == depth2


def test_naive_agrees_along_random_games() -> None:
    gn.check_along_random_games("Aeolus", naive_turns, seed=31, turns=8)


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Athena", "Apollo"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    for seed in range(2):
        board = Board(2, ["Aeolus", rival] if seed % 2 == 0 else [rival, "Aeolus"])
        playout_checking_hashes(board, random.Random(seed), max_plies=120)


def test_random_playouts_replay_from_notation() -> None:
    check_random_playouts(["Aeolus", "Minotaur"], seeds=range(1), replay=True)
