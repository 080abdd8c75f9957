"""26. Persephone (SANTORINI.md §4; RULINGS #27, #43): if possible, at least one opponent
worker must move up this turn. "Possible" means some legal turn (under every other rule)
contains a move up; then every turn without one is illegal. Multi-movers must include an
up-move somewhere; Prometheus may not build first when he could move up."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

import naive as nv
from aegean.santorini import Board, IllegalTurnError, perft
from aegean.santorini.notation import format_step
from aegean.santorini.steps import END
from powers.support import CallCounter, check_random_playouts, naive_pos, turns

POWERS = "-,Persephone"


def position(
    levels: str = "", workers: str = "b2,d4 a5,e1", *, to_move: int = 1, powers: str = POWERS, extra: str = ""
) -> str:
    """A position in notation from ``"c3=2 d4=A"`` levels (every other space ground level).
    By default Persephone is player 2, on a5 and e1; player 1 (to move) on b2 and d4."""
    grid = [["0"] * 5 for _ in range(5)]
    for item in levels.split():
        square, _, piece = item.partition("=")
        grid[int(square[1]) - 1]["abcde".index(square[0])] = piece
    ranks = "/".join("".join(grid[r]) for r in range(4, -1, -1))
    return " ".join(f for f in (ranks, str(to_move), workers, f"powers={powers}", extra) if f)


def steps_agree_with_turns(board: Board) -> None:
    """Walking ``legal_steps`` never dead-ends, and reaches exactly the end states of
    ``legal_turns``: the step level and the turn level tell the same rules."""
    ends: set[Hashable] = set()
    seen: set[Hashable] = set()
    start_ply = board.ply

    def walk() -> None:
        steps = board.legal_steps()
        assert steps, board.position()
        for step in steps:
            board.push(step)
            if board.decided is not None or board.ply != start_ply:
                ends.add((board.zobrist_hash(), board.decided))
            else:
                # The state as the engine merges it (Hermes's and Triton's loops end).
                key = (board.board_hash, board.powers[board.to_move].turn_key(board))
                if key not in seen:
                    seen.add(key)
                    walk()
            board.pop()

    walk()
    expected = set()
    for turn in board.legal_turns():
        board.push_turn(turn)
        expected.add((board.zobrist_hash(), board.decided))
        board.pop()
    assert ends == expected


# ---------------------------------------------------------------------- scenarios
def test_when_a_move_up_is_possible_every_turn_moves_up() -> None:
    """Card: c3 (level 1) neighbours both workers, so every legal turn climbs onto it."""
    board = Board.from_position(position("c3=1"))
    legal = turns(board)
    assert legal and all(t.startswith(("b2-c3^", "d4-c3^")) for t in legal)
    assert len(legal) == 14
    with pytest.raises(IllegalTurnError, match=r"could not be finished|Persephone"):
        board.play("b2-b3^b4")
    board.play("b2-c3^b3")
    assert "persephone" not in board.tokens  # only marked during the turn


def test_when_no_move_up_is_possible_nothing_changes() -> None:
    board = Board.from_position(position())
    assert turns(board) == turns(Board.from_position(position(powers="-,-")))


def test_persephone_herself_is_free() -> None:
    board = Board.from_position(position("b4=1", to_move=2))
    assert any(t.startswith("a5-a4") for t in turns(board))


def test_the_only_move_up_may_be_a_winning_climb() -> None:
    """If the only move up is onto level 3, the opponent must take it (and wins)."""
    board = Board.from_position(position("b2=2 c3=3"))
    assert turns(board) == {"b2-c3"}


def test_prometheus_may_not_build_first_when_he_could_move_up() -> None:
    """RULINGS #27: a build before moving forbids moving up, so it is illegal when a move
    up is possible; when none is, the early build is fine."""
    board = Board.from_position(position("c3=1", powers="Prometheus,Persephone"))
    legal = turns(board)
    assert legal and all(t.startswith(("b2-c3^", "d4-c3^")) for t in legal)
    with pytest.raises(IllegalTurnError):
        board.play("b2^b3-a3^a4")
    steps_agree_with_turns(board)
    flat = Board.from_position(position(powers="Prometheus,Persephone"))
    assert "b2^b3-a3^a4" in turns(flat)


def test_artemis_must_include_a_move_up_in_her_two_moves() -> None:
    """RULINGS #43: the sequence must contain an up-move. From a1/e5 only two moves reach
    c3 (level 1), so every legal turn is a level move then the climb."""
    board = Board.from_position(position("c3=1", "a1,e5 a5,e1", powers="Artemis,Persephone"))
    legal = turns(board)
    assert legal and all(t.startswith(("a1-b2-c3^", "e5-d4-c3^")) for t in legal)
    board.push(board.parse_turn("a1-b2")[0])
    assert {format_step(s, board) for s in board.legal_steps()} == {"b2-c3"}
    board.pop()
    steps_agree_with_turns(board)


def test_apollo_swap_up_counts_as_a_move_up() -> None:
    """The moves other powers add count: Apollo's only way up is swapping onto b2 (level 1),
    so it is his only legal turn."""
    board = Board.from_position(
        position("a2=A b1=A c1=A c2=A a3=A b3=A b2=1", "a1,e5 b2,e1", powers="Apollo,Persephone")
    )
    assert turns(board) == {"a1-b2^c3"}


def test_a_move_up_that_cannot_finish_a_turn_is_not_possible() -> None:
    """After the swap onto b2 every space around is domed or occupied: no build, so that
    move up is no legal turn, nothing obliges Apollo to move up, and e5 moves freely."""
    text = position("a2=A b1=A c1=A c2=A a3=A b3=A c3=A b2=1", "a1,e5 b2,e1", powers="Apollo,Persephone")
    board = Board.from_position(text)
    legal = turns(board)
    assert len(legal) == 17 and all(t.startswith("e5-") for t in legal)


def test_hermes_must_climb_when_he_can() -> None:
    """Hermes moving up makes a normal turn; with a climb possible his travels are out."""
    board = Board.from_position(position("c3=1", powers="Hermes,Persephone"))
    legal = turns(board)
    assert legal and all(t.startswith(("b2-c3^", "d4-c3^")) for t in legal)


def test_triton_moving_up_along_the_edge() -> None:
    """Triton's chain must contain a move up: a2 (level 1) is reachable only along the edge."""
    board = Board.from_position(position("a2=1", "a1,e5 c5,e1", powers="Triton,Persephone"))
    legal = turns(board)
    assert legal and all("-a2" in t for t in legal)
    assert "a1-a2^a1" in legal
    assert "a1-a2-a1^b1" in legal  # up and back: a1-b1-a1^b1 ends alike but never moved up
    assert any(t.startswith("e5-e4-e3-e2-d1-c1-b1-a2") for t in legal)


