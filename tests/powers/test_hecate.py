"""39. Hecate (SANTORINI.md §4/39; RULINGS #6, #56): she places her workers last, on a
secret map; she moves on that map and builds on the real board; an opponent action made
illegal by a hidden worker is cancelled, and the opponent loses the rest of the turn (the
step is recorded with ``!``); where the opponent's own power makes the action legal on the
true board (Apollo's swap, Minotaur's push), it is applied on their behalf.

The opponent's turns are what they can write from their view (their *view-turns*: the
board without her workers); the cross-checks below generate them naively from that view
and replay them on the true board.
"""

from __future__ import annotations

import random
import re

import pytest

import naive as nv
from aegean.santorini import Board, format_turn
from aegean.santorini.record import GameRecord
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import parse_square
from aegean.santorini.steps import CANCELLED, StepKind, step_kind
from powers.invariants import check_random_playouts, check_round_trip
from powers.oracle import Key, by_children, check_perft, naive_pos
from powers.scenario import Scenario

# Hecate (player 1) hides workers on c3 and e5; player 2 (b4, d2) to move.
HIDDEN = "00000/00000/00000/00000/00000 2 c3,e5 b4,d2 powers=Hecate,-"
HECATE = 0


def hecate_field(board: Board) -> str:
    """Hecate's worker field of the true position."""
    return board.position().split()[2 + HECATE]


def view_board(board: Board, player: int) -> Board:
    """What ``player`` can see to move on: a copy of the true board with every hidden
    Hecate worker taken off (the test's own construction, not the engine's ``view``)."""
    blind = board.copy()
    for seat, card in enumerate(blind.powers):
        if card.name == "Hecate" and seat != player:
            for square in list(blind.workers[seat]):
                blind.remove_worker(square)
    return blind


def view_turns(board: Board) -> list[str]:
    """The turns the player to move can write: legal on their view of the board."""
    return [format_turn(t) for t in view_board(board, board.to_move).legal_turns()]


# ---------------------------------------------------------------------- setup
def test_hecate_places_her_workers_last() -> None:
    """Card *Setup* and ruling 6: she places last, so only the seat after hers may start
    (2 and 3 players; Hecate is allowed in 3-player games, POWERS.csv)."""
    from aegean.santorini.powers import make_power

    hecate, plain, apollo = make_power("Hecate"), make_power("-"), make_power("Apollo")
    assert allowed_start_players([hecate, plain]) == [1]
    assert allowed_start_players([plain, hecate]) == [0]
    assert allowed_start_players([apollo, hecate, plain]) == [2]
    Scenario(Board(2, ["Hecate", None], start_player=1), play=["@b4@d2", "@c3@e5"], after=HIDDEN).check()


def test_her_placement_is_secret() -> None:
    """'Only on a secret map': the opponent sees that she placed two workers, not where;
    she may place on a square that looks free to nobody else."""
    board = Scenario(Board(2, ["Hecate", None], start_player=1), play=["@b4@d2", "@c3@e5"]).check()
    seen = board.view(1)
    assert seen.hidden and seen.turns == ("@b4@d2", "@?@?")
    assert seen.position == "00000/00000/00000/00000/00000 2 ?2 b4,d2 powers=Hecate,-"
    assert board.view(0).position == HIDDEN and not board.view(0).hidden


# ---------------------------------------------------------------------- her turn
def test_her_moves_are_invisible_and_her_builds_are_public() -> None:
    """*Your Turn*: she moves on her secret map and builds on the real board; the opponent
    sees the build, not the worker that made it."""
    board = Scenario(HIDDEN.replace(" 2 ", " 1 "), play="c3-c2^b1").check()
    seen = board.view(1)
    assert seen.turns == ("?^b1",)
    assert seen.position == "00000/00000/00000/00000/01000 2 ?2 b4,d2 powers=Hecate,-"
    assert board.view(0).turns == ("c3-c2^b1",)


