"""The engine checked against a naive generator written from a card's text alone.

Each power's test file writes its naive generator (on the naive board of ``tests/naive.py``,
sharing no code with the engine); an :class:`Oracle` says how to read a position into the
generator's state, which ends of a turn it finds, and how to see the engine's board after
a turn in the same terms. One set of checks then serves every power: the same ends from a
position (:func:`check_against_naive`), the same perft counts (:func:`check_perft`), on
random boards (:func:`random_positions`) and along random games
(:func:`check_along_random_games`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import naive as nv
from aegean.santorini import Board, format_turn, perft
from powers.scenario import turns

S = TypeVar("S")


@dataclass
class End(Generic[S]):
    """Where naive turns end: the naive state after them, whether the game was won, and the
    turns (as the naive generator writes them) reaching it."""

    after: S
    won: bool
    spellings: set[str] = field(default_factory=set)


def _same(turn: str) -> Hashable:
    return turn


@dataclass(frozen=True)
class Oracle(Generic[S]):
    """A naive generator as the checks see it."""

    #: The naive state of a position written in notation.
    read: Callable[[str], S]
    #: Every end of the turn of the player to move, by the key the engine is compared on.
    ends: Callable[[S], Mapping[Hashable, End[S]]]
    #: The same key for the engine's board after a turn.
    key: Callable[[Board], Hashable]
    #: Whether each listed turn is written as one of the naive turns to its end (not where
    #: the naive generator writes one way of many).
    spelled: bool = True
    #: When two spellings of a turn are the same turn (order of free steps, say).
    norm: Callable[[str], Hashable] = _same
    #: The end a turn written in notation reaches by the naive rules (``None``: not checked).
    apply: Callable[[S, str], Hashable | None] | None = None
    #: How long a turn is written: each listed turn is as short as any naive one to its end.
    length: Callable[[str], int] | None = None


def engine_ends(board: Board, key: Callable[[Board], Hashable]) -> dict[Hashable, str]:
    """End (by ``key``) -> turn in notation, for every legal turn: no two end alike."""
    listed = board.legal_turns()
    ends: dict[Hashable, str] = {}
    for turn in listed:
        board.push_turn(turn)
        ends[key(board)] = format_turn(turn)
        board.pop()
    assert len(ends) == len(listed), f"{board.position()}: two listed turns end alike"
    return ends


def check_against_naive(oracle: Oracle[S], text: str, *, same_turns: bool = False) -> int:
    """The engine's turns from ``text`` end exactly where the naive ones do, each listed turn
    is one of the naive spellings of its end (up to ``oracle.norm``; unless not
    ``oracle.spelled``), reaches that end by the
    naive rules (``oracle.apply``) and is as short as any (``oracle.length``); with
    ``same_turns`` the listed turns are exactly the naive ones. Returns the number of ends."""
    board = Board.from_position(text)
    engine = engine_ends(board, oracle.key)
    naive_state = oracle.read(text)
    naive = oracle.ends(naive_state)
    missing, extra = set(naive) - set(engine), set(engine) - set(naive)
    assert not missing and not extra, (
        text,
        sorted(str(sorted(naive[k].spellings)[:1]) for k in missing)[:5],
        sorted(engine[k] for k in extra)[:5],
    )
    for end, turn in engine.items():
        spellings = naive[end].spellings
        if spellings and oracle.spelled:
            assert oracle.norm(turn) in {oracle.norm(t) for t in spellings}, (text, turn, spellings)
        if oracle.apply is not None:
            reached = oracle.apply(naive_state, turn)
            assert reached is None or reached == end, (text, turn)
        if oracle.length is not None and spellings:
            assert oracle.length(turn) == min(map(oracle.length, spellings)), (text, turn)
    if same_turns:
        assert turns(board) == {t for e in naive.values() for t in e.spellings}, text
    assert board.position() == text
    return len(engine)


def naive_perft(oracle: Oracle[S], state: S, depth: int) -> list[int]:
    """Perft by the naive generator at depths 1 to ``depth`` (one walk), counting distinct
    ends per node (as the engine lists turns); a win ends the game."""
    counts = [0] * depth

    def walk(state: S, level: int) -> None:
        ends = oracle.ends(state)
        counts[level] += len(ends)
        if level + 1 < depth:
            for end in ends.values():
                if not end.won:
                    walk(end.after, level + 1)

    walk(state, 0)
    return counts


def check_perft(oracle: Oracle[S], golden: Mapping[str, Sequence[int]]) -> None:
    """From each position the engine's turns end where the naive ones do
    (:func:`check_against_naive`), and perft at depths 1, 2, ... is its ``golden`` counts
    (frozen), for the engine and, counted independently, for the naive generator."""
    for text, counts in golden.items():
        assert check_against_naive(oracle, text) == counts[0], text
        board = Board.from_position(text)
        assert [perft(board, d) for d in range(1, len(counts) + 1)] == list(counts), text
        assert naive_perft(oracle, oracle.read(text), len(counts)) == list(counts), text
        assert board.position() == text


def check_plain_replies(board: Board) -> int:
    """After each legal turn from ``board`` the opponent, who has no power, has as many
    turns as the base-game generator of ``tests/naive.py`` counts; returns their total
    (perft 2)."""
    total = 0
    for turn in board.legal_turns():
        board.push_turn(turn)
        replies = len(board.legal_turns())
        assert replies == nv.count_turns(naive_pos(board.position())), board.position()
        total += replies
        board.pop()
    return total


def midgame(powers: str, to_move: int = 1, extra: str = "") -> str:
    """The middle game the perft checks share: towers of every height around both sides'
    workers (player 1 on b2 and c3, player 2 on b3 and d4)."""
    return " ".join(
        f for f in (f"01230/12C10/0321A/21031/00120 {to_move} b2,c3 b3,d4 powers={powers}", extra) if f
    )


def seat_of(power: str, text: str) -> int:
    """The seat of ``power`` in the powers field of a position."""
    return text.split("powers=")[1].split()[0].split(",").index(power)


def random_positions(
    power: str, *, seed: int | random.Random, count: int, dome_chance: float
) -> Iterator[tuple[str, int]]:
    """``count`` seeded random boards (``naive.random_board``; ``seed`` may be a generator
    the caller draws from too), the power's seat alternating (0, 1, 0, ...): (position with
    the powers field, the power's seat)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    for i in range(count):
        seat = i % 2
        powers = f"{power},-" if seat == 0 else f"-,{power}"
        yield nv.random_board(rng, dome_chance=dome_chance) + f" powers={powers}", seat


