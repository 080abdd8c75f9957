"""Scenario tests for every base rule (SANTORINI.md §1–2 and the General rulings).

Each test sets up a position, says what is legal and what is not, and what happens.
Boards are written in the project's position notation: ranks 5 down to 1, levels
``0``-``3``, ``A``-``D`` a dome on level 0-3; then the player to move and each player's
workers.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

from aegean.santorini import (
    Board,
    IllegalTurnError,
    Outcome,
    SantoriniError,
    StepKind,
    Termination,
    format_step,
    format_turn,
    rules,
)
from aegean.santorini.powers import NO_POWER
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import END, StepCode, force, move, step_dst, step_kind, step_src

FLAT = "00000/00000/00000/00000/00000 1 c3,a5 e1,e5"


def canonical(turn: str) -> str:
    """A placement names a set of squares: ``@d4@b2`` is ``@b2@d4``."""
    if turn.startswith("@"):
        return "@" + "@".join(sorted(turn[1:].split("@"), key=parse_square))
    return turn


def turns(board: Board) -> set[str]:
    return {canonical(format_turn(t)) for t in board.legal_turns()}


def destinations(board: Board, worker: str) -> set[str]:
    """Where the worker on ``worker`` may move this turn."""
    return {t[3:5] for t in turns(board) if t.startswith(worker + "-")}


def builds_after(board: Board, move_text: str) -> set[str]:
    """The build squares offered after the move ``move_text`` (e.g. ``"c3-d3"``)."""
    return {t[len(move_text) + 1 :] for t in turns(board) if t.startswith(move_text + "^")}


def snapshot(board: Board) -> tuple[object, ...]:
    return (board.position(), board.zobrist_hash(), list(board.history), board.ply, board.decided)


def assert_illegal(board: Board, turn: str, *words: str) -> IllegalTurnError:
    """``turn`` is refused with a message containing ``words``; the board is unchanged."""
    before = snapshot(board)
    with pytest.raises(IllegalTurnError) as info:
        board.play(turn)
    message = str(info.value)
    assert turn in message
    for word in words:
        assert word in message, message
    assert snapshot(board) == before
    assert board.rehash() == before[1]
    return info.value


# ---------------------------------------------------------------------- move
@pytest.mark.parametrize(
    ("position", "worker", "expected"),
    [
        (FLAT, "c3", {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}),
        (FLAT, "a5", {"a4", "b4", "b5"}),
        ("00000/00000/00000/00000/00000 1 c1,a5 e3,e5", "c1", {"b1", "d1", "b2", "c2", "d2"}),
    ],
)
def test_move_to_every_neighbour(position: str, worker: str, expected: set[str]) -> None:
    """SANTORINI.md §1 Neighboring, §2 Move: all 8 neighbours (fewer on edges and corners)."""
    board = Board.from_position(position)
    assert destinations(board, worker) == expected
    for square in expected:
        board.play(f"{worker}-{square}^{worker}")
        assert square in board.position().split()[2]
        board.pop()


def test_move_not_onto_workers_or_domes() -> None:
    """SANTORINI.md §1 Occupied space, §2 Move: not onto any worker (own or opponent's)
    nor any dome, whatever level the dome stands on."""
    position = "00000/00A00/00000/0B0D0/00000 1 c3,b4 d4,e1"
    board = Board.from_position(position)
    assert destinations(board, "c3") == {"b3", "d3", "c2"}
    assert_illegal(board, "c3-b4^c3", "b4 is occupied by a worker")
    assert_illegal(board, "c3-d4^c3", "d4 is occupied by a worker")
    assert_illegal(board, "c3-c4^c3", "c4 has a dome")  # dome on level 0
    assert_illegal(board, "c3-b2^c3", "b2 has a dome")  # dome on level 1
    assert_illegal(board, "c3-d2^c3", "d2 has a dome")  # Complete Tower
    board.play("c3-d3^c3")


def test_move_up_at_most_one_level() -> None:
    """SANTORINI.md §2 Move: up at most one level (stay level is fine)."""
    board = Board.from_position("00000/01230/01000/02310/00000 1 c3,a5 e1,e5")
    assert destinations(board, "c3") == {"b4", "b3", "d3", "d2"}
    error = assert_illegal(board, "c3-c4^c3", "c4 is 2 levels up from c3", "at most 1")
    assert set(error.legal) == {t for t in turns(board) if t.startswith("c3-")}
    assert_illegal(board, "c3-d4^c3", "3 levels up")
    assert_illegal(board, "c3-c2^c3", "3 levels up")
    assert_illegal(board, "c3-b2^c3", "2 levels up")
    # From level 1, level 2 is within reach, level 3 is not.
    board = Board.from_position("00000/01230/01100/02310/00000 1 c3,a5 e1,e5")
    assert destinations(board, "c3") == {"b4", "c4", "b3", "d3", "b2", "d2"}


def test_move_down_any_number_of_levels() -> None:
    """SANTORINI.md §2 Move: down any number of levels, from level 3 to the ground too."""
    board = Board.from_position("00000/01230/01300/02310/00000 1 c3,a5 e1,e5")
    assert destinations(board, "c3") == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    board.play("c3-d3^c3")  # 3 -> 0
    assert board.position() == "00000/01230/01D00/02310/00000 2 d3,a5 e1,e5"
    assert board.outcome() is None


# ---------------------------------------------------------------------- build
BUILD = "00000/00012/00003/000A0/00000 1 c3,c2 e2,a5"


@pytest.mark.parametrize(
    ("turn", "after"),
    [
        ("c3-d3^c4", "00000/00112/00003/000A0/00000 2 d3,c2 e2,a5"),  # ground -> level 1
        ("c3-d3^d4", "00000/00022/00003/000A0/00000 2 d3,c2 e2,a5"),  # 1 -> 2
        ("c3-d3^e4", "00000/00013/00003/000A0/00000 2 d3,c2 e2,a5"),  # 2 -> 3
        ("c3-d3^e3", "00000/00012/0000D/000A0/00000 2 d3,c2 e2,a5"),  # 3 -> dome
        ("c3-d3^c3", "00000/00012/00103/000A0/00000 2 d3,c2 e2,a5"),  # the vacated square
        ("c3-d3^e3D", "00000/00012/0000D/000A0/00000 2 d3,c2 e2,a5"),  # a dome named as such
    ],
)
def test_build_the_fitting_piece(turn: str, after: str) -> None:
    """SANTORINI.md §1: the piece fits the level (ground→1, 1→2, 2→3, 3→dome); §2 Build:
    on an unoccupied neighbour of the moved worker, the square it just left included."""
    board = Board.from_position(BUILD)
    board.play(turn)
    assert board.position() == after
    assert board.zobrist_hash() == board.rehash()


def test_build_targets_and_refusals() -> None:
    """SANTORINI.md §2 Build: not on a worker or a dome, only next to the worker that
    moved (not the other one), and no dome below level 3 without a power (§1)."""
    board = Board.from_position(BUILD)
    assert builds_after(board, "c3-d3") == {"c4", "d4", "e4", "c3", "e3"}
    assert_illegal(board, "c3-d3^d2", "d2 has a dome", "nothing can be built")
    assert_illegal(board, "c3-d3^e2", "e2 is occupied by a worker")  # opponent
    assert_illegal(board, "c3-d3^c2", "c2 is occupied by a worker")  # own other worker
    assert_illegal(board, "c3-d3^b2", "b2 does not neighbor the builder on d3")
    assert_illegal(board, "c3-d3,c2^b2", "the worker on d3 must build, not one on c2")
    assert_illegal(board, "c3-d3^e4D", "a dome cannot be built on level 2")
    assert_illegal(board, "c3-d3^c4D", "a dome cannot be built on level 0")
    assert_illegal(board, "c3-d3", "the turn is not finished", "^c4")  # the build is required


# ---------------------------------------------------------------------- winning
WIN = "00000/00000/00300/02000/00000 1 b2,a1 d4,e5"


def test_moving_up_onto_level_3_wins_at_once() -> None:
    """SANTORINI.md §2 Winning 1; RULINGS #7: the win ends the game at the move, with no
    build: ``b2-c3`` is legal, ``b2-c3^…`` is not."""
    board = Board.from_position(WIN)
    legal = turns(board)
    assert "b2-c3" in legal
    assert not any(t.startswith("b2-c3^") for t in legal)
    assert_illegal(board, "b2-c3^d3", "b2-c3 wins the game, so nothing may follow it")
    assert_illegal(board, "b2-c3^b2", "wins the game")
    board.play("b2-c3")
    assert board.outcome() == Outcome(frozenset({0}), Termination.CLIMB)
    assert board.decided == board.outcome()
    outcome = board.outcome()
    assert outcome is not None and outcome.result() == "1-0"
    assert board.position() == "00000/00000/00300/02000/00000 2 c3,a1 d4,e5 outcome=1:climb"
    assert [format_turn(t) for t in board.history] == ["b2-c3"]
    # The game is over: nothing is legal any more, for either player.
    assert board.legal_turns() == []
    assert board.legal_steps() == []
    assert board.is_game_over()
    assert_illegal(board, "d4-d3^d2", "the game is over")
    board.pop()
    assert board.position() == WIN
    assert board.outcome() is None


def test_the_second_player_wins_the_same_way() -> None:
    """SANTORINI.md §2 Winning 1 holds for either player (result ``0-1``)."""
    board = Board.from_position("00000/00000/00300/02000/00000 2 d4,e5 b2,a1")
    board.play("b2-c3")
    outcome = board.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.result() == "0-1"


def test_level_3_to_level_3_is_not_a_win() -> None:
    """RULINGS #2: moving from one level-3 space to another is not *up*, so no win, and
    the worker must build as usual."""
    board = Board.from_position("00000/03300/03300/00000/00000 1 b3,e1 a5,e5")
    legal = turns(board)
    assert "b3-c3" not in legal
    assert builds_after(board, "b3-c3") == {"b2", "c2", "d2", "d3", "b3", "b4", "c4", "d4"}
    assert_illegal(board, "b3-c3", "the turn is not finished")
    board.play("b3-c3^d3")
    assert board.outcome() is None
    assert board.position() == "00000/03300/03310/00000/00000 2 c3,e1 a5,e5"


def test_standing_on_level_3_is_not_a_win() -> None:
    """RULINGS #1: a worker that is on level 3 without moving up there (placed by the
    position, as a forced worker would be) has not won; only a move *up* wins."""
    board = Board.from_position("00000/00000/00300/00000/00000 2 c3,a1 d4,e5")
    assert board.outcome() is None
    assert board.decided is None
    board.play("d4-d3^d2")
    assert board.outcome() is None
    # Player 1 moves off level 3 (down): still no win.
    board.play("c3-b3^b2")
    assert board.outcome() is None


def test_only_a_move_up_wins_per_the_rule_hook() -> None:
    """RULINGS #1-2 at the hook that decides wins: a force onto level 3 and a level-3 to
    level-3 move return no win; a move from level 2 onto level 3 does."""
    board = Board.from_position("00000/00300/02330/00000/00000 1 b3,a1 d4,e5")
    sq = parse_square
    # Evaluated after the step, as the engine does: put the worker on its target first.
    board.move_worker(sq("b3"), sq("c3"))
    assert NO_POWER.wins_with(board, 0, force(sq("b3"), sq("c3"))) is None
    assert NO_POWER.wins_with(board, 0, move(sq("b3"), sq("c3"))) is Termination.CLIMB
    board.move_worker(sq("c3"), sq("d3"))
    assert NO_POWER.wins_with(board, 0, move(sq("c3"), sq("d3"))) is None  # 3 -> 3


# ---------------------------------------------------------------------- losing
def test_no_legal_turn_loses() -> None:
    """SANTORINI.md §2 Winning and losing 2: a player who cannot move (and build) loses."""
    board = Board.from_position("00020/00022/00000/AB000/0C000 1 a1,e5 c3,d1")
    assert board.legal_turns() == []
    outcome = board.outcome()
    assert outcome == Outcome(frozenset({1}), Termination.NO_LEGAL_TURN)
    assert outcome is not None and outcome.result() == "0-1"
    assert board.is_game_over()
    assert board.decided is None  # found by looking for a turn, not reached by a step
    assert_illegal(board, "a1-b1^c1", "player 1 has no legal turn")


def test_walled_in_by_workers_loses() -> None:
    """SANTORINI.md §2: opponent workers block moves like domes do; the player to move
    loses, while the same board with the other player to move goes on."""
    stuck = Board.from_position("000A0/000BC/00000/0D000/00000 1 a1,e5 a2,b1")
    assert stuck.outcome() == Outcome(frozenset({1}), Termination.NO_LEGAL_TURN)
    free = Board.from_position("000A0/000BC/00000/0D000/00000 2 a1,e5 a2,b1")
    assert free.outcome() is None
    assert free.legal_turns()


def test_a_player_who_can_move_can_always_build() -> None:
    """SANTORINI.md §2: moving frees the square left behind, so any move can be followed
    by a build; here the only turn builds on the vacated square, and the player goes on."""
    board = Board.from_position("000A0/000BC/00000/AAB00/00C00 1 a1,e5 c3,c4")
    assert turns(board) == {"a1-b1^a1"}
    assert board.outcome() is None
    board.play("a1-b1^a1")
    assert board.position() == "000A0/000BC/00000/AAB00/10C00 2 b1,e5 c3,c4"


def test_one_trapped_worker_does_not_lose() -> None:
    """SANTORINI.md §2: a player loses only if *no* worker can move; a trapped worker
    just has no turns of its own."""
    board = Board.from_position("00000/00000/00000/A3000/00300 1 a1,d4 b1,c3")
    legal = turns(board)
    assert legal and all(t.startswith("d4-") for t in legal)
    error = assert_illegal(board, "a1-b2^a1", "b2 is 3 levels up")
    assert set(error.legal) == legal  # the trapped worker has none: all turns are listed
    assert board.outcome() is None


# ---------------------------------------------------------------------- setup
def test_placement_order_and_first_move() -> None:
    """SANTORINI.md §2 Setup: the start player places both workers, then the other
    player; then the start player takes the first turn."""
    board = Board()
    assert board.placing and board.to_move == 0
    assert all(len(t) == 2 for t in board.legal_turns())
    board.play("@b2@d4")
    assert board.position() == "00000/00000/00000/00000/00000 2 b2,d4 -"
    assert board.placing and board.to_move == 1
    assert len(board.legal_turns()) == 23 * 22 // 2
    board.play("@b4@d2")
    assert board.position() == "00000/00000/00000/00000/00000 1 b2,d4 b4,d2"
    assert not board.placing and board.to_move == 0
    legal = turns(board)
    assert len(legal) == 80 and all(t[:2] in ("b2", "d4") for t in legal)
    assert_illegal(board, "@a1@e5", "a place is not possible now", "expected: move")


def test_placement_needs_unoccupied_squares() -> None:
    """SANTORINI.md §1 Occupied space, §2 Setup: never on a worker or a dome; exactly two."""
    board = Board.from_position("A0000/00000/00000/00000/00000 2 b2,d4 -")
    legal = turns(board)
    assert len(legal) == 22 * 21 // 2
    assert not any(sq in t for t in legal for sq in ("a5", "b2", "d4"))
    assert_illegal(board, "@b2@c3", "b2 is occupied")
    assert_illegal(board, "@c3@a5", "a5 is occupied")
    assert_illegal(board, "@c3@c3", "c3 is occupied")
    assert_illegal(board, "@c3", "the turn is not finished")
    assert_illegal(board, "@c3@c4@c5", "the turn is over before step 3")
    assert_illegal(board, "b2-c3^c4", "a move is not possible now", "expected: place")
    board.play("@c4@c3")  # either order names the same placement
    assert board.position() == "A0000/00000/00000/00000/00000 1 b2,d4 c4,c3"


def test_placement_steps_one_at_a_time() -> None:
    """Setup at step level: each ``@`` is one step; the turn ends after the second."""
    board = Board()
    steps = board.legal_steps()
    assert len(steps) == 25 and all(step_kind(s) is StepKind.PLACE for s in steps)
    board.push(steps[0])
    assert board.to_move == 0 and len(board.legal_steps()) == 24
    assert board.position() == "00000/00000/00000/00000/00000 1 a1 -"
    board.push(board.legal_steps()[0])
    assert board.to_move == 1 and board.ply == 1
    assert board.position() == "00000/00000/00000/00000/00000 2 a1,b1 -"


def test_push_with_the_listing_given_still_checks_the_step() -> None:
    """``push(step, legal=...)`` spares listing the steps again (a server that listed them
    already), and still refuses a step that is not among them."""
    board = Board.from_position(FLAT)
    legal = board.legal_steps()
    step = legal[0]
    board.push(step, legal=legal)
    assert board.turn == [step]
    before = board.position()
    with pytest.raises(IllegalTurnError):
        board.push(board.legal_steps()[0], legal=[])
    assert board.position() == before and board.turn == [step]


def _completes_alone(board: Board, step: StepCode, seen: set[Hashable]) -> bool:
    """The turn can be finished after ``step``: one search per step, sharing nothing (the
    reference the shared search of ``legal_steps`` is checked against)."""
    mark, ply = board.checkpoint(), board.ply
    try:
        rules.apply_step(board, step)
        if board.decided is not None or board.ply != ply:
            return True
        key = (board.board_hash, board.powers[board.to_move].turn_key(board))
        if key in seen:
            return False
        seen.add(key)
        return any(_completes_alone(board, s, seen) for s in rules.candidate_steps(board))
    finally:
        board.rollback(mark)


@pytest.mark.parametrize(
    "powers",
    [
        ("Atalanta", "Persephone"),
        ("Persephone", "Hermes"),
        ("Triton", "Persephone"),
        ("Terpsichore", "Persephone"),
        ("Artemis", "Athena"),
        ("Hermes", "Aphrodite"),
        ("Prometheus", "Persephone"),
    ],
)
def test_the_shared_turn_search_matches_one_search_per_step(powers: tuple[str, str]) -> None:
    """``legal_steps`` searches the rest of the turn once for all candidate steps, sharing
    what each search learns; ``apply_step`` ends a turn when only ``END`` follows, without
    asking restrictions when the mover's power does not offer ``END``. Both must agree with
    the plain definitions at every position of seeded random games where restrictions bite
    (Persephone's "must move up" on wandering movers, RULINGS #43)."""
    for seed in range(3):
        rng = random.Random(f"{powers}/{seed}")
        board = Board(2, list(powers))
        for _ in range(120):
            if board.outcome() is not None:
                break
            candidates = rules.candidate_steps(board)
            expected = [s for s in candidates if _completes_alone(board, s, set())]
            assert board.legal_steps() == expected, board.position()
            only_end = rules.candidate_steps(board, ending_only=True) == [END]
            assert only_end == (candidates == [END]), board.position()
            if not expected:
                break
            board.push(rng.choice(expected))


# ---------------------------------------------------------------------- resignation
def test_resign() -> None:
    """A resignation ends the game: the other player wins; it can be taken back."""
    board = Board.from_position(FLAT)
    before = snapshot(board)
    board.resign(0)
    assert board.outcome() == Outcome(frozenset({1}), Termination.RESIGNATION)
    assert board.legal_turns() == [] and board.legal_steps() == []
    assert board.position().endswith("outcome=2:resignation")
    board.pop()
    assert snapshot(board) == before
    board.resign(1)
    outcome = board.outcome()
    assert outcome is not None and outcome.result() == "1-0"


# ---------------------------------------------------------------------- illegal input
def test_illegal_turn_lists_that_workers_turns_and_changes_nothing() -> None:
    """An illegal turn names its problem; ``.legal`` holds the legal turns of the worker it
    starts with (all turns when that is not the player's worker)."""
    board = Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2")
    error = assert_illegal(board, "b2-b4^b3", "b4 does not neighbor b2")
    assert set(error.legal) == {t for t in turns(board) if t.startswith("b2-")}
    assert len(error.legal) == 40
    error = assert_illegal(board, "b4-b5^b4", "no worker of player 1 on b4")
    assert set(error.legal) == turns(board)
    error = assert_illegal(board, "c3-c4^c5", "no worker of player 1 on c3")
    with pytest.raises(SantoriniError):
        board.play("")  # not even a turn


def test_empty_turn_is_refused() -> None:
    board = Board.from_position(FLAT)
    with pytest.raises(IllegalTurnError, match="empty turn") as info:
        board.play(())
    assert set(info.value.legal) == turns(board)


def test_is_legal_does_not_change_the_board() -> None:
    board = Board.from_position(WIN)
    before = snapshot(board)
    assert board.is_legal(board.parse_turn("b2-c3"))
    assert not board.is_legal(board.parse_turn("b2-c3^d3"))
    assert snapshot(board) == before


# ---------------------------------------------------------------------- step level
def _turns_by_steps(board: Board) -> set[str]:
    """Walk every path of ``legal_steps``/``push`` to the end of the turn."""
    found: set[str] = set()
    start_ply = board.ply

    def walk() -> None:
        for step in board.legal_steps():
            board.push(step)
            if board.ply != start_ply:
                found.add(canonical(format_turn(board.history[-1])))
            else:
                walk()
            board.pop()

    walk()
    return found


@pytest.mark.parametrize(
    "position",
    [
        FLAT,
        BUILD,
        WIN,
        "00000/03300/03300/00000/00000 1 b3,e1 a5,e5",
        "000A0/000BC/00000/AAB00/00C00 1 a1,e5 c3,c4",
        "A0000/AA000/00000/00000/00000 1 - -",
    ],
)
def test_steps_agree_with_turns(position: str) -> None:
    """Playing step by step reaches exactly the legal full turns, and undoes cleanly."""
    board = Board.from_position(position)
    before = snapshot(board)
    assert _turns_by_steps(board) == turns(board)
    assert snapshot(board) == before


def test_step_by_step_turn() -> None:
    """A move, then the builds of the worker that moved; an illegal step is refused with
    the legal ones listed; the winning move ends the turn by itself."""
    board = Board.from_position(WIN)
    moves = board.legal_steps()
    assert {step_kind(s) for s in moves} == {StepKind.MOVE}
    assert {format_step(s) for s in moves} == {t[:5] for t in turns(board)}
    first = next(s for s in moves if format_step(s) == "a1-a2")
    board.push(first)
    assert board.position() == "00000/00000/00300/02000/00000 1 b2,a2 d4,e5 turn=a1-a2"
    builds = board.legal_steps()
    assert {step_kind(s) for s in builds} == {StepKind.BUILD}
    assert {step_src(s) for s in builds} == {parse_square("a2")}
    assert {format_step(s, board) for s in builds} == {"^a1", "^a3", "^b1", "^b3"}
    with pytest.raises(IllegalTurnError, match="illegal step") as info:
        board.push(board.parse_turn("b2-c2")[0])
    assert set(info.value.legal) == {"^a1", "^a3", "^b1", "^b3"}
    board.push(next(s for s in builds if step_dst(s) == parse_square("a3")))
    assert board.position() == "00000/00000/10300/02000/00000 2 b2,a2 d4,e5"
    assert [format_turn(t) for t in board.history] == ["a1-a2^a3"]
    board.pop()
    board.pop()
    assert board.position() == WIN
    board.push(board.parse_turn("b2-c3")[0])
    assert board.outcome() == Outcome(frozenset({0}), Termination.CLIMB)
    assert board.legal_steps() == []
