"""Workers killed under load: RELIABILITY.md R6, and R1's promises kept through crashes.

The real app runs under gunicorn with two sync workers on a fresh database (SQLite
always, PostgreSQL when TEST_DATABASE_URL is set). Client threads post darts, undos and
same-key replays to a few matches, each request with its own Idempotency-Key, while a
killer sends SIGKILL to the workers at most every 0.5 s, 20 times; the arbiter starts
a new worker each time. Each kill waits until a worker has answered since the last one
and a request is in flight, then kills every worker: on a busy machine a restarted
worker can take longer than 0.5 s to serve, and kills that only ever hit booting
workers would prove nothing. A request is acknowledged when its client read a 201
answer; a killed worker cuts its client off instead, whether or not the write had
committed.

Afterwards every key is sent again until the server answers: an acknowledged one must
get its first answer back byte for byte, an unacknowledged one must end up stored once.
Then the database is opened directly (``ledger.audit`` and ``ledger.replay``) and the
log checked: each key stored exactly once, seq 1..n with no gap, version = count =
max(seq), the snapshot equal to the fold of the events, SQLite's integrity check ok.
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from referee import ledger
from referee.db import db
from referee.models import Match
from tests.serve import Gunicorn
from tests.serve import Reply
from tests.serve import app_for
from tests.serve import call
from tests.serve import database

pytestmark = [
    pytest.mark.slow,
    pytest.mark.faults,  # make faults, a CI step of its own: minutes on a busy machine
    pytest.mark.skipif(
        not Path("/proc/self/stat").exists(),
        reason="finds gunicorn's workers in /proc (Linux)",
    ),
]

PG_URL = os.environ.get("TEST_DATABASE_URL", "")
BACKENDS = ["sqlite"] + (["postgresql"] if PG_URL else [])

GAME = "darts-301"
PLAYERS = ["Ann", "Bob"]
# Legs end (the clients aim at checkouts), but 13 sets of 21 legs cannot be won in
# the few hundred darts a match gets here, so no dart is refused as "match over".
OPTIONS = {"start": "501", "legs": 21, "sets": 13}
MATCHES = 3
SEED_DARTS = 4  # darts before the load, so that an undo finds an event to void
CLIENTS = 6
UNDO_SHARE = 0.04  # of a client's requests
REPLAY_SHARE = 0.08  # resend an earlier request of its own, same key and body
KILL_EVERY = 0.5  # seconds, at least, between kills
KILLS = 20
SERVING_WAIT = 5.0  # at most, for a worker to answer again before the next kill
WARM_UP = 1.0  # load before the first kill, and after the last
CLIENT_TIMEOUT = 60.0  # generous: a queued request waits for a worker to boot
SETTLE_FOR = 120.0  # how long the retries keep asking a server that does not answer


# --- what the clients sent and saw --------------------------------------------------


@dataclass
class Game:
    """One match under load, as its clients know it."""

    id: str
    edit_key: str


@dataclass
class Sent:
    """One answer (or a cut connection) and when it came, on the test's clock."""

    reply: Reply
    at: float


@dataclass
class Request:
    """One write with its Idempotency-Key, and every answer it got."""

    key: str
    match: Game
    kind: str  # "event" or "undo"
    dart: str | None = None
    during_load: list[Sent] = field(default_factory=list)
    retried: list[Reply] = field(default_factory=list)  # after the load, in order

    @property
    def path(self) -> str:
        action = "events" if self.kind == "event" else "undo"
        return f"/api/v1/matches/{self.match.id}/{action}"

    @property
    def body(self) -> dict[str, Any] | None:
        if self.kind == "undo":
            return None  # a plain undo: the last event that counts
        return {"event": {"type": "dart", "dart": self.dart}}

    @property
    def first_ack(self) -> Reply | None:
        """The first answer its client saw acknowledged during the load, if any."""
        return next((s.reply for s in self.during_load if acknowledged(s.reply)), None)


def acknowledged(reply: Reply) -> bool:
    return 200 <= reply.status < 300 and reply.body is not None


