"""Darts baseball: an inning's set of three darts is three taps (the target's ring,
or "No score", one tap a dart; the pad shows only the inning's target)."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

FRESH = State("darts-baseball", "start", ("Ann", "Bob"), {}, ())


def _inning(thumb: Tapper) -> None:
    """Ann's first inning at 1: a single, a dart outside the 1, a treble."""
    for key in ("S1 · 1", None, "T1 · 3"):
        pad = thumb.page.get_by_role("form", name="Enter one dart")
        if key is None:
            thumb.submit(pad.get_by_role("button", name="No score", exact=False))
        else:
            thumb.submit(pad.get_by_role("button", name=key, exact=True))
    # The set is over: Bob throws next, and Ann's inning counts 4 runs.
    prompt = thumb.page.locator(".prompt").inner_text()
    assert prompt.startswith("Bob: inning 1"), prompt


TURNS = [
    Turn("darts-baseball", "an inning: a single, no score, a treble", 3, FRESH, _inning)
]
