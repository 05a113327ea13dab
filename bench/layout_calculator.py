"""How fast the golf and basketball layout calculators score a layout and say why.

Run from the repository root: ``.venv/bin/python bench/layout_calculator.py [layouts]``.
The layouts are pseudo-random but fixed (a seeded generator), half from a whole pack
and half from four ranks, so that pairs and sets are common. The baseline, timed in
the same run over the same layouts, only adds up the card values: what any scorer
must at least do. The ratios show what explaining the score (columns, sets, the
rules cited) and parsing the request cost on top of that.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import basketball_ten  # noqa: E402
from referee.games import cards  # noqa: E402
from referee.games import get  # noqa: E402
from referee.games import golf_six  # noqa: E402
from referee.games.fields import parse_fields  # noqa: E402

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))

SEED = 20261124
PACK = [r + s for s in cards.SUITS for r in cards.RANKS]


def layouts(count: int, size: int) -> list[list[str]]:
    rng = random.Random(SEED + size)
    out = []
    for i in range(count):
        if i % 2:
            low = rng.randint(1, 10)
            pool = [c for c in PACK if low <= cards.rank_index(c) < low + 4]
        else:
            pool = PACK
        out.append(rng.sample(pool, size))
    return out


def timed(run: Callable[[list[str]], object], sample: list[list[str]]) -> float:
    begin = time.perf_counter()
    for layout in sample:
        run(layout)
    return time.perf_counter() - begin


def report(title: str, rows: list[tuple[str, Callable]], sample: list) -> None:
    print(f"{title}: {len(sample)} layouts")
    base = None
    for label, run in rows:
        took = min(timed(run, sample) for _ in range(5))  # best of 5: least noise
        base = base or took
        per = took / len(sample) * 1e6
        print(
            f"  {label:<38} {took:7.3f} s  {len(sample) / took:>10,.0f}/s  "
            f"{per:6.1f} us each  x{took / base:5.1f}"
        )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000 if QUICK else 20000
    golf = get("golf-six")
    golf_tool = golf.tools[0]
    report(
        "six card golf",
        [
            (
                "baseline: add up the card values",
                lambda lay: sum(map(golf_six.card_value, lay)),
            ),
            ("score with columns and reasons", golf_six.score),
            (
                "calculator tool (parsing included)",
                lambda lay: golf_tool.run(
                    parse_fields(
                        golf_tool.fields, {"layout": " ".join(lay)}, None, golf
                    )
                ),
            ),
        ],
        layouts(count, 6),
    )
    ball = get("basketball-ten")
    ball_tool = ball.tools[0]
    report(
        "ten-card basketball",
        [
            (
                "baseline: add up the card values",
                lambda lay: sum(map(basketball_ten.card_value, lay)),
            ),
            ("score with sets and reasons", basketball_ten.score),
            (
                "calculator tool (parsing included)",
                lambda lay: ball_tool.run(
                    parse_fields(
                        ball_tool.fields, {"layout": " ".join(lay)}, None, ball
                    )
                ),
            ),
        ],
        layouts(count, 10),
    )


if __name__ == "__main__":
    main()
