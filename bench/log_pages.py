"""Reading a long match's log: the API's first page, the log page, the exports.

Run from the repository root: ``.venv/bin/python bench/log_pages.py [--long 5000]``.
Everything runs on SQLite in a temporary directory (PostgreSQL with ``--database``).

Two darts 301 matches in nine-dart legs, one of 100 events and one of ``--long``,
each read in process through the test client (no network): the match page (its
recent log), ``GET /events`` (no parameters: the first page), ``/m/<id>/log`` (the
newest entries), ``export.csv`` and ``export.json``. For each: the time to the first
byte of the body and to the last, the bytes, min of ``--repeats``; then the long
match's time over the short one's (a flat read stays near 1). A second pair of
matches has its event #5 corrected (and 18 darts thrown after it), so the reads that
re-rule after a correction are shown too.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.serve import app_for  # noqa: E402
from tests.serve import database  # noqa: E402

GAME = "darts-301"
OPTIONS = {"start": "301", "legs": 21, "sets": 13}
# Nine darts a leg (180, three misses, 121 checkout): legs keep finishing.
DARTS = ("T20", "T20", "T20", "M", "M", "M", "T20", "T19", "D2")


def build(app: Any, events: int, correct: bool) -> str:
    from referee import ledger

    client = app.test_client()
    made = client.post(
        "/api/v1/matches",
        json={"game": GAME, "players": ["Ann", "Bob"], "options": OPTIONS},
    ).get_json()
    with app.app_context():
        for n in range(events):
            event = {"type": "dart", "dart": DARTS[n % len(DARTS)]}
            ledger.append(made["id"], event, idem_key=uuid.uuid4().hex)
        if correct:
            # #5 is a miss in the second player's turn: a miss again, so the log fits
            ledger.amend(made["id"], 5, {"type": "dart", "dart": "M"})
            for n in range(events, events + 18):  # play goes on after it
                event = {"type": "dart", "dart": DARTS[n % len(DARTS)]}
                ledger.append(made["id"], event, idem_key=uuid.uuid4().hex)
    return str(made["id"])


def timed(client: Any, url: str, repeats: int) -> tuple[float, float, int]:
    """Min seconds to the first body byte and to the last, and the body's bytes."""
    firsts, lasts, size = [], [], 0
    client.get(url).close()  # warm: templates compiled, caches filled, not timed
    for _ in range(repeats):
        start = time.perf_counter()
        response = client.get(url, buffered=False)
        chunks = iter(response.response)
        first = b""
        for chunk in chunks:  # the first non-empty piece of the body
            first = chunk if isinstance(chunk, bytes) else chunk.encode()
            if first:
                break
        firsts.append(time.perf_counter() - start)
        size = len(first) + sum(
            len(c if isinstance(c, bytes) else c.encode()) for c in chunks
        )
        lasts.append(time.perf_counter() - start)
        response.close()
        assert response.status_code == 200, (url, response.status_code)
    return min(firsts), min(lasts), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    quick = bool(os.environ.get("BENCH_QUICK"))  # make bench-quick: small sizes
    parser.add_argument("--long", type=int, default=500 if quick else 5000)
    parser.add_argument("--short", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=1 if quick else 3)
    parser.add_argument("--database", default="", help="a PostgreSQL URL")
    args = parser.parse_args()
    backend = "postgresql" if args.database else "sqlite"
    with (
        tempfile.TemporaryDirectory() as tmp,
        database(backend, Path(tmp), args.database) as url,
    ):
        app = app_for(url)
        client = app.test_client()
        for correct in (False, True):
            ids = {n: build(app, n, correct) for n in (args.short, args.long)}
            label = "event #5 corrected" if correct else "clean"
            print(
                f"\n{label}: ms to first byte / to last byte, KB (min of "
                f"{args.repeats}); ratio long/short of first byte"
            )
            for name, path in (
                ("/m/<id>", "/m/{}"),
                ("GET /events", "/api/v1/matches/{}/events"),
                ("/m/<id>/log", "/m/{}/log"),
                ("export.csv", "/m/{}/export.csv"),
                ("export.json", "/m/{}/export.json"),
            ):
                figures = {
                    n: timed(client, path.format(i), args.repeats)
                    for n, i in ids.items()
                }
                (s1, s2, s3), (l1, l2, l3) = figures[args.short], figures[args.long]
                print(
                    f"  {name:12} {args.short:>5}: {s1 * 1e3:7.1f} / {s2 * 1e3:7.1f}"
                    f" ms {s3 / 1e3:7.1f} KB   {args.long:>5}: {l1 * 1e3:7.1f} / "
                    f"{l2 * 1e3:7.1f} ms {l3 / 1e3:7.1f} KB   x{l1 / s1:5.1f}"
                )


if __name__ == "__main__":
    main()
