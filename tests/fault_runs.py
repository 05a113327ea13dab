"""Faults beyond a worker, on PostgreSQL: the database restarted, one of two killed.

Run from the repository root: ``make faults`` (``.venv/bin/python tests/fault_runs.py``;
``--database URL`` for another server than TEST_DATABASE_URL's, ``--only restart`` or
``--only servers`` for one run). It needs root on the machine that runs PostgreSQL: the
first run restarts it with ``pg_ctlcluster``, which cuts every connection of everyone
using that server, so it is a CI job of its own, never part of ``make test``.

1. **The database restarted under load.** The real app (gunicorn, gevent workers as in
   production) on a fresh database; 8 clients post darts to 4 matches, each write with
   its own Idempotency-Key, resent with the same key until it is acknowledged (a 201),
   as the scorer's page does. After a few seconds PostgreSQL is restarted. Promised
   (docs/faults.md): every request the server answers while the database is away is a
   503 problem+json with Retry-After (never a 500, never a hang); the service recovers
   by itself within ``RECOVERY_LIMIT`` seconds of the database being back; every
   acknowledged write is stored exactly once and each match's seq stays 1..n.
2. **One of two servers killed.** Two gunicorns on one database; clients write through
   both, a viewer holds the live stream (``/m/<id>/live?view=watch``) on the second,
   and a scorer writes to that match through the second ten times a second. The first
   server (its master and every worker) is sent SIGKILL mid-load; its clients resend
   their unanswered writes, same key, to the survivor. Promised: the survivor answers
   every request (201 only); its viewer has each of the survivor's writes within
   250 ms (p99); every acknowledged write is stored exactly once, seq 1..n.

Figures are printed for both; the exit status is 1 if any promise was broken.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve import Events  # noqa: E402
from tests.serve import Gunicorn  # noqa: E402
from tests.serve import Reply  # noqa: E402
from tests.serve import app_for  # noqa: E402
from tests.serve import call  # noqa: E402
from tests.serve import database  # noqa: E402

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
GAME = "darts-301"
# 13 sets of 21 legs of 501 cannot end in the few thousand darts a run sends.
OPTIONS = {"start": "501", "legs": 21, "sets": 13}
MATCHES = 4
CLIENTS = 8
# A scorer's page waits Retry-After (2 s) before resending; these clients resend
# sooner so that the recovery is timed to a fraction of a second.
RESEND_AFTER = 0.2
CLIENT_TIMEOUT = 30.0
SETTLE_FOR = 60.0  # how long a client keeps resending one write before giving up
WARM_UP = 3.0  # seconds of load before the fault
AFTER = 5.0  # seconds of load after the fault (after the database is back)
RECOVERY_LIMIT = 5.0  # seconds from the database back to every request served again
LIVE_TARGET = 0.250  # seconds, a survivor's write to its viewer's screen (p99)
START_WITHIN = 120.0  # seconds for gunicorn to answer, its workers warmed up
SCORER_EVERY = 0.1  # seconds between the watched match's writes
# In the two-server run each phone pauses between darts (80 writes a second at most
# from 8 phones, four times a busy night's 20): the viewer's figure is then the live
# path's under load, not the queue of a server saturated on purpose.
PAUSE_BETWEEN = 0.1


# --- clients ------------------------------------------------------------------------


@dataclass
class Match:
    id: str
    edit_key: str


@dataclass
class Try:
    """One send of a write: when it left, when its answer came, and the answer."""

    sent: float
    answered: float
    port: int
    reply: Reply


@dataclass
class Write:
    """One dart with its Idempotency-Key, and every send until it was acknowledged."""

    key: str
    match: Match
    dart: str
    tries: list[Try] = field(default_factory=list)

    @property
    def ack(self) -> Try | None:
        return next((t for t in self.tries if t.reply.status == 201), None)


def outcome(reply: Reply) -> str:
    """How a client reads one answer: acknowledged, a clean refusal to retry, or not."""
    if reply.status == 201 and isinstance(reply.body, dict) and "seq" in reply.body:
        return "acknowledged"
    if reply.status == 0:
        return "cut"  # no answer at all: a killed server, a refused connection
    problem = reply.headers.get("content-type", "").startswith(
        "application/problem+json"
    )
    retry_after = reply.headers.get("retry-after", "").isdigit()
    if reply.status == 503 and problem and retry_after:
        return "503"
    if reply.status == 409 and problem and retry_after:
        return "in flight"  # the same key still being answered elsewhere
    return "other"


IN_FLIGHT: Counter[int] = Counter()  # port -> requests sent and not yet answered
_in_flight = threading.Lock()


def send(write: Write, port: int) -> Try:
    with _in_flight:
        IN_FLIGHT[port] += 1
    sent = time.monotonic()
    reply = call(
        port,
        "POST",
        f"/api/v1/matches/{write.match.id}/events",
        {"event": {"type": "dart", "dart": write.dart}},
        {
            "Authorization": f"Bearer {write.match.edit_key}",
            "Idempotency-Key": write.key,
        },
        timeout=CLIENT_TIMEOUT,
    )
    with _in_flight:
        IN_FLIGHT[port] -= 1
    attempt = Try(sent, time.monotonic(), port, reply)
    write.tries.append(attempt)
    return attempt


def until_acknowledged(write: Write, port: Callable[[Try | None], int]) -> None:
    """Send, and resend with the same key, until a 201 (or SETTLE_FOR runs out).

    ``port`` picks the server for each send from the last try (a client whose
    server stopped answering moves to the other one).
    """
    deadline = time.monotonic() + SETTLE_FOR
    last: Try | None = None
    while time.monotonic() < deadline:
        last = send(write, port(last))
        if outcome(last.reply) == "acknowledged":
            return
        time.sleep(RESEND_AFTER)


def client(
    n: int,
    matches: list[Match],
    stop: threading.Event,
    port: Callable[[Try | None], int],
    pause: float = 0.0,
) -> list[Write]:
    """One scorer's phone: a dart at a time, each acknowledged before the next."""
    rng = random.Random(f"fault-runs-{n}")
    writes: list[Write] = []
    while not stop.is_set():
        # S1 and misses only: never a checkout, so no dart is refused by the rules
        dart = rng.choice(["S1", "M"])
        write = Write(
            f"c{n}-{len(writes):05d}-{uuid.uuid4().hex[:8]}", rng.choice(matches), dart
        )
        writes.append(write)
        until_acknowledged(write, port)
        time.sleep(pause)
    return writes