def check_random_boards(
    power: str,
    oracle_for_seat: Callable[[int], Oracle[S]],
    *,
    seed: int,
    count: int,
    dome_chance: float,
    same_turns: bool = False,
) -> None:
    """:func:`check_against_naive` on the :func:`random_positions` of ``power``."""
    for text, seat in random_positions(power, seed=seed, count=count, dome_chance=dome_chance):
        check_against_naive(oracle_for_seat(seat), text, same_turns=same_turns)


def check_replies(
    power: str, oracle_for_seat: Callable[[int], Oracle[S]], *, seed: int, count: int, dome_chance: float
) -> int:
    """On :func:`random_positions` with the power's player to move, the listed turns are
    exactly the naive ones, and so are the replies after every third of them (a power that
    binds the opponent from the start of its turn); returns how many replies were compared."""
    checked = 0
    for text, seat in random_positions(power, seed=seed, count=count, dome_chance=dome_chance):
        fields = text.split()
        fields[1] = str(seat + 1)
        board = Board.from_position(" ".join(fields))
        check_against_naive(oracle_for_seat(seat), board.position(), same_turns=True)
        for turn in board.legal_turns()[::3]:
            board.push_turn(turn)
            if board.decided is None:
                check_against_naive(oracle_for_seat(seat), board.position(), same_turns=True)
                checked += 1
            board.pop()
    return checked


def random_game(board: Board, rng: random.Random, *, turns: int | None = None) -> Iterator[Board]:
    """The board at each position of a random game (``rng`` picking the turns) after the
    placement and any setup choice, until the game ends (or after ``turns`` positions)."""
    while board.placing or board.turn:
        board.push_turn(rng.choice(board.legal_turns()))
    seen = 0
    while board.outcome() is None and (turns is None or seen < turns):
        yield board
        seen += 1
        board.push_turn(rng.choice(board.legal_turns()))


