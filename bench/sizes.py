"""State and answer bytes per game, at 100 events and at 5,000 (or the match's end).

Usage: .venv/bin/python bench/sizes.py [events] [--before REF] [--quick]
(default 5000 events, 500 with --quick or BENCH_QUICK=1; --before main: the engines
of that git ref, measured in the same run; --before '' skips them)

For every game a long match (tests/long_matches.py: seeded legal events, the options
that make it longest; golf, basketball and bowling cards from their make-believe
tables) is played through the engine, in process. At event 100 and at the last event
it prints the bytes of the state the match row stores and of the answer a POST
returns (the ruling and the board), and the ratio long/short. The engines of REF
(extracted with ``git archive`` into a temporary directory) play the same matches in
a child process first, so "before" and "after" come from one run. Sizes only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess  # nosec B404  # git and this script, fixed arguments
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHORT = 100


def size(value: object) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def measure(events: int) -> list[list[object]]:
    """Per game: [id, last event, state and answer bytes at SHORT and at the last]."""
    from referee import games
    from tests import long_matches

    rows: list[list[object]] = []
    for game_id in games.GAME_IDS:
        short = last = None
        for played in long_matches.play(game_id, events):
            if played.n == SHORT:
                short = played
            last = played
        assert last is not None, game_id
        short = short or last
        rows.append(
            [
                game_id,
                last.n,
                size(short.state),
                size(last.state),
                size(short.answer),
                size(last.answer),
            ]
        )
    return rows


def before(ref: str, events: int) -> list[list[object]] | None:
    """The same measure with the engines of ``ref`` (None if git cannot give them)."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(  # nosec B603 B607  # git, fixed argv
            ["git", "-C", str(ROOT), "archive", ref, "referee"],
            capture_output=True,
            check=False,
        )
        if archive.returncode:
            why = archive.stderr.decode().strip()
            print(f"(no 'before': git archive {ref}: {why})")
            return None
        subprocess.run(  # nosec B603 B607
            ["tar", "-x", "-C", tmp], input=archive.stdout, check=True
        )
        out = subprocess.run(  # nosec B603  # this script, fixed argv
            [sys.executable, __file__, str(events), "--json"],
            env={**os.environ, "PYTHONPATH": f"{tmp}{os.pathsep}{ROOT}"},
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(out.stdout)


def table(label: str, rows: list[list[object]]) -> None:
    print(f"\n{label}")
    print(f"{'game':24} {'events':>6}  {'state':>16} {'x':>5}  {'answer':>16} {'x':>5}")
    for game_id, n, s0, s1, a0, a1 in rows:
        print(
            f"{game_id:24} {n:>6}  {s0:>7,} -> {s1:>7,} {s1 / s0:>5.1f}  "
            f"{a0:>7,} -> {a1:>7,} {a1 / a0:>5.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events", nargs="?", type=int, default=None)
    parser.add_argument(
        "--quick", action="store_true", help="500 events (also BENCH_QUICK=1)"
    )
    parser.add_argument("--before", default="main")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.events is None:
        quick = args.quick or os.environ.get("BENCH_QUICK", "") not in ("", "0")
        args.events = 500 if quick else 5000
    if args.json:  # the child: whichever referee PYTHONPATH puts first
        print(json.dumps(measure(args.events)))
        return
    sys.path.insert(0, str(ROOT))
    print(
        f"bytes of the stored state and of a POST's answer (ruling and board), at "
        f"event {SHORT} -> event {args.events} or the match's end; x = long / short"
    )
    old = before(args.before, args.events) if args.before else None
    if old:
        table(f"before ({args.before}'s engines):", old)
    new = measure(args.events)
    table("after (this tree):", new)
    if old:
        print("\nat the last event, after / before:")
        for (game_id, _, _, s_old, _, a_old), (_, _, _, s_new, _, a_new) in zip(
            old, new, strict=True
        ):
            state, answer = s_new / s_old, a_new / a_old
            print(f"  {game_id:24} state {state:5.2f}  answer {answer:5.2f}")


if __name__ == "__main__":
    main()
