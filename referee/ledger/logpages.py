"""Windows of a match's log, read by index whatever the match's length.

Every read here is a keyset read on ``(match_id, seq)`` (the log's unique key) or on
``(match_id, kind, seq)`` (the corrections), bounded by the match's version as the
reader saw it: rows are only ever appended, so a window read now and the next one read
after more writes join without a gap or a repeat. Only the columns a reader shows are
read (not the stored answers, the largest column of a row).

What a window's entries say (voided, replaced, re-ruled) depends only on corrections
at or after its first row: a correction is written after its target, and each row's
stored ruling was worked out on the state after every earlier correction. So a window
needs the corrections from its first row on, never the whole log.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Row
from sqlalchemy import select

from referee.db import db
from referee.models import MatchEvent

CORRECTIONS = ("undo", "amend")
CHUNK = 500  # rows per read of a streamed export: a few hundred KB of JSON
# What a reader shows of a row; ``response`` (the stored answer) is left unread.
COLUMNS = (
    MatchEvent.seq,
    MatchEvent.kind,
    MatchEvent.data,
    MatchEvent.ruling,
    MatchEvent.created_at,
    MatchEvent.actor,
)


def window(
    match_id: str,
    upto: int,
    limit: int | None = None,
    *,
    after: int | None = None,
    before: int | None = None,
) -> list[Row[Any]]:
    """Rows up to seq ``upto`` in seq order: the ``limit`` oldest after ``after``, or
    the ``limit`` newest before ``before`` (or the newest of all); all without a limit.
    """
    query = select(*COLUMNS).where(
        MatchEvent.match_id == match_id, MatchEvent.seq <= upto
    )
    if after is not None:
        query = query.where(MatchEvent.seq > after)
    if before is not None:
        query = query.where(MatchEvent.seq < before)
    if limit is None or after is not None:
        query = query.order_by(MatchEvent.seq)
        if limit is not None:
            query = query.limit(limit)
        return list(db.session.execute(query))
    newest = list(
        db.session.execute(query.order_by(MatchEvent.seq.desc()).limit(limit))
    )
    return newest[::-1]


def corrections(
    match_id: str, upto: int, since: int, read: list[Row[Any]] | None = None
) -> list[Row[Any]]:
    """The undos and amends from seq ``since`` to ``upto``, in seq order.

    ``read``: rows already read in seq order; when they reach ``upto`` from ``since``
    the corrections are among them and nothing more is read.
    """
    if read and read[0].seq <= since and read[-1].seq >= upto:
        return [row for row in read if row.kind in CORRECTIONS and row.seq >= since]
    query = select(*COLUMNS).where(
        MatchEvent.match_id == match_id,
        MatchEvent.kind.in_(CORRECTIONS),
        MatchEvent.seq >= since,
        MatchEvent.seq <= upto,
    )
    # Sorted here, not by the database: asked for seq order, SQLite walks the log's
    # (match_id, seq) key to spare a sort, every row from ``since`` on.
    return sorted(db.session.execute(query), key=lambda row: row.seq)


def chunks(match_id: str, upto: int, size: int) -> Iterator[list[Row[Any]]]:
    """The whole log to ``upto`` in seq order, ``size`` rows per read (keyset)."""
    after = 0
    while after < upto:
        rows = window(match_id, upto, size, after=after)
        if not rows:
            return
        yield rows
        after = rows[-1].seq