def check_along_random_games(
    power: str,
    oracle_for_seat: Callable[[int], Oracle[S]],
    *,
    seed: int,
    seats: Iterable[int] = (0, 1),
    turns: int | None = None,
) -> int:
    """:func:`check_against_naive` at every position of one seeded random game per entry of
    ``seats`` (the power's seat; one ``rng`` for all), each game to its end or for
    ``turns`` positions. Returns how many positions were compared."""
    rng = random.Random(seed)
    checked = 0
    for seat in seats:
        board = Board(2, [power, None] if seat == 0 else [None, power])
        for at in random_game(board, rng, turns=turns):
            check_against_naive(oracle_for_seat(seat), at.position())
            checked += 1
    return checked


# ---------------------------------------------------------------------- naive positions
NaiveTurn = nv.Turn
#: An end of a turn of the naive board: the position's key and the outcome field.
Key = tuple[tuple[object, ...], str]


def canon(text: str) -> str:
    """A position with each player's workers sorted: worker order is not part of the state."""
    fields = text.split()
    return " ".join(
        ",".join(sorted(f.split(","))) if i >= 2 and "=" not in f else f for i, f in enumerate(fields)
    )


def naive_pos(text: str) -> nv.Pos:
    """The naive generator's view of a position: its first four fields (no powers, no tokens)."""
    return nv.parse(" ".join(text.split()[:4]))


def outcome_field(board: Board) -> str:
    """The outcome as the position writes it (``"1:climb"``), or ``""`` while the game goes on."""
    outcome = board.decided
    if outcome is None:
        return ""
    return ",".join(str(p + 1) for p in sorted(outcome.winners)) + f":{outcome.termination.value}"


def naive_key(board: Board) -> Key:
    """The engine's board after a turn, seen as the naive board sees it."""
    return naive_pos(board.position()).key(), outcome_field(board)


def ends_of(naive_turns: Iterable[NaiveTurn]) -> dict[Key, nv.Pos]:
    """The ends of naive turns by their key (the notation left out)."""
    return {(after.key(), outcome): after for _, after, outcome in naive_turns}


def by_turns(
    naive_turns: Callable[[nv.Pos, int], Iterable[NaiveTurn]],
    seat: int,
    *,
    length: Callable[[str], int] | None = None,
    apply: Callable[[nv.Pos, str], Hashable | None] | None = None,
    spelled: bool = True,
) -> Oracle[nv.Pos]:
    """The oracle of a naive generator ``naive_turns(pos, seat)`` listing the turns on the
    naive board, the power in ``seat`` (the options: see :class:`Oracle`)."""

    def ends(pos: nv.Pos) -> dict[Hashable, End[nv.Pos]]:
        table: dict[Hashable, End[nv.Pos]] = {}
        for turn, after, outcome in naive_turns(pos, seat):
            table.setdefault((after.key(), outcome), End(after, bool(outcome))).spellings.add(turn)
        return table

    return Oracle(naive_pos, ends, naive_key, spelled=spelled, apply=apply, length=length)


def by_walks(
    naive_turns: Callable[[nv.Pos, int], Iterable[NaiveTurn]],
    replay: Callable[[nv.Pos, str], tuple[nv.Pos, str]],
    seat: int,
) -> Oracle[nv.Pos]:
    """:func:`by_turns` for a power whose workers walk (Hermes, Triton), where the naive
    generator writes one shortest way to each end: each of the power's listed turns is
    checked by replaying it by the card's rules (``replay``) and by its length (as short
    as any naive one to that end), not by its spelling."""

    def apply(pos: nv.Pos, turn: str) -> Hashable | None:
        if pos.to_move != seat:
            return None
        after, outcome = replay(pos, turn)
        return after.key(), outcome

    return by_turns(naive_turns, seat, length=nv.n_steps, apply=apply, spelled=False)


def by_children(children: Callable[[nv.Pos, int], Mapping[Key, nv.Pos]], seat: int) -> Oracle[nv.Pos]:
    """The oracle of a naive generator ``children(pos, seat)`` giving only the ends of the
    turns (no notation), the power in ``seat``."""

    def ends(pos: nv.Pos) -> dict[Hashable, End[nv.Pos]]:
        return {key: End(after, bool(key[1])) for key, after in children(pos, seat).items()}

    return Oracle(naive_pos, ends, naive_key)