class Traffic:
    """Requests in flight and answers read, shared by the clients and the killer."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.in_flight = 0
        self.answered = 0

    def serving(self, since: int, timeout: float) -> None:
        """Wait until an answer came after ``since`` answers and a request is out."""
        with self.lock:
            self.lock.wait_for(
                lambda: self.answered > since and self.in_flight > 0, timeout
            )


TRAFFIC = Traffic()


def send(port: int, request: Request, timeout: float = CLIENT_TIMEOUT) -> Reply:
    with TRAFFIC.lock:
        TRAFFIC.in_flight += 1
    try:
        reply = _send(port, request, timeout)
    finally:
        with TRAFFIC.lock:
            TRAFFIC.in_flight -= 1
    if reply.status:
        with TRAFFIC.lock:
            TRAFFIC.answered += 1
            TRAFFIC.lock.notify_all()
    return reply


def _send(port: int, request: Request, timeout: float) -> Reply:
    return call(
        port,
        "POST",
        request.path,
        request.body,
        {
            "Authorization": f"Bearer {request.match.edit_key}",
            "Idempotency-Key": request.key,
        },
        timeout=timeout,
    )


def aim(board: dict[str, Any] | None, rng: random.Random) -> str:
    """A dart a player might throw at the score this client last saw.

    The board is usually stale (other clients write to the same match), so some
    darts bust; enough check out for legs to end under load.
    """
    if board is None or board.get("turn") is None or rng.random() < 0.1:
        return "M"
    left = next(s["score"] for s in board["sides"] if s["name"] == board["turn"])
    if left > 60:
        return "T20"
    if left > 40:
        return f"S{left - 40}"  # leave 40
    if left % 2 == 0:
        return f"D{left // 2}"
    return "S1"  # leave an even number


# --- the run ------------------------------------------------------------------------


@dataclass
class Run:
    """Everything one backend's fault run produced, for the tests to check."""

    backend: str
    url: str
    matches: list[Game]
    requests: list[Request]
    kills: list[int]  # the pids killed
    workers_seen: set[int]
    kill_window: tuple[float, float]
    served: dict[str, Any]  # match id -> GET /api/v1/matches/<id> after the retries
    log: str

    def context(self, found: list[str]) -> str:
        return f"{self.backend}: " + "\n".join(found[:15]) + f"\n{self.summary()}"

    def summary(self) -> str:
        acked = [r for r in self.requests if r.first_ack is not None]
        lost = [r for r in self.requests if r.first_ack is None]
        landed = [r for r in lost if r.retried and replayed(r.retried[0])]
        sends = [s for r in self.requests for s in r.during_load]
        start, end = self.kill_window
        during = [s for s in sends if start <= s.at <= end]
        return (
            f"{self.backend}: {len(self.kills)} workers killed in "
            f"{end - start:.1f} s, {len(self.workers_seen)} worker pids seen; "
            f"{len(sends)} sends of {len(self.requests)} keys, "
            f"{sum(s.reply.status == 0 for s in sends)} cut off; while killing "
            f"{sum(acknowledged(s.reply) for s in during)} answered and "
            f"{sum(s.reply.status == 0 for s in during)} cut; afterwards "
            f"{len(acked)} keys acknowledged, {len(lost)} not, of which "
            f"{len(landed)} had been stored before the kill"
        )


def replayed(reply: Reply) -> bool:
    return reply.headers.get("idempotent-replayed") == "true"


@pytest.fixture(scope="module", params=BACKENDS)
def run(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Run]:
    backend = str(request.param)
    tmp = tmp_path_factory.mktemp(f"faults-{backend}")
    log = tmp / "gunicorn.log"
    with database(backend, tmp, PG_URL) as url:
        # --preload: a restarted worker forks from an arbiter that already has the app
        # loaded and takes requests at once. Without it each new worker imports the
        # app first (about a second on a busy 2-core machine), and with a kill every
        # 0.5 s the two workers spend the window booting: nothing in flight to cut.
        # warm=False: a worker restarted 40 times need not warm its caches each time
        # (CPU the other backend's run needs), and what a kill leaves is the same.
        with Gunicorn(
            "referee:create_app()", url, log, preload=True, warm=False
        ) as server:
            matches, requests = start_matches(server.port)
            kills, seen, window = load_and_kill(server, matches, requests)
            settle(server, requests)
            served = {m.id: scoreboard(server.port, m) for m in matches}
        # the server is stopped: what is in the database now is all there will be
        result = Run(
            backend,
            url,
            matches,
            requests,
            kills,
            seen,
            window,
            served,
            log.read_text(errors="replace")[-4000:],
        )
        print(result.summary())
        yield result


