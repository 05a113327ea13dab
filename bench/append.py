"""How fast events are appended: at event 10 vs 5,000, and through the HTTP stack.

Run from the repository root: ``.venv/bin/python bench/append.py`` (or ``make bench``).
Everything runs on SQLite in a temporary directory and takes about a minute:

(a) the median time of one ``referee.ledger.append`` in an app context, to a match
    that already has 10 events and to one that has 5,000 (the snapshot on the match
    row should keep the ratio near 1), and for scale one full replay of the long log;
    then the same for a match whose one leg never ends (1,000 singles and misses),
    where the state itself grows because it keeps the leg's score sheet; and the
    SQL statements (BEGIN included) of an event POST, an API GET and the match page
    at each length, against the targets (4, 2, 2);
(b) event POSTs per second through gunicorn (2 sync workers) and the whole app,
    against a bare Flask + Flask-SQLAlchemy endpoint that inserts one row per
    request, served the same way in the same run (alternating rounds; the median
    round counts), plus a bare GET without the database: the ceiling of this
    client. The client threads share the machine's cores with the servers, so all
    rates are understated alike.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from flask import request
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import JSON
from sqlalchemy import event as sa_event
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve import Gunicorn  # noqa: E402
from tests.serve import Reply  # noqa: E402
from tests.serve import app_for  # noqa: E402
from tests.serve import call  # noqa: E402
from tests.serve import database  # noqa: E402

GAME = "darts-301"
PLAYERS = ["Ann", "Bob"]


@dataclass(frozen=True)
class Workload:
    """A match's options and the darts thrown in it, repeated as long as needed."""

    name: str
    options: dict[str, Any]
    darts: tuple[str, ...]

    def event(self, n: int) -> dict[str, str]:
        return {"type": "dart", "dart": self.darts[n % len(self.darts)]}


# Nine darts a leg: the starter throws 180, the other misses three times, the starter
# checks out 121 (T20 T19 D2). Starters alternate, so legs and sets stay level and
# 5,200 events are some 580 legs into a match that needs about 1,000 to end.
LEGS = Workload(
    "nine-dart legs of 301, first to 13 sets of 21 legs",
    {"start": "301", "legs": 21, "sets": 13},
    ("T20", "T20", "T20", "M", "M", "M", "T20", "T19", "D2"),
)
# Singles and misses never check out (leaving 1 is a bust): one leg that never ends.
ENDLESS = Workload(
    "one endless leg of 701 (singles and misses)",
    {"start": "701", "legs": 21, "sets": 13},
    ("S1", "M", "S1", "S1", "M"),
)


TABLES = 10  # matches written to at once in (b), as at a club night


# --- (a) append cost against the length of the match --------------------------------


def append_cost(
    url: str, work: Workload, long_len: int, samples: int
) -> dict[str, float]:
    """Median seconds per append at 10 and at ``long_len`` events, and one replay."""
    from referee import ledger
    from referee.db import db

    app = app_for(url)
    client = app.test_client()
    made = [
        client.post(
            "/api/v1/matches",
            json={"game": GAME, "players": PLAYERS, "options": work.options},
        ).get_json()
        for _ in range(2)
    ]
    short, long_ = (m["id"] for m in made)
    keys = {m["id"]: m["edit_key"] for m in made}
    with app.app_context():
        done = {short: 0, long_: 0}

        def add(match_id: str) -> None:
            ledger.append(
                match_id, work.event(done[match_id]), idem_key=uuid.uuid4().hex
            )
            done[match_id] += 1

        for _ in range(10):
            add(short)
        began = time.perf_counter()
        for n in range(long_len):
            add(long_)
            if n % 1000 == 999:
                print(f"    filled {n + 1} events", flush=True)
        fill = time.perf_counter() - began
        times: dict[str, list[float]] = {short: [], long_: []}
        for _ in range(samples):
            for match_id in (short, long_):  # interleaved, so drift hits both alike
                began = time.perf_counter()
                add(match_id)
                times[match_id].append(time.perf_counter() - began)
        match = ledger.get(long_)
        if ledger.board(match)["over"]:
            raise SystemExit(f"the {work.name} match ended: the figures are void")
        began = time.perf_counter()
        ledger.replay(match)
        replay = time.perf_counter() - began
        db.session.remove()
    statements = {
        length: statement_counts(app, client, match_id, keys[match_id], work, done)
        for length, match_id in (("short", short), ("long", long_))
    }
    with app.app_context():
        db.engine.dispose()
    return {
        "short": statistics.median(times[short]),
        "long": statistics.median(times[long_]),
        "fill": fill,
        "replay": replay,
        "events": long_len + samples,
        "statements": statements,
    }


