"""What an undo, a correction and a read after a correction cost as the log grows.

Run from the repository root: ``.venv/bin/python bench/corrections.py`` (about a
minute; ``--quick`` for small sizes). In process on SQLite in a temporary directory,
darts 301 in nine-dart legs (as bench/append.py builds them), at 100 / 1,000 / 5,000
events, the fastest of a few runs each:

- an append (the yardstick), the clean match page at 100 events;
- an undo of the last event (then the dart is entered again);
- a correction of event #5 (a miss made a single 1, then back), which re-checks
  every later event;
- the match page after that early correction.

It prints milliseconds and the ratios the issue sets: undo and correction over an
append (target <= 10x), the page after an early correction over the clean page at
100 events (target <= 1.5x). Each figure is the fastest of ``--runs`` (the machine
is shared: the minimum is the least disturbed). ``--root DIR`` runs another
checkout's code (a before and after in one sitting).
"""

from __future__ import annotations

import argparse
import copy
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
parser.add_argument(
    "--quick",
    action="store_true",
    default=bool(os.environ.get("BENCH_QUICK")),
    help="100 and 300 events only (also BENCH_QUICK=1)",
)
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--sizes", default="", help="event counts, e.g. 1000,5000")
parser.add_argument(
    "--against",
    default="",
    help="another checkout (e.g. main's): each size runs there and here in turn",
)
parser.add_argument("--rows-only", action="store_true", help=argparse.SUPPRESS)
parser.add_argument(
    "--every", type=int, default=0, help="checkpoint spacing to try (0: the ledger's)"
)
ARGS = parser.parse_args()
sys.path.insert(0, ARGS.root)

from tests.serve import app_for  # noqa: E402
from tests.serve import database  # noqa: E402

DARTS = ("T20", "T20", "T20", "M", "M", "M", "T20", "T19", "D2")
OPTIONS = {"start": "301", "legs": 21, "sets": 13}


def timed(run: Any) -> float:
    began = time.perf_counter()
    run()
    return (time.perf_counter() - began) * 1000


def measure(url: str, size: int, runs: int) -> dict[str, float]:
    from referee import ledger
    from referee.db import db

    app = app_for(url)
    client = app.test_client()
    if ARGS.every:  # another spacing: the trigger's and the ledger's alike
        from sqlalchemy import text

        from referee.ledger import folding
        from referee.models import checkpoint_trigger

        folding.CHECKPOINT_EVERY = ARGS.every
        with app.app_context():
            for sql in checkpoint_trigger(db.engine.dialect.name, ARGS.every):
                db.session.execute(text(sql))
            db.session.commit()
    made = client.post(
        "/api/v1/matches",
        json={"game": "darts-301", "players": ["Ann", "Bob"], "options": OPTIONS},
    ).get_json()
    match_id = made["id"]
    done = [0]

    def dart() -> None:
        event = {"type": "dart", "dart": DARTS[done[0] % len(DARTS)]}
        ledger.append(match_id, event, idem_key=uuid.uuid4().hex)
        done[0] += 1

    def page() -> None:
        assert client.get(f"/m/{match_id}").status_code == 200

    out: dict[str, list[float]] = {k: [] for k in ("append", "undo", "fix", "page")}
    with app.app_context():
        for _ in range(size):
            dart()
        db.session.remove()
        page()  # warm: templates compiled, connections made
        out["clean"] = [timed(page) for _ in range(runs)]
        for _ in range(runs):
            out["append"].append(timed(dart))
            out["undo"].append(
                timed(lambda: ledger.undo(match_id, idem_key="u" + uuid.uuid4().hex))
            )
            done[0] -= 1
            dart()
        for i in range(runs):
            # event #5 is Bob's first miss: a single 1 changes his score, never a leg
            fixed = {"type": "dart", "dart": "S1" if i % 2 == 0 else "M"}
            out["fix"].append(
                timed(
                    lambda f=fixed: ledger.amend(
                        match_id, 5, f, idem_key=uuid.uuid4().hex
                    )
                )
            )
        db.session.remove()
        out["page"] = [timed(page) for _ in range(runs)]
        out["kept"] = [_checkpoint_bytes(match_id) / done[0]]
        db.session.remove()
        db.engine.dispose()
    return {k: min(v) for k, v in out.items()}  # the least disturbed run


