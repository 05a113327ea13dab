"""Darts checkout suggestions: how often they are the chart's, and what they cost.

Run from the repository root: ``.venv/bin/python bench/checkouts.py [rounds]``.
Prints, for the first route of every score 41-170 with three darts in hand, the share
that is in the standard three-dart checkout chart (``tests/games/checkout_chart.py``,
issue 26 asks for at least 90 %) and the share whose fewest darts agree with it; the
same share with two darts in hand, against the chart's two-dart routes; the cold
build of every route table (a server does it once, at start); and the time per
suggestion once built (``checkouts.routes`` for every score 2-170 and 1-3 darts in
hand, as the board asks after each dart), beside a plain dict lookup of the same
keys in the same run, for scale. ``BENCH_QUICK`` runs fewer rounds.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import checkouts  # noqa: E402
from tests.games.checkout_chart import CHART  # noqa: E402

QUICK = bool(os.environ.get("BENCH_QUICK"))  # fewer rounds, the same code paths

KEYS = [(n, d) for n in range(2, 171) for d in (1, 2, 3)]


def _first(remaining: int, darts: int) -> str | None:
    found = checkouts.routes(remaining, darts, limit=1)
    return " ".join(found[0]) if found else None


def agreement() -> None:
    three = sum(_first(n, 3) in routes for n, routes in CHART.items())
    fewest = sum(
        len(checkouts.routes(n, 3)[0]) == min(len(r.split()) for r in routes)
        for n, routes in CHART.items()
    )
    two_dart = {
        n: [r for r in routes if len(r.split()) == 2] for n, routes in CHART.items()
    }
    charted = {n: r for n, r in two_dart.items() if r}
    two = sum(_first(n, 2) in r for n, r in charted.items())
    total = len(CHART)
    share = f"{100 * three / total:.1f} %"
    print(f"first routes 41-170 in the chart (3 darts): {three}/{total} = {share}")
    print(f"fewest darts as the chart's:               {fewest}/{total}")
    share = f"{100 * two / len(charted):.1f} %"
    print(
        f"first routes in its two-dart routes (2 darts): {two}/{len(charted)} = {share}"
    )


def timing(rounds: int) -> None:
    builds = []
    for _ in range(3 if QUICK else 5):
        checkouts._table.cache_clear()
        checkouts._finishable.cache_clear()
        start = time.perf_counter()
        checkouts._tables()
        builds.append(time.perf_counter() - start)
    best, median = 1000 * min(builds), 1000 * statistics.median(builds)
    print(
        f"cold build of every route table: {best:.0f} ms best, {median:.0f} ms median"
    )
    plain = {key: [["D1"]] for key in KEYS}
    per_call: list[float] = []
    per_lookup: list[float] = []
    for _ in range(rounds):
        start = time.perf_counter()
        for n, d in KEYS:
            checkouts.routes(n, d)
        per_call.append((time.perf_counter() - start) / len(KEYS))
        start = time.perf_counter()
        for key in KEYS:
            list(plain[key])
        per_lookup.append((time.perf_counter() - start) / len(KEYS))
    call, lookup = min(per_call), min(per_lookup)
    ratio = call / lookup
    print(f"a suggestion (routes(), best 3, warm): {1e6 * call:.2f} us each")
    print(
        f"a plain dict lookup of the same keys:  {1e6 * lookup:.2f} us (x {ratio:.1f})"
    )


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5 if QUICK else 50
    agreement()
    timing(rounds)


if __name__ == "__main__":
    main()
