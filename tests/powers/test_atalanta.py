"""48. Atalanta (SANTORINI.md §4 "Heroes"; RULINGS #63, #43): once per game, her worker moves
any number of additional times (the same worker; spaces may be revisited, the start space
too), then builds. The second move spends the power (``atalanta=used``)."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Atalanta,-")


# ---------------------------------------------------------------------- scenarios
def test_a_second_move_spends_the_power() -> None:
    """Card: the worker moves again (then builds); the second move sets the token."""
    Scenario(
        at(),
        listed=["b2-c2-c3^d3"],
        play="b2-c2-c3^d3",
        after=at("d3=1", "c3,d4 b4,d2", to_move=2, extra="atalanta=used"),
    ).check()


def test_any_number_of_moves_revisiting_spaces_and_the_start() -> None:
    """'Any number of additional times': a long walk, and one back to the start space."""
    board = Scenario(at(), play="b2-c2-c1-d1-e1-e2^e3").check()
    assert board.workers[0] == [parse_square("e2"), parse_square("d4")]
    board = Scenario(at(), play="b2-a1-b2^b1", tokens={"atalanta": "used"}).check()
    assert board.workers[0][0] == parse_square("b2")


def test_each_move_climbs_one_level_at_most_and_a_climb_onto_level_3_wins() -> None:
    """Each move obeys the move rules; a move up onto level 3 wins at once (ruling 7),
    so the walk stops there."""
    Scenario(
        at("c2=1 c3=2 d3=3 b3=3"),
        never_begins=["b2-c3", "b2-c2-c3-d3-", "b2-c2-c3-d3^"],  # (b2-c3: two levels up)
        listed=["b2-c2-c3-d3"],
        play="b2-c2-c3-d3",
        winner=0,
        by=Termination.CLIMB,
        tokens={"atalanta": "used"},
    ).check()


def test_once_per_game() -> None:
    """RULINGS #63: after the use, one move per turn."""
    Scenario(at(extra="atalanta=used"), count=80, illegal=["b2-c2-c3^d3"]).check()


def test_optional_a_single_move_spends_nothing() -> None:
    board = Scenario(at(), play="b2-c3^d3", tokens={}).check()
    board.pop()
    assert turns(Board.from_position(at(extra="atalanta=used"))) < turns(board)


def test_only_the_same_worker_moves_again() -> None:
    Scenario(at(), illegal=["b2-c2,d4-d5^e5"]).check()


def test_persephone_needs_a_move_up_somewhere_in_the_walk() -> None:
    """RULINGS #43: when she can move up, her turn must contain a move up; the walk may
    go up on any of its moves."""
    Scenario(
        position("e4=1", powers="Atalanta,Persephone"),
        listed=["d4-e4^e5"],
        legal=["b2-c3-d3-e4^e5", "b2-c2-d3-e4-d3^c3"],  # up on the way, then down
        illegal=["b2-c3^d3", "b2-c2-c3^d3"],
    ).check()


def test_dionysus_extra_turn_cannot_make_her_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn moves an Atalanta
    worker once."""
    text = position(workers="a5,e1 b2,d4", powers="Dionysus,Atalanta", extra="dionysus.extra=on")
    legal = turns(Board.from_position(text))
    assert legal and all(t == "." or t.count("-") == 1 for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        at(),
        "b2-c2-c3^d3",
        mid=[
            at(workers="c2,d4 b4,d2", extra="turn=b2-c2"),
            at(workers="c3,d4 b4,d2", extra="atalanta=used turn=b2-c2-c3"),
        ],
        after=at("d3=1", "c3,d4 b4,d2", to_move=2, extra="atalanta=used"),
    )


# ---------------------------------------------------------------------- naive cross-check
def walks(pos: nv.Pos, index: int, more: bool) -> dict[tuple[str, nv.Coord, int], list[list[nv.Coord]]]:
    """Every shortest walk of one worker to each end: ``("at"|"win", square, moves)`` with
    moves 1 or 2 (two or more); each move to a neighbouring space that is unoccupied (the
    start space is free once left), at most one level up; a climb onto level 3 ends it.
    ``more``: further moves are allowed (the power unused)."""
    src = pos.workers[pos.to_move][index]
    start = ("at", src, 0)
    dist = {start: 0}
    preds: dict[tuple[str, nv.Coord, int], list[tuple[str, nv.Coord, int]]] = {start: []}
    layer = [start]
    while layer:
        deeper = []
        for node in layer:
            _, cur, k = node
            if k == 1 and not more:
                continue
            for dst in nv.neighbours(cur):
                if not (pos.unoccupied(dst) or dst == src) or pos.levels[dst] > pos.levels[cur] + 1:
                    continue
                won = pos.levels[dst] == 3 and pos.levels[cur] < 3
                child = ("win" if won else "at", dst, min(k + 1, 2))
                if child not in dist:
                    dist[child] = dist[node] + 1
                    preds[child] = [node]
                    if not won:
                        deeper.append(child)
                elif dist[child] == dist[node] + 1:
                    preds[child].append(node)
        layer = deeper

    def paths(node: tuple[str, nv.Coord, int]) -> list[list[nv.Coord]]:
        if not preds[node]:
            return [[node[1]]]
        return [[*p, node[1]] for pred in preds[node] for p in paths(pred)]

    return {node: paths(node) for node in dist if node[2] > 0}


def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: one worker walks (one move, or once per game any number), then
    builds next to where it stops; every shortest walk to each end is listed."""
    if pos.to_move != seat:
        return hs.plain_turns(pos, tokens)
    me = pos.to_move
    out = []
    for i in range(len(pos.workers[me])):
        for (kind, end, k), routes in walks(pos, i, tokens.get("atalanta") != "used").items():
            after = pos.copy()
            after.workers[me][i] = end
            toks = hs.used(tokens, "atalanta") if k == 2 else dict(tokens)
            texts = ["-".join(nv.name(c) for c in route) for route in routes]
            after.to_move = 1 - me
            if kind == "win":
                out += [(text, after, toks, f"{me + 1}:climb") for text in texts]
                continue
            for text in texts:
                out += hs.spending(nv.builds(after, end, text), toks)
    return out


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Atalanta", seed=4801, count=16, dome_chance=0.25)):
        check_against_naive(hs.oracle(naive_turns, seat), text + (" atalanta=used" if i % 5 == 4 else ""))


HILLS = "0A000/01210/A232A/0121B/00C00 1 c3,a1 b4,d2 powers=Atalanta,-"
HILLS_2 = "0A000/01210/A232A/0121B/00C00 2 c3,a1 b4,d2 powers=-,Atalanta"


@pytest.mark.parametrize(("text", "seat", "golden"), [(HILLS, 0, (173, 5587)), (HILLS_2, 1, (167, 8009))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Atalanta"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
