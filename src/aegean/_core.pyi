"""Types of the native extension module (crates/aegean-py): the Santorini core (see
aegean.santorini.native) and the Trial of the Gods fast path (see aegean.trial.native)."""

from collections.abc import Callable, Sequence
from typing import TypeVar

_T = TypeVar("_T", bound=tuple[int, ...])

__version__: str

def perft(position: str, depth: int, bulk: bool = True) -> int: ...
def legal_turns(position: str) -> list[list[int]]: ...
def legal_turns_at(
    turn_class: type[_T],
    heights: bytes,
    domes: int,
    workers: Sequence[Sequence[int]],
    to_move: int,
    powers: Sequence[str],
    tokens: Sequence[tuple[str, str]],
) -> list[_T]: ...
def legal_steps_at(
    heights: bytes,
    domes: int,
    workers: Sequence[Sequence[int]],
    to_move: int,
    powers: Sequence[str],
    tokens: Sequence[tuple[str, str]],
    played: Sequence[int],
) -> list[int]: ...
def refusal_at(
    heights: bytes,
    domes: int,
    workers: Sequence[Sequence[int]],
    to_move: int,
    powers: Sequence[str],
    tokens: Sequence[tuple[str, str]],
) -> str | None: ...
def legal_turn_names(position: str) -> list[str]: ...
def random_playouts(games: int, seed: int) -> tuple[int, int, int]: ...
def normalise(position: str) -> str: ...
def play(position: str, steps: list[int]) -> tuple[str, int | None]: ...
def outcome(position: str) -> int | None: ...
def powers() -> list[str]: ...
def tokens() -> list[str]: ...
def time_legal_turns(position: str, repeat: int) -> float: ...

# Trial of the Gods (crates/aegean-trial); see aegean.trial.native.
class TrialContent:
    def __init__(self, document: str) -> None: ...

class TrialGame:
    def __init__(self, content: TrialContent, state: str) -> None: ...
    @property
    def over(self) -> bool: ...
    def to_decide(self) -> list[int]: ...
    def legal(self, player: int) -> list[str]: ...
    def apply(self, player: int, choice: str) -> None: ...
    def state_document(self) -> str: ...
    def scores(self) -> list[int]: ...
    def final_order(self) -> list[int]: ...
    def policy(self, player: int, rng: list[int]) -> tuple[str, list[int]]: ...
    def evaluate(self, player: int, weights: list[list[float]], scale: float) -> float: ...

class TrialSearch:
    def __init__(
        self,
        content: TrialContent,
        weights: list[list[float]],
        scale: float,
        epsilon: float,
        horizon: int,
        rounds: int,
    ) -> None: ...
    def playouts(self, world: str, me: int, arms: list[str], seed: int) -> list[float]: ...
    def choose(
        self,
        view: str,
        me: int,
        arms: list[str],
        rng: list[int],
        playouts: int,
        seconds: float,
        confidence: float,
    ) -> tuple[str, int, list[int]]: ...

def trial_determinize(content: TrialContent, view: str, me: int, rng: list[int]) -> tuple[str, list[int]]: ...

# The native search (crates/aegean-core/src/search); see aegean.ai.native.
_Info = tuple[int, int, int, float, list[list[int]], bool]

class StopFlag:
    def __init__(self) -> None: ...
    def set(self) -> None: ...
    def clear(self) -> None: ...
    def is_set(self) -> bool: ...

class Searcher:
    def __init__(
        self,
        table_mb: int = 64,
        reductions: bool = True,
        weights: dict[str, list[int]] | None = None,
        killers: bool = True,
        power_eval: bool = True,
        frontier_pruning: bool = True,
    ) -> None: ...
    @property
    def table_bytes(self) -> int: ...
    def clear(self) -> None: ...
    def search(
        self,
        position: str,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        seconds: float | None = None,
        report: Callable[[_Info], None] | None = None,
        stop: StopFlag | None = None,
        keep_going: bool = False,
        cpu_time: bool = False,
    ) -> tuple[_Info, list[int]] | None: ...
    def analyse(
        self,
        position: str,
        top: int,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        seconds: float | None = None,
        stop: StopFlag | None = None,
    ) -> tuple[_Info, list[tuple[list[int], int, list[list[int]]]]] | None: ...
