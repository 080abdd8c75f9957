"""The content set (issue 14, item 1): the shipped sample loads, says whose it is and has
the rulebook's component counts; an exported set loads back equal; and every kind of bad
content is refused with ONE line naming the file, the card and the field, by the loader
and by ``aegean trial content validate`` (exit 1, no traceback)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aegean.trial.content import ContentError, ContentSet, load_content, sample_dir
from aegean.trial.content.loader import DECK_COUNTS, FILES, MAX_DEPTH, MAX_FILE_BYTES

from .support import assert_one_error_line, edit, export_sample, invoke, read, write

# ---------------------------------------------------------------------- the sample set


def test_the_sample_set_loads_and_says_it_is_not_the_publishers() -> None:
    content = load_content()
    assert content.info.publisher is False
    assert "Not the publisher's content" in content.info.label
    assert content.info.label in content.label and content.info.name in content.label
    assert load_content(sample_dir()) == content


def test_the_sample_set_has_the_rulebooks_counts() -> None:
    """The component list: 24 Talent, 24 Travel, 12 Hero, 24 Argonaut, 24 Land, 19 Sea,
    24 Starting (6 per colour), 24 Personal (2 per Argonaut), 84 God (14 for each of 6
    gods), 16 Animae, 6 Olympics; 12 islands; 12 Treasures with 4 Fleece parts."""
    content = load_content()
    counts = {deck: len(getattr(content, deck)) for deck in DECK_COUNTS}
    assert counts == {
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
    assert sum(counts.values()) == 281
    twice = Counter({hero.id: 2 for hero in content.heroes})
    assert Counter(enemy.hero for enemy in content.argonauts) == twice
    assert Counter(card.hero for card in content.personal) == twice
    assert len({enemy.name for enemy in content.land}) == 24  # distinct land monsters
    kinds = [enemy.kind for enemy in content.sea]
    assert (kinds.count("sea"), kinds.count("calm_sea")) == (15, 4)
    gods = [god.name for god in content.houses.gods]
    assert gods == ["Poseidon", "Athena", "Ares", "Hades", "Aphrodite", "Zeus"]
    assert all(sum(card.god == god.id for card in content.gods) == 14 for god in content.houses.gods)
    assert all(sum(card.colour == c for card in content.starting) == 6 for c in content.tracks.colours)
    assert [sum(t.level == level for t in content.talents) for level in (1, 2, 3)] == [8, 8, 8]
    zones = content.board.zones
    assert sum(z.kind == "island" for z in zones) == 12 and sum(z.kind == "sea" for z in zones) == 23
    assert len(content.tracks.treasures) == 12 and sum(t.fleece for t in content.tracks.treasures) == 4
    assert len(content.houses.houses) == 6 and len(content.tracks.upgrades) == 6


def test_an_exported_set_loads_back_equal(content_dir: Path) -> None:
    assert sorted(path.name for path in content_dir.iterdir()) == sorted(FILES)
    again = load_content(content_dir)
    assert again == load_content()
    assert again.to_files() == load_content().to_files()
    # ... and exporting that again writes the same bytes.
    twice = export_sample(content_dir.parent / "twice")
    for name in FILES:
        assert (twice / name).read_bytes() == (content_dir / name).read_bytes()


def test_exported_files_are_indented_utf8_with_one_trailing_newline(content_dir: Path) -> None:
    text = (content_dir / "set.json").read_bytes().decode("utf-8")
    assert text.startswith('{\n "id": ') and text.endswith("}\n") and not text.endswith("\n\n")
    assert "Not the publisher's content" in text


# ---------------------------------------------------------------------- bad content
# Each case edits a fresh copy of the sample set and returns what the one error line must
# name: the file, the card (or zone), the field, the problem.

Case = Callable[[Path], tuple[str, ...]]


#: What an error calls an item of each list of a file.
ITEM = {
    "cards": "card",
    "zones": "zone",
    "houses": "house",
    "argonauts": "argonauts card",
    "land": "land card",
}


def first_card(file: str, change: Callable[[dict[str, Any]], None], key: str = "cards") -> Case:
    """A case that changes the first card (zone, house) of ``file`` (``key``: its list)."""

    def case(directory: Path) -> tuple[str, ...]:
        def apply(document: Any) -> str:
            change(document[key][0])
            return str(document[key][0]["id"])

        card_id = edit(directory, file, apply)
        return file, f"{ITEM[key]} {card_id!r}"

    return case


def with_field(case: Case, *needles: str) -> Case:
    def extended(directory: Path) -> tuple[str, ...]:
        return (*case(directory), *needles)

    return extended


def missing_file(directory: Path) -> tuple[str, ...]:
    (directory / "heroes.json").unlink()
    return ("heroes.json", "missing")


def not_utf8(directory: Path) -> tuple[str, ...]:
    (directory / "set.json").write_bytes('{"name": "Zürich"}'.encode("latin-1"))
    return ("set.json", "not UTF-8", "byte 11")


def invalid_json(directory: Path) -> tuple[str, ...]:
    path = directory / "talents.json"
    path.write_text(path.read_text(encoding="utf-8")[:-3], encoding="utf-8")
    return ("talents.json", "not valid JSON", "line")


def nested_too_deep(directory: Path) -> tuple[str, ...]:
    deep: Any = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    edit(directory, "olympics.json", lambda document: document["cards"][0].update(name=deep))
    return ("olympics.json", f"nested more than {MAX_DEPTH} levels deep")


def too_large(directory: Path) -> tuple[str, ...]:
    path = directory / "gods.json"
    path.write_text(path.read_text(encoding="utf-8") + " " * MAX_FILE_BYTES, encoding="utf-8")
    return ("gods.json", "bytes, more than the 2,000,000")


def too_many_digits(directory: Path) -> tuple[str, ...]:
    """Python refuses to read an integer of over 4,300 digits (it used to escape the
    loader as a bare ValueError)."""
    path = directory / "travel.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"n": 2', '"n": ' + "9" * 5000, 1), "utf-8")
    return ("travel.json", "not valid JSON", "too many digits")


def asymmetric(directory: Path) -> tuple[str, ...]:
    def apply(document: Any) -> tuple[str, str]:
        zone = document["zones"][1]
        other = zone["adjacent"][0]
        neighbour = next(z for z in document["zones"] if z["id"] == other)
        neighbour["adjacent"].remove(zone["id"])
        return other, zone["id"]

    other, zone = edit(directory, "board.json", apply)
    return ("board.json", f"zone {zone!r}", "adjacent", f"{other!r} does not list it back")


def disconnected(directory: Path) -> tuple[str, ...]:
    """A sea zone and an island cut off together (each still adjacent to the other, so
    every zone keeps a neighbour and every island a sea zone)."""

    def apply(document: Any) -> str:
        zones = {z["id"]: z for z in document["zones"]}
        for sea in document["zones"][1:]:
            for island in sea["adjacent"]:
                pair = {sea["id"], island}
                rest = [z for z in zones.values() if z["id"] not in pair]
                if zones[island]["kind"] != "island" or island == document["zones"][0]["id"]:
                    continue
                left = {z["id"]: [a for a in z["adjacent"] if a not in pair] for z in rest}
                if all(left.values()) and all(
                    any(zones[a]["kind"] == "sea" for a in left[z["id"]])
                    for z in rest
                    if z["kind"] == "island"
                ):
                    for z in rest:
                        z["adjacent"] = left[z["id"]]
                    sea["adjacent"], zones[island]["adjacent"] = [island], [sea["id"]]
                    return str(next(z["id"] for z in document["zones"] if z["id"] in pair))
        raise AssertionError("no sea zone and island can be cut off")

    lost = edit(directory, "board.json", apply)
    return ("board.json", f"zone {lost!r}", "adjacent", "cannot be reached from the rest of the board")


def thirteen_islands(directory: Path) -> tuple[str, ...]:
    def apply(document: Any) -> None:
        sea = next(z for z in document["zones"] if z["kind"] == "sea")
        island = {"id": "atlantis", "name": "Atlantis", "kind": "island", "adjacent": [sea["id"]]}
        document["zones"].append({**island, "exploration": [1, 2, 3, 4], "modifier": "heal"})
        sea["adjacent"].append("atlantis")

    edit(directory, "board.json", apply)
    return ("board.json", "13 islands; the rulebook's board has 12")


def one_card_short(directory: Path) -> tuple[str, ...]:
    edit(directory, "travel.json", lambda document: document["cards"].pop())
    return ("travel.json", "23 cards; the rulebook's component list has 24")


def one_sea_card_short(directory: Path) -> tuple[str, ...]:
    edit(directory, "enemies.json", lambda document: document["sea"].pop())
    return ("enemies.json: sea: 18 cards; the rulebook's component list has 19",)


def unknown_upgrade_house(directory: Path) -> tuple[str, ...]:
    edit(
        directory,
        "tracks.json",
        lambda document: document["upgrades"][2]["blessings"].__setitem__(1, "mauve"),
    )
    return ("tracks.json", "upgrades[2].blessings", "unknown house 'mauve'")


def three_argonauts_for_a_hero(directory: Path) -> tuple[str, ...]:
    """Jason's first card given to Heracles: 24 cards still, but not two per Hero."""
    edit(directory, "enemies.json", lambda document: document["argonauts"][0].update(hero="heracles"))
    return ("enemies.json: argonauts: 3 cards for hero 'heracles'; the set has 2 per Hero",)


