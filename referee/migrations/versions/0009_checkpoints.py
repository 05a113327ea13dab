"""Match checkpoints: the folded state at every 64th version, to fold from

Revision ID: 0009_checkpoints
Revises: 0008_pins
Create Date: 2026-11-27 11:00:00.000000

An undo, a correction, a read after a correction and a retry's answer fold forward
from the nearest checkpoint before the change instead of from event 1. The match's
UPDATE to a version that is a multiple of 64 writes the checkpoint by trigger, in
the same statement: an event POST runs no extra statement (RELIABILITY.md P3).
Existing matches get checkpoints as they are written; until then they fold from the
start, as before.
"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0009_checkpoints"
down_revision = "0008_pins"
branch_labels = None
depends_on = None

EVERY = 64  # referee.models.CHECKPOINT_EVERY when this was written


def upgrade():
    op.create_table(
        "match_checkpoint",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("made_at", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_match_checkpoint_match_id_match")
        ),
        sa.PrimaryKeyConstraint("match_id", "position", name=op.f("pk_match_checkpoint")),
    )
    # Versions only grow, so the row is new; the upsert keeps a stray one harmless.
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            """
            CREATE FUNCTION match_checkpoint() RETURNS trigger AS $$
            BEGIN
              INSERT INTO match_checkpoint (match_id, position, made_at, state)
              VALUES (NEW.id, NEW.version, NEW.version, NEW.state)
              ON CONFLICT (match_id, position)
              DO UPDATE SET made_at = EXCLUDED.made_at, state = EXCLUDED.state;
              RETURN NULL;
            END $$ LANGUAGE plpgsql
            """
        )
        op.execute(
            "CREATE TRIGGER match_checkpoint AFTER UPDATE OF version ON match "
            f"FOR EACH ROW WHEN (NEW.version <> OLD.version AND NEW.version % {EVERY} = 0) "
            "EXECUTE FUNCTION match_checkpoint()"
        )
    else:
        op.execute(
            "CREATE TRIGGER match_checkpoint AFTER UPDATE OF version ON match "
            f"WHEN NEW.version <> OLD.version AND NEW.version % {EVERY} = 0 BEGIN "
            "INSERT OR REPLACE INTO match_checkpoint (match_id, position, made_at, state) "
            "VALUES (NEW.id, NEW.version, NEW.version, NEW.state); END"
        )


def downgrade():
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS match_checkpoint ON match")
        op.execute("DROP FUNCTION IF EXISTS match_checkpoint()")
    else:
        op.execute("DROP TRIGGER IF EXISTS match_checkpoint")
    op.drop_table("match_checkpoint")
