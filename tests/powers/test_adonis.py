"""47. Adonis (SANTORINI.md §4 "Heroes"; RULINGS #63, #72 printed text): once per game, at the
end of his turn, he chooses an opponent worker (a mark on its space: ``b2-c3^c4*b4``); if
possible, it must end the opponent's next turn neighbouring one of his workers. The mark
spends the power (``adonis=used``) and names the worker (``adonis.target=b4``, kept on the
worker as it moves) until the end of that turn."""

from __future__ import annotations

import random
import re

import pytest

import naive as nv
from aegean.santorini import Board
from aegean.santorini.squares import NEIGHBORS, parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, position, positions, steps, turns
from powers.support import CallCounter

at = positions("Adonis,-")

#: After Adonis's turn: his workers on b2 and d2, the opponent's b4 chosen; e5 is free.
CHOSEN = at(workers="b2,d2 b4,e5", to_move=2, extra="adonis=used adonis.target=b4")


def beside_him(board: Board, square: int) -> bool:
    return any(square in NEIGHBORS[w] for w in board.workers[0])


# ---------------------------------------------------------------------- scenarios
def test_choosing_an_opponent_worker_spends_the_power() -> None:
    """Card: at the end of his turn, a mark on an opponent worker's space."""
    Scenario(
        at(),
        listed=["b2-c3^c4*b4", "b2-c3^c4*d2", "b2-c3^c4"],
        play="b2-c3^c4*b4",
        after=at("c4=1", "c3,d4 b4,d2", to_move=2, extra="adonis=used adonis.target=b4"),
    ).check()


def test_only_an_opponent_worker_and_only_at_the_end() -> None:
    Scenario(at(), illegal=["b2-c3^c4*d4", "b2-c3^c4*a1", "b2-c3*b4^c4", "b2-c3^c4*b4*d2"]).check()


def test_the_chosen_worker_must_end_next_to_him_when_it_can() -> None:
    """'If possible, it must end the opponent's next turn neighboring one of your workers':
    b4 can reach a3, b3 or c3, so every legal turn ends with it there."""
    board = Board.from_position(CHOSEN)
    legal = board.legal_turns()
    assert legal
    for turn in legal:
        board.push_turn(turn)
        chosen = board.workers[1][0]
        assert chosen in {parse_square(s) for s in ("a3", "b3", "c3")}
        board.pop()
    Scenario(
        board,
        never_begins=["e5-"],
        illegal=["b4-a5^a4"],
        play="b4-c3^c4",
        tokens={"adonis": "used"},  # the restriction ends with that turn
    ).check()


def test_no_restriction_when_it_cannot() -> None:
    """'If possible': b4 boxed in away from him, every turn is legal."""
    text = at("a3=A b3=A c3=A c4=A", workers="b2,d2 b4,e5", to_move=2)
    assert turns(Board.from_position(text))
    Scenario(text + " adonis=used adonis.target=b4", turns_as=text).check()


def test_staying_beside_him_is_enough_and_the_other_worker_may_move() -> None:
    """A chosen worker already next to him may stay; moving it away is then illegal."""
    Scenario(
        at(workers="b2,d2 b3,e5", to_move=2, extra="adonis=used adonis.target=b3"),
        listed=["e5-e4^e3"],
        never_begins=["b3-a4", "b3-b4", "b3-c4"],
    ).check()


def test_a_win_away_from_him_is_illegal_when_he_can_be_obeyed() -> None:
    """The turn ends with a win too: e4 climbing onto e5 (level 3) leaves b4 away from him,
    which is illegal while b4 could end next to him (as for Aphrodite, RULINGS #28)."""
    text = at("e4=2 e5=3", workers="b2,d2 b4,e4", to_move=2)
    Scenario(text, listed=["e4-e5"]).check()
    Scenario(text + " adonis=used adonis.target=b4", never_begins=["e4-"], illegal=["e4-e5"]).check()


def test_once_per_game_and_optional() -> None:
    board = Board.from_position(at(extra="adonis=used"))
    assert not any("*" in t for t in turns(board))
    Scenario(at(), play="b2-c3^c4", tokens={}).check()


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    board = Board.from_position(at("b2=2 c3=3"))
    assert not any(t.startswith("b2-c3") and t != "b2-c3" for t in turns(board))


def test_the_chosen_worker_is_followed_when_moved() -> None:
    """The token stays on the chosen worker (a worker tag) through its moves."""
    board = Scenario(CHOSEN, mid="b4-b3").check()
    assert board.tokens["adonis.target"] == "b3"
    assert Board.from_position(board.position()).tokens["adonis.target"] == "b3"


def test_the_restriction_is_the_next_turn_only_dionysus_extra_turns_included() -> None:
    """The opponent's next turn is bound; an extra turn Dionysus earns in it is not, and
    Dionysus moving an Adonis worker never makes Adonis choose."""
    text = position(
        "c4=3",
        workers="b2,d2 b4,e5",
        to_move=2,
        powers="Adonis,Dionysus",
        extra="adonis=used adonis.target=b4",
    )
    board = Scenario(
        text,
        play="b4-b3^c4",  # b4 obeys and completes a tower: an extra turn
        tokens={"adonis": "used", "dionysus.extra": "on"},
    ).check()
    assert board.to_move == 1
    legal = turns(board)  # Dionysus moves an Adonis worker: no restriction, no mark
    assert {t[:2] for t in legal if t != "."} == {"b2", "d2"} and not any("*" in t for t in legal)


