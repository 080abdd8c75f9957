"""The shape of everything a client sends: one schema per WebSocket message kind and per
HTTP body (``docs/server.md``).

Each field is checked for its type and bounds before anything else looks at it, strictly
(``"0"``, ``0.0``, ``true`` and ``NaN`` are not versions), unknown fields are refused, and
a refusal is one line naming the field. What a value *means* (is this step legal, is this
power allowed) is the table's to check; here only what it *is*.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .table import ActionError

#: The longest a turn's steps may be (each preview replays them all; no turn needs more).
MAX_STEPS = 40
#: JSON nesting allowed in a message or a body (the deepest the protocol uses is 3).
MAX_DEPTH = 16
#: The largest version a client may name (a game never gets near it).
MAX_VERSION = 2**31 - 1

Version = Annotated[int, Field(ge=0, le=MAX_VERSION)]
StepText = Annotated[str, Field(min_length=1, max_length=32)]
PowerName = Annotated[str, Field(min_length=1, max_length=40)]
Secret = Annotated[str, Field(min_length=1, max_length=100)]
#: A client's name for its request, echoed in the answer.
MAX_ID = 64
RequestId = Annotated[str, Field(max_length=MAX_ID)]


class Strict(BaseModel):
    """No coercion (a string is not a number, a bool is not an int) and no unknown fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# ---------------------------------------------------------------------- WebSocket messages
class Hello(Strict):
    type: Literal["hello"]
    token: Secret | None = None
    since: Version | None = None


class Ping(Strict):
    type: Literal["ping"]
    id: RequestId | None = None


class Preview(Strict):
    type: Literal["preview"]
    version: Version
    steps: Annotated[list[StepText], Field(max_length=MAX_STEPS)]
    id: RequestId | None = None


class Act(Strict):
    type: Literal["act"]
    version: Version
    steps: Annotated[list[StepText], Field(min_length=1, max_length=MAX_STEPS)]
    id: RequestId | None = None


class Setup(Strict):
    type: Literal["setup"]
    version: Version
    pick: Annotated[list[PowerName], Field(min_length=1, max_length=4)] | None = None
    choose: PowerName | None = None
    start: Annotated[int, Field(ge=0, le=3)] | None = None
    id: RequestId | None = None

    @model_validator(mode="after")
    def _one_choice(self) -> Setup:
        given = [name for name in ("pick", "choose", "start") if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("give one of 'pick', 'choose' or 'start'")
        return self

    def action(self) -> tuple[str, dict[str, Any]]:
        """The table's action: its kind and data (``{"pick": [...]}``)."""
        for name in ("pick", "choose", "start"):
            value = getattr(self, name)
            if value is not None:
                return name, {name: value}
        raise AssertionError("validated: one of them is given")


class Resign(Strict):
    type: Literal["resign"]
    version: Version
    id: RequestId | None = None


class Rematch(Strict):
    type: Literal["rematch"]
    id: RequestId | None = None


Message = Hello | Ping | Preview | Act | Setup | Resign | Rematch
MESSAGES: dict[str, type[Strict]] = {
    "hello": Hello,
    "ping": Ping,
    "preview": Preview,
    "act": Act,
    "setup": Setup,
    "resign": Resign,
    "rematch": Rematch,
}


def parse_message(data: Any) -> Message:
    """A client's WebSocket message (parsed JSON, :func:`loads_bounded`) as its schema;
    :class:`ActionError` (``bad-message``) naming what is wrong otherwise."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionError("bad-message", "a message is a JSON object with a 'type'")
    kind = data["type"]
    model = MESSAGES.get(kind)
    if model is None:
        raise ActionError("bad-message", f"unknown message type {kind[:40]!r}")
    message: Message = validate(model, data, "bad-message")  # type: ignore[assignment]
    return message


def request_id(data: Any) -> str | None:
    """The ``id`` of a message, even of one refused (a refusal names the request it
    answers), when it is a string of the allowed length."""
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) and len(found) <= MAX_ID else None


# ---------------------------------------------------------------------- HTTP bodies
class SeatRequest(Strict):
    kind: Literal["human", "ai"] = "human"
    name: Annotated[str, Field(max_length=40)] | None = None
    level: Annotated[str, Field(max_length=16)] | None = None
    #: An open seat: anyone may take it from the lobby. Otherwise a human seat (but the
    #: creator's) is reserved for its invite link.
    open: bool = False


class CreateRequest(Strict):
    players: Annotated[int, Field(ge=2, le=4)] = 2
    setup: Literal["quick", "challenger"] = "quick"
    #: A list of names (``null`` for none), ``"random"`` or ``null``: the table checks it.
    powers: Any = None
    variant: Literal["standard", "golden-fleece"] = "standard"
    fleece: PowerName | None = None
    seats: Annotated[list[SeatRequest], Field(min_length=2, max_length=4)] | None = None
    creator: Annotated[int, Field(ge=0, le=3)] = 0
    #: Listed in the lobby (anyone may watch it; its open seats may be taken there).
    open: bool = True
    start_player: Annotated[int, Field(ge=0, le=3)] | None = None


class ClaimRequest(Strict):
    invite: Secret


M = TypeVar("M", bound=Strict)


def validate(model: type[M], data: Any, code: str = "bad-request") -> M:
    """``data`` as a ``model``, or :class:`ActionError` with one line naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ActionError(code, describe(error)) from None


def describe(error: ValidationError) -> str:
    """The first problem of a validation error as one line: where, what is wrong, and
    what was given (shortened)."""
    first = error.errors(include_url=False)[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"]).lstrip(".")
    kind = first["type"]
    if kind == "extra_forbidden":
        return f"{where}: unknown field"
    if kind == "missing":
        return f"{where}: missing"
    text = str(first["msg"]).replace("Input should be", "should be").replace("Value error, ", "")
    if kind == "model_type":
        text = "should be an object"
    given = first.get("input")
    shown = "" if kind == "value_error" or isinstance(given, (dict, list)) else f", not {_short(given)}"
    return f"{where}: {text}{shown}" if where else f"{text}{shown}"


def _short(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (str, bool)) or value is None else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------------- bounded JSON
_NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def check_depth(text: str, what: str, code: str = "bad-message", max_depth: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``max_depth``, before any parser sees it: deep
    nesting exhausts a recursive parser (a ``RecursionError``, not a refusal)."""
    if text.count("[") + text.count("{") <= max_depth:
        return  # (the common case: too few brackets to be too deep)
    depth = 0
    for token in _NESTING.finditer(text):
        bracket = token.group()
        if bracket == "[" or bracket == "{":
            depth += 1
            if depth > max_depth:
                raise ActionError(code, f"{what} is nested more than {max_depth} levels deep")
        elif bracket == "]" or bracket == "}":
            depth -= 1


def loads_bounded(text: str, what: str, code: str = "bad-message", max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` after :func:`check_depth`; ``NaN`` and ``Infinity`` are not JSON
    and are refused too. Raises :class:`ActionError` with ``code``."""
    check_depth(text, what, code, max_depth)
    try:
        return json.loads(text, parse_constant=_not_json)
    except _NotJson as error:
        raise ActionError(code, f"{what} is not valid JSON ({error} is not a JSON number)") from None
    except ValueError:
        raise ActionError(code, f"{what} is not valid JSON") from None


class _NotJson(ValueError):
    pass


def _not_json(name: str) -> Any:
    raise _NotJson(name)
