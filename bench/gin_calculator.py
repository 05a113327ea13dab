"""How fast the gin rummy calculator finds the best discard and sets of 11-card hands.

Run from the repository root: ``.venv/bin/python bench/gin_calculator.py [hands]``
(``BENCH_QUICK=1``: 500 hands, for CI's ``make bench-quick``).
The hands are pseudo-random but fixed (a seeded generator), so runs compare; half are
dealt from the whole pack, half from a few adjacent ranks so that runs and groups
compete for the same cards, the case an exact search has to work hardest on.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import cards  # noqa: E402
from referee.games import get  # noqa: E402
from referee.games.fields import parse_fields  # noqa: E402
from referee.games.gin_rummy import melds  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20240905
PACK = [r + s for s in cards.SUITS for r in cards.RANKS]


def hands(count: int) -> list[list[str]]:
    """``count`` fixed 11-card hands."""
    rng = random.Random(SEED)
    out = []
    for i in range(count):
        if i % 2:
            low = rng.randint(1, 8)
            pool = [c for c in PACK if low <= cards.rank_index(c) < low + 6]
        else:
            pool = PACK
        out.append(rng.sample(pool, 11))
    return out


def timed(label: str, run, sample: list[list[str]]) -> None:  # noqa: ANN001
    begin = time.perf_counter()
    for hand in sample:
        run(hand)
    took = time.perf_counter() - begin
    per_hand = took / len(sample) * 1e6
    print(
        f"{label}: {len(sample)} hands in {took:.3f} s, "
        f"{len(sample) / took:,.0f} hands per second ({per_hand:.1f} us per hand)"
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500 if QUICK else 20000
    sample = hands(count)
    game = get("gin-rummy")
    tool = next(t for t in game.tools if t.name == "deadwood")
    timed("best discard and sets", melds.best_discard, sample)
    # The tool takes what parse_fields made of the form (a checked list of cards), so
    # the text a player types goes through the same parsing as a request.
    timed(
        "calculator tool (parsing included)",
        lambda h: tool.run(
            parse_fields(tool.fields, {"hand": " ".join(h)}, None, game)
        ),
        sample,
    )


if __name__ == "__main__":
    main()