@pytest.mark.parametrize(
    ("text", "legal"),
    [
        (
            "00000/00000/01000/00000/00000 2 c2,c3 b2,e3 powers=Adonis,Heracles adonis=used adonis.target=e3",
            {"e3-d2", "e3-d3", "e3-d4"},
        ),
        (
            "00000/00000/00100/00000/00000 2 e5,b3 c4,b5 powers=Adonis,Polyphemus"
            " adonis=used adonis.target=b5",
            {"b5-a4", "b5-b4"},
        ),
    ],
)
def test_heroes_with_domes_are_searched_once_their_moves_are_over(
    text: str, legal: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the moves that bring the chosen worker beside him are legal, and the domes
    after them are his as usual; a way that leaves it away is given up once the moves are
    over (``Power.moves_over``), not after every set of Heracles's or Polyphemus's domes
    (one such listing took 15 s, over 20,000 search calls; docs/performance.md)."""
    from aegean.santorini.powers import adonis

    CallCounter(monkeypatch, adonis.Adonis, "_search", 500, "the search passes over the sets of domes")
    adonis._MEMO.clear()
    board = Board.from_position(text)
    assert steps(board) == legal
    board.push(board.parse_turn(sorted(legal)[0])[0])
    board.push(board.legal_steps()[0])  # the normal build
    free = Board.from_position(re.sub(r" adonis\.target=\S+", "", board.position()))  # no restriction
    assert steps(board) == steps(free)


def test_hermes_travels_are_searched_about_once_per_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """c1 can reach him only by travelling: the listing's searches share what each found
    (a state on a way found complies, one a failed search reached does not), so the
    travels are passed over about once, not once per first step (2,378 searches, 1.1 s
    in the server before; docs/performance.md)."""
    from aegean.santorini.powers import adonis

    searched = CallCounter(monkeypatch, adonis.Adonis, "_search")
    adonis._MEMO.clear()
    text = "10000/00000/00000/00000/00000 2 b4,d5 c1,c2 powers=Adonis,Hermes adonis=used adonis.target=c1"
    offered = steps(Board.from_position(text))
    assert offered == {
        "c1-b1",
        "c1-b2",
        "c1-d1",
        "c1-d2",
        "c2-b1",
        "c2-b2",
        "c2-b3",
        "c2-c3",
        "c2-d1",
        "c2-d2",
        "c2-d3",
    }
    assert searched.calls < 800, "each step's search starts afresh"
    free = Board.from_position(text.replace(" adonis.target=c1", ""))
    assert offered < steps(free)  # (builds alone end away)


def test_undo_and_position_round_trip_mid_turn() -> None:
    restricted = at("c4=1", "c3,d4 b4,d2", to_move=2, extra="adonis=used adonis.target=b4")
    check_round_trip(
        at(),
        "b2-c3^c4*b4",
        "b4-b3^a3",
        mid=[
            None,
            None,
            restricted,
            at("c4=1", "c3,d4 b3,d2", to_move=2, extra="adonis=used adonis.target=b3 turn=b4-b3"),
        ],
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text. His turns: the base turns, then (once) a mark on any opponent
    worker. The opponent's turn after a mark: of its base turns, only those that end with
    the marked worker next to one of his workers, if there are any."""
    if pos.to_move != seat:
        target = tokens.get("adonis.target")
        ends = []
        for text, after, outcome, m in hs.base_turns(pos):
            toks = {k: v for k, v in tokens.items() if k != "adonis.target"}
            near = False
            if target is not None:
                where = m.dst if nv.name(m.src) == target else nv.coord(target)
                near = any(where in nv.neighbours(w) for w in after.workers[seat])
                if outcome:  # a win ends the game before the end of the turn: the mark stays
                    toks["adonis.target"] = nv.name(where)
            ends.append((text, after, toks, outcome, near))
        if any(e[4] for e in ends):
            ends = [e for e in ends if e[4]]
        return [(text, after, toks, outcome) for text, after, toks, outcome, _ in ends]
    out = hs.plain_turns(pos, tokens)
    if tokens.get("adonis") == "used":
        return out
    for text, after, outcome, _ in hs.base_turns(pos):
        if outcome:
            continue
        for w in after.workers[1 - seat]:
            marked = hs.used(tokens, "adonis", **{"adonis.target": nv.name(w)})
            out.append((f"{text}*{nv.name(w)}", after, marked, ""))
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    """His turns, and the opponent's turns with a marked worker, on random positions."""
    rng = random.Random(4701)
    for i in range(30):
        seat = i % 2
        powers = "Adonis,-" if seat == 0 else "-,Adonis"
        text = nv.random_board(rng, dome_chance=0.15)
        pos = nv.parse(text)
        extra = ""
        if pos.to_move != seat:  # the opponent's turn, with (mostly) one of its workers marked
            marked = pos.workers[pos.to_move][i % 2]
            extra = f" adonis=used adonis.target={nv.name(marked)}" if i % 5 else ""
        elif i % 6 == 5:
            extra = " adonis=used"
        check_against_naive(hs.oracle(naive_turns, seat), f"{text} powers={powers}{extra}")


OPEN = "00000/01210/02320/01210/00000 1 b2,d4 b4,d2 powers=Adonis,-"
OPEN_2 = "00000/01210/02320/01210/00000 1 b4,d2 b2,d4 powers=-,Adonis"  # he moves second


@pytest.mark.parametrize(("text", "seat", "golden"), [(OPEN, 0, (210, 8344)), (OPEN_2, 1, (70, 13716))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    """Depth-1 and depth-2 perft (the opponent's turns after every mark included), frozen,
    and recounted independently."""
    check_perft(hs.oracle(naive_turns, seat), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Adonis"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