def sixteen_sea_monsters(directory: Path) -> tuple[str, ...]:
    monster = {"id": "sea-kraken", "name": "Kraken", "kind": "sea", "attack": 5}
    edit(directory, "enemies.json", lambda document: document["sea"].__setitem__(-1, monster))
    return ("enemies.json: sea: 16 sea monsters; the set has one per sea monster figure, 15",)


def with_effect(effect: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    return lambda card: card.update(effect=effect)


BAD_CONTENT: dict[str, Case] = {
    "missing file": missing_file,
    "not UTF-8": not_utf8,
    "invalid JSON": invalid_json,
    "nesting too deep": nested_too_deep,
    "file too large": too_large,
    "number too long": too_many_digits,
    "unknown field": with_field(
        first_card("gods.json", lambda c: c.update(flavour="x")), "flavour", "unknown field"
    ),
    "unknown field (nested)": with_field(
        first_card("heroes.json", lambda c: c["trained"]["passive"].update(speed=1)),
        "trained.passive.speed",
        "unknown field",
    ),
    "odd key": with_field(
        first_card("talents.json", lambda c: c.update({"line\nbreak": 1})),
        r"['line\nbreak']",
        "unknown field",
    ),
    "wrong type": with_field(
        first_card("talents.json", lambda c: c.update(cost="three")), "cost", "valid integer"
    ),
    "wrong type (object)": with_field(
        first_card("animae.json", lambda c: c.update(effect=[])), "effect", "expected a JSON object"
    ),
    "out of bounds": with_field(
        first_card("starting.json", lambda c: c.update(attack=21)), "attack", "less than or equal to 20"
    ),
    "bad enum value": with_field(
        first_card("travel.json", lambda c: c["do"][0].update(op="teleport")), "do[0].op", "'gain_energy'"
    ),
    "bad enum value (kind)": with_field(
        first_card("enemies.json", lambda c: c.update(kind="sky"), key="land"), "land card", "kind"
    ),
    "required field missing": with_field(
        first_card("olympics.json", lambda c: c.pop("prizes")), "prizes", "required field missing"
    ),
    "bad enum value (zone)": with_field(
        first_card("board.json", lambda z: z.update(kind="lake"), key="zones"), "kind", "'sea' or 'island'"
    ),
    "empty name (house)": with_field(
        first_card("houses.json", lambda h: h.update(colour=""), key="houses"),
        "colour",
        "at least 1 character",
    ),
    "unknown house in a Blessing": with_field(
        first_card("heroes.json", lambda c: c["blessings"].append("purple")),
        "blessings",
        "unknown house 'purple'",
    ),
    "unknown house in an Upgrade": unknown_upgrade_house,
    "unknown hero of a Personal card": with_field(
        first_card("personal.json", lambda c: c.update(hero="orpheus-ii")),
        "hero",
        "unknown hero 'orpheus-ii'",
    ),
    "unknown hero of an Argonaut": with_field(
        first_card("enemies.json", lambda c: c.update(hero="argus"), key="argonauts"),
        "hero",
        "unknown hero 'argus'",
    ),
    "not two Argonaut cards per Hero": three_argonauts_for_a_hero,
    "not 15 sea monsters": sixteen_sea_monsters,
    "unknown god of a god card": with_field(
        first_card("gods.json", lambda c: c.update(god="hermes")), "god", "unknown god 'hermes'"
    ),
    "unknown colour of a Starting card": with_field(
        first_card("starting.json", lambda c: c.update(colour="teal")), "colour", "unknown colour 'teal'"
    ),
    "asymmetric adjacency": asymmetric,
    "disconnected board": disconnected,
    "wrong number of islands": thirteen_islands,
    "wrong deck count": one_card_short,
    "wrong deck count (sea)": one_sea_card_short,
    "unknown hook name": with_field(
        first_card("travel.json", lambda c: c.update(do=[{"op": "hook", "name": "no_such_hook"}])),
        "do[0].name",
        "no hook named 'no_such_hook' is registered",
    ),
    "a response without when": with_field(
        first_card("gods.json", with_effect({"type": "response", "do": [{"op": "draw"}]})),
        "effect",
        "a response needs 'when'",
    ),
    "sail in a combat effect": with_field(
        first_card("gods.json", with_effect({"type": "combat", "do": [{"op": "sail", "n": 1}]})),
        "effect",
        "sail and command belong to action effects, not to a combat effect",
    ),
    "an effect type the deck cannot have": with_field(
        first_card("animae.json", with_effect({"type": "combat", "do": [{"op": "attack"}]})),
        "effect.type",
        "animae cards cannot have combat effects",
    ),
    "a card rule on the whole card": with_field(
        first_card("enemies.json", lambda c: c.pop("hero"), key="argonauts"),
        "an argonaut names its 'hero'",
    ),
}


@pytest.mark.parametrize("case", BAD_CONTENT.values(), ids=BAD_CONTENT.keys())
def test_bad_content_is_refused_in_one_line_naming_file_card_and_field(content_dir: Path, case: Case) -> None:
    needles = case(content_dir)
    with pytest.raises(ContentError) as caught:
        load_content(content_dir)
    message = str(caught.value)
    assert message.splitlines() == [message], message
    assert message.startswith(needles[0]), message
    for needle in needles:
        assert needle in message, (needle, message)
    code, out, err = invoke("trial", "content", "validate", str(content_dir))
    assert assert_one_error_line(code, out, err, *needles) == f"error: {message}"


def test_a_file_that_cannot_be_read_is_one_line(content_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not allowed to read a file (the tests may run as root, where permissions do not
    stop a read, so the refusal is made by hand): one line, not an OSError's traceback."""
    read_bytes = Path.read_bytes

    def refuse(path: Path) -> bytes:
        if path.name == "houses.json":
            raise PermissionError(13, "Permission denied", str(path))
        return read_bytes(path)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    with pytest.raises(ContentError, match=r"^houses\.json: cannot be read: Permission denied$"):
        load_content(content_dir)
    code, out, err = invoke("trial", "content", "validate", str(content_dir))
    assert_one_error_line(code, out, err, "houses.json: cannot be read: Permission denied")


def test_long_strings_from_the_file_are_cut_short_in_the_error(content_dir: Path) -> None:
    """An error quotes at most about 50 characters of a bad id, key or hook name, so a
    hostile file cannot make the one line a megabyte long."""
    edit(content_dir, "travel.json", lambda d: d["cards"][0].update(id="x" * 100_000))
    with pytest.raises(ContentError) as caught:
        load_content(content_dir)
    assert str(caught.value) == (
        f"travel.json: card {'x' * 40!r}… (100,000 characters): id: String should match pattern "
        "'^[a-z0-9][a-z0-9_-]{0,47}$'"
    )
    edit(content_dir, "travel.json", lambda d: d["cards"][0].update(id="travel-01", **{"k" * 5000: 1}))
    with pytest.raises(
        ContentError, match=r"^travel\.json: card 'travel-01': \['k+'… \(5,000 characters\)\]: "
    ):
        load_content(content_dir)
    edit(content_dir, "travel.json", lambda d: d["cards"][0].pop("k" * 5000))
    edit(
        content_dir, "travel.json", lambda d: d["cards"][0].update(do=[{"op": "hook", "name": "h\n" * 9000}])
    )
    with pytest.raises(ContentError) as caught:
        load_content(content_dir)
    message = str(caught.value)
    assert message.endswith("(18,000 characters) is registered") and len(message) < 200, message
    assert message.splitlines() == [message]


def test_a_folder_in_place_of_a_file_is_named(content_dir: Path) -> None:
    (content_dir / "olympics.json").unlink()
    (content_dir / "olympics.json").mkdir()
    with pytest.raises(ContentError, match=r"^olympics\.json: not a file$"):
        load_content(content_dir)


@pytest.mark.parametrize("file", ["set.json", "board.json", "tracks.json", "houses.json", "gods.json"])
def test_a_file_that_is_not_an_object_is_named(content_dir: Path, file: str) -> None:
    write(content_dir, file, [1, 2])
    with pytest.raises(ContentError) as caught:
        load_content(content_dir)
    assert str(caught.value).startswith(f"{file}: expected "), caught.value


def test_a_byte_order_mark_is_accepted(content_dir: Path) -> None:
    """Some editors save UTF-8 with a byte order mark; the set still loads."""
    path = content_dir / "set.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_content(content_dir) == load_content()


def test_an_edited_set_loads_with_the_edit(content_dir: Path) -> None:
    """What one changes is what the engine gets: a new label and a card's number."""
    edit(content_dir, "set.json", lambda d: d.update(id="my-set", name="My set", label="My own cards."))
    edit(content_dir, "gods.json", lambda d: d["cards"][0].update(cost=7))
    content = load_content(content_dir)
    assert content.label == "My set 1.0 — My own cards." and content.info.id == "my-set"
    assert content.gods[0].cost == 7
    assert isinstance(content, ContentSet) and content != load_content()
    assert json.loads((content_dir / "gods.json").read_text(encoding="utf-8"))["cards"][0]["cost"] == 7
    assert read(content_dir, "set.json")["publisher"] is False
