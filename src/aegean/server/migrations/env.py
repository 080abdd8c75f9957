"""Alembic environment: the server passes its open connection in ``config.attributes``;
the ``alembic`` command line can use ``-x url=…`` instead."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from aegean.server.db import Base

target_metadata = Base.metadata
config = context.config
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    engine = create_engine(str(url))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
