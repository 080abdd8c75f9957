"""Benchmark: is every AI level at least as strong as the one below it, in every mode?

    .venv/bin/python bench/bench_strength.py [--pairs 1:greedy,2:1|all] [--modes powers,three]
        [--openings N] [--rounds N] [--jobs N] [--out FILE] [--report]

Plays adjacent pairs of levels, the stronger first (``all``: ``greedy:random``,
``1:greedy``, ``2:1``, ``3:2``, ``4:3``, ``5:4``), over the fixed suite of
:mod:`aegean.ai.suite`: every mode (2 players without powers, with powers, three-player
free-for-all, four players in teams, the Golden Fleece, the secret cards), every
matchup of that mode, its first ``--openings`` openings, every seating (both seats; all
six with three players), ``--rounds`` times with other seeds. It prints each pair's
score per mode with its Wilson 95 % interval, and the pair over all modes.

The levels play with their own fixed work budgets (``aegean.ai.levels.LEVEL_BUDGETS``):
no clock is read, so a game depends on its seeds alone (derived from the game's name)
and a run gives the same figures on any machine and under any load. Each finished game
is appended to ``--out`` (JSON lines) as soon as it ends; a run started again skips the
games already there, so a long run can be stopped and resumed, or spread over several
processes (``--jobs``). ``--report`` only prints the table of what ``--out`` holds.
The default run (no options) is the first two pairs on one opening per matchup.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import zlib
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from aegean.ai import AlphaBetaAI, Engine, make_ai
from aegean.ai.determinize import Determinized
from aegean.ai.match import MatchResult, play_seated, seatings_for
from aegean.ai.suite import MODES, SUITE
from aegean.santorini import Board, Turn

ALL_PAIRS = ["greedy:random", "1:greedy", "2:1", "3:2", "4:3", "5:4"]
DEFAULT_PAIRS = ALL_PAIRS[:2]
#: A game still going after this many turns is a draw.
MAX_TURNS = 200


@dataclass(frozen=True)
class Game:
    """One game of the schedule; ``key`` names it in the results file."""

    a: str
    b: str
    mode: str
    matchup: int
    opening: int
    seating: int
    round: int = 0

    @property
    def key(self) -> str:
        again = f"|{self.round}" if self.round else ""
        return f"{self.a}:{self.b}|{self.mode}|{self.matchup}|{self.opening}|{self.seating}{again}"

    @property
    def seed(self) -> int:
        return zlib.crc32(self.key.encode())


def schedule(pairs: list[str], modes: list[str], openings: int, rounds: int = 1) -> Iterator[Game]:
    for pair in pairs:
        a, b = pair.split(":")
        for mode in modes:
            for m, matchup in enumerate(SUITE[mode]):
                for o, start in enumerate(matchup.openings(openings)):
                    for s in range(len(seatings_for(Board.from_position(start)))):
                        for r in range(rounds):
                            yield Game(a, b, mode, m, o, s, r)


class Watched:
    """An AI that notes how deep and how much its search went on each turn."""

    def __init__(self, engine: Engine, log: list[tuple[int, int, bool]]) -> None:
        self.engine = engine
        self.name = engine.name
        self.log = log

    def choose_turn(self, board: Board) -> Turn:
        turn = self.engine.choose_turn(board)
        base = self.engine.base if isinstance(self.engine, Determinized) else self.engine
        info = base.last_info if isinstance(base, AlphaBetaAI) else None
        if info is not None and info.nodes and not board.view(board.to_move).hidden:
            self.log.append((info.depth, info.nodes, info.cut_short))
        return turn


def play(game: Game) -> dict[str, object]:
    """Play one game of the schedule; its record for the results file."""
    matchup = SUITE[game.mode][game.matchup]
    start = matchup.openings(game.opening + 1)[game.opening]
    seating = seatings_for(Board.from_position(start))[game.seating]
    logs: dict[str, list[tuple[int, int, bool]]] = {"A": [], "B": []}
    made = [0]

    def maker(label: str, spec: str) -> Engine:
        made[0] += 1
        return Watched(make_ai(spec, seed=game.seed + 7919 * made[0]), logs[label])

    began = time.perf_counter()
    winner = play_seated(lambda: maker("A", game.a), lambda: maker("B", game.b), start, seating, MAX_TURNS)
    return {
        "key": game.key,
        "a": game.a,
        "b": game.b,
        "mode": game.mode,
        "matchup": matchup.label,
        "winner": None if winner is None else "AB"[winner],
        "seconds": round(time.perf_counter() - began, 2),
        "searches": {label: log for label, log in logs.items() if log},
    }


def load(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def report(records: list[dict[str, object]], pairs: list[str]) -> str:
    """The Markdown table: one row per pair and mode, then the pair over all modes."""
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    seconds: dict[tuple[str, str], float] = defaultdict(float)
    depth: dict[str, list[tuple[int, int, bool]]] = defaultdict(list)
    for record in records:
        pair = f"{record['a']}:{record['b']}"
        for mode in (str(record["mode"]), "all"):
            slot = counts[(pair, mode)]
            slot[{"A": 0, "B": 1, None: 2}[record["winner"]]] += 1  # type: ignore[index]
            seconds[(pair, mode)] += float(record["seconds"])  # type: ignore[arg-type]
        searches = record.get("searches", {})
        assert isinstance(searches, dict)
        for label, spec in (("A", record["a"]), ("B", record["b"])):
            depth[f"{spec} {record['mode']}"].extend(tuple(x) for x in searches.get(label, []))
    lines = [
        "| pair (A vs B) | mode | games | A +W −L =D | A's score | Wilson 95% | wall time |",
        "|---|---|---:|---|---:|---|---:|",
    ]
    for pair in pairs:
        named = False
        for mode in ("all", *MODES):
            if (pair, mode) not in counts:
                continue
            wins, losses, draws = counts[(pair, mode)]
            games = wins + losses + draws
            result = MatchResult.from_counts(games, wins, losses)
            a, b = pair.split(":")
            name = "" if named else f"{a} vs {b}"
            named = True
            shown = "**all modes**" if mode == "all" else mode
            score = f"{100 * result.score:.1f} %"
            lines.append(
                f"| {name} | {shown} | {games} | +{wins} −{losses} ={draws} | "
                f"{'**' + score + '**' if mode == 'all' else score} | "
                f"[{100 * result.wilson_low:.1f} %, {100 * result.wilson_high:.1f} %] | "
                f"{seconds[(pair, mode)]:.0f} s |"
            )
    lines += [
        "",
        "| level, mode | turns searched | mean depth | cut short | mean units |",
        "|---|---:|---:|---:|---:|",
    ]
    for name in sorted(depth):
        log = depth[name]
        if log:
            mean_depth = sum(d for d, _, _ in log) / len(log)
            cut = sum(1 for _, _, c in log if c) / len(log)
            units = sum(n for _, n, _ in log) / len(log)
            lines.append(f"| {name} | {len(log)} | {mean_depth:.2f} | {100 * cut:.0f} % | {units:,.0f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pairs", default=",".join(DEFAULT_PAIRS), help=f"A:B,... or all ({','.join(ALL_PAIRS)})"
    )
    parser.add_argument("--modes", default=",".join(MODES), help=f"some of {','.join(MODES)}")
    parser.add_argument("--openings", type=int, default=1, help="openings per matchup (default 1)")
    parser.add_argument("--rounds", type=int, default=1, help="games per opening and seating, other seeds")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument(
        "--out", type=Path, default=Path("bench/strength.jsonl"), help="results file (JSON lines)"
    )
    parser.add_argument("--report", action="store_true", help="only print the table of --out")
    args = parser.parse_args()
    pairs = ALL_PAIRS if args.pairs == "all" else args.pairs.split(",")
    modes = args.modes.split(",")
    bad = [m for m in modes if m not in MODES] + [p for p in pairs if p.count(":") != 1]
    if bad or min(args.openings, args.rounds, args.jobs) < 1:
        problem = ", ".join(bad) or "--openings, --rounds and --jobs must be at least 1"
        sys.exit(f"error: bad option value(s): {problem}")
    done = {str(r["key"]) for r in load(args.out)}
    if not args.report:
        todo = [g for g in schedule(pairs, modes, args.openings, args.rounds) if g.key not in done]
        print(f"{len(todo)} games to play ({len(done)} already in {args.out})", flush=True)
        with args.out.open("a") as out, ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(play, game) for game in todo]
            for n, future in enumerate(as_completed(futures), 1):
                record = future.result()
                out.write(json.dumps(record) + "\n")
                out.flush()
                line = f"[{n}/{len(todo)}] {record['key']} {record['matchup']}: {record['winner']}"
                print(line, flush=True)
    records = [r for r in load(args.out) if f"{r['a']}:{r['b']}" in pairs and r["mode"] in modes]
    print(report(records, pairs))


if __name__ == "__main__":
    main()
