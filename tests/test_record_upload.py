"""The online table reads an uploaded record with the terminal's reader (issue 13,
item 6: one record-reading function): a byte order mark is skipped, bytes that are not
UTF-8 get the same one-line reason as at the terminal."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from aegean.santorini import Board
from aegean.santorini.record import GameRecord
from aegean.server.app import create_app


def test_an_upload_is_read_as_a_record_file_is(tmp_path: Path) -> None:
    board = Board.from_position("00000/00000/00230/00000/00000 1 c3,a1 e1,e2")
    board.play("c3-d3")
    record = GameRecord.from_board(board, "00000/00000/00230/00000/00000 1 c3,a1 e1,e2")
    with TestClient(create_app(str(tmp_path / "games.sqlite3"))) as client:
        reply = client.post("/api/replay", content=b"\xef\xbb\xbf" + record.to_json().encode("utf-8"))
        assert reply.status_code == 200, reply.text
        assert len(reply.json()["frames"]) == 2
        reply = client.post("/api/replay", content='[Event "Zürich"]\n\n*\n'.encode("latin-1"))
        assert reply.status_code == 400
        assert "not UTF-8 text (byte 10 is 0xfc)" in reply.text
        record.result = "0-1"
        reply = client.post("/api/replay", content=record.to_json().encode("utf-8"))
        assert reply.status_code == 400
        assert "its result is 0-1, but its turns end with the result 1-0" in reply.text
