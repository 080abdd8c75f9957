"""Whatever one value of a content set is changed to, the loader answers with a
:class:`ContentSet` or a one-line :class:`ContentError`: never another exception (a crash
the CLI would show as a traceback), never an error of several lines."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aegean.cli.trial import write_set
from aegean.trial.content import ContentError, ContentSet, load_content
from aegean.trial.content.loader import FILES

from .support import export_sample, read

SAMPLE = load_content()


@pytest.fixture(scope="module")
def documents(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The exported sample set's JSON documents, read back from the files."""
    directory = export_sample(tmp_path_factory.mktemp("sample"))
    return {name: read(directory, name) for name in FILES}


#: Values that often mean something here (ids of the set, enum words, small counts), so
#: that a changed value often passes the field's own check and reaches the cross-file ones.
WORDS = sorted(
    {
        *(zone.id for zone in SAMPLE.board.zones),
        *(house.id for house in SAMPLE.houses.houses),
        *(hero.id for hero in SAMPLE.heroes),
        *(god.id for god in SAMPLE.houses.gods),
        *SAMPLE.tracks.colours,
        *("sea", "island", "land", "argonaut", "calm_sea", "hook", "sail", "attack", "response", "all"),
        *("combat", "action", "olympics", "fights", "draw", "no_such_hook", "", "\n", "a\u2028b"),
    }
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 25),
    st.integers(),
    st.floats(allow_nan=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def change_one_value(document: Any, data: st.DataObject) -> Any:
    """``document`` with one value somewhere replaced by a random JSON value, or one key
    (or list item) deleted: walk down from the top, stopping at a random depth."""
    if not isinstance(document, dict | list) or not document or data.draw(st.integers(0, 5)) == 0:
        return data.draw(JSON)
    keys: list[Any] = list(document) if isinstance(document, dict) else list(range(len(document)))
    key = data.draw(st.sampled_from(keys))
    if data.draw(st.integers(0, 9)) == 0:
        if isinstance(document, dict):
            return {k: v for k, v in document.items() if k != key}
        return [v for i, v in enumerate(document) if i != key]
    changed = change_one_value(document[key], data)
    if isinstance(document, dict):
        return {**document, key: changed}
    return [*document[:key], changed, *document[key + 1 :]]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_one_changed_value_gives_a_set_or_one_line(documents: dict[str, Any], data: st.DataObject) -> None:
    """(Text that is not valid Unicode is written as it comes, so some files are not UTF-8.)
    A set that loads also exports and loads back equal."""
    file = data.draw(st.sampled_from(FILES))
    changed = change_one_value(documents[file], data)
    with tempfile.TemporaryDirectory() as folder:
        for name, document in documents.items():
            text = json.dumps(changed if name == file else document, indent=1, ensure_ascii=False)
            (Path(folder) / name).write_text(text + "\n", encoding="utf-8", errors="surrogatepass")
        try:
            content = load_content(folder)
        except ContentError as error:
            message = str(error)
            assert message and message.splitlines() == [message] and message.strip() == message, message
            assert message.split(":")[0] in FILES, message
        else:
            assert isinstance(content, ContentSet)
            write_set(content, Path(folder))
            assert load_content(folder) == content
