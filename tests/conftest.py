"""Fixtures: an app per test on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.

The schema always comes from the migrations, so the tests also prove them. SQLite
tests copy a migrated template file; PostgreSQL tests truncate between tests.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_migrate import upgrade
from hypothesis import settings
from sqlalchemy import text

from referee import create_app
from referee.db import MIGRATIONS
from referee.db import db
from tests import routes_memo
from tests import serve

routes_memo.install()

# CI (HYPOTHESIS_PROFILE=ci, set by .ci/run) draws the same examples on every run, so
# that a build is red for a change, not for a rare draw; a run at a desk draws anew
# and keeps what failed in .hypothesis/.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])


def _config(url: str, tmp: Path) -> dict[str, Any]:
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key-of-at-least-32-bytes!!",
        "SQLALCHEMY_DATABASE_URI": url,
        "WTF_CSRF_ENABLED": False,
        "SERVER_NAME": "referee.test",
    }


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "referee.sqlite"
    app = create_app(_config(f"sqlite:///{path}", path.parent))
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
        db.session.remove()
        db.engine.dispose()
    return path


@pytest.fixture(scope="session")
def pg_ready(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A migrated database of our own beside TEST_DATABASE_URL's, dropped at the end.

    Never the named database itself: parallel runs and whatever lives there are safe.
    """
    with serve.database("postgresql", tmp_path_factory.mktemp("pg"), PG_URL) as url:
        yield url


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        template = request.getfixturevalue("sqlite_template")
        path = tmp_path / "referee.sqlite"
        shutil.copy(template, path)
        return f"sqlite:///{path}"
    url = request.getfixturevalue("pg_ready")
    return url


@pytest.fixture
def app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    app = create_app(_config(database_url, tmp_path))
    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            _empty_pg()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _empty_pg() -> None:
    """TRUNCATE the tables an earlier test left rows in or drew ids from, with
    RESTART IDENTITY as for all. A TRUNCATE costs a few ms per table whether or
    not it holds a row: all eleven, every test, were 70 ms of each."""
    probes = []
    for table in db.metadata.sorted_tables:
        used = f"EXISTS (SELECT 1 FROM {table.name})"
        for column in table.primary_key.columns:
            if column.type.python_type is int:  # NULL where no sequence is
                sequence = f"pg_get_serial_sequence('{table.name}', '{column.name}')"
                used += f" OR pg_sequence_last_value({sequence}) IS NOT NULL"
        probes.append(f"SELECT '{table.name}' WHERE {used}")
    dirty = db.session.execute(text(" UNION ALL ".join(probes))).scalars().all()
    if dirty:
        tables = ", ".join(dirty)
        db.session.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    db.session.commit()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Api:
    """A JSON API client that remembers edit keys and makes fresh idempotency keys."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.keys: dict[str, str] = {}

    def create(self, game: str, players: list[str] | None = None, **body: Any) -> Any:
        response = self.client.post(
            "/api/v1/matches",
            json={"game": game, "players": players or ["Ann", "Bob"], **body},
        )
        assert response.status_code == 201, response.get_json()
        data = response.get_json()
        self.keys[data["id"]] = data["edit_key"]
        return data

    def headers(self, match_id: str, key: str | None = None) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.keys[match_id]}",
            "Idempotency-Key": key or uuid.uuid4().hex,
        }

    def event(self, match_id: str, event: dict[str, Any], **extra: Any) -> Any:
        key = extra.pop("idem", None)
        return self.client.post(
            f"/api/v1/matches/{match_id}/events",
            json={"event": event, **extra},
            headers=self.headers(match_id, key),
        )

    def undo(self, match_id: str, **body: Any) -> Any:
        return self.client.post(
            f"/api/v1/matches/{match_id}/undo",
            json=body,
            headers=self.headers(match_id),
        )

    def get(self, match_id: str) -> Any:
        return self.client.get(f"/api/v1/matches/{match_id}").get_json()


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The multi-process tests first, then the browser's, then the rest.

    With one worker per core the longest tests (schemathesis, the fault runs) then
    start at once beside the short ones instead of running alone at the end.
    """

    def weight(item: pytest.Item) -> int:
        if "test_schemathesis.py" in item.nodeid:  # the longest of all
            return 0
        if item.get_closest_marker("slow"):
            return 1
        return 2 if item.get_closest_marker("e2e") else 3

    items.sort(key=weight)  # stable: each group keeps its order
