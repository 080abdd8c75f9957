"""Hidden information at the terminal (issue 13, item 5): everything shown to a player
in a hot-seat game — the board, the forms of their turn, ``legal``, ``hint``, errors,
the events of the turns — comes from that player's view.

The check: the same game is played in two worlds that differ only in a secret the
viewer may not see (where Hecate's workers stand, the Fate square, the Abyss). The
viewer types the same lines in both, the secret's owner plays turns that look the same
to the viewer; then every screen the viewer was shown must be the same, byte for byte.
Anything that depends on the secret (a count, a form, a listed turn) makes them differ.
"""

from __future__ import annotations

import random
import re

import pytest

from aegean.ai import make_ai
from aegean.cli.session import GameSession, Seat
from aegean.santorini import Board, format_turn
from aegean.santorini.view import redact_turn
from cli_support import CLEARED, run_loop, run_loop_with, run_script

#: What the viewer asks at each of their turns before playing it.
COMMANDS = ("legal", "hint", "powers", "board", "position", "legal b2", "b2-b2^b2", "zz9", "help")

#: (name, the viewer, world A, world B): two true positions the viewer cannot tell apart.
WORLDS = [
    (
        "Hecate's workers",
        0,
        "00000/00000/00000/00000/00000 1 b2,d4 a3,c5 powers=Artemis,Hecate",
        "00000/00000/00000/00000/00000 1 b2,d4 e1,a5 powers=Artemis,Hecate",
    ),
    (
        "Moerae's Fate square",
        0,
        "00000/00000/00300/02000/30000 1 b2,e1 a5,e4,e5 powers=Apollo,Moerae moerae.fate=c3",
        "00000/00000/00300/02000/30000 1 b2,e1 a5,e4,e5 powers=Apollo,Moerae moerae.fate=a1",
    ),
    (
        "Tartarus's Abyss",
        0,
        "00000/00000/00000/00000/00000 1 b2,d4 a5,e1 powers=Minotaur,Tartarus tartarus.abyss=c3",
        "00000/00000/00000/00000/00000 1 b2,d4 a5,e1 powers=Minotaur,Tartarus tartarus.abyss=e5",
    ),
    (
        # Harpies's slide of a hidden worker is taken on Harpies's behalf, never asked.
        "Hecate's workers slid by Harpies",
        1,
        "00000/00000/00000/00000/00000 1 a1,c1 e5,e4 powers=Hecate,Harpies",
        "00000/00000/00000/00000/00000 1 b1,c2 e5,e4 powers=Hecate,Harpies",
    ),
    (
        "Hecate from the empty board",
        0,
        "00000/00000/00000/00000/00000 1 - - powers=Apollo,Hecate",
        "00000/00000/00000/00000/00000 1 - - powers=Apollo,Hecate",
    ),
    (
        "Tartarus's Abyss from the empty board",
        1,
        "00000/00000/00000/00000/00000 1 - - powers=Tartarus,Demeter",
        "00000/00000/00000/00000/00000 1 - - powers=Tartarus,Demeter",
    ),
]


def seen(board: Board, viewer: int) -> tuple[str, tuple[str, ...]]:
    view = board.view(viewer)
    return view.position, view.turns


def scripts(start_a: str, start_b: str, viewer: int, seed: int, turns: int = 8) -> tuple[list[str], ...]:
    """The turns typed in each world, chosen at random (seeded) while the game goes on,
    for up to ``turns`` turns: the viewer's the same in both, the secret's owner's ones
    that look the same to the viewer (different ones where there are: from the empty
    board, that is where the worlds part)."""
    rng = random.Random(seed)
    a, b = Board.from_position(start_a), Board.from_position(start_b)
    typed_a: list[str] = []
    typed_b: list[str] = []
    for _ in range(turns):
        assert seen(a, viewer) == seen(b, viewer)  # (the engine's promise)
        mover = a.to_move
        theirs = mover != viewer
        candidates = a.legal_turns() if theirs else a.visible_turns()
        rng.shuffle(candidates)
        chosen = None
        for turn in candidates[:20]:
            a.play(turn)
            if a.outcome() is None:
                target = seen(a, viewer)
                looks = target[1][-1]  # the turn as the viewer sees it
                options = b.legal_turns() if theirs else [turn]
                rng.shuffle(options)
                for other in sorted(options, key=lambda t: t == turn):
                    if theirs and redact_turn(b, other, mover, viewer) != looks:
                        continue  # (cheap: only turns that read the same are played)
                    b.play(other)
                    if b.outcome() is None and seen(b, viewer) == target:
                        chosen = (turn, other)
                        break
                    b.pop()
            if chosen is not None:
                break
            a.pop()
        if chosen is None:
            break
        typed_a.append(format_turn(chosen[0]))
        typed_b.append(format_turn(chosen[1]))
    return typed_a, typed_b


