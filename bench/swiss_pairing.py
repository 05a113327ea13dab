"""Swiss pairing and bracket resolution: how long a round's pairing takes.

Prints figures, asserts nothing. For each size, plays whole Swiss events (random
results from a fixed seed) to the most rounds a Swiss allows (a round robin's worth,
at most 15: late rounds need the backtracking search) and times ``pair`` for each round,
against ``standings`` over the same rounds (the baseline: ``pair`` calls it once,
so the ratio is what the search adds). Then the bracket: ``resolve`` of a double
elimination after each result, as the format does on every event.

    .venv/bin/python bench/swiss_pairing.py [events]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

from referee.formats import swiss_pairing as sw
from referee.formats.bracket import Bracket

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))


def timed(fn, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    out = fn(*args)
    return time.perf_counter() - start, out


def swiss(size: int, events: int) -> None:
    players = [f"P{i}" for i in range(1, size + 1)]
    pair_times: dict[str, list[float]] = {"early": [], "late": []}
    base_times: list[float] = []
    repeats = 0
    for seed in range(events):
        rng = random.Random(seed)
        rounds: list[list[sw.Game]] = []
        total = sw.max_rounds(size)
        for r in range(total):
            took, pairing = timed(sw.pair, players, rounds)
            base, _ = timed(sw.standings, players, rounds)
            pair_times["early" if r < sw.default_rounds(size) else "late"].append(took)
            base_times.append(base)
            repeats += pairing.repeats
            games = [sw.Game(g, winner=rng.choice(g)) for g in pairing.games]
            if pairing.bye:
                games.append(sw.Game((pairing.bye,)))
            rounds.append(games)
    base = statistics.median(base_times)
    for phase, times in pair_times.items():
        if not times:
            continue
        med, worst = statistics.median(times), max(times)
        print(
            f"  {size:3d} players, {phase:5s} rounds: pair median {med * 1e3:7.2f} ms "
            f"(worst {worst * 1e3:7.2f} ms), {med / base:5.1f}x the standings"
        )
    print(f"  {size:3d} players: {repeats} repeated pairings over {events} events")


def bracket(size: int) -> None:
    b = Bracket("double", tuple(f"P{i}" for i in range(1, size + 1)))
    results: dict[str, str] = {}
    times = []
    while ready := b.ready(results):
        took, _ = timed(b.resolve, results)
        times.append(took)
        results[ready[0].id] = ready[0].sides[0]
    print(
        f"  double elimination of {size}: {len(times)} results, resolve median "
        f"{statistics.median(times) * 1e3:.2f} ms (worst {max(times) * 1e3:.2f} ms)"
    )


def main() -> None:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 1 if QUICK else 5
    print("Swiss pairing (the most rounds allowed; late = past log2):")
    for size in (10, 16, 33, 64):
        swiss(size, events if size < 64 else max(1, events // 5))
    print("Bracket resolution after each result:")
    for size in (8, 33, 128):
        bracket(size)


if __name__ == "__main__":
    main()
