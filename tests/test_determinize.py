"""The determinizing AI wrapper (``aegean.ai.determinize``): in games with secrets
(Hecate's workers, Tartarus's Abyss, Moerae's Fate square; SANTORINI.md §4, RULINGS #56,
#57, #60) every AI decides from its own observation, never from the true board."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest

from aegean.ai import AlphaBetaAI, Engine, RandomAI, make_ai
from aegean.ai.determinize import Determinized, public_board
from aegean.ai.native import NativeAI
from aegean.santorini import Board, SantoriniError, Turn, format_turn, native
from aegean.santorini.view import Observation

# Hecate (player 1) hides workers on c3 and e5; player 2 to move.
HECATE = "00000/00000/00100/00000/00000 2 c3,e5 b4,d2 powers=Hecate,-"
# The same to player 2's eyes: her workers elsewhere.
HECATE_TWIN = "00000/00000/00100/00000/00000 2 a1,a5 b4,d2 powers=Hecate,-"
ABYSS = "00000/00000/00100/00000/00000 1 b2,d4 b4,d2 powers=-,Tartarus tartarus.abyss=c2"
ABYSS_TWIN = ABYSS.replace("abyss=c2", "abyss=e1")
FATE = "00000/00100/02320/00100/00000 2 a1,a2,a3 b3,e5 powers=Moerae,- moerae.fate=b3"
FATE_TWIN = FATE.replace("fate=b3", "fate=a1")


def depth_one(*, seed: int | None, share: float) -> Engine:
    """A base AI whose choice does not depend on the clock (one full turn deep)."""
    return AlphaBetaAI(max_depth=1, seed=seed, name="depth 1")


def random_base(*, seed: int | None, share: float) -> Engine:
    return RandomAI(seed)


class Peephole:
    """Shows a player's observation and whose turn it is, and nothing else: an AI that
    reads anything more of the board fails on it."""

    def __init__(self, board: Board) -> None:
        self.to_move = board.to_move
        self._observation = board.view(board.to_move)

    def view(self, player: int) -> Observation:
        assert player == self.to_move
        return self._observation


@pytest.mark.parametrize(("text", "twin"), [(HECATE, HECATE_TWIN), (ABYSS, ABYSS_TWIN), (FATE, FATE_TWIN)])
def test_the_same_observation_gives_the_same_turn(text: str, twin: str) -> None:
    """Two true states differing only in what the player cannot see: equally seeded
    engines choose the same turn, and the observation alone is enough to choose it."""
    boards = [Board.from_position(text), Board.from_position(twin)]
    assert boards[0].view(boards[0].to_move) == boards[1].view(boards[1].to_move)
    chosen = [Determinized(depth_one, samples=3, seed=5).choose_turn(b) for b in boards]
    assert chosen[0] == chosen[1]
    blind = Determinized(depth_one, samples=3, seed=5).choose_turn(Peephole(boards[0]))  # type: ignore[arg-type]
    assert blind == chosen[0]
    assert blind in public_board(boards[0].view(boards[0].to_move)).legal_turns()


class SearchedBoards(NativeAI):
    """The native search, keeping every position it was asked to search."""

    searched: ClassVar[list[str]] = []

    def choose_turn(self, board: Board) -> Turn:
        assert native.supports(board), board.position()
        SearchedBoards.searched.append(board.position())
        return super().choose_turn(board)


def native_base(*, seed: int | None, share: float) -> Engine:
    return SearchedBoards(node_limit=20_000)


@pytest.mark.parametrize(("text", "twin"), [(ABYSS, ABYSS_TWIN), (FATE, FATE_TWIN)])
def test_the_native_search_sees_only_boards_sampled_from_the_view(text: str, twin: str) -> None:
    """Tartarus's Abyss and Moerae's Fate square are played by the native core (issue 16):
    on the true board the core knows the secret, but the AI of a player who cannot see it
    hands the native search only boards sampled from that player's view. Two true states
    that differ only in the secret make the search see the very same boards, and so does
    an AI that can read nothing but the observation."""
    boards = [Board.from_position(text), Board.from_position(twin)]
    assert all(native.supports(b) for b in boards)
    seen = []
    for board in [*boards, Peephole(boards[0])]:
        SearchedBoards.searched = []
        Determinized(native_base, samples=3, seed=5).choose_turn(board)  # type: ignore[arg-type]
        seen.append(SearchedBoards.searched)
    assert seen[0] and seen[0] == seen[1] == seen[2]


def test_the_board_is_left_untouched() -> None:
    board = Board.from_position(HECATE)
    before = (board.position(), board.zobrist_hash(), list(board.history))
    Determinized(depth_one, samples=2, seed=1).choose_turn(board)
    assert (board.position(), board.zobrist_hash(), list(board.history)) == before


def test_view_turns_are_what_the_player_can_write() -> None:
    """The turns to choose from are those of the board without her workers (a move onto
    c3 is one), not the true ``legal_turns``, which give the hidden squares away."""
    board = Board.from_position(HECATE)
    options = {format_turn(t) for t in public_board(board.view(1)).legal_turns()}
    true = {format_turn(t) for t in board.legal_turns()}
    assert "d2-c3^c4" in options and "d2-c3^c4" not in true
    assert options != true


def test_without_secrets_the_base_ai_plays_directly() -> None:
    """Nothing hidden (the owner's own view, or no secret power): the base AI gets the
    true board, with the wrapper's seed."""
    board = Board.from_position(HECATE.replace(" 2 ", " 1 "))
    assert not board.view(1 - 1).hidden
    wrapped = Determinized(depth_one, samples=3, seed=9).choose_turn(board)
    assert wrapped == depth_one(seed=9, share=1.0).choose_turn(board)


def test_a_sample_cut_short_votes_for_the_view_turn_it_begins() -> None:
    """In a sampled world a hidden worker may cancel a turn, which is then listed cut
    short; the vote maps it to the full view-turn, which ``play`` accepts on the true
    board (cancelled there or not)."""

    class Stubborn:
        name = "stubborn"

        def choose_turn(self, board: Board) -> Turn:
            return min(board.legal_turns(), key=lambda t: (len(t), format_turn(t)))

    def stubborn(*, seed: int | None, share: float) -> Engine:
        return Stubborn()

    board = Board.from_position(HECATE)
    turn = Determinized(stubborn, samples=6, seed=3).choose_turn(board)
    assert turn in public_board(board.view(1)).legal_turns()
    board.play(turn)
    assert board.to_move == 0


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="samples must be at least 1"):
        Determinized(depth_one, samples=0)


