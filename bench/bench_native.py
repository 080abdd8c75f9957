"""The native core (Rust, ``aegean._core``) beside the pure-Python naive reference, in one
run: bulk perft, make-every-leaf perft, uniform random playouts, legal-turn lists (without
powers, with each simple god, and with the other gods the core plays), and the native
search beside the Python search.

Every count is checked against the naive reference on the same position first (so the
rates compare equal work), then the core runs the big workload: perft 5 of the issue's
position (898,817,042 leaves) is checked against its known value. The core runs on one
thread.

    .venv/bin/python bench/bench_native.py [--long] [--repeat N]
"""

from __future__ import annotations

import random
import timeit
from collections.abc import Callable
from functools import partial

import naive_reference as naive
from aegean import _core
from aegean.santorini import Board, native
from aegean.santorini.notation import Step
from benchlib import Result, best_of, main, same

POSITION = "00000/00000/00000/00000/00000 1 c5,d3 c4,a1"  # perft 5: 898,817,042
PERFT_5 = 898_817_042
MIDGAME = "01000/12131/01121/21220/10020 1 e4,b2 a2,d2"  # bench_perft.py's midgame


def perft_rates(bulk: bool, long: bool, repeat: int) -> Result:
    depth = 5 if bulk else 4
    naive_depth = 3
    same(
        f"perft {naive_depth} of {POSITION!r}",
        _core.perft(POSITION, naive_depth, bulk),
        naive.perft(naive.Position(POSITION), naive_depth, bulk),
    )
    t, leaves = best_of(repeat, partial(_core.perft, POSITION, depth, bulk))
    if bulk:
        same("perft 5 of the issue's position", leaves, PERFT_5)
    tn, naive_leaves = best_of(
        1 if long else repeat, partial(naive.perft, naive.Position(POSITION), naive_depth, bulk)
    )
    kind = "bulk" if bulk else "make every leaf"
    return Result(
        f"native perft ({kind})",
        "leaves/s",
        leaves / t,
        naive_leaves / tn,
        300e6 if bulk else 100e6,
        None,
        f"perft {depth}: {leaves:,} leaves in {t:.2f} s; naive perft {naive_depth}: "
        f"{naive_leaves:,} leaves in {tn:.2f} s",
    )


def playouts(long: bool, repeat: int) -> Result:
    games = 1_000_000 if long else 200_000
    naive_games = 3_000 if long else 600
    t, (wins_1, wins_2, turns) = best_of(repeat, partial(native.random_playouts, games, 1))
    same("every native playout ended", wins_1 + wins_2, games)
    rng = random.Random(1)
    tn, _ = best_of(1, lambda: [naive.random_game(rng) for _ in range(naive_games)])
    return Result(
        "native random playouts",
        "games/s",
        games / t,
        naive_games / tn,
        100e3,
        None,
        f"{games:,} games from random placements, {turns / games:.1f} turns each, player 1 won "
        f"{100 * wins_1 / games:.1f} %; naive: {naive_games:,} games",
    )


def lists() -> Result:
    """Legal-turn lists of the midgame position: in the core alone (timed from Python, so
    the figure includes one call), and through ``native.legal_turns`` as ``Turn``s."""
    board = Board.from_position(MIDGAME)
    same("legal turns of the midgame", native.legal_turns(board), board.legal_turns())
    number = 20_000
    core = min(timeit.repeat(partial(_core.legal_turns, MIDGAME), number=number, repeat=3)) / number
    wrapped = min(timeit.repeat(partial(native.legal_turns, board), number=number, repeat=3)) / number
    reference = naive.Position(MIDGAME)
    tn = min(timeit.repeat(reference.turns, number=2_000, repeat=3)) / 2_000
    return Result(
        "native legal-turn lists (no powers)",
        "lists/s",
        1 / core,
        1 / tn,
        None,
        None,
        f"{len(board.legal_turns())} turns a list; through native.legal_turns as Turns: "
        f"{1 / wrapped:,.0f} lists/s; the Python fast path (Board.legal_turns): "
        f"{1 / (min(timeit.repeat(board.legal_turns, number=number, repeat=3)) / number):,.0f} lists/s",
    )


#: Each simple god to move against another, on the midgame board.
PAIRS = [
    ("Apollo", "Athena"),
    ("Artemis", "Demeter"),
    ("Athena", "Apollo"),
    ("Atlas", "Hephaestus"),
    ("Demeter", "Artemis"),
    ("Hephaestus", "Atlas"),
    ("Hermes", "Pan"),
    ("Minotaur", "Prometheus"),
    ("Pan", "Hermes"),
    ("Prometheus", "Minotaur"),
]