def start_matches(port: int, count: int) -> list[Match]:
    made = []
    for _ in range(count):
        reply = call(
            port,
            "POST",
            "/api/v1/matches",
            {"game": GAME, "players": ["Ann", "Bob"], "options": OPTIONS},
            {"Idempotency-Key": uuid.uuid4().hex},
        )
        if reply.status != 201:
            raise SystemExit(f"could not start a match: {reply.status} {reply.text}")
        made.append(Match(reply.body["id"], reply.body["edit_key"]))
    return made


# --- what is stored -----------------------------------------------------------------


def audit_stored(url: str, matches: list[Match], writes: list[Write]) -> list[str]:
    """Each acknowledged key stored once, as answered; none stored unsent; seq 1..n."""
    from referee import ledger
    from referee.db import db

    problems: list[str] = []
    app = app_for(url)
    with app.app_context():
        try:
            for match in matches:
                row = ledger.get(match.id)
                rows = ledger.rows(row)
                counts = Counter(r.idem_key for r in rows)
                mine = {w.key: w for w in writes if w.match.id == match.id}
                acked = {k for k, w in mine.items() if w.ack}
                lost = sorted(acked - set(counts))
                twice = sorted(k for k, c in counts.items() if c > 1)
                unsent = sorted(str(k) for k in set(counts) - set(mine))
                if lost:
                    problems.append(
                        f"{match.id}: {len(lost)} acknowledged, not stored: {lost[:5]}"
                    )
                if twice:
                    problems.append(f"{match.id}: stored more than once: {twice[:5]}")
                if unsent:
                    problems.append(f"{match.id}: stored, never sent: {unsent[:5]}")
                seqs = [r.seq for r in rows]
                if seqs != list(range(1, len(seqs) + 1)):
                    problems.append(f"{match.id}: seq is not 1..{len(seqs)}")
                if row.version != len(seqs):
                    problems.append(
                        f"{match.id}: version {row.version}, {len(seqs)} rows"
                    )
                by_key = {r.idem_key: r for r in rows}
                for key in acked:
                    stored = by_key.get(key)
                    answer = mine[key].ack.reply.body  # type: ignore[union-attr]
                    if stored is not None and stored.seq != answer.get("seq"):
                        problems.append(
                            f"{key}: answered seq {answer.get('seq')}, "
                            f"stored #{stored.seq}"
                        )
                problems.extend(f"{match.id} audit: {p}" for p in ledger.audit(row))
            db.session.remove()
        finally:
            db.engine.dispose()
    return problems


