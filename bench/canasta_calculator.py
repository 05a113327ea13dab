"""How fast the canasta meld calculator rules on a side's melds and adds them up.

Run from the repository root: ``.venv/bin/python bench/canasta_calculator.py [sides]``.
The sides are pseudo-random but fixed (a seeded generator): 6 to 30 cards of the
108-card pack (no red threes, at most two copies of a card), written rank by rank with
the wild cards after the rank they join, so melds, canastas and illegal groups all
occur. The baseline, timed in the same run over the same sides, only adds up the card
values: what any scorer must at least do. The ratios show what grouping, the legality
checks with their rules, the canasta classes and parsing the request cost on top.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import cards  # noqa: E402
from referee.games import get  # noqa: E402
from referee.games.canasta import melds  # noqa: E402
from referee.games.fields import parse_fields  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20261124
PACK = [
    c
    for c, n in cards.DECKS["canasta"].copies.items()
    for _ in range(n)
    if c not in melds.RED_THREES
]


def sides(count: int) -> list[list[str]]:
    """``count`` fixed sides' melds, naturals rank by rank, each wild after a rank."""
    rng = random.Random(SEED)
    out = []
    for _ in range(count):
        hand = rng.sample(PACK, rng.randint(6, 30))
        naturals = sorted(
            (c for c in hand if not melds.is_wild(c)), key=cards.rank_index
        )
        wilds = [c for c in hand if melds.is_wild(c)]
        laid: list[str] = []
        for card in naturals:
            laid.append(card)
            if wilds and rng.random() < 0.2:
                laid.append(wilds.pop())
        if laid:
            laid.extend(wilds)
        out.append(laid or ["AS", "AH", "AD"])
    return out


def timed(run: Callable[[list[str]], object], sample: list[list[str]]) -> float:
    begin = time.perf_counter()
    for laid in sample:
        run(laid)
    return time.perf_counter() - begin


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500 if QUICK else 20000
    game = get("canasta")
    tool = game.tools[0]
    sample = sides(count)
    legal = sum(melds.evaluate(laid)["legal"] for laid in sample)
    print(f"canasta sides: {count} ({legal} all legal), {sum(map(len, sample))} cards")
    rows = [
        ("baseline: add up the card values", lambda laid: melds.points(laid)),
        ("evaluate: groups, checks, canastas", melds.evaluate),
        (
            "calculator tool (parsing included)",
            lambda laid: tool.run(
                parse_fields(tool.fields, {"cards": " ".join(laid)}, None, game)
            ),
        ),
    ]
    base = None
    for label, run in rows:
        took = min(timed(run, sample) for _ in range(5))  # best of 5: least noise
        base = base or took
        per = took / count * 1e6
        print(
            f"  {label:<38} {took:7.3f} s  {count / took:>10,.0f}/s  "
            f"{per:6.1f} us each  x{took / base:5.1f}"
        )


if __name__ == "__main__":
    main()
