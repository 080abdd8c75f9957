"""Run every benchmark in ``bench/`` and print one table (Markdown, for docs/performance.md).

    .venv/bin/python bench/run_all.py [--long] [--repeat N] [--no-search]

A benchmark module with ``run(long, repeat) -> list[Result]`` joins the table; one
without (``bench_search.py`` keeps its own report) runs as a script and its output is
shown as it is. The matches and long runs (:data:`SEPARATE`: strength suites, the memory
run, Trial of the Gods's bot matches) take minutes to hours and are run on their own.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import subprocess
import sys
import time
from pathlib import Path

from benchlib import Result, add_options, machine, report, table

HERE = Path(__file__).resolve().parent
ORDER = ["bench_perft", "bench_movegen", "bench_playout", "bench_search"]
#: Run on their own (minutes to hours): matches, the memory run, the trial bots.
SEPARATE = {"bench_strength", "bench_native_strength", "bench_native_memory", "bench_trial"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_options(parser)
    parser.add_argument("--no-search", action="store_true", help="leave out bench_search.py (the slowest)")
    args = parser.parse_args()
    names = [n for n in ORDER if (HERE / f"{n}.py").exists()]
    names += sorted(p.stem for p in HERE.glob("bench_*.py") if p.stem not in ORDER and p.stem not in SEPARATE)
    if args.no_search:
        names.remove("bench_search")
    start = time.perf_counter()
    results: list[Result] = []
    for name in names:
        print(f"== {name}", flush=True)
        module = importlib.import_module(name)
        run = getattr(module, "run", None)
        if run is not None:
            for result in run(args.long, args.repeat):
                report(result)
                results.append(result)
        else:
            subprocess.run([sys.executable, str(HERE / f"{name}.py")], check=True)
        print(flush=True)
    elapsed = time.perf_counter() - start
    print(f"{datetime.date.today()}, {machine()}, best of {args.repeat}, {elapsed:.0f} s in all")
    print()
    print(table(results))
    print()
    print("Run on their own (minutes to hours): " + ", ".join(f"bench/{n}.py" for n in sorted(SEPARATE)))


if __name__ == "__main__":
    main()
