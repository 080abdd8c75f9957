"""``aegean santorini play --setup``: the god-power setup (docs/rules-decisions.md, "Setup") at the
terminal, before the game. The Challenger picks as many powers as players (each marked
for the player count with 3 or 4 players), the others choose in turn, the Challenger
keeps the last one and names the start player. In the Golden Fleece variant the
Challenger picks the one marked power that lies beside the board and names the player
who places first. A seat played by the AI decides at random (seeded), so a game with
``--seed`` repeats.

The rules themselves live in :class:`aegean.santorini.setup.PowerSetup`; this module only
asks, shows and re-asks, so that every bad answer gets one line and another try.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from aegean.present.words import card_heading
from aegean.santorini import Board, SantoriniError
from aegean.santorini.powers import banned_pairs, implemented, make_power, power_info
from aegean.santorini.powers.texts import card_text
from aegean.santorini.setup import PowerSetup, allowed_start_players, compatible, fleece_powers

from .powers import unknown_power
from .render import player_chip
from .terminal import ReadLine

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
SETUP_HELP = (
    "Type the power names asked for (any case; card numbers work for the pick), separated "
    "by commas. 'card NAME' or 'NAME?' shows a card's text; quit leaves."
)


class SetupLeft(Exception):
    """The person left during setup (end of input, ``quit`` or Ctrl-C): ``status`` is the
    exit status the game would give for the same."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def offered_powers(n_players: int) -> list[str]:
    """The implemented powers that may be picked for ``n_players`` players, in card order."""
    return sorted(
        (name for name in implemented() if compatible(name, n_players)), key=lambda n: power_info(n).index
    )


def some_start_player(names: Sequence[str]) -> bool:
    """Whether every way of handing out these powers leaves someone allowed to start
    (docs/rules-decisions.md, "Setup order"): otherwise a pick could end the setup with no
    legal start player."""
    return all(
        allowed_start_players([make_power(name) for name in order]) for order in itertools.permutations(names)
    )


