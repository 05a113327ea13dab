"""ratings: each profile's current rating per game, and its history per match.

Revision 0012_ratings, after 0011_leagues (2026-11-28). Both tables are derived from
the match logs (``referee.ratings``): a recomputation rewrites them.
"""

import sqlalchemy as sa
from alembic import op

revision, down_revision = "0012_ratings", "0011_leagues"
branch_labels = depends_on = None


INTEGERS = ("position", "place", "sides")  # rating_change's, in the model's order
FLOATS = ("mu_before", "sigma_before", "mu", "sigma")


def _refers(table, to):
    """The foreign key from ``table.<to>_id`` to ``<to>.id``, named as 0001's are."""
    return sa.ForeignKeyConstraint(
        [f"{to}_id"], [f"{to}.id"], name=op.f(f"fk_{table}_{to}_id_{to}")
    )


def upgrade():
    op.create_table(
        "player_rating",
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        _refers("player_rating", "player"),
        sa.PrimaryKeyConstraint("player_id", "game", name=op.f("pk_player_rating")),
    )
    op.create_table(
        "rating_change",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        *(sa.Column(n, sa.Integer(), nullable=False) for n in INTEGERS),
        *(sa.Column(n, sa.Float(), nullable=False) for n in FLOATS),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        *(_refers("rating_change", column) for column in ("match", "player")),
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
