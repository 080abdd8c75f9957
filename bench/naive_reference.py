"""A naive, independent two-player Santorini generator: the yardstick of the benchmarks.

Written from the rules (SANTORINI.md §2) with plain lists and no bit tricks, sharing no
code with ``aegean``: it reads positions itself. Every benchmark times it on the same
work as the engine and checks both get the same counts. Turns are ``(src, dst, build)``
(``build`` is -1 for a winning climb), listed by worker, destination, build square.
"""

from __future__ import annotations

import random

Turn = tuple[int, int, int]
DOME = 4  # a dome on any level blocks like a level-4 stack
NEAR = [
    [
        r * 5 + f
        for r in range(sq // 5 - 1, sq // 5 + 2)
        for f in range(sq % 5 - 1, sq % 5 + 2)
        if 0 <= r < 5 and 0 <= f < 5 and r * 5 + f != sq
    ]
    for sq in range(25)
]


class Position:
    def __init__(self, text: str = "00000/00000/00000/00000/00000 1 - -") -> None:
        fields = text.split()
        rows = fields[0].split("/")
        self.height = [
            DOME if rows[4 - s // 5][s % 5] in "ABCD" else int(rows[4 - s // 5][s % 5]) for s in range(25)
        ]
        self.workers = [
            [] if f == "-" else [(int(n[1]) - 1) * 5 + "abcde".index(n[0]) for n in f.split(",")]
            for f in fields[2:4]
        ]
        self.to_move = int(fields[1]) - 1

    def turns(self) -> list[Turn]:
        taken = self.workers[0] + self.workers[1]
        out: list[Turn] = []
        for w in self.workers[self.to_move]:
            for d in NEAR[w]:
                if d in taken or self.height[d] == DOME or self.height[d] > self.height[w] + 1:
                    continue  # occupied, a dome, or more than one level up
                if self.height[d] == 3 and self.height[w] == 2:
                    out.append((w, d, -1))
                    continue
                out.extend((w, d, b) for b in NEAR[d] if b == w or (b not in taken and self.height[b] < DOME))
        return out

    def play(self, turn: Turn) -> None:
        src, dst, build = turn
        mine = self.workers[self.to_move]
        mine[mine.index(src)] = dst
        if build >= 0:
            self.height[build] += 1
        self.to_move = 1 - self.to_move

    def undo(self, turn: Turn) -> None:
        src, dst, build = turn
        self.to_move = 1 - self.to_move
        mine = self.workers[self.to_move]
        mine[mine.index(dst)] = src
        if build >= 0:
            self.height[build] -= 1


def perft(pos: Position, depth: int, bulk: bool = False) -> int:
    """Sequences of ``depth`` turns; a win counts only as the last one. ``bulk`` counts
    the last level's turns without playing them."""
    turns = pos.turns()
    if depth == 1 and bulk:
        return len(turns)
    total = 0
    for turn in turns:
        pos.play(turn)
        if depth == 1:
            total += 1
        elif turn[2] >= 0:
            total += perft(pos, depth - 1, bulk)
        pos.undo(turn)
    return total


def random_game(rng: random.Random) -> tuple[int, list[Turn]]:
    """Random placements, then uniformly random turns until someone wins; returns the
    winner (0-based) and the turns (placements as ``(a, b, -2)``)."""
    pos = Position()
    played: list[Turn] = []
    for player in (0, 1):
        free = [s for s in range(25) if s not in pos.workers[0]]
        pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]
        a, b = pairs[rng.randrange(len(pairs))]
        pos.workers[player] = [a, b]
        played.append((a, b, -2))
    pos.to_move = 0
    while True:
        turns = pos.turns()
        if not turns:
            return 1 - pos.to_move, played
        turn = turns[rng.randrange(len(turns))]
        pos.play(turn)
        played.append(turn)
        if turn[2] < 0:
            return 1 - pos.to_move, played