def _checkpoint_bytes(match_id: str) -> int:
    """Bytes of checkpoint state kept for the match (0 where there is no table)."""
    from sqlalchemy import text

    from referee.db import db

    try:
        found = db.session.execute(
            text("SELECT state FROM match_checkpoint WHERE match_id = :m"),
            {"m": match_id},
        ).scalars()
        return sum(len(str(state)) for state in found)
    except Exception:  # the code before checkpoints
        db.session.rollback()
        return 0


def fold_cost(size: int) -> None:
    """Microseconds per event of a fold in process: a copy per event (``apply``)
    against one copy per fold (``apply_owned``, where the game has it)."""
    from referee import games
    from referee.games.base import Setup

    game = games.get("darts-301")
    start = game.start(Setup(("Ann", "Bob"), game.parse_options(OPTIONS)))
    events = [
        game.parse_event({"type": "dart", "dart": DARTS[i % len(DARTS)]})
        for i in range(size)
    ]
    ways = [("apply (a copy per event)", game.apply)]
    owned = getattr(game, "apply_owned", None)
    if owned is not None:
        ways.append(("apply_owned (one copy per fold)", owned))
    for name, apply in ways:
        best = float("inf")
        for _ in range(3):
            state = copy.deepcopy(start)
            began = time.perf_counter()
            for event in events:
                state = apply(state, event).state
            best = min(best, time.perf_counter() - began)
        print(f"fold of {size} darts, {name}: {best / size * 1e6:.1f} us per event")


HEADER = (
    f"{'code':>6} {'events':>7} {'append':>8} {'undo':>8} {'fix #5':>8} "
    f"{'clean pg':>9} {'pg after':>9} {'undo/app':>9} {'fix/app':>8} {'pg/clean':>9} "
    f"{'pg/clean100':>12} {'ckpt B/ev':>9}"
)


def row(label: str, size: int, got: dict[str, float], clean100: float) -> str:
    return (
        f"{label:>6} {size:>7} {got['append']:>8.2f} {got['undo']:>8.2f} "
        f"{got['fix']:>8.2f} {got['clean']:>9.2f} {got['page']:>9.2f} "
        f"{got['undo'] / got['append']:>8.1f}x {got['fix'] / got['append']:>7.1f}x "
        f"{got['page'] / got['clean']:>8.2f}x "
        f"{got['page'] / clean100:>11.2f}x {got['kept']:>9.0f}"
    )


def one(size: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp, database("sqlite", Path(tmp)) as url:
        return measure(url, size, ARGS.runs)


def main() -> None:
    logging.disable(logging.INFO)  # the migrations' chatter
    sizes = [100, 300] if ARGS.quick else [100, 1000, 5000]
    if ARGS.sizes:
        sizes = [int(n) for n in ARGS.sizes.split(",")]
    if ARGS.rows_only:  # a child of --against: one size, figures as JSON
        print(json.dumps(one(sizes[0])))
        return
    every = f", checkpoints every {ARGS.every}" if ARGS.every else ""
    print(
        f"here: {ARGS.root}{every}"
        + (f"; there: {ARGS.against}" if ARGS.against else "")
    )
    fold_cost(sizes[-1])
    print(HEADER)
    roots = [("here", ARGS.root)] + ([("there", ARGS.against)] if ARGS.against else [])
    clean100: dict[str, float] = {}
    for size in sizes:
        for label, root in roots:  # in turn, so the machine's drift hits both
            if root == ARGS.root and not ARGS.against:
                got = one(size)
            else:
                child = [sys.executable, __file__, "--root", root, "--rows-only"]
                child += ["--sizes", str(size), "--runs", str(ARGS.runs)]
                if ARGS.every:
                    child += ["--every", str(ARGS.every)]
                out = subprocess.run(child, capture_output=True, text=True, check=True)
                got = json.loads(out.stdout.strip().splitlines()[-1])
            clean100.setdefault(label, got["clean"])
            print(row(label, size, got, clean100[label]), flush=True)


if __name__ == "__main__":
    main()
