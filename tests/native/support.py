"""Seeded random positions for comparing the native core with the Python reference, and
the comparison itself (shared by the suite and ``bench/fuzz_native.py``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import naive
from aegean import _core
from aegean.santorini import Board, native, perft_bulk, rules
from aegean.santorini.powers.table import banned_pairs, power_info

#: The powers the core plays: "-" (none), the ten simple gods and the others it has.
GODS = sorted(native.POWERS)
PAIRS = [(a, b) for a in GODS for b in GODS]
#: The matchups POWERS.csv bans among them: the core refuses them (a game that allows one
#: is the reference's).
BANNED = {pair for pair in PAIRS if frozenset(pair) in banned_pairs()}
#: The matchups the core refuses for now, with the reason it gives: the reference plays
#: them.
UNPLAYED = {
    ("Aphrodite", "Gaea"): "not four",  # (her token holds three of the opponent's workers)
    ("Gaea", "Aphrodite"): "not four",
}
#: The heroes among them: their power once a game (``<hero>=used`` once spent).
HEROES = {name for name in GODS if name != "-" and power_info(name).category == "hero"}


#: The heroes whose unused power makes thousands of turns (Heracles's and Polyphemus's
#: domes: 63,232 on an empty board), which the reference lists slowly, with the share of
#: domed squares on the arbitrary boards of their pairs (fewer free squares, fewer turns).
#: Their random games start with the power spent; their scenario tests, and the fuzz run
#: with ``--unspent``, cover it unused on open boards.
CROWDED = {"Heracles": 0.6, "Polyphemus": 0.5}


def with_towers(position: str, towers: int, rng: random.Random) -> str:
    """``position`` (no powers) with Complete Towers (domes on level 3) added on free
    squares until there are ``towers`` (Chronus's win at five, RULINGS #33)."""
    pos = naive.parse(position)
    occupied = {c for workers in pos.workers for c in workers}
    complete = {c for c in pos.domes if pos.levels[c] == 3}
    free = sorted(c for c in pos.levels if c not in occupied and c not in complete)
    for c in rng.sample(free, max(0, towers - len(complete))):
        pos.levels[c] = 3
        pos.domes.add(c)
    return naive.format_pos(pos)


#: The powers that remove workers from the game: a player against one of them may have
#: lost a worker (``removed=0,1``).
REMOVERS = {"Bia", "Medusa", "Theseus"}

#: The eight directions' names (Aeolus's Wind, Siren's Arrow).
DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


def _token_squares(field: str) -> list[str]:
    """The squares a position's ``key=value`` field puts a token on (the Talus, coins)."""
    key, _, value = field.partition("=")
    return value.split(",") if key in ("europa&talus", "clio") else []


def _by_rank(square: naive.Coord) -> tuple[str, str]:
    """Squares in the reference's order (a1, b1, ... e1, a2, ...), by their names."""
    name = naive.name(square)
    return (name[1], name[0])


def with_powers(position: str, pair: tuple[str, str], rng: random.Random) -> str:
    """``position`` (between turns, no powers) played with ``pair``; Athena's token set at
    random when she is not the one to move (it is cleared as her own turn starts), a
    hero's power spent at random, Aeolus's Wind and Siren's Arrow pointed at random,
    Morpheus's pieces counted at random, the Talus on a free square or on Europa's card,
    Selene's female one of her workers, against Bia, Medusa or Theseus a worker removed
    from the game at random, a third worker for Graeae and Moerae (and for Jason once his
    spare is on the board) on a free square, Moerae's Fate square anywhere and Tartarus's
    Abyss on a free square (their secrets, chosen at setup), and Clio's coins on up to
    three blocks not under an opponent's worker (domed since or not), as many handed out
    or more, and Charybdis's whirlpools, none to two, on undomed spaces holding no other
    token (a worker on one at times), with their levels; Dionysus to move in an extra
    turn at times, and one or both of Gaea's spares on free squares at times."""
    if pair == ("-", "-"):
        return position
    removed = [0, 0]
    fields = position.split()
    jason_used = "Jason" in pair and rng.random() < 0.3
    gaea_card = 2
    for p, name in enumerate(pair):
        if name in ("Graeae", "Moerae") or (name == "Jason" and jason_used):
            pos = naive.parse(" ".join(fields))  # (with the third workers added so far)
            standing = {c for workers in pos.workers for c in workers}
            free = sorted(c for c in pos.levels if c not in standing | pos.domes)
            if not free:  # (a crowded board: a dome makes way)
                free = [rng.choice(sorted(pos.domes - standing))]
                pos.domes.discard(free[0])
                fields = naive.format_pos(pos).split()
            fields[2 + p] += "," + naive.name(rng.choice(free))
    if "Gaea" in pair and rng.random() < 0.5:  # her spares placed: one or both
        p = pair.index("Gaea")
        pos = naive.parse(" ".join(fields))
        standing = {c for workers in pos.workers for c in workers}
        free = sorted(c for c in pos.levels if c not in standing | pos.domes)
        spares = rng.sample(free, min(len(free), rng.randrange(1, 3)))
        fields[2 + p] += "".join("," + naive.name(c) for c in spares)
        gaea_card = 2 - len(spares)
    for p in (0, 1):
        if pair[1 - p] in REMOVERS and rng.random() < 0.4:
            workers = fields[2 + p].split(",")
            workers.remove(rng.choice(workers))
            fields[2 + p] = ",".join(workers)
            removed[p] = 1
    position = " ".join(fields)
    text = f"{position} powers={pair[0].replace(' ', '')},{pair[1].replace(' ', '')}"
    to_move = int(position.split()[1]) - 1
    athena = [p for p, name in enumerate(pair) if name == "Athena" and p != to_move]
    if athena and rng.random() < 0.5:
        text += " athena=up"
    for hero in sorted(HEROES.intersection(pair)):
        if (hero == "Jason" and jason_used) or (hero != "Jason" and rng.random() < 0.3):
            text += f" {hero.lower()}=used"
    for name in ("Aeolus", "Siren"):  # the Wind, the Arrow: pointed at setup
        if name in pair:
            text += f" {name.lower()}={rng.choice(DIRECTIONS)}"
    if "Morpheus" in pair:  # his pieces: at least the one gained at his turn's start
        pieces = rng.randrange(1 if pair.index("Morpheus") == to_move else 0, 6)
        text += f" morpheus={pieces}" if pieces else ""
    if "Europa & Talus" in pair and rng.random() < 0.8:  # the Talus on a free square
        pos = naive.parse(position)
        taken = {c for workers in pos.workers for c in workers} | pos.domes
        free = sorted(c for c in pos.levels if c not in taken)
        text += f" europa&talus={naive.name(rng.choice(free))}"
    if "Selene" in pair and rng.random() < 0.9:
        # Her female, one of her workers (left out: no female, only the normal build).
        text += f" selene={rng.choice(position.split()[2 + pair.index('Selene')].split(','))}"
    if any(removed):
        text += f" removed={removed[0]},{removed[1]}"
    if "Clio" in pair:
        pos = naive.parse(position)
        rivals = set(pos.workers[1 - pair.index("Clio")])
        blocks = sorted(c for c in pos.levels if pos.levels[c] and c not in rivals)
        coins = rng.sample(blocks, min(len(blocks), rng.randrange(4)))
        placed = rng.randrange(len(coins), 4)
        if coins:
            names = sorted((naive.name(c) for c in coins), key=lambda n: (n[1], n[0]))  # (by rank)
            text += f" clio={','.join(names)}"
        if placed:
            text += f" clio.placed={placed}"
    if gaea_card < 2:
        text += f" gaea={gaea_card}"
    if "Dionysus" in pair and pair.index("Dionysus") == to_move and rng.random() < 0.3:
        text += " dionysus.extra=on"  # (his extra turn, earned by a Complete Tower)
    if "Charybdis" in pair:
        pos = naive.parse(position)
        standing = {c for workers in pos.workers for c in workers}
        tokens = {naive.coord(name) for field in text.split() for name in _token_squares(field)}
        free = sorted(c for c in pos.levels if c not in pos.domes | tokens)
        free_first = [c for c in free if c not in standing] if rng.random() < 0.7 else free
        pools = sorted(rng.sample(free_first, min(len(free_first), rng.randrange(3))), key=_by_rank)
        if pools:
            text += f" charybdis={','.join(naive.name(c) for c in pools)}"
            text += f" charybdis.levels={','.join(str(pos.levels[c]) for c in pools)}"
    if "Moerae" in pair:
        text += f" moerae.fate={rng.choice([f + r for r in '1234' for f in 'abcd'])}"
    if "Tartarus" in pair:
        pos = naive.parse(position)
        taken = {c for workers in pos.workers for c in workers}
        text += f" tartarus.abyss={naive.name(rng.choice(sorted(c for c in pos.levels if c not in taken)))}"
    return text


def refused(pair: tuple[str, str]) -> bool:
    """Whether the core refuses ``pair``: a mirror match of a god, a banned matchup, or one
    it does not play yet (:data:`UNPLAYED`)."""
    return pair[0] == pair[1] != "-" or pair in BANNED or pair in UNPLAYED


def positions(
    pair: tuple[str, str], seed: int, boards: int = 2, games: int = 1, unspent: bool = False
) -> Iterator[str]:
    """Arbitrary boards (levels and domes anywhere) and positions of random games played
    by the core from random placements, all with ``pair``'s powers (``unspent``: the
    heroes of :data:`CROWDED` as the others, on open boards too)."""
    rng = random.Random(f"{seed}:{pair}")
    crowded = () if unspent else [CROWDED[name] for name in pair if name in CROWDED]
    for i in range(boards):
        board = naive.random_board(rng, dome_chance=max([(0.1, 0.35)[i % 2], *crowded]))
        if "Chronus" in pair:  # four towers, or already five: the next build wins for him
            board = with_towers(board, 4 + i % 2, rng)
        yield with_powers(board, pair, rng)
    for _ in range(games):
        squares = rng.sample([f"{f}{r}" for f in "abcde" for r in "12345"], 4)
        start = f"00000/00000/00000/00000/00000 1 {squares[0]},{squares[1]} {squares[2]},{squares[3]}"
        text = with_powers(start, pair, rng)
        for name in pair:
            if crowded and name in CROWDED and f" {name.lower()}=" not in text:
                text += f" {name.lower()}=used"
        for _ in range(rng.randrange(2, 12)):
            turns = _core.legal_turns(text)
            if not turns:
                break
            text, winner = _core.play(text, turns[rng.randrange(len(turns))])
            if winner is not None:
                break
        else:
            yield text


def compare(position: str, perft_depth: int = 2, most: int = 120) -> None:
    """Assert the core and the reference agree at ``position``: the legal turns in order,
    the position and winner after each, perft 1 to ``perft_depth`` (deeper levels only
    while the reference's work stays small: at most ``most`` turns a level). Every failure
    names the position."""
    board = Board.from_position(position)
    assert native.supports(board), position
    reference = rules.legal_turns(board, None)
    assert native.legal_turns(board) == reference, f"legal turns differ at {position!r}"
    # Board.legal_turns is the core's here too, handed over from the board's parts.
    assert board.legal_turns() == reference, f"Board.legal_turns differs at {position!r}"
    assert _core.outcome(position) == (None if reference else 1 - board.to_move), f"outcome at {position!r}"
    for turn in reference:
        text, winner = _core.play(position, list(turn))
        board.push_turn(turn)
        outcome = rules.game_outcome(board)
        assert board.outcome() == outcome, f"Board.outcome after {turn} at {position!r}"
        expected = None if outcome is None else outcome.winner
        assert winner == expected, f"winner after {turn} at {position!r}: {winner} != {expected}"
        if board.decided is None:
            assert text == board.position(), f"position after {turn} at {position!r}"
        board.pop()
    compare_steps(board, walks=2, rng=random.Random(position))
    for depth in range(1, perft_depth + 1):
        if depth > 1 and len(reference) > most:
            break
        expected = perft_bulk(board, depth, "reference")
        assert native.perft(board, depth) == expected, f"perft {depth} at {position!r}"


def compare_steps(board: Board, walks: int, rng: random.Random) -> None:
    """Assert ``Board.legal_steps()`` (the core's, from the turn's start and the steps
    taken) is the reference's ``rules.legal_steps`` at each step of ``walks`` random ways
    through the turn, and that ``Board.push`` takes each step as the reference would. A
    failure names the position and the steps taken."""
    position, start_ply = board.position(), board.ply
    for _ in range(walks):
        taken: list[str] = []
        while board.ply == start_ply and board.decided is None:
            steps = board.legal_steps()
            expected = rules.legal_steps(board)
            assert steps == expected, f"legal steps differ at {position!r} after {taken}"
            if not steps:
                break
            step = steps[rng.randrange(len(steps))]
            board.push(step, legal=steps)
            taken.append(str(step))
        for _ in taken:
            board.pop()
        assert board.position() == position
