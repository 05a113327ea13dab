"""Run every fuzz target in ``targets.py`` for a share of a fixed budget.

``make fuzz`` (``FUZZ_SECONDS`` in all, 60 by default, split evenly) runs this. Each
target runs in its own process; a crash (any exception but ``BadInput`` or
``Refused``), a hang past ``FUZZ_TIMEOUT`` seconds on one input, or a target that did
not run, fails the whole run with exit 1. The input that crashed is kept in
``FUZZ_ARTIFACTS`` (``.fuzz/`` by default) so that it can be replayed:
``.venv/bin/python tests/fuzz/targets.py events .fuzz/crash-...``.

The last lines say, per target, the executions, the edges covered and the crashes, then
one ``N passed, N failed`` line.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGETS = ("notation", "events", "tools")
_DONE = re.compile(r"#(\d+)\s+DONE\s+cov: (\d+) ft: (\d+)")
_LINE = re.compile(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+)")


def run(name: str, seconds: int, timeout: int, artifacts: Path) -> tuple[bool, str]:
    """One target for ``seconds``: (passed, a line of figures)."""
    began = time.monotonic()
    proc = subprocess.run(  # nosec B603: our own interpreter and script, no shell
        [
            sys.executable,
            str(HERE / "targets.py"),
            name,
            f"-max_total_time={seconds}",
            f"-timeout={timeout}",
            f"-artifact_prefix={artifacts}/{name}-",
            "-print_final_stats=1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
        timeout=seconds + timeout + 120,
    )
    took = time.monotonic() - began
    log = proc.stdout + proc.stderr
    done = _DONE.search(log)
    crashed = proc.returncode != 0 or done is None
    if crashed:  # the exception and its traceback, else libFuzzer's last words
        start = log.find("=== Uncaught Python exception")
        sys.stderr.write(log[start:][:8000] if start >= 0 else log[-6000:])
    last = done or (_LINE.findall(log) or [None])[-1]
    runs, cov, ft = (last.groups() if done else last) if last else ("?", "?", "?")
    figures = (
        f"fuzz {name}: {runs} executions in {took:.0f} s, cov {cov} edges, "
        f"ft {ft} features, crashes {1 if crashed else 0}"
    )
    return not crashed, figures


def main() -> int:
    total = int(os.environ.get("FUZZ_SECONDS", "60"))
    timeout = int(os.environ.get("FUZZ_TIMEOUT", "10"))
    artifacts = Path(os.environ.get("FUZZ_ARTIFACTS", str(ROOT / ".fuzz")))
    artifacts.mkdir(parents=True, exist_ok=True)
    share = max(1, total // len(TARGETS))
    results = [run(name, share, timeout, artifacts) for name in TARGETS]
    for _, figures in results:
        print(figures)
    passed = sum(ok for ok, _ in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
