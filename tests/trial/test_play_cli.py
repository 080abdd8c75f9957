"""Trial of the Gods at the terminal (issue 14, item 6): ``aegean trial play`` played to
the end with numbered choices, bad input answered with one line and no change, ``help``,
``undo`` (and when it is refused), ``save`` and ``replay``, the seats, and hot-seat
play where no screen shown to one player holds another's secrets."""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest

from aegean.cli.trial_loop import CLEARED, TrialLoop
from aegean.cli.trial_present import DECISIONS
from aegean.cli.trial_table import Seat, TrialTable, chance_mark
from aegean.trial.engine import Game
from aegean.trial.record import read_record
from aegean.trial.view import observe

from .play_support import SAMPLE, Answer, assert_one_error_line, drive, invoke, new_table

LABEL = "Not the publisher's content"
#: The commands that only show something.
SHOWING = ("board", "players", "hand", "olympics", "enemies", "log", "show", "choices", "help")


def numbered(seed: int, showing: float = 0.0) -> Answer:
    """Answer every prompt with the number of a random legal choice (seeded), sometimes
    (``showing``) a command that only shows something first; Enter at hand-overs."""
    rng = random.Random(seed)

    def answer(prompt: str, loop: TrialLoop) -> str:
        if prompt.startswith("Pass the screen"):
            line = ""
        elif rng.random() < showing:
            line = rng.choice(SHOWING)
        else:
            player = int(prompt.split()[1].rstrip(">")) - 1
            line = str(rng.randrange(len(loop.table.game.legal(player))) + 1)
        return line

    return answer


def snapshot(table: TrialTable) -> tuple[Any, ...]:
    """Everything about the game: each seat's view, the spectator's, the random
    generator and the record."""
    game = table.game
    views = [json.dumps(observe(game, seat), sort_keys=True) for seat in (None, *range(game.players))]
    return (*views, game.state.rng.getstate(), list(table.record.choices), table.record.result)


def error_lines(transcript: str) -> list[str]:
    return [line for line in transcript.splitlines() if line.startswith("✗")]


# ---------------------------------------------------------------------- whole games
def numbered_lines(seed: int) -> tuple[list[str], TrialTable]:
    """The numbers :func:`numbered` types in a whole game against the random bot (played
    on the table, without the screen), and the table at the end."""
    table = new_table(seed)
    rng = random.Random(seed)
    typed = []
    while not table.game.over:
        if 1 in table.game.to_decide():  # (bots first, as the loop plays them)
            table.play_bot(1)
            continue
        legal = table.game.legal(0)
        number = rng.randrange(len(legal)) + 1
        typed.append(str(number))
        table.decide(0, legal[number - 1])
    return typed, table


def test_a_whole_game_against_the_random_bot_with_numbered_choices(tmp_path: Path) -> None:
    """Typed to the command: the game ends, the record saved is the game's, and
    ``replay`` agrees with its result."""
    typed, table = numbered_lines(21)
    result = table.record.result
    assert result is not None
    save = tmp_path / "game.json"
    code, stdout, stderr = invoke(
        "trial", "play", "--seed", "21", "--save", str(save), stdin="\n".join(typed)
    )
    assert code == 0, stderr
    assert LABEL in stdout
    assert f"Game over: {result}." in stdout
    assert not error_lines(stdout)
    assert stdout.count("player 1> ") == len(typed)
    assert read_record(save) == table.record
    code, stdout, stderr = invoke("trial", "replay", str(save))
    assert code == 0, stderr
    assert f"Result: {result}." in stdout


def test_bots_in_every_seat_play_a_game_while_it_is_watched() -> None:
    code, stdout, stderr = invoke(
        "trial", "play", "--players", "3", "--seats", "random,random,random", "--seed", "4"
    )
    assert code == 0, stderr
    assert "Game over: scores" in stdout
    assert "Your hand" not in stdout  # nobody's secrets: nobody at the screen


# ---------------------------------------------------------------------- bad input
BAD_LINES = ["zz", "0", "99", "sail:nowhere", "pass", "x" * 10_000, "save", "undo now", "help me", "undo"]


def test_bad_input_is_one_line_and_changes_nothing() -> None:
    table = new_table(seed=22)
    snapshots = []

    def answer(prompt: str, loop: TrialLoop) -> str | None:
        snapshots.append(snapshot(table))
        return next(feed, None)

    feed = iter([*BAD_LINES, "quit"])
    status, out, _ = drive(table, answer)
    assert status == 0
    assert all(s == snapshots[0] for s in snapshots)
    lines = out.splitlines()
    prompts = [i for i, line in enumerate(lines) if line.startswith("player 1> ")]
    assert len(prompts) == len(BAD_LINES) + 1
    for start, end in itertools.pairwise(prompts):
        between = lines[start + 1 : end]
        assert len(between) == 1 and between[0].startswith("✗ "), between
        assert len(between[0]) < 200
    assert "Traceback" not in out


