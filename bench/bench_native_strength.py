"""The native search against the Python search it replaces, over a fixed suite of random
openings played with colours swapped (issue 15: at 1 s a turn it must beat today's
level 5, 5 s a turn, in at least 90 % of at least 200 games, without powers and with
simple gods on both sides; issue 16: at level 3 it must beat today's level 3 in at least
85 % of at least 200 games over a fixed suite of 30 power matchups).

A suite is ``games / 2`` random placements (seeded), each played twice with the colours
swapped; with ``--suite gods`` each opening also draws an ordered pair of distinct simple
gods, which stay with the seats; with ``--suite matchups`` opening ``k`` is played with
matchup ``k % 30`` of :data:`MATCHUPS`. Level 3 is the native search with level 3's
work budget (``--nodes 2500000``, ``aegean.ai.levels.NATIVE_BUDGETS``) against
``python-3``, the level 3 of before the native core. Games run in ``--jobs`` processes; every finished game is
appended to ``--out`` (JSON lines), so a run that is stopped resumes where it left off, and
the summary (score, Wilson interval, Elo) is printed from the file.

    .venv/bin/python bench/bench_native_strength.py --suite plain --games 200 --jobs 2
    .venv/bin/python bench/bench_native_strength.py --suite gods --games 200 --jobs 2
    .venv/bin/python bench/bench_native_strength.py --suite matchups --nodes 2500000 \
        --against python-3 --out bench/native_strength_matchups.jsonl
    .venv/bin/python bench/bench_native_strength.py --suite plain --summary
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import subprocess
import time
from pathlib import Path
from typing import Any

from aegean.ai import make_ai
from aegean.ai.match import MatchResult, play_seated
from aegean.ai.native import NativeAI
from aegean.santorini import Board, Turn, native

SEED = 20261127
#: The commit the games are played at, kept with each game (None outside a checkout).
_HEAD = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False)
COMMIT = _HEAD.stdout.strip() or None
SQUARES = [f"{f}{r}" for f in "abcde" for r in "12345"]
#: The eight directions (Aeolus's Wind, Siren's Arrow).
DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
#: The simple gods (the powers the native core plays).
GODS = sorted(p for p in native.POWERS if p != "-")
#: Issue 16's fixed suite of 30 power matchups (player 1's, player 2's), among the powers
#: the native core plays, none banned: simple gods, the others and the heroes, with the
#: restrictions that judge whole turns (Persephone, Adonis) and the long turns (Heracles,
#: Terpsichore, Morpheus) among them.
MATCHUPS = [
    ("Apollo", "Athena"),
    ("Artemis", "Persephone"),
    ("Atlas", "Hermes"),
    ("Demeter", "Minotaur"),
    ("Hephaestus", "Pan"),
    ("Prometheus", "Chronus"),
    ("Hades", "Zeus"),
    ("Hera", "Triton"),
    ("Hestia", "Limus"),
    ("Hypnus", "Ares"),
    ("Urania", "Charon"),
    ("Eros", "Poseidon"),
    ("Selene", "Nemesis"),
    ("Odysseus", "Aeolus"),
    ("Siren", "Morpheus"),
    ("Europa & Talus", "Atalanta"),
    ("Aphrodite", "Apollo"),
    ("Terpsichore", "Athena"),
    ("Achilles", "Bellerophon"),
    ("Heracles", "Demeter"),
    ("Polyphemus", "Prometheus"),
    ("Adonis", "Hermes"),
    ("Medea", "Minotaur"),
    ("Persephone", "Pan"),
    ("Chronus", "Atlas"),
    ("Zeus", "Artemis"),
    ("Triton", "Hestia"),
    ("Limus", "Hephaestus"),
    ("Poseidon", "Apollo"),
    ("Ares", "Urania"),
]


def suite(kind: str, games: int, seed: int = SEED) -> list[str]:
    """The openings, one per pair of games: random placements, player 1 to move."""
    rng = random.Random(f"{seed}:{kind}")
    out: list[str] = []
    for _ in range((games + 1) // 2):
        a, b, c, d = rng.sample(SQUARES, 4)
        text = f"00000/00000/00000/00000/00000 1 {a},{b} {c},{d}"
        if kind == "gods":
            first, second = rng.sample(GODS, 2)
            text += f" powers={first},{second}"
        elif kind == "matchups":
            first, second = MATCHUPS[len(out) % len(MATCHUPS)]
            text += " powers=" + f"{first},{second}".replace(" ", "")
            # The setup choices (a position without them is still in setup): at random.
            for name in ("Aeolus", "Siren"):
                if name in (first, second):
                    text += f" {name.lower()}={rng.choice(DIRECTIONS)}"
        out.append(text)
    return out


class TimedNative(NativeAI):
    """The native search, keeping the time and work of each of its turns (so a work
    budget can be shown to match the time it stands for)."""

    def __init__(self, **budget: Any) -> None:
        super().__init__(name="native", **budget)
        self.turns: list[tuple[float, int]] = []

    def choose_turn(self, board: Board) -> Turn:
        turn = super().choose_turn(board)
        if self.last_info is not None:
            self.turns.append((self.last_info.seconds, self.last_info.nodes))
        return turn


def native_ai(seconds: float, nodes: int | None) -> TimedNative:
    """The native search with a work budget (units) when given, else with ``seconds`` of
    processor time (so that a game played beside other work is the same game)."""
    if nodes is not None:
        return TimedNative(node_limit=nodes)
    return TimedNative(time_limit=seconds, cpu_time=True)


def play(job: tuple[str, int, str, float, str, int | None]) -> dict[str, Any]:
    """Game ``index`` of the suite: opening ``index // 2``, the native search moving first
    in even games."""
    kind, index, opening, seconds, against, nodes = job
    start = time.perf_counter()
    seating = "AB" if index % 2 == 0 else "BA"
    made: list[TimedNative] = []

    def native_side() -> TimedNative:
        made.append(native_ai(seconds, nodes))
        return made[-1]

    winner = play_seated(
        native_side,
        lambda: make_ai(against, seed=index),
        opening,
        seating,
        max_turns=300,
    )
    return {
        "suite": kind,
        "index": index,
        "opening": opening,
        "native_first": index % 2 == 0,
        "native_seconds": seconds,
        "native_nodes": nodes,
        "against": against,
        "winner": {0: "native", 1: against, None: None}[winner],
        "seconds": round(time.perf_counter() - start, 1),
        "native_turns": sum(len(ai.turns) for ai in made),
        "native_think": round(sum(t for ai in made for t, _ in ai.turns), 2),
        "native_units": sum(n for ai in made for _, n in ai.turns),
        "commit": COMMIT,
    }


def done(path: Path, kind: str, seconds: float, against: str, nodes: int | None) -> dict[int, dict[str, Any]]:
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text().splitlines():
        game = json.loads(line)
        key = (game["suite"], game["native_seconds"], game["against"], game.get("native_nodes"))
        if key == (kind, seconds, against, nodes):
            out[game["index"]] = game
    return out


def summary(
    games: dict[int, dict[str, Any]], kind: str, seconds: float, against: str, nodes: int | None
) -> str:
    wins = sum(1 for g in games.values() if g["winner"] == "native")
    losses = sum(1 for g in games.values() if g["winner"] == against)
    result = MatchResult.from_counts(len(games), wins, losses)
    minutes = sum(g["seconds"] for g in games.values()) / 60
    turns = sum(g.get("native_turns", 0) for g in games.values())
    think = sum(g.get("native_think", 0.0) for g in games.values())
    units = sum(g.get("native_units", 0) for g in games.values())
    budget = f"native {seconds:g} s/turn" if nodes is None else f"native {nodes / 1e6:g} M units/turn"
    pace = f", native {think / turns:.2f} s and {units / turns / 1e6:.1f} M units a turn" if turns else ""
    return f"suite {kind}: " + result.summary(budget, against) + f" ({minutes:.0f} game-minutes{pace})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", choices=("plain", "gods", "matchups"), default="plain")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=1.0, help="native processor time per turn")
    parser.add_argument(
        "--nodes",
        type=int,
        default=None,
        help="a work budget (units) instead of the time: the same games under any load",
    )
    parser.add_argument("--against", default="python-5", help="the AI it plays (default python-5)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("bench/native_strength.jsonl"))
    parser.add_argument("--summary", action="store_true", help="only print the summary of --out")
    args = parser.parse_args()
    openings = suite(args.suite, args.games)
    finished = done(args.out, args.suite, args.seconds, args.against, args.nodes)
    if not args.summary:
        jobs = [
            (args.suite, i, openings[i // 2], args.seconds, args.against, args.nodes)
            for i in range(args.games)
            if i not in finished
        ]
        with multiprocessing.Pool(args.jobs) as pool, args.out.open("a") as out:
            for game in pool.imap_unordered(play, jobs):
                out.write(json.dumps(game) + "\n")
                out.flush()
                finished[game["index"]] = game
                print(
                    f"game {game['index']}: {game['winner']} ({game['seconds']} s); "
                    + summary(finished, args.suite, args.seconds, args.against, args.nodes),
                    flush=True,
                )
    print(summary(finished, args.suite, args.seconds, args.against, args.nodes))


if __name__ == "__main__":
    main()