@contextlib.contextmanager
def serving(server: Gunicorn) -> Iterator[Gunicorn]:
    """The server started (each worker warms up first: slow on a busy machine)."""
    server.start(timeout=START_WITHIN)
    try:
        yield server
    finally:
        server.stop()


# --- figures ------------------------------------------------------------------------


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def tally(writes: list[Write]) -> Counter[str]:
    return Counter(outcome(t.reply) for w in writes for t in w.tries)


def others(writes: list[Write]) -> list[str]:
    return [
        f"{w.key}: {t.reply.status} {t.reply.text[:160]}"
        for w in writes
        for t in w.tries
        if outcome(t.reply) == "other"
    ]


# --- 1. the database restarted ------------------------------------------------------


def cluster() -> tuple[str, str]:
    version = sorted(os.listdir("/etc/postgresql"))[0]
    return version, "main"


def database_answers(pg_url: str) -> bool:
    import psycopg
    from sqlalchemy import make_url

    from referee import database_url

    conninfo = make_url(database_url(pg_url)).set(drivername="postgresql")
    try:
        with psycopg.connect(
            conninfo.render_as_string(hide_password=False), connect_timeout=2
        ) as conn:
            conn.execute("SELECT 1")
        return True
    except psycopg.Error:
        return False


def restart_run(pg_url: str, tmp: Path) -> list[str]:
    print("\n1. PostgreSQL restarted during a write load")
    with (
        database("postgresql", tmp, pg_url) as url,
        serving(
            Gunicorn(
                "referee:create_app()", url, tmp / "restart.log", worker_class="gevent"
            )
        ) as server,
    ):
        matches = start_matches(server.port, MATCHES)
        stop = threading.Event()
        with ThreadPoolExecutor(CLIENTS) as pool:
            futures = [
                pool.submit(client, n, matches, stop, lambda _last: server.port)
                for n in range(CLIENTS)
            ]
            try:
                time.sleep(WARM_UP)
                version, name = cluster()
                went = time.monotonic()
                restart = subprocess.run(
                    [
                        "pg_ctlcluster",
                        "--skip-systemctl-redirect",
                        version,
                        name,
                        "restart",
                    ],
                    capture_output=True,
                    text=True,
                    timeout=120,
                )
                returned = time.monotonic()
                while not database_answers(pg_url):
                    time.sleep(0.05)
                back = time.monotonic()
                time.sleep(AFTER)
            finally:
                stop.set()
            writes = [w for f in futures for w in f.result()]
        log = server.log_tail(3000)
        problems = (
            [] if restart.returncode == 0 else [f"restart failed: {restart.stderr}"]
        )
        problems += audit_stored(url, matches, writes)

    tries = [t for w in writes for t in w.tries]
    counts = tally(writes)
    acked = [w for w in writes if w.ack]
    down = [t for t in tries if went <= t.sent < back]
    failed_after = [
        t for t in tries if t.sent >= back and outcome(t.reply) != "acknowledged"
    ]
    first_ok = min(
        (
            t.answered
            for t in tries
            if t.sent >= back and outcome(t.reply) == "acknowledged"
        ),
        default=None,
    )
    recovered = max((t.answered for t in failed_after), default=back) - back
    landed = sum(
        1
        for w in acked
        if w.tries[0].reply.status != 201
        and w.ack.reply.headers.get("idempotent-replayed") == "true"  # type: ignore[union-attr]
    )
    print(
        f"  restart: pg_ctlcluster took {returned - went:.2f} s; the database answered "
        f"again {back - went:.2f} s after it began"
    )
    print(
        f"  requests {len(tries)}, acknowledged {counts['acknowledged']} "
        f"({len(acked)} writes), 503 with Retry-After {counts['503']}, "
        f"in flight 409 {counts['in flight']}, cut {counts['cut']}, other errors "
        f"{counts['other']}"
    )
    if down:
        waits = [t.answered - t.sent for t in down]
        print(
            f"  while the database was away: {len(down)} requests, answered in "
            f"p50 {ms(statistics.median(waits))}, worst {ms(max(waits))}"
        )
    print(
        f"  recovery after the database was back: first write acknowledged after "
        f"{ms(first_ok - back) if first_ok else 'never'}, the last failure answered "
        f"after {ms(recovered)} ({len(failed_after)} failed sends after it was back)"
    )
    print(
        f"  {landed} writes were stored though their first send failed (the retry got "
        f"the stored answer back)"
    )
    problems += others(writes)
    if counts["cut"]:
        problems.append(f"{counts['cut']} requests got no answer at all")
    if recovered > RECOVERY_LIMIT:
        problems.append(f"recovery took {recovered:.1f} s (limit {RECOVERY_LIMIT} s)")
    if first_ok is None:
        problems.append("no write was acknowledged after the database came back")
    unacked = [w.key for w in writes if not w.ack]
    if unacked:
        problems.append(f"{len(unacked)} writes never acknowledged: {unacked[:5]}")
    if not down:
        problems.append("no request was sent while the database was away: no fault")
    lost = sum(1 for p in problems if "not stored" in p)
    twice = sum(1 for p in problems if "more than once" in p)
    print(f"  lost events {lost}, duplicated events {twice}")
    if problems:
        print(f"  gunicorn log (tail):\n{log}")
    return problems


