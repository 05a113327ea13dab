"""How long a player's profile takes: figures replayed from the raw logs, cached.

Run from the repository root: ``.venv/bin/python bench/profiles.py [matches]``.
On SQLite in a temporary directory: one profile linked to ``matches`` darts 301
matches of 30 rounds each (default 40). Prints the median time of building the
profile cold (every match replayed from its log) and warm (the per-match cache
keyed by the match's version), the ratio between them, and for scale one replay
of one match's log through the engine alone.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from flask_migrate import upgrade

from referee import create_app
from referee import ledger
from referee import profiles
from referee.db import MIGRATIONS
from referee.db import db

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

ROUNDS = [["S5", "S1", "M"], ["S3", "S3", "S3"], ["T5", "S1", "M"]] * 10


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5 if QUICK else 40
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(tmp) / 'bench.sqlite'}",
                "SECRET_KEY": "bench-secret-key-of-at-least-32-bytes!!",
            }
        )
        with app.app_context():
            upgrade(directory=str(MIGRATIONS))
            for _ in range(count):
                match = ledger.create_match(
                    "darts-301", ["Ann", "Bob"], {"start": "701", "legs": 9}
                )
                for darts in ROUNDS:
                    ledger.append(match.id, {"type": "round", "darts": darts})
                profiles.link_match(ledger.get(match.id), ["Ann Smith", None], "bench")
            player = profiles.by_name("Ann Smith")
            assert player is not None
            cold, warm = [], []
            for _ in range(5):
                profiles._cache.clear()
                began = time.perf_counter()
                profiles.profile(player)
                cold.append(time.perf_counter() - began)
                began = time.perf_counter()
                profiles.profile(player)
                warm.append(time.perf_counter() - began)
            one = ledger.get(match.id)
            began = time.perf_counter()
            ledger.replay(one)
            replay = time.perf_counter() - began
            db.session.remove()
            db.engine.dispose()
    c, w = statistics.median(cold), statistics.median(warm)
    print(f"profile of {count} matches x {len(ROUNDS)} rounds (SQLite)")
    print(f"  cold (every log replayed)  {c * 1000:8.1f} ms")
    print(f"  warm (cached per version)  {w * 1000:8.1f} ms   ratio {c / w:5.1f}x")
    print(f"  one match's replay alone   {replay * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
