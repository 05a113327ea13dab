"""Where engines meet the database: create, append, undo, amend, replay, audit.

A match is its log. Rows are only ever inserted: an undo or a correction is a row of
its own that voids or replaces an earlier event, so the log keeps every word the
referee said. The state is the fold of the effective events through the engine; the
match row keeps a snapshot of it so an append costs the same at event 10 and 5,000.

Matches and tournaments are both streams of this one log (``Stream``), written by
one function, ``write``: it takes the head row's write lock (SQLite ``BEGIN
IMMEDIATE``, PostgreSQL ``SELECT ... FOR UPDATE``), checks the writer's key and the
expected seq, folds the engine, inserts the rows and updates the snapshot, and
commits. A retry with the same idempotency key gets the first answer back and
stores nothing.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import hmac
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any
from typing import NamedTuple

from sqlalchemy import Insert
from sqlalchemy import Select
from sqlalchemy import Table
from sqlalchemy import Text
from sqlalchemy import Update
from sqlalchemy import bindparam
from sqlalchemy import cast
from sqlalchemy import delete
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from referee import games
from referee import inflight
from referee import keys
from referee import live
from referee import logpages
from referee import trust
from referee.db import Serialized
from referee.db import db
from referee.db import lock_row
from referee.db import stored_json
from referee.db import write_lock
from referee.games import text
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import Game
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Verdict
from referee.games.base import side_names
from referee.games.fields import KINDS
from referee.models import CHECKPOINT_EVERY
from referee.models import Match
from referee.models import MatchCheckpoint
from referee.models import MatchEvent
from referee.models import PinGuard
from referee.models import utcnow

MAX_KEY = 255
CORRECTIONS = ("undo", "amend")  # the row kinds that change an earlier event
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud safely


class NotFound(LookupError):
    """No such match (404)."""


class Stale(Exception):
    """The writer saw an older seq than the match has now (409)."""

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(
            f"The match has moved on: you saw event #{expected}, it is now at "
            f"#{current}. Look at the board and enter it again if it still applies."
        )
        self.expected = expected
        self.current = current


class KeyReused(Exception):
    """An idempotency key came back with a different request (422)."""


class Forbidden(PermissionError):
    """This key may not write here: another match's key, another table's (403)."""


class NotYours(Forbidden):
    """This match's key, but another side's entry (confirmation mode; 403)."""


@dataclass(frozen=True)
class Written:
    """The answer to a write: HTTP status, body, and whether it was a replay."""

    status: int
    body: JSON
    replayed: bool = False
    # The tournament this write must settle: a match's, and only when the write may
    # have changed its result (it finished the match, or touched a finished one).
    # A dart in play leaves it None, so its tournament is neither read nor locked.
    tournament_id: str | None = None
    # ``body`` as compact JSON text when the write stored it as its answer: the API
    # sends these very bytes rather than serialising the body a second time.
    text: str | None = None

    @property
    def seq(self) -> int:
        return int(self.body["seq"])


@dataclass
class Entry:
    """One row of the log as a reader sees it now."""

    seq: int
    kind: str
    event: JSON | None
    ruling: JSON
    created_at: Any
    target: int | None = None
    voided: bool = False  # this event no longer counts (undone or replaced)
    replaced_by: int | None = None
    current_ruling: JSON | None = None  # the ruling after later corrections, if changed
    actor: str = ""  # who wrote the row: "" the scorer, "side 1" a side's phone


@dataclass
class Replay:
    state: JSON
    rulings: dict[int, Ruling] = field(default_factory=dict)  # seq -> current ruling


# --- creating and reading -----------------------------------------------------------


def game_of(match: Match) -> Game:
    return games.get(match.game)


def setup_of(match: Match) -> Setup:
    teams = tuple((t["name"], tuple(t["players"])) for t in match.teams or [])
    return Setup(tuple(match.players), dict(match.options), teams)


def create_match(
    game_id: str,
    players: Any,
    options: Mapping[str, Any] | None = None,
    teams: Any = None,
    title: str = "",
    *,
    idem_key: str | None = None,
    fingerprint: str | None = None,
    confirm: bool = False,
) -> Match:
    """Check the setup with the game and store a new match; ``BadInput`` if wrong.

    With ``idem_key`` (and the request's ``fingerprint``), a second call returns the
    match the first one made: see ``created_before``. With ``confirm``, the match is
    in confirmation mode: every side but the first gets a key of its own (the edit
    key writes for the first side), and an entry counts once another side confirms.
    """
    idem_key = clean_key(idem_key)

    def made() -> Match:
        return new_match(
            game_id,
            players,
            options,
            teams,
            title,
            create_key=idem_key,
            fingerprint=fingerprint,
            confirm=confirm,
        )

    match = made()  # BadInput before any lock
    for attempt in range(5):
        # The key's lookup and the insert in one writer's transaction: a lookup in
        # a reader's one would have to become a writer at commit, which SQLite
        # refuses at once ("database is locked") when another create got in first.
        write_lock()
        if idem_key:
            prior = created_before(idem_key, fingerprint or "")
            if prior is not None:
                db.session.rollback()
                return prior
        if attempt:
            match = made()  # a fresh id and PIN
        db.session.add(match)
        try:
            db.session.commit()
        except IntegrityError:  # a PIN or id collision (draw again), or a racing twin
            db.session.rollback()
            continue  # the next attempt finds the twin by its key, if it was one
        return match
    raise RuntimeError("could not draw a free PIN")


def new_match(
    game_id: str,
    players: Any,
    options: Mapping[str, Any] | None = None,
    teams: Any = None,
    title: str = "",
    *,
    key: str | None = None,
    create_key: str | None = None,
    fingerprint: str | None = None,
    confirm: bool = False,
) -> Match:
    """A new match row with a fresh id, PIN and keys, not yet added to the session.

    ``BadInput`` if the setup is wrong. ``key`` is the edit key to give it (a
    tournament table's, so that its phone scores it); a fresh one otherwise. A
    tournament settling a result makes its next matches with this, inside its own
    transaction; ``create_match`` stores one on its own.
    """
    title = text.check(title or "", "title", "title")
    try:
        game = games.get(game_id)
    except KeyError:
        raise NotFound(f"There is no game '{game_id}'.") from None
    if teams is not None and not isinstance(teams, list):
        raise BadInput(
            "'teams' is a list of teams.",
            field="teams",
            example='"teams": [{"name": "Reds", "players": ["Ann", "Cy"]}]',
        )
    setup = game.new_setup(players, options, teams)
    state = game.start(setup)
    match_id = _token(10)
    secret = keys.stored(
        f"match:{match_id}", keys.Credentials(key or keys.new_key(), keys.new_pin())
    )
    return Match(
        id=match_id,
        game=game.id,
        title=title,
        players=list(setup.players),
        teams=[{"name": n, "players": list(m)} for n, m in setup.teams],
        options=dict(setup.options),
        status="over" if game.view(state)["over"] else "live",
        version=0,
        state=state,
        edit_key=secret["key"],
        pin=secret["pin"],
        sealed=secret["sealed"],
        create_key=create_key or None,
        create_hash=fingerprint if create_key else None,
        confirm=bool(confirm),
        side_keys=_side_keys(match_id, len(side_names(state))) if confirm else None,
    )


def _side_keys(match_id: str, sides: int) -> list[Any]:
    """A key per side after the first (whose phone holds the edit key)."""
    return [None] + [
        keys.stored(
            f"match:{match_id}:side:{i}",
            keys.Credentials(keys.new_key(), keys.new_pin()),
        )
        for i in range(1, sides)
    ]


def side_credentials(match: Match) -> list[tuple[int, str, keys.Credentials]]:
    """Each other side's plain key (to hand to its phone): ``(side, name, creds)``.

    A side whose phone has opened its link is not listed: its key is that phone's
    alone now (``claim_side``), and no copy of it is kept.
    """
    names = seat_names(match)["side"]
    return [
        (i, names[i], keys.unseal(f"match:{match.id}:side:{i}", stored["sealed"]))
        for i, stored in enumerate(match.side_keys or [])
        if stored and stored.get("sealed")
    ]


def claim_side(match_id: str, side: int, key: str) -> str | None:
    """A side's phone opens its link: that side's key becomes a new one for it alone.

    The link's key stops working (for the scorer who was shown it too), so no other
    phone holds this side's credential. Returns the new key's hash, for the phone's
    session; None if ``key`` is not side ``side``'s unclaimed key of this match.
    """
    match = lock_row(Match, match_id)
    if match is None:
        raise NotFound(f"There is no match '{match_id}'.")
    stored = list(match.side_keys or [])
    held = stored[side] if 0 < side < len(stored) else None
    if not held or not held.get("sealed") or not keys.key_matches(key, held["key"]):
        db.session.rollback()
        return None
    digest = keys.hash_key(keys.new_key())
    stored[side] = {"key": digest, "claimed": True}
    match.side_keys = stored  # a new list: the JSON column sees the change
    db.session.commit()
    return digest


def actor_of(match: Any, key: str | None) -> str | None:
    """Who a key writes as: "" (the scorer), "side N", or None (not this match's)."""
    if check_key(match, key):
        return "side 0" if match.confirm else ""
    for i, stored in enumerate(match.side_keys or []):
        if stored and keys.key_matches(key, stored["key"]):
            return f"side {i}"
    return None


def created_before(
    idem_key: str, fingerprint: str, model: type[Any] = Match, what: str = "match"
) -> Any:
    """What an earlier create with this key made (a ``Match``, or ``model``), if any.

    ``KeyReused`` when that create was a different request.
    """
    prior = db.session.execute(
        select(model).where(model.create_key == idem_key)
    ).scalar_one_or_none()
    if prior is not None and prior.create_hash != fingerprint:
        raise KeyReused(
            f"This idempotency key already started a different {what}; send a new "
            f"key for a new {what}."
        )
    return prior


def rematch(match: Match, *, idem_key: str | None = None) -> Match:
    """A new match with ``match``'s game, players, teams, options and name.

    With ``idem_key``, a double tap or a retry returns the first rematch
    (``created_before``); the same key for another match's rematch is ``KeyReused``.
    A table's game in a tournament is not rematched: the night deals its own rounds.
    """
    if match.tournament_id is not None:
        raise Refused(
            "This game belongs to a tournament table: the night starts its next "
            "round, so it has no rematch."
        )
    return create_match(
        match.game,
        list(match.players),
        dict(match.options),
        [dict(t) for t in match.teams] if match.teams else None,
        title=match.title,
        idem_key=idem_key,
        fingerprint=rematch_hash(match.id),
        confirm=match.confirm,
    )


def rematch_hash(match_id: str) -> str:
    """The request fingerprint of a rematch of ``match_id`` (see ``created_before``)."""
    return request_hash({"op": "rematch", "of": match_id})


def clean_key(idem_key: str | None) -> str | None:
    """The idempotency key without surrounding space; ``BadInput`` if empty or long."""
    if idem_key is None:
        return None
    idem_key = str(idem_key).strip()
    if not idem_key or len(idem_key) > MAX_KEY:
        raise BadInput(
            f"An idempotency key is 1 to {MAX_KEY} characters.",
            field="Idempotency-Key",
            example="3f1c2b9e-7d1a",
        )
    return idem_key


def get(match_id: str) -> Match:
    match = db.session.get(Match, match_id)
    if match is None:
        raise NotFound(f"There is no match '{match_id}'.")
    return match


def by_pin(pin: str) -> Match | None:
    pin = "".join(ch for ch in str(pin) if ch.isdigit())
    if len(pin) != 6:
        return None
    # Only a match still in play takes a new scorer: fewer PINs worth guessing.
    return db.session.execute(
        select(Match).where(Match.pin == keys.hash_pin(pin), Match.status == "live")
    ).scalar_one_or_none()


def pin_target(match_id: str) -> str:
    """The match's row in ``pin_guard`` (its count of guesses at its PIN)."""
    return f"match:{match_id}"


def new_pin(match_id: str, key: str | None) -> keys.Credentials:
    """Give the match a fresh PIN (the old one stops working) for its scorer only.

    The count of guesses at the old PIN goes with it: they say nothing of the new
    one. ``Forbidden`` for any key but the edit key (a side's key cannot).
    """
    for _attempt in range(5):
        match = lock_row(Match, match_id)
        if match is None:
            raise NotFound(f"There is no match '{match_id}'.")
        if not check_key(match, key):
            db.session.rollback()
            raise Forbidden("Only the scorer (the edit key) can issue a new PIN.")
        creds = keys.Credentials(credentials(match).key, keys.new_pin())
        secret = keys.stored(f"match:{match.id}", creds)
        match.pin, match.sealed = secret["pin"], secret["sealed"]
        db.session.execute(
            delete(PinGuard).where(PinGuard.target == pin_target(match_id))
        )
        try:
            db.session.commit()
        except IntegrityError:  # another match has that PIN: draw again
            db.session.rollback()
            continue
        return creds
    raise RuntimeError("could not draw a free PIN")


def board(match: Match) -> JSON:
    """The scoreboard (``view``) of the match's current state."""
    return game_of(match).view(match.state)


def rows(match: Match) -> list[MatchEvent]:
    return list(
        db.session.execute(
            select(MatchEvent)
            .where(MatchEvent.match_id == match.id)
            .order_by(MatchEvent.seq)
        ).scalars()
    )


def check_key(match: Match, key: str | None) -> bool:
    """Whether ``key`` is this match's edit key (checked against its keyed hash)."""
    return keys.key_matches(key, match.edit_key)


def credentials(match: Match) -> keys.Credentials:
    """The match's plain edit key and PIN, for those who may score it."""
    return keys.unseal(f"match:{match.id}", match.sealed)


def join_token(match: Match) -> str:
    """What the scorer link (the QR) carries: it opens this match's page, nothing else.

    Derived from the match's id and its stored key hash, so it needs no column and
    changes when the key does. It is not a key: the API does not take it, and for a
    table's game (whose key is the table's) it opens that game only.
    """
    return keys.join_token(f"match:{match.id}", match.edit_key)


def join_token_matches(match: Match, token: str) -> bool:
    return same_secret(str(token), join_token(match))


def give_key(match: Match, key: str) -> None:
    """Make ``key`` (a night table's) the match's edit key; its PIN stays."""
    pin = credentials(match).pin
    secret = keys.stored(f"match:{match.id}", keys.Credentials(key, pin))
    match.edit_key, match.sealed = secret["key"], secret["sealed"]


def same_secret(given: str, stored: str) -> bool:
    """Constant-time comparison that also takes non-ASCII input (a wrong key)."""
    return hmac.compare_digest(given.encode(), stored.encode())


def request_hash(payload: Any) -> str:
    """A stable hash of a write's payload, to tell a retry from a reused key."""
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# --- the log: one write path for every stream -----------------------------------------


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
            result_may_change = "over" in (head.status, step.status)
            if not locked:
                _take_write_lock()  # from here on ``head`` may be stale: use ``seen``
            written = _add_rows(stream, head_id, seen, step, idem_key, fingerprint)
            if written is None:  # another writer moved the head on: read again
                db.session.rollback()
                continue
            if not result_may_change:
                written = replace(written, tournament_id=None)
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


def _rebuilt_answer(match_id: str, row: MatchEvent) -> JSON:
    """The first answer to a match write, byte for byte: its row's ruling and the
    view of the state at its seq, folded from the checkpoint before that seq."""
    match = get(match_id)
    seq = int(row.response["seq"])
    view = game_of(match).view(state_at(match, seq))
    return {"ruling": row.ruling, "state": view, "seq": seq}


MATCHES = Stream(
    head=Match,
    row=MatchEvent,
    owner="match_id",
    noun="match",
    not_found=NotFound,
    stale=Stale,
    key_reused=KeyReused,
    replay_status=201,  # the first answer's status, as the Idempotency-Key draft asks
    quiet=trust.QUIET_KINDS,
    rebuild=_rebuilt_answer,
)


# --- writing a match ----------------------------------------------------------------


def append(
    match_id: str,
    raw_event: Any,
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
    fingerprint: str | None = None,
) -> Written:
    """Record one event (201 and the ruling) or raise BadInput/Refused/Stale.

    ``raw_event`` may be a function of the match's game (a page form, which needs
    the game's fields to read); then ``fingerprint`` names the request. With
    ``key``, the write is refused (``Forbidden``) unless it is the match's edit key.
    """

    def build(match: Match, actor: str) -> Step:
        game = game_of(match)
        raw = raw_event(game) if callable(raw_event) else raw_event
        event = game.parse_event(raw, match.state)
        step = game.apply(match.state, event)
        return _step(match, "event", event, step.state, step.ruling)

    if fingerprint is None:
        if callable(raw_event):
            raise TypeError("an event read from a form needs the form's fingerprint")
        fingerprint = request_hash({"op": "event", "event": raw_event})
    fp = fingerprint
    return _write(match_id, build, expected_seq, idem_key, fp, key)


def undo(
    match_id: str,
    *,
    target: int | None = None,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
) -> Written:
    """Void the last effective event (or ``target``, an earlier one) and rebuild."""

    def build(match: Match, actor: str) -> Step:
        version = match.version
        if target is None:  # the newest event in force, from the newest checkpoint
            tail = _tail(match, version + 1, version)
            while not _effective(tail.rows) and tail.position > 0:
                tail = _tail(match, tail.position, version)  # all undone: look back
            effective = _effective(tail.rows)
            if not effective:
                raise Refused("There is nothing to undo.")
            seq = effective[-1][0]
        else:
            seq = _target(target, version)
            tail = _tail(match, seq, version)
            effective = _effective(tail.rows)
        if seq not in dict(effective):
            raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
        if match.confirm:
            _own_entry(match, actor, seq, rows(match), "remove")
        remaining = [(s, e) for s, e in effective if s != seq]
        # From the checkpoint before the event: the last event costs at most the
        # events since that checkpoint; an earlier one re-checks every later event.
        folded = _fold_on(
            match,
            tail.state,
            remaining,
            refuse_at=seq,
            marks=(tail.position + 1, version),  # any gap before it is filled too
        )
        old = dict(effective)[seq]
        ruling = Ruling(
            Verdict.VOID,
            f"Undone: event #{seq} ({describe(match, old)}).",
        )
        # "last": only the newest event went, so no other ruling can have changed
        data = {"target": seq, "last": seq == effective[-1][0]}
        step = _step(match, "undo", data, folded.state, ruling)
        step.redo_from, step.checkpoints = seq, folded.checkpoints
        return step

    fp = request_hash({"op": "undo", "target": target})
    return _write(match_id, build, expected_seq, idem_key, fp, key)


def amend(
    match_id: str,
    target: int,
    raw_event: Any,
    *,
    expected_seq: int | None = None,
    idem_key: str | None = None,
    key: str | None = None,
) -> Written:
    """Replace an earlier event with a corrected one; refused if that breaks the log."""

    def build(match: Match, actor: str) -> Step:
        game = game_of(match)
        version = match.version
        seq = _target(target, version)
        tail = _tail(match, seq, version)  # the checkpoint before it, the rows after
        effective = _effective(tail.rows)
        positions = [s for s, _ in effective]
        if seq not in positions:
            raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
        if match.confirm:
            _own_entry(match, actor, seq, rows(match), "correct")
        index = positions.index(seq)
        before = _fold_on(
            match, tail.state, effective[:index], marks=(tail.position + 1, seq - 1)
        )
        event = game.parse_event(raw_event, before.state)
        # One fold from the state before it: the corrected event, then every later
        # one (a change can make a later event impossible).
        after = _fold_on(
            match,
            before.state,
            [(seq, event), *effective[index + 1 :]],
            refuse_at=seq,
            since=seq,
            marks=(seq, version),
        )
        data = {"target": seq, "event": event, "last": seq == positions[-1]}
        step = _step(match, "amend", data, after.state, after.rulings[seq])
        step.redo_from = seq
        step.checkpoints = before.checkpoints + after.checkpoints
        return step

    fp = request_hash({"op": "amend", "target": target, "event": raw_event})
    return _write(match_id, build, expected_seq, idem_key, fp, key)


def _write(
    match_id: str,
    build: Callable[[Match, str], Step],
    expected_seq: int | None,
    idem_key: str | None,
    fingerprint: str,
    key: str | None,
) -> Written:
    who = {"actor": ""}

    def allow(match: Match) -> None:
        actor = actor_of(match, key)
        if actor is None:
            raise Forbidden("That edit key does not belong to this match.")
        who["actor"] = actor

    def signed(match: Match) -> Step:
        # Every row says who wrote it, so the history shows who corrected what.
        if key is None and match.confirm:
            who["actor"] = "side 0"  # a page write without a key is the scorer's
        step = build(match, who["actor"])
        step.rows = [
            (k, d, r, {**x, "actor": who["actor"]}) for k, d, r, x in step.rows
        ]
        return step

    return write(
        MATCHES,
        match_id,
        signed,
        expected_seq=expected_seq,
        idem_key=idem_key,
        fingerprint=fingerprint,
        allow=allow if key is not None else None,
    )


# --- confirmation mode --------------------------------------------------------------


def confirm(
    match_id: str,
    *,
    through: int | None = None,
    key: str,
    idem_key: str | None = None,
) -> Written:
    """Confirm, as the key's side, every other side's entry up to ``through``.

    Refused when the match is not in confirmation mode or nothing waits for this
    side. The row changes no score: a page that saw an older seq may still write.
    """

    def build(match: Match, _actor: str) -> Step:
        actor = _confirmer(match, key)
        upto = match.version if through is None else int(through)
        targets = trust.pending_for(rows(match), actor, upto)
        if not targets:
            raise Refused("Nothing waits for your confirmation.")
        name = _side_name(match, actor)
        said = Ruling(Verdict.OK, f"{name} confirmed {_seqs(targets)}.")
        return _quiet(match, "confirm", {"rows": targets, "through": upto}, said)

    fp = request_hash({"op": "confirm", "through": through})
    return _write(match_id, build, None, idem_key, fp, key)


def challenge(
    match_id: str,
    target: int,
    *,
    note: str = "",
    key: str,
    idem_key: str | None = None,
) -> Written:
    """Challenge another side's unconfirmed entry ``target``: it stays, marked.

    The entry's side corrects or removes it (a correction needs confirming again),
    or the challenger confirms it after all.
    """
    note = text.check(note or "", "note", "note")

    def build(match: Match, _actor: str) -> Step:
        actor = _confirmer(match, key)
        mark = trust.marks(rows(match)).get(int(target))
        if mark is None:
            raise Refused(f"Event #{target} is not in play (undone or replaced).")
        if mark.confirmed:
            raise Refused(f"Event #{target} is already confirmed.")
        if not trust.may_confirm(actor, mark.actor):
            raise Refused("A side cannot challenge its own entry: correct it instead.")
        name = _side_name(match, actor)
        said = Ruling(
            Verdict.WARNING,
            f"{name} challenges #{target}" + (f": {note}" if note else "."),
        )
        data = {"target": int(target), "row": mark.row, "note": note}
        return _quiet(match, "challenge", data, said)

    fp = request_hash({"op": "challenge", "target": target, "note": note})
    return _write(match_id, build, None, idem_key, fp, key)


MAX_NOTE = text.LIMITS["note"]


def _own_entry(
    match: Match, actor: str, seq: int, log: list[MatchEvent], verb: str
) -> None:
    """In confirmation mode a side removes or corrects only its own entries.

    Another side's entry, confirmed or not, is that side's to change: with a side's
    key alone nobody rewrites what the other side said (``NotYours``, 403); a wrong
    entry is challenged instead, and its side corrects or removes it.
    """
    refusal = _not_yours(match, actor, trust.marks(log).get(seq), seq, verb)
    if refusal:
        raise NotYours(refusal)


def _not_yours(
    match: Match, actor: str, mark: trust.Mark | None, seq: int, verb: str
) -> str:
    """Why ``actor`` may not change entry ``seq`` ("" if it may)."""
    if not match.confirm or mark is None or trust.same_side(actor, mark.actor):
        return ""
    owner = _side_name(match, mark.actor)
    return (
        f"#{seq} is {owner}'s entry: only {owner}'s phone may {verb} it. "
        f"Challenge it instead (the log's Challenge, or POST /api/v1/matches/"
        f'{match.id}/challenge {{"target": {seq}}}).'
    )


def mine(match: Match, key: str | None, seq: int) -> bool | str:
    """Whether ``key`` may correct entry ``seq`` (True), else why not: a page asks
    before it shows the correction form (the write itself checks again)."""
    actor = actor_of(match, key)
    if actor is None:
        return "This phone cannot score this match. Join it with its PIN first."
    if not match.confirm:  # no read of the log for the common case
        return True
    return _not_yours(match, actor, marks(match).get(seq), seq, "correct") or True


def _confirmer(match: Match, key: str) -> str:
    if not match.confirm:
        raise Refused(
            "This match is not in confirmation mode: every entry counts as entered."
        )
    actor = actor_of(match, key)
    if actor is None:  # checked by ``allow`` already; kept for direct callers
        raise Forbidden("That key does not belong to this match.")
    return actor


def _side_name(match: Match, actor: str) -> str:
    side = trust.side_of(actor)
    names = seat_names(match)["side"]
    return names[side] if side is not None and side < len(names) else "The scorer"


def _seqs(targets: list[int]) -> str:
    return ", ".join(f"#{t}" for t in targets)


def _quiet(match: Match, kind: str, data: JSON, ruling: Ruling) -> Step:
    """A row that changes no score: the snapshot and status stay as they are."""
    said = ruling.to_json()
    return Step(
        rows=[(kind, data, said, {})],
        state=match.state,
        status=match.status,
        body={"ruling": said, "state": game_of(match).view(match.state)},
    )


def marks(match: Match) -> dict[int, trust.Mark]:
    """Each entry in force with who entered, confirmed or challenged it."""
    return trust.marks(rows(match))


def counts(match: Match) -> bool:
    """Whether the match counts for profiles: not in confirmation mode, or settled."""
    return not match.confirm or trust.settled(rows(match))


def _step(match: Match, kind: str, data: JSON, state: JSON, ruling: Ruling) -> Step:
    view = game_of(match).view(state)
    said = ruling.to_json()
    return Step(
        rows=[(kind, data, said, {})],
        state=state,
        status="over" if view["over"] else "live",
        body={"ruling": said, "state": view},
    )


# --- replay and audit ---------------------------------------------------------------


def _effective(log: Iterable[MatchEvent]) -> list[tuple[int, JSON]]:
    """The events that count, in order, after undos and corrections."""
    events: dict[int, JSON] = {}
    for row in log:
        if row.kind == "event":
            events[row.seq] = row.data
        elif row.kind == "undo":
            events.pop(int(row.data["target"]), None)
        elif row.kind == "amend":
            target = int(row.data["target"])
            if target in events:
                events[target] = row.data["event"]
    return sorted(events.items())


def events_in_force(log: Iterable[MatchEvent]) -> list[JSON]:
    """The events that count, in order (what a replay folds), without their seqs."""
    return [event for _, event in _effective(log)]


def new_id() -> str:
    """A fresh id for a row (a profile), from the read-aloud-safe alphabet."""
    return _token(10)


def _fold(
    match: Match, events: list[tuple[int, JSON]], refuse_at: int | None = None
) -> Replay:
    """Replay events from the start; an event that no longer fits is refused."""
    game = game_of(match)
    state = game.start(setup_of(match))
    rulings: dict[int, Ruling] = {}
    for seq, event in events:
        try:
            step = game.apply(state, event)
        except (BadInput, Refused) as err:
            why = err.ruling.summary if isinstance(err, Refused) else str(err)
            where = f" (the change at #{refuse_at})" if refuse_at is not None else ""
            raise Refused(
                f"That would make event #{seq} ({describe_event(event)}) impossible"
                f"{where}: {why} Undo back to it instead."
            ) from None
        state = step.state
        rulings[seq] = step.ruling
    return Replay(state, rulings)


def replay(match: Match) -> Replay:
    """The state and current rulings, rebuilt from the log alone, from event 1.

    The audit's way and the tests' yardstick: no read or write path calls it (they
    fold from a checkpoint: ``rulings_from``, ``state_at``, ``undo``, ``amend``).
    """
    return _fold(match, _effective(rows(match)))


# --- checkpoints --------------------------------------------------------------------


class LogRow(NamedTuple):
    """A log row as a fold reads it."""

    seq: int
    kind: str
    data: JSON


@dataclass
class Tail:
    """The log from a checkpoint on: the state at ``position``, the rows after it."""

    position: int
    state: JSON  # the checkpoint's (or the start's): never changed by a fold
    rows: list[Any]  # (seq, kind, data) of the rows in (position, version], in order


@dataclass
class Folded:
    state: JSON
    rulings: dict[int, Ruling] = field(default_factory=dict)
    checkpoints: list[tuple[int, JSON]] = field(default_factory=list)


def _target(target: Any, version: int) -> int:
    """An event's seq from a caller; Refused when it cannot be an event of the log."""
    try:
        seq = int(target)
    except (TypeError, ValueError):
        raise Refused(f"Event #{target} is not in play.") from None
    if not 0 < seq <= version:
        raise Refused(f"Event #{seq} is not in play (already undone or replaced).")
    return seq


def _tail(match: Any, before: int, version: int, upto: int | None = None) -> Tail:
    """The newest checkpoint at a position < ``before`` that a reader at ``version``
    may use, and the log rows after it up to ``version`` (only those are loaded;
    past ``upto``, only the corrections, which may reach back before it).

    Every checkpoint row is valid at the match's current version (a correction
    replaces the ones it makes stale); one made after ``version`` (a write that
    raced this read) is not this reader's, so it is passed over.
    """
    table = MatchCheckpoint.__table__
    found = db.session.execute(
        select(table.c.position, table.c.state)
        .where(
            table.c.match_id == match.id,
            table.c.position < before,
            table.c.made_at <= version,
        )
        .order_by(table.c.position.desc())
        .limit(1)
    ).first()
    if found is None:
        position, state = 0, game_of(match).start(setup_of(match))
    else:
        position, state = found.position, found.state
    log = MatchEvent.__table__
    # The data as text, decoded in one go: a long tail's rows cost a third as much
    # as one JSON decode each (the same repair of stored text applies).
    query = select(log.c.seq, log.c.kind, cast(log.c.data, Text)).where(
        log.c.match_id == match.id, log.c.seq > position, log.c.seq <= version
    )
    if upto is not None and upto < version:
        query = query.where(or_(log.c.seq <= upto, log.c.kind.in_(CORRECTIONS)))
    found = db.session.execute(query.order_by(log.c.seq)).all()
    data = stored_json("[" + ",".join(row[2] for row in found) + "]")
    tail = [LogRow(row[0], row[1], d) for row, d in zip(found, data, strict=True)]
    return Tail(position, state, tail)


def _fold_on(
    match: Any,
    state: JSON,
    events: list[tuple[int, JSON]],
    *,
    refuse_at: int | None = None,
    since: int | None = None,
    marks: tuple[int, int] | None = None,
) -> Folded:
    """Fold ``events`` onto ``state`` (which is left as it is), copying it once.

    Keeps the rulings of seqs >= ``since``; with ``marks`` (first, last), the state
    at each checkpoint position (a multiple of ``CHECKPOINT_EVERY``) in that range.
    An event that no longer fits is refused, naming the change at ``refuse_at``.
    """
    game = game_of(match)
    owned = game.apply_owned
    apply = owned or game.apply
    if owned is not None and events:
        state = copy.deepcopy(state)  # once per fold: ``owned`` changes it in place
    keep = copy.deepcopy if owned is not None else _same
    rulings: dict[int, Ruling] = {}
    saved: list[tuple[int, JSON]] = []
    mark, last_mark = _first_mark(marks)
    for seq, event in events:
        while mark <= last_mark and mark < seq:  # every event up to ``mark`` is in
            saved.append((mark, keep(state)))
            mark += CHECKPOINT_EVERY
        try:
            step = apply(state, event)
        except (BadInput, Refused) as err:
            why = err.ruling.summary if isinstance(err, Refused) else str(err)
            where = f" (the change at #{refuse_at})" if refuse_at is not None else ""
            raise Refused(
                f"That would make event #{seq} ({describe_event(event)}) impossible"
                f"{where}: {why} Undo back to it instead."
            ) from None
        state = step.state
        if since is not None and seq >= since:
            rulings[seq] = step.ruling
    while mark <= last_mark:
        saved.append((mark, keep(state)))
        mark += CHECKPOINT_EVERY
    return Folded(state, rulings, saved)


def _first_mark(marks: tuple[int, int] | None) -> tuple[int, int]:
    if marks is None:
        return 1, 0  # none
    first, last = marks
    return -(-first // CHECKPOINT_EVERY) * CHECKPOINT_EVERY, last


def _same(state: JSON) -> JSON:
    return state  # an engine's ``apply`` never changes a state it returned


def rulings_from(
    match: Match, first_seq: int, last_seq: int | None = None
) -> dict[int, Ruling]:
    """The current ruling of every event in force with seq >= ``first_seq`` (and
    <= ``last_seq``, if given: a page of older rows).

    Folded from the checkpoint before ``first_seq`` over the rows after it, so the
    recent page of a long match costs a few dozen events however early a
    correction was.
    """
    first_seq = max(int(first_seq), 1)
    upto = match.version if last_seq is None else min(int(last_seq), match.version)
    # The rows up to a version never change, so neither do these rulings: every
    # viewer of the page after a correction shares one fold per version.
    key = (str(db.engine.url), match.id, match.version, first_seq, upto)
    with _RULINGS_LOCK:
        found = _RULINGS.get(key)
        if found is not None:
            _RULINGS.move_to_end(key)
            return dict(found)
    tail = _tail(match, first_seq, match.version, upto)
    events = [(s, e) for s, e in _effective(tail.rows) if s <= upto]
    rulings = _fold_on(match, tail.state, events, since=first_seq).rulings
    with _RULINGS_LOCK:
        _RULINGS[key] = rulings
        while len(_RULINGS) > RULINGS_KEPT:
            _RULINGS.popitem(last=False)
    return dict(rulings)


RULINGS_KEPT = 256  # folds of rulings kept per process (a few KB each)
_RULINGS: OrderedDict[tuple[Any, ...], dict[int, Ruling]] = OrderedDict()
_RULINGS_LOCK = threading.Lock()


def state_at(match: Match, version: int) -> JSON:
    """The state after the log's rows up to ``version`` (a write's own answer).

    Folded from the newest checkpoint a reader at ``version`` may use.
    """
    if version == match.version:
        return dict(match.state)
    tail = _tail(match, version + 1, version)
    return _fold_on(match, tail.state, _effective(tail.rows)).state


def history(
    match: Match,
    limit: int | None = None,
    *,
    after: int | None = None,
    before: int | None = None,
) -> list[Entry]:
    """The log newest first, with what still counts: every row, or a window of it
    (the ``limit`` newest, before seq ``before`` if given, or with ``after`` the
    ``limit`` oldest after that seq).

    Rulings are the stored ones unless an earlier event was undone or corrected, in
    which case later events may rule differently now: only then are the window's
    rulings folded again, from the checkpoint before its first row. A window reads
    its rows and the corrections from its first row on, by index (``logpages``), so
    showing the recent log costs the same in a long match as in a short one.
    """
    # Rows past the snapshot's version (a write racing this read) wait.
    log = logpages.window(match.id, match.version, limit, after=after, before=before)
    if not log:
        return []
    corrections = logpages.corrections(match.id, match.version, log[0].seq, log)
    # Rulings now from the window's first row on, folded from the checkpoint before it
    marks = _marks(match, corrections, log[0].seq, log[-1].seq)
    return [_entry(row, marks) for row in reversed(log)]


def history_chunks(match: Match, size: int | None = None) -> Iterator[list[Entry]]:
    """The whole log oldest first, as ``history`` says it, ``size`` rows a read
    (``logpages.CHUNK``): an export streams it without holding the log in memory.

    Rows past the version now are left out: the rows up to it never change, so the
    chunks add up to one snapshot of the log even when each is read in a session of
    its own (a slow download then holds no connection between reads).
    """
    return _chunks(match.id, match.version, size or logpages.CHUNK)


def _chunks(match_id: str, upto: int, size: int) -> Iterator[list[Entry]]:
    match = get(match_id)  # in the reading session; its setup never changes
    marks = _marks(match, logpages.corrections(match_id, upto, 1))
    for rows in logpages.chunks(match_id, upto, size):
        yield [_entry(row, marks) for row in rows]


@dataclass
class _Marks:
    """What the corrections say about the rows they follow."""

    voided: set[int]
    replaced_by: dict[int, int]  # target -> the latest correction of it
    by_row: dict[int, int]  # a correction in force -> its target
    current: dict[int, Ruling] | None  # seq -> ruling now, if any may have changed


def _marks(
    match: Match,
    corrections: Sequence[Any],
    first_seq: int = 1,
    last_seq: int | None = None,
) -> _Marks:
    replaced_by: dict[int, int] = {}
    in_force: dict[int, int] = {}  # target -> the correction that counts now
    voided: set[int] = set()
    for row in corrections:
        target = int(row.data["target"])
        voided.add(target)
        if target in in_force:
            voided.add(in_force.pop(target))  # corrected again, or undone
        if row.kind == "amend":
            in_force[target] = replaced_by[target] = row.seq
    by_row = {amend: target for target, amend in in_force.items()}
    current = _rerulings(match, corrections, first_seq, last_seq)
    return _Marks(voided, replaced_by, by_row, current)


def _rerulings(
    match: Match, corrections: Sequence[Any], first_seq: int, last_seq: int | None
) -> dict[int, Ruling] | None:
    """The rulings now, when a correction of an event before the last (at or after
    the rows shown) may have changed those of the events after it; else None."""
    if not any(not row.data.get("last") for row in corrections):
        return None
    current = rulings_from(match, first_seq, last_seq)
    # An amend shown whose target is older than the rows shown: that one event's
    # ruling now, folded from the checkpoint before it (a few dozen events at most).
    shown = range(first_seq, (last_seq or match.version) + 1)
    older = {
        int(row.data["target"])
        for row in corrections
        if row.kind == "amend" and row.seq in shown
    }
    for target in sorted(t for t in older if t < first_seq):
        current.update(rulings_from(match, target, target))
    return current


def _entry(row: Any, marks: _Marks) -> Entry:
    entry = Entry(
        seq=row.seq,
        kind=row.kind,
        event=row.data if row.kind == "event" else row.data.get("event"),
        ruling=row.ruling,
        created_at=row.created_at,
        target=row.data.get("target") if row.kind != "event" else None,
        actor=row.actor or "",
    )
    entry.voided = row.seq in marks.voided
    entry.replaced_by = marks.replaced_by.get(row.seq)
    if (
        marks.current is not None
        and not entry.voided
        and row.kind in ("event", "amend")
    ):
        seq = row.seq if row.kind == "event" else marks.by_row.get(row.seq)
        now = marks.current.get(seq) if seq is not None else None
        if now is not None and now.to_json() != entry.ruling:
            entry.current_ruling = now.to_json()
    return entry


def audit(match: Match) -> list[str]:
    """Problems found by replaying the log row by row (empty when all agrees).

    Each row's stored ruling must be what the engine says when the log up to that row
    is replayed, and the final state must equal the match's snapshot.
    """
    game = game_of(match)
    problems: list[str] = []
    log = rows(match)
    state = game.start(setup_of(match))
    done: list[MatchEvent] = []
    for row in log:
        done.append(row)
        try:
            if row.kind == "event":
                step = game.apply(state, row.data)
                state, said = step.state, step.ruling.to_json()
            elif row.kind in trust.QUIET_KINDS:
                said = row.ruling  # a confirmation changes no state and no ruling
            else:
                rebuilt = _fold(match, _effective(done))
                state = rebuilt.state
                said = (
                    rebuilt.rulings[int(row.data["target"])].to_json()
                    if row.kind == "amend"
                    else row.ruling
                )
        except (BadInput, Refused) as err:
            problems.append(f"#{row.seq}: no longer applies: {err}")
            continue
        if said != row.ruling:
            problems.append(
                f"#{row.seq}: stored ruling {row.ruling} but replay says {said}"
            )
    if len(log) != match.version or (log and log[-1].seq != match.version):
        problems.append(f"version {match.version} but the log has {len(log)} rows")
    if _canonical(state) != _canonical(match.state):
        problems.append("the snapshot differs from the replayed state")
    problems += _checkpoint_problems(match, log)
    return problems


def _checkpoint_problems(match: Match, log: list[MatchEvent]) -> list[str]:
    """Each checkpoint must be the replay from event 1 up to its position."""
    table = MatchCheckpoint.__table__
    found = db.session.execute(
        select(table.c.position, table.c.made_at, table.c.state)
        .where(table.c.match_id == match.id)
        .order_by(table.c.position)
    ).all()
    if not found:
        return []
    game = game_of(match)
    state = game.start(setup_of(match))
    events = iter(_effective(log))
    pending = next(events, None)
    problems = []
    for position, made_at, saved in found:
        while pending is not None and pending[0] <= position:
            try:
                state = game.apply(state, pending[1]).state
            except (BadInput, Refused):
                return problems  # the row-by-row audit above has said why
            pending = next(events, None)
        if made_at > match.version or position > made_at:
            problems.append(f"checkpoint at #{position} was made at #{made_at}")
        elif _canonical(saved) != _canonical(state):
            problems.append(f"checkpoint at #{position} differs from the replay")
    return problems


def describe_event(
    event: Mapping[str, Any] | None,
    game: Game | None = None,
    names: Mapping[str, list[str]] | None = None,
) -> str:
    """A short human form of an event: ``dart T20``, ``knock Ann AS 2S ...``.

    With the game and the match's ``names`` (``{"seat": [...], "side": [...]}``), seat
    and side indices are shown as names.
    """
    if not event:
        return "nothing"
    type_ = str(event.get("type", "?"))
    kinds: dict[str, str] = {}
    if game is not None:
        try:
            kinds = {f.name: f.kind for f in game.event_kind(type_).fields}
        except KeyError:
            kinds = {}
    parts = [type_.replace("_", " ")]
    for key, value in event.items():
        if key == "type" or _at_default(game, type_, key, value):
            continue
        label = key.replace("_", " ")
        kind = kinds.get(key, "")
        seats = kind in KINDS and KINDS[kind].seats  # an index into names[kind]
        listed = (names or {}).get(kind) if seats else None
        if listed and isinstance(value, int) and 0 <= value < len(listed):
            parts.append(f"{label} {listed[value]}")
        elif isinstance(value, list):
            listed = " ".join(str(v) for v in value)
            # darts read well bare ("round T20 T20 S20"); balls and cards need a name
            parts.append(
                listed if key.endswith(("dart", "darts")) else f"{label} {listed}"
            )
        elif isinstance(value, bool):
            if value:
                parts.append(label)
        elif key.endswith(("dart", "darts")):
            parts.append(str(value))
        else:
            parts.append(f"{label} {value}")
    return " ".join(parts)


def _at_default(game: Game | None, type_: str, key: str, value: Any) -> bool:
    """An optional field left at its default says nothing (a clean pool stroke)."""
    if game is None:
        return False
    try:
        fields = game.event_kind(type_).fields
    except KeyError:
        return False
    for f in fields:
        if f.name == key:
            return not f.required and f.default is not None and value == f.default
    return False


def describe(match: Match, event: Mapping[str, Any] | None) -> str:
    """``describe_event`` with this match's names for seats and sides."""
    return describe_event(event, game_of(match), seat_names(match))


def seat_names(match: Match) -> dict[str, list[str]]:
    """Names by seat index and by side index, in the engine's own seat order."""
    state = match.state or {}
    players = list(state.get("players") or match.players)
    return {"seat": players, "side": side_names({**state, "players": players})}


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _token(n: int) -> str:
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(n))
