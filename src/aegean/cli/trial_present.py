"""What the terminal shows of a Trial of the Gods game: panels and words, made from one
player's view (:func:`aegean.trial.view.observe`) and the content set's printed cards.

Nothing here sees the game itself, so nothing here can show what the view hides: the
panels are functions of ``(view, catalog)``. The catalog is the content set's public
card text (what is printed on the components), looked up by id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from aegean.trial.content import ContentSet
from aegean.trial.content.effects import Ability, Effect, Step
from aegean.trial.content.schema import ActionCard, Enemy, Hero, OlympicsCard, Talent, Zone

View = dict[str, Any]

#: Seat colours on screen (the content's colour names need not be terminal colours).
SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold yellow")
ACTIONS = ("sail", "restore", "command", "heal")

#: What each decision means, for the decision panel and ``help``.
DECISIONS = {
    "draft": "Captain draft (advanced game): choose the hero who will be your Captain.",
    "place": "Set-up: put your Captain in a sea zone on the outer edge, not in or next to "
    "another Captain's zone.",
    "olympics_card": "Dawn: you drew two Olympics cards; reveal one (the other is shuffled back). "
    "The revealed card is the discipline of this round's Olympics.",
    "extra": "Your Reveal Upgrade: reveal up to 2 more god cards from one House, or none.",
    "buy": "Dawn, buying: buy revealed god cards (they go to your discard), a Talent (one per "
    "level) or train a Follower, paying Energy; 'done' when you have finished.",
    "turn": "Adventure, your turn: up to 2 actions. Play a card for one of its numbers (Sail, "
    "Restore, Command, Heal) or its Action effect, use a Talent or Hero action, fight an enemy "
    "in your zone, or explore an island; 'pass' takes no more turns this round, 'end' ends this turn.",
    "sail": "Sail: move your Captain to an adjacent zone. Entering a sea zone without a Block draws "
    "a Travel card; leaving a zone with an enemy costs a Dishonor. 'stop' ends the Sail.",
    "command": "Command: place or move one of your Followers or tamed monsters (a monster never "
    "into a zone that holds one). 'stop' ends the Command.",
    "discard": "Discard a card from your hand.",
    "respond": "Another player's action lets you play a Response card now (one card at a time); "
    "'no' lets it pass.",
    "upgrade": "You claimed a Temple: raise one of your Upgrades (its bonus now, and its two "
    "Blessings for the rest of the game).",
    "combat": "Combat: add up to 3 cards, each for its Attack bonus or its Combat effect, then "
    "'go': the enemy rolls its dice and the higher attack wins (a tie: nothing happens).",
    "explore": "Explore: add up to 3 cards' Discovery to reach the island's next threshold, then "
    "'go' (you may look at its Treasure).",
    "race": "Olympics race: pick one card face down; all picks are revealed together. A card scores "
    "the sum of its numbers on the discipline's symbols, or you use its Olympics effect.",
}

_OPS = {
    "gain_energy": "gain {n} Energy",
    "restore": "restore {n} Energy",
    "exhaust": "exhaust {n} Energy",
    "heal": "heal {n}",
    "wound": "take {n} damage",
    "draw": "draw {n}",
    "discard": "discard {n}",
    "sail": "sail {n}",
    "command": "command {n}",
    "attack": "+{n} attack",
    "damage": "+{n} damage",
    "enemy_attack": "enemy +{n} attack",
    "discovery": "+{n} discovery",
    "fervor": "+{n} Fervor",
    "champion": "{n} Champion",
    "dishonor": "{n} Dishonor",
    "atone": "return {n} Dishonor",
    "animae": "take {n} Animae",
}


@dataclass(frozen=True)
class Catalog:
    """The printed components of a content set, by id: what any player may read."""

    content: ContentSet
    cards: dict[str, ActionCard]
    enemies: dict[str, Enemy]
    heroes: dict[str, Hero]
    talents: dict[str, Talent]
    olympics: dict[str, OlympicsCard]
    zones: dict[str, Zone]
    gods: dict[str, str]

    @classmethod
    def of(cls, content: ContentSet) -> Catalog:
        return cls(
            content,
            {c.id: c for c in (*content.starting, *content.personal, *content.gods, *content.animae)},
            {e.id: e for e in (*content.argonauts, *content.land, *content.sea)},
            {h.id: h for h in content.heroes},
            {t.id: t for t in content.talents},
            {o.id: o for o in content.olympics},
            {z.id: z for z in content.board.zones},
            {g.id: g.name for g in content.houses.gods},
        )

    def name(self, some_id: str) -> str:
        """The printed name of a card, enemy, hero, talent, Olympics card or zone."""
        for table in (self.cards, self.enemies, self.heroes, self.talents, self.olympics, self.zones):
            if some_id in table:
                return table[some_id].name
        return some_id


# ---------------------------------------------------------------------- words
def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


def seat_text(seat: int | None) -> Text:
    if seat is None:
        return Text("—", style="dim")
    return Text(seat_name(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def steps_words(steps: Sequence[Step]) -> str:
    words = []
    for step in steps:
        if step.op.value == "hook":
            text = (step.name or "hook").replace("-", " ").replace("_", " ")
        else:
            text = _OPS[step.op.value].format(n=step.n)
        words.append(f"every player {text}" if step.to == "all" else text)
    return ", ".join(words)


def effect_words(effect: Effect) -> str:
    kind = effect.type.value.capitalize()
    if effect.when is not None:
        kind += f" (when another player {effect.when.value.replace('_', ' ')})"
    costs = [f"Prayer {effect.prayer}"] if effect.prayer else []
    costs += [f"Devour {effect.devour}"] if effect.devour else []
    text = f"{kind}: " + (", ".join(costs) + ": " if costs else "") + steps_words(effect.do)
    if effect.devotion:
        text += f"; Devotion: {steps_words(effect.devotion)}"
    if effect.removal:
        text += "; Removal"
    return text


def ability_words(ability: Ability) -> str:
    passive = [f"+{v} {k.replace('_', ' ')}" for k, v in ability.passive.model_dump().items() if v]
    parts = [", ".join(passive)] if passive else []
    if ability.action:
        action = steps_words(ability.action)
        if ability.prayer:
            action = f"Prayer {ability.prayer}: {action}"
        parts.append(f"action: {action}" + (" (once a round)" if ability.once_per_round else ""))
    return "; ".join(parts)


def card_numbers(card: ActionCard) -> str:
    symbols = ("attack", "discovery", *ACTIONS)
    numbers = [f"{k.capitalize()} {card.value(k)}" for k in symbols if card.value(k)]
    return ", ".join(numbers) or "no numbers"


def card_words(card: ActionCard, catalog: Catalog) -> str:
    """A card in one line: name, god, numbers, effect, cost and laurels."""
    text = card.name + (f" ({catalog.gods.get(card.god, card.god)})" if card.god else "")
    text += f": {card_numbers(card)}"
    if card.effect is not None:
        text += f"; {effect_words(card.effect)}"
    if card.cost:
        text += f"; cost {card.cost}"
    if card.laurels:
        text += f"; {card.laurels} laurel{'s' * (card.laurels > 1)}"
    return text


def enemy_words(enemy: Enemy) -> str:
    kind = enemy.kind.replace("_", " ")
    text = f"{enemy.name} ({kind} {enemy.level}): attack {enemy.attack}, {enemy.dice} dice"
    if enemy.ability:
        text += f", each special face: {steps_words(enemy.ability)}"
    return text + f"; {enemy.laurels} laurels"


def race_value(card: ActionCard, view: View, catalog: Catalog) -> int | None:
    """A card's value in this round's Olympics race (None before a discipline is shown)."""
    if not view["olympics_shown"]:
        return None
    olympics = catalog.olympics[view["olympics_shown"][-1]]
    return sum(card.value(symbol.value) for symbol in olympics.disciplines)


def choice_words(choice: str, view: View, catalog: Catalog) -> str:
    """What a choice does, in words (from the chooser's view and the printed cards)."""
    kind, _, rest = choice.partition(":")
    if kind == "play":
        card_id, _, action = rest.rpartition(":")
        card = catalog.cards[card_id]
        if action == "effect":
            assert card.effect is not None
            return f"play {card.name} for its effect: {effect_words(card.effect)}"
        bonus = _modifier(view, catalog, action)
        number = card.value(action) + bonus
        return f"play {card.name} for {action.capitalize()} {number}" + (" (Temple +1)" if bonus else "")
    if kind in ("attack", "combat", "discover", "discard", "respond", "race", "buy"):
        card = catalog.cards[rest]
        if kind == "attack":
            return f"add {card.name} for Attack {card.attack}"
        if kind == "combat":
            assert card.effect is not None
            return f"add {card.name} for its effect: {effect_words(card.effect)}"
        if kind == "discover":
            return f"add {card.name} for Discovery {card.discovery}"
        if kind == "race":
            value = race_value(card, view, catalog)
            effect = f"; or its effect: {effect_words(card.effect)}" if card.effect else ""
            return f"race with {card.name} (worth {value}{effect})"
        verb = {"discard": "discard", "respond": "respond with", "buy": "buy"}[kind]
        return f"{verb} {card_words(card, catalog)}"
    if kind == "use":
        return "score the card's numbers" if rest == "numbers" else "use the card's Olympics effect"
    if kind == "ability":
        if rest in catalog.talents:
            talent = catalog.talents[rest]
            return f"use the Talent {talent.name}: {ability_words(talent.ability)}"
        hero = catalog.heroes[rest]
        return f"use {hero.name}: {ability_words(hero.trained)}"
    if kind == "fight":
        return f"fight {enemy_words(catalog.enemies[rest])}"
    if kind == "explore":
        return f"explore {catalog.name(rest)} (needs {_threshold(view, catalog, rest)} Discovery)"
    if kind in ("sail", "place"):
        target = catalog.zones[rest]
        what: str = target.kind
        if kind == "sail" and target.kind == "sea" and rest not in view["blocks"]:
            what += ", draws a Travel card"
        return f"{kind} to {target.name} ({what})"
    if kind == "command":
        piece, _, where = rest.partition(":")
        return f"move {catalog.name(piece)} to {catalog.name(where)}"
    if kind == "talent":
        talent = catalog.talents[rest]
        what = f"level {talent.level}, cost {talent.cost}"
        return f"buy the Talent {talent.name} ({what}): {ability_words(talent.ability)}"
    if kind == "train":
        hero = catalog.heroes[rest]
        return f"train {hero.name} (cost {hero.training_cost}): {ability_words(hero.trained)}"
    if kind == "upgrade":
        return f"raise your {rest} Upgrade"
    if kind == "captain":
        hero = catalog.heroes[rest]
        return f"{hero.name}: blessings {', '.join(hero.blessings)}; trained: {ability_words(hero.trained)}"
    if kind == "olympics":
        return olympics_words(catalog.olympics[rest])
    if kind == "extra":
        return "reveal no more" if rest == "none" else f"reveal 2 more from the {rest} House"
    words = {
        "pass": "pass: no more turns this round",
        "end": "end this turn",
        "go": "go on",
        "stop": "stop here",
        "no": "let it pass",
        "done": "done buying",
    }
    return words.get(choice, choice)


def olympics_words(card: OlympicsCard) -> str:
    prizes = "; ".join(
        f"{place}: {prize.champions} Champion" + (f", {steps_words(prize.do)}" if prize.do else "")
        for place, prize in zip(("1st", "2nd", "3rd"), card.prizes, strict=True)
    )
    disciplines = " + ".join(s.value for s in card.disciplines)
    ties = ", ".join(s.value for s in card.tiebreaks)
    return f"{card.name}: {disciplines}; ties by {ties}; {prizes}"


def _modifier(view: View, catalog: Catalog, action: str) -> int:
    me = view["players"][view["viewer"]]
    zone = me["zone"]
    if not view["advanced"] or zone is None:
        return 0
    return 1 if catalog.zones[zone].modifier == action else 0


def _threshold(view: View, catalog: Catalog, island: str) -> int | str:
    spaces = catalog.zones[island].exploration
    used = len(view["exploration"][island])
    return spaces[used] if used < len(spaces) else "—"


# ---------------------------------------------------------------------- panels
def board_panel(view: View, catalog: Catalog, full: bool = True) -> Table:
    """The map as a table of zones, whatever the board's shape: each zone, its
    neighbours, its Temple and Exploration spaces (islands), and what is in it. Not
    ``full``: the islands and the sea zones with something in them, without neighbours."""
    title = "The board" if full else "The board (islands, and sea zones with something in them)"
    table = Table(title=title, title_justify="left", expand=True)
    table.add_column("Zone", overflow="fold", ratio=3)
    if full:
        table.add_column("Next to", overflow="fold", ratio=4)
    table.add_column("Temple", overflow="fold", ratio=1)
    table.add_column("Exploration", overflow="fold", ratio=2)
    table.add_column("Here", overflow="fold", ratio=4)
    here = _pieces(view, catalog)
    for zone in catalog.content.board.zones:
        if not full and zone.kind == "sea" and not here[zone.id]:
            continue
        name = Text(zone.name, style="bold" if zone.kind == "island" else "")
        marks = [zone.kind] + ["edge"] * zone.edge + ["danger"] * zone.dangerous
        name.append(f" ({', '.join(marks)})", style="dim")
        temple: Text | str = ""
        exploration = ""
        if zone.kind == "island":
            owner = view["temples"].get(zone.id)
            temple = seat_text(owner) if owner is not None else Text("free", style="dim")
            if view["advanced"] and zone.modifier is not None:
                temple = Text.assemble(temple, f" +1 {zone.modifier.value}")
            markers = view["exploration"].get(zone.id, [])
            exploration = " ".join(
                f"{need}:{seat_name(markers[i])}" if i < len(markers) else str(need)
                for i, need in enumerate(zone.exploration)
            )
        pieces = Text(", ").join(here[zone.id])
        if full:
            neighbours = ", ".join(catalog.zones[z].name for z in zone.adjacent)
            table.add_row(name, neighbours, temple, exploration, pieces)
        else:
            table.add_row(name, temple, exploration, pieces)
    return table


def _pieces(view: View, catalog: Catalog) -> dict[str, list[Text]]:
    """What is in each zone: Captains, Followers, enemies (and whose), Blocks."""
    here: dict[str, list[Text]] = {z: [] for z in catalog.zones}
    for player in view["players"]:
        seat = player["seat"]
        if player["zone"] is not None:
            here[player["zone"]].append(Text.assemble(seat_text(seat), " Captain"))
        for hero, zone in player["follower_zones"].items():
            if zone is not None:
                here[zone].append(Text.assemble(seat_text(seat), f" {catalog.name(hero)}"))
    for enemy in view["enemies"]:
        if enemy["zone"] is None:
            continue
        card = catalog.enemies[enemy["card"]]
        text = Text(f"{card.name} ⚔{card.attack}+{card.dice}d")
        if enemy["wounded"]:
            text.append(" wounded", style="italic")
        if enemy["owner"] is not None:
            text.append_text(Text.assemble(" (", seat_text(enemy["owner"]), "'s)"))
        here[enemy["zone"]].append(text)
    for zone in view["blocks"]:
        here[zone].append(Text("■ Block", style="dim"))
    return here


def players_panel(view: View, catalog: Catalog) -> Table:
    """Every player's board, one column each."""
    table = Table(title="Players", title_justify="left", expand=True)
    table.add_column("")
    for player in view["players"]:
        you = " (you)" if player["seat"] == view["viewer"] else ""
        heading = Text.assemble(seat_text(player["seat"]), f" {player['colour']}{you}")
        table.add_column(heading, overflow="fold")
    rows: list[tuple[str, list[str]]] = []

    def row(label: str, value: Any) -> None:
        rows.append((label, [str(value(p)) for p in view["players"]]))

    order = view["initiative"]
    row("Initiative", lambda p: f"{order.index(p['seat']) + 1} of {len(order)}")
    row("Captain", lambda p: catalog.name(p["captain"]) if p["captain"] else "—")
    row("Captain at", lambda p: catalog.name(p["zone"]) if p["zone"] else "—")
    row("Energy", lambda p: "{available} ready, {exhausted} spent, {reserve} reserve".format(**p["energy"]))
    row("Vigor", lambda p: f"{p['vigor']} (Limiter {p['limiter'] if p['limiter'] is not None else 'gone'})")
    row("Hand", lambda p: f"{p['hand_size']} of {p['hand_limit']}")
    row("Deck / discard", lambda p: f"{p['deck_size']} / {len(p['discard'])}")
    row("Talents", lambda p: ", ".join(catalog.name(t) for _, t in sorted(p["talents"].items())) or "—")
    row("Followers", lambda p: _followers(p, catalog) or "—")
    row("Tamed", lambda p: ", ".join(catalog.name(t) for t in p["tamed"]) or "—")
    row("Upgrades", lambda p: " ".join(u["bonus"] + ("▲" if u["raised"] else "") for u in p["upgrades"]))
    row("Temples", lambda p: ", ".join(catalog.name(z) for z in p["temples"]) or "—")
    row("Explored", lambda p: ", ".join(catalog.name(z) for z in p["explored"]) or "—")
    row("Dishonor", lambda p: p["dishonor"])
    row("Champions", lambda p: p["champions"])
    row("Fervor", lambda p: p["fervor"])
    row("VP", lambda p: p["vp"])
    row("Passed", lambda p: "yes" if p["passed"] else "no")
    for label, values in rows:
        table.add_row(label, *values)
    return table


def _followers(player: dict[str, Any], catalog: Catalog) -> str:
    out = []
    for hero, trained in player["followers"].items():
        zone = player["follower_zones"].get(hero)
        where = f" at {catalog.name(zone)}" if zone else ""
        out.append(f"{catalog.name(hero)}{' (trained)' if trained else ''}{where}")
    return ", ".join(out)


def hand_panel(view: View, catalog: Catalog) -> RenderableType:
    """The viewer's hand, card by card with everything printed on it."""
    viewer = view["viewer"]
    if viewer is None:
        return Text("(a spectator has no hand)", style="dim")
    hand = view["players"][viewer]["hand"] or []
    if not hand:
        return Text("Your hand is empty.")
    table = Table(title=f"Your hand ({len(hand)} cards)", title_justify="left")
    for column in ("Card", "Atk", "Disc", "Sail", "Rest", "Cmd", "Heal", "Race", "Effect"):
        table.add_column(column, overflow="fold")
    for card_id in hand:
        card = catalog.cards[card_id]
        extra = []
        if card.effect is not None:
            extra.append(effect_words(card.effect))
        if card.laurels:
            extra.append(f"{card.laurels} laurels")
        value = race_value(card, view, catalog)
        table.add_row(
            f"{card.name} [{card_id}]",
            *(str(card.value(k)) for k in ("attack", "discovery", *ACTIONS)),
            "—" if value is None else str(value),
            "; ".join(extra),
        )
    return table


def enemies_panel(view: View, catalog: Catalog) -> Table:
    """The enemy boards: every enemy in play, where it is and whose it is."""
    table = Table(title="Enemies", title_justify="left", expand=True)
    for column in ("Enemy", "Kind", "Atk", "Dice", "Laurels", "Special face", "Where", "State"):
        table.add_column(column, overflow="fold")
    for enemy in view["enemies"]:
        card = catalog.enemies[enemy["card"]]
        state = "wounded" if enemy["wounded"] else "unhurt"
        if enemy["owner"] is not None:
            state = f"tamed by {seat_name(enemy['owner'])}"
        table.add_row(
            card.name,
            f"{card.kind.replace('_', ' ')} {card.level}",
            str(card.attack),
            str(card.dice),
            str(card.laurels),
            steps_words(card.ability) or "—",
            catalog.name(enemy["zone"]) if enemy["zone"] else "beside its owner's board",
            state,
        )
    argonauts = ", ".join(catalog.name(c) for c in view["argonaut_board"]) or "—"
    table.caption = f"Argonaut board: {argonauts}"
    return table


def olympics_panel(view: View, catalog: Catalog) -> RenderableType:
    """The Olympics board: the cards shown (the rightmost is this round's), the race in
    progress (who has picked; the picks once revealed), Fervor and Initiative."""
    table = Table(title="Olympics", title_justify="left", expand=True)
    table.add_column("Slot")
    table.add_column("Card", overflow="fold")
    for slot, card_id in enumerate(view["olympics_shown"], 1):
        current = " (this round)" if slot == len(view["olympics_shown"]) else ""
        table.add_row(f"{slot}{current}", olympics_words(catalog.olympics[card_id]))
    if view["olympics_set_aside"]:
        table.add_row("last", "a card face down")
    lines: list[RenderableType] = [table]
    decision = view["decision"]
    if decision["kind"] == "race":
        if decision["stage"] == "pick":
            picked = ", ".join(seat_name(p) for p in decision["picked"]) or "nobody yet"
            text = f"Race: picked face down so far: {picked}"
            if "mine" in decision:
                text += f"; your pick: {catalog.name(decision['mine'])}"
            lines.append(Text(text))
        else:
            shown = ", ".join(f"{seat_name(int(p))} {catalog.name(c)}" for p, c in decision["picks"].items())
            lines.append(Text(f"Race: revealed: {shown}"))
    fervor = ", ".join(f"{seat_name(p['seat'])} {p['fervor']}" for p in view["players"])
    order = " > ".join(seat_name(p) for p in view["initiative"])
    lines.append(Text(f"Fervor: {fervor}.  Initiative: {order}"))
    return Group(*lines)


def log_panel(lines: Sequence[str], title: str | None = "What happened") -> RenderableType:
    if title is None:
        return Group(*(Text(f"  {line}") for line in lines))
    return Group(Text(title, style="bold"), *(Text(f"  {line}") for line in lines))


def scores_panel(view: View, winner: int | None) -> Table:
    """Final scores (VP, with the rankings' tie-breakers' Dishonor) and the winner."""
    table = Table(title="Final scores", title_justify="left")
    for column in ("Player", "VP", "Champions", "Temples", "Explored", "Dishonor", ""):
        table.add_column(column)
    for player in sorted(view["players"], key=lambda p: -p["vp"]):
        table.add_row(
            seat_text(player["seat"]),
            str(player["vp"]),
            str(player["champions"]),
            str(len(player["temples"])),
            str(len(player["explored"])),
            str(player["dishonor"]),
            "winner" if player["seat"] == winner else "",
        )
    return table


PHASES = {
    "draft": "Set-up",
    "place": "Set-up",
    "olympics_card": "Dawn",
    "extra": "Dawn",
    "buy": "Dawn",
    "race": "Olympics",
}


def decision_panel(view: View, catalog: Catalog, legal: Sequence[str]) -> RenderableType:
    """The decision to make: what it is, and the choices, numbered."""
    decision = view["decision"]
    kind = decision["kind"]
    phase = PHASES.get(kind, "Adventure")
    title = Text.assemble(
        (f"Round {view['round']} · {phase} · ", "bold"),
        seat_text(view["viewer"]),
        (f" to decide: {kind.replace('_', ' ')}", "bold"),
    )
    details = _decision_details(view, catalog)
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(justify="right")
    table.add_column(overflow="fold")
    table.add_column(overflow="fold", style="dim")
    for number, choice in enumerate(legal, 1):
        table.add_row(f"{number}.", choice, choice_words(choice, view, catalog))
    parts: list[RenderableType] = [title]
    if details:
        parts.append(Text(details))
    parts.append(table)
    return Group(*parts)


def _decision_details(view: View, catalog: Catalog) -> str:
    decision = view["decision"]
    kind = decision["kind"]
    if kind == "turn":
        return f"Actions taken: {decision['actions']} of 2."
    if kind in ("sail", "command", "discard") and "left" in decision:
        why = f" ({decision['why']})" if decision.get("why") else ""
        return f"{decision['left']} left{why}."
    if kind == "combat":
        enemy = catalog.enemies[decision["enemy"]]
        cards = ", ".join(catalog.name(c) for c in decision["cards"]) or "none"
        return (
            f"Against {enemy_words(enemy)}. Your attack so far: {decision['attack']} "
            f"(+{decision['damage']} damage); cards: {cards}."
        )
    if kind == "explore":
        island = decision["island"]
        need = _threshold(view, catalog, island)
        return f"Exploring {catalog.name(island)}: {decision['sum']} of {need} Discovery."
    if kind == "respond":
        return f"{seat_name(decision['actor'])} {decision['trigger'].replace('_', ' ')}."
    if kind == "buy":
        me = view["players"][view["viewer"]]
        revealed = ", ".join(catalog.name(c) for c in me["revealed_god_cards"]) or "none"
        return f"Energy ready: {me['energy']['available']}. Revealed to you: {revealed}."
    return ""
