"""Invites and the lobby listing: ``seats.invite_hash`` (the SHA-256 of the invite a seat
is reserved for, exchanged for a fresh seat token on first use) and ``games.listed``
(shown in the lobby; it was only in the settings JSON, so a lobby query could not filter
on it and unlisted games took the lobby's places).

A game stored before this revision keeps what it had: its unclaimed seats' links carry
their seat tokens, which the server still takes (and then marks the seat claimed).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_games_listed_status", "games", ["listed", "status"])
    table = sa.table("games", sa.column("id", sa.String), sa.column("settings", sa.Text), sa.column("listed"))
    connection = op.get_bind()
    listed = [
        row.id
        for row in connection.execute(sa.select(table.c.id, table.c.settings))
        if json.loads(row.settings).get("open", True)
    ]
    for game_id in listed:
        connection.execute(table.update().where(table.c.id == game_id).values(listed=True))


def downgrade() -> None:
    op.drop_index("ix_games_listed_status", "games")
    with op.batch_alter_table("games") as games:
        games.drop_column("listed")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("invite_hash")
