"""The accessibility and quality audits of issue 26 (`make audits`, in CI).

    .venv/bin/python scripts/audits.py [--only NAME ...] [--no-lighthouse]

Serves the app on a fresh SQLite file and audits, in Debian's Chromium
(``CHROME_PATH``, /usr/bin/chromium by default; no browser is downloaded):

- every game's match page as its scorer sees it, with a few entries and an undone
  one (tests/e2e/tv_scenes.py), and the home, rules, rulebook, calculator,
  tournament and bunko night pages;
- axe-core (scripts/audit/node_modules/axe-core, injected with Playwright) on each
  page in the light and the dark theme: any violation fails;
- Lighthouse (mobile, its defaults; scripts/audit/lighthouse.mjs) on each page: each
  of performance, accessibility, best practices and SEO must be 95 or more.

Prints a line per page with the four scores and the axe count, then what failed.
The npm packages are pinned in scripts/audit/package-lock.json (`npm ci`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess  # nosec B404  # node on our own script, no shell
import sys
import tempfile
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import games  # noqa: E402
from tests.e2e import tv_scenes  # noqa: E402
from tests.e2e.serving import browsing  # noqa: E402

AUDIT = ROOT / "scripts" / "audit"
AXE = AUDIT / "node_modules" / "axe-core" / "axe.min.js"
PASS = 95  # each Lighthouse category, out of 100
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
THEMES = ("light", "dark")
PHONE = {"width": 360, "height": 640}


@dataclass
class Audited:
    """One page: where it is, and what the audits said."""

    name: str
    url: str
    scores: dict[str, int | None] = field(default_factory=dict)
    lost: list[str] = field(default_factory=list)
    axe: list[str] = field(default_factory=list)
    bfcache: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def failures(self) -> list[str]:
        low = [f"{c} {s}" for c, s in self.scores.items() if s is None or s < PASS]
        found = []
        if low:
            found.append(f"Lighthouse below {PASS}: {', '.join(low)}")
            found += [f"  {why}" for why in self.lost]
        found += [f"axe: {v}" for v in self.axe]
        if self.bfcache is not None and self.bfcache["score"] != 1:
            reasons = "; ".join(self.bfcache["reasons"]) or "no reason given"
            found.append(f"back/forward cache refused: {reasons}")
        found += [f"error: {e}" for e in self.errors]
        return found


def pages(context: BrowserContext) -> list[Audited]:
    """Make the matches and tournaments; the pages to audit (this context scores
    every match)."""
    request = context.request
    page = context.new_page()
    found = []
    for game_id in games.registry():
        scene = next(s for s in tv_scenes.scenes() if s.name == game_id)
        match_id, key = tv_scenes.play(request, scene.state)
        page.goto(f"/m/{match_id}/join/{key}")  # the scorer's session
        found.append(Audited(f"match {game_id}", f"/m/{match_id}"))
    page.close()
    night = next(n for n in tv_scenes.nights(request) if n.name == "bunko-night")
    robin = next(n for n in tv_scenes.nights(request) if n.name == "round-robin")
    found += [
        Audited("home", "/"),
        Audited("rules", "/rules/"),
        Audited("rulebook darts-301", "/rules/darts-301"),
        Audited("calculator darts checkout", "/tools/darts-301/checkout?score=121"),
        Audited("tournament round robin", robin.url.removesuffix("/tv")),
        Audited("bunko night", night.url.removesuffix("/tv")),
    ]
    return found


def axe(page: Page, audited: Audited) -> None:
    """axe-core on the page in each theme: its violations, one line each."""
    page.goto(audited.url)
    page.wait_for_load_state()
    for theme in THEMES:
        page.emulate_media(color_scheme=theme)  # type: ignore[arg-type]
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.add_script_tag(path=str(AXE))
        result: dict[str, Any] = page.evaluate("axe.run(document)")
        for v in result["violations"]:
            where = "; ".join(n["target"][0] for n in v["nodes"][:3])
            audited.axe.append(
                f"{theme}: {v['id']} ({v['impact']}) x{len(v['nodes'])}: "
                f"{v['help']} at {where}"
            )


def lighthouse(base: str, cookie: str, audited: list[Audited]) -> None:
    """Lighthouse on every page in one Chromium (scripts/audit/lighthouse.mjs)."""
    listing = [
        {"name": a.name, "url": base + a.url, "headers": {"Cookie": cookie}}
        for a in audited
    ]
    env = {
        **os.environ,
        "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium"),
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(listing, f)
    try:
        run = subprocess.run(  # nosec B603  # our script, arguments we built
            ["node", str(AUDIT / "lighthouse.mjs"), f.name],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=1800,
        )
    finally:
        os.unlink(f.name)
    by_name = {a.name: a for a in audited}
    for line in run.stdout.splitlines():
        if line.startswith("{"):
            got = json.loads(line)
            a = by_name[got["name"]]
            a.scores, a.lost, a.bfcache = got["scores"], got["lost"], got["bfcache"]
            a.errors, a.warnings = got["errors"], got["warnings"]
    if run.returncode != 0:
        for a in audited:
            if not a.scores:
                a.errors.append(f"Lighthouse did not run: {run.stderr.strip()[-400:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", nargs="*", help="pages whose name contains one of these"
    )
    parser.add_argument("--no-lighthouse", action="store_true", help="axe-core only")
    args = parser.parse_args()
    if not AXE.exists():
        sys.exit(f"{AXE} is missing: run `npm ci` in {AUDIT} (make audits does)")
    with browsing("audits") as (base, browser):
        context = browser.new_context(
            base_url=base,
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            bypass_csp=True,  # to inject axe-core; the pages are as served
        )
        audited = pages(context)
        if args.only:
            audited = [a for a in audited if any(o in a.name for o in args.only)]
        page = context.new_page()
        for a in audited:
            axe(page, a)
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
        if not args.no_lighthouse:
            lighthouse(base, cookie, audited)
    return report(audited, lighthouse_run=not args.no_lighthouse)


def report(audited: list[Audited], lighthouse_run: bool) -> int:
    """Print the scores per page and what failed: 1 if anything did."""
    head = ["page", "perf", "a11y", "best", "seo", "bfc", "axe"]
    print(f"{head[0]:<34} " + " ".join(f"{h:>5}" for h in head[1:]))
    failed = 0
    for a in audited:
        cells = [str(a.scores.get(c, "-")) for c in CATEGORIES]
        bf = "-" if a.bfcache is None else "ok" if a.bfcache["score"] == 1 else "no"
        cells += [bf, str(len(a.axe))]
        print(f"{a.name:<34} " + " ".join(f"{c:>5}" for c in cells))
    for a in audited:
        why = a.failures()
        if lighthouse_run and not a.scores and not a.errors:
            why.append("no Lighthouse result")
        if why:
            failed += 1
            print(f"\n{a.name} ({a.url}):")
            for w in why:
                print(f"  {w}")
        for w in a.warnings:
            print(f"  ({a.name}) Lighthouse warns: {w}")
    print(
        "\naxe-core: no violation in either theme; Lighthouse (mobile): each "
        f"category {PASS} or more, and the back/forward cache (bfc) taken"
    )
    print(f"audits: {len(audited) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
