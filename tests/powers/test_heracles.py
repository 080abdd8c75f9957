"""50. Heracles (SANTORINI.md §4 "Heroes"; RULINGS #63, #71, printed text): once per game, at
the end of his turn, both of his workers build any number of domes (zero included) at any
level, each on unoccupied spaces next to it. The first dome spends the power
(``heracles=used``); a dome below level 3 is written ``^c4D``."""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest

import naive as nv
from aegean.santorini import Board, Termination
from aegean.santorini.squares import parse_square
from powers import hero_support as hs
from powers.invariants import check_round_trip, check_step_playouts, seatings
from powers.oracle import check_against_naive, check_perft
from powers.scenario import Scenario, turns

#: Heracles on a1 and e1 among domes: a1 may go to a2, b1, b2; e1 to d1, e2.
CORNERED = "00000/00000/AA00A/00AA0/00A00 1 a1,e1 c4,d4 powers=Heracles,-"


# ---------------------------------------------------------------------- scenarios
def test_both_workers_dome_after_the_build() -> None:
    """Printed text (RULINGS #71): after his normal turn, each worker builds domes at any
    level next to itself (a1 left empty by the move included); the first dome sets the
    token."""
    Scenario(
        CORNERED,
        play="a1-b2^c3^a1D,e1^e2D^d1D",
        after="00000/00000/AA10A/00AAA/A0AA0 2 b2,e1 c4,d4 powers=Heracles,- heracles=used",
    ).check()


def test_zero_domes_is_no_use() -> None:
    """'Any number of domes (zero included)': stopping after the build spends nothing."""
    Scenario(CORNERED, listed=["a1-b2^c3"], play="a1-b2^c3", tokens={}).check()


def test_a_dome_on_level_3_is_the_ordinary_dome_and_domes_go_next_to_the_builder() -> None:
    """A dome on level 3 is written as the natural build (``^e2``); each dome goes on an
    unoccupied space (no worker, no dome) next to the worker that builds it."""
    text = "00000/00000/AA00A/00AA3/00A00 1 a1,e1 c4,d4 powers=Heracles,-"
    Scenario(
        text,
        illegal=["a1-b2^c3,e1^d3D", "a1-b2^c3^a1D^a1D", "a1-b2^c3^c2D", "a1-b2^c3,e1^d2D", "a1-b2^c3^e2D"],
    ).check()
    board = Scenario(text, play="a1-b2^c3,e1^e2").check()
    assert board.domes >> parse_square("e2") & 1 and board.height[parse_square("e2")] == 3


def test_domes_in_any_order_and_by_either_worker_first() -> None:
    """The order of the domes is free, and the same set of domes is one turn."""
    first = Scenario(CORNERED, play="a1-b2^c3,e1^d1D,b2^a1D").check().position()
    Scenario(CORNERED, play="a1-b2^c3^a1D,e1^d1D", after=first).check()
    ends = [t for t in turns(Board.from_position(CORNERED)) if t.startswith("a1-b2^c3") and t.count("D") == 2]
    assert len(ends) == len({frozenset(re.findall(r"\^([a-e][1-5])D", t)) for t in ends}) == 15


def test_once_per_game() -> None:
    """RULINGS #63: with the token set, the turn ends after the build."""
    board = Scenario(CORNERED + " heracles=used", illegal=["a1-b2^c3^a1D"]).check()
    assert all(t.count("^") == 1 for t in turns(board))


def test_not_after_a_winning_climb() -> None:
    """Ruling 7: a win ends the game at once, with no end-of-turn effects."""
    Scenario(
        "00000/00000/AA00A/30AA0/20A00 1 a1,e1 c4,d4 powers=Heracles,-",
        listed=["a1-a2"],
        never_begins=["a1-a2^", "a1-a2,"],
        play="a1-a2",
        by=Termination.CLIMB,
        tokens={},
    ).check()


def test_limus_forbids_his_low_domes_next_to_her_workers() -> None:
    """RULINGS #40 (printed Limus): next to her workers only a dome completing a tower may
    be built: his lower domes there are refused, one on level 3 is allowed."""
    board = Scenario(
        "00000/00000/AA00A/00AA3/00A00 1 a1,e1 c4,d3 powers=Heracles,Limus",
        listed=["a1-b2^b1,e1^e2", "a1-b2^b1,e1^d1D"],
        illegal=["a1-b2^b1^c3D"],
    ).check()
    assert not any("c3" in t for t in turns(board))  # c3 neighbours Limus's d3: no block, no dome


