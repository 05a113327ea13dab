"""paging: an index on the log's corrections, so a window of a long log reads few rows

Revision ID: 0010_paging
Revises: 0009_checkpoints
Create Date: 2026-11-27 11:00:00.000000

"""

from alembic import op


# revision identifiers, used by Alembic.
revision = "0010_paging"
down_revision = "0009_checkpoints"
branch_labels = None
depends_on = None


def upgrade():
    # A page of the log reads its rows by (match_id, seq) and the undos and amends
    # from its first row on by this one: neither walks the whole match.
    # A plain CREATE INDEX (no batch): the table and its append-only triggers stay.
    op.create_index(
        "ix_match_event_corrections",
        "match_event",
        ["match_id", "kind", "seq"],
        unique=False,
    )


def downgrade():
    op.drop_index("ix_match_event_corrections", table_name="match_event")
