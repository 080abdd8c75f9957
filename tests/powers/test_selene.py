"""28. Selene (SANTORINI.md §4; RULINGS #45): a male and a female worker; instead of the
normal build, the female may build a dome at any level, whichever worker moved. The female
is the second worker Selene places, named by the worker-tag token ``selene=<square>``."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from aegean.santorini import Board, IllegalTurnError, format_turn, perft
from aegean.santorini.steps import StepCode
from powers.support import turns


def pos(
    levels: str = "",
    workers: str = "b2,e1 b4,d2",
    *,
    to_move: int = 1,
    powers: str = "Selene,-",
    female: str | None = "e1",
    extra: str = "",
) -> str:
    """A position from ``"c3=2 d4=A"`` levels (every other space on the ground)."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    tag = f"selene={female}" if female else ""
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", tag, extra) if f)


def consistent(board: Board) -> bool:
    return board.rehash() == board.zobrist_hash()


# ---------------------------------------------------------------------- setup
def test_the_second_worker_placed_is_the_female() -> None:
    """Setup: a male and a female worker; the placement order says which is which, so the
    two orders are different turns (25 * 24 placements on the empty board)."""
    board = Board(2, ["Selene", None])
    assert len(board.legal_turns()) == 600
    board.play("@b2@e1")
    assert board.tokens["selene"] == "e1"
    assert board.position() == "00000/00000/00000/00000/00000 2 b2,e1 - powers=Selene,- selene=e1"
    board.pop()
    board.play("@e1@b2")
    assert board.tokens["selene"] == "b2"
    board.pop()
    assert "selene" not in board.tokens


# ---------------------------------------------------------------------- the build
def test_female_domes_after_the_male_moved() -> None:
    """RULINGS #45 (SM: "even if your male Worker moved"): the female on e1 domes d1."""
    board = Board.from_position(pos())
    legal = turns(board)
    assert {"b2-c3,e1^d1D", "b2-c3,e1^e2D"} <= legal
    board.play("b2-c3,e1^d1D")
    assert board.position() == ("00000/00000/00000/00000/000A0 2 c3,e1 b4,d2 powers=Selene,- selene=e1")
    assert consistent(board)


def test_female_domes_after_she_moved_herself() -> None:
    """Card: "whichever worker moved": the female that moved may dome, or build normally."""
    board = Board.from_position(pos("e3=1"))
    legal = turns(board)
    assert {"e1-e2^e1D", "e1-e2^e3D", "e1-e2^e3", "e1-e2^e1"} <= legal
    board.play("e1-e2^e3D")
    assert board.position().startswith("00000/00000/0000B/00000/00000 2 b2,e2")
    assert board.tokens["selene"] == "e2"  # the tag followed her move


@pytest.mark.parametrize(("level", "piece"), [("0", "A"), ("1", "B"), ("2", "C")])
def test_female_dome_at_any_level_ground_included(level: str, piece: str) -> None:
    """Card: "a dome at any level": a dome on level 0-2 leaves the level below it."""
    board = Board.from_position(pos(f"d1={level}"))
    board.play("b2-c3,e1^d1D")
    assert board.position().split()[0] == f"00000/00000/00000/00000/000{piece}0"


def test_female_dome_on_level_3_is_the_ordinary_dome() -> None:
    """On level 3 the female's dome is the ordinary piece (written ``^e2``); where the
    mover could build it too, the two turns are one (same result)."""
    board = Board.from_position(pos("e2=3 c4=3"))
    legal = turns(board)
    assert "b2-c3,e1^e2" in legal and "b2-c3,e1^e2D" not in legal
    board.play("b2-c3,e1^e2")
    assert board.position().split()[0] == "00000/00300/00000/0000D/00000"
    board.pop()
    # A level-3 square next to the female that moved: her ordinary build only, once.
    board = Board.from_position(pos("d1=3"))
    assert [t for t in turns(board) if t.startswith("e1-e2") and "d1" in t] == ["e1-e2^d1"]


