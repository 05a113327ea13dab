"""Run pip-audit on the installed environment; fail on any known vulnerability.

pip-audit asks PyPI's JSON API (``/pypi/<name>/<version>/json``) for advisories.
Where that API cannot be reached, pip-audit skips every package and still prints "No
known vulnerabilities found"; this script says plainly how many packages were not
audited instead, so a green run is never mistaken for a clean audit. Set
``PIP_AUDIT_STRICT=1`` to fail when any package could not be audited.
"""

from __future__ import annotations

import json
import os
import subprocess  # nosec B404  # runs pip-audit, a fixed command
import sys


def main() -> int:
    run = subprocess.run(  # nosec B603  # fixed argv, no shell, no user input
        [
            sys.executable,
            "-m",
            "pip_audit",
            "--skip-editable",
            "--progress-spinner",
            "off",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        print(run.stdout + run.stderr, file=sys.stderr)
        print("pip-audit: no report (see above)", file=sys.stderr)
        return 1
    deps = report["dependencies"]
    vulnerable = [d for d in deps if d.get("vulns")]
    audited = [d for d in deps if "skip_reason" not in d]  # the project is editable
    skipped = [
        d for d in deps if "skip_reason" in d and "editable" not in d["skip_reason"]
    ]
    for dep in vulnerable:
        for vuln in dep["vulns"]:
            fixes = ", ".join(vuln.get("fix_versions") or []) or "none yet"
            print(f"{dep['name']} {dep['version']}: {vuln['id']} (fixed in {fixes})")
    print(
        f"pip-audit: {len(audited)} packages audited, {len(vulnerable)} with known "
        f"vulnerabilities, {len(skipped)} not audited"
    )
    if skipped and not audited:
        print(
            "pip-audit: WARNING: the vulnerability service was not reachable from "
            "this machine; nothing was audited.",
            file=sys.stderr,
        )
    if vulnerable:
        return 1
    if skipped and os.environ.get("PIP_AUDIT_STRICT") == "1":
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