def statement_counts(
    app: Flask, client: Any, match_id: str, key: str, work: Workload, done: Any
) -> dict[str, int]:
    """SQL statements (BEGIN included) per request, by a before_cursor_execute hook."""
    from referee.db import db

    seen: list[str] = []

    def note(*_args: Any) -> None:
        seen.append("statement")

    def count(run: Any) -> int:
        seen.clear()
        with app.app_context():
            engine = db.engine
        sa_event.listen(engine, "before_cursor_execute", note)
        try:
            run()
        finally:
            sa_event.remove(engine, "before_cursor_execute", note)
        return len(seen)

    def post() -> None:
        response = client.post(
            f"/api/v1/matches/{match_id}/events",
            json={"event": work.event(done[match_id])},
            headers={
                "Authorization": f"Bearer {key}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        if response.status_code != 201:
            raise SystemExit(f"the event POST failed: {response.get_data()!r}")
        done[match_id] += 1

    client.get(f"/m/{match_id}/join/{key}")  # the scorer's page, pad and all
    return {
        "event POST (API)": count(post),
        "match GET (API)": count(lambda: client.get(f"/api/v1/matches/{match_id}")),
        "match page GET": count(lambda: client.get(f"/m/{match_id}")),
    }


def report_cost(work: Workload, long_len: int, cost: dict[str, Any]) -> None:
    print(f"  {work.name}")
    print(f"    filling: {long_len} appends in {cost['fill']:.1f} s")
    print(f"    at 10 events:    {cost['short'] * 1000:7.2f} ms per append")
    print(f"    at {long_len:<5} events: {cost['long'] * 1000:7.2f} ms per append")
    print(f"    ratio:           {cost['long'] / cost['short']:7.2f}")
    print(
        f"    one full replay of the {cost['events']:.0f}-event log: "
        f"{cost['replay'] * 1000:.0f} ms"
    )
    short, long_ = cost["statements"]["short"], cost["statements"]["long"]
    print(f"    SQL statements per request (at 10 / at {long_len} events; target):")
    for name, target in (
        ("event POST (API)", 4),
        ("match GET (API)", 2),
        ("match page GET", 2),
    ):
        print(f"      {name:<18} {short[name]:3d} / {long_[name]:3d}   (<= {target})")


# --- (b) HTTP throughput --------------------------------------------------------------


class _Base(DeclarativeBase):
    pass


bare_db = SQLAlchemy(model_class=_Base)


class Row(bare_db.Model):
    __tablename__ = "bare_row"

    id: Mapped[int] = mapped_column(primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


def bare_app(create: bool = False) -> Flask:
    """The baseline: one JSON POST inserts one row (gunicorn factory).

    Same SQLite file settings as the app (WAL, synchronous=FULL, a busy timeout),
    so the difference is the app's own work: auth, idempotency, the lock, the rules
    engine and the snapshot.
    """
    app = Flask("bare")
    app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
    bare_db.init_app(app)
    with app.app_context():

        @sa_event.listens_for(bare_db.engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            for pragma in (
                "journal_mode=WAL",
                "busy_timeout=10000",
                "synchronous=FULL",
            ):
                cur.execute(f"PRAGMA {pragma}")
            cur.close()

        if create:
            bare_db.create_all()

    @app.get("/")
    def ready() -> dict[str, bool]:
        return {"ok": True}

    @app.post("/rows")
    def insert() -> tuple[dict[str, int], int]:
        row = Row(data=request.get_json())
        bare_db.session.add(row)
        bare_db.session.commit()
        return {"id": row.id}, 201

    return app


@dataclass
class Rate:
    """Requests sent in rounds: the median round's rate and pooled latencies."""

    rates: list[float]
    seconds: list[float]
    errors: int

    @property
    def rate(self) -> float:
        return statistics.median(self.rates)

    def pct(self, q: float) -> float:
        ordered = sorted(self.seconds)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


def fire(send: Any, count: int, threads: int, ok: int, into: Rate) -> None:
    """Send ``count`` requests from ``threads`` threads as one round of ``into``."""
    began = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        replies: list[Reply] = list(pool.map(send, range(count)))
    into.rates.append(count / (time.perf_counter() - began))
    into.seconds.extend(r.seconds for r in replies)
    into.errors += sum(1 for r in replies if r.status != ok)


def referee_sender(port: int) -> Any:
    """A function of n that posts the next dart of one of ``TABLES`` matches."""
    # One match per table, so each match sees its darts nearly in order and its legs
    # finish as scripted (the tables share the one SQLite writer).
    matches = []
    for _ in range(TABLES):
        made = call(
            port,
            "POST",
            "/api/v1/matches",
            {"game": GAME, "players": PLAYERS, "options": LEGS.options},
        )
        if made.status != 201:
            raise SystemExit(f"could not create a match: {made.text}")
        matches.append(
            (
                f"/api/v1/matches/{made.body['id']}/events",
                f"Bearer {made.body['edit_key']}",
            )
        )
    sent = [0] * TABLES
    lock = threading.Lock()

    def send(n: int) -> Reply:
        table = n % TABLES
        with lock:
            dart, sent[table] = sent[table], sent[table] + 1
        path, auth = matches[table]
        return call(
            port,
            "POST",
            path,
            {"event": LEGS.event(dart)},
            {"Authorization": auth, "Idempotency-Key": uuid.uuid4().hex},
        )

    return send


def http_rates(
    tmp: Path, rounds: int, count: int, threads: int
) -> tuple[Rate, Rate, Rate]:
    """Event POSTs, bare inserts and bare GETs, in alternating rounds.

    Both servers run side by side (idle workers cost nothing) and take turns, so a
    neighbour's load on the machine hits both alike.
    """
    bare_url = f"sqlite:///{tmp / 'bare.sqlite'}"
    os.environ["DATABASE_URL"] = bare_url
    try:
        bare_app(create=True)
    finally:
        del os.environ["DATABASE_URL"]
    with (
        database("sqlite", tmp) as url,
        Gunicorn("referee:create_app()", url, tmp / "referee.log") as app_server,
        Gunicorn(
            "bench.append:bare_app()", bare_url, tmp / "bare.log", ready_path="/"
        ) as bare_server,
    ):
        post_event = referee_sender(app_server.port)

        def insert(n: int) -> Reply:
            return call(bare_server.port, "POST", "/rows", {"event": LEGS.event(n)})

        def ping(_n: int) -> Reply:
            return call(bare_server.port, "GET", "/")

        warm = Rate([], [], 0)
        fire(post_event, 50, threads, 201, warm)
        fire(insert, 50, threads, 201, warm)
        events, rows, gets = Rate([], [], 0), Rate([], [], 0), Rate([], [], 0)
        for _ in range(rounds):
            fire(post_event, count, threads, 201, events)
            fire(insert, count, threads, 201, rows)
            fire(ping, count, threads, 200, gets)
        for server, rate in ((app_server, events), (bare_server, rows)):
            if rate.errors or warm.errors:
                print(server.log_tail(), file=sys.stderr)
    return events, rows, gets


# --- main -----------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--long", type=int, default=5000, help="events in the long match"
    )
    parser.add_argument(
        "--endless",
        type=int,
        default=1000,
        help="events in the endless-leg match (0 to skip)",
    )
    parser.add_argument(
        "--samples", type=int, default=200, help="appends timed per match"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds per server")
    parser.add_argument("--requests", type=int, default=400, help="requests per round")
    parser.add_argument("--threads", type=int, default=16, help="client threads")
    parser.add_argument(
        "--quick",
        action="store_true",
        default=bool(os.environ.get("BENCH_QUICK")),
        help="small sizes for CI (also BENCH_QUICK=1): about ten seconds",
    )
    args = parser.parse_args()
    if args.quick:  # only the sizes not given on the command line
        given = {a.split("=")[0] for a in sys.argv[1:]}
        for name, value in (
            ("long", 300),
            ("endless", 100),
            ("samples", 30),
            ("rounds", 1),
            ("requests", 100),
            ("threads", 8),
        ):
            if f"--{name}" not in given:
                setattr(args, name, value)
    logging.disable(logging.INFO)  # the migrations' progress lines
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, SQLite in a temp dir"
    )

    with tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp_name:
        tmp = Path(tmp_name)
        for folder in "aeb":
            (tmp / folder).mkdir()
        print(f"\n(a) ledger.append in an app context, median of {args.samples}")
        for work, length, folder in (
            (LEGS, args.long, "a"),
            (ENDLESS, args.endless, "e"),
        ):
            if length <= 0:
                continue
            with database("sqlite", tmp / folder) as url:
                report_cost(work, length, append_cost(url, work, length, args.samples))

        print(
            f"\n(b) HTTP, gunicorn 2 sync workers each, {args.rounds} rounds of "
            f"{args.requests} requests from {args.threads} threads"
        )
        events, rows, gets = http_rates(
            tmp / "b", args.rounds, args.requests, args.threads
        )
        for name, r in (
            ("referee event POST", events),
            ("bare 1-row insert", rows),
            ("bare GET, no DB", gets),
        ):
            each = ", ".join(f"{x:.0f}" for x in r.rates)
            print(
                f"  {name:<19} {r.rate:6.0f} req/s ({each})  p50 {r.pct(0.5):5.1f} ms"
                f"  p95 {r.pct(0.95):5.1f} ms  p99 {r.pct(0.99):5.1f} ms"
                f"  errors {r.errors}"
            )
        print(f"  ratio referee/bare insert: {events.rate / rows.rate:.2f}")


if __name__ == "__main__":
    main()