def test_the_dome_replaces_the_build_never_both() -> None:
    """Card: "instead of your normal build": one build per turn, nothing after the dome."""
    board = Board.from_position(pos())
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3,e1^d1D,c3^c4")
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3^c4,e1^d1D")
    assert board.position() == pos()
    board.push(board.parse_turn("b2-c3")[0])
    board.push(board.parse_turn("e1^d1D")[0])
    assert board.turn == [] and board.to_move == 1


def test_the_normal_build_is_still_there() -> None:
    """Card: "instead of": the normal build by the worker that moved stays legal."""
    board = Board.from_position(pos())
    legal = turns(board)
    assert {"b2-c3^c4", "b2-c3^b2", "b2-c3^d3"} <= legal
    # Only the female domes, and only next to her: no male dome, no female block.
    assert "b2-c3^c4D" not in legal
    assert not any(",e1^" in t and not t.endswith("D") for t in legal)
    assert not any(t.endswith("^c4D") for t in legal)


def test_a_move_that_wins_has_no_build() -> None:
    """Rule 2.1: climbing onto level 3 wins at once, before any build (dome included)."""
    board = Board.from_position(pos("c2=2 c3=3", workers="c2,e1 b4,d2"))
    assert "c2-c3" in turns(board)
    board.play("c2-c3")
    assert board.outcome() is not None and board.outcome().winner == 0  # type: ignore[union-attr]


def test_the_wrong_worker_cannot_dome() -> None:
    """Only the female has the power: the male cannot dome after she moved, and a dome
    named for another worker is refused with a clear message."""
    board = Board.from_position(pos())
    assert "e1-e2,b2^a1D" not in turns(board)
    with pytest.raises(IllegalTurnError) as info:
        board.play("e1-e2,b2^a1D")
    assert "illegal turn" in str(info.value)
    assert board.position() == pos()


def test_without_the_token_there_is_no_female() -> None:
    """A position that names no female (``selene=`` absent) gives only normal builds."""
    board = Board.from_position(pos(female=None))
    assert not any(t.endswith("D") for t in turns(board))


# ---------------------------------------------------------------------- other powers
def test_female_removed_from_the_game_leaves_only_normal_builds() -> None:
    """Bia removes the female (her tag goes with her): Selene keeps only normal builds;
    undo brings both back."""
    start = pos(workers="b2,e5 b4,d4", powers="Bia,Selene", female="b4")
    board = Board.from_position(start)
    board.play("b2-b3^a3")
    assert board.workers[1] == [18] and "selene" not in board.tokens
    assert consistent(board)
    assert not any(t.endswith("D") for t in turns(board))
    board.pop()
    assert board.position() == start and consistent(board)


def test_female_petrified_by_medusa() -> None:
    """Medusa turns the lower female next to her into a block: the tag is dropped."""
    start = "00000/00000/01200/00000/00000 1 c3,a1 b3,e5 powers=Medusa,Selene selene=b3"
    board = Board.from_position(start)
    board.play("a1-a2^a1")
    assert board.workers[1] == [24] and "selene" not in board.tokens and consistent(board)
    assert not any(t.endswith("D") for t in turns(board))
    board.pop()
    assert board.position() == start


def test_female_swapped_by_apollo_keeps_her_identity() -> None:
    """Apollo swaps with the female: she is still the female on Apollo's old space."""
    start = pos(workers="b2,e1 d1,a5", to_move=2, powers="Selene,Apollo")
    board = Board.from_position(start)
    board.play("d1-e1^e2")
    assert board.tokens["selene"] == "d1" and consistent(board)
    assert "b2-c3,d1^c1D" in turns(board)
    board.pop()
    assert board.position() == start and consistent(board)
    # Apollo swapping the male leaves the tag alone.
    board = Board.from_position(pos(workers="b2,e1 c3,a5", to_move=2, powers="Selene,Apollo"))
    board.play("c3-b2^a1")
    assert board.tokens["selene"] == "e1"


def test_female_pushed_by_minotaur_keeps_her_identity() -> None:
    """Minotaur pushes the female from d2 to e3: the tag follows the forced worker."""
    start = pos(workers="b2,d2 c1,a5", to_move=2, powers="Selene,Minotaur", female="d2")
    board = Board.from_position(start)
    board.play("c1-d2^c1")
    assert board.workers[0] == [6, 14] and board.tokens["selene"] == "e3" and consistent(board)
    board.pop()
    assert board.position() == start