def start_matches(port: int) -> tuple[list[Game], list[Request]]:
    """The matches, each with a few darts in, before any fault."""
    matches: list[Game] = []
    requests: list[Request] = []
    for n in range(MATCHES):
        reply = call(
            port,
            "POST",
            "/api/v1/matches",
            {"game": GAME, "players": PLAYERS, "options": OPTIONS},
            {"Idempotency-Key": f"create-{n}-{uuid.uuid4().hex}"},
        )
        assert reply.status == 201, reply.text
        matches.append(Game(reply.body["id"], reply.body["edit_key"]))
    for n, match in enumerate(matches):
        for i in range(SEED_DARTS):
            seed = Request(f"seed-{n}-{i}-{uuid.uuid4().hex[:8]}", match, "event", "S5")
            answer = send(port, seed)
            assert answer.status == 201, answer.text
            seed.during_load.append(Sent(answer, time.monotonic()))
            requests.append(seed)
    return matches, requests


def scoreboard(port: int, match: Game) -> Any:
    """GET the match as the server shows it, asking until a worker answers."""
    deadline = time.monotonic() + SETTLE_FOR
    while True:
        reply = call(port, "GET", f"/api/v1/matches/{match.id}", timeout=CLIENT_TIMEOUT)
        if reply.status != 0 or time.monotonic() > deadline:
            return reply.body
        time.sleep(0.2)


def client(
    n: int, port: int, matches: list[Game], stop: threading.Event
) -> list[Request]:
    """One phone-like client: darts, a few undos, and resends of its own requests.

    A resend picks a request whose answer was lost, as a phone retries, or now and
    then one already acknowledged.
    """
    rng = random.Random(f"faults-{n}")
    sent: list[Request] = []
    seen: dict[str, dict[str, Any]] = {}  # match id -> the last board this client saw
    while not stop.is_set():
        roll = rng.random()
        if sent and roll < REPLAY_SHARE:
            lost = [r for r in sent if r.first_ack is None]
            request = rng.choice(lost if lost and rng.random() < 0.5 else sent)
        else:
            match = rng.choice(matches)
            key = f"c{n}-{len(sent):04d}-{uuid.uuid4().hex[:8]}"
            if roll < REPLAY_SHARE + UNDO_SHARE:
                request = Request(key, match, "undo")
            else:
                request = Request(key, match, "event", aim(seen.get(match.id), rng))
            sent.append(request)
        reply = send(port, request)
        request.during_load.append(Sent(reply, time.monotonic()))
        if acknowledged(reply):
            seen[request.match.id] = reply.body["state"]
    return sent


def load_and_kill(
    server: Gunicorn, matches: list[Game], requests: list[Request]
) -> tuple[list[int], set[int], tuple[float, float]]:
    """Clients hammer the matches while the workers are killed mid-request, 20 times."""
    stop = threading.Event()
    kills: list[int] = []
    seen: set[int] = set(server.worker_pids())
    with ThreadPoolExecutor(CLIENTS) as pool:
        futures = [
            pool.submit(client, n, server.port, matches, stop) for n in range(CLIENTS)
        ]
        try:
            time.sleep(WARM_UP)
            began = time.monotonic()
            for _ in range(KILLS):
                since = TRAFFIC.answered
                time.sleep(KILL_EVERY)
                TRAFFIC.serving(since, SERVING_WAIT)
                pids = server.worker_pids()
                seen.update(pids)
                for pid in pids:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        continue
                    kills.append(pid)
            ended = time.monotonic()
            time.sleep(WARM_UP)
        finally:
            stop.set()
        for future in futures:
            requests.extend(future.result())
    seen.update(server.worker_pids())
    return kills, seen, (began, ended)


