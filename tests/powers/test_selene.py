"""28. Selene (SANTORINI.md §4; RULINGS #45): a male and a female worker; instead of the
normal build, the female may build a dome at any level, whichever worker moved. The female
is the second worker Selene places, named by the worker-tag token ``selene=<square>``."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from aegean.santorini import Board, format_turn, perft
from powers.invariants import check_playout, check_round_trip
from powers.scenario import Scenario, position, turns


def pos(
    levels: str = "",
    workers: str = "b2,e1 b4,d2",
    *,
    to_move: int = 1,
    powers: str = "Selene,-",
    female: str | None = "e1",
) -> str:
    """A position from ``"c3=2 d4=A"`` levels, the female (the ``selene`` tag) on ``female``."""
    return position(
        levels, workers, to_move=to_move, powers=powers, extra=f"selene={female}" if female else ""
    )


def consistent(board: Board) -> bool:
    return board.rehash() == board.zobrist_hash()


# ---------------------------------------------------------------------- setup
def test_the_second_worker_placed_is_the_female() -> None:
    """Setup: a male and a female worker; the placement order says which is which, so the
    two orders are different turns (25 * 24 placements on the empty board)."""
    board = Scenario(
        Board(2, ["Selene", None]),
        count=600,
        play="@b2@e1",
        after="00000/00000/00000/00000/00000 2 b2,e1 - powers=Selene,- selene=e1",
    ).check()
    board.pop()
    board = Scenario(board, play="@e1@b2", tokens={"selene": "b2"}).check()
    board.pop()
    assert "selene" not in board.tokens


# ---------------------------------------------------------------------- the build
def test_female_domes_after_the_male_moved() -> None:
    """RULINGS #45 (SM: "even if your male Worker moved"): the female on e1 domes d1."""
    board = Scenario(
        pos(),
        listed=["b2-c3,e1^d1D", "b2-c3,e1^e2D"],
        play="b2-c3,e1^d1D",
        after="00000/00000/00000/00000/000A0 2 c3,e1 b4,d2 powers=Selene,- selene=e1",
    ).check()
    assert consistent(board)


def test_female_domes_after_she_moved_herself() -> None:
    """Card: "whichever worker moved": the female that moved may dome, or build normally."""
    board = Scenario(
        pos("e3=1"),
        listed=["e1-e2^e1D", "e1-e2^e3D", "e1-e2^e3", "e1-e2^e1"],
        play="e1-e2^e3D",
        tokens={"selene": "e2"},  # the tag followed her move
    ).check()
    assert board.position().startswith("00000/00000/0000B/00000/00000 2 b2,e2")


@pytest.mark.parametrize(("level", "piece"), [("0", "A"), ("1", "B"), ("2", "C")])
def test_female_dome_at_any_level_ground_included(level: str, piece: str) -> None:
    """Card: "a dome at any level": a dome on level 0-2 leaves the level below it."""
    board = Scenario(pos(f"d1={level}"), play="b2-c3,e1^d1D").check()
    assert board.position().split()[0] == f"00000/00000/00000/00000/000{piece}0"


def test_female_dome_on_level_3_is_the_ordinary_dome() -> None:
    """On level 3 the female's dome is the ordinary piece (written ``^e2``); where the
    mover could build it too, the two turns are one (same result)."""
    board = Scenario(
        pos("e2=3 c4=3"), listed=["b2-c3,e1^e2"], unlisted=["b2-c3,e1^e2D"], play="b2-c3,e1^e2"
    ).check()
    assert board.position().split()[0] == "00000/00300/00000/0000D/00000"
    # A level-3 square next to the female that moved: her ordinary build only, once.
    assert [t for t in turns(Board.from_position(pos("d1=3"))) if t.startswith("e1-e2") and "d1" in t] == [
        "e1-e2^d1"
    ]


def test_the_dome_replaces_the_build_never_both() -> None:
    """Card: "instead of your normal build": one build per turn, nothing after the dome."""
    board = Scenario(pos(), illegal=["b2-c3,e1^d1D,c3^c4", "b2-c3^c4,e1^d1D"], mid="b2-c3,e1^d1D").check()
    assert board.turn == [] and board.to_move == 1


def test_the_normal_build_is_still_there() -> None:
    """Card: "instead of": the normal build by the worker that moved stays legal."""
    board = Scenario(
        pos(),
        listed=["b2-c3^c4", "b2-c3^b2", "b2-c3^d3"],
        # Only the female domes, and only next to her: no male dome, no female block.
        unlisted=["b2-c3^c4D"],
    ).check()
    legal = turns(board)
    assert not any(",e1^" in t and not t.endswith("D") for t in legal)
    assert not any(t.endswith("^c4D") for t in legal)


