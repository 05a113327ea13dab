"""Ten-card basketball: a turn is a draw and where the card goes, at most 3 taps.

Every turn turns a card face up besides the one drawn: the face-down card that comes
out (replace) or the one turned up after a discard. Taking the discard is one tap, a
card from the stock one on the picker's grid of the pack (it sends the draw), the
position one, and the card turned up one (the picker sends the form with the position
tapped before it: games/quick_card.js).
"""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before
from bench.turns._cards import cards
from bench.turns._cards import picker

GAME = "basketball-ten"
BOBS_TURN = before(GAME, "draw")


def _position(thumb: Tapper, grid: str, position: int) -> None:
    cells = thumb.page.get_by_role("form", name=grid).get_by_role("group")
    thumb.tap(cells.get_by_role("button", name=f"Position {position}:").first)


def _discard_taken(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Bob took the discard"))
    _position(thumb, "Replace a card", 7)
    cards(thumb, picker(thumb, "replaced"), "2C", sends=True)


def _stock_discarded(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "9H", sends=True)
    _position(thumb, "Discard the drawn card", 2)
    cards(thumb, picker(thumb, "card"), "JD", sends=True)


TURNS = [
    Turn(
        GAME,
        "takes the discard onto a face-down card (2C out)",
        3,
        BOBS_TURN,
        _discard_taken,
    ),
    Turn(
        GAME,
        "draws 9H, discards it and turns up JD",
        3,
        BOBS_TURN,
        _stock_discarded,
    ),
]