def test_a_finished_game_is_reported() -> None:
    board = Board.from_position(ABYSS)
    board.play("b2-c2^b2")  # into the Abyss
    assert board.outcome() is not None
    with pytest.raises(SantoriniError, match="game is over"):
        Determinized(depth_one, samples=2, seed=1).choose_from(board.view(0))


def test_make_ai_wraps_every_level() -> None:
    """Every AI level plays hidden-information games through the wrapper, from the
    player's view; open games unchanged (same name, the level's own engine)."""
    for spec in ("random", "1", "3", "default"):
        engine = make_ai(spec, seed=1, time_per_move=0.05)
        assert isinstance(engine, Determinized)
        assert engine.name == engine.base.name
    board = Board.from_position(HECATE)
    turn = make_ai("1", seed=2).choose_turn(Peephole(board))  # type: ignore[arg-type]
    board.play(turn)


@pytest.mark.parametrize(
    ("powers", "hidden_seat", "start"),
    [
        (["Hecate", None], 1, None),
        ([None, "Tartarus"], 0, None),
        # (Moerae's placement turns are 36 800 long: this game starts after setup.)
        (
            ["Moerae", None],
            1,
            "00000/00000/00000/00000/00000 2 a1,c1,e1 b3,d3 powers=Moerae,- moerae.fate=b2",
        ),
        (["Athena", "Hecate", "Pan"], 0, None),
    ],
)
def test_full_games_against_secret_powers(
    powers: list[str | None], hidden_seat: int, start: str | None
) -> None:
    """Whole games through ``Board.play`` (as the match runner plays them) against each
    secret power: the player who cannot see the secret always has a turn ``play``
    accepts, and the game ends with a winner."""
    from aegean.santorini.powers import make_power
    from aegean.santorini.setup import allowed_start_players

    if start is None:
        first = allowed_start_players([make_power(p or "-") for p in powers])[0]
        board = Board(len(powers), powers, start_player=first)
    else:
        board = Board.from_position(start)
    seeing = Determinized(random_base, samples=3, seed=7)
    others = RandomAI(8)
    hidden_turns = 0
    while board.outcome() is None:
        assert board.ply < 300
        blind = board.view(board.to_move).hidden
        engine: Engine = seeing if board.to_move == hidden_seat else others
        board.play(engine.choose_turn(board))
        hidden_turns += blind and board.movers[-1] == hidden_seat
    outcome = board.outcome()
    assert outcome is not None and outcome.winners
    assert hidden_turns > 3


def test_a_searching_level_plays_a_few_hidden_turns() -> None:
    """Level 1 (a depth-one search on each sample) against Tartarus, whose Abyss it
    cannot see: its turns, chosen from its view, are accepted by ``play``."""
    rng = random.Random(3)
    board = Board(2, [None, "Tartarus"], start_player=1)
    engine = make_ai("1", seed=4)
    while board.ply < 10 and board.outcome() is None:
        if board.to_move == 0:
            board.play(engine.choose_turn(board))
        else:
            board.play(rng.choice(board.legal_turns()))
    assert board.ply >= 6
