"""ratings: each profile's current rating per game, and its history per match

Revision ID: 0012_ratings
Revises: 0011_leagues
Create Date: 2026-11-27 23:45:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0012_ratings"
down_revision = "0011_leagues"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "player_rating",
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_player_rating_player_id_player"),
        ),
        sa.PrimaryKeyConstraint("player_id", "game", name=op.f("pk_player_rating")),
    )
    op.create_table(
        "rating_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("sides", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_rating_change_match_id_match")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_rating_change_player_id_player"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_change")),
        sa.UniqueConstraint(
            "player_id",
            "game",
            "match_id",
            name=op.f("uq_rating_change_player_id_game_match_id"),
        ),
    )
    op.create_index(
        "ix_rating_change_history",
        "rating_change",
        ["player_id", "game", "position"],
        unique=False,
    )
    op.create_index(
        op.f("ix_rating_change_match_id"), "rating_change", ["match_id"], unique=False
    )


def downgrade():
    op.drop_index(op.f("ix_rating_change_match_id"), table_name="rating_change")
    op.drop_index("ix_rating_change_history", table_name="rating_change")
    op.drop_table("rating_change")
    op.drop_table("player_rating")