def settle(server: Gunicorn, requests: list[Request]) -> None:
    """Send every key once more, and a lost one twice, until the server answers.

    Unacknowledged keys go first (RELIABILITY.md R6); the second send of each shows
    that the answer the retry settled on is now the one replayed.
    """
    deadline = time.monotonic() + SETTLE_FOR

    def until_answered(request: Request) -> Reply:
        while True:
            reply = send(server.port, request)
            if reply.status != 0 or time.monotonic() > deadline:
                return reply
            time.sleep(0.2)  # a worker is still booting

    def again(request: Request, times: int) -> None:
        for _ in range(times):
            request.retried.append(until_answered(request))

    lost = [r for r in requests if r.first_ack is None]
    acked = [r for r in requests if r.first_ack is not None]
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda r: again(r, 2), lost))
        list(pool.map(lambda r: again(r, 1), acked))


@contextmanager
def opened(url: str) -> Iterator[None]:
    """An app context on the database the server used (for direct checks)."""
    app = app_for(url)
    try:
        with app.app_context():
            yield
            db.session.remove()
    finally:
        with app.app_context():
            db.engine.dispose()


def stored(match: Game) -> list[Any]:
    """The match's log rows in seq order, read straight from the database."""
    return ledger.rows(ledger.get(match.id))


# --- the faults happened ------------------------------------------------------------


def test_r6_workers_were_killed_mid_load_and_restarted(run: Run) -> None:
    """The test is only worth something if the kills cut requests in flight."""
    assert len(run.kills) >= KILLS - 2, run.summary()
    # each kill makes the arbiter fork a new worker with a new pid
    assert len(run.workers_seen) >= len(run.kills) + 1, run.summary()
    start, end = run.kill_window
    cut = [
        s
        for r in run.requests
        for s in r.during_load
        if start <= s.at <= end + CLIENT_TIMEOUT and s.reply.status == 0
    ]
    assert cut, f"no connection was cut: the kills hit nothing. {run.summary()}"


def test_r6_no_request_got_a_server_error_only_201_or_a_cut_connection(
    run: Run,
) -> None:
    found = [
        f"{r.key} ({r.kind}) during the load: {s.reply.status} {s.reply.text[:200]}"
        for r in run.requests
        for s in r.during_load
        if s.reply.status not in (0, 201)
    ]
    found += [
        f"{r.key} ({r.kind}) retried: {a.status} {a.text[:200]}"
        for r in run.requests
        for a in r.retried
        if a.status != 201
    ]
    assert found == [], run.context(found) + f"\n--- gunicorn log ---\n{run.log}"


# --- answers ------------------------------------------------------------------------


def test_r6_a_retry_of_an_acknowledged_request_returns_the_first_answer(
    run: Run,
) -> None:
    """Byte for byte, marked Idempotent-Replayed, during the load and after it."""
    found: list[str] = []
    for request in run.requests:
        first = request.first_ack
        if first is None:
            continue
        later = [s.reply for s in request.during_load if acknowledged(s.reply)][1:]
        for reply in [*later, *request.retried]:
            if reply.raw != first.raw:
                found.append(
                    f"{request.key}: answered {first.text[:150]} first, "
                    f"then {reply.status} {reply.text[:150]}"
                )
            elif not replayed(reply):
                found.append(f"{request.key}: a repeat lacks Idempotent-Replayed")
        fresh = [s.reply for s in request.during_load if acknowledged(s.reply)]
        if sum(1 for r in fresh if not replayed(r)) > 1:
            found.append(f"{request.key}: two answers that were not replays")
    assert found == [], run.context(found)


def test_r6_a_retried_unacknowledged_request_settles_on_one_answer(run: Run) -> None:
    """Whether or not the first attempt landed, the retry's answer is then replayed."""
    found: list[str] = []
    lost = [r for r in run.requests if r.first_ack is None]
    for request in lost:
        first, second = request.retried
        if first.status != 201 or second.status != 201:
            found.append(f"{request.key}: retries got {first.status}, {second.status}")
        elif second.raw != first.raw or not replayed(second):
            found.append(
                f"{request.key}: retried twice, answered {first.text[:150]} "
                f"then {second.text[:150]}"
            )
    assert found == [], run.context(found)