def test_her_turn_in_progress_shows_nothing_of_her_move() -> None:
    """Mid-turn, the opponent's view of her turn so far hides the move."""
    board = Scenario(HIDDEN.replace(" 2 ", " 1 "), mid="c3-c2").check()
    assert "c2" not in board.view(1).position and "c3" not in board.view(1).position
    assert board.view(1).position.endswith("turn=.")
    board = Scenario(board, mid="^b1").check()
    assert board.view(1).turns == ("?^b1",)


def test_her_own_steps_use_the_true_board() -> None:
    """She moves 'as if it were on the board': her workers block each other and the
    opponent's workers block her, as usual."""
    Scenario(
        HIDDEN.replace(" 2 ", " 1 "),
        never_begins=["c3-d2", "c3-b4"],
        unlisted=["c3-d4^e5"],  # her other worker stands on e5
        listed=["c3-d3^c3"],
    ).check()


# ---------------------------------------------------------------------- opponents
def test_opponent_is_offered_steps_as_if_her_workers_were_absent() -> None:
    """Her workers are 'not on the shared board': the opponent may try to move onto c3."""
    board = Scenario(HIDDEN, offered=["d2-c3"]).check()
    assert sorted(board.legal_steps()) == sorted(view_board(board, 1).legal_steps())


def test_move_onto_a_hidden_worker_is_cancelled_with_the_rest_of_the_turn() -> None:
    """*Any Time* and ruling 56: the move is cancelled and the opponent loses the rest of
    the turn; the record keeps the attempt, marked ``!`` (public: both see it)."""
    board = Scenario(HIDDEN, play="d2-c3^c4", after=HIDDEN.replace(" 2 ", " 1 ")).check()
    assert format_turn(board.history[-1]) == "d2-c3!"
    assert board.history[-1][-1] & CANCELLED
    assert board.view(1).turns == board.view(0).turns == ("d2-c3!",)


def test_a_whirlpool_jump_onto_a_hidden_worker_is_offered_and_cancelled() -> None:
    """Ruling 56 with Charybdis's own power: her worker moves onto a whirlpool whose twin
    holds a hidden worker. She sees the twin empty, so the jump is hers to take (and
    writing the turn without it is refused: it is compulsory as far as she can tell); on
    the true board it is impossible, so it is cancelled with the rest of her turn, and
    her worker stays on the first whirlpool."""
    board = Board.from_position(
        "22211/DD132/13D01/1D123/0DDD2 1 c4,e1 a3,e3 powers=Charybdis,Hecate"
        " charybdis=a3,d3 charybdis.levels=1,0"
    )
    assert "c4-d3-a3^b3" in view_turns(board)
    board = Scenario(board, illegal=["c4-d3^c2"], play="c4-d3-a3^b3").check()
    assert format_turn(board.history[-1]) == "c4-d3-a3!"
    assert sorted(board.workers[0]) == sorted([parse_square("d3"), parse_square("e1")])
    assert board.to_move == 1


def test_build_onto_a_hidden_worker_is_cancelled() -> None:
    """Ruling 56: the move stands, the build is cancelled."""
    board = Scenario(
        HIDDEN, play="d2-d3^c3", after="00000/00000/00000/00000/00000 1 c3,e5 b4,d3 powers=Hecate,-"
    ).check()
    assert format_turn(board.history[-1]) == "d2-d3^c3!"


def test_a_win_attempted_by_a_cancelled_step_does_not_happen() -> None:
    """Ruling 56: 'a win attempted in such a turn is void': climbing onto her level-3
    square is cancelled, the game goes on and it is her turn."""
    text = "00000/00000/0030A/00200/00000 2 c3,e5 b3,c2 powers=Hecate,-"
    board = Scenario(text, play="c2-c3", ongoing=True, after=text.replace(" 2 ", " 1 ")).check()
    assert board.to_move == HECATE and format_turn(board.history[-1]) == "c2-c3!"


