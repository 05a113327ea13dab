"""The one write path of every append-only log (a match's, a tournament's)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from sqlalchemy import Insert
from sqlalchemy import Select
from sqlalchemy import Table
from sqlalchemy import Update
from sqlalchemy import bindparam
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee import inflight
from referee import live
from referee.db import Serialized
from referee.db import db
from referee.db import lock_row
from referee.db import write_lock
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger.common import KeyReused
from referee.ledger.common import NotFound
from referee.ledger.common import Stale
from referee.ledger.common import Written
from referee.ledger.common import clean_key
from referee.models import Match
from referee.models import MatchCheckpoint
from referee.models import utcnow


@dataclass(frozen=True)
class Stream:
    """One kind of append-only log: a head row (snapshot) and its event rows.

    A match and a tournament are both streams: the head (``Match``, ``Tournament``)
    holds ``version`` (the seq of its last row), ``state`` and ``status``; each row
    (``MatchEvent``, ``TournamentEvent``) has the head's id in ``owner``, a ``seq``
    unique per head, and an idempotency key unique per head.
    """

    head: type[Any]
    row: type[Any]
    owner: str
    noun: str
    not_found: type[NotFound]
    stale: type[Stale]
    key_reused: type[KeyReused]
    replay_status: int  # the status a retry with the same key is answered with
    optimistic: bool = True  # False when ``build`` changes rows besides the log
    # Row kinds that change nothing a writer saw (a confirmation): an expected seq
    # older than them is not stale.
    quiet: frozenset[str] = frozenset()
    # A stream whose stored answer is its seq alone rebuilds the answer to a retry
    # with this (``head_id``, the row holding the key); None: the answer is stored.
    rebuild: Callable[[str, Any], JSON] | None = None
    # Run inside a write that may change the head's result (it finished, or a
    # finished head was undone or corrected), before the commit and under the
    # writer's lock: a match's ratings (``referee.ratings``). A write in play skips it.
    after_result: Callable[[str], None] | None = None
    # Whether a write that finishes the head still leaves its result uncounted (a
    # match in confirmation mode finished by an entry not yet confirmed): for its
    # readers it is still in play, so the write is treated as one in play.
    uncounted: Callable[[Any, Step], bool] | None = None


@dataclass
class Step:
    """What one write adds to a stream: its rows, the new snapshot, the answer.

    ``rows`` are ``(kind, data, ruling, extra columns)``; the answer ``body`` gets
    the seq of the last row.
    """

    rows: list[tuple[str, JSON, JSON, dict[str, Any]]]
    state: JSON
    status: str
    body: JSON
    # A correction of event ``redo_from`` (a match's undo or amend): the checkpoints
    # at positions from it to the version read are dropped and ``checkpoints``
    # (position, state) written in their place, in the write's transaction.
    redo_from: int | None = None
    checkpoints: list[tuple[int, JSON]] = field(default_factory=list)


OPTIMISTIC_TRIES = 3  # then the write takes the lock before it reads


def write(
    stream: Stream,
    head_id: str,
    build: Callable[[Any], Step | None],
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    fingerprint: str = "",
    allow: Callable[[Any], None] | None = None,
) -> Written:
    """Append what ``build`` makes of the head, in one transaction.

    The head row is read once; ``allow`` checks the writer's key on it, then the
    expected seq, then ``build`` folds the engine. Only then does the write take
    the lock (SQLite ``BEGIN IMMEDIATE``), update the head on the condition that
    its version is still the one read (``UPDATE ... WHERE version = v``), insert
    the rows (the idempotency key on the first) and commit: the engine's work is
    done outside the lock, so writers to other matches barely wait for each other.
    Four statements on SQLite (read, BEGIN, UPDATE, INSERT), three on PostgreSQL.
    If another writer got there first the update matches no row and the write
    starts again from a fresh read; after ``OPTIMISTIC_TRIES`` it locks the row
    before reading (``SELECT ... FOR UPDATE``), so a busy match cannot starve.
    Streams whose ``build`` changes other rows (a tournament seating its tables)
    always lock first.

    A key seen before is not looked up first: the unique constraint on (head, key)
    refuses the insert, and only then is the first answer read back. When a write
    is refused (stale, against the rules, bad input) a retry of an earlier
    acknowledged request still gets its first answer, so the key is looked up on
    that path too.
    """
    idem_key = clean_key(idem_key)
    scope = f"{db.engine.url.render_as_string()}|{stream.noun}|{head_id}"
    with inflight.holding(scope, idem_key):
        return _write_once(
            stream, head_id, build, expected_seq, idem_key, fingerprint, allow
        )


def _write_once(
    stream: Stream,
    head_id: str,
    build: Callable[[Any], Step | None],
    expected_seq: int | None,
    idem_key: str | None,
    fingerprint: str,
    allow: Callable[[Any], None] | None,
) -> Written:
    """``write``, with the key marked in flight."""
    tries = OPTIMISTIC_TRIES if stream.optimistic else 0
    for attempt in range(tries + 3):
        locked = attempt >= tries
        try:
            head = _lock(stream, head_id) if locked else _read(stream, head_id)
            if allow is not None:
                allow(head)
            if (
                expected_seq is not None
                and int(expected_seq) != head.version
                and not _quiet_since(stream, head_id, int(expected_seq), head.version)
            ):
                raise stream.stale(int(expected_seq), head.version)
            step = build(head)
            if step is None:  # nothing to record (a sync that found nothing new)
                version = head.version
                db.session.rollback()
                return Written(200, {"seq": version, "ruling": None})
            seen = (head.version, getattr(head, "tournament_id", None))
            result_may_change = "over" in (head.status, step.status) and not (
                stream.uncounted is not None and stream.uncounted(head, step)
            )
            if not locked:
                _take_write_lock()  # from here on ``head`` may be stale: use ``seen``
            written = _add_rows(stream, head_id, seen, step, idem_key, fingerprint)
            if written is None:  # another writer moved the head on: read again
                db.session.rollback()
                continue
            if not result_may_change:
                written = replace(written, tournament_id=None)
            elif stream.after_result is not None:
                stream.after_result(head_id)
            # Viewers hear of the write only once it is committed (NOTIFY is sent
            # at commit on PostgreSQL; on SQLite the bump follows the commit).
            connection = db.session.connection()
            dialect = connection.dialect.name
            live.announce(connection, stream.noun, head_id, written.seq, seen[1])
            db.session.commit()
            live.committed(dialect, stream.noun, head_id, seen[1])
            return written
        except IntegrityError:
            db.session.rollback()
            prior = prior_answer(stream, head_id, idem_key, fingerprint)
            if prior is not None:
                return prior
            if attempt == tries + 2:
                raise
        except (BadInput, Refused, Stale):
            db.session.rollback()
            prior = prior_answer(stream, head_id, idem_key, fingerprint)
            if prior is not None:
                return prior
            raise
        except BaseException:
            db.session.rollback()
            raise
    raise AssertionError("unreachable: the locked tries cannot lose a race")


def _take_write_lock() -> None:
    """The writer's lock after the unlocked read (``write_lock``).

    On SQLite the read ran on a connection without BEGIN, so ``BEGIN IMMEDIATE`` on
    that same connection takes the lock without handing it back to the pool and
    checking it out again; the conditional UPDATE still checks the version read.
    """
    connection = db.session.connection()
    raw = connection.connection.dbapi_connection
    if connection.dialect.name == "sqlite" and not getattr(raw, "in_transaction", True):
        connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    write_lock()


def _quiet_since(stream: Stream, head_id: str, seen: int, version: int) -> bool:
    """Whether every row after ``seen`` is quiet (read on the stale path only)."""
    if not stream.quiet or seen > version:
        return False
    owner = getattr(stream.row, stream.owner)
    kinds = db.session.execute(
        select(stream.row.kind).where(owner == head_id, stream.row.seq > seen)
    ).scalars()
    return all(kind in stream.quiet for kind in kinds)


def _read(stream: Stream, head_id: str) -> Any:
    """The head row as it is now, read without a lock (and, on SQLite, no BEGIN)."""
    if db.session().in_transaction():
        db.session.rollback()
    connection = db.session.connection(execution_options={"sqlite_begin": "NONE"})
    # A plain row through Core, not an ORM object: the fold only reads it, and the
    # write that follows is a conditional UPDATE of its own.
    statement = _statements(stream.head.__table__, stream.row.__table__)[0]
    head = connection.execute(statement, {"head_id": head_id}).one_or_none()
    if head is None:
        db.session.rollback()
        raise stream.not_found(f"There is no {stream.noun} '{head_id}'.")
    return head


def _lock(stream: Stream, head_id: str) -> Any:
    head = lock_row(stream.head, head_id)
    if head is None:
        raise stream.not_found(f"There is no {stream.noun} '{head_id}'.")
    return head


def _add_rows(
    stream: Stream,
    head_id: str,
    seen: tuple[int, str | None],
    step: Step,
    idem_key: str | None,
    fp: str,
) -> Written | None:
    """Move the head from the version read to the new one, then insert the rows.

    None when the head is no longer at the version read (nothing written).
    """
    version, parent = seen
    last = version + len(step.rows)
    body = {**step.body, "seq": last}
    # The answer is serialised once: stored as it is (its key's retries get it back)
    # and sent as it is (``Written.text``).
    text = Serialized(json.dumps(body, separators=(",", ":"))) if idem_key else None
    # Core statements on the session's connection: the same SQL as the ORM's, with
    # far less Python around it (this is the hot path of every event).
    connection = db.session.connection()
    _, move, insert = _statements(stream.head.__table__, stream.row.__table__)
    moved = connection.execute(
        move,
        {
            "head_id": head_id,
            "seen": version,
            "version": last,
            "state": step.state,
            "status": step.status,
            "updated_at": utcnow(),
        },
    )
    if moved.rowcount != 1:
        return None
    if step.redo_from is not None:
        _redo_checkpoints(connection, head_id, version, last, step)
    stored = _stored_answer(stream, step, body)
    connection.execute(
        insert,
        [
            {
                stream.owner: head_id,
                "seq": version + 1 + i,
                "kind": kind,
                "data": data,
                "ruling": ruling,
                "idem_key": idem_key if i == 0 and idem_key else None,
                "request_hash": fp if i == 0 and idem_key else None,
                "response": (text if stored is body else stored)
                if i == 0 and idem_key
                else None,
                "created_at": utcnow(),
                **extra,
            }
            for i, (kind, data, ruling, extra) in enumerate(step.rows)
        ],
    )
    return Written(201, body, tournament_id=parent, text=text)


@functools.cache
def _statements(head: Table, row: Table) -> tuple[Select[Any], Update, Insert]:
    """A stream's read, conditional update and insert, built once per process: the
    same SQL each time, so SQLAlchemy neither rebuilds them nor recomputes their
    cache keys on every write (the values go in as parameters)."""
    read = select(head).where(head.c.id == bindparam("head_id"))
    move = head.update().where(
        head.c.id == bindparam("head_id"), head.c.version == bindparam("seen")
    )
    return read, move, row.insert()


def _stored_answer(stream: Stream, step: Step, body: JSON) -> JSON:
    """What a retry's answer is kept as: ``{"seq"}`` where the stream rebuilds it.

    A match write's answer is its row's ruling and the view at its seq, both in the
    log already: storing the view in every row made stored bytes grow with the
    state. Any other answer is kept whole.
    """
    if (
        stream.rebuild is not None
        and len(step.rows) == 1
        and list(step.body) == ["ruling", "state"]
        and step.body["ruling"] == step.rows[0][2]
    ):
        return {"seq": body["seq"]}
    return body


def _redo_checkpoints(
    connection: Any, match_id: str, version: int, last: int, step: Step
) -> None:
    """Replace the checkpoints a correction of event ``step.redo_from`` made stale.

    Those at positions up to ``version`` (the one read) go; the one at ``last``, if
    any, is the trigger's, written by the UPDATE just made, and stays.
    """
    table = MatchCheckpoint.__table__
    connection.execute(
        table.delete().where(
            table.c.match_id == match_id,
            table.c.position >= step.redo_from,
            table.c.position <= version,
        )
    )
    if step.checkpoints:
        connection.execute(
            table.insert(),
            [
                {"match_id": match_id, "position": p, "made_at": last, "state": st}
                for p, st in step.checkpoints
            ],
        )


def prior_answer(
    stream: Stream, head_id: str, idem_key: str | None, fp: str
) -> Written | None:
    """The first answer to this idempotency key on this head, or None if it is new."""
    if not idem_key:
        return None
    owner = getattr(stream.row, stream.owner)
    found = db.session.execute(
        select(stream.row).where(owner == head_id, stream.row.idem_key == idem_key)
    ).scalar_one_or_none()
    if found is None:
        db.session.rollback()
        return None
    response, stored_fp = dict(found.response or {}), found.request_hash
    if stored_fp == fp and stream.rebuild is not None and "ruling" not in response:
        response = stream.rebuild(head_id, found)
    db.session.rollback()
    if stored_fp != fp:
        raise stream.key_reused(
            "This idempotency key was already used for a different request; send a "
            f"new key for a new {'event' if stream.head is Match else 'one'}."
        )
    return Written(stream.replay_status, response, replayed=True)
