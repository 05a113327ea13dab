"""The database out of reach: 503 with Retry-After, nothing half-written, a retry works.

The fault is the database driver's own ``OperationalError`` ("server closed the
connection unexpectedly", what psycopg raises when PostgreSQL restarts under a
request) raised by the statement that stores an event, i.e. in the middle of the
write's transaction. The full run against a real restart of PostgreSQL is
``make faults`` (tests/fault_runs.py); this is the same promise, in process, on both
databases.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event
from sqlalchemy import exc as sa

from referee.db import db
from referee.web.errors import database_unavailable
from tests.conftest import Api

LOST = "server closed the connection unexpectedly"


@contextmanager
def database_lost(
    app: Flask, statement: str = "INSERT INTO match_event "
) -> Iterator[None]:
    """Every statement starting with ``statement`` fails as a lost connection does."""
    with app.app_context():
        engine = db.engine
        dbapi = engine.dialect.loaded_dbapi

    def fail(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if sql.lstrip().startswith(statement):
            raise dbapi.OperationalError(LOST)

    event.listen(engine, "before_cursor_execute", fail)
    try:
        yield
    finally:
        event.remove(engine, "before_cursor_execute", fail)


def test_a_write_cut_off_by_the_database_is_503_with_retry_after_and_stores_nothing(
    app: Flask, api: Api
) -> None:
    match = api.create("darts-301")
    api.event(match["id"], {"type": "dart", "dart": "T20"})
    with database_lost(app):
        cut = api.event(match["id"], {"type": "dart", "dart": "S5"}, idem="retry-me")
    assert cut.status_code == 503, cut.get_data(as_text=True)
    assert cut.mimetype == "application/problem+json"
    assert cut.headers["Retry-After"].isdigit()
    problem = cut.get_json()
    assert problem["type"] == "/api/v1/problems/unavailable"
    assert "Idempotency-Key" in problem["detail"]
    assert "Traceback" not in cut.get_data(as_text=True)
    # nothing half-written: the head did not move without its row
    shown = api.get(match["id"])
    assert shown["seq"] == 1
    # the same key once the database is back: stored once, then replayed
    again = api.event(match["id"], {"type": "dart", "dart": "S5"}, idem="retry-me")
    assert again.status_code == 201, again.get_json()
    assert again.get_json()["seq"] == 2
    replay = api.event(match["id"], {"type": "dart", "dart": "S5"}, idem="retry-me")
    assert replay.status_code == 201
    assert replay.headers.get("Idempotent-Replayed") == "true"
    assert api.get(match["id"])["seq"] == 2


def test_a_page_while_the_database_is_out_of_reach_is_503_for_people(
    app: Flask, api: Api
) -> None:
    match = api.create("darts-301")
    with database_lost(app, "SELECT"):
        page = api.client.get(f"/m/{match['id']}", headers={"Accept": "text/html"})
    assert page.status_code == 503
    assert page.mimetype == "text/html"
    assert page.headers["Retry-After"].isdigit()
    assert "Back in a moment" in page.get_data(as_text=True)
    assert api.client.get(f"/m/{match['id']}").status_code == 200


@pytest.mark.parametrize(
    ("error", "unavailable"),
    [
        (sa.OperationalError("INSERT", {}, Exception(LOST)), True),
        (sa.InterfaceError("SELECT", {}, Exception("connection already closed")), True),
        (sa.DisconnectionError("pre-ping failed"), True),
        (sa.TimeoutError("QueuePool limit reached"), True),
        (
            sa.DBAPIError("SELECT", {}, Exception("x"), connection_invalidated=True),
            True,
        ),
        (sa.DataError("INSERT", {}, Exception("NUL in a string")), False),
        (sa.IntegrityError("INSERT", {}, Exception("duplicate key")), False),
        (sa.ProgrammingError("SELECT", {}, Exception("syntax error")), False),
        (ValueError("bad"), False),
    ],
)
def test_only_a_database_out_of_reach_is_called_unavailable(
    error: BaseException, unavailable: bool
) -> None:
    """A bug (bad SQL, a constraint) stays a 500 to be fixed, never a retry loop."""
    assert database_unavailable(error) is unavailable


def test_a_database_server_is_pinged_and_given_up_on_within_seconds(app: Flask) -> None:
    """A stale connection is found before a request uses it; a silent host is a 503."""
    with app.app_context():
        engine = db.engine
        if engine.dialect.name != "postgresql":
            pytest.skip("a SQLite file has no server to lose")
        options = app.config["SQLALCHEMY_ENGINE_OPTIONS"]
    assert engine.pool._pre_ping
    assert 0 < int(options["connect_args"]["connect_timeout"]) <= 10