def test_apollo_swaps_with_her_hidden_worker() -> None:
    """Printed card: 'apply the opponent's power on their behalf to keep their turn
    legal': Apollo's move onto her worker is legal on the true board, so he swaps (ruling
    15). The build that follows onto her worker's new square is cancelled."""
    text = HIDDEN.replace("Hecate,-", "Hecate,Apollo")
    board = Board.from_position(text)
    board.play("d2-c3^c4")
    assert board.position() == "00000/00100/00000/00000/00000 1 e5,d2 b4,c3 powers=Hecate,Apollo"
    assert board.view(1).position == "00000/00100/00000/00000/00000 1 ?2 b4,c3 powers=Hecate,Apollo"
    board.pop()
    board.play("d2-c3^d2")
    assert format_turn(board.history[-1]) == "d2-c3^d2!"
    assert board.position() == "00000/00000/00000/00000/00000 1 e5,d2 b4,c3 powers=Hecate,Apollo"


def test_apollo_wins_by_swapping_onto_her_level_three_worker() -> None:
    """Apollo's swap is his move: onto level 3 it wins (the true board allows it)."""
    board = Scenario(
        "00000/00000/00300/00200/00000 2 c3,e5 b3,c2 powers=Hecate,Apollo", play="c2-c3", winner=1
    ).check()
    assert board.position().split()[2] == "e5,c2"


@pytest.mark.parametrize(
    ("text", "pushed"),
    [
        ("00000/00000/00000/00000/00000 2 c3,e5 b3,d2 powers=Hecate,Minotaur", True),
        ("00000/00000/000A0/00000/00000 2 c3,e5 b3,d2 powers=Hecate,Minotaur", False),  # a dome
        ("00000/00000/00000/00000/00000 2 c3,d3 b3,d2 powers=Hecate,Minotaur", False),  # her worker
        ("00000/00000/00000/00000/00000 2 c3,e5 b3,d3 powers=Hecate,Minotaur", False),  # his worker
    ],
)
def test_minotaur_pushes_her_hidden_worker_when_the_true_board_allows(text: str, pushed: bool) -> None:
    """Ruling 24 on the true board: the push into d3 happens when d3 is free there;
    otherwise the move is illegal because of her worker, so it is cancelled (ruling 56)."""
    board = Board.from_position(text)
    board.play("b3-c3^b3")
    if pushed:
        assert format_turn(board.history[-1]) == "b3-c3^b3"
        assert board.position().split()[2:4] == ["d3,e5", "c3,d2"]
    else:
        assert format_turn(board.history[-1]) == "b3-c3!"
        assert board.position() == text.replace(" 2 ", " 1 ")


def test_a_false_cancellation_mark_is_refused() -> None:
    """A ``!`` is what happened, not a choice: claiming it where nothing hides is illegal."""
    Scenario(HIDDEN, illegal={"b4-b3!": "marked cancelled"}).check()


# ---------------------------------------------------------------------- state
def test_undo_hash_and_position_round_trip_through_a_cancellation() -> None:
    """Mid-turn (``turn=``) and after the cancelled turn, the position round-trips with
    its hash; undo restores the start exactly."""
    check_round_trip(
        HIDDEN,
        "d2-d3^c3",
        mid=["00000/00000/00000/00000/00000 2 c3,e5 b4,d3 powers=Hecate,- turn=d2-d3"],
        after="00000/00000/00000/00000/00000 1 c3,e5 b4,d3 powers=Hecate,-",
    )


def test_records_keep_and_replay_cancellations() -> None:
    """A record carries the ``!`` steps and replays to the same position."""
    board = Scenario(HIDDEN, play=["d2-d3^c3", "c3-c2^c3", "d3-c3^c2"]).check()
    record = GameRecord.from_board(board, HIDDEN)
    assert record.turns == ["d2-d3^c3!", "c3-c2^c3", "d3-c3^c2!"]
    copy = GameRecord.from_json(record.to_json())
    assert copy.replay().position() == board.position()


# ---------------------------------------------------------------------- naive cross-check
_TURN = re.compile(r"([a-e][1-5])-([a-e][1-5])(?:\^([a-e][1-5]))?")


