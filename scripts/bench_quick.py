"""Run every bench/*.py in its quick mode; fail if any of them fails.

``make bench-quick`` (and CI) runs this. Each script is started with ``BENCH_QUICK=1``
in its environment and must then use small sizes (a few seconds, the same code paths)
and run to the end. A script that does not read ``BENCH_QUICK`` fails the run: every
benchmark must have a quick mode, or a broken one would go unnoticed. A script that
exits non-zero, or runs past ``BENCH_QUICK_TIMEOUT`` seconds (120), fails
the run. The scripts print figures only: no timing decides pass or fail but the limit.
"""

from __future__ import annotations

import os
import subprocess  # nosec B404  # runs the bench scripts, fixed argv
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOISE = ("INFO  [alembic",)  # the migrations' progress lines


def main() -> int:
    limit = float(os.environ.get("BENCH_QUICK_TIMEOUT", "120"))
    env = os.environ | {"BENCH_QUICK": "1", "PYTHONUNBUFFERED": "1"}
    results: list[tuple[str, str, float]] = []
    began = time.monotonic()
    for script in sorted((ROOT / "bench").glob("*.py")):
        if script.name.startswith("_"):
            continue  # the package's __init__, not a benchmark
        name = f"bench/{script.name}"
        if "BENCH_QUICK" not in script.read_text(encoding="utf-8"):
            print(f"== {name}: FAILED, no quick mode (it does not read BENCH_QUICK)")
            results.append((name, "FAILED (no quick mode)", 0.0))
            continue
        print(f"== {name}", flush=True)
        start = time.monotonic()
        try:
            run = subprocess.run(  # nosec B603  # our own scripts, no shell
                [sys.executable, str(script)],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=limit,
            )
            output, outcome = run.stdout, "ok" if run.returncode == 0 else "FAILED"
            if run.returncode:
                outcome += f" (exit {run.returncode})"
        except subprocess.TimeoutExpired as late:
            output = late.stdout if isinstance(late.stdout, str) else ""
            outcome = f"FAILED (over {limit:.0f} s)"
        for line in output.splitlines():
            if not line.startswith(NOISE):
                print(f"   {line}")
        took = time.monotonic() - start
        print(f"== {name}: {outcome}, {took:.1f} s", flush=True)
        results.append((name, outcome, took))
    failed = [name for name, outcome, _ in results if outcome.startswith("FAILED")]
    print(f"\nbench-quick: {len(results)} scripts, {time.monotonic() - began:.0f} s")
    for name, outcome, took in results:
        print(f"  {name:<32} {outcome:<22} {took:6.1f} s")
    if failed:
        print(f"bench-quick failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