def test_help_lists_the_commands_and_says_what_the_decision_means() -> None:
    def answer(prompt: str, loop: TrialLoop) -> str | None:
        kind = loop.view()["decision"]["kind"]
        asked.append(kind)
        if kind in ("place", "buy") and kind not in helped:
            helped.add(kind)
            return "help"
        return "quit" if helped == {"place", "buy"} else "1"

    asked: list[str] = []
    helped: set[str] = set()
    status, out, _ = drive(new_table(seed=23), answer)
    assert status == 0 and helped == {"place", "buy"}
    for needle in ("undo", "save FILE", "quit", "the choice numbered 3 in the list"):
        assert needle in out
    assert f"Now: {DECISIONS['place']}" in out
    assert f"Now: {DECISIONS['buy']}" in out


# ---------------------------------------------------------------------- undo
def test_undo_takes_back_a_choice_and_leaves_the_game_as_it_was() -> None:
    stage: dict[str, Any] = {}

    def answer(prompt: str, loop: TrialLoop) -> str:
        table = loop.table
        if "after undo" in stage:
            return "quit"
        if "before" in stage:
            stage["after undo"] = True
            return "undo"
        legal = table.game.legal(0)
        if loop.view()["decision"]["kind"] == "buy" and legal[0] != "done":
            stage["before"] = snapshot(table)
            stage["choice"] = legal[0]
        return "1"

    table = new_table(seed=24)
    status, out, _ = drive(table, answer)
    assert status == 0
    assert snapshot(table) == stage["before"]
    assert f"Took back {stage['choice']!r}." in out


def test_undo_is_refused_after_chance_or_another_player_and_exact_otherwise() -> None:
    """A game where seat 1's every choice is tried with ``undo``: where it is allowed,
    the game returns exactly to before the choice (and the choice is made again); it is
    refused when a card was drawn (entering a sea zone without a Block draws a Travel
    card) and once the other player has decided."""
    rng = random.Random(25)
    table = new_table(seed=25)
    game = table.game
    undone = drawn = waited = 0
    while not table.game.over:
        game = table.game
        deciders = game.to_decide()
        if 0 not in deciders:
            table.play_bot(deciders[0])
            refusal = table.undo_refusal(0)
            assert refusal is not None
            if table.record.choices[-1][0] == 1 and any(p == 0 for p, _ in table.record.choices):
                assert "player 2 decided after your last choice" in refusal
                waited += 1
            continue
        before = snapshot(table)
        choice = rng.choice(game.legal(0))
        kind, _, target = choice.partition(":")
        fresh_sea = (
            kind == "sail"
            and game.zone(target).kind == "sea"
            and target not in game.state.blocks
            and bool(game.state.travel or game.state.travel_discard)
        )
        table.decide(0, choice)
        refusal = table.undo_refusal(0)
        if fresh_sea:
            assert refusal is not None and "a card was drawn" in refusal
            drawn += 1
        if refusal is None:
            assert table.undo(0) == choice
            assert snapshot(table) == before
            table.decide(0, choice)
            undone += 1
        else:
            with pytest.raises(Exception, match="cannot undo"):
                table.undo(0)
    assert undone > 20 and drawn > 0 and waited > 20, (undone, drawn, waited)


def test_undo_turn_rewinds_the_whole_turn() -> None:
    """``undo turn`` (item 6: undo within one's own turn): a card played for Restore or
    Heal, then a fight declared and a card added to it (none of which reveals anything),
    are taken back together, and the game is exactly as it was when the turn began."""
    table = new_table(seed=31)
    rewound = 0
    while not table.game.over and rewound < 3:
        game = table.game
        p = game.to_decide()[0]
        frame = game.state.stack[-1]
        quiet = [c for c in game.legal(p) if c.endswith((":heal", ":restore"))]
        if p != 0 or not (frame["kind"] == "turn" and frame["actions"] == 0 and quiet):
            table.play_bot(p) if p else table.decide(0, game.legal(0)[0])
            continue
        before = snapshot(table)
        made = [quiet[0]]
        table.decide(0, quiet[0])
        fights = [c for c in table.game.legal(0) if c.startswith("fight:")]
        if fights:
            made.append(fights[0])
            table.decide(0, fights[0])
            made.append(table.game.legal(0)[0])  # the first card added to the fight
            table.decide(0, made[-1])
        assert table.undo_turn(0) == made
        assert snapshot(table) == before
        rewound += len(made) > 1
        for choice in made[:1]:
            table.decide(0, choice)
    assert rewound == 3


