"""A small scripted tournament night, in process: statements and transactions.

Usage: ``.venv/bin/python bench/tournament_writes.py [--database postgresql+psycopg://…]
[--players 8] [--boards 4] [--polls 1] [--idle 4]``

A round robin of darts 301 (``--players`` on ``--boards``) and a bunko night of 8
are played to the end through the Flask test client: every match's leg is
``--idle`` rounds of misses each, then 180, a miss and 121 out; after each dart a
viewer reads the tournament JSON ``--polls`` times, and a match of no tournament
takes a dart too (the baseline). Printed: SQL statements per dart in play, per
finishing dart and per tournament GET, how often the tournament row was read, on
PostgreSQL the database's ``xact_commit`` and ``xact_rollback``
(``pg_stat_database``) over the night, and the median time of a tournament's dart
in play against the lone match's dart in the same run. The counts are exact: the
same script run on two versions of the code compares them.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine  # noqa: E402
from sqlalchemy import event  # noqa: E402
from sqlalchemy import make_url  # noqa: E402
from sqlalchemy import text  # noqa: E402

from referee import create_app  # noqa: E402
from referee.db import db  # noqa: E402
from tests.serve import database  # noqa: E402

NAMES = [f"P{i:02d}" for i in range(1, 65)]
TOURNAMENT_READ = re.compile(r'\bFROM\s+"?tournament"?(?:\s|$)')


class Counter:
    """Statements by the kind of request that ran them."""

    def __init__(self) -> None:
        self.kind = "setup"
        self.requests: dict[str, int] = defaultdict(int)
        self.statements: dict[str, int] = defaultdict(int)
        self.tournament_reads: dict[str, int] = defaultdict(int)
        self.seconds: dict[str, list[float]] = defaultdict(list)

    def note(self, _conn: Any, _cur: Any, statement: str, *_args: Any) -> None:
        self.statements[self.kind] += 1
        if statement.lstrip().startswith("SELECT") and TOURNAMENT_READ.search(
            statement
        ):
            self.tournament_reads[self.kind] += 1

    def request(self, kind: str, send: Any) -> Any:
        self.kind = kind
        self.requests[kind] += 1
        start = time.perf_counter()
        try:
            return send()
        finally:
            self.seconds[kind].append(time.perf_counter() - start)
            self.kind = "other"


def xacts(admin: Any, name: str) -> tuple[int, int]:
    """The database's (xact_commit, xact_rollback), once its backends have flushed."""
    time.sleep(1.5)  # PostgreSQL flushes a backend's counters at most once a second
    with admin.connect() as conn:
        conn.execute(text("SELECT pg_stat_clear_snapshot()"))
        row = conn.execute(
            text(
                "SELECT xact_commit, xact_rollback FROM pg_stat_database "
                "WHERE datname = :name"
            ),
            {"name": name},
        ).one()
    return int(row[0]), int(row[1])


def leg(idle: int) -> list[dict[str, Any]]:
    """One leg of 301 the first side wins, after ``idle`` rounds of misses each."""
    miss = {"type": "score", "points": 0}
    return [
        *([miss, miss] * idle),
        {"type": "score", "points": 180},
        miss,
        {"type": "score", "points": 121, "double_out": True, "darts": 3},
    ]


def play_round_robin(client: Any, count: Counter, args: argparse.Namespace) -> None:
    body = {
        "kind": "round-robin",
        "game": "darts-301",
        "game_options": {"start": "301"},
        "players": NAMES[: args.players],
        "stations": [f"Board {i}" for i in range(1, args.boards + 1)],
    }
    made = client.post("/api/v1/tournaments", json=body).get_json()
    boards = {t["table"]: t["key"] for t in made["keys"]["tables"]}
    darts = leg(args.idle)

    def look() -> Any:
        return client.get(f"/api/v1/tournaments/{made['id']}").get_json()

    now = count.request("tournament GET", look)
    while not now["over"]:
        # one dart on each board in turn, as boards play side by side
        calls = now["calls"]
        for i, dart in enumerate(darts):
            kind = "finishing dart" if i == len(darts) - 1 else "dart in play"
            for call in calls:
                reply = count.request(
                    kind,
                    lambda call=call, dart=dart: client.post(
                        f"/api/v1/matches/{call['match']}/events",
                        json={"event": dart},
                        headers={
                            "Authorization": f"Bearer {boards[call['station']]}",
                            "Idempotency-Key": uuid.uuid4().hex,
                        },
                    ),
                )
                assert reply.status_code == 201, (call, i, reply.get_json())
                if kind == "dart in play":
                    lone_dart(client, count)
                for _ in range(args.polls):
                    now = count.request("tournament GET", look)
        now = count.request("tournament GET", look)


LONE: dict[str, str] = {}