def resolve_pick(text: str, n_players: int, pool: Sequence[str], *, fleece: bool = False) -> list[str]:
    """The names typed at the pick prompt (any case, comma-separated; card numbers too),
    checked against what can be offered (``fleece``: the one Golden Fleece power). Raises
    :class:`SantoriniError` with the message."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    by_index = {str(power_info(name).index): name for name in pool}
    names = []
    for part in parts:
        if part in by_index:
            names.append(by_index[part])
            continue
        try:
            name = power_info(part).name
        except SantoriniError:
            raise SantoriniError(unknown_power(part)) from None
        if name not in implemented():
            raise SantoriniError(f"{name} is not implemented yet; pick from the list")
        if name not in pool:
            why = "has no Golden Fleece mark" if fleece else f"cannot be used with {n_players} players"
            raise SantoriniError(f"{name} {why}; pick from the list")
        names.append(name)
    if fleece:
        if len(names) != 1:
            example = pool[0] if pool else "Apollo"
            raise SantoriniError(
                f"pick 1 power with the Golden Fleece mark (e.g. {example}), not {len(names)}"
            )
        return names
    if len(names) != n_players:
        raise SantoriniError(
            f"pick {n_players} powers, one per player, separated by commas (e.g. "
            f"{', '.join(pool[:n_players])}), not {len(names)}"
        )
    return names


class SetupDialog:
    """Runs one :class:`PowerSetup` with people at the terminal and AIs in other seats."""

    def __init__(
        self,
        names: Sequence[str],
        ai_seats: Sequence[bool],
        console: Console,
        read_line: ReadLine,
        *,
        challenger: int = 0,
        rng: random.Random | None = None,
        allow_banned: bool = False,
        fleece: bool = False,
    ) -> None:
        self.names = list(names)
        self.ai_seats = list(ai_seats)
        self.console = console
        self.read_line = read_line
        self.rng = rng or random.Random()
        self.setup = PowerSetup(
            len(self.names), challenger=challenger, allow_banned=allow_banned, fleece=fleece
        )
        self.fleece = fleece
        self.pool = fleece_powers() if fleece else offered_powers(len(self.names))

    # ------------------------------------------------------------------ output
    def info(self, message: str, style: str = "") -> None:
        self.console.print(Text(message, style=style), soft_wrap=True)

    def error(self, message: str) -> None:
        self.console.print(Text.assemble(("✗ ", "bold red"), message), soft_wrap=True)

    def who(self, seat: int) -> str:
        return f"player {seat + 1} ({self.names[seat]})"

    def show_pool(self) -> None:
        what = "Golden Fleece powers" if self.fleece else "Powers"
        count = f"{len(self.pool)} implemented" + ("" if self.fleece else f", for {len(self.names)} players")
        self.info(f"{what} on offer ({count}):")
        for name in self.pool:
            self.info(f"  {power_info(name).index:>2}  {card_heading(name)}")
        self.info("Type 'card NAME' (or NAME?) to read a card, help for help.", "dim")

    def show_card(self, name: str) -> None:
        """A card in full: its heading and its text."""
        self.console.print(Text(card_heading(name), style="bold"), soft_wrap=True)
        self.console.print(Text(card_text(name)))

    def ask(self, seat: int, question: str) -> str:
        """The answer to ``question`` from ``seat``; ``help`` (or ``?``) and
        ``card NAME`` (or ``NAME?``) are answered here and the question asked again."""
        while True:
            prompt = player_chip(seat, len(self.names))
            prompt.append(f" player {seat + 1}, {question}> ", style="bold")
            line = self.read_line(prompt)
            if line is None:
                self.info("End of input: leaving the game.")
                raise SetupLeft(0)
            answer = line.strip()
            lowered = answer.lower()
            if lowered in QUIT_WORDS:
                self.info("Goodbye.")
                raise SetupLeft(0)
            if lowered in HELP_WORDS:
                self.info(SETUP_HELP, "dim")
                continue
            wanted = answer[5:] if lowered.startswith("card ") else None
            if answer.endswith("?"):
                wanted = answer[:-1]
            if wanted is not None:
                try:
                    self.show_card(power_info(wanted.strip()).name)
                except SantoriniError:
                    self.error(unknown_power(wanted.strip()))
                continue
            return answer

    # ------------------------------------------------------------------ running
    def run(self) -> Board:
        """The setup from the pick to the start player; the empty board it makes.
        Raises :class:`SetupLeft` when the person leaves."""
        try:
            return self._run()
        except KeyboardInterrupt:
            self.console.print()
            self.info("Interrupted: leaving the game.")
            raise SetupLeft(130) from None

    def _run(self) -> Board:
        setup = self.setup
        n = setup.n_players
        challenger = setup.challenger
        kind = "Golden Fleece setup" if self.fleece else "God-power setup"
        self.info(f"{kind}: {self.who(challenger)} is the Challenger.", "bold")
        if n == 4:
            self.info("Teams: players 1 and 3 against players 2 and 4.")
        self.show_pool()
        if self.ai_seats[challenger]:
            names = self.ai_pick()
            setup.pick(names)
            self.info(f"{self.who(challenger)} picks {', '.join(names)}.")
        else:
            question = (
                "pick the power beside the board (one name)"
                if self.fleece
                else f"pick {n} powers (names, comma-separated)"
            )
            while True:
                answer = self.ask(challenger, question)
                try:
                    names = resolve_pick(answer, n, self.pool, fleece=self.fleece)
                    if not self.fleece and not some_start_player(names):
                        raise SantoriniError(
                            f"no start player would be allowed with {', '.join(names)}: "
                            "their setup rules clash"
                        )
                    setup.pick(names)
                    break
                except SantoriniError as error:
                    self.error(str(error))
        while setup.phase == "choose":
            chooser = setup.chooser
            assert chooser is not None
            if self.ai_seats[chooser]:
                name = self.rng.choice(setup.remaining)
                setup.choose(name)
            else:
                self.info(f"The cards to choose from, {self.who(chooser)}:", "bold")
                for remaining in setup.remaining:
                    self.show_card(remaining)
                while True:
                    answer = self.ask(chooser, f"choose one of {', '.join(setup.remaining)}")
                    try:
                        if not answer:
                            raise SantoriniError(f"type one of {', '.join(setup.remaining)}")
                        try:
                            name = power_info(answer).name
                        except SantoriniError:
                            raise SantoriniError(unknown_power(answer)) from None
                        setup.choose(name)
                        break
                    except SantoriniError as error:
                        self.error(str(error))
            self.info(f"{self.who(chooser)} chooses {name}.")
        if not self.fleece:
            self.info(f"{self.who(challenger)} gets {setup.chosen[challenger]}.")
        allowed = setup.allowed_start_players()
        if self.ai_seats[challenger]:
            start = self.rng.choice(allowed)
            setup.name_start_player(start)
        else:
            choices = " or ".join(str(seat + 1) for seat in allowed)
            while True:
                answer = self.ask(challenger, f"name the start player ({choices})")
                try:
                    text = answer.lower().removeprefix("player").strip()
                    if not text.isdigit() or not 1 <= int(text) <= n:
                        raise SantoriniError(f"type a player number, {choices}, not {answer!r}")
                    setup.name_start_player(int(text) - 1)
                    break
                except SantoriniError as error:
                    self.error(str(error))
            start = int(text) - 1
        if self.fleece:
            self.info(
                f"{self.who(challenger)} names player {start + 1} to start: they place first and put "
                "the Ram; the other player takes the first turn."
            )
        else:
            self.info(f"{self.who(challenger)} names player {start + 1} to start.")
        return setup.board()

    def ai_pick(self) -> list[str]:
        """A random compatible pick, without banned matchups (unless allowed) and with a
        start player under every way of handing the powers out."""
        n = self.setup.n_players
        if self.fleece:
            return [self.rng.choice(self.pool)]
        banned = banned_pairs()
        for _ in range(1000):
            names = self.rng.sample(self.pool, n)
            if not self.setup.allow_banned and any(
                frozenset((a, b)) in banned for a, b in itertools.combinations(names, 2)
            ):
                continue
            if some_start_player(names):
                return names
        raise SantoriniError(f"not enough implemented powers for a {n}-player game")
