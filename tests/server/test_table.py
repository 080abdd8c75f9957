"""The table's state machine without a network: previews, partial turns around another
player's choice (Gaea, RULINGS #52), Hecate's cancellations (RULINGS #56) kept out of
previews, and exact replays of the event log (docs/server.md, "Persistence")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from aegean.santorini import Board
from aegean.santorini.notation import format_turn, parse_turn
from aegean.santorini.powers import make_power
from aegean.santorini.setup import allowed_start_players
from aegean.santorini.squares import SQUARE_NAMES
from aegean.santorini.steps import END
from aegean.server.table import ActionError, SeatSpec, Settings, Table, new_settings, option_text
from powers.support import position

TWO_HUMANS = (SeatSpec("human", "Ann"), SeatSpec("human", "Bob"))
# Gaea (seat 0) on a1, e5; the opponent on b2, d4 and to move; c3 is level 3 (a dome to be).
GAEA = position("c3=3 b3=1 c4=1 d3=A e1=3", "a1,e5 b2,d4", to_move=2, powers="Gaea,-")
# Hecate (seat 0) on c3 and e5 (hidden from seat 1); the opponent on b4, d2 and to move.
HECATE = "00000/00000/00000/00000/00000 2 c3,e5 b4,d2 powers=Hecate,-"


def first_placer(powers: tuple[str | None, ...]) -> int:
    """A start player the powers' placement order allows (Hecate places last, RULINGS #6)."""
    return allowed_start_players([make_power(p) for p in powers])[0]


def table_at(position: str, powers: tuple[str | None, ...]) -> Table:
    """A table whose board is set to ``position`` (the server only ever starts from the
    empty board; scenario tests need a position)."""
    table = Table(Settings(players=2, seats=TWO_HUMANS, powers=powers, start_player=first_placer(powers)))
    table.board = Board.from_position(position)
    return table


def test_a_turn_waits_for_gaeas_choice_inside_it() -> None:
    """RULINGS #52: after the opponent's dome Gaea chooses at once. The mover's preview
    stops there (``waiting_for``), the mover commits up to it, Gaea then acts, and only
    she may; the turn is one entry of the history with her step inserted."""
    table = table_at(GAEA, ("Gaea", None))
    assert table.actor() == 1
    _, options, info = table.preview(1, ["b2-c2", "c2^c3"])
    assert info == {"complete": False, "waiting_for": 0, "outcome": None} and options == []
    table.apply(1, "steps", {"steps": ["b2-c2", "c2^c3"]})
    assert table.actor() == 0 and table.version == 1
    with pytest.raises(ActionError) as refused:
        table.apply(1, "steps", {"steps": ["c2^b2"]})
    assert refused.value.code == "not-your-turn"
    offered = set(_texts(table, 0))
    assert {"@b2", "@b4", "@d2", "~"} <= offered
    table.apply(0, "steps", {"steps": ["@b4"]})
    assert table.board is not None and len(table.board.history) == 1
    assert table.movers == [1] and table.actor() == 0


def test_the_mover_cannot_write_gaeas_choice() -> None:
    table = table_at(GAEA, ("Gaea", None))
    with pytest.raises(ActionError, match="player 1 chooses before step 3"):
        table.apply(1, "steps", {"steps": ["b2-c2", "c2^c3", "@b4"]})
    assert table.version == 0 and table.actor() == 1


def test_a_preview_never_shows_a_hidden_cancellation() -> None:
    """RULINGS #56: moving onto Hecate's hidden worker is cancelled, but only when the turn
    is played; the preview (the opponent's own view) lets the turn be built, so the
    opponent learns nothing by trying."""
    table = table_at(HECATE, ("Hecate", None))
    owners, options, info = table.preview(1, ["d2-c3"], lambda board: list(board.owner))
    assert info["complete"] is False and any(o for o in options)
    assert owners is not None and owners[12] == 1  # c3: the opponent's worker stands there in their view
    event = table.apply(1, "steps", {"steps": ["d2-c3", "c3^c4"]})
    assert event.texts[1] == event.texts[0] == "d2-c3!"
    assert table.actor() == 0


