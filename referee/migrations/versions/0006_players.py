"""players and trust: profiles, links, who wrote each row, confirmation mode

Revision ID: 0006_players
Revises: 0005_hashed_secrets
Create Date: 2026-11-24 23:00:00.000000

"""

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = "0006_players"
down_revision = "0005_hashed_secrets"
branch_labels = None
depends_on = None


def upgrade():
    # Columns added in place, not through batch mode: a SQLite batch rebuild would
    # copy and drop the match table, which the event log's foreign key forbids.
    op.add_column(
        "match_event",
        sa.Column("actor", sa.String(length=40), nullable=False, server_default=""),
    )
    op.add_column(
        "match",
        sa.Column("confirm", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("match", sa.Column("side_keys", sa.JSON(), nullable=True))
    op.create_table(
        "player",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("handle", sa.String(length=160), nullable=False),
        sa.Column("claim", sa.String(length=64), nullable=False),
        sa.Column("created_by", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("handle", name=op.f("uq_player_handle")),
    )
    op.create_table(
        "player_link",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=16), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("tournament_id", sa.String(length=16), nullable=True),
        sa.Column("entrant", sa.String(length=40), nullable=True),
        sa.Column("linked_by", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_player_link_player_id_player")
        ),
        sa.ForeignKeyConstraint(
            ["match_id"], ["match.id"], name=op.f("fk_player_link_match_id_match")
        ),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournament.id"],
            name=op.f("fk_player_link_tournament_id_tournament"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_link")),
        sa.UniqueConstraint(
            "match_id", "seat", name=op.f("uq_player_link_match_id_seat")
        ),
        sa.UniqueConstraint(
            "tournament_id",
            "entrant",
            name=op.f("uq_player_link_tournament_id_entrant"),
        ),
    )
    op.create_index(
        op.f("ix_player_link_player_id"), "player_link", ["player_id"], unique=False
    )


def downgrade():
    op.drop_index(op.f("ix_player_link_player_id"), table_name="player_link")
    op.drop_table("player_link")
    op.drop_table("player")
    op.drop_column("match", "side_keys")
    op.drop_column("match", "confirm")
    op.drop_column("match_event", "actor")
