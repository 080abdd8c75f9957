"""55. Theseus (SANTORINI.md §4 "Heroes"; RULINGS #63, #67): once per game, at the end of his
turn, if one of his workers is exactly 2 levels below a neighbouring opponent worker, he may
remove one such opponent worker from the game. Written as a removal by his worker below,
aimed at the victim: ``b2-c3^c4,a1xa2``; it spends the power (``theseus=used``)."""

from __future__ import annotations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.powers import banned_pairs
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_random_playouts, check_round_trip, seatings
from powers.oracle import check_against_naive, check_perft, random_positions
from powers.scenario import Scenario, position, positions, turns

at = positions("Theseus,-")

#: Theseus on a1 (ground) and b3; opponents on a2 (level 2, two above a1) and c2 (level 3).
START = at("a2=2 c2=3 b2=1", "a1,b3 a2,c2")


# ---------------------------------------------------------------------- scenarios
def test_removes_an_opponent_two_levels_above() -> None:
    """Card, RULINGS #67: the victim leaves the game (the core counts it: ``removed``)."""
    Scenario(
        START,
        play="b3-c3^c4,a1xa2",
        after=at("a2=2 c2=3 b2=1 c4=1", "a1,c3 c2", to_move=2, extra="removed=0,1 theseus=used"),
    ).check()


def test_exactly_two_levels_and_either_worker() -> None:
    """Not three levels above: c2 (level 3) is out of reach of his ground-level workers, but
    his worker that moved onto b2 (level 1) may take it; and the unmoved one may act too."""
    board = Scenario(
        START,
        listed=["b3-b2^c3xc2", "a1-b1^c1xa2"],
        # a2 is two above both b1 (moved there) and b3: either may take it, to the same end.
        legal=["a1-b1^c1,b3xa2"],
        play="b3-b2^c3xc2",
    ).check()
    assert board.workers[1] == [parse_square("a2")]
    board.pop()
    for turn in turns(board):
        if "xc2" in turn:
            assert turn.startswith(("b3-b2", "a1-b2")), turn


def test_one_victim_only_and_optional() -> None:
    Scenario(START, illegal=["b3-b2^c3xc2,a1xa2"], play="b3-b2^c3", tokens={}).check()


def test_a_player_left_without_workers_loses() -> None:
    """SANTORINI.md §2: the opponent with no worker left has no legal turn."""
    Scenario(
        at("a2=2", "a1,b3 a2", extra="removed=0,1"),
        play="b3-c3^c4,a1xa2",
        winner=0,
        by=Termination.NO_LEGAL_TURN,
    ).check()


def test_once_per_game() -> None:
    board = Scenario(
        START.replace("powers=Theseus,-", "powers=Theseus,- theseus=used"), illegal=["b3-c3^c4,a1xa2"]
    ).check()
    assert not any("x" in t for t in turns(board))


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    board = Board.from_position(at("a2=2 b3=2 c3=3", "a1,b3 a2,c2"))
    assert not any(t.startswith("b3-c3") and t != "b3-c3" for t in turns(board))


def test_banned_against_nemesis() -> None:
    """POWERS.csv: Theseus and Nemesis are a banned matchup."""
    assert frozenset({"Theseus", "Nemesis"}) in banned_pairs()


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with a Theseus
    worker ends with its build."""
    text = position(
        "a2=2 c2=3 b2=1", workers="a2,c2 a1,b3", powers="Dionysus,Theseus", extra="dionysus.extra=on"
    )
    legal = turns(Board.from_position(text))
    assert any(t.startswith("b3-") for t in legal) and not any("x" in t for t in legal)


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        START,
        "b3-c3^c4,a1xa2",
        mid=[None, at("a2=2 c2=3 b2=1 c4=1", "a1,c3 a2,c2", extra="turn=b3-c3^c4")],
        after=at("a2=2 c2=3 b2=1 c4=1", "a1,c3 c2", to_move=2, extra="removed=0,1 theseus=used"),
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, then (once) one opponent worker standing exactly
    two levels above a neighbouring worker of his leaves the game."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("theseus") == "used":
        return out
    me, them = pos.to_move, 1 - pos.to_move
    for text, after, outcome, _ in hs.base_turns(pos):
        if outcome:
            continue
        for k, victim in enumerate(after.workers[them]):
            below = [w for w in after.workers[me] if victim in nv.neighbours(w)]
            below = [w for w in below if after.levels[victim] == after.levels[w] + 2]
            if not below:
                continue
            gone = after.copy()
            del gone.workers[them][k]
            counts = [int(n) for n in tokens.get("removed", "0,0").split(",")]
            counts[them] += 1
            toks = hs.used(tokens, "theseus", removed=",".join(map(str, counts)))
            out.append((f"{text},{nv.name(below[0])}x{nv.name(victim)}", gone, toks, ""))
    return out


#: A turn as its move and build plus the victim (which worker of his is below is free).
norm = hs.free_order("x")


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    for i, (text, seat) in enumerate(random_positions("Theseus", seed=5501, count=30, dome_chance=0.15)):
        check_against_naive(
            hs.oracle(naive_turns, seat, norm), text + (" theseus=used" if i % 6 == 5 else "")
        )


#: Steps of a pyramid: his workers low, theirs high.
STEPS = "00000/01210/12321/01210/00000 1 a3,c1 b3,c2 powers=Theseus,-"
STEPS_2 = "00000/01210/12321/01210/00000 1 b3,c2 a3,c1 powers=-,Theseus"


@pytest.mark.parametrize(("text", "seat", "golden"), [(STEPS, 0, (76, 3565)), (STEPS_2, 1, (58, 3286))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Theseus"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    check_random_playouts(powers, replay=True)
