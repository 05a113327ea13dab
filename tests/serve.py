"""The real app under gunicorn, a stdlib HTTP client, and throwaway databases.

Used by the multi-process tests (``tests/web/test_concurrency.py``,
``tests/web/test_faults.py``) and by ``bench/append.py``; it imports nothing beyond
the project and the standard library (gunicorn runs as a subprocess).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
# The worker class production runs, read from gunicorn.conf.py (read, not run:
# running the config would set its environment in this process).
PRODUCTION_WORKER = re.search(
    r'^worker_class = "([^"]+)"', (ROOT / "gunicorn.conf.py").read_text(), re.M
)[1]
SECRET = "multi-process-test-secret-of-at-least-32-bytes"


# --- HTTP ---------------------------------------------------------------------------


@dataclass
class Reply:
    """One HTTP answer; ``status`` 0 means the connection itself failed."""

    status: int
    headers: dict[str, str]
    body: Any
    text: str = ""
    seconds: float = 0.0
    raw: bytes = b""  # the body exactly as it came, to compare answers byte for byte


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30.0,
) -> Reply:
    """Send one request on a fresh connection (sync workers close it anyway)."""
    began = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json"} if data is not None else {}
        sent.update(headers or {})
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        raw = response.read()
        text = raw.decode("utf-8", "replace")
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return Reply(
            response.status,
            {k.lower(): v for k, v in response.getheaders()},
            parsed,
            text,
            time.perf_counter() - began,
            raw,
        )
    # Refused, reset, timed out, or cut off mid-answer (a killed worker): the caller
    # counts it. http.client reports a truncated answer as an HTTPException.
    except (OSError, http.client.HTTPException) as err:
        return Reply(0, {}, None, f"{type(err).__name__}: {err}")
    finally:
        conn.close()


@dataclass
class Event:
    """One Server-Sent Event as received, and when (``time.perf_counter``)."""

    id: str
    event: str
    data: Any
    at: float


class Events:
    """A Server-Sent Events reader on a connection of its own (tests and bench)."""

    def __init__(
        self, port: int, path: str, last_id: str = "", timeout: float = 10.0
    ) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if last_id:
            headers["Last-Event-ID"] = last_id
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}

    def next(self) -> Event | None:
        """The next event with data (comments, ``retry`` skipped); None at the end."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            if not line:
                return None
            text = line.decode().rstrip("\r\n")
            if text:
                name, _, value = text.partition(":")
                if name:  # a line starting with ':' is a comment (a keep-alive)
                    fields[name] = value[1:] if value.startswith(" ") else value
                continue
            if "data" in fields:
                return Event(
                    fields.get("id", ""),
                    fields.get("event", "message"),
                    json.loads(fields["data"]),
                    time.perf_counter(),
                )
            fields = {}

    def close(self) -> None:
        self.conn.close()


