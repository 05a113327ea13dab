"""Event-to-screen latency with 1,000 viewers: live stream against polling, same run.

Run from the repository root: ``.venv/bin/python bench/live.py [--viewers 1000]``.
The app runs under gunicorn as in production (``gunicorn.conf.py``: gevent workers,
two here) on SQLite in a temporary directory, or on PostgreSQL with
``--database postgresql+psycopg://...`` (a database is made beside it and dropped).

1. *Live*: ``--viewers`` big boards hold the stream a watch page opens
   (``/m/<id>/live?view=watch``: each message carries the board's HTML). Events are
   posted one at a time through the API; for each, the latency of every viewer is
   the time from just before the POST is sent to the moment that viewer has the
   message with the event's id, i.e. everything its screen needs.
2. *Polling*: the same number of viewers poll the match as a page without the stream
   does (``GET /api/v1/matches/<id>`` every 3 s, each at its own phase); the latency
   is the time from the POST to that viewer's first answer showing the new seq.

Both print p50, p99 and the worst, over every (event, viewer) pair, and per event
the first and the last viewer's latency (``--per-event`` lists them all). The live
figure is printed against the target (p99 under 250 ms). The clients are asyncio
sockets in one process, sharing the machine's cores with the servers, so both figures
include this client's own delay alike. Each worker warms up before its first request
as in production (``post_worker_init``, referee/serving.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve import Gunicorn  # noqa: E402
from tests.serve import call  # noqa: E402
from tests.serve import database  # noqa: E402

POLL_EVERY = 3.0  # seconds: a match page's polling interval (static/live.js)
TARGET_P99 = 0.250  # seconds, event to screen for 1,000 viewers (issue 14)
PER_EVENT = False  # --per-event: print every event's first and last viewer


REFUSED: list[str] = []  # status lines of streams the server did not open


async def request_head(port: int, path: str, extra: str = "") -> tuple[Any, Any]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}\r\n".encode())
    await writer.drain()
    status = await reader.readline()
    if b" 200 " not in status:  # e.g. 503: a worker already holds its most streams
        REFUSED.append(status.decode(errors="replace").strip())
    while (await reader.readline()) not in (b"\r\n", b""):
        pass  # the headers
    return reader, writer


async def viewer(
    port: int,
    path: str,
    seen: dict[int, float],
    ready: asyncio.Event,
    count: list[int],
    total: int,
) -> None:
    """One stream: note when each event id arrives."""
    try:
        reader, writer = await request_head(port, path, "Accept: text/event-stream\r\n")
    except ConnectionError:
        return
    try:
        while True:
            line = await reader.readline()
            if not line:
                return
            if line.startswith(b"retry:"):
                count[0] += 1
                if count[0] == total:
                    ready.set()
            elif line.startswith(b"id: "):
                seen.setdefault(int(line[4:]), time.perf_counter())
    finally:
        writer.close()


async def poller(
    port: int, path: str, seen: dict[int, float], stop: asyncio.Event
) -> None:
    """One polling page: GET every POLL_EVERY seconds on a keep-alive connection."""
    await asyncio.sleep(random.uniform(0, POLL_EVERY))  # nosec B311: a phase, not a secret
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    try:
        while not stop.is_set():
            writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writer.drain()
            length = 0
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            body = json.loads(await reader.readexactly(length))
            seen.setdefault(int(body["seq"]), time.perf_counter())
            await asyncio.sleep(POLL_EVERY)
    except (ConnectionError, asyncio.IncompleteReadError):
        return
    finally:
        writer.close()


FAILED_POSTS: list[str] = []


def post(port: int, match: dict, dart: str) -> tuple[int, float] | None:
    """Send one dart: its seq and when it was sent; None if it failed (saturated)."""
    began = time.perf_counter()
    reply = call(
        port,
        "POST",
        f"/api/v1/matches/{match['id']}/events",
        {"event": {"type": "dart", "dart": dart}},
        {
            "Authorization": f"Bearer {match['edit_key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    if reply.status != 201:
        FAILED_POSTS.append(f"{reply.status} {reply.text[:80]}")
        return None
    return int(reply.body["seq"]), began


def shown(view: dict[int, float], seq: int) -> float | None:
    """When this viewer first had event ``seq`` on screen: a message for it or later
    (a viewer that is behind gets the newest board, not each step)."""
    times = [at for ident, at in view.items() if ident >= seq]
    return min(times) if times else None


def figures(
    name: str, sent: dict[int, float], views: list[dict[int, float]]
) -> list[float]:
    lags = [
        when - at
        for seq, at in sent.items()
        for view in views
        if (when := shown(view, seq)) is not None
    ]
    missing = len(sent) * len(views) - len(lags)
    if not lags:
        print(f"  {name:8} nothing measured; failed writes: {FAILED_POSTS[:3]}")
        return lags
    # Per event: the first viewer's and the last viewer's lag (the fan-out's spread).
    spread = []
    for seq, at in sent.items():
        got = [w - at for view in views if (w := shown(view, seq)) is not None]
        if got:
            spread.append((min(got), max(got)))
    lags.sort()
    p99 = lags[int(0.99 * (len(lags) - 1))]
    print(
        f"  {name:8} p50 {statistics.median(lags) * 1000:7.1f} ms   p99 "
        f"{p99 * 1000:7.1f} ms   worst {lags[-1] * 1000:7.1f} ms   "
        f"({len(lags)} deliveries, {missing} missing)"
    )
    if spread and PER_EVENT:
        pairs = ", ".join(f"{f * 1000:.0f}/{last * 1000:.0f}" for f, last in spread)
        print(f"  {'':8} each event, first/last viewer ms: {pairs}")
    if spread:
        firsts = statistics.median(f for f, _ in spread) * 1000
        lasts = statistics.median(last for _, last in spread) * 1000
        print(
            f"  {'':8} per event, median: first viewer {firsts:.1f} ms, "
            f"last viewer {lasts:.1f} ms"
        )
    return lags


async def live_phase(port: int, match: dict, viewers: int, events: int) -> list[float]:
    views: list[dict[int, float]] = [{} for _ in range(viewers)]
    ready = asyncio.Event()
    count = [0]
    path = f"/m/{match['id']}/live?view=watch&last=0"
    tasks = []
    for view in views:  # they come in over a few seconds, as phones do
        tasks.append(
            asyncio.create_task(viewer(port, path, view, ready, count, viewers))
        )
        await asyncio.sleep(0.005)
    try:
        await asyncio.wait_for(ready.wait(), 120)
    except TimeoutError:
        failed = sum(1 for t in tasks if t.done())
        raise SystemExit(
            f"only {count[0]} viewers connected ({failed} failed; refused: "
            f"{len(REFUSED)} {sorted(set(REFUSED))})"
        ) from None
    # Not measured: the first event compiles the templates in each worker.
    for _ in range(2):
        await asyncio.to_thread(post, port, match, "S1")
        await asyncio.sleep(0.5)
    sent = {}
    for _ in range(events):
        done = await asyncio.to_thread(post, port, match, "S1")
        if done is not None:
            sent[done[0]] = done[1]
        await asyncio.sleep(0.3)
    await asyncio.sleep(1.0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lags = figures("live", sent, views)
    if lags:
        p99 = lags[int(0.99 * (len(lags) - 1))]
        verdict = "met" if p99 < TARGET_P99 else "NOT met"
        print(f"  {'':8} target p99 < {TARGET_P99 * 1000:.0f} ms: {verdict}")
    return lags


async def poll_phase(port: int, match: dict, viewers: int, events: int) -> list[float]:
    views: list[dict[int, float]] = [{} for _ in range(viewers)]
    stop = asyncio.Event()
    path = f"/api/v1/matches/{match['id']}"
    tasks = [asyncio.create_task(poller(port, path, view, stop)) for view in views]
    await asyncio.sleep(POLL_EVERY + 0.5)
    sent = {}
    for _ in range(events):
        done = await asyncio.to_thread(post, port, match, "S1")
        if done is not None:
            sent[done[0]] = done[1]
        await asyncio.sleep(0.3)
    await asyncio.sleep(POLL_EVERY + 1.0)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    lags = figures("polling", sent, views)
    if FAILED_POSTS:
        print(f"  {len(FAILED_POSTS)} scorer's writes failed while they polled")
    return lags


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=1000)
    parser.add_argument("--events", type=int, default=15)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", default="", help="a PostgreSQL URL; else SQLite")
    parser.add_argument("--per-event", action="store_true", help="list every event")
    parser.add_argument(
        "--quick",
        action="store_true",
        default=bool(os.environ.get("BENCH_QUICK")),
        help="30 viewers and 3 events unless given (also BENCH_QUICK=1), for CI",
    )
    args = parser.parse_args()
    if args.quick:
        given = {a.split("=")[0] for a in sys.argv[1:]}
        args.viewers = args.viewers if "--viewers" in given else 30
        args.events = args.events if "--events" in given else 3
    global PER_EVENT
    PER_EVENT = args.per_event
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.viewers)), hard)
    )
    backend = "postgresql" if args.database else "sqlite"
    with (
        tempfile.TemporaryDirectory() as tmp,
        database(backend, Path(tmp), args.database) as url,
    ):

        def server() -> Gunicorn:
            return Gunicorn(
                "referee:create_app()",
                url,
                Path(tmp) / "gunicorn.log",
                workers=args.workers,
                worker_class="gevent",
                env={"REFEREE_LIVE_STREAM_SECONDS": "600"},
            )

        print(f"load average before: {os.getloadavg()[0]:.1f}, cores: {os.cpu_count()}")
        print(
            f"event-to-screen, {args.viewers} viewers of one match, {args.events} "
            f"events, gunicorn {args.workers} gevent workers, {backend}:"
        )
        # Each phase has a server of its own on the same database: the live phase's
        # streams, closed by this client, hold their connection slots until their
        # next heartbeat finds them gone, and would crowd the polling phase's start.
        with server() as live_server:
            made = call(
                live_server.port,
                "POST",
                "/api/v1/matches",
                # long enough never to end: 13 sets of 21 legs of 701
                {
                    "game": "darts-301",
                    "players": ["Ann", "Bob"],
                    "options": {"start": "701", "legs": 21, "sets": 13},
                },
            ).body
            live = asyncio.run(
                live_phase(live_server.port, made, args.viewers, args.events)
            )
        with server() as poll_server:
            polled = asyncio.run(
                poll_phase(poll_server.port, made, args.viewers, args.events)
            )
        if live and polled:
            ratio = statistics.median(polled) / statistics.median(live)
            print(f"  polling's median is {ratio:.0f}x the live stream's")


if __name__ == "__main__":
    main()