def test_a_move_that_wins_has_no_build() -> None:
    """Rule 2.1: climbing onto level 3 wins at once, before any build (dome included)."""
    Scenario(pos("c2=2 c3=3", workers="c2,e1 b4,d2"), listed=["c2-c3"], play="c2-c3", winner=0).check()


def test_the_wrong_worker_cannot_dome() -> None:
    """Only the female has the power: the male cannot dome after she moved, and a dome
    named for another worker is refused with a clear message."""
    Scenario(pos(), illegal={"e1-e2,b2^a1D": "illegal turn"}).check()


def test_without_the_token_there_is_no_female() -> None:
    """A position that names no female (``selene=`` absent) gives only normal builds."""
    assert not any(t.endswith("D") for t in turns(Board.from_position(pos(female=None))))


# ---------------------------------------------------------------------- other powers
def test_female_removed_from_the_game_leaves_only_normal_builds() -> None:
    """Bia removes the female (her tag goes with her): Selene keeps only normal builds;
    undo brings both back."""
    start = pos(workers="b2,e5 b4,d4", powers="Bia,Selene", female="b4")
    board = Scenario(start, play="b2-b3^a3").check()
    assert board.workers[1] == [18] and "selene" not in board.tokens
    assert consistent(board)
    assert not any(t.endswith("D") for t in turns(board))
    board.pop()
    assert board.position() == start and consistent(board)


def test_female_petrified_by_medusa() -> None:
    """Medusa turns the lower female next to her into a block: the tag is dropped."""
    start = "00000/00000/01200/00000/00000 1 c3,a1 b3,e5 powers=Medusa,Selene selene=b3"
    board = Scenario(start, play="a1-a2^a1").check()
    assert board.workers[1] == [24] and "selene" not in board.tokens and consistent(board)
    assert not any(t.endswith("D") for t in turns(board))
    board.pop()
    assert board.position() == start


def test_female_swapped_by_apollo_keeps_her_identity() -> None:
    """Apollo swaps with the female: she is still the female on Apollo's old space."""
    start = pos(workers="b2,e1 d1,a5", to_move=2, powers="Selene,Apollo")
    board = Scenario(start, play="d1-e1^e2", tokens={"selene": "d1"}).check()
    assert consistent(board)
    Scenario(board, listed=["b2-c3,d1^c1D"]).check()
    board.pop()
    assert board.position() == start and consistent(board)
    # Apollo swapping the male leaves the tag alone.
    Scenario(
        pos(workers="b2,e1 c3,a5", to_move=2, powers="Selene,Apollo"),
        play="c3-b2^a1",
        tokens={"selene": "e1"},
    ).check()


def test_female_pushed_by_minotaur_keeps_her_identity() -> None:
    """Minotaur pushes the female from d2 to e3: the tag follows the forced worker."""
    start = pos(workers="b2,d2 c1,a5", to_move=2, powers="Selene,Minotaur", female="d2")
    board = Scenario(start, play="c1-d2^c1", tokens={"selene": "e3"}).check()
    assert board.workers[0] == [6, 14] and consistent(board)
    board.pop()
    assert board.position() == start


def test_female_ferried_by_charon_keeps_her_identity() -> None:
    """Charon ferries the female across his worker (a force): the tag follows her."""
    start = pos(workers="c3,e5 b2,a5", to_move=2, powers="Selene,Charon", female="c3")
    board = Scenario(start, play="c3>a1,b2-b3^c3", tokens={"selene": "a1"}).check()
    assert consistent(board)
    Scenario(board, listed=["e5-e4,a1^b1D"]).check()


def test_limus_forbids_her_low_dome_next_to_limus_workers() -> None:
    """RULINGS #40 (printed text): next to Limus's workers only a dome on level 3 is
    allowed, so the female's low domes there are refused, her level-3 dome is not."""
    Scenario(
        pos("e3=3", workers="b2,e1 a5,d3", powers="Selene,Limus"),
        listed=[
            "b2-c3,e1^d1D",  # d1 does not neighbour d3
            "e1-e2^e3",  # level 3: completes a tower
        ],
        illegal=["b2-c3,e1^e2D"],  # e2 neighbours Limus on d3
    ).check()


# ---------------------------------------------------------------------- undo, positions
def test_undo_and_position_round_trip_mid_turn() -> None:
    """Undo restores position and hash; mid-turn positions (with the tag) read back."""
    check_round_trip(
        pos("c4=2 d1=1"),
        "e1-e2^d1D",
        mid=[position("c4=2 d1=1", "b2,e2 b4,d2", powers="Selene,-", extra="selene=e2 turn=e1-e2")],
        after=position("c4=2 d1=B", "b2,e2 b4,d2", to_move=2, powers="Selene,-", extra="selene=e2"),
    )


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
    powers = ["Selene", other] if seed % 2 else [other, "Selene"]
    check_playout(Board(2, powers), random.Random(seed), each_turn=check_tag)