def test_errors_change_nothing_and_list_the_legal_steps() -> None:
    table = table_at(GAEA, ("Gaea", None))
    before = table.board.position() if table.board else ""
    with pytest.raises(ActionError) as refused:
        table.apply(1, "steps", {"steps": ["b2-b5"]})
    assert refused.value.code == "illegal" and "b2-b5" in refused.value.message
    assert "b2-c2" in refused.value.legal
    with pytest.raises(ActionError, match="not finished"):
        table.apply(1, "steps", {"steps": ["b2-c2"]})
    assert table.board is not None and table.board.position() == before and table.version == 0


@pytest.mark.parametrize("seed", range(6))
def test_replaying_the_events_gives_the_same_game(seed: int) -> None:
    """A restarted server replays each game's events on a fresh table: same position,
    same turns, same version (random games with random powers and player counts)."""
    rng = random.Random(seed)
    players = 2 + seed % 3
    settings = new_settings(
        {"players": players, "powers": "random", "seats": [{"kind": "human"}] * players}, rng
    )
    table = Table(settings)
    while table.status != "over" and table.version < 80:
        seat = table.actor()
        assert seat is not None
        steps: list[str] = []
        while True:
            _, options, info = table.preview(seat, steps) if steps else (None, table.options(seat), {})
            if steps and (info["complete"] or info["waiting_for"] is not None):
                break
            steps.append(option_text(rng.choice(options)))
        table.apply(seat, "steps", {"steps": steps})
    again = Table(settings)
    for event in table.events:
        again.apply(event.seat, event.kind, event.data)
    assert table.board is not None and again.board is not None
    assert again.board.position() == table.board.position()
    assert again.version == table.version and again.movers == table.movers
    assert [e.texts for e in again.events] == [e.texts for e in table.events]


def _texts(table: Table, seat: int) -> list[str]:
    return [option_text(s) for s in table.options(seat)]


def test_each_position_is_listed_once_per_version(monkeypatch: pytest.MonkeyPatch) -> None:
    """The options of a ``state``, the previews of a turn built step by step (the web UI
    asks one per click) and the check of the action itself walk the same positions: each
    is listed once at a version (docs/performance.md), and the listing is the engine's."""
    listed: Counter[tuple[int, tuple[int, ...]]] = Counter()
    legal_steps = Board.legal_steps

    def counting(board: Board) -> list[int]:
        listed[board.board_hash, tuple(board.turn)] += 1
        return legal_steps(board)

    monkeypatch.setattr(Board, "legal_steps", counting)
    # Demeter to move: her optional second build makes the turn three steps long.
    demeter = position("c3=1", "b2,d4 b4,d2", to_move=1, powers="Demeter,Apollo")
    table = table_at(demeter, ("Demeter", "Apollo"))
    assert table.board is not None
    truth = Board.from_position(table.board.position())
    first = table.options(0)
    assert first == legal_steps(truth)
    _, second, _ = table.preview(0, ["b2-c2"])
    _, third, info = table.preview(0, ["b2-c2", "c2^c3"])
    assert info["complete"] is False and END in third
    assert table.options(0) == first
    table.apply(0, "steps", {"steps": ["b2-c2", "c2^c3"]})
    assert listed and max(listed.values()) == 1, listed
    assert len(listed) == 3  # the start, after the move, after the build (where the turn may end)
    truth.push(parse_turn("b2-c2")[0])
    assert second == legal_steps(truth)
    assert table.board.history[-1][:2] == parse_turn("b2-c2^c3")


# Hecate (seat 0) on e5 and c1, hidden from Charybdis (seat 1), whose whirlpools lie on c2 and e3.
HECATE_CHARYBDIS = (
    "11120/01020/031D1/13011/10101 1 e5,c1 e1,b1 powers=Hecate,Charybdis charybdis=c2,e3 charybdis.levels=0,1"
)
# Hecate (seat 0) on c5 and d2, hidden from Gaea (seat 1); c2 is level 3, a dome to be.
HECATE_GAEA = "01101/12110/02010/02300/01000 1 c5,d2 a4,b1 powers=Hecate,Gaea"


