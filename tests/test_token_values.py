"""Every power token a position may carry is read by its card (issue 13, item 6): any
string either gives a position that writes itself back the same, or is refused with a
``PositionError`` naming the field — never another exception, never a runaway search.

Each token key of each card (``Power.token_values``) gets values drawn by Hypothesis from
the characters positions use, and the values the card writes itself, in a position of a
short seeded game with that card; the core tokens (``removed``, ``out``) and the Golden
Fleece's (``ram``, ``ram.holders``) likewise. After a position is read, ``legal_steps``
and ``outcome`` run within a budget of engine steps (``fuzzing.counting_work``).
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aegean.santorini import Board, PositionError, SantoriniError
from aegean.santorini.powers import implemented, make_power
from aegean.santorini.squares import SQUARE_NAMES
from fuzzing import Work, WorkSpent, counting_work

#: Characters of positions and a few strangers; values built from squares, digits, marks.
PIECES = [*SQUARE_NAMES[::3], "0", "1", "2", "3", "7", "-1", "99999", "up", "on", "used", "n", "ne", "sw"]
VALUES = st.one_of(
    st.text(alphabet="abcdez0123456789,-*>.!#@&?=_ ", max_size=12),
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map(",".join),
    st.tuples(st.sampled_from(PIECES), st.sampled_from("->*"), st.sampled_from(PIECES)).map("".join),
    st.sampled_from(implemented()),
)
CHECKS = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
#: Engine steps that reading a position and asking for its legal steps may take at most.
BUDGET = 20_000


@cache
def game_position(power: str, fleece: bool) -> str:
    """A position a few turns into a seeded game with ``power`` (or it beside the board)."""
    rng = random.Random(power)
    if fleece:
        board = Board(2, fleece=power)
    else:
        board = Board(2, [power, None], start_player=1 if make_power(power).placement_order > 0 else 0)
    while board.ply < 9 and board.outcome() is None:
        board.push_turn(rng.choice(board.legal_turns(limit=200)))
    return board.position()


def keys_of(power: str) -> list[str]:
    return sorted(make_power(power).token_values)


CASES = [
    pytest.param(power, key, False, id=f"{power}-{key}")
    for power in implemented()
    for key in keys_of(power)
] + [
    pytest.param("Demeter", key, True, id=f"fleece-{key}") for key in ("ram", "ram.holders")
] + [pytest.param("Apollo", key, False, id=f"core-{key}") for key in ("removed", "out")] + [
    pytest.param("Chaos", "athena", False, id="Chaos-athena"),  # the face-up god's token
    pytest.param("Chaos", "chaos", True, id="fleece-Chaos-chaos"),
    *(pytest.param(name, "turn", False, id=f"{name}-turn") for name in ("Apollo", "Hermes", "Harpies")),
    pytest.param("Apollo", "outcome", False, id="core-outcome"),
]


def with_token(position: str, key: str, value: str) -> str:
    fields = [f for f in position.split() if f.partition("=")[0] != key]
    return " ".join([*fields, f"{key}={value}"])


def read_or_refuse(text: str, key: str, work: Work) -> None:
    """The property: a clean read that writes back the same, or a refusal naming a field."""
    work.left, work.armed = BUDGET, True
    try:
        board = Board.from_position(text)
    except PositionError as error:
        assert error.field, text
        assert error.field in {f.partition("=")[0] for f in text.split()} | {
            "board", "to-move", "count", "order", "turn", "outcome"
        } or error.field.startswith("player-"), (error.field, text)
        return
    except WorkSpent:
        pytest.fail(f"reading {text!r} ran away (over {BUDGET} engine steps)")
    written = board.position()
    assert Board.from_position(written).position() == written, text
    try:
        board.legal_steps()
        board.outcome()
    except WorkSpent:
        pytest.fail(f"the legal steps of {text!r} ran away (over {BUDGET} engine steps)")
    except SantoriniError as error:
        pytest.fail(f"{text!r} was read, then play failed: {error}")
    finally:
        work.armed = False


@pytest.mark.parametrize(("power", "key", "fleece"), CASES)
def test_any_value_is_read_or_refused_with_its_field(
    power: str, key: str, fleece: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = game_position(power, fleece)
    work = counting_work(monkeypatch, BUDGET)
    own = [f.partition("=")[2] for f in base.split() if f.partition("=")[0] == key]

    @CHECKS
    @given(st.one_of(VALUES, st.sampled_from(own or ["x"])))
    def check(value: str) -> None:
        if " " in value or not value:
            value = value.replace(" ", "") or "x"
        read_or_refuse(with_token(base, key, value), key, work)

    check()


def test_the_reviews_values_are_refused_by_name() -> None:
    """The values the review found accepted, crashing or hanging (issue 13, item 6)."""
    base = "00000/00000/00000/00000/00000 2 b2,d4 b4,d2"
    for power, token in [
        ("Clio", "clio=zz"),
        ("Charybdis", "charybdis=zz"),
        ("Morpheus", "morpheus=abc"),
        ("Morpheus", "morpheus=-1"),
        ("Athena", "athena=sideways"),
        ("Hypnus", "hypnus=zz"),
        ("Circe", "circe=9"),
    ]:
        with pytest.raises(PositionError) as error:
            Board.from_position(f"{base} powers={power},- {token}")
        assert error.value.field == token.partition("=")[0]
    with pytest.raises(PositionError) as error:
        Board.from_position(f"{base} out=1")
    assert error.value.field == "out"
    with pytest.raises(PositionError) as error:
        Board.from_position("00000/00000/00000/00000/00000 1 b2,d4 b4,d2 fleece=Apollo ram=z9")
    assert error.value.field == "ram"
