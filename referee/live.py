"""Live updates: who is watching which stream, and how a commit reaches them.

A viewer (a page's ``EventSource``, an API client) subscribes to a *topic*: one
stream of the log, ``("match", id)`` or ``("tournament", id)``. A topic holds no
state of the match, only a *generation*, a counter this process bumps each time it
hears that the stream was written. A viewer wakes when the generation moves and
reads what changed from the database, so what it sends is always committed and a
reconnecting viewer catches up from the log (its ``Last-Event-ID``), never from
memory.

How a write is heard (``ledger.write`` calls ``announce`` before its commit and
``committed`` after it):

* PostgreSQL: ``announce`` runs ``pg_notify`` inside the write's transaction, so the
  notification is delivered at commit and only if it commits. Each worker process
  (on any host) has one listening connection (``LISTEN referee_live``) that bumps
  its local topics.
* SQLite (one host): ``committed`` bumps the topics of this process at once; a
  watcher thread per process notices commits made by the other workers through
  ``PRAGMA data_version`` and bumps the topics whose version moved.

A match of a tournament also bumps its tournament's topic: the night's boards show
the tables' live scores.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url

logger = logging.getLogger(__name__)

CHANNEL = "referee_live"
Key = tuple[str, str]  # ("match" | "tournament", id)


@dataclass
class Topic:
    """One stream's watchers in this process, and what they were last told."""

    key: Key
    generation: int = 0
    watchers: int = 0
    changed: threading.Condition = field(default_factory=threading.Condition)
    # Messages built for the current generation, by (view, last id): every watcher
    # that saw the same id gets the same bytes, built once however many there are.
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    building: threading.Lock = field(default_factory=threading.Lock)


class Hub:
    """The topics of this process; thread-safe (and greenlet-safe under gevent)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.topics: dict[Key, Topic] = {}
        self._listeners: dict[str, threading.Thread] = {}  # database URL -> thread
        self._stop = threading.Event()

    # --- watchers ---------------------------------------------------------------

    @contextlib.contextmanager
    def watching(self, key: Key, database_url: str) -> Iterator[Topic]:
        """Subscribe to ``key`` for the block; starts this process's listener."""
        with self._lock:
            topic = self.topics.get(key)
            if topic is None:
                topic = self.topics[key] = Topic(key)
            topic.watchers += 1
        self._ensure_listener(database_url)
        try:
            yield topic
        finally:
            with self._lock:
                topic.watchers -= 1
                if topic.watchers <= 0:
                    self.topics.pop(key, None)

    def wait(self, topic: Topic, seen: int, timeout: float) -> int:
        """Block until the topic's generation differs from ``seen`` or time is up."""
        with topic.changed:
            if topic.generation == seen:
                topic.changed.wait(timeout)
            return topic.generation

    def message(
        self,
        topic: Topic,
        generation: int,
        how: tuple[Any, ...],
        build: Callable[[], Any],
    ) -> Any:
        """What ``build`` makes for ``how`` at ``generation``, built once per process.

        The first watcher to ask builds it (one database read, one render); the
        others wait for it and send the same bytes.
        """
        cache_key = (generation, *how)
        found = topic.cache.get(cache_key)
        if found is not None:
            return found
        with topic.building:
            found = topic.cache.get(cache_key)
            if found is None:
                found = build()
                if len(topic.cache) > 64:  # stale generations and odd resumes
                    topic.cache.clear()
                topic.cache[cache_key] = found
        return found

    # --- publishing ---------------------------------------------------------------

    def bump(self, key: Key) -> None:
        """Wake the watchers of ``key`` in this process (if there are any)."""
        topic = self.topics.get(key)
        if topic is None:
            return
        with topic.changed:
            topic.generation += 1
            topic.changed.notify_all()

    def bump_all(self) -> None:
        """Wake every watcher: after a missed notification, each one checks again."""
        for key in list(self.topics):
            self.bump(key)

    def watched(self) -> list[Key]:
        return list(self.topics)

    # --- the listener -------------------------------------------------------------

    def _ensure_listener(self, database_url: str) -> None:
        with self._lock:
            thread = self._listeners.get(database_url)
            if thread is not None and thread.is_alive():
                return
            backend = make_url(database_url).get_backend_name()
            target = {"postgresql": _listen_postgres, "sqlite": _watch_sqlite}.get(
                backend
            )
            if target is None:
                return
            thread = threading.Thread(
                target=target,
                args=(self, database_url),
                name="referee-live",
                daemon=True,
            )
            self._listeners[database_url] = thread
            thread.start()

    def idle(self, database_url: str) -> bool:
        """For a listener: True, and it is forgotten, when no one watches anything."""
        with self._lock:
            if self.topics:
                return False
            self._listeners.pop(database_url, None)
            return True


HUB = Hub()
POLL_SECONDS = 0.01  # how often the SQLite watcher looks at data_version
IDLE_SECONDS = 10.0  # a listener with no one to tell for this long stops


