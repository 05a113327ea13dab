"""The database handle, SQLite connection settings, and migrations."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any
from typing import TypeVar

from flask import Flask
from flask import has_request_context
from flask import request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData
from sqlalchemy import event
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase

from referee.games import text

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
logger = logging.getLogger(__name__)
MIGRATIONS = Path(__file__).parent / "migrations"
CONNECT_TIMEOUT = 5  # seconds to reach a database server (PostgreSQL) before a 503


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(directory=str(MIGRATIONS), render_as_batch=True)


def init_app(app: Flask) -> None:
    options = app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", {})
    options.setdefault("json_deserializer", stored_json)
    options.setdefault("json_serializer", json_text)
    if not str(app.config.get("SQLALCHEMY_DATABASE_URI", "")).startswith("sqlite"):
        # A server's connections die when it restarts; each one is tested as it leaves
        # the pool (one round trip), so the first request after a restart is served
        # rather than failed. A disconnect seen mid-request also empties the pool
        # (SQLAlchemy's own handling), so every worker recovers by itself.
        # A server that does not answer at all (a host gone, packets dropped) is
        # given up after CONNECT_TIMEOUT seconds: a 503 then, not a request hanging
        # until gunicorn kills its worker.
        options.setdefault("pool_pre_ping", True)
        connect_args = dict(options.get("connect_args") or {})
        connect_args.setdefault("connect_timeout", CONNECT_TIMEOUT)
        options["connect_args"] = connect_args
    db.init_app(app)
    migrate.init_app(app, db)
    with app.app_context():
        engine = db.engine
        if engine.dialect.name == "sqlite":
            _tune_sqlite(engine)
        elif engine.dialect.name == "postgresql":
            _end_reads_with_commit(engine)


# A JSON escape of a control character or of half a surrogate pair (json.dumps writes
# tab, newline and carriage return as \t, \n and \r, so those never match).
_BAD_ESCAPE = re.compile(
    rb"\\u(?:00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F]|[dD][89a-fA-F][0-9a-fA-F]{2})"
)
_BAD_ESCAPE_TEXT = re.compile(_BAD_ESCAPE.pattern.decode())


class Serialized(str):
    """JSON text made once for two uses (an answer stored and sent): a JSON column
    stores it as it is instead of serialising the value a second time."""


def json_text(value: Any) -> str:
    """How a JSON column's value is written (both drivers call it): ``json.dumps``,
    or the text itself when it is already ``Serialized``."""
    return value if isinstance(value, Serialized) else json.dumps(value)


def stored_json(raw: str | bytes) -> Any:
    """A JSON column's value as read: any string a page could not send is repaired.

    Rows stored before the edge checked text (or written around it) may hold a
    lone surrogate, which no page can encode, or a control character. Every read
    of a JSON column passes here (both drivers call it), so no page, export or
    stream ever meets one; the common case costs one substring search of the raw text.
    """
    data = raw if isinstance(raw, str) else bytes(raw)
    value = json.loads(data)
    escape = "\\u" if isinstance(data, str) else b"\\u"
    if escape in data and (  # a plain substring search first: most rows have none
        _BAD_ESCAPE_TEXT if isinstance(data, str) else _BAD_ESCAPE
    ).search(data):
        value = text.repair_json(value)
    return value


def _tune_sqlite(engine: Engine) -> None:
    """WAL, foreign keys, a busy timeout, and BEGIN issued by us (see ``write_lock``).

    pysqlite's own transaction handling issues a deferred BEGIN lazily; a deferred
    transaction that reads then writes fails with "database is locked" under
    concurrent writers, so we take over BEGIN and make writes ``BEGIN IMMEDIATE``.
    """

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        for pragma in (
            "journal_mode=WAL",
            "busy_timeout=10000",
            "foreign_keys=ON",
            "synchronous=FULL",
        ):
            cur.execute(f"PRAGMA {pragma}")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin")
        if mode == "NONE" or (mode is None and _read_only_request()):
            # A read on its own (a page, an API GET, the read before a write):
            # each SELECT sees the latest commit (WAL readers never wait), readers
            # bound what they show by the head's version, and writers check it
            # again under the lock, so a BEGIN would buy nothing but a round trip.
            return
        conn.exec_driver_sql(f"BEGIN {mode or 'DEFERRED'}")


# On a DBAPI connection's info: whether its open transaction ran anything but a read.
WROTE = "referee.wrote"
PQTRANS_INTRANS = 2  # libpq: idle in a transaction that has not failed


def _end_reads_with_commit(engine: Engine) -> None:
    """PostgreSQL: a transaction that only read ends with COMMIT, never ROLLBACK.

    Every read (a page, an API GET, a live stream's message, the look before a
    write) runs in a transaction that the session then rolls back, or the pool
    resets with a rollback: on a busy night 57,615 rollbacks against 5,476
    commits, a storm that hides real failures in ``pg_stat_database``. A
    transaction that ran nothing but plain SELECTs has nothing to undo, so it is
    committed instead (the same round trip, the same locks freed); the driver's
    rollback that follows finds no transaction and sends nothing. Anything else
    (an INSERT, UPDATE or DELETE, ``FOR UPDATE``, ``pg_notify``, whose message a
    commit would send) marks the transaction as a writer's, rolled back as before.
    """

    @event.listens_for(engine, "begin")
    def _begun(conn: Any) -> None:
        conn.info[WROTE] = False

    @event.listens_for(engine, "before_cursor_execute")
    def _statement(conn: Any, _cur: Any, statement: str, *_args: Any) -> None:
        if not conn.info.get(WROTE) and not _plain_select(statement):
            conn.info[WROTE] = True

    @event.listens_for(engine, "rollback")
    def _rollback(conn: Any) -> None:
        # A connection the server dropped (a restart) is invalid: even reading its
        # ``info`` raises, and the rollback under way is what clears it. Leave it be.
        if conn.invalidated:
            return
        try:
            if conn.info.get(WROTE, True):
                return
            raw = conn.connection.dbapi_connection
            if raw.info.transaction_status == PQTRANS_INTRANS:
                raw.commit()
        except Exception:  # a lost connection: the rollback that follows handles it
            logger.debug("ending a read with COMMIT failed", exc_info=True)


def _plain_select(statement: str) -> bool:
    head = statement.lstrip()[:6].upper()
    if head != "SELECT":
        return False
    upper = statement.upper()
    return "FOR UPDATE" not in upper and "PG_NOTIFY" not in upper


def _read_only_request() -> bool:
    """A GET or HEAD request: nothing in it writes without ``write_lock``."""
    return has_request_context() and request.method in ("GET", "HEAD")


def write_lock() -> None:
    """Start the session's transaction as a writer (SQLite: ``BEGIN IMMEDIATE``).

    Call before reading anything a write depends on. On PostgreSQL the match row is
    locked with ``SELECT ... FOR UPDATE`` instead (see ledger).
    """
    if db.session().in_transaction():
        db.session.rollback()
    db.session.connection(execution_options={"sqlite_begin": "IMMEDIATE"})


T = TypeVar("T")


def lock_row(model: type[T], key: str) -> T | None:
    """Take the write lock and then the row (``SELECT ... FOR UPDATE``); None if absent.

    Every write to a match or a tournament starts here, so two phones writing to the
    same one are serialised, on SQLite and on PostgreSQL alike.
    """
    write_lock()
    row = db.session.execute(
        select(model)
        .where(model.id == key)  # type: ignore[attr-defined]
        .with_for_update()
        .execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if row is None:
        db.session.rollback()
    return row


def get_or_raise(
    model: type[T], key: str, missing: type[Exception], noun: str, **options: Any
) -> T:
    """The row of ``model`` with id ``key``; ``missing`` ("There is no ...") if none."""
    row = db.session.get(model, key, **options)
    if row is None:
        raise missing(f"There is no {noun} '{key}'.")
    return row


def log_rows(row: type[T], owner: str, head_id: str) -> list[T]:
    """The rows of one head's log (a match's, a tournament's) in seq order."""
    return list(
        db.session.execute(
            select(row).where(getattr(row, owner) == head_id).order_by(row.seq)  # type: ignore[attr-defined]
        ).scalars()
    )