# --- gunicorn -----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Gunicorn:
    """``gunicorn --workers 2 --threads 1`` (sync, or gevent) on a free local port.

    Use as a context manager: it waits until the app answers and always stops the
    server on the way out (TERM, then KILL after a timeout).
    """

    def __init__(
        self,
        app_spec: str,
        database_url: str,
        log: Path,
        workers: int = 2,
        ready_path: str = "/api/v1/games",
        env: dict[str, str] | None = None,
        preload: bool = False,
        worker_class: str = "sync",
        warm: bool = True,
    ) -> None:
        self.app_spec = app_spec
        self.database_url = database_url
        self.log = log
        self.workers = workers
        self.ready_path = ready_path
        self.extra_env = env or {}
        self.preload = preload
        self.worker_class = worker_class  # "gevent" for the live streams
        # gunicorn reads ./gunicorn.conf.py (its warm-up hook) unless told another
        self.config = [] if warm else ["--config", "python:tests.gunicorn_cold"]
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Gunicorn:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def start(self, timeout: float = 30.0) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "REFEREE_SECRET_KEY": SECRET,
            "PYTHONDONTWRITEBYTECODE": "1",
            **self.extra_env,
        }
        for attempt in range(3):  # the free port may be taken before we bind it
            self.port = free_port()
            with self.log.open("ab") as out:
                self.proc = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "gunicorn",
                        "--workers",
                        str(self.workers),
                        "--threads",
                        "1",
                        "--worker-class",
                        self.worker_class,
                        "--bind",
                        f"127.0.0.1:{self.port}",
                        "--graceful-timeout",
                        "5",
                        "--log-level",
                        "warning",
                        *(["--preload"] if self.preload else []),
                        *self.config,
                        self.app_spec,
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            if self._wait_ready(timeout):
                return
            self.stop()
            if attempt == 2:
                break
        raise RuntimeError(f"gunicorn did not start:\n{self.log_tail()}")

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is None or self.proc.poll() is not None:
                return False
            if call(self.port, "GET", self.ready_path, timeout=2).status == 200:
                return True
            time.sleep(0.1)
        return False

    def stop(self, timeout: float = 10.0) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout)
        else:
            proc.wait()

    def worker_pids(self) -> list[int]:
        """The arbiter's live worker processes now, read from ``/proc`` (Linux).

        Workers are the arbiter's children; a killed one not yet reaped (a zombie) no
        longer counts.
        """
        if self.proc is None:
            return []
        arbiter = self.proc.pid
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text()
            except OSError:  # the process ended while we looked
                continue
            # fields after the command name, which may itself hold spaces or ')'
            state, ppid = text.rpartition(")")[2].split()[:2]
            if int(ppid) == arbiter and state not in ("Z", "X"):
                pids.append(int(stat.parent.name))
        return sorted(pids)

    def log_tail(self, chars: int = 6000) -> str:
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return text[-chars:]


# --- databases ----------------------------------------------------------------------


def migrate(url: str) -> None:
    """Build the schema with the migrations, as the app's deploy does."""
    from flask_migrate import upgrade

    from referee.db import MIGRATIONS
    from referee.db import db

    app = app_for(url)
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        db.session.remove()
        db.engine.dispose()


def app_for(url: str) -> Flask:
    """An app in this process on the same database the server uses (for checks)."""
    from referee import create_app

    return create_app(
        {"TESTING": True, "SECRET_KEY": SECRET, "SQLALCHEMY_DATABASE_URI": url}
    )


@contextmanager
def database(backend: str, tmp: Path, pg_url: str = "") -> Iterator[str]:
    """A fresh migrated database: a SQLite file in ``tmp`` or a PostgreSQL database.

    The PostgreSQL one is created next to ``pg_url``'s database (never inside it, so
    tests sharing that database are untouched) and dropped afterwards.
    """
    if backend == "sqlite":
        url = f"sqlite:///{tmp / 'referee.sqlite'}"
        migrate(url)
        yield url
        return
    from sqlalchemy import create_engine
    from sqlalchemy import make_url
    from sqlalchemy import text

    from referee import database_url

    base = make_url(database_url(pg_url))
    name = f"referee_conc_{uuid.uuid4().hex[:10]}"
    # pre-ping: a fault run restarts the server between CREATE and DROP
    admin = create_engine(base, isolation_level="AUTOCOMMIT", pool_pre_ping=True)
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        try:
            url = base.set(database=name).render_as_string(hide_password=False)
            migrate(url)
            yield url
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


# --- the R5 mutation --------------------------------------------------------------


def deferred_app() -> Flask:
    """The app with its SQLite writes started by a deferred BEGIN (gunicorn factory).

    This is the mutation RELIABILITY.md R5 asks for: the ledger's write lock no
    longer asks for ``BEGIN IMMEDIATE``, so a write transaction reads first and
    upgrades to a writer only at commit, which is where concurrent writers collide.
    The ledger's optimistic first pass never reads inside its write transaction
    (it reads, folds, then writes conditionally), so a deferred BEGIN is harmless
    there; every write is sent down the locked path instead, which reads under the
    lock, to show that this lock is what keeps it whole.
    """
    from referee import create_app
    from referee import db as db_module
    from referee.db import db
    from referee.ledger import stream

    def deferred_write_lock() -> None:
        if db.session().in_transaction():
            db.session.rollback()
        db.session.connection()  # the begin listener's default: BEGIN DEFERRED

    db_module.write_lock = deferred_write_lock  # lock_row looks it up here
    stream.OPTIMISTIC_TRIES = 0  # every write locks, then reads
    return create_app()