# --- the write side (called by ledger.write) ------------------------------------------


def payload(noun: str, head_id: str, seq: int, parent: str | None) -> str:
    """The NOTIFY payload: which stream moved to which seq (ids have no spaces)."""
    return " ".join([noun, head_id, str(seq), *([parent] if parent else [])])


def announce(
    connection: Any, noun: str, head_id: str, seq: int, parent: str | None
) -> None:
    """Inside a write's transaction: on PostgreSQL, NOTIFY the listeners at commit."""
    if connection.dialect.name != "postgresql":
        return
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": payload(noun, head_id, seq, parent)},
    )


def committed(dialect: str, noun: str, head_id: str, parent: str | None) -> None:
    """After a write's commit: on SQLite, wake this process's watchers at once.

    (On PostgreSQL this process's listener hears its own NOTIFY like any other.)
    """
    if dialect == "postgresql":
        return
    HUB.bump((noun, head_id))
    if parent:
        HUB.bump(("tournament", parent))


def _heard(hub: Hub, message: str) -> None:
    parts = message.split()
    if len(parts) < 3:
        return
    noun, head_id = parts[0], parts[1]
    hub.bump((noun, head_id))
    if len(parts) > 3:
        hub.bump(("tournament", parts[3]))


# --- listeners: one thread per process, started by the first watcher ---------------


def _listen_postgres(hub: Hub, database_url: str) -> None:
    """LISTEN on a connection of its own; reconnect (and wake everyone) on a loss."""
    import psycopg

    url = make_url(database_url).set(drivername="postgresql")
    conninfo = url.render_as_string(hide_password=False)
    while not hub._stop.is_set():
        try:
            with psycopg.connect(conninfo, autocommit=True) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                # Whatever was committed while no one listened: each watcher re-reads.
                hub.bump_all()
                busy = time.monotonic()
                while not hub._stop.is_set():
                    for note in conn.notifies(timeout=1.0):
                        _heard(hub, note.payload)
                    if hub.topics:
                        busy = time.monotonic()
                    elif time.monotonic() - busy > IDLE_SECONDS and hub.idle(
                        database_url
                    ):
                        return
        except Exception:  # a lost connection: try again, the log has it all
            if hub.idle(database_url):  # unless no one is left to tell
                return
            logger.warning("live: the LISTEN connection failed", exc_info=True)
            time.sleep(1.0)


def _watch_sqlite(hub: Hub, database_url: str) -> None:
    """Watch ``PRAGMA data_version`` (free if nothing changed) for others' commits."""
    path = make_url(database_url).database or ""
    versions: dict[Key, tuple[int, ...]] = {}
    while not hub._stop.is_set():
        try:
            conn = sqlite3.connect(path, timeout=10, isolation_level=None)
            try:
                conn.execute("PRAGMA busy_timeout=10000")
                last: tuple[Any, ...] | None = None
                busy = time.monotonic()
                while not hub._stop.is_set():
                    if hub.topics:
                        busy = time.monotonic()
                    elif time.monotonic() - busy > IDLE_SECONDS and hub.idle(
                        database_url
                    ):
                        return
                    # A commit by another connection, or a new topic to keep an eye on
                    now = (
                        conn.execute("PRAGMA data_version").fetchone()[0],
                        frozenset(hub.watched()),
                    )
                    if now != last:
                        last = now
                        _compare(hub, conn, versions)
                    time.sleep(POLL_SECONDS)
            finally:
                conn.close()
        except sqlite3.Error:
            if hub.idle(database_url):
                return
            logger.warning("live: the SQLite watcher failed", exc_info=True)
            time.sleep(1.0)


def _compare(
    hub: Hub, conn: sqlite3.Connection, versions: dict[Key, tuple[int, ...]]
) -> None:
    """Bump the watched topics whose head (or, for a night, a table's match) moved."""
    keys = hub.watched()
    matches = [i for n, i in keys if n == "match"]
    nights = [i for n, i in keys if n == "tournament"]
    now: dict[Key, tuple[int, ...]] = {}
    # The ids go in as one JSON parameter: no SQL is built from them.
    for table, ids in (("match", matches), ("tournament", nights)):
        if ids:
            for head_id, version in conn.execute(
                f"SELECT id, version FROM {table} "  # nosec B608: a name of ours
                "WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(ids),),
            ):
                now[(table, head_id)] = (version,)
    if nights:
        for tid, total, count in conn.execute(
            "SELECT tournament_id, sum(version), count(*) FROM match "
            "WHERE tournament_id IN (SELECT value FROM json_each(?)) "
            "GROUP BY tournament_id",
            (json.dumps(nights),),
        ):
            key = ("tournament", tid)
            now[key] = (*now.get(key, (0,)), total, count)
    for key, mark in now.items():
        # A topic new to the watcher is woken too: its first watcher may have read
        # the head just before a commit this look is the first to see.
        if versions.get(key) != mark:
            hub.bump(key)
    versions.clear()
    versions.update(now)
