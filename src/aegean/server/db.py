"""Storage: games, seats and the append-only event log, with SQLAlchemy 2.

SQLite by default (one file, WAL journal, ``synchronous=FULL`` so that a committed action
survives a crash), or any SQLAlchemy URL such as ``postgresql+psycopg://…``. The schema
belongs to Alembic (``migrations/``); :func:`open_store` upgrades it to the head revision.

The primary key ``(game_id, version)`` of ``events`` is what makes every version hold
exactly one action, even with several server processes on one database.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column


class Base(DeclarativeBase):
    pass


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    settings: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: Shown in the lobby (the creator's choice; the settings say it too).
    listed: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The hash of the invite this seat is reserved for (kept once used: "already used").
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)


class EventRow(Base):
    __tablename__ = "events"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


class VersionConflict(Exception):
    """Another writer committed an event at this version first."""


@dataclass
class PendingEvent:
    """An event to commit, with the game's status and result after it."""

    game_id: str
    version: int
    kind: str
    seat: int
    data: dict[str, Any]
    status: str
    result: str | None


@dataclass(frozen=True)
class NewSeat:
    """A seat as created: its kind, the hashes of its token and invite, whether taken."""

    kind: str
    token_hash: str | None
    invite_hash: str | None
    claimed: bool


@dataclass
class StoredGame:
    id: str
    settings: dict[str, Any]
    status: str
    version: int
    seats: list[SeatRow]
    events: list[EventRow]
    rematch_of: str | None
    rematch_id: str | None
    created_at: dt.datetime


def database_url(db: str) -> str:
    """A URL for ``--db``: a URL as given, or a path to a SQLite file."""
    if "://" in db:
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def upgrade_schema(engine: Engine) -> None:
    """Bring the schema to Alembic's head revision (creates it on a new database)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The database calls of the server; each method is one transaction (blocking: the
    hub runs them off the event loop)."""

    def __init__(self, url: str) -> None:
        self.url = url
        connect_args: dict[str, Any] = {}
        if url.startswith("sqlite"):
            connect_args = {"check_same_thread": False, "timeout": 10}
        # (A SQLite file needs no liveness check; a database server may drop connections.)
        self.engine = create_engine(
            url, connect_args=connect_args, pool_pre_ping=not url.startswith("sqlite")
        )
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        upgrade_schema(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(
        self,
        game_id: str,
        settings: dict[str, Any],
        seats: list[NewSeat],
        *,
        status: str,
        listed: bool = False,
        rematch_of: str | None = None,
        created_at: dt.datetime | None = None,
    ) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(
                GameRow(
                    id=game_id,
                    settings=json.dumps(settings),
                    status=status,
                    version=0,
                    rematch_of=rematch_of,
                    created_at=created_at or _now(),
                    listed=listed,
                )
            )
            session.flush()
            for seat, new in enumerate(seats):
                session.add(
                    SeatRow(
                        game_id=game_id,
                        seat=seat,
                        kind=new.kind,
                        token_hash=new.token_hash,
                        invite_hash=new.invite_hash,
                        claimed=new.claimed,
                    )
                )
            if rematch_of is not None:
                session.execute(update(GameRow).where(GameRow.id == rematch_of).values(rematch_id=game_id))

    def append_events(self, events: list[PendingEvent]) -> list[Exception | None]:
        """Commit a batch of events in one transaction, one fsync for all (group commit);
        returns, per event, ``None`` or the exception that refused it (a
        :class:`VersionConflict` when its version is taken). If the batch fails, each
        event is tried in a transaction of its own, so one conflict refuses only itself."""
        if not events:
            return []
        try:
            with self.engine.begin() as connection:
                self._insert(connection, events)
            return [None] * len(events)
        except IntegrityError:
            pass
        results: list[Exception | None] = []
        for pending in events:
            try:
                with self.engine.begin() as connection:
                    self._insert(connection, [pending])
                results.append(None)
            except IntegrityError as error:
                results.append(VersionConflict(f"{pending.game_id} v{pending.version}: {error.orig}"))
            except Exception as error:  # (reported to the one action concerned)
                results.append(error)
        return results

    def append_event(self, pending: PendingEvent) -> None:
        """Commit one event; :class:`VersionConflict` if its version is taken."""
        result = self.append_events([pending])[0]
        if result is not None:
            raise result

    @staticmethod
    def _insert(connection: Any, events: list[PendingEvent]) -> None:
        now = _now()
        connection.execute(
            insert(EventRow),
            [
                {
                    "game_id": e.game_id,
                    "version": e.version,
                    "kind": e.kind,
                    "seat": e.seat,
                    "data": json.dumps(e.data),
                    "created_at": now,
                }
                for e in events
            ],
        )
        last: dict[str, PendingEvent] = {}
        for e in events:
            if e.game_id not in last or e.version > last[e.game_id].version:
                last[e.game_id] = e
        for e in last.values():
            connection.execute(
                update(GameRow)
                .where(GameRow.id == e.game_id)
                .values(version=e.version, status=e.status, result=e.result, updated_at=now)
            )

    def claim_seat(self, game_id: str, seat: int, token_hash: str | None) -> bool:
        """Mark a seat claimed (with a new token hash when given); ``False`` if it was."""
        values: dict[str, Any] = {"claimed": True}
        if token_hash is not None:
            values["token_hash"] = token_hash
        with Session(self.engine) as session, session.begin():
            result = session.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.claimed.is_(False))
                .values(**values)
            )
            return bool(getattr(result, "rowcount", 0))

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            return self._stored(session, row)

    def load_unfinished(self) -> list[StoredGame]:
        with Session(self.engine) as session:
            rows = session.scalars(select(GameRow).where(GameRow.status != "over")).all()
            return [self._stored(session, row) for row in rows]

    def delete_unstarted(self, game_ids: list[str]) -> list[str]:
        """Remove those of ``game_ids`` that never started (no event: another process may
        have committed one since) for good, with the rematch links to them (their players
        may offer a rematch again); returns the ids removed."""
        if not game_ids:
            return []
        with Session(self.engine) as session, session.begin():
            game_ids = list(
                session.scalars(select(GameRow.id).where(GameRow.id.in_(game_ids), GameRow.version == 0))
            )
            if not game_ids:
                return []
            session.execute(delete(SeatRow).where(SeatRow.game_id.in_(game_ids)))
            session.execute(delete(EventRow).where(EventRow.game_id.in_(game_ids)))
            session.execute(delete(GameRow).where(GameRow.id.in_(game_ids)))
            session.execute(update(GameRow).where(GameRow.rematch_id.in_(game_ids)).values(rematch_id=None))
        return game_ids

    def lobby(self, limit: int = 100) -> list[str]:
        """Ids of the newest listed games not over."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow.id)
                .where(GameRow.listed.is_(True), GameRow.status != "over")
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            ).all()
            return list(rows)

    @staticmethod
    def _stored(session: Session, row: GameRow) -> StoredGame:
        seats = list(session.scalars(select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)))
        events = list(
            session.scalars(select(EventRow).where(EventRow.game_id == row.id).order_by(EventRow.version))
        )
        for item in (*seats, *events):
            session.expunge(item)
        return StoredGame(
            row.id,
            json.loads(row.settings),
            row.status,
            row.version,
            seats,
            events,
            row.rematch_of,
            row.rematch_id,
            row.created_at,
        )