def test_heracles_must_climb_when_he_can_and_keeps_his_domes() -> None:
    """Heracles's turn is a normal turn, then domes: with c3 (level 1) in reach every turn
    climbs, and after the climb and the build his domes are offered as usual."""
    board = Board.from_position(position("c3=1", powers="Heracles,Persephone"))
    assert {format_step(s, board) for s in board.legal_steps()} == {"b2-c3", "d4-c3"}
    board.push(board.parse_turn("b2-c3")[0])
    build = board.legal_steps()[0]
    assert format_step(build, board).startswith("^")
    board.push(build)
    domes = {format_step(s, board) for s in board.legal_steps()}
    plain = Board.from_position(board.position().replace("Persephone", "-").replace(" persephone=up", ""))
    assert domes == {format_step(s, plain) for s in plain.legal_steps()} and len(domes) > 10


def test_heracles_without_a_climb_is_searched_once_not_per_set_of_domes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No move up in reach: nothing changes (his steps are those without Persephone), and
    the search that finds no climb stops once his moves are over (``Power.moves_over``)
    instead of passing over every set of domes he could build (2**13 and more here: one
    such search held the server 9 s, docs/performance.md)."""
    from aegean.santorini.powers import persephone

    searched = CallCounter(
        monkeypatch, persephone.Persephone, "_search", 200, "the search passes over the sets of domes"
    )
    persephone._MEMO.clear()
    text = position("a3=2 e3=2", powers="Heracles,Persephone")  # too high to climb
    board = Board.from_position(text)
    alone = Board.from_position(text.replace("Persephone", "-"))
    assert {format_step(s, board) for s in board.legal_steps()} == {
        format_step(s, alone) for s in alone.legal_steps()
    }
    board.play("d4-d5^d4")
    assert board.position().split()[1] == "2"
    assert searched.calls > 0


def test_undo_and_position_round_trip_mid_turn() -> None:
    """The token ``persephone=up`` marks a move up during the turn; positions read back
    with the same legal steps; push/pop restore position and hash."""
    board = Board.from_position(position("c3=1", powers="Artemis,Persephone"))
    before = (board.position(), board.zobrist_hash())
    board.push(board.parse_turn("b2-c3")[0])
    text = board.position()
    assert text == position(
        "c3=1", "c3,d4 a5,e1", powers="Artemis,Persephone", extra="persephone=up turn=b2-c3"
    )
    again = Board.from_position(text)
    assert again.zobrist_hash() == board.zobrist_hash() == board.rehash()
    assert sorted(again.legal_steps()) == sorted(board.legal_steps())
    assert turns(again) == turns(board)
    board.push(board.parse_turn("c3-b3")[0])  # a second move, down: the turn already went up
    assert END not in board.legal_steps() and board.legal_steps()
    board.pop()
    board.pop()
    assert (board.position(), board.zobrist_hash()) == before


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, seat: int) -> list[tuple[str, nv.Pos, bool]]:
    """Every turn as (notation, position after, won), from the card text alone; ``seat`` is
    Persephone's player: if some turn of the opponent moves up, only those are legal."""
    options = nv.successors(pos)
    if pos.to_move == seat:
        return options

    def up(turn: str) -> bool:
        return pos.levels[nv.coord(turn[3:5])] > pos.levels[nv.coord(turn[:2])]

    climbing = [o for o in options if up(o[0])]
    return climbing or options