def naive_opponent_turns(pos: nv.Pos) -> list[tuple[str, str, nv.Pos, bool]]:
    """The opponent's view-turns (the base game on the board without Hecate's workers),
    each carried out on the true board: the first step onto a hidden worker is cancelled
    (``!``) and ends the turn (card *Any Time*, ruling 56).
    ``(written, recorded, after, won)``."""
    me, hidden = pos.to_move, set(pos.workers[HECATE])
    view = pos.copy()
    view.workers[HECATE] = []
    out: list[tuple[str, str, nv.Pos, bool]] = []
    for text, _, won in nv.successors(view):
        match = _TURN.fullmatch(text)
        assert match is not None
        src, dst = nv.coord(match[1]), nv.coord(match[2])
        after = pos.copy()
        after.to_move = 1 - me
        if dst in hidden:
            out.append((text, f"{match[1]}-{match[2]}!", after, False))
            continue
        after.workers[me][after.workers[me].index(src)] = dst
        if won:
            out.append((text, text, after, True))
            continue
        target = nv.coord(match[3])
        if target in hidden:
            out.append((text, text + "!", after, False))
            continue
        if after.levels[target] == 3:
            after.domes.add(target)
        else:
            after.levels[target] += 1
        out.append((text, text, after, False))
    return out


def naive_children(pos: nv.Pos) -> dict[Key, nv.Pos]:
    """Distinct ends of the turn of the player to move: Hecate's turns are the base
    game's on the true board; the opponent's are :func:`naive_opponent_turns`."""
    won = f"{pos.to_move + 1}:climb"
    if pos.to_move == HECATE:
        return {(after.key(), won if w else ""): after for _, after, w in nv.successors(pos)}
    return {(after.key(), won if w else ""): after for _, _, after, w in naive_opponent_turns(pos)}


CROSS_CHECKED = [
    # (position, perft 1, perft 2)
    (HIDDEN, 79, 4978),
    (HIDDEN.replace(" 2 ", " 1 "), 60, 5079),
    ("01200/10320/0231A/00210/10000 2 c3,e1 b3,d2 powers=Hecate,-", 68, 3461),
    ("01200/10320/0231A/00210/10000 1 c3,e1 b3,d2 powers=Hecate,-", 47, 2882),
]


def test_opponent_view_turns_replay_on_the_true_board_as_the_naive_model_says() -> None:
    """The opponent's view-turns are the naive ones; ``play`` accepts each on the true
    board, and it ends (recorded text, position) where the naive model says."""
    for text in (HIDDEN, CROSS_CHECKED[2][0]):
        board = Board.from_position(text)
        pos = nv.parse(" ".join(text.split()[:4]))
        expected = {written: (recorded, after) for written, recorded, after, _ in naive_opponent_turns(pos)}
        assert set(view_turns(board)) == set(expected)
        assert any("!" in recorded for recorded, _ in expected.values())
        for written, (recorded, after) in expected.items():
            board.play(written)
            assert format_turn(board.history[-1]) == recorded, written
            assert naive_pos(board.position()).key() == after.key()
            board.pop()
        assert board.position() == text


@pytest.mark.parametrize(("text", "depth1", "depth2"), CROSS_CHECKED)
def test_perft_matches_the_naive_view_model(text: str, depth1: int, depth2: int) -> None:
    """Depth 1 and 2 (distinct ends, as the engine merges them) agree with the naive
    model of both sides' turns, and with the golden values."""
    check_perft(by_children(lambda pos, seat: naive_children(pos), HECATE), {text: (depth1, depth2)})


# ---------------------------------------------------------------------- playouts
@pytest.mark.parametrize("rival", [None, "Apollo", "Minotaur"])
def test_random_playouts_keep_the_invariants(rival: str | None) -> None:
    """Support harness (random turns from ``legal_turns``, replayed from their notation,
    ``!`` included): hashes, position round trips, undo, a winner. She sits second, so
    she places last."""
    check_random_playouts([rival, "Hecate"], seeds=range(2), replay=True)


