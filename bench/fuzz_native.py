"""The native core against the Python reference at scale (outside the test suite): every
ordered pair of {no power, the ten simple gods}, many seeded positions each, the checks of
``tests/native/support.py`` (legal turns in order, the position and winner after every
turn, perft). Prints one line per pair and stops at the first mismatch, naming the
position.

    .venv/bin/python bench/fuzz_native.py [--positions N] [--seed S] [--depth D] [--with GODS]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

# The comparison is the suite's own (tests/native/support.py), imported from there.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
support = importlib.import_module("native.support")
PAIRS: list[tuple[str, str]] = support.PAIRS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="random games per pair (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--depth", type=int, default=2, help="perft depth (default 2)")
    parser.add_argument(
        "--with", dest="gods", default="", help="only the pairs with one of these powers (comma-separated)"
    )
    parser.add_argument(
        "--unspent",
        action="store_true",
        help="Heracles's and Polyphemus's power unused on open boards too (thousands of turns a list)",
    )
    args = parser.parse_args()
    started = time.perf_counter()
    total = 0
    wanted = {name for name in args.gods.split(",") if name}
    unknown = wanted - {name for pair in PAIRS for name in pair}
    if unknown:
        sys.exit(f"--with: not a power the core plays: {', '.join(sorted(unknown))}")
    for pair in PAIRS:
        if wanted and not wanted & set(pair):
            continue
        if support.refused(pair):
            continue  # a mirror match or a banned one: refused (tests/native/test_powers.py)
        checked = 0
        for position in support.positions(
            pair, args.seed, boards=args.positions, games=args.positions, unspent=args.unspent
        ):
            try:
                support.compare(position, perft_depth=args.depth, most=40 if "Hermes" in pair else 90)
            except AssertionError as mismatch:
                sys.exit(f"MISMATCH {pair[0]} vs {pair[1]}: {mismatch}")
            checked += 1
        total += checked
        print(f"{pair[0]} vs {pair[1]}: {checked} positions agree", flush=True)
    print(f"all {total} positions agree ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
