"""Errors for bad input: every message says what is wrong, and never needs a traceback."""

from __future__ import annotations


class SantoriniError(ValueError):
    """Base class of every error raised for bad user input."""


class IllegalTurnError(SantoriniError):
    """A turn or step that is not legal here. ``legal`` lists what is (in notation)."""

    def __init__(self, message: str, legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.legal = legal or []


class NotationError(SantoriniError):
    """Text that is not valid notation (a turn, a position or a record)."""


class PositionError(NotationError):
    """A malformed position; ``field`` names the bad field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"bad position field {field}: {message}")
        self.field = field