def blind_game(powers: list[str | None], seed: int) -> tuple[int, int]:
    """A seeded game in which everyone but Hecate picks among their view-turns (what a
    player who cannot see her workers can write) and ``play`` carries them out on the
    true board. Checks after every turn: a cancelled turn is the written one cut after a
    ``!`` step; hashes and position round trips; no other live player's view shows her
    squares. Returns (turns played, cancellations); the game ends with a winner and undo
    restores the start."""
    from aegean.santorini.powers import make_power

    rng = random.Random(f"{powers}/{seed}")
    hecate = powers.index("Hecate")
    (start,) = allowed_start_players([make_power(p or "-") for p in powers])
    board = Board(len(powers), powers, start_player=start)
    first = (board.position(), board.zobrist_hash())
    played = cancels = 0
    while board.outcome() is None:
        assert played < 300
        mover = board.to_move
        options = [format_turn(t) for t in board.legal_turns()] if mover == hecate else view_turns(board)
        written = rng.choice(options)
        board.play(written)
        played += 1
        recorded = format_turn(board.history[-1])
        if "!" in recorded:
            cancels += 1
            assert mover != hecate and recorded.endswith("!") and recorded.count("!") == 1
            assert step_kind(board.history[-1][-1] & ~CANCELLED) in (StepKind.MOVE, StepKind.BUILD)
        else:
            assert recorded == written
        z = board.zobrist_hash()
        assert board.rehash() == z
        assert Board.from_position(board.position()).zobrist_hash() == z
        if board.outcome() is None and hecate not in board.eliminated():
            for other in range(board.n_players):
                if other != hecate and other not in board.eliminated():
                    seen = board.view(other)
                    assert seen.position.split()[2 + hecate] == f"?{len(board.workers[hecate])}"
                    assert seen.position.split()[3 + hecate :] == board.position().split()[3 + hecate :]
    outcome = board.outcome()
    assert outcome is not None and outcome.winners
    for _ in range(played):
        board.pop()
    assert (board.position(), board.zobrist_hash()) == first
    return played, cancels


@pytest.mark.parametrize("rival", [None, "Apollo", "Minotaur"])
def test_blind_playouts_against_her(rival: str | None) -> None:
    """Opponents who do not see her workers run into them now and then (ruling 56)."""
    played, cancelled = blind_game([rival, "Hecate"], 0)
    assert played > 2 and cancelled > 0


# ---------------------------------------------------------------------- three players
THREE = "00000/00000/00000/00000/00000 1 b2,d4 c3,e5 a5,e1 powers=Athena,Hecate,Pan"


def test_three_players_each_opponent_is_blind_to_her() -> None:
    """Three players (POWERS.csv allows Hecate): both opponents see '?2' and each other's
    workers; either one's move onto her worker is cancelled and play passes clockwise."""
    board = Board.from_position(THREE)
    assert board.view(0).position.split()[2:5] == ["b2,d4", "?2", "a5,e1"]
    assert board.view(2).position.split()[2:5] == ["b2,d4", "?2", "a5,e1"]
    assert board.view(1).position == THREE
    board.play("b2-c3^c4")
    assert format_turn(board.history[-1]) == "b2-c3!" and board.to_move == 1
    board.play("e5-e4^e5")
    board.play("e1-d2^c3")
    assert format_turn(board.history[-1]) == "e1-d2^c3!"
    assert board.view(0).turns == ("b2-c3!", "?^e5", "e1-d2^c3!")


def test_three_players_a_stuck_hecate_leaves_and_hides_nothing_more() -> None:
    """SANTORINI.md §6 and ruling 9: a player who cannot move and build leaves a
    three-player game (``#``); her workers go with her, so nothing is hidden any more."""
    text = "00000/00000/00000/AA0AA/0A0A0 2 c3,c4 a1,e1 a5,e5 powers=Athena,Hecate,Pan"
    board = Scenario(text, turns=["#"], play="#").check()
    assert board.eliminated() == {1} and board.to_move == 2
    assert board.position().split()[2:5] == ["c3,c4", "-", "a5,e5"]
    assert not board.view(0).hidden and not board.view(2).hidden


@pytest.mark.parametrize("powers", [["Athena", "Hecate", "Pan"], ["Hecate", "Apollo", "Minotaur"]])
def test_three_player_blind_playouts(powers: list[str | None]) -> None:
    """Seeded three-player games to the end, with eliminations, under the blind-game
    invariants."""
    for seed in range(2):
        played, _ = blind_game(powers, seed)
        assert played > 3