# --- what is stored -----------------------------------------------------------------


def test_r6_every_key_is_stored_exactly_once_as_answered(run: Run) -> None:
    """One row per key sent (no more, none missing), holding what the answer said
    (its seq and ruling: the view of that seq is rebuilt for a retry)."""
    found: list[str] = []
    with opened(run.url):
        for match in run.matches:
            rows = stored(match)
            keys = Counter(row.idem_key for row in rows)
            sent = {r.key: r for r in run.requests if r.match is match}
            twice = [k for k, n in keys.items() if n > 1]
            if twice:
                found.append(f"{match.id}: keys stored more than once: {twice[:5]}")
            if set(keys) != set(sent):
                missing = sorted(set(sent) - set(keys))
                extra = sorted(map(str, set(keys) - set(sent)))
                found.append(
                    f"{match.id}: {len(missing)} keys sent but not stored "
                    f"({missing[:5]}), {len(extra)} stored but not sent ({extra[:5]})"
                )
            by_key = {row.idem_key: row for row in rows}
            for key, request in sent.items():
                row = by_key.get(key)
                answer = request.first_ack or request.retried[0]
                if row is None or answer.body is None:
                    continue  # reported above, or by the answer tests
                if row.kind != request.kind:
                    found.append(f"{key}: sent as {request.kind}, stored as {row.kind}")
                if request.kind == "event" and row.data != request.body["event"]:
                    found.append(f"{key}: sent {request.body}, stored {row.data}")
                # the row keeps the seq and ruling; a retry's view is rebuilt from
                # the log (checked byte for byte by the retry test above)
                if (
                    row.seq != answer.body.get("seq")
                    or row.response != {"seq": row.seq}
                    or row.ruling != answer.body.get("ruling")
                ):
                    found.append(
                        f"{key}: answered seq {answer.body.get('seq')}, stored as "
                        f"#{row.seq} with answer seq {(row.response or {}).get('seq')}"
                    )
    assert found == [], run.context(found)


def test_r6_seq_has_no_gap_and_version_is_count_is_max_seq(run: Run) -> None:
    found: list[str] = []
    with opened(run.url):
        for match in run.matches:
            seqs = [row.seq for row in stored(match)]
            version = db.session.get(Match, match.id).version
            if seqs != list(range(1, len(seqs) + 1)):
                gaps = sorted(set(range(1, max(seqs, default=0) + 1)) - set(seqs))
                found.append(f"{match.id}: seq not 1..{len(seqs)}; missing {gaps[:10]}")
            if not version == len(seqs) == max(seqs, default=0):
                found.append(
                    f"{match.id}: version {version}, {len(seqs)} rows, "
                    f"max seq {max(seqs, default=0)}"
                )
    assert found == [], run.context(found)


def test_r6_the_audit_replays_clean_and_the_score_is_the_fold_of_the_events(
    run: Run,
) -> None:
    """``ledger.audit`` agrees row by row; replay = snapshot = what the server shows."""
    found: list[str] = []
    with opened(run.url):
        for match in run.matches:
            row = ledger.get(match.id)
            found.extend(f"{match.id} audit: {p}" for p in ledger.audit(row))
            game = ledger.game_of(row)
            folded = json.loads(json.dumps(game.view(ledger.replay(row).state)))
            if folded != ledger.board(row):
                found.append(f"{match.id}: the snapshot is not the fold of the log")
            shown = (run.served.get(match.id) or {}).get("state")
            if folded != shown:
                found.append(f"{match.id}: the server shows {shown}, the fold {folded}")
    assert found == [], run.context(found)


def test_r6_sqlite_integrity_check_is_ok(run: Run) -> None:
    if run.backend != "sqlite":
        pytest.skip("PRAGMA integrity_check is SQLite's")
    with opened(run.url):
        integrity = db.session.execute(text("PRAGMA integrity_check")).scalars().all()
        foreign = db.session.execute(text("PRAGMA foreign_key_check")).all()
    assert integrity == ["ok"], run.context([str(integrity)])
    assert foreign == [], run.context([str(foreign)])
