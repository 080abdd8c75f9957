"""Counting the calls of a method: the work a search does, measured without timing it
(the searches of Persephone and Adonis).

``position`` and ``turns`` come from :mod:`powers.scenario`; they are named here too for
the tests outside ``tests/powers`` that import them from this module.
"""

from __future__ import annotations

from typing import Any

import pytest

from powers.scenario import position, turns

__all__ = ["CallCounter", "position", "turns"]


class CallCounter:
    """Counts the calls of the method ``owner.name``, patched in place for the test: the
    work a search does, measured without timing anything. Past ``limit`` calls it fails at
    once with ``why`` (the code it guards against would go on for minutes)."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, owner: type, name: str, limit: int | None = None, why: str = ""
    ) -> None:
        self.calls = 0
        original = getattr(owner, name)

        def counted(this: object, *args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            assert limit is None or self.calls < limit, why
            return original(this, *args, **kwargs)

        monkeypatch.setattr(owner, name, counted)
