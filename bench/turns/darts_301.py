"""Darts 301: a round of three darts is three taps (a ring, then the number, or one
tap for a bull or a miss; single is the ring already chosen)."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

FRESH = State("darts-301", "start", ("Ann", "Bob"), {}, ())


def _round(thumb: Tapper) -> None:
    pad = thumb.page.get_by_role("form", name="Enter one dart")
    for number in ("20", "5", "1"):  # three singles: the ring stays on Single
        thumb.submit(pad.get_by_role("button", name=number, exact=True))


TURNS = [Turn("darts-301", "a round of three singles", 3, FRESH, _round)]