def test_dionysus_extra_turn_cannot_make_him_use_it() -> None:
    """No opponent power can make a hero use it: Dionysus's extra turn with a Heracles
    worker is a move and one build."""
    text = "00000/00000/AA00A/00AA0/00A00 1 c4,d4 a1,e1 powers=Dionysus,Heracles dionysus.extra=on"
    board = Scenario(text, begins=["a1-"]).check()
    assert all(t == "." or t.count("^") == 1 for t in turns(board))


def test_undo_and_position_round_trip_mid_turn() -> None:
    check_round_trip(
        CORNERED,
        "a1-b2^c3^a1D,e1^e2D",  # then "." declines further domes: the turn ends
        mid=[
            "00000/00000/AA00A/00AA0/00A00 1 b2,e1 c4,d4 powers=Heracles,- turn=a1-b2",
            "00000/00000/AA10A/00AA0/00A00 1 b2,e1 c4,d4 powers=Heracles,- turn=a1-b2^c3",
            "00000/00000/AA10A/00AA0/A0A00 1 b2,e1 c4,d4 powers=Heracles,- heracles=used turn=a1-b2^c3^a1D",
            "00000/00000/AA10A/00AAA/A0A00 1 b2,e1 c4,d4 powers=Heracles,- heracles=used"
            " turn=a1-b2^c3^a1D,e1^e2D",
        ],
        after="00000/00000/AA10A/00AAA/A0A00 2 b2,e1 c4,d4 powers=Heracles,- heracles=used",
        compare_turns=False,
    )


# ---------------------------------------------------------------------- naive cross-check
def naive_turns(pos: nv.Pos, tokens: hs.Tokens, seat: int) -> list[hs.NaiveTurn]:
    """From the card text: the base turns, then (once) domes on any set of unoccupied
    spaces next to either of his workers."""
    out = hs.plain_turns(pos, tokens)
    if pos.to_move != seat or tokens.get("heracles") == "used":
        return out
    me = pos.to_move
    spent = hs.used(tokens, "heracles")
    for text, after, outcome, _ in hs.base_turns(pos):
        if outcome:
            continue
        spots = sorted({t for w in after.workers[me] for t in nv.neighbours(w) if after.unoccupied(t)})
        for size in range(1, len(spots) + 1):
            for chosen in combinations(spots, size):
                domed = after
                parts = [text]
                for c in chosen:
                    builder = next(w for w in after.workers[me] if c in nv.neighbours(w))
                    parts.append(f",{nv.name(builder)}^{hs.dome_text(after, c)}")
                    domed = hs.dome(domed, c)
                out.append(("".join(parts), domed, spent, ""))
    return out


#: A turn as its move and build plus the set of spaces domed (order and builder free).
norm = hs.free_order("^")


def test_turns_match_a_naive_generator_on_random_positions() -> None:
    rng = random.Random(5001)
    checked = 0
    while checked < 14:
        seat = checked % 2
        powers = "Heracles,-" if seat == 0 else "-,Heracles"
        used = " heracles=used" if checked % 7 == 6 else ""
        text = nv.random_board(rng, dome_chance=0.55) + f" powers={powers}{used}"
        pos = nv.parse(" ".join(text.split()[:4]))
        if pos.to_move != seat:
            continue
        near = {c for w in pos.workers[seat] for n in nv.neighbours(w) for c in [n, *nv.neighbours(n)]}
        if sum(pos.unoccupied(c) for c in near) > 8:
            continue  # too many sets of domes to list quickly
        check_against_naive(hs.oracle(naive_turns, seat, norm), text)
        checked += 1


#: As CORNERED with b1 domed too (fewer sets of domes), Heracles first or second seat.
BOXED = "00000/00000/AA00A/00AA0/0AA00 1 a1,e1 c4,d4 powers=Heracles,-"
BOXED_2 = "00000/00000/AA00A/00AA0/0AA00 2 c4,d4 a1,e1 powers=-,Heracles"


@pytest.mark.parametrize(("text", "seat", "golden"), [(BOXED, 0, (256, 11232)), (BOXED_2, 1, (256, 11232))])
def test_perft_golden_values_agree_with_the_naive_generator(
    text: str, seat: int, golden: tuple[int, int]
) -> None:
    check_perft(hs.oracle(naive_turns, seat, norm), {text: golden})


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("powers", seatings("Heracles"))
def test_random_playouts_keep_the_invariants(powers: list[str | None]) -> None:
    """Seeded random games played step by step (listing his turns while the power is unused
    would mean every set of domes): hashes, position round trips mid-turn, a winner,
    replay from notation, undo back to the start; he uses the power in some game."""
    games = check_step_playouts(powers, range(3))
    assert any("heracles=used" in p for game in games for p in game.positions)