def test_female_ferried_by_charon_keeps_her_identity() -> None:
    """Charon ferries the female across his worker (a force): the tag follows her."""
    start = pos(workers="c3,e5 b2,a5", to_move=2, powers="Selene,Charon", female="c3")
    board = Board.from_position(start)
    board.play("c3>a1,b2-b3^c3")
    assert board.tokens["selene"] == "a1" and consistent(board)
    assert "e5-e4,a1^b1D" in turns(board)


def test_limus_forbids_her_low_dome_next_to_limus_workers() -> None:
    """RULINGS #40 (printed text): next to Limus's workers only a dome on level 3 is
    allowed, so the female's low domes there are refused, her level-3 dome is not."""
    board = Board.from_position(pos("e3=3", workers="b2,e1 a5,d3", powers="Selene,Limus"))
    legal = turns(board)
    assert "b2-c3,e1^d1D" in legal  # d1 does not neighbour d3
    assert "b2-c3,e1^e2D" not in legal  # e2 neighbours Limus on d3
    assert "e1-e2^e3" in legal  # level 3: completes a tower
    with pytest.raises(IllegalTurnError):
        board.play("b2-c3,e1^e2D")


# ---------------------------------------------------------------------- undo, positions
def test_undo_and_position_round_trip_mid_turn() -> None:
    """Undo restores position and hash; mid-turn positions (with the tag) read back."""
    start = pos("c4=2 d1=1")
    board = Board.from_position(start)
    h = board.zobrist_hash()
    board.push(board.parse_turn("e1-e2")[0])
    text = board.position()
    assert "selene=e2" in text and "turn=e1-e2" in text
    again = Board.from_position(text)
    assert again.position() == text and again.zobrist_hash() == board.zobrist_hash()
    assert turns(again) == turns(board)
    board.push(board.parse_turn("e1-e2^d1D")[1])
    after = Board.from_position(board.position())
    assert after.position() == board.position() and consistent(board)
    board.pop()
    board.pop()
    assert board.position() == start and board.zobrist_hash() == h


# ---------------------------------------------------------------------- naive model
def nb(s: int) -> list[int]:
    r, f = divmod(s, 5)
    return [
        (r + dr) * 5 + f + df
        for dr in (-1, 0, 1)
        for df in (-1, 0, 1)
        if (dr or df) and 0 <= r + dr < 5 and 0 <= f + df < 5
    ]


