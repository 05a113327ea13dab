"""create keys: one match or night per double tap

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21 15:17:48.508300

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    # Added in place (and unique through an index), not through batch mode: on SQLite a
    # batch rebuild copies and drops the match table, which the event log's foreign key
    # forbids once matches exist.
    op.add_column("match", sa.Column("create_key", sa.String(length=255), nullable=True))
    op.add_column("match", sa.Column("create_hash", sa.String(length=64), nullable=True))
    op.create_index(op.f("ix_match_create_key"), "match", ["create_key"], unique=True)
    op.add_column(
        "tournament", sa.Column("create_key", sa.String(length=255), nullable=True)
    )
    op.add_column(
        "tournament", sa.Column("create_hash", sa.String(length=64), nullable=True)
    )
    op.create_index(
        op.f("ix_tournament_create_key"), "tournament", ["create_key"], unique=True
    )


def downgrade():
    op.drop_index(op.f("ix_tournament_create_key"), table_name="tournament")
    op.drop_column("tournament", "create_hash")
    op.drop_column("tournament", "create_key")
    op.drop_index(op.f("ix_match_create_key"), table_name="match")
    op.drop_column("match", "create_hash")
    op.drop_column("match", "create_key")
