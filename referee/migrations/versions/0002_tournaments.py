"""tournaments: tournament, its append-only log, and match's link to its table

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 16:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

from referee.migrations.helpers import append_only
from referee.migrations.helpers import create_log
from referee.migrations.helpers import drop_append_only
from referee.migrations.helpers import drop_log


# revision identifiers, used by Alembic.
revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

MATCH_COLUMNS = ("tournament_id", "round", "table")


def upgrade():
    op.create_table('tournament',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('game', sa.String(length=40), nullable=False),
    sa.Column('title', sa.String(length=80), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(length=12), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('state', sa.JSON(), nullable=False),
    sa.Column('edit_key', sa.String(length=64), nullable=False),
    sa.Column('pin', sa.String(length=8), nullable=False),
    sa.Column('table_keys', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament'))
    )
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_kind'), ['kind'], unique=False)

    create_log(
        "tournament_event", "tournament", 20,
        sa.Column('actor', sa.String(length=20), nullable=False),
    )

    # match gets its table's link. SQLite adds a column with a REFERENCES clause in
    # place; going through batch mode would copy and drop the match table, which the
    # foreign key from match_event (checked inside the migration's transaction)
    # forbids once matches exist.
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE match ADD COLUMN tournament_id VARCHAR(16) "
            "REFERENCES tournament (id)"
        )
        op.execute("ALTER TABLE match ADD COLUMN round INTEGER")
        op.execute('ALTER TABLE match ADD COLUMN "table" INTEGER')
    else:
        op.add_column('match', sa.Column('tournament_id', sa.String(length=16), nullable=True))
        op.add_column('match', sa.Column('round', sa.Integer(), nullable=True))
        op.add_column('match', sa.Column('table', sa.Integer(), nullable=True))
        op.create_foreign_key(
            op.f('fk_match_tournament_id_tournament'), 'match', 'tournament',
            ['tournament_id'], ['id'],
        )
    op.create_index(op.f('ix_match_tournament_id'), 'match', ['tournament_id'], unique=False)

    append_only("tournament_event")


def downgrade():
    drop_append_only("tournament_event")
    postgres = op.get_bind().dialect.name == "postgresql"
    op.drop_index(op.f('ix_match_tournament_id'), table_name='match')
    if postgres:
        op.drop_constraint(op.f('fk_match_tournament_id_tournament'), 'match', type_='foreignkey')
        for column in MATCH_COLUMNS:
            op.drop_column('match', column)
    else:
        # SQLite 3.35+ drops a column in place (its own REFERENCES clause included).
        for column in MATCH_COLUMNS:
            op.execute(f'ALTER TABLE match DROP COLUMN "{column}"')

    drop_log("tournament_event", "tournament")
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_kind'))

    op.drop_table('tournament')