#: The powers' tokens the boards above need: the setup choices (a position without one
#: is still in setup, which the reference plays), Morpheus's pieces (at least the one
#: gained as his turn starts) and the Talus on a free square.
SETUP = {
    "Aeolus": " aeolus=n",
    "Siren": " siren=ne",
    "Morpheus": " morpheus=3",
    "Europa & Talus": " europa&talus=c3",
    "Tartarus": " tartarus.abyss=a5",
    "Charybdis": " charybdis=c3,e5 charybdis.levels=1,0",
    "Clio": " clio=b4 clio.placed=1",
}

#: The gods beyond the simple ten that the core plays, each to move against another.
MORE_PAIRS = [
    ("Achilles", "Minotaur"),
    ("Bellerophon", "Pan"),
    ("Hades", "Apollo"),
    ("Hera", "Artemis"),
    ("Hestia", "Athena"),
    ("Hypnus", "Atlas"),
    ("Limus", "Demeter"),
    ("Urania", "Hermes"),
    ("Zeus", "Prometheus"),
    ("Ares", "Hephaestus"),
    ("Atalanta", "Hera"),
    ("Charon", "Minotaur"),
    ("Eros", "Apollo"),
    ("Persephone", "Zeus"),
    ("Poseidon", "Demeter"),
    ("Triton", "Urania"),
    ("Selene", "Apollo"),
    ("Nemesis", "Athena"),
    ("Chronus", "Hera"),
    ("Odysseus", "Pan"),
    ("Terpsichore", "Athena"),
    ("Polyphemus", "Demeter"),
    ("Heracles", "Prometheus"),
    ("Aeolus", "Minotaur"),
    ("Siren", "Apollo"),
    ("Morpheus", "Hephaestus"),
    ("Europa & Talus", "Minotaur"),
    # Chronus claims wins on his opponent's builds: Demeter's two builds are walked.
    ("Demeter", "Chronus"),
    # Persephone judges her opponent's whole turns: their lists under her rule.
    ("Artemis", "Persephone"),
    ("Hermes", "Persephone"),
    ("Aphrodite", "Apollo"),
    # Aphrodite tells a traveller's workers apart: Hermes's turns are walked against her.
    ("Hermes", "Aphrodite"),
    ("Adonis", "Apollo"),
    # Adonis has chosen no worker on this board: Demeter's turns keep their shape.
    ("Demeter", "Adonis"),
    ("Medea", "Apollo"),
    ("Bia", "Apollo"),
    ("Medusa", "Apollo"),
    ("Theseus", "Apollo"),
    ("Jason", "Apollo"),
    ("Tartarus", "Apollo"),
    # Tartarus's Abyss vetoes wins: the opponent's turns keep their shape.
    ("Demeter", "Tartarus"),
    ("Clio", "Apollo"),
    ("Apollo", "Clio"),
    # The interjections: a game with Charybdis or Harpies is walked, either player to move.
    ("Charybdis", "Apollo"),
    ("Apollo", "Charybdis"),
    ("Harpies", "Apollo"),
    ("Apollo", "Harpies"),
    ("Dionysus", "Apollo"),
    ("Gaea", "Apollo"),
    ("Apollo", "Gaea"),
]


