"""Pinochle: a bid is one tap on the bid pad of likely amounts (a pass too), and
another amount is the pad's "Another amount" then the keys (2 for a call from it)."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

FRESH = State("pinochle", "start", ("Ann", "Bob", "Cy", "Di"), {}, ())
BID = State(
    "pinochle",
    "bid#0",
    ("Ann", "Bob", "Cy", "Di"),
    {},
    ({"type": "bid", "player": 1, "amount": 25},),
)


def _bid(amount: str):  # noqa: ANN202 (a turn's play)
    def play(thumb: Tapper) -> None:
        pad = thumb.page.get_by_role("form", name="Bid")
        thumb.submit(pad.get_by_role("button", name=amount, exact=True))
        assert f" {amount}" in thumb.page.locator(".pn-auction").inner_text()

    return play


def _pass(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Cy passes"))
    assert "Cy pass" in thumb.page.locator(".pn-auction").inner_text()


TURNS = [
    Turn("pinochle", "the first bid (25)", 2, FRESH, _bid("25")),
    Turn("pinochle", "a bid after the first (30)", 2, BID, _bid("30")),
    Turn("pinochle", "a pass in the auction", 2, BID, _pass),
]
