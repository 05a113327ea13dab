"""Long matches: what reads, undo, corrections and exports cost at 100 to 5,000 events.

Run from the repository root: ``.venv/bin/python bench/long_match.py [--quick]``
(``--quick`` or ``BENCH_QUICK=1``: 100 and 500 events, a few seconds, for CI). In
process, on SQLite in a temporary directory, through the Flask test client and the
public routes only; the matches are filled with ``referee.ledger.append`` (faster than
HTTP, same rows). Each match is darts 301 in nine-dart legs, as bench/append.py's (a)
builds it. At each length it times the best of at least ``--repeats`` calls (3; a
cheap call is repeated up to 15 times within half a second: the best is the least noisy
figure on a shared machine):

- the match page (``GET /m/<id>``, the scorer's view) on the clean match;
- ``GET /api/v1/matches/<id>/events`` (the first page, where it pages) and the CSV
  export's time to first byte (``/m/<id>/export.csv``), clean;
- an append (``POST .../events``) and an undo of the last event (``POST .../undo``),
  taking turns, so the match stays on its script;
- a correction of event #5 (``PUT .../events/5``), early in the log;
- the page, ``/events`` and the export again, now that an early event is corrected;
- bytes: the stored bytes of an event row (every column, mean of the newest 100 event
  rows) and of the match row's snapshot, and the answer bytes of an append POST.

Then it prints the issue's targets with the ratio measured in this run (never against
figures from another run) and MET or MISSED: the page after an early correction at the
longest length at most 1.5x the clean page at the shortest; undo and a correction at
most 10x an append at the longest length; ``/events`` first page and the export's first
byte independent of length (longest over shortest at most 1.5x).
"""

from __future__ import annotations

import argparse
import functools
import logging
import operator
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve import app_for  # noqa: E402
from tests.serve import database  # noqa: E402

GAME = "darts-301"
PLAYERS = ["Ann", "Bob"]
OPTIONS = {"start": "301", "legs": 21, "sets": 13}
# Nine darts a leg (bench/append.py's LEGS): 180, three misses, 121 checkout. Starters
# alternate, so 5,000 events are some 550 legs into a match of about 1,000.
DARTS = ("T20", "T20", "T20", "M", "M", "M", "T20", "T19", "D2")
EARLY = 5  # the event corrected: the other player's second miss in leg one
FIXES = ("S1", "S2", "S3", "S5")  # what #5 becomes, a new value each time

# The targets (ratios in this run).
PAGE_AFTER_FIX = 1.5  # page after an early fix at the longest / clean page at shortest
WRITE_OVER_APPEND = 10.0  # undo or correction / append, at the longest length
FLAT = 1.5  # /events first page, export first byte: longest / shortest

Client = Any


def event(n: int) -> dict[str, str]:
    return {"type": "dart", "dart": DARTS[n % len(DARTS)]}


def timed(run: Callable[[], Any]) -> float:
    began = time.perf_counter()
    run()
    return time.perf_counter() - began


def first_byte(client: Client, path: str) -> tuple[float, int, bool]:
    """Seconds to the first non-empty chunk of a GET, the whole body's bytes, paged."""
    began = time.perf_counter()
    response = client.get(path, buffered=False)
    chunks = response.iter_encoded()
    size, took = 0, None
    for chunk in chunks:
        if chunk and took is None:
            took = time.perf_counter() - began
        size += len(chunk)
    response.close()
    if response.status_code != 200:
        raise SystemExit(f"GET {path} answered {response.status_code}")
    paged = "next" in response.headers.get("Link", "")
    return took if took is not None else time.perf_counter() - began, size, paged


