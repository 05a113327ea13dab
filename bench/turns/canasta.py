"""Canasta: a meld of three cards is the rank, its suits and a joker, each one tap on
the meld's rank-first pad, and the button (5); the player is the turn's, filled in."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

PLAYERS = ("Ann", "Bob", "Cy", "Di")
DRAWN = State(
    "canasta",
    "draw#0",
    PLAYERS,
    {},
    ({"type": "deal", "upcard": "9S"}, {"type": "draw", "player": 1}),
)


def _meld(thumb: Tapper) -> None:
    pad = thumb.page.locator(".card-picker").filter(has_text="Cards laid")
    thumb.tap(pad.get_by_role("button", name="rank ace", exact=True))
    thumb.tap(pad.get_by_role("button", name="ace of spades", exact=True))
    thumb.tap(pad.get_by_role("button", name="ace of hearts", exact=True))
    thumb.tap(pad.get_by_role("button", name="joker", exact=True))
    thumb.submit(thumb.page.get_by_role("button", name="Rule on this meld"))
    assert "new meld of aces" in thumb.page.locator(".ruling").inner_text()


TURNS = [Turn("canasta", "a meld of three cards (AS AH JK)", 5, DRAWN, _meld)]
