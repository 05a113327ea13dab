"""How fast the bowling cards frame calculator scores a frame and says why.

Run from the repository root: ``.venv/bin/python bench/bowling_calculator.py [frames]``.
The frames are pseudo-random but fixed (a seeded generator): six row cards from the
108-card pack, most with a legal cover (a third of them drawn from kings, deuces and
jokers so that strikes and runs of strikes are common), a few uncovered, and up to
three hand cards held. The baseline, timed in the same run over the same frames,
only adds up the pairs' best counts: what any scorer must at least do. The ratios
show what classifying each pair (strike, spare, error), the strike bonus, the
deduction and the reasons cost on top, and what parsing the request costs.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import bowling_cards as bc  # noqa: E402
from referee.games import cards  # noqa: E402
from referee.games import get  # noqa: E402
from referee.games.fields import parse_fields  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20261124
PACK = [r + s for s in cards.SUITS for r in cards.RANKS] * 2 + [cards.JOKER] * 4
STRIKERS = [c for c in set(PACK) if c == cards.JOKER or cards.rank(c) in ("K", "2")]

Cells = list[tuple[str, str | None]]


def frames(count: int) -> list[tuple[Cells, list[str]]]:
    rng = random.Random(SEED)
    out = []
    for _ in range(count):
        deck = list(PACK)
        rng.shuffle(deck)
        cells: Cells = []
        for _ in range(bc.ROW):
            row = deck.pop()
            pool = [c for c in deck if c in STRIKERS] if rng.random() < 0.35 else deck
            fits = [c for c in pool[:20] if bc.pair(row, c).kind != "over"]
            cover = rng.choice(fits) if fits and rng.random() < 0.9 else None
            if cover is not None:
                deck.remove(cover)
            cells.append((row, cover))
        held = [deck.pop() for _ in range(rng.randint(0, 3))]
        out.append((cells, held))
    return out


def baseline(frame: tuple[Cells, list[str]]) -> int:
    cells, held = frame
    total = 0
    for row, cover in cells:
        if cover is not None:
            both = [10 if c == cards.JOKER else max(bc.values(c)) for c in (row, cover)]
            total += min(10, sum(both))
    return total - len(held)


def timed(run: Callable[[tuple[Cells, list[str]]], object], sample: list) -> float:
    begin = time.perf_counter()
    for frame in sample:
        run(frame)
    return time.perf_counter() - begin


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000 if QUICK else 20000
    game = get("bowling-cards")
    tool = game.tools[0]
    sample = frames(count)

    def request(frame: tuple[Cells, list[str]]) -> dict:
        cells, held = frame
        pairs = [row if cover is None else f"{row}/{cover}" for row, cover in cells]
        return {"pairs": pairs, "held": held}

    requests = {id(f): request(f) for f in sample}
    rows = [
        ("baseline: add up the pairs' counts", baseline),
        ("score_frame: kinds, bonus, reasons", lambda f: bc.score_frame(*f)),
        (
            "calculator tool (parsing included)",
            lambda f: tool.run(parse_fields(tool.fields, requests[id(f)], None, game)),
        ),
    ]
    strikes = sum(
        bc.score_frame(*f).bonus > 0 for f in sample
    )  # frames with a strike run
    print(f"bowling cards frames: {len(sample)} ({strikes} with a strike bonus)")
    base = None
    for label, run in rows:
        took = min(timed(run, sample) for _ in range(5))  # best of 5: least noise
        base = base or took
        per = took / len(sample) * 1e6
        print(
            f"  {label:<38} {took:7.3f} s  {len(sample) / took:>10,.0f}/s  "
            f"{per:6.1f} us each  x{took / base:5.1f}"
        )


if __name__ == "__main__":
    main()