def lists_with_gods(
    repeat: int,
    pairs: list[tuple[str, str]] = PAIRS,
    which: str = "simple gods",
    targets: tuple[float | None, float] = (2e6, 100e3),
) -> list[Result]:
    """Legal-turn lists of the midgame board with each god of ``pairs`` to move: the core
    alone (timed inside Rust), and through ``Board.legal_turns()`` (the Python API, turns
    as ``Turn`` objects), each beside the reference's own listing (``rules.legal_turns``).
    ``targets``: the core's and ``Board.legal_turns()``'s (issue 15 for the simple gods;
    issue 16 asks 50 k of ``Board.legal_turns()`` for the others)."""
    from aegean.santorini import rules

    core_rates, board_rates, reference_rates, details = [], [], [], []
    for first, second in pairs:
        names = f"{first},{second}".replace(" ", "")
        text = f"{MIDGAME} powers={names}" + "".join(SETUP.get(n, "") for n in (first, second))
        board = Board.from_position(text)
        clock = timeit.default_timer()
        reference = rules.legal_turns(board, None)
        ref = timeit.default_timer() - clock  # (a long list is timed once: Heracles's take 20 s)
        same(f"legal turns of {text!r}", board.legal_turns(), reference)
        n = 2_000
        core = min(_core.time_legal_turns(text, n) for _ in range(repeat)) / n
        k = 200 if len(reference) < 5_000 else 2
        api = min(timeit.repeat(board.legal_turns, number=k, repeat=repeat)) / k
        if ref < 1.0:
            ref = min(timeit.repeat(partial(rules.legal_turns, board, None), number=5, repeat=repeat)) / 5
        core_rates.append(1 / core)
        board_rates.append(1 / api)
        reference_rates.append(1 / ref)
        name = f"{first} v {second}" if second in ("Persephone", "Chronus") else first
        details.append(f"{name} {len(reference)}: {1 / core / 1e3:,.0f} k / {1 / api / 1e3:,.1f} k")
    worst = min(range(len(pairs)), key=lambda i: core_rates[i])
    api_worst = min(range(len(pairs)), key=lambda i: board_rates[i])
    return [
        Result(
            f"native legal-turn lists with {which} (core alone, slowest god)",
            "lists/s",
            core_rates[worst],
            reference_rates[worst],
            targets[0],
            None,
            f"{' v '.join(pairs[worst])} slowest; each god (turns: core / Board.legal_turns, lists/s): "
            + "; ".join(details),
        ),
        Result(
            f"Board.legal_turns() with {which} (slowest god)",
            "lists/s",
            board_rates[api_worst],
            reference_rates[api_worst],
            targets[1],
            None,
            f"{' v '.join(pairs[api_worst])} slowest; fastest "
            f"{max(board_rates) / 1e3:,.0f} k lists/s; the reference: "
            f"{min(reference_rates):,.0f}-{max(reference_rates):,.0f} lists/s",
        ),
    ]


def step_lists(repeat: int) -> list[Result]:
    """What the web server asks of a position each time a player acts or previews, on the
    midgame board with each god the core plays to move: whether the game is over
    (``Board.outcome()``), the legal steps at the turn's start and after its first step
    (``Board.legal_steps()``), beside the reference's (``rules.game_outcome``,
    ``rules.legal_steps``) on the same board. Counted: such rounds per second; the
    slowest god's (issue 16: no listing may hold the server's event loop)."""
    from aegean.santorini import rules

    def round_of(board: Board, outcome: Callable[[], object], steps: Callable[[], list[Step]]) -> list[Step]:
        outcome()
        first = steps()
        board.push(first[0], legal=first)
        after = steps()
        board.pop()
        return after

    def native_round(board: Board) -> list[Step]:
        return round_of(board, board.outcome, board.legal_steps)

    def reference_round(board: Board) -> list[Step]:
        return round_of(
            board, partial(rules.game_outcome, board), lambda: [Step(s) for s in rules.legal_steps(board)]
        )

    rates: list[tuple[float, float, str]] = []
    for first, second in PAIRS + MORE_PAIRS:
        names = f"{first},{second}".replace(" ", "")
        text = f"{MIDGAME} powers={names}" + "".join(SETUP.get(n, "") for n in (first, second))
        board = Board.from_position(text)
        same(f"legal steps of {text!r}", native_round(board), reference_round(board))
        native = min(timeit.repeat(partial(native_round, board), number=20, repeat=repeat)) / 20
        reference = min(timeit.repeat(partial(reference_round, board), number=3, repeat=repeat)) / 3
        rates.append((1 / native, 1 / reference, f"{first} v {second}"))
    native_rate, reference_rate, slowest = min(rates)
    ratios = sorted(n / r for n, r, _ in rates)
    detail = (
        f"{slowest} slowest; {len(rates)} gods to move, native / reference "
        f"{ratios[0]:.1f}-{ratios[-1]:.0f}x (median {ratios[len(ratios) // 2]:.0f}x); the reference's "
        f"slowest {min(r for _, r, _ in rates):,.0f} rounds/s ({min(rates, key=lambda r: r[1])[2]})"
    )
    return [
        Result(
            "server rounds: Board.outcome + legal_steps twice (slowest god)",
            "rounds/s",
            native_rate,
            reference_rate,
            None,
            None,
            detail,
        )
    ]


#: bench_search.py's middle games, and the same boards with simple gods.
SEARCH_POSITIONS = [
    "00000/12000/00001/120D0/00230 1 a4,d3 b3,c1",
    "00000/03300/01200/21000/0D000 1 a2,c5 b2,d4",
    "20010/01012/00000/00030/00010 2 d1,b4 d4,d5",
    "01010/01000/00001/00033/00100 2 d1,b4 c5,e3",
    "21210/01030/00000/00030/00100 1 c3,a5 c1,b5",
]