def nm(s: int) -> str:
    return "abcde"[s % 5] + str(s // 5 + 1)


@dataclass(frozen=True)
class State:
    h: tuple[int, ...]
    dome: frozenset[int]
    w: tuple[tuple[int, ...], ...]
    female: int | None
    mover: int
    selene: int


def state_of(board: Board) -> State:
    sel = [p.name for p in board.powers].index("Selene")
    tag = board.tokens.get("selene")
    fem = None if tag is None else ("abcde".index(tag[0]) + 5 * (int(tag[1]) - 1))
    return State(
        tuple(board.height),
        frozenset(s for s in range(25) if board.domes >> s & 1),
        tuple(tuple(ws) for ws in board.workers),
        fem,
        board.to_move,
        sel,
    )


def naive_turns(st: State) -> dict[str, State | None]:
    """Turn text -> next state (None: the turn wins). Selene's female domes by hand."""
    out: dict[str, State | None] = {}
    p = st.mover
    occ = {s for ws in st.w for s in ws}
    for w in st.w[p]:
        for t in nb(w):
            if t in occ or t in st.dome or st.h[t] > st.h[w] + 1:
                continue
            if st.h[t] == 3 and st.h[w] < 3:
                out[f"{nm(w)}-{nm(t)}"] = None
                continue
            occ2 = (occ - {w}) | {t}
            ws2 = tuple(tuple(t if s == w else s for s in ws) for ws in st.w)
            fem = t if st.female == w else st.female

            def after(
                x: int, dome: bool, ws2: tuple[tuple[int, ...], ...] = ws2, fem: int | None = fem
            ) -> State:
                h = list(st.h)
                domes = set(st.dome)
                if dome or h[x] == 3:
                    domes.add(x)
                else:
                    h[x] += 1
                return State(tuple(h), frozenset(domes), ws2, fem, 1 - p, st.selene)

            for x in nb(t):
                if x not in occ2 and x not in st.dome:
                    out[f"{nm(w)}-{nm(t)}^{nm(x)}"] = after(x, False)
            if p == st.selene and fem is not None:
                actor = "" if fem == t else "," + nm(fem)
                for x in nb(fem):
                    if x in occ2 or x in st.dome:
                        continue
                    if st.h[x] < 3:
                        out[f"{nm(w)}-{nm(t)}{actor}^{nm(x)}D"] = after(x, True)
                    elif x not in nb(t):  # else the same end as the mover's build
                        out[f"{nm(w)}-{nm(t)}{actor}^{nm(x)}"] = after(x, True)
    return out


def naive_perft2(st: State) -> int:
    return sum(len(naive_turns(nxt)) for nxt in naive_turns(st).values() if nxt is not None)


CROSS = [
    pos("c3=1 d1=2 e2=3 a2=3 b1=1 c4=B d4=3 e3=2", workers="b2,e1 b4,d2"),
    pos(
        "a1=1 b1=2 c1=3 b3=2 c2=1 d3=3 e4=A",
        workers="c4,a2 c2,d4",
        to_move=2,
        powers="Apollo,Selene",
        female="d4",
    ),
    pos("b2=1 c3=2 d4=3 c4=1 e5=C a3=3", workers="c3,b2 a1,e4", powers="Selene,Athena", female="b2"),
]


@pytest.mark.parametrize("text", CROSS)
def test_turn_sets_match_a_naive_generator(text: str) -> None:
    """The engine's Selene turns equal the naive ones here and after each reply turn."""
    board = Board.from_position(text)
    if board.powers[board.to_move].name == "Selene":
        assert turns(board) == set(naive_turns(state_of(board)))
    for turn in board.legal_turns():
        board.push_turn(turn)
        if board.decided is None and board.powers[board.to_move].name == "Selene":
            assert turns(board) == set(naive_turns(state_of(board))), format_turn(turn)
        board.pop()


def test_perft_depth_2_golden_and_naive() -> None:
    """Depth-1/2 counts from a Selene-vs-no-power position: golden and naive agree."""
    board = Board.from_position(CROSS[0])
    st = state_of(board)
    assert perft(board, 1) == len(naive_turns(st)) == PERFT[0]
    assert perft(board, 2) == naive_perft2(st) == PERFT[1]
    assert board.position() == CROSS[0]


PERFT = (48, 2423)


# ---------------------------------------------------------------------- playouts
def check_tag(board: Board) -> None:
    sel = [p.name for p in board.powers].index("Selene")
    tag = board.tokens.get("selene")
    if tag is not None:
        square = "abcde".index(tag[0]) + 5 * (int(tag[1]) - 1)
        assert board.owner[square] == sel


@pytest.mark.parametrize("other", [None, "Athena", "Apollo", "Minotaur"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts(other: str | None, seed: int) -> None:
    """Seeded random games from the empty board: the hash stays consistent, the tag
    always names a Selene worker, the game ends with a winner, undo restores the start."""
    rng = random.Random(seed)
    powers = ["Selene", other] if seed % 2 else [other, "Selene"]
    board = Board(2, powers)
    start, h = board.position(), board.zobrist_hash()
    played: list[StepCode | tuple[StepCode, ...]] = []
    for i in range(300):
        if board.outcome() is not None:
            break
        turn = rng.choice(board.legal_turns())
        board.push_turn(turn)
        played.append(turn)
        assert consistent(board)
        check_tag(board)
        if i % 5 == 0:
            again = Board.from_position(board.position())
            assert again.position() == board.position() and again.zobrist_hash() == board.zobrist_hash()
    outcome = board.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    for _ in played:
        board.pop()
    assert board.position() == start and board.zobrist_hash() == h
