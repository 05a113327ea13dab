"""How fast the bowling solitaire solver says whether a strike or a spare is still on.

Run from the repository root: ``.venv/bin/python bench/bowling_solver.py [deals]``.
The deals are shuffled with a seeded generator, so every run times the same tables.
The baseline, timed in the same run on the same deals, lists the legal plays of the
opening table once (the ``plays`` helper): what any answer must at least look at.
The solver is timed twice: with every card known (the text's sample picture, an
exact answer) and with the ball cards below the tops face down (``?``, as a player
at the table sees them; the search then tries every number the pack has unseen).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games.bowling_solitaire import solver  # noqa: E402
from referee.games.bowling_solitaire.table import Table  # noqa: E402
from referee.games.bowling_solitaire.table import legal_plays  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20261124
PACK = [str(d) for d in range(10)] * 2


def deals(count: int) -> list[list[str]]:
    rng = random.Random(SEED)
    out = []
    for _ in range(count):
        cards = PACK[:]
        rng.shuffle(cards)
        out.append(cards)
    return out


def split(cards: list[str], hidden: bool) -> tuple[list[str], list[tuple[str, ...]]]:
    pins = cards[:10]
    piles = [tuple(cards[10:15]), tuple(cards[15:18]), tuple(cards[18:20])]
    if hidden:
        piles = [(p[0],) + (solver.HIDDEN,) * (len(p) - 1) for p in piles]
    return pins, piles


def unseen(pins: list[str], piles: list[tuple[str, ...]]) -> list[int]:
    left = [2] * 10
    for c in pins + [c for p in piles for c in p if c != solver.HIDDEN]:
        left[int(c)] -= 1
    return left


def plays(cards: list[str]) -> object:
    pins, piles = split(cards, hidden=True)
    return legal_plays(Table(tuple(pins), tuple(p[0] for p in piles)))


def solve(hidden: bool) -> Callable[[list[str]], object]:
    def run(cards: list[str]) -> object:
        pins, piles = split(cards, hidden)
        return solver.solve(pins, piles, unseen(pins, piles))

    return run


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10 if QUICK else 200
    sample = deals(count)
    rows = [
        ("baseline: list the legal plays once", plays),
        ("solver, every card known", solve(hidden=False)),
        ("solver, lower ball cards face down", solve(hidden=True)),
    ]
    print(f"Bowling solitaire solver: {count} seeded deals")
    base = None
    for label, run in rows:
        each = []
        for cards in sample:
            begin = time.perf_counter()
            run(cards)
            each.append(time.perf_counter() - begin)
        total = sum(each)
        base = base or total
        median = statistics.median(each) * 1e3
        print(
            f"  {label:<38} {total:7.3f} s  median {median:7.2f} ms"
            f"  worst {max(each) * 1e3:8.1f} ms  x{total / base:8.1f}"
        )
    known = [solver.solve(*split(c, False), unseen(*split(c, False))) for c in sample]
    strikes = sum(1 for r in known if r.strike)
    spares = sum(1 for r in known if r.spare)
    print(
        f"  with every card known: a strike is possible in {strikes} of {count} "
        f"deals, a spare (after stopping the first ball) in {spares}"
    )


if __name__ == "__main__":
    main()
