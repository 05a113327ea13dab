"""The migrations build exactly the schema the models declare, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from referee.db import db


def test_the_migrations_build_exactly_the_models(app):
    with app.app_context(), db.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert differences == []
