"""State and answer bytes per game, at 100 events and at 5,000 (or the match's end).

Usage: .venv/bin/python bench/sizes.py [events]   (default 5000; CI's quick mode: 500)

For every game a long random match (tests/long_matches.py: seeded, legal events,
the options that make it longest) is played through the engine, in process. At
event 100 and at the last event it prints the bytes of the state the match row
stores and of the answer a POST returns (the ruling and the board), and the ratio
long/short. Each game is played twice in the same run: "before" with every hand
history kept whole in the state (as the engines did before issue 27; the window
set past any match's length), "after" with the latest ``HISTORY_WINDOW`` entries.
Sizes only, no times.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee import games  # noqa: E402
from referee.games import base  # noqa: E402
from tests import long_matches  # noqa: E402

SHORT = 100


def size(value: object) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def measure(game_id: str, events: int) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """(last event, (state, answer) at SHORT, (state, answer) at the last event)."""
    short = last = None
    for played in long_matches.play(game_id, events):
        if played.n == SHORT:
            short = played
        last = played
    assert last is not None
    short = short or last
    return (
        last.n,
        (size(short.state), size(short.answer)),
        (size(last.state), size(last.answer)),
    )


def main() -> None:
    events = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    window = base.HISTORY_WINDOW
    print(
        f"bytes of the stored state and of a POST's answer, at event {SHORT} and at "
        f"event {events} or the match's end; before = whole histories, after = the "
        f"latest {window}"
    )
    head = f"{'game':24} {'events':>6}  {'state':>15} {'x':>5}  {'answer':>15} {'x':>5}"
    for label, width in (("before", 10**9), ("after", window)):
        base.HISTORY_WINDOW = width
        print(f"\n{label}:\n{head}")
        for game_id in games.GAME_IDS:
            n, (s0, a0), (s1, a1) = measure(game_id, events)
            print(
                f"{game_id:24} {n:>6}  {s0:>6} -> {s1:>6} {s1 / s0:>5.1f}  "
                f"{a0:>6} -> {a1:>6} {a1 / a0:>5.1f}",
                flush=True,
            )
    base.HISTORY_WINDOW = window


if __name__ == "__main__":
    main()
