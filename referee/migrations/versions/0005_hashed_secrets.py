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
from alembic import op
import sqlalchemy as sa

from referee import keys


# revision identifiers, used by Alembic.
revision = '0005_hashed_secrets'
down_revision = '0004'
branch_labels = None
depends_on = None

match = sa.table(
    "match",
    sa.column("id", sa.String),
    sa.column("edit_key", sa.String),
    sa.column("pin", sa.String),
    sa.column("sealed", sa.String),
)
tournament = sa.table(
    "tournament",
    sa.column("id", sa.String),
    sa.column("edit_key", sa.String),
    sa.column("pin", sa.String),
    sa.column("sealed", sa.String),
    sa.column("table_keys", sa.JSON),
)


def _table_row(tournament_id, number):
    return f"tournament:{tournament_id}:table:{number}"


def _pin_length(length, old):
    # SQLite does not enforce VARCHAR lengths, and a batch rebuild of the match table
    # is what the event log's foreign key forbids (see 0004): only PostgreSQL changes.
    if op.get_bind().dialect.name == "sqlite":
        return
    for name in ("match", "tournament"):
        op.alter_column(
            name, "pin", type_=sa.String(length=length), existing_type=sa.String(old)
        )


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