#: Issue 16's long list: Heracles's first turn, every set of domes (63,232 turns).
HERACLES = "00000/00000/00000/00000/00000 1 c1,e5 d2,b5 powers=Heracles,Prometheus"


def long_list(repeat: int) -> list[Result]:
    """Turns listed per second where a list is long (issue 16: at least 2 M), in the core
    alone and through ``Board.legal_turns()`` (a ``Turn`` object each), beside the
    reference listing the same turns once (about 12 s)."""
    from aegean.santorini import rules

    board = Board.from_position(HERACLES)
    clock = timeit.default_timer()
    reference = rules.legal_turns(board, None)
    ref = timeit.default_timer() - clock
    same("Heracles's first turns", board.legal_turns(), reference)
    core = min(_core.time_legal_turns(HERACLES, 20) for _ in range(repeat)) / 20
    api, _ = best_of(repeat, board.legal_turns)
    n = len(reference)
    detail = (
        f"{n:,} turns: core {core * 1e3:.2f} ms, Board.legal_turns() {api * 1e3:.0f} ms, "
        f"reference {ref:.1f} s"
    )
    name = "Heracles's first turns"
    return [
        Result(f"{name}, listed (core alone)", "turns/s", n / core, n / ref, 2e6, None, detail),
        Result(f"{name} through Board.legal_turns()", "turns/s", n / api, n / ref, 2e6, None, detail),
    ]


def search(seconds: float, gods: bool) -> list[Result]:
    """The native search for ``seconds`` on each middle game (iterating until the time is
    up), beside the Python search (``AlphaBetaAI``) with the same time: work units a
    second (one per position searched without powers), and the depth reached (a forced
    win or loss found ends the search sooner: such positions are named, not counted)."""
    from aegean.ai import AlphaBetaAI
    from aegean.ai.evaluation import MATE_BOUND

    cases: list[tuple[str, tuple[str, str] | None]]
    if gods:  # each middle game twice, so that every simple god is to move once
        halves = (PAIRS[::2], PAIRS[1::2])
        cases = [(t, p) for half in halves for t, p in zip(SEARCH_POSITIONS, half, strict=True)]
    else:
        cases = [(t, None) for t in SEARCH_POSITIONS]
    rates, python_rates, depths, python_depths, details = [], [], [], [], []
    for text, pair in cases:
        if pair is not None:
            text += f" powers={pair[0]},{pair[1]}"
        found = _core.Searcher(64).search(text, seconds=seconds, keep_going=True)
        assert found is not None
        (depth, score, nodes, elapsed, _, _), _ = found
        board = Board.from_position(text)
        python = AlphaBetaAI(time_limit=seconds, early_stop=False)
        python.choose_turn(board)
        info = python.last_info
        assert info is not None
        if elapsed >= 0.1:  # (a win on the board is found at once, with no work to rate)
            rates.append(nodes / elapsed)
            python_rates.append(info.nodes / info.seconds)
        decided = abs(score) > MATE_BOUND
        if not decided:
            depths.append(depth)
            python_depths.append(info.depth)
        name = pair[0] if pair else text.split()[2]
        details.append(
            f"{name} {depth}{' (forced result found)' if decided else ''} / python {info.depth}"
            f" ({nodes / max(elapsed, 1e-9) / 1e6:.1f} M units/s)"
        )
    kind = "with simple gods" if gods else "without powers"
    return [
        Result(
            f"native search {kind}: work units",
            "units/s",
            min(rates),
            min(python_rates),
            2e6,
            None,
            f"slowest of {len(rates)} searches of middle games, {seconds:g} s each",
        ),
        Result(
            f"native search {kind}: full turns deep in {seconds:g} s",
            "turns",
            min(depths) if depths else 0,
            min(python_depths) if python_depths else 1,
            9,
            None,
            "shallowest of the undecided games; each (native / Python): " + "; ".join(details),
        ),
    ]


def run(long: bool = False, repeat: int = 3) -> list[Result]:
    return [
        perft_rates(True, long, repeat),
        perft_rates(False, long, repeat),
        playouts(long, repeat),
        lists(),
        *lists_with_gods(repeat),
        *lists_with_gods(repeat, MORE_PAIRS, "the other gods the core plays", (None, 50e3)),
        *long_list(repeat),
        *step_lists(repeat),
        *search(1.0, gods=False),
        *search(1.0, gods=True),
    ]


if __name__ == "__main__":
    main(__doc__, run)
