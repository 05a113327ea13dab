"""Issue 26: taps per typical turn, each game's turns played through the pages.

Run from the repository root: ``.venv/bin/python bench/taps.py [--markdown]``.
Every module in ``bench/turns/`` lists a game's typical turns: the documented state
the turn starts from (``tests/e2e/screens.State``), the player's taps on the match
page in headless Chromium at 360x640, and the issue's budget. A tap is one touch: a
button, a card, a radio, a checkbox, one key typed on the phone's keyboard (so a
count of 12 is two). Each row prints the taps the turn took, the budget, and MET or
MISSED with the reason a missed budget is missed (``Turn.why``). ``--markdown``
prints the table as it stands in bench/README.md. ``tests/e2e/test_taps.py`` plays
the same turns and fails when a budget is missed without a reason.

Scrolling is not counted: the first-screen rule (tests/e2e/test_first_screen.py)
keeps the next input on screen. ``BENCH_QUICK`` changes nothing here (each turn is
played once; the whole run takes about a minute).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Browser  # noqa: E402
from playwright.sync_api import Locator  # noqa: E402
from playwright.sync_api import Page  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e import screens  # noqa: E402
from tests.e2e.serving import PHONE  # noqa: E402
from tests.e2e.serving import TIMEOUT_MS  # noqa: E402
from tests.e2e.serving import launch  # noqa: E402
from tests.e2e.serving import served  # noqa: E402

QUICK = bool(os.environ.get("BENCH_QUICK"))  # read, and ignored: see the docstring


class Tapper:
    """A thumb on a page: every touch through here is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        """One touch that stays on the page (a card, a radio, a ring)."""
        target.tap()
        self.taps += 1

    def submit(self, target: Locator) -> None:
        """One touch that sends a form; waits for the page that answers it."""
        with self.page.expect_navigation():
            target.tap()
        self.page.wait_for_load_state()
        self.taps += 1

    def type(self, target: Locator, text: str) -> None:
        """Keys typed on the phone's keyboard: one touch a character (the field's
        own tap to focus it is counted too)."""
        target.tap()
        target.fill(text)
        self.taps += 1 + len(text)


@dataclass(frozen=True)
class Turn:
    """A typical turn: where it starts, what a player taps, and the budget."""

    game: str
    label: str
    budget: int
    state: screens.State
    play: Callable[[Tapper], None]
    why: str = ""  # why the budget is missed, when it is


@dataclass(frozen=True)
class Played:
    turn: Turn
    taps: int

    @property
    def met(self) -> bool:
        return self.taps <= self.turn.budget


def turns() -> list[Turn]:
    """Every game's turns, from bench/turns/<game>.py."""
    import bench.turns as package

    found: list[Turn] = []
    for module in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        found.extend(importlib.import_module(f"bench.turns.{module.name}").TURNS)
    return found


def play(browser: Browser, base_url: str, turn: Turn) -> Played:
    """Play one turn on a fresh phone at 360x640: the taps it took."""
    settings = {**PHONE, "viewport": {"width": 360, "height": 640}}
    context = browser.new_context(base_url=base_url, **settings)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        screens.open_as_scorer(page, turn.state)
        thumb = Tapper(page)
        turn.play(thumb)
        return Played(turn, thumb.taps)
    finally:
        context.close()


def play_all(selected: list[Turn] | None = None) -> list[Played]:
    with (
        tempfile.TemporaryDirectory() as tmp,
        served(Path(tmp) / "taps.sqlite") as url,
        sync_playwright() as pw,
    ):
        browser = launch(pw)
        try:
            return [play(browser, url, t) for t in (selected or turns())]
        finally:
            browser.close()


def table(results: list[Played]) -> str:
    lines = [
        "| game | turn | taps | budget | |",
        "|---|---|---:|---:|---|",
    ]
    for r in results:
        mark = "MET" if r.met else f"MISSED: {r.turn.why or 'no reason given'}"
        lines.append(
            f"| {r.turn.game} | {r.turn.label} | {r.taps} | {r.turn.budget} | {mark} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="the README's table")
    args = parser.parse_args()
    results = play_all()
    if args.markdown:
        print(table(results))
        return
    print(f"{'game':<26}{'turn':<44}{'taps':>5}{'budget':>7}")
    for r in results:
        state = "MET" if r.met else f"MISSED ({r.turn.why or 'no reason given'})"
        print(
            f"{r.turn.game:<26}{r.turn.label:<44}{r.taps:>5}{r.turn.budget:>7}  {state}"
        )
    met = sum(r.met for r in results)
    print(f"{met} of {len(results)} turns within budget")


if __name__ == "__main__":
    main()
