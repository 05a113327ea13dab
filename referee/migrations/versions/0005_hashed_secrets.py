"""hashed secrets: edit keys and PINs kept as keyed hashes with a sealed copy

Revision ID: 0005_hashed_secrets
Revises: 0004
Create Date: 2026-11-24 20:30:00

Every plain edit key and PIN (matches, night organisers, night tables) becomes
``referee.keys.stored(...)``: HMAC-SHA256 hashes under a key derived from the app's
SECRET_KEY, and a sealed copy. Existing keys and PINs keep working. The downgrade
opens the sealed copies and puts the plain values back. Both need the same
SECRET_KEY as the app (``flask db upgrade`` runs inside the app).
"""
import re

from alembic import op
import sqlalchemy as sa

from referee import keys


# revision identifiers, used by Alembic.
revision = '0005_hashed_secrets'
down_revision = '0004'
branch_labels = None
depends_on = None


def _keyed(name, *extra):
    """A head table as this migration sees it: its id, keys and their sealed copy."""
    return sa.table(
        name,
        sa.column("id", sa.String),
        sa.column("edit_key", sa.String),
        sa.column("pin", sa.String),
        sa.column("sealed", sa.String),
        *extra,
    )


match = _keyed("match")
tournament = _keyed("tournament", sa.column("table_keys", sa.JSON))


def _table_row(tournament_id, number):
    return f"tournament:{tournament_id}:table:{number}"


def _pin_length(length, old):
    """Widen (or narrow back) the PIN columns to hold a hash."""
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        for name in ("match", "tournament"):
            op.alter_column(
                name, "pin", type_=sa.String(length=length),
                existing_type=sa.String(length=old),
            )
        return
    # SQLite changes a declared type by rebuilding the table, following its own
    # procedure (sqlite.org/lang_altertable.html, "other kinds of schema changes"):
    # foreign keys off (the event logs point at these tables, and the pragma is
    # ignored inside a transaction), then in one transaction: create the table again
    # from its own SQL with only the PIN's type changed, copy, drop, rename, recreate
    # its indexes, check the foreign keys. Alembic's batch mode would rewrite the
    # whole definition, turning match's column REFERENCES into a table constraint that
    # 0002's downgrade cannot drop in place.
    raw = bind.connection.dbapi_connection
    if raw.in_transaction:
        raw.execute("COMMIT")
    raw.execute("PRAGMA foreign_keys=OFF")
    raw.execute("BEGIN IMMEDIATE")
    try:
        for name in ("match", "tournament"):
            _sqlite_retype_pin(raw, name, length)
        broken = raw.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            raise RuntimeError(f"foreign keys broken by the rebuild: {broken[:5]}")
    except BaseException:
        raw.execute("ROLLBACK")
        raw.execute("PRAGMA foreign_keys=ON")
        raise
    raw.execute("COMMIT")
    raw.execute("PRAGMA foreign_keys=ON")
    raw.execute("BEGIN")  # for Alembic's own bookkeeping, committed as usual


def _sqlite_retype_pin(raw, name, length):
    (create,) = raw.execute(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    ).fetchone()
    create, found = re.subn(
        r'(?<![\w"])pin VARCHAR\(\d+\)', f"pin VARCHAR({length})", create
    )
    if found != 1:
        raise RuntimeError(f"the pin column of {name} was not found: {create[:80]}")
    create, found = re.subn(
        rf'^CREATE TABLE ("{name}"|{name}) ', f'CREATE TABLE "_new_{name}" ', create
    )
    if found != 1:
        raise RuntimeError(f"the definition of {name} was not understood: {create[:80]}")
    extras = [
        sql
        for (sql,) in raw.execute(
            "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL "
            "AND type IN ('index', 'trigger')",
            (name,),
        ).fetchall()
    ]
    raw.execute(create)
    copy = f'INSERT INTO "_new_{name}" SELECT * FROM "{name}"'  # nosec B608  # name is "match" or "tournament", never input
    raw.execute(copy)
    raw.execute(f'DROP TABLE "{name}"')
    raw.execute(f'ALTER TABLE "_new_{name}" RENAME TO "{name}"')
    for sql in extras:
        raw.execute(sql)


def upgrade():
    bind = op.get_bind()
    op.add_column("match", sa.Column("sealed", sa.String(length=255), nullable=True))
    op.add_column(
        "tournament", sa.Column("sealed", sa.String(length=255), nullable=True)
    )
    _pin_length(64, 8)
    for row in bind.execute(sa.select(match.c.id, match.c.edit_key, match.c.pin)).all():
        kept = keys.stored(f"match:{row.id}", keys.Credentials(row.edit_key, row.pin))
        bind.execute(
            match.update()
            .where(match.c.id == row.id)
            .values(edit_key=kept["key"], pin=kept["pin"], sealed=kept["sealed"])
        )
    rows = bind.execute(
        sa.select(
            tournament.c.id, tournament.c.edit_key, tournament.c.pin,
            tournament.c.table_keys,
        )
    ).all()
    for row in rows:
        kept = keys.stored(
            f"tournament:{row.id}", keys.Credentials(row.edit_key, row.pin)
        )
        tables = [
            keys.stored(_table_row(row.id, n), keys.Credentials(t["key"], t["pin"]))
            for n, t in enumerate(row.table_keys or [], start=1)
        ]
        bind.execute(
            tournament.update()
            .where(tournament.c.id == row.id)
            .values(
                edit_key=kept["key"],
                pin=kept["pin"],
                sealed=kept["sealed"],
                table_keys=tables,
            )
        )


def downgrade():
    bind = op.get_bind()
    for row in bind.execute(sa.select(match.c.id, match.c.sealed)).all():
        creds = keys.unseal(f"match:{row.id}", row.sealed)
        bind.execute(
            match.update()
            .where(match.c.id == row.id)
            .values(edit_key=creds.key, pin=creds.pin)
        )
    rows = bind.execute(
        sa.select(tournament.c.id, tournament.c.sealed, tournament.c.table_keys)
    ).all()
    for row in rows:
        creds = keys.unseal(f"tournament:{row.id}", row.sealed)
        tables = []
        for n, t in enumerate(row.table_keys or [], start=1):
            table = keys.unseal(_table_row(row.id, n), t["sealed"])
            tables.append({"key": table.key, "pin": table.pin})
        bind.execute(
            tournament.update()
            .where(tournament.c.id == row.id)
            .values(edit_key=creds.key, pin=creds.pin, table_keys=tables)
        )
    _pin_length(8, 64)
    op.drop_column("tournament", "sealed")
    op.drop_column("match", "sealed")
