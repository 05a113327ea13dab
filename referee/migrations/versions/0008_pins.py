"""PIN guesses counted per target in one row (pin_guard), not per client address

Revision ID: 0008_pins
Revises: 0007_edge
Create Date: 2026-11-27 08:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0008_pins"
down_revision = "0007_edge"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "pin_guard",
        sa.Column("target", sa.String(length=40), nullable=False),
        sa.Column("window_start", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("target", name=op.f("pk_pin_guard")),
    )
    # The per-address log it replaces: a guesser's addresses said nothing about
    # which PIN was under attack, and one address locked a whole venue out.
    with op.batch_alter_table("join_attempt", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_join_attempt_client"))
    op.drop_table("join_attempt")


def downgrade():
    op.create_table(
        "join_attempt",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_join_attempt")),
    )
    with op.batch_alter_table("join_attempt", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_join_attempt_client"), ["client"], unique=False
        )
    op.drop_table("pin_guard")