def test_undo_turn_at_the_prompt_says_what_it_took_back() -> None:
    seen: dict[str, Any] = {}

    def answer(prompt: str, loop: TrialLoop) -> str:
        game = loop.table.game
        if "after" in seen:
            return "quit"
        if "made" in seen:
            seen["after"] = True
            return "undo turn"
        frame = game.state.stack[-1]
        quiet = [c for c in game.legal(0) if c.endswith((":heal", ":restore"))]
        if frame["kind"] == "turn" and frame["player"] == 0 and frame["actions"] == 0 and quiet:
            seen["before"] = snapshot(loop.table)
            seen["made"] = quiet[0]
            return quiet[0]
        return "1"

    table = new_table(seed=31)
    status, out, _ = drive(table, answer)
    assert status == 0
    assert snapshot(table) == seen["before"]
    assert f"Took back 1 choice: {seen['made']!r}." in out


def test_undo_turn_stops_where_undo_must() -> None:
    """Where a single ``undo`` is refused, ``undo turn`` is refused with the same line and
    changes nothing; where it stops early (a card drawn), the choices after stay undone."""
    table = new_table(seed=25)
    with pytest.raises(Exception, match="nothing to undo"):
        table.undo_turn(0)
    rng = random.Random(7)
    tried = 0
    while not table.game.over and tried < 40:
        game = table.game
        p = game.to_decide()[0]
        if p != 0:
            table.play_bot(p)
            continue
        table.decide(0, rng.choice(game.legal(0)))
        refusal = table.undo_refusal(0)
        before = snapshot(table)
        if refusal is not None:
            with pytest.raises(Exception, match=r"cannot undo|decided after"):
                table.undo_turn(0)
            assert snapshot(table) == before
        else:
            count = len(table.record.choices)
            taken = table.undo_turn(0)
            assert taken and len(table.record.choices) == count - len(taken)
            for choice in taken:
                table.decide(0, choice)
            assert snapshot(table) == before
        tried += 1
    assert tried == 40


def test_chance_mark_sees_the_dice() -> None:
    game = Game.new(SAMPLE, 2, 1)
    mark = chance_mark(game)
    game.state.rng.random()
    assert chance_mark(game) != mark


# ---------------------------------------------------------------------- save, load
def test_save_in_the_game_then_replay_and_load(tmp_path: Path) -> None:
    path = tmp_path / "mid.json"
    folder = tmp_path / "folder"
    folder.mkdir()
    lines = ["1", "1", "1", f"save {folder}", f"save {path}", "quit"]
    code, stdout, stderr = invoke("trial", "play", "--seed", "26", stdin="\n".join(lines))
    assert code == 0, stderr
    assert f"✗ could not save to {folder}: Is a directory" in stdout
    assert "the record holds every choice, hidden ones too (for this table only)" in stdout
    record = read_record(path)
    assert record.result is None and record.seed == 26 and len(record.choices) >= 3
    code, stdout, stderr = invoke("trial", "replay", str(path))
    assert code == 0, stderr
    assert "The game is not finished" in stdout
    code, stdout, stderr = invoke("trial", "play", "--load", str(path), stdin="quit\n")
    assert code == 0, stderr
    assert f"Going on from a saved game after {len(record.choices)} choices." in stdout


def test_the_end_of_input_leaves_and_save_writes_the_record(tmp_path: Path) -> None:
    path = tmp_path / "left.json"
    code, stdout, stderr = invoke("trial", "play", "--seed", "27", "--save", str(path), stdin="1\n")
    assert code == 0, stderr
    assert "End of input: leaving the game." in stdout
    assert f"Saved the game's record to {path}." in stdout
    assert read_record(path).choices


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--players", "5"), "--players 5 is too large (at most 4)"),
        (("--players", "two"), "--players must be a whole number"),
        (("--seed", "x"), "--seed must be a whole number"),
        (("--seed", "-3"), "--seed must be between 0 and"),
        (("--seats", "human"), "--seats names 1 seats for 2 players"),
        (
            ("--seats", "human,robot"),
            "--seats: unknown seat 'robot' (one of human, random, heuristic, search)",
        ),
        (("--seats", "human,human", "--hotseat"), "use either --seats or --hotseat, not both"),
        (("--load", "x.json", "--seed", "3"), "--seed cannot be combined with --load"),
        (("--load", "/nonexistent/x.json"), "/nonexistent/x.json: No such file"),
        (("--save", "/nonexistent/x.json"), "--save /nonexistent/x.json: there is no folder /nonexistent"),
        (("--content", "/nonexistent"), "/nonexistent: not a directory of content files"),
    ],
)
def test_a_bad_argument_is_one_line(args: tuple[str, ...], needle: str) -> None:
    assert_one_error_line(*invoke("trial", "play", *args, stdin="quit\n"), needle)


