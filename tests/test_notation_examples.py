"""Every example turn in docs/notation.md's power table is legal where the table says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aegean.santorini import Board

DOC = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
SHORTHANDS = {
    "P": "01230/12C10/0321A/21031/00120 1 b2,c3 b3,d4",
    "E": "00000/00000/00000/00000/00000 1 b2,d4 b4,d2",
}
ROW = re.compile(r"^\| (?P<power>[A-Z][A-Za-z &]+?) \| `(?P<position>[^`]+)` \| `(?P<turn>[^`]+)` \|")


def _examples() -> list[tuple[str, str, str]]:
    rows = []
    section = DOC.read_text(encoding="utf-8").split("## Powers in notation", 1)[1]
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            rows.append((match["power"], match["position"], match["turn"]))
    return rows


EXAMPLES = _examples()


def test_the_table_covers_all_55_powers() -> None:
    assert len({power for power, _, _ in EXAMPLES}) == len(EXAMPLES) == 55


@pytest.mark.parametrize(("power", "position", "turn"), EXAMPLES)
def test_example_is_legal(power: str, position: str, turn: str) -> None:
    head, _, tokens = position.partition(" ")
    if "powers=" in position:  # written out in full
        board = Board.from_position(position)
    else:
        if head in SHORTHANDS:
            position = SHORTHANDS[head]
        else:
            tokens = ""
        board = Board.from_position(f"{position} powers={power},-" + (f" {tokens}" if tokens else ""))
    board.play(turn)
    assert len(board.history) == 1 and board.to_move in (0, 1)
