"""tournaments: tournament, its append-only log, and match's link to its table

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 16:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


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

    op.create_table('tournament_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('ruling', sa.JSON(), nullable=False),
    sa.Column('actor', sa.String(length=20), nullable=False),
    sa.Column('idem_key', sa.String(length=255), nullable=True),
    sa.Column('request_hash', sa.String(length=64), nullable=True),
    sa.Column('response', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], name=op.f('fk_tournament_event_tournament_id_tournament')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_event')),
    sa.UniqueConstraint('tournament_id', 'idem_key', name=op.f('uq_tournament_event_tournament_id_idem_key')),
    sa.UniqueConstraint('tournament_id', 'seq', name=op.f('uq_tournament_event_tournament_id_seq'))
    )
    with op.batch_alter_table('tournament_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_event_tournament_id'), ['tournament_id'], unique=False)

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


def append_only(table):
    """As in 0001: UPDATE and DELETE on the log fail in the database.

    On PostgreSQL the trigger function ``forbid_change()`` made by 0001 is reused.
    """
    postgres = op.get_bind().dialect.name == "postgresql"
    for action in ("UPDATE", "DELETE"):
        if postgres:
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION forbid_change()"
            )
        else:
            op.execute(
                f"CREATE TRIGGER {table}_no_{action.lower()} BEFORE {action} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'the event log is append-only: {action} "
                "is not allowed'); END"
            )


def downgrade():
    postgres = op.get_bind().dialect.name == "postgresql"
    for action in ("update", "delete"):
        name = f"tournament_event_no_{action}"
        op.execute(
            f"DROP TRIGGER IF EXISTS {name} ON tournament_event"
            if postgres
            else f"DROP TRIGGER IF EXISTS {name}"
        )
    op.drop_index(op.f('ix_match_tournament_id'), table_name='match')
    if postgres:
        op.drop_constraint(op.f('fk_match_tournament_id_tournament'), 'match', type_='foreignkey')
        for column in MATCH_COLUMNS:
            op.drop_column('match', column)
    else:
        # SQLite 3.35+ drops a column in place (its own REFERENCES clause included).
        for column in MATCH_COLUMNS:
            op.execute(f'ALTER TABLE match DROP COLUMN "{column}"')

    with op.batch_alter_table('tournament_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_event_tournament_id'))

    op.drop_table('tournament_event')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_kind'))

    op.drop_table('tournament')
