"""Reading a content set from a directory and checking it whole.

Every problem becomes one :class:`ContentError` naming the file, the card (or zone) and
the field, so that ``aegean trial content validate`` can print one clear line. Checks go
beyond each model: references between files (Blessings name Houses, Personal cards name
Heroes), the board's shape (symmetric adjacency, connected, Captains can start apart) and
the rulebook's component counts.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .effects import Op, Step
from .schema import (
    DECK_EFFECT_TYPES,
    ActionCard,
    Board,
    Enemy,
    Hero,
    Houses,
    OlympicsCard,
    SetInfo,
    Talent,
    Tracks,
    Travel,
)

#: A content file larger than this is refused before it is parsed.
MAX_FILE_BYTES = 2_000_000
#: How deep a JSON document may nest (the deepest legal one nests about 8).
MAX_DEPTH = 16

#: The rulebook's component list (§1).
DECK_COUNTS = {
    "talents": 24,
    "travel": 24,
    "heroes": 12,
    "argonauts": 24,
    "land": 24,
    "sea": 19,
    "starting": 24,
    "personal": 24,
    "gods": 84,
    "animae": 16,
    "olympics": 6,
}
ISLANDS = 12
TREASURES = 12
FLEECE_PARTS = 4
GOD_CARDS_PER_HOUSE = 14
STARTING_PER_COLOUR = 6
PERSONAL_PER_HERO = 2
#: The schema's reading of the component list (docs/trial-content.md, "Decisions"): the
#: 24 Argonaut enemy cards are two per Hero (12 Argonauts), the 19 Sea enemy cards one per
#: sea monster figure (15) and 4 Calm Sea.
ARGONAUTS_PER_HERO = 2
SEA_MONSTER_FIGURES = 15
MAX_PLAYERS = 4
#: Each player gets two Talents of each level at setup.
TALENTS_PER_LEVEL_DEALT = 2

#: The files of a set, in the order they are read and described.
FILES = (
    "set.json",
    "board.json",
    "tracks.json",
    "houses.json",
    "talents.json",
    "travel.json",
    "heroes.json",
    "enemies.json",
    "starting.json",
    "personal.json",
    "gods.json",
    "animae.json",
    "olympics.json",
)


class ContentError(ValueError):
    """A content set that cannot be used: ``str()`` is the one line to show."""


M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class ContentSet:
    """A checked content set; everything the engine reads that the rulebook does not print."""

    info: SetInfo
    board: Board
    tracks: Tracks
    houses: Houses
    talents: tuple[Talent, ...]
    travel: tuple[Travel, ...]
    heroes: tuple[Hero, ...]
    argonauts: tuple[Enemy, ...]
    land: tuple[Enemy, ...]
    sea: tuple[Enemy, ...]
    starting: tuple[ActionCard, ...]
    personal: tuple[ActionCard, ...]
    gods: tuple[ActionCard, ...]
    animae: tuple[ActionCard, ...]
    olympics: tuple[OlympicsCard, ...]

    @property
    def label(self) -> str:
        """How the set is named wherever it is shown (its label says whose it is)."""
        return f"{self.info.name} {self.info.version} — {self.info.label}"

    def action_card(self, card_id: str) -> ActionCard:
        return self._action_cards[card_id]

    @property
    def _action_cards(self) -> dict[str, ActionCard]:
        cached: dict[str, ActionCard] | None = self.__dict__.get("_cards")
        if cached is None:
            cached = {c.id: c for c in (*self.starting, *self.personal, *self.gods, *self.animae)}
            object.__setattr__(self, "_cards", cached)
        return cached

    def to_files(self) -> dict[str, Any]:
        """The set as the JSON documents of its files (``export`` writes these)."""

        def cards(items: Iterable[BaseModel]) -> list[Any]:
            return [item.model_dump(mode="json", exclude_defaults=True) for item in items]

        return {
            "set.json": self.info.model_dump(mode="json"),
            "board.json": self.board.model_dump(mode="json", exclude_defaults=True),
            "tracks.json": self.tracks.model_dump(mode="json", exclude_defaults=True),
            "houses.json": self.houses.model_dump(mode="json"),
            "talents.json": {"cards": cards(self.talents)},
            "travel.json": {"cards": cards(self.travel)},
            "heroes.json": {"cards": cards(self.heroes)},
            "enemies.json": {
                "argonauts": cards(self.argonauts),
                "land": cards(self.land),
                "sea": cards(self.sea),
            },
            "starting.json": {"cards": cards(self.starting)},
            "personal.json": {"cards": cards(self.personal)},
            "gods.json": {"cards": cards(self.gods)},
            "animae.json": {"cards": cards(self.animae)},
            "olympics.json": {"cards": cards(self.olympics)},
        }


def sample_dir() -> Path:
    """Where the shipped sample set lives."""
    return Path(__file__).with_name("sample")


def load_content(directory: str | Path | None = None) -> ContentSet:
    """Read and check the set in ``directory`` (None: the shipped sample set)."""
    folder = sample_dir() if directory is None else Path(directory)
    if not folder.is_dir():
        raise ContentError(f"{folder}: not a directory of content files")
    raw = {name: _read_json(folder / name) for name in FILES}
    info = _model(SetInfo, raw["set.json"], "set.json")
    board = _model(Board, raw["board.json"], "board.json", items="zones")
    tracks = _model(Tracks, raw["tracks.json"], "tracks.json")
    houses = _model(Houses, raw["houses.json"], "houses.json", items="houses")
    content = ContentSet(
        info=info,
        board=board,
        tracks=tracks,
        houses=houses,
        talents=_deck(Talent, raw, "talents.json", "cards"),
        travel=_deck(Travel, raw, "travel.json", "cards"),
        heroes=_deck(Hero, raw, "heroes.json", "cards"),
        argonauts=_deck(Enemy, raw, "enemies.json", "argonauts"),
        land=_deck(Enemy, raw, "enemies.json", "land"),
        sea=_deck(Enemy, raw, "enemies.json", "sea"),
        starting=_deck(ActionCard, raw, "starting.json", "cards"),
        personal=_deck(ActionCard, raw, "personal.json", "cards"),
        gods=_deck(ActionCard, raw, "gods.json", "cards"),
        animae=_deck(ActionCard, raw, "animae.json", "cards"),
        olympics=_deck(OlympicsCard, raw, "olympics.json", "cards"),
    )
    check(content)
    return content


def _read_json(path: Path) -> Any:
    if not path.exists():
        raise ContentError(f"{path.name}: missing from {path.parent}")
    if not path.is_file():
        raise ContentError(f"{path.name}: not a file")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError(
                f"{path.name}: {size:,} bytes, more than the {MAX_FILE_BYTES:,} a content file may have"
            )
        data = path.read_bytes()
    except OSError as error:  # (not allowed to read it, an I/O error)
        raise ContentError(f"{path.name}: cannot be read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ContentError(f"{path.name}: not UTF-8 text (byte {error.start})") from None
    if _nesting(text) > MAX_DEPTH:
        raise ContentError(f"{path.name}: nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ContentError(
            f"{path.name}: not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError:  # Python refuses to read an integer of more than 4,300 digits
        raise ContentError(f"{path.name}: not valid JSON: a number with too many digits") from None


def _nesting(text: str) -> int:
    """The deepest bracket nesting outside strings (checked before parsing, so a hostile
    file cannot make the parser recurse)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _where(loc: Sequence[int | str]) -> str:
    """A field's path (``effect.do[0].op``); a key that is not a plain name is quoted, so
    that whatever a file holds, the error stays one line."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier() and len(part) <= QUOTE_CHARS:
            out += f".{part}" if out else part
        else:
            out += f"[{_quote(part)}]"
    return out


#: How much of a string from the file an error quotes (ids are at most 48 characters).
QUOTE_CHARS = 50


def _quote(text: str) -> str:
    """``text`` quoted as Python writes it (a newline as ``\\n``: the error stays one
    line), cut short if long (an error line about a megabyte-long key stays short)."""
    if len(text) <= QUOTE_CHARS:
        return repr(text)
    return f"{text[: QUOTE_CHARS - 10]!r}… ({len(text):,} characters)"


def _line(*parts: str) -> str:
    """``file: card: field: message``, leaving out the parts that do not apply."""
    return ": ".join(part for part in parts if part)


def _explain(error: ValidationError) -> tuple[tuple[int | str, ...], str]:
    first = error.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        message = "unknown field"
    elif first["type"] == "missing":
        message = "required field missing"
    elif first["type"] in ("model_type", "model_attributes_type", "dict_type"):
        message = "expected a JSON object"
    return tuple(first["loc"]), message


def _model(model: type[M], data: Any, file: str, items: str | None = None) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        loc, message = _explain(error)
        what = ""
        if items and len(loc) >= 2 and loc[0] == items and isinstance(loc[1], int):
            what = _named(data[items][loc[1]], loc[1], items.removesuffix("s"))
            loc = loc[2:]
        raise ContentError(_line(file, what, _where(loc), message)) from None


def _named(item: Any, index: int, kind: str = "card") -> str:
    name = item.get("id") if isinstance(item, dict) else None
    return f"{kind} {_quote(name)}" if isinstance(name, str) else f"{kind} #{index + 1}"


def _deck(model: type[M], raw: dict[str, Any], file: str, key: str) -> tuple[M, ...]:
    document = raw[file]
    if not isinstance(document, dict) or not isinstance(document.get(key), list):
        raise ContentError(f"{file}: expected an object with a list {key!r}")
    extra = sorted(set(document) - ({"cards"} if key == "cards" else {"argonauts", "land", "sea"}))
    if extra:
        raise ContentError(f"{file}: unknown key {_quote(extra[0])}")
    out = []
    for index, item in enumerate(document[key]):
        try:
            out.append(model.model_validate(item))
        except ValidationError as error:
            loc, message = _explain(error)
            prefix = "" if key == "cards" else f"{key} "
            raise ContentError(_line(file, prefix + _named(item, index), _where(loc), message)) from None
    return tuple(out)


def check(content: ContentSet) -> None:
    """The checks across files; raises the first :class:`ContentError`."""
    _check_unique(content)
    _check_board(content.board)
    _check_tracks(content)
    _check_decks(content)
    _check_steps(content)


def _fail(file: str, what: str, field: str, message: str) -> ContentError:
    return ContentError(f"{file}: {what}: {field}: {message}")


def _cards_by_file(content: ContentSet) -> list[tuple[str, Sequence[Any]]]:
    """Every card of the set with the file it comes from."""
    return [
        ("talents.json", content.talents),
        ("travel.json", content.travel),
        ("heroes.json", content.heroes),
        ("enemies.json", (*content.argonauts, *content.land, *content.sea)),
        ("starting.json", content.starting),
        ("personal.json", content.personal),
        ("gods.json", content.gods),
        ("animae.json", content.animae),
        ("olympics.json", content.olympics),
    ]


def _check_unique(content: ContentSet) -> None:
    seen: dict[str, str] = {}
    groups: list[tuple[str, Iterable[Any]]] = [*_cards_by_file(content), ("board.json", content.board.zones)]
    for file, items in groups:
        for item in items:
            if item.id in seen:
                raise _fail(file, f"{item.id!r}", "id", f"already used in {seen[item.id]}")
            seen[item.id] = file


def _check_board(board: Board) -> None:
    zones = {zone.id: zone for zone in board.zones}
    for zone in board.zones:
        for other in zone.adjacent:
            if other not in zones:
                raise _fail("board.json", f"zone {zone.id!r}", "adjacent", f"unknown zone {other!r}")
            if other == zone.id:
                raise _fail("board.json", f"zone {zone.id!r}", "adjacent", "a zone is not adjacent to itself")
            if zone.id not in zones[other].adjacent:
                raise _fail("board.json", f"zone {zone.id!r}", "adjacent", f"{other!r} does not list it back")
    islands = [z for z in board.zones if z.kind == "island"]
    if len(islands) != ISLANDS:
        raise ContentError(f"board.json: {len(islands)} islands; the rulebook's board has {ISLANDS}")
    for island in islands:
        if len(island.exploration) < MAX_PLAYERS:
            raise _fail(
                "board.json",
                f"zone {island.id!r}",
                "exploration",
                f"needs {MAX_PLAYERS} spaces, one per player",
            )
        if not any(zones[n].kind == "sea" for n in island.adjacent):
            raise _fail("board.json", f"zone {island.id!r}", "adjacent", "an island must touch a sea zone")
    reached = {board.zones[0].id}
    frontier = [board.zones[0].id]
    while frontier:
        for other in zones[frontier.pop()].adjacent:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    if len(reached) != len(zones):
        lost = next(z for z in zones if z not in reached)
        raise _fail(
            "board.json", f"zone {lost!r}", "adjacent", "cannot be reached from the rest of the board"
        )
    edge = [z.id for z in board.zones if z.edge]
    if not any(
        all(b not in zones[a].adjacent for a, b in combinations(group, 2))
        for group in combinations(edge, MAX_PLAYERS)
    ):
        raise ContentError(
            f"board.json: the edge needs {MAX_PLAYERS} sea zones, no two adjacent (Captains start apart)"
        )
    if not any(z.dangerous for z in board.zones):
        raise ContentError("board.json: no dangerous sea zone (setup reveals a Sea enemy card on each)")


def _check_tracks(content: ContentSet) -> None:
    tracks = content.tracks
    houses = {h.id for h in content.houses.houses}
    if len(houses) != len(content.houses.houses):
        raise ContentError("houses.json: two houses with the same id")
    if tracks.hand_limits != sorted(tracks.hand_limits):
        raise ContentError("tracks.json: hand_limits: must not decrease along the Vigor track")
    bonuses = Counter(u.bonus for u in tracks.upgrades)
    if len(bonuses) != len(tracks.upgrades):
        raise ContentError("tracks.json: upgrades: each of the six bonuses once")
    for index, upgrade in enumerate(tracks.upgrades):
        for house in upgrade.blessings:
            if house not in houses:
                raise ContentError(f"tracks.json: upgrades[{index}].blessings: unknown house {house!r}")
    if not any(face.special for face in tracks.die):
        raise ContentError("tracks.json: die: needs a special (Activation) face")
    if len(tracks.treasures) != TREASURES:
        raise ContentError(f"tracks.json: treasures: {len(tracks.treasures)}; the rulebook has {TREASURES}")
    fleece = sum(t.fleece for t in tracks.treasures)
    if fleece != FLEECE_PARTS:
        raise ContentError(f"tracks.json: treasures: {fleece} Fleece parts; the rulebook has {FLEECE_PARTS}")
    if len(set(tracks.colours)) != len(tracks.colours):
        raise ContentError("tracks.json: colours: each colour once")


def _count(file: str, deck: str, cards: Sequence[Any]) -> None:
    want = DECK_COUNTS[deck]
    if len(cards) != want:
        where = file if deck not in ("argonauts", "land", "sea") else f"{file}: {deck}"
        raise ContentError(f"{where}: {len(cards)} cards; the rulebook's component list has {want}")


def _check_decks(content: ContentSet) -> None:
    for deck, file in (
        ("talents", "talents.json"),
        ("travel", "travel.json"),
        ("heroes", "heroes.json"),
        ("argonauts", "enemies.json"),
        ("land", "enemies.json"),
        ("sea", "enemies.json"),
        ("starting", "starting.json"),
        ("personal", "personal.json"),
        ("gods", "gods.json"),
        ("animae", "animae.json"),
        ("olympics", "olympics.json"),
    ):
        _count(file, deck, getattr(content, deck))
    houses = {h.id for h in content.houses.houses}
    heroes = {h.id for h in content.heroes}
    for level in (1, 2, 3):
        have = sum(t.level == level for t in content.talents)
        if have < TALENTS_PER_LEVEL_DEALT * MAX_PLAYERS:
            raise ContentError(
                f"talents.json: {have} level-{level} Talents; four players are dealt "
                f"{TALENTS_PER_LEVEL_DEALT * MAX_PLAYERS}"
            )
    for hero in content.heroes:
        for house in hero.blessings:
            if house not in houses:
                raise _fail("heroes.json", f"card {hero.id!r}", "blessings", f"unknown house {house!r}")
    _expect_kind("argonauts", content.argonauts, {"argonaut"})
    _expect_kind("land", content.land, {"land"})
    _expect_kind("sea", content.sea, {"sea", "calm_sea"})
    for enemy in content.argonauts:
        if enemy.hero not in heroes:
            raise _fail(
                "enemies.json", f"argonauts card {enemy.id!r}", "hero", f"unknown hero {enemy.hero!r}"
            )
    per_hero = Counter(e.hero for e in content.argonauts)
    for hero_id in sorted(heroes):
        if per_hero[hero_id] != ARGONAUTS_PER_HERO:
            raise ContentError(
                f"enemies.json: argonauts: {per_hero[hero_id]} cards for hero {hero_id!r}; "
                f"the set has {ARGONAUTS_PER_HERO} per Hero"
            )
    monsters = sum(e.kind == "sea" for e in content.sea)
    if monsters != SEA_MONSTER_FIGURES:
        raise ContentError(
            f"enemies.json: sea: {monsters} sea monsters; the set has one per sea monster figure, "
            f"{SEA_MONSTER_FIGURES} (the other cards are Calm Sea)"
        )
    _grouped("starting.json", content.starting, "colour", set(content.tracks.colours), STARTING_PER_COLOUR)
    _grouped("personal.json", content.personal, "hero", heroes, PERSONAL_PER_HERO)
    gods = {g.id for g in content.houses.gods}
    if len(gods) != len(content.houses.gods):
        raise ContentError("houses.json: gods: two gods with the same id")
    _grouped("gods.json", content.gods, "god", gods, GOD_CARDS_PER_HOUSE)
    for deck, file in (
        ("starting", "starting.json"),
        ("personal", "personal.json"),
        ("gods", "gods.json"),
        ("animae", "animae.json"),
    ):
        cards: tuple[ActionCard, ...] = getattr(content, deck)
        for card in cards:
            others = [f for f in ("god", "colour", "hero") if getattr(card, f) is not None]
            expected = {"starting": ["colour"], "personal": ["hero"], "gods": ["god"], "animae": []}[deck]
            if others != expected:
                field = next(iter(set(others) ^ set(expected)))
                raise _fail(
                    file,
                    f"card {card.id!r}",
                    field,
                    f"a {deck} card {'needs' if field in expected else 'has no'} {field}",
                )
            if card.effect is not None and card.effect.type not in DECK_EFFECT_TYPES[deck]:
                raise _fail(
                    file,
                    f"card {card.id!r}",
                    "effect.type",
                    f"{deck} cards cannot have {card.effect.type} effects",
                )
            if deck != "gods" and card.cost:
                raise _fail(file, f"card {card.id!r}", "cost", "only god cards are bought")


def _expect_kind(deck: str, cards: Sequence[Enemy], kinds: set[str]) -> None:
    for card in cards:
        if card.kind not in kinds:
            raise _fail(
                "enemies.json", f"{deck} card {card.id!r}", "kind", f"{card.kind!r} does not belong in {deck}"
            )


def _grouped(file: str, cards: Sequence[ActionCard], field: str, known: set[str], each: int) -> None:
    count: Counter[str] = Counter()
    for card in cards:
        key = getattr(card, field)
        if key not in known:
            raise _fail(file, f"card {card.id!r}", field, f"unknown {field} {key!r}")
        count[key] += 1
    for key in sorted(known):
        if count[key] != each:
            raise ContentError(f"{file}: {count[key]} cards for {field} {key!r}; the rulebook has {each}")


def _check_steps(content: ContentSet) -> None:
    from ..hooks import HOOKS

    def steps_of(item: Any) -> Iterable[tuple[str, list[Step]]]:
        effect = getattr(item, "effect", None)
        if effect is not None:
            yield "effect.do", effect.do
            yield "effect.devotion", effect.devotion
        for field in ("do", "ability", "calm"):
            value = getattr(item, field, None)
            if isinstance(value, list):
                yield field, value
            elif value is not None and hasattr(value, "action"):
                yield f"{field}.action", value.action
        trained = getattr(item, "trained", None)
        if trained is not None:
            yield "trained.action", trained.action
        for index, prize in enumerate(getattr(item, "prizes", ())):
            yield f"prizes[{index}].do", prize.do

    for file, items in _cards_by_file(content):
        for item in items:
            for field, steps in steps_of(item):
                for index, step in enumerate(steps):
                    if step.op is Op.HOOK and step.name not in HOOKS:
                        raise _fail(
                            file,
                            f"card {item.id!r}",
                            f"{field}[{index}].name",
                            f"no hook named {_quote(step.name or '')} is registered",
                        )


Reader = Callable[[Path], Any]
