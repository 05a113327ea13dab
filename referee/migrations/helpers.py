"""What the migrations share: an append-only event log (0001 ``match_event``, 0002
``tournament_event``), its table and the triggers that refuse UPDATE and DELETE.

Migrations are history: whatever ran once must keep emitting the same statements, so
change nothing here; a new kind of log gets a function of its own.
"""

import sqlalchemy as sa
from alembic import op


def create_log(table, head, kind_length, *extra):
    """The log ``table`` of ``head`` rows: seq and idempotency key unique per head.

    ``extra`` columns come after ``ruling``.
    """
    owner = f"{head}_id"
    op.create_table(
        table,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column(owner, sa.String(length=16), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=kind_length), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("ruling", sa.JSON(), nullable=False),
        *extra,
        sa.Column("idem_key", sa.String(length=255), nullable=True),
        sa.Column("request_hash", sa.String(length=64), nullable=True),
        sa.Column("response", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            [owner], [f"{head}.id"], name=op.f(f"fk_{table}_{owner}_{head}")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{table}")),
        sa.UniqueConstraint(
            owner, "idem_key", name=op.f(f"uq_{table}_{owner}_idem_key")
        ),
        sa.UniqueConstraint(owner, "seq", name=op.f(f"uq_{table}_{owner}_seq")),
    )
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.create_index(batch_op.f(f"ix_{table}_{owner}"), [owner], unique=False)


def drop_log(table, head):
    """Undo ``create_log``."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        batch_op.drop_index(batch_op.f(f"ix_{table}_{head}_id"))

    op.drop_table(table)


def append_only(table):
    """Rows of the log are only inserted: UPDATE and DELETE fail in the database.

    On PostgreSQL the triggers call ``forbid_change()``, made by 0001.
    """
    postgres = op.get_bind().dialect.name == "postgresql"
    for action in ("UPDATE", "DELETE"):
        trigger = (
            f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table}"
        )
        if postgres:
            op.execute(f"{trigger} FOR EACH ROW EXECUTE FUNCTION forbid_change()")
        else:
            op.execute(
                f"{trigger} BEGIN SELECT RAISE(ABORT, 'the event log is append-only: "
                f"{action} is not allowed'); END"
            )


def drop_append_only(table):
    """Undo ``append_only`` (the trigger function stays: 0001 drops it)."""
    postgres = op.get_bind().dialect.name == "postgresql"
    for action in ("update", "delete"):
        name = f"{table}_no_{action}"
        op.execute(
            f"DROP TRIGGER IF EXISTS {name} ON {table}"
            if postgres
            else f"DROP TRIGGER IF EXISTS {name}"
        )