class Match:
    """One match of ``length`` events, and the calls the bench makes on it."""

    def __init__(self, app: Any, length: int) -> None:
        from referee import ledger
        from referee.db import db

        self.client = app.test_client()
        made = self.client.post(
            "/api/v1/matches",
            json={"game": GAME, "players": PLAYERS, "options": OPTIONS},
        ).get_json()
        self.id, self.key = made["id"], made["edit_key"]
        self.done = 0  # events in force, so the next dart follows the script
        with app.app_context():
            for _ in range(length):
                ledger.append(self.id, event(self.done), idem_key=uuid.uuid4().hex)
                self.done += 1
            db.session.remove()
        # The scorer's page, as the scorer sees it (pad and all).
        self.client.get(f"/m/{self.id}/join/{self.key}")
        self.answers: list[int] = []

    def _headers(self) -> dict[str, str]:
        return {
            "Authorization": f"Bearer {self.key}",
            "Idempotency-Key": uuid.uuid4().hex,
        }

    def _check(self, response: Any, what: str) -> Any:
        if response.status_code not in (200, 201):
            raise SystemExit(f"{what} answered {response.status_code}: {response.text}")
        return response

    def page(self) -> None:
        self._check(self.client.get(f"/m/{self.id}"), "the match page")

    def append(self) -> None:
        response = self.client.post(
            f"/api/v1/matches/{self.id}/events",
            json={"event": event(self.done)},
            headers=self._headers(),
        )
        self.answers.append(len(self._check(response, "an append").get_data()))
        self.done += 1

    def undo(self) -> None:
        response = self.client.post(
            f"/api/v1/matches/{self.id}/undo", json={}, headers=self._headers()
        )
        self._check(response, "an undo")
        self.done -= 1

    def correct(self, n: int) -> None:
        response = self.client.put(
            f"/api/v1/matches/{self.id}/events/{EARLY}",
            json={"event": {"type": "dart", "dart": FIXES[n % len(FIXES)]}},
            headers=self._headers(),
        )
        self._check(response, "a correction of #5")


def stored_bytes(app: Any, match_id: str) -> tuple[float, int]:
    """Mean stored bytes of the newest 100 event rows (every column), snapshot bytes.

    SQLite's ``length`` of each column as stored (JSON is text there), so a column
    another change adds or drops is counted without this script knowing it.
    """
    from sqlalchemy import func
    from sqlalchemy import select

    from referee.db import db
    from referee.models import Match as MatchRow
    from referee.models import MatchEvent

    with app.app_context():
        table = MatchEvent.__table__
        newest = (
            select(table)
            .where(table.c.match_id == match_id, table.c.kind == "event")
            .order_by(table.c.seq.desc())
            .limit(100)
            .subquery()
        )
        sizes = [func.coalesce(func.length(column), 0) for column in newest.c]
        per_row = functools.reduce(operator.add, sizes)
        mean = db.session.execute(select(func.avg(per_row))).scalar_one()
        head = MatchRow.__table__
        snapshot = db.session.execute(
            select(func.length(head.c.state)).where(head.c.id == match_id)
        ).scalar_one()
        db.session.remove()
    return float(mean or 0), int(snapshot or 0)


MOST = 15  # timed calls of a cheap operation at most, within BUDGET seconds
BUDGET = 0.5


def sampled(run: Callable[[], Any], repeats: int) -> list[Any]:
    """``run``'s results (each starts with its seconds), after one untimed call:
    at least ``repeats``, and more of a cheap one (up to MOST in BUDGET seconds),
    so the best of them is steady on a shared machine."""
    run()  # the first call warms what this match's first call reads cold
    out: list[Any] = []
    began = time.perf_counter()
    while len(out) < repeats or (
        len(out) < MOST and time.perf_counter() - began < BUDGET
    ):
        out.append(run())
    return out


def measure(app: Any, length: int, repeats: int) -> dict[str, Any]:
    match = Match(app, length)
    out: dict[str, Any] = {}

    def best(run: Callable[[], Any]) -> float:
        return min(s[0] for s in sampled(lambda: (timed(run),), repeats))

    def reads(tag: str) -> None:
        out[f"page {tag}"] = best(match.page)
        for name, path in (
            ("events", f"/api/v1/matches/{match.id}/events"),
            ("export", f"/m/{match.id}/export.csv"),
        ):
            got = sampled(lambda p=path: first_byte(match.client, p), repeats)
            out[f"{name} {tag}"] = min(t for t, _, _ in got)
            out[f"{name} bytes {tag}"] = got[-1][1]
            if name == "events":
                out["paged"] = got[-1][2]

    reads("clean")

    def append_then_undo() -> tuple[float, float]:
        return timed(match.append), timed(match.undo)

    pairs = sampled(append_then_undo, repeats)  # the match stays on its script
    out["append"] = min(a for a, _ in pairs)
    out["undo"] = min(u for _, u in pairs)
    fixes = 0

    def correct() -> None:
        nonlocal fixes
        match.correct(fixes)
        fixes += 1

    out["correct"] = best(correct)
    reads("fixed")
    out["row bytes"], out["snapshot bytes"] = stored_bytes(app, match.id)
    out["answer bytes"] = statistics.median(match.answers)
    out["events"] = match.done
    return out