# --- 2. one of two servers killed ---------------------------------------------------


def kill_server(server: Gunicorn) -> int:
    """SIGKILL the master and every worker at once, as a host that dies would."""
    assert server.proc is not None
    workers = server.worker_pids()
    for pid in [server.proc.pid, *workers]:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    server.proc.wait()
    server.proc = None
    return len(workers)


def watch(
    port: int, match: Match, seen: dict[int, float], stop: threading.Event
) -> None:
    """A big board on ``port``: note when each seq first reaches it."""
    while not stop.is_set():
        stream = Events(port, f"/m/{match.id}/live?view=watch&last=0", timeout=30)
        try:
            while not stop.is_set():
                message = stream.next()
                if message is None:
                    break
                seen.setdefault(int(message.id), message.at)
        except (OSError, ValueError):
            time.sleep(0.2)
        finally:
            stream.close()


def servers_run(pg_url: str, tmp: Path) -> list[str]:
    print("\n2. Two app servers on one PostgreSQL, one of them killed mid-load")
    env = {"REFEREE_LIVE_STREAM_SECONDS": "600"}
    with database("postgresql", tmp, pg_url) as url:
        first = Gunicorn(
            "referee:create_app()",
            url,
            tmp / "first.log",
            worker_class="gevent",
            env=env,
        )
        survivor = Gunicorn(
            "referee:create_app()",
            url,
            tmp / "survivor.log",
            worker_class="gevent",
            env=env,
        )
        with serving(first), serving(survivor):
            matches = start_matches(survivor.port, MATCHES)
            (watched,) = start_matches(survivor.port, 1)
            killed = threading.Event()

            def through(home: Gunicorn) -> Callable[[Try | None], int]:
                """A client of ``home`` moves to the survivor once home is gone."""

                def port(last: Try | None) -> int:
                    if home is first and (
                        killed.is_set() or (last and last.reply.status == 0)
                    ):
                        return survivor.port
                    return home.port

                return port

            seen: dict[int, float] = {}
            stop = threading.Event()
            viewer = threading.Thread(
                target=watch, args=(survivor.port, watched, seen, stop)
            )
            viewer.start()
            # each write, when its first send left, when its 201 came back
            scored: list[tuple[Write, float, float]] = []

            def scorer() -> None:
                n = 0
                while not stop.is_set():
                    write = Write(f"scorer-{n:05d}", watched, "S1")
                    n += 1
                    began = time.perf_counter()
                    until_acknowledged(write, lambda _last: survivor.port)
                    scored.append((write, began, time.perf_counter()))
                    time.sleep(SCORER_EVERY)

            with ThreadPoolExecutor(CLIENTS + 1) as pool:
                futures = [
                    pool.submit(
                        client,
                        n,
                        matches,
                        stop,
                        through(first if n % 2 else survivor),
                        PAUSE_BETWEEN,
                    )
                    for n in range(CLIENTS)
                ]
                scoring = pool.submit(scorer)
                try:
                    time.sleep(WARM_UP)
                    # mid-request: wait (two seconds at most) for two to be in
                    # flight, so that at least one is likely still at the server
                    deadline = time.monotonic() + 2.0
                    while IN_FLIGHT[first.port] < 2 and time.monotonic() < deadline:
                        time.sleep(0.001)
                    killed_at_perf = time.perf_counter()
                    killed.set()
                    workers = kill_server(first)
                    time.sleep(AFTER)
                finally:
                    stop.set()
                writes = [w for f in futures for w in f.result()]
                scoring.result()
            time.sleep(0.3)  # the viewer's last messages
            viewer.join(35)
            log = survivor.log_tail(3000)
        scorer_writes = [w for w, _, _ in scored]
        problems = audit_stored(url, [*matches, watched], [*writes, *scorer_writes])

    tries = [t for w in writes for t in w.tries]
    on_survivor = [
        t for w in [*writes, *scorer_writes] for t in w.tries if t.port == survivor.port
    ]
    refused = [t for t in on_survivor if outcome(t.reply) != "acknowledged"]
    cut = [t for t in tries if t.port == first.port and outcome(t.reply) == "cut"]
    moved = [
        w
        for w in writes
        if w.ack and w.ack.port == survivor.port and w.tries[0].port == first.port
    ]
    # A write is made when the scorer has its 201: from then to the viewer's screen
    # is the promise (p99 < 250 ms). From the send (the write's own time included,
    # as bench/live.py measures) is printed beside it.
    sent_lags, made_lags, missing = [], [], 0
    sent_after, made_after = [], []
    for write, began, answered in scored:
        seq = write.ack.reply.body["seq"]  # type: ignore[union-attr]
        when = min((at for ident, at in seen.items() if ident >= seq), default=None)
        if when is None:
            missing += 1
            continue
        sent_lags.append(when - began)
        made_lags.append(max(0.0, when - answered))
        if began >= killed_at_perf:
            sent_after.append(when - began)
            made_after.append(max(0.0, when - answered))
    print(
        f"  killed the first server (master and {workers} workers) after "
        f"{WARM_UP:.0f} s; {len(cut)} of its requests were cut off, {len(moved)} "
        f"writes then acknowledged by the survivor with the same key"
    )
    counts = tally([*writes, *scorer_writes])
    print(
        f"  requests {sum(counts.values())}, acknowledged {counts['acknowledged']}, "
        f"503 {counts['503']}, cut {counts['cut']}, other errors {counts['other']}; "
        f"the survivor answered {len(on_survivor)} requests, {len(refused)} not "
        f"with 201"
    )

    def spread(lags: list[float]) -> str:
        if not lags:
            return "none"
        return (
            f"p50 {ms(statistics.median(lags))}, p99 {ms(percentile(lags, 0.99))}, "
            f"worst {ms(max(lags))}"
        )

    print(
        f"  the survivor's viewer, {len(made_lags)} writes through the survivor "
        f"({len(made_after)} after the kill), {missing} never shown:"
    )
    print(f"    from the 201 to the viewer:  {spread(made_lags)}")
    print(f"      after the kill:            {spread(made_after)}")
    print(f"    from the send to the viewer: {spread(sent_lags)}")
    print(f"      after the kill:            {spread(sent_after)}")
    problems += [
        f"the survivor answered {t.reply.status}: {t.reply.text[:160]}" for t in refused
    ]
    if not cut:
        # The client counts a request in flight until it has read the answer, so the
        # kill can land between two requests: the server still died mid-load (its
        # clients' next sends fail over to the survivor), only no answer was lost.
        print(
            "  note: the kill landed between two of the first server's requests; "
            "none was cut off this time"
        )
    if missing:
        problems.append(f"{missing} of the survivor's writes never reached its viewer")
    if not made_after:
        problems.append("no write through the survivor after the kill was measured")
    elif percentile(made_after, 0.99) > LIVE_TARGET:
        problems.append(
            f"viewer p99 after the kill {ms(percentile(made_after, 0.99))} "
            f"(target {ms(LIVE_TARGET)})"
        )
    unacked = [w.key for w in [*writes, *scorer_writes] if not w.ack]
    if unacked:
        problems.append(f"{len(unacked)} writes never acknowledged: {unacked[:5]}")
    lost = sum(1 for p in problems if "not stored" in p)
    twice = sum(1 for p in problems if "more than once" in p)
    print(f"  lost events {lost}, duplicated events {twice}")
    if problems:
        print(f"  survivor's gunicorn log (tail):\n{log}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database",
        default=os.environ.get("TEST_DATABASE_URL") or DEFAULT_PG,
        help="a PostgreSQL URL; each run makes a database beside it",
    )
    parser.add_argument("--only", choices=["restart", "servers"])
    args = parser.parse_args()
    runs = {"restart": restart_run, "servers": servers_run}
    problems: dict[str, list[str]] = {}
    began = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for name, run in runs.items():
            if args.only in (None, name):
                problems[name] = run(args.database, Path(tmp))
    print(f"\nfault runs: {time.monotonic() - began:.0f} s")
    broken = {name: found for name, found in problems.items() if found}
    for name, found in broken.items():
        print(f"{name}: {len(found)} promises broken")
        for line in found[:20]:
            print(f"  - {line}")
    if broken:
        raise SystemExit(1)
    print("every promise kept")


if __name__ == "__main__":
    main()
