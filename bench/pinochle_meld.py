"""How fast the pinochle meld optimiser is, against a brute-force search, same hands.

Run from the repository root: ``.venv/bin/python bench/pinochle_meld.py [hands]``.
The hands are pseudo-random but fixed (a seeded generator): half are twenty cards
from the whole 80-card pack, half twenty from the cards that meld (A K Q J of trump,
jacks of diamonds, queens of spades, aces and kings), where runs, marriages and
arounds compete for the same cards. Every hand is checked: the optimiser and the
brute force must agree, or the script stops with the hand that differs.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import cards  # noqa: E402
from referee.games.pinochle import meld  # noqa: E402
from referee.games.pinochle.tools import meld_tool  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20261124
PACK = [c for c, n in cards.DECKS["pinochle"].copies.items() for _ in range(n)]
RICH = [
    c
    for c in PACK
    if c[-1] == "H" or c in ("JD", "QS") or cards.rank(c) in ("A", "K", "Q", "J")
]


def hands(count: int) -> list[tuple[list[str], str]]:
    """``count`` fixed 20-card hands, each with a trump suit."""
    rng = random.Random(SEED)
    out = []
    for i in range(count):
        if i % 2:
            out.append((rng.sample(RICH, 20), "H"))
        else:
            out.append((rng.sample(PACK, 20), rng.choice(cards.SUITS)))
    return out


def timed(label: str, run, sample) -> float:  # noqa: ANN001
    begin = time.perf_counter()
    for hand, trump in sample:
        run(hand, trump)
    took = time.perf_counter() - begin
    rate = len(sample) / took
    print(
        f"{label}: {len(sample)} hands in {took:.3f} s, {rate:,.0f} hands per second "
        f"({took / len(sample) * 1e6:.1f} us per hand)"
    )
    return rate


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500 if QUICK else 5000
    sample = hands(count)
    for hand, trump in sample:
        fast, slow = meld.declare(hand, trump).points, meld.brute_force(hand, trump)
        if fast != slow:
            raise SystemExit(f"differs on {' '.join(hand)} ({trump}): {fast} != {slow}")
    print(f"optimiser and brute force agree on all {count} hands")
    exact = timed("exact optimiser (meld.declare)", meld.declare, sample)
    brute = timed("brute-force search (meld.brute_force)", meld.brute_force, sample)
    timed(
        "meld tool (breakdown and summary)",
        lambda h, t: meld_tool({"cards": h, "trump": t}),
        sample,
    )
    print(f"optimiser / brute force: {exact / brute:.1f}x")


if __name__ == "__main__":
    main()
