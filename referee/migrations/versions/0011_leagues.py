"""leagues: a league row, and each season a tournament linked to it

Revision ID: 0011_leagues
Revises: 0010_paging
Create Date: 2026-11-27 23:30:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0011_leagues"
down_revision = "0010_paging"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "league",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("edit_key", sa.String(length=64), nullable=False),
        sa.Column("pin", sa.String(length=64), nullable=False),
        sa.Column("sealed", sa.String(length=255), nullable=True),
        sa.Column("create_key", sa.String(length=255), nullable=True),
        sa.Column("create_hash", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_league")),
    )
    op.create_index(
        op.f("ix_league_create_key"), "league", ["create_key"], unique=True
    )
    # SQLite adds the column with its REFERENCES clause in place (as 0002 did for
    # match): batch mode would copy and drop the tournament table, which its event
    # log's foreign key forbids once tournaments exist.
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "ALTER TABLE tournament ADD COLUMN league_id VARCHAR(16) "
            "REFERENCES league (id)"
        )
    else:
        op.add_column(
            "tournament", sa.Column("league_id", sa.String(length=16), nullable=True)
        )
        op.create_foreign_key(
            op.f("fk_tournament_league_id_league"),
            "tournament",
            "league",
            ["league_id"],
            ["id"],
        )
    op.create_index(
        op.f("ix_tournament_league_id"), "tournament", ["league_id"], unique=False
    )


def downgrade():
    op.drop_index(op.f("ix_tournament_league_id"), table_name="tournament")
    if op.get_bind().dialect.name != "sqlite":
        op.drop_constraint(
            op.f("fk_tournament_league_id_league"), "tournament", type_="foreignkey"
        )
    op.drop_column("tournament", "league_id")
    op.drop_index(op.f("ix_league_create_key"), table_name="league")
    op.drop_table("league")
