"""How a round robin's fold, standings and view scale with its size (pure, no app).

Run from the repository root: ``.venv/bin/python bench/round_robin.py [repeats]``.
For 8, 16 and 32 players, single and double: the time to fold one result (the
event and the follow-ups the service folds after it, with the deep copy the layer
makes) in a tournament half played; the standings with three tie-breaks, against a
plain points tally over the same results measured in the same run (the floor any
ranking costs); and the view every page and poll reads (time, and its size as JSON).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from referee.formats.round_robin import FORMAT as RR

# BENCH_QUICK=1 (make bench-quick, CI): small sizes, a few seconds, same code paths.
QUICK = bool(os.environ.get("BENCH_QUICK"))


def _median(run: Callable[[], Any], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def _settle(state: dict[str, Any]) -> dict[str, Any]:
    while follow := RR.follow_ups(state):
        state = RR.apply(state, follow[0]).state
    return state


def half_played(n: int, meetings: str) -> dict[str, Any]:
    players = [f"P{i:02d}" for i in range(n)]
    setup = RR.parse_setup({"game": "darts-301"}, players)
    options = RR.parse_options({"meetings": meetings})
    state = _settle(RR.apply(None, RR.create(players, options, None, setup)).state)
    for p in state["pairings"][: len(state["pairings"]) // 2]:
        winner = p["number"] % 2
        score = [3, p["number"] % 3] if winner == 0 else [p["number"] % 3, 3]
        event = {
            "type": "result",
            "pairing": p["number"],
            "table": None,
            "winner": winner,
            "score": score,
            "how": "played",
            "note": "",
            "source": "organiser",
            "match_seq": None,
        }
        state = _settle(RR.apply(state, event).state)
    return state


def tally(state: dict[str, Any]) -> list[tuple[str, int]]:
    points = dict.fromkeys(state["seeds"], 0)
    for p in state["pairings"]:
        if p["result"] and p["result"]["winner"] is not None:
            points[p["entrants"][p["result"]["winner"]]] += 2
    return sorted(points.items(), key=lambda kv: -kv[1])


def main(repeats: int) -> None:
    print(f"round robin, median of {repeats} runs each")
    print(
        f"{'players':>8} {'meet':>6} {'pairings':>8} {'fold 1 ms':>10} "
        f"{'standings ms':>13} {'tally ms':>9} {'ratio':>6} {'view ms':>8} "
        f"{'view KB':>8}"
    )
    for n in (8, 16) if QUICK else (8, 16, 32):  # quick: the 32s take most of it
        for meetings in ("single", "double"):
            state = half_played(n, meetings)
            todo = next(p for p in state["pairings"] if p["result"] is None)
            event = {
                "type": "result",
                "pairing": todo["number"],
                "table": None,
                "winner": 0,
                "score": [3, 1],
                "how": "played",
                "note": "",
                "source": "organiser",
                "match_seq": None,
            }
            fold = _median(
                lambda s=state, e=event: _settle(RR.apply(s, e).state), repeats
            )
            ranked = _median(lambda s=state: RR.standings(s), repeats)
            floor = _median(lambda s=state: tally(s), repeats)
            view = _median(lambda s=state: RR.view(s, []), repeats)
            size = len(json.dumps(RR.view(state, []))) / 1024
            print(
                f"{n:>8} {meetings:>6} {len(state['pairings']):>8} "
                f"{fold * 1000:>10.2f} {ranked * 1000:>13.2f} {floor * 1000:>9.3f} "
                f"{ranked / floor:>6.1f} {view * 1000:>8.2f} {size:>8.1f}"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1 if QUICK else 15)