def test_a_record_from_another_content_set_is_refused_on_load(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    data = json.loads(table_record_json())
    data["content"]["version"] = "9.9"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_one_error_line(
        *invoke("trial", "play", "--load", str(path)),
        str(path),
        "played with the content set aegean-sample 9.9",
    )


def table_record_json() -> str:
    table = new_table(seed=28)
    table.play_bot(1) if table.game.to_decide() == [1] else table.decide(0, table.game.legal(0)[0])
    return table.record.to_json()


# ---------------------------------------------------------------------- hot-seat
def secrets(game: Game, owner: int, viewer: int | None) -> tuple[set[str], set[str]]:
    """The ids and names of what ``owner`` holds hidden that ``viewer`` may not know:
    their hand, their face-down race pick, the Olympics cards they drew, the Treasures
    they looked at. Names the viewer may know otherwise (their own cards, anything in
    their view: discards, the log) do not count."""
    state = game.state
    ids = set(state.players[owner].hand) | set(state.players[owner].peeked.values())
    frame = state.stack[-1]
    if frame["kind"] == "race" and owner in frame["picks"]:
        ids.add(frame["picks"][owner])
    if frame["kind"] == "olympics_card" and frame["player"] == owner:
        ids |= set(frame["drawn"])
    public = json.dumps(observe(game, viewer), ensure_ascii=False)
    hidden = {i for i in ids if f'"{i}"' not in public}
    known: set[str] = set()
    if viewer is not None:
        me = state.players[viewer]
        known = {game.card(c).name for c in (*me.hand, *me.deck, *me.discard)}
    treasures = {t.id: t.name for t in SAMPLE.tracks.treasures}
    names = {treasures[i] if i in treasures else name_of(game, i) for i in hidden}
    return hidden, {n for n in names if n not in known and n not in public}


def name_of(game: Game, some_id: str) -> str:
    try:
        return game.card(some_id).name
    except KeyError:
        return game.olympics_card(some_id).name


def leaks(game: Game, screen: str, viewer: int | None) -> list[str]:
    """The secrets of other seats that ``screen`` (shown to ``viewer``) holds."""
    found = []
    for owner in range(game.players):
        if owner != viewer:
            ids, names = secrets(game, owner, viewer)
            found += [f"P{owner + 1}'s {s}" for s in sorted(ids | names) if s in screen]
    return found


def test_hot_seat_screens_never_show_another_seat_s_secrets() -> None:
    """A whole hot-seat game with every panel asked for now and then: each stretch of
    output, up to the next prompt, is scanned for the secrets of every seat but the one
    the screen belongs to (at that moment, from the true game). The screen is cleared
    at each hand-over."""
    table = new_table(seed=29, kinds="human,human")
    choose = numbered(29, showing=0.3)
    owner: list[int | None] = [None]
    found: list[str] = []
    scanned = {"own cards shown": 0, "screens": 0}
    read_at = [0]

    def answer(prompt: str, loop: TrialLoop) -> str:
        transcript = cast(io.StringIO, loop.console.file).getvalue()
        screen, read_at[0] = transcript[read_at[0] :], len(transcript)
        game = loop.table.game
        found.extend(leaks(game, screen, owner[0]))
        scanned["screens"] += 1
        if owner[0] is not None and any(c in screen for c in game.state.players[owner[0]].hand):
            scanned["own cards shown"] += 1
        if prompt.startswith("Pass the screen to player"):
            assert screen.rstrip().endswith(CLEARED)
            owner[0] = int(prompt.split()[5]) - 1
        else:
            assert prompt == f"player {owner[0] + 1 if owner[0] is not None else '?'}> "
        return choose(prompt, loop)

    status, _, _ = drive(table, answer)
    assert status == 0 and table.game.over
    assert not found, found[:5]
    assert scanned["own cards shown"] > 20 and scanned["screens"] > 100, scanned
    # The check finds a secret where there is one: the other seat's hand, shown.
    game = Game.new(SAMPLE, 2, 29)
    while not game.state.players[1].hand:
        player = game.to_decide()[0]
        game.apply(player, game.legal(player)[0])
    assert leaks(game, " ".join(game.state.players[1].hand), 0)


def test_a_bot_that_breaks_the_rules_stops_the_game_with_one_line() -> None:
    seats = [Seat("human"), Seat("cheat", lambda view, legal: "sail:nowhere")]
    table = TrialTable.new(SAMPLE, 2, 30, seats)
    status, out, _ = drive(table, lambda prompt, loop: "1")
    assert status == 1
    errors = error_lines(out)
    assert errors == ["✗ the cheat bot in seat 2 chose badly: 'sail:nowhere' is not a legal choice now"]