def lone_dart(client: Any, count: Counter) -> None:
    """A dart in a match of no tournament: the baseline of a dart in play."""
    if not LONE:
        made = client.post(
            "/api/v1/matches",
            json={
                "game": "darts-301",
                "players": ["Ann", "Bob"],
                "options": {"start": "701", "legs": 21, "sets": 13},
            },
        ).get_json()
        LONE.update(id=made["id"], key=made["edit_key"])
    reply = count.request(
        "lone dart",
        lambda: client.post(
            f"/api/v1/matches/{LONE['id']}/events",
            json={"event": {"type": "score", "points": 0}},
            headers={
                "Authorization": f"Bearer {LONE['key']}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        ),
    )
    assert reply.status_code == 201, reply.get_json()


def play_bunko_night(client: Any, count: Counter) -> None:
    made = client.post("/api/v1/tournaments", json={"players": NAMES[:8]}).get_json()
    night = made["id"]
    tables = {t["table"]: t["key"] for t in made["keys"]["tables"]}

    def table(number: int) -> dict[str, Any]:
        got = count.request(
            "tournament GET", lambda: client.get(f"/api/v1/tournaments/{night}")
        )
        return got.get_json()["tables"][number - 1]

    def send(number: int, event: dict[str, Any], kind: str) -> None:
        match = table(number)["match"]
        reply = count.request(
            kind,
            lambda: client.post(
                f"/api/v1/matches/{match}/events",
                json={"event": event},
                headers={
                    "Authorization": f"Bearer {tables[number]}",
                    "Idempotency-Key": uuid.uuid4().hex,
                },
            ),
        )
        assert reply.status_code == 201, reply.get_json()

    def roller(number: int) -> str:
        match = table(number)["match"]
        state = client.get(f"/api/v1/matches/{match}").get_json()["state"]
        return str(state["detail"]["roller"])

    for number in (2, 1):
        for i, player in enumerate(table(number)["seats"]):
            first = {"type": "first_roll", "player": player, "die": 6 if i == 0 else i}
            send(number, first, "dart in play")
    send(2, {"type": "roll", "player": roller(2), "dice": [6, 2, 3]}, "dart in play")
    send(2, {"type": "roll", "player": roller(2), "dice": [1, 2, 3]}, "dart in play")
    for _ in range(3):
        bunko = {"type": "roll", "player": roller(1), "dice": [6, 6, 6]}
        send(1, bunko, "dart in play")
        send(1, {"type": "scramble", "team_a": 3, "team_b": 0}, "dart in play")
    send(1, {"type": "roll", "player": roller(1), "dice": [6, 6, 2]}, "dart in play")
    send(1, {"type": "roll", "player": roller(1), "dice": [6, 1, 1]}, "finishing dart")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="", help="a PostgreSQL URL; else SQLite")
    quick = bool(os.environ.get("BENCH_QUICK"))  # make bench-quick: small sizes
    parser.add_argument("--players", type=int, default=4 if quick else 8)
    parser.add_argument("--boards", type=int, default=2 if quick else 4)
    parser.add_argument("--polls", type=int, default=1)
    parser.add_argument("--idle", type=int, default=4)
    args = parser.parse_args()
    backend = "postgresql" if args.database else "sqlite"
    with (
        tempfile.TemporaryDirectory() as tmp,
        database(backend, Path(tmp), args.database) as url,
    ):
        name = make_url(url).database or ""
        admin = None
        if backend == "postgresql":
            admin = create_engine(make_url(args.database), isolation_level="AUTOCOMMIT")
            before = xacts(admin, name)
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "bench-secret-key-of-at-least-32-bytes!!",
                "SQLALCHEMY_DATABASE_URI": url,
                "WTF_CSRF_ENABLED": False,
                "SERVER_NAME": "referee.test",
            }
        )
        count = Counter()
        with app.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", count.note)
        client = app.test_client()
        play_round_robin(client, count, args)
        play_bunko_night(client, count)
        event.remove(engine, "before_cursor_execute", count.note)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        print(
            f"tournament night on {backend}: a {args.players}-player round robin on "
            f"{args.boards} boards and a bunko night of 8, {args.polls} poll(s) a dart"
        )
        print(
            f"{'request':<16} {'count':>6} {'statements':>11} {'per request':>12}"
            f" {'median ms':>10}"
        )
        for kind in ("dart in play", "finishing dart", "tournament GET", "lone dart"):
            n, s = count.requests[kind], count.statements[kind]
            ms = statistics.median(count.seconds[kind]) * 1000
            print(f"{kind:<16} {n:>6} {s:>11} {s / max(n, 1):>12.2f} {ms:>10.2f}")
        ratio = statistics.median(count.seconds["dart in play"]) / statistics.median(
            count.seconds["lone dart"]
        )
        print(f"a tournament's dart in play / a lone match's dart: {ratio:.2f}x")
        reads = count.tournament_reads
        print(
            "tournament row reads: "
            + ", ".join(f"{k} {reads[k]}" for k in ("dart in play", "finishing dart"))
        )
        if admin is not None:
            after = xacts(admin, name)
            commits, rollbacks = after[0] - before[0], after[1] - before[1]
            print(
                f"pg_stat_database: xact_commit {commits}, xact_rollback {rollbacks} "
                f"(rollbacks per commit {rollbacks / max(commits, 1):.2f})"
            )
            admin.dispose()


if __name__ == "__main__":
    main()
