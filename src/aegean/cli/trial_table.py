"""A Trial of the Gods game at the terminal: the game, its record, who sits in each seat,
and taking a choice back.

The table is the referee: it holds the true game and records every choice (so a game
saves and replays exactly). What the players are shown is the loop's business, and
comes from their views only.

``undo`` takes back the last choice of the player at the prompt, while nothing has
happened since that they could not have foreseen: nobody else has decided, no die was
rolled, no deck shuffled or drawn from, no Treasure looked at, no face-down pick
revealed. Otherwise taking a choice back would let a player peek and choose again.
``undo turn`` takes back, one by one under the same rule, every choice of theirs back to
the start of their turn (or as far as the rule allows).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from aegean.trial.bots import BOT_NAMES, PlayerView, UnknownBot, make_bot
from aegean.trial.content import ContentSet
from aegean.trial.engine import Game
from aegean.trial.record import TrialRecord, replay, write_record

#: A bot: given its own view of the game (:class:`PlayerView`) and its legal choices,
#: one of those choices.
Bot = Callable[[PlayerView, Sequence[str]], str]
#: What a seat can be: a person at this terminal, or a bot by name (``search`` may carry a
#: budget: ``search:200``, ``search:0.5s``).
SEAT_KINDS = ("human", *BOT_NAMES)


@dataclass(frozen=True)
class Seat:
    kind: str
    bot: Bot | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


def make_seat(kind: str, seat: int, seed: int) -> Seat:
    """The seat ``kind`` names ("human" or a bot's name), its bot seeded from the game's
    seed and the seat (so a game with bots repeats)."""
    if kind == "human":
        return Seat("human")
    try:
        bot = make_bot(kind, zlib.crc32(f"{seed}/{seat}".encode()))
    except UnknownBot:
        raise ValueError(f"unknown seat {kind!r} (one of {', '.join(SEAT_KINDS)})") from None
    return Seat(kind, bot.choose)


class UndoRefused(Exception):
    """``undo`` is not possible now: ``str()`` says why, in one line."""


def chance_mark(game: Game) -> tuple[object, ...]:
    """What changes whenever chance or something hidden comes into play: the random
    generator, the size of every face-down pile, the Treasures looked at, the face-down
    picks revealed. Equal marks before and after a choice mean that it revealed nothing."""
    s = game.state
    piles = [len(p.deck) for p in s.players]
    piles += [len(s.travel), len(s.sea_deck), len(s.olympics_deck), len(s.animae)]
    piles += [len(deck) for deck in s.god_decks.values()]
    revealed = sum(
        len(cards)
        for frame in s.stack
        if frame["kind"] == "olympics"
        for cards in frame.get("played", {}).values()
    )
    return (s.rng.getstate(), tuple(piles), tuple(len(p.peeked) for p in s.players), revealed, len(s.dealt))


class TrialTable:
    """The game being played, its record, and the seats."""

    def __init__(self, content: ContentSet, record: TrialRecord, seats: Sequence[Seat]) -> None:
        """Set up the game ``record`` describes and play its choices (checking each)."""
        if len(seats) != record.players:
            raise ValueError(f"{len(seats)} seats for {record.players} players")
        self.content = content
        self.record = record
        self.seats = list(seats)
        #: The chance mark before each recorded choice (for ``undo``).
        self._marks: list[tuple[object, ...]] = []
        self.game = replay(record, content, before_each=lambda game: self._marks.append(chance_mark(game)))

    @classmethod
    def new(
        cls, content: ContentSet, players: int, seed: int, seats: Sequence[Seat], advanced: bool = False
    ) -> TrialTable:
        return cls(content, TrialRecord.start(content, players, seed, advanced), seats)

    @property
    def humans(self) -> list[int]:
        return [p for p, seat in enumerate(self.seats) if seat.human]

    def decide(self, player: int, choice: str) -> None:
        """Make ``choice`` for ``player`` and record it (:class:`IllegalChoice`, nothing
        changed, if it is not legal)."""
        mark = chance_mark(self.game)
        self.game.apply(player, choice)
        self._marks.append(mark)
        self.record.choices.append((player, choice))
        self.record.finish(self.game)

    def play_bot(self, player: int) -> None:
        """Let the bot in ``player``'s seat decide, from its own view."""
        bot = self.seats[player].bot
        assert bot is not None, f"seat {player + 1} is not a bot"
        self.decide(player, bot(PlayerView.of(self.game, player), self.game.legal(player)))

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player`` cannot take their last choice back now (None: they can)."""
        if not self.record.choices:
            return "nothing to undo: no choice has been made yet"
        last, choice = self.record.choices[-1]
        if last != player:
            return f"nothing of yours to undo: player {last + 1} decided after your last choice"
        if chance_mark(self.game) != self._marks[-1]:
            return (
                f"cannot undo {choice!r}: since then a card was drawn or revealed, a die rolled or "
                "a deck shuffled"
            )
        return None

    def undo(self, player: int) -> str:
        """Take back ``player``'s last choice (:class:`UndoRefused` if they cannot);
        returns the choice taken back. The game is played again from its seed without it."""
        refusal = self.undo_refusal(player)
        if refusal is not None:
            raise UndoRefused(refusal)
        _, choice = self.record.choices.pop()
        self._marks.pop()
        self.record.result = None
        self.game = replay(self.record, self.content)
        return choice

    def undo_turn(self, player: int) -> list[str]:
        """Take back ``player``'s choices one by one, as :meth:`undo` allows, back to the
        start of their Adventure turn (or as far as allowed; outside a turn, back to where
        someone else last decided). Returns the choices taken back, in the order they were
        made; :class:`UndoRefused` if not even the last one can be."""
        taken: list[str] = []
        while self.undo_refusal(player) is None:
            taken.append(self.undo(player))
            top = self.game.state.stack[-1] if not self.game.over else {}
            if top.get("kind") == "turn" and top["player"] == player and top["actions"] == 0:
                break
        if not taken:
            refusal = self.undo_refusal(player)
            assert refusal is not None
            raise UndoRefused(refusal)
        return taken[::-1]

    def save(self, path: str | Path) -> None:
        """Write the record: the whole game, hidden choices included (for this table)."""
        write_record(self.record, path)