def play_world(start: str, turns: list[str], viewer: int) -> list[str]:
    """Play ``turns`` hot-seat from ``start``, the viewer typing :data:`COMMANDS` before
    each of their turns; returns the screens shown to the viewer."""
    session = GameSession(
        [Seat("human"), Seat("human")],
        Board.from_position(start),
        hint_engine=lambda: make_ai("random", seed=5),  # (any AI: it must read the view only)
    )
    queue = list(turns)
    commands = list(COMMANDS)

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Pass the screen"):
            return ""
        if not queue:
            return None
        asking = re.match(r" \d +player (\d)", prompt)
        if asking is not None and int(asking.group(1)) - 1 == viewer and commands:
            return commands.pop(0)
        commands[:] = list(COMMANDS)
        return queue.pop(0)

    status, transcript = run_loop_with(session, answer)
    assert status == 0 and not queue, transcript  # every turn was played
    return screens_of(transcript, viewer)


def screens_of(transcript: str, viewer: int) -> list[str]:
    """The screens of a hot-seat transcript shown to ``viewer``: it is cut where the
    screen is cleared, and after "Pass the screen to player N" the screen is N's."""
    owner: int | None = None
    shown: list[str] = []
    for i, screen in enumerate(transcript.split(CLEARED)):
        passed = re.search(r"Pass the screen to player (\d)", screen)
        if passed is not None and i:
            owner = int(passed.group(1)) - 1
            continue  # (the passing screen itself: only the prompt)
        if owner is None:
            first = re.search(r" \d +player (\d)[^\n]*> ", screen)
            owner = int(first.group(1)) - 1 if first else None
        if owner == viewer:
            shown.append(screen)
    return shown


@pytest.mark.parametrize(("name", "viewer", "world_a", "world_b"), WORLDS, ids=[w[0] for w in WORLDS])
def test_hot_seat_screens_do_not_depend_on_the_secret(
    name: str, viewer: int, world_a: str, world_b: str
) -> None:
    for seed in range(3):
        turns_a, turns_b = scripts(world_a, world_b, viewer, seed)
        assert len(turns_a) >= 4, f"{name}: no game to play"
        if world_a == world_b and turns_a == turns_b:
            continue  # (from the empty board the worlds part at the owner's secret choice)
        screens_a = play_world(world_a, turns_a, viewer)
        screens_b = play_world(world_b, turns_b, viewer)
        assert len(screens_a) == len(screens_b)
        for shown_a, shown_b in zip(screens_a, screens_b, strict=True):
            assert shown_a == shown_b, f"{name}, seed {seed}: player {viewer + 1} is shown the secret"
        return
    pytest.fail(f"{name}: the worlds never differed")


@pytest.mark.parametrize(
    ("position", "leak"),
    [
        # Hecate's hidden worker on a3: the true board has a one-step turn b2-a3 (cancelled).
        ("00000/00000/00000/00000/00000 1 b2,d4 a3,c5 powers=Artemis,Hecate", r"^\s+move\s+b2-a3\s"),
        # The Fate square on c3: the winning climb b2-c3 is Moerae's win on the true board.
        (
            "00000/00000/00300/02000/30000 1 b2,e1 a5,e4,e5 powers=Apollo,Moerae moerae.fate=c3",
            r"^\s+move\s+b2-c3\s",
        ),
    ],
)
def test_the_forms_of_a_turn_come_from_the_view(position: str, leak: str) -> None:
    """The examples of issue 13, item 5, as typed: the forms panel shows no turn that
    only the true board has."""
    args = ("santorini", "play", "--position", position, "--opponent", "human")
    done = run_script(*args, stdin="powers\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "your turn can take" in done.stdout
    assert not re.search(leak, done.stdout, re.M), done.stdout


def test_show_with_a_view_counts_the_turns_the_player_can_write() -> None:
    """``show --view N``: the count of the player's legal turns is the same whatever
    is hidden from them (here: where Hecate's workers stand)."""
    counts = set()
    for workers in ("a3,c5", "e1,a5", "c3,c2"):
        position = f"00000/00000/00000/00000/00000 1 b2,d4 {workers} powers=Artemis,Hecate"
        done = run_script("santorini", "show", position, "--view", "1")
        assert done.returncode == 0, done.stderr
        counts.add(done.stdout.strip().splitlines()[-1])
    assert len(counts) == 1, counts


def test_a_choice_inside_a_hidden_turn_is_offered_as_its_owner_sees_the_board() -> None:
    """Gaea chooses where to place after Hecate's dome: the spaces are offered as Gaea
    sees the board (a hidden worker's space looks free, in every world alike); choosing
    one that a hidden worker holds is cancelled and her power declines (RULINGS #56, as
    at the online table)."""
    prompts = []
    for hecate in ("b2,d4", "b2,e1"):
        position = f"00000/00000/00300/00000/00000 1 {hecate} a5,e5 powers=Hecate,Gaea"
        session = GameSession([Seat("human"), Seat("human")], Board.from_position(position))
        status, out = run_loop(session, ["b2-b3^c3", "", "@b3", "", "quit"])
        assert status == 0
        asked = re.search(r"player 2 \(Gaea\), choose ([^>]*)>", out)
        assert asked is not None, out
        prompts.append(asked.group(1))
        assert "@b3 is not possible: the power declines (~)." in out
        assert format_turn(session.board.history[-1]).endswith("~")
    assert prompts[0] == prompts[1]
