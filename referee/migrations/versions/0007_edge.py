"""edge: stored text repaired (no NUL, lone surrogate or control character; NFC)

Revision ID: 0007_edge
Revises: 0006_players
Create Date: 2026-11-27 08:00:00

Before issue 25 the service stored whatever text it was sent: a player called
"\\ud800" (a lone surrogate, which no page can encode), a title with a NUL, a
station with an escape character. The request edge now refuses those; this repairs
what was stored before, with ``referee.games.text.repair``: a lone surrogate
becomes U+FFFD, other control characters go (tab and newline stay), and the text is
put in NFC. The same function runs over every string of every row (setup, snapshot
and log alike), so a repaired name is the same name everywhere and a replay of the
log still gives the snapshot.

The logs are append-only (0001, 0002): their UPDATE triggers are set aside for the
repair of their rows and put back in the same transaction. Nothing is repaired in a
row that needs no repair; the downgrade keeps the repaired text (the originals were
not text).
"""

import json

import sqlalchemy as sa
from alembic import op

from referee.games import text

# revision identifiers, used by Alembic.
revision = "0007_edge"
down_revision = "0006_players"
branch_labels = None
depends_on = None

# table: (primary key, JSON columns, text columns)
TABLES = {
    "match": ("id", ("players", "teams", "options", "state"), ("title",)),
    "match_event": ("id", ("data", "ruling", "response"), ()),
    "tournament": ("id", ("players", "options", "state"), ("title",)),
    "tournament_event": ("id", ("data", "ruling", "response"), ()),
    "player": ("id", (), ("name",)),
    "player_link": ("id", (), ("entrant",)),
}
APPEND_ONLY = ("match_event", "tournament_event")


def upgrade():
    bind = op.get_bind()
    for name, (key, json_columns, text_columns) in TABLES.items():
        fixes = list(_fixes(bind, name, key, json_columns, text_columns))
        if not fixes:
            continue
        target = sa.table(
            name,
            sa.column(key),
            *(sa.column(c, sa.JSON) for c in json_columns),
            *(sa.column(c, sa.String) for c in text_columns),
        )
        with _updatable(bind, name):
            for row_key, values in fixes:
                bind.execute(
                    target.update().where(target.c[key] == row_key).values(**values)
                )
    _rehandle(bind)


def downgrade():
    pass  # what was repaired was not text; there is nothing to put back


def _fixes(bind, name, key, json_columns, text_columns):
    """(key, {column: repaired}) for each row of ``name`` that needs a repair."""
    source = sa.table(name, sa.column(key), *map(sa.column, json_columns + text_columns))
    query = sa.select(
        source.c[key],
        # the stored JSON text itself: the app's reader would repair it on the way
        *(sa.cast(source.c[c], sa.Text).label(c) for c in json_columns),
        *(source.c[c] for c in text_columns),
    )
    for row in bind.execute(query).mappings():
        values = {}
        for column in json_columns:
            raw = row[column]
            if raw is None or (raw.isascii() and "\\u" not in raw):
                continue  # nothing but ASCII text: nothing to repair
            stored = json.loads(raw)
            repaired = text.repair_json(stored)
            if json.dumps(repaired) != json.dumps(stored):
                values[column] = repaired
        for column in text_columns:
            value = row[column]
            if value is not None and text.repair(value) != value:
                values[column] = text.repair(value)
        if values:
            yield row[key], values


class _updatable:
    """An append-only log's UPDATE trigger set aside for the block (others: as is)."""

    def __init__(self, bind, table):
        self.bind, self.table = bind, table
        self.trigger = f"{table}_no_update"
        self.sql = None

    def __enter__(self):
        if self.table not in APPEND_ONLY:
            return
        if self.bind.dialect.name == "postgresql":
            op.execute(f"ALTER TABLE {self.table} DISABLE TRIGGER {self.trigger}")
            return
        self.sql = self.bind.execute(
            sa.text("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = :n"),
            {"n": self.trigger},
        ).scalar_one()
        op.execute(f"DROP TRIGGER {self.trigger}")

    def __exit__(self, *exc):
        if self.table not in APPEND_ONLY:
            return
        if self.bind.dialect.name == "postgresql":
            op.execute(f"ALTER TABLE {self.table} ENABLE TRIGGER {self.trigger}")
        else:
            op.execute(self.sql)


def _rehandle(bind):
    """A profile's handle (its name folded, unique) follows its repaired name."""
    player = sa.table(
        "player", sa.column("id"), sa.column("name"), sa.column("handle")
    )
    rows = bind.execute(sa.select(player.c.id, player.c.name, player.c.handle)).all()
    taken = {row.handle for row in rows}
    for row in rows:
        wanted = " ".join(row.name.split()).casefold()
        if wanted == row.handle:
            continue
        if wanted in taken:  # two names the same once repaired: keep them apart
            wanted = f"{wanted} ({row.id})"
        taken.add(wanted)
        bind.execute(
            player.update().where(player.c.id == row.id).values(handle=wanted)
        )