def naive_perft(pos: nv.Pos, depth: int, seat: int) -> int:
    if depth == 0:
        return 1
    options = naive_turns(pos, seat)
    if depth == 1:
        return len(options)
    return sum(naive_perft(after, depth - 1, seat) for _, after, won in options if not won)


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(2626)
    for i in range(40):
        seat = i % 2
        powers = "Persephone,-" if seat == 0 else "-,Persephone"
        text = nv.random_board(rng, dome_chance=0.1) + f" powers={powers}"
        board = Board.from_position(text)
        assert turns(board) == {t for t, _, _ in naive_turns(naive_pos(text), seat)}, text


def test_steps_agree_with_turns_against_multi_movers() -> None:
    """On random positions against Prometheus, Artemis and Apollo, walking legal steps
    reaches exactly the end states of the legal turns."""
    rng = random.Random(43)
    for rival in ("Prometheus", "Artemis", "Apollo"):
        for _ in range(3):
            text = nv.random_board(rng, dome_chance=0.1)
            fields = text.split()
            fields[1] = "1"
            steps_agree_with_turns(Board.from_position(" ".join(fields) + f" powers={rival},Persephone"))


#: Towers of every height; player 1 (restricted) moves first, Persephone second.
MIDGAME = "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4 powers=-,Persephone"
PERFT_MIDGAME = (5, 176)
#: Persephone first: the opponent's replies are restricted at depth 2.
REPLIES = "01230/12C10/0321A/21031/00120 2 b3,d4 b2,c3 powers=-,Persephone"
PERFT_REPLIES = (45, 230)


def test_perft_golden_values_agree_with_the_naive_generator() -> None:
    for text, golden in ((MIDGAME, PERFT_MIDGAME), (REPLIES, PERFT_REPLIES)):
        board = Board.from_position(text)
        counts = (perft(board, 1), perft(board, 2))
        assert counts == golden
        pos = naive_pos(text)
        assert (naive_perft(pos, 1, 1), naive_perft(pos, 2, 1)) == golden
        assert board.position() == text


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize(
    "powers", [["Persephone", None], [None, "Persephone"], ["Persephone", "Athena"], ["Apollo", "Persephone"]]
)
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games to the end: hashes stay consistent, positions round-trip, the
    game ends with a winner, undo restores the start."""
    check_random_playouts(powers, replay=False)
