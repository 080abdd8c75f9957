"""The engine's invariants, checked the same way for every power: a turn played step by step
round-trips through notation and undo, the step level tells the same rules as the turn
level, and random games keep the hash, the positions and the replay consistent."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from aegean.santorini import END, Board, Outcome, format_turn
from aegean.santorini.powers import make_power
from aegean.santorini.setup import allowed_start_players
from powers.scenario import state, turns


def check_readback(board: Board, *, compare_turns: bool = True) -> None:
    """The hash kept incrementally equals a fresh one, and the position (a turn in progress
    included) reads back as the same text with the same hash, outcome, legal steps and
    (unless ``compare_turns`` is off, where listing is slow) legal turns."""
    h = board.zobrist_hash()
    assert board.rehash() == h, board.position()
    text = board.position()
    again = Board.from_position(text)
    assert again.position() == text
    assert again.zobrist_hash() == h, text
    assert again.outcome() == board.outcome(), text
    assert sorted(again.legal_steps()) == sorted(board.legal_steps()), text
    if compare_turns:
        assert turns(again) == turns(board), text


def check_round_trip(
    start: str | Board,
    *played: str,
    mid: Sequence[str | None] = (),
    after: str | None = None,
    compare_turns: bool = True,
) -> None:
    """Play the turns ``played`` from ``start`` one step at a time (a turn whose text stops
    while it could go on is ended there), checking :func:`check_readback` after every step;
    ``mid[i]`` is the position expected after step ``i``, ``after`` the one after the last.
    Undoing every step restores the start: text, hash and the order of the workers."""
    board = Board.from_position(start) if isinstance(start, str) else start
    before = state(board)
    pushed = 0

    def take(step: int) -> None:
        nonlocal pushed
        board.push(step)
        check_readback(board, compare_turns=compare_turns)
        if pushed < len(mid) and mid[pushed] is not None:
            assert board.position() == mid[pushed], (pushed, board.position())
        pushed += 1

    for text in played:
        ply = board.ply
        for step in board.parse_turn(text):
            take(step)
        if board.ply == ply and board.decided is None:
            take(END)
    if after is not None:
        assert board.position() == after
    for _ in range(pushed):
        board.pop()
    assert state(board) == before


def check_steps_agree_with_turns(board: Board) -> None:
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


@dataclass
class Playout:
    """What a random game went through: the turns played (notation), the position after
    each, and how it ended (``None`` when it was cut off)."""

    turns: list[str] = field(default_factory=list)
    positions: list[str] = field(default_factory=list)
    outcome: Outcome | None = None


def check_playout(
    board: Board,
    rng: random.Random,
    *,
    by_steps: bool = False,
    place_by_steps: bool = False,
    replay: bool = False,
    max_turns: int = 300,
    must_end: bool = True,
    each_turn: Callable[[Board], None] | None = None,
) -> Playout:
    """Play random turns from ``board`` (``rng`` picking among the legal turns, or among the
    legal steps with ``by_steps``, cheap where turns are countless; ``place_by_steps``: the
    placement only) until the game ends or ``max_turns``. After every turn (every step with
    ``by_steps``) the hash kept incrementally equals a fresh one, and the position reads
    back as the same text with the same hash; ``each_turn`` sees the board after every
    turn. Then: the game ended (a must with ``must_end``) with a winner (one in a 2-player
    game); with ``replay`` the turns replay from their notation to the same position and
    outcome; undoing everything restores the start."""
    before = state(board)
    start, history = board.position(), len(board.history)
    pushed = 0
    playout = Playout()

    def hash_holds() -> None:
        z, text = board.zobrist_hash(), board.position()
        assert board.rehash() == z, text
        again = Board.from_position(text)
        assert again.position() == text and again.zobrist_hash() == z, text

    while place_by_steps and (board.placing or board.turn):
        board.push(rng.choice(board.legal_steps()))
        pushed += 1
    while board.outcome() is None and len(playout.turns) < max_turns:
        if by_steps:
            ply = board.ply
            while board.ply == ply and board.decided is None:
                board.push(rng.choice(board.legal_steps()))
                pushed += 1
                hash_holds()
        else:
            board.push_turn(rng.choice(board.legal_turns()))
            pushed += 1
            hash_holds()
        playout.turns.append(format_turn(board.history[-1]))
        playout.positions.append(board.position())
        if each_turn is not None:
            each_turn(board)
    playout.outcome = board.outcome()
    assert playout.outcome is not None or not must_end, f"no winner in {max_turns} turns"
    if playout.outcome is not None:
        assert playout.outcome.winners and (board.n_players > 2 or playout.outcome.winner is not None)
    if replay:
        again = Board.from_position(start)
        for turn in board.history[history:]:
            again.play(format_turn(turn))
        assert again.position() == board.position() and again.outcome() == playout.outcome
    for _ in range(pushed):
        board.pop()
    assert state(board) == before
    return playout


def check_step_playouts(powers: list[str | None], seeds: Sequence[int]) -> list[Playout]:
    """:func:`check_playout` step by step (``by_steps``) over seeded games from the empty
    board (``rng`` seeded with the powers and the seed), replayed from their notation, each
    to its end or 200 turns: the playouts of powers whose turns are too many to list (the
    dome-building heroes with their power unused)."""
    return [
        check_playout(
            Board(2, powers),
            random.Random(f"{powers}{seed}"),
            by_steps=True,
            replay=True,
            max_turns=200,
            must_end=False,
        )
        for seed in seeds
    ]


def seatings(power: str, rival: str = "Athena", second: str = "Apollo") -> list[list[str | None]]:
    """The seatings a power's random playouts try: alone in either seat, then first
    against ``rival`` and second after ``second``."""
    return [[power, None], [None, power], [power, rival], [second, power]]


def check_random_playouts(
    powers: list[str | None],
    *,
    seeds: Sequence[int] = range(2),
    replay: bool,
    each_turn: Callable[[Board], None] | None = None,
) -> None:
    """:func:`check_playout` over seeded games from the empty board (``rng`` seeded with the
    powers and the seed)."""
    for seed in seeds:
        check_playout(Board(2, powers), random.Random(f"{powers}{seed}"), replay=replay, each_turn=each_turn)


def check_seated_playouts(
    power: str,
    rival: str | None,
    *,
    seeds: Sequence[int] = range(2),
    place_by_steps: bool = False,
    max_turns: int = 300,
    each_turn: Callable[[Board], None] | None = None,
) -> None:
    """:func:`check_playout` over seeded games from the empty board against ``rival``, the
    power in seat ``seed % 2`` (``rng`` seeded with the seed)."""
    for seed in seeds:
        cards = [power, rival] if seed % 2 == 0 else [rival, power]
        # The start player the powers' placement order allows (Bia first, Hecate last,
        # RULINGS #6): seat 1 when it may.
        allowed = allowed_start_players([make_power(card) for card in cards])
        board = Board(2, cards, start_player=0 if 0 in allowed else allowed[0])
        check_playout(
            board,
            random.Random(seed),
            place_by_steps=place_by_steps,
            max_turns=max_turns,
            each_turn=each_turn,
        )