def test_a_compulsory_step_inside_hecates_hidden_turn_is_taken_on_her_turn() -> None:
    """Hecate's hidden worker moves onto a whirlpool: the jump is Charybdis's power, but
    Charybdis cannot see the worker, so the table takes it inside Hecate's turn, as her
    card says ("use their power on their behalf ... without informing them"). Hecate's
    preview shows her worker on the other whirlpool and her builds from there; Charybdis
    and the spectators see only the build; the turn replays from the event."""
    table = table_at(HECATE_CHARYBDIS, ("Hecate", "Charybdis"))
    seen, options, info = table.preview(0, ["c1-c2"], lambda board: board.position())
    assert info == {"complete": False, "waiting_for": None, "outcome": None}
    assert seen is not None and " e5,e3 " in seen and "turn=c1-c2+-e3" in seen
    assert {option_text(s) for s in options} == {"e3^d2", "e3^e2", "e3^d4", "e3^e4"}
    event = table.apply(0, "steps", {"steps": ["c1-c2", "e3^d2"]})
    assert event.data == {"steps": ["c1-c2", "e3^d2"]}
    assert event.texts == {0: "c1-c2+-e3^d2", 1: "?^d2", -1: "?^d2"}
    assert table.actor() == 1
    replayed = table_at(HECATE_CHARYBDIS, ("Hecate", "Charybdis"))
    replayed.apply(0, "steps", event.data)
    assert replayed.board is not None and table.board is not None
    assert replayed.board.position() == table.board.position()


def test_gaeas_choice_inside_hecates_hidden_turn_is_made_as_she_sees_the_board() -> None:
    """Hecate's hidden worker builds a dome: Gaea, who sees the dome but not the worker,
    chooses where her spare goes among the spaces that look free to her (c1, where the
    worker stands, included: being left out would tell her). A choice the hidden worker
    makes impossible is cancelled (RULINGS #56): she places nothing, as if she had
    declined; a possible one happens. Hecate's turn then ends as usual."""
    for choice, placed in (("@c1", False), ("@d1", True)):
        table = table_at(HECATE_GAEA, ("Hecate", "Gaea"))
        table.apply(0, "steps", {"steps": ["d2-c1", "c1^c2"]})
        assert table.actor() == 1
        offered = {option_text(s) for s in table.options(1)}
        assert offered == {"@c1", "@d1", "@d2", "@c3", "~"}
        _, _, info = table.preview(1, [choice])
        assert info["complete"] is True and info["waiting_for"] is None  # (Hecate's turn ends with it)
        event = table.apply(1, "steps", {"steps": [choice]})
        assert event.data == {"steps": [choice]}
        board = table.board
        assert board is not None and board.to_move == 1 and table.actor() == 1 and not board.turn
        assert format_turn(board.history[-1]) == "d2-c1^c2+" + ("@d1" if placed else "~")
        gaea_workers = {SQUARE_NAMES[w] for w in board.workers[1]}
        assert ("d1" in gaea_workers) is placed and "c1" not in gaea_workers
        replayed = table_at(HECATE_GAEA, ("Hecate", "Gaea"))
        for done in table.events:
            replayed.apply(done.seat, done.kind, done.data)
        assert replayed.board is not None and replayed.board.position() == board.position()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("other", ["Charybdis", "Harpies"])
def test_games_of_hecate_against_a_power_acting_in_her_turn_play_through(other: str, seed: int) -> None:
    """Whole games built as the web UI does (a preview per step, then the act), Hecate
    against a power whose compulsory step acts on her hidden workers: every offered step
    is accepted and the game reaches its end."""
    rng = random.Random(seed)
    powers = ("Hecate", other) if seed % 2 == 0 else (other, "Hecate")
    table = Table(Settings(players=2, seats=TWO_HUMANS, powers=powers, start_player=first_placer(powers)))
    for _ in range(200):
        seat = table.actor()
        if seat is None:
            break
        options, steps = table.options(seat), []
        for _ in range(40):
            steps.append(option_text(rng.choice(options)))
            _, options, info = table.preview(seat, steps)
            if info["complete"] or info["waiting_for"] is not None or not options:
                break
        table.apply(seat, "steps", {"steps": steps})
    assert table.status == "over"