def verdict(ratio: float, limit: float) -> str:
    return "MET" if ratio <= limit else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--lengths",
        default="",
        help="events per match, comma-separated (default 100,1000,5000)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="timed calls each")
    parser.add_argument(
        "--quick",
        action="store_true",
        default=bool(os.environ.get("BENCH_QUICK")),
        help="100 and 500 events (also BENCH_QUICK=1), for CI",
    )
    args = parser.parse_args()
    default = "100,500" if args.quick else "100,1000,5000"
    lengths = [int(n) for n in (args.lengths or default).split(",")]
    logging.disable(logging.INFO)  # the migrations' progress lines
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, SQLite in a temp "
        f"dir; darts 301 in nine-dart legs; best of {args.repeats} or more (ms)"
    )
    results: dict[int, dict[str, Any]] = {}
    with (
        tempfile.TemporaryDirectory(prefix="referee-bench-") as tmp_name,
        database("sqlite", Path(tmp_name)) as url,
    ):
        app = app_for(url)
        for length in lengths:
            began = time.perf_counter()
            results[length] = measure(app, length, args.repeats)
            took = time.perf_counter() - began
            print(f"  {length} events measured in {took:.1f} s", flush=True)
        from referee.db import db

        with app.app_context():
            db.engine.dispose()

    rows = (
        ("match page GET, clean", "page clean", 1000, "ms"),
        ("match page GET, #5 corrected", "page fixed", 1000, "ms"),
        ("append (POST event)", "append", 1000, "ms"),
        ("undo of the last event", "undo", 1000, "ms"),
        ("correction of event #5", "correct", 1000, "ms"),
        ("/events, clean", "events clean", 1000, "ms"),
        ("/events, #5 corrected", "events fixed", 1000, "ms"),
        ("/events bytes", "events bytes clean", 1, "B"),
        ("export.csv first byte, clean", "export clean", 1000, "ms"),
        ("export.csv first byte, #5 corr.", "export fixed", 1000, "ms"),
        ("export.csv bytes", "export bytes clean", 1, "B"),
        ("stored bytes per event row", "row bytes", 1, "B"),
        ("snapshot bytes (match row)", "snapshot bytes", 1, "B"),
        ("answer bytes per POST", "answer bytes", 1, "B"),
    )
    print(f"\n  {'':<34}" + "".join(f"{n:>11}" for n in lengths))
    for label, key, scale, unit in rows:
        cells = "".join(
            f"{results[n][key] * scale:>11.2f}"
            if unit == "ms"
            else f"{results[n][key] * scale:>11,.0f}"
            for n in lengths
        )
        print(f"  {label + ' (' + unit + ')':<34}{cells}")
    paged = {n: results[n]["paged"] for n in lengths}
    print(
        "  /events pages (a Link to a next page): "
        + ", ".join(f"{n}: {'yes' if p else 'no'}" for n, p in paged.items())
    )

    short, long_ = results[lengths[0]], results[lengths[-1]]
    lo, hi = lengths[0], lengths[-1]
    print(f"\nTargets (ratios measured in this run; {lo} and {hi} events):")
    targets = (
        (
            f"page after an early correction at {hi} / clean page at {lo}",
            long_["page fixed"] / short["page clean"],
            PAGE_AFTER_FIX,
        ),
        (f"undo / append at {hi}", long_["undo"] / long_["append"], WRITE_OVER_APPEND),
        (
            f"correction of #5 / append at {hi}",
            long_["correct"] / long_["append"],
            WRITE_OVER_APPEND,
        ),
        (
            f"/events first page at {hi} / at {lo}",
            long_["events clean"] / short["events clean"],
            FLAT,
        ),
        (
            f"export first byte at {hi} / at {lo}",
            long_["export clean"] / short["export clean"],
            FLAT,
        ),
        (
            f"/events first page, #5 corrected, at {hi} / clean at {lo}",
            long_["events fixed"] / short["events clean"],
            FLAT,
        ),
        (
            f"export first byte, #5 corrected, at {hi} / clean at {lo}",
            long_["export fixed"] / short["export clean"],
            FLAT,
        ),
    )
    for label, ratio, limit in targets:
        print(f"  {label:<62} {ratio:8.2f}x  (<= {limit})  {verdict(ratio, limit)}")


if __name__ == "__main__":
    main()
