"""Ten-card basketball: a turn is a draw and where the card goes; the issue's budget is
3 taps, and a basketball turn cannot meet it on the shared card picker.

Every turn turns a card face up besides the one drawn: the face-down card that comes
out (replace) or the one turned up after a discard. Taking the discard is one tap, the
position one, and a card on the picker its suit and its rank (the picker sends the form
with the position tapped before it: games/quick_card.js): 4 taps at the least, 5 with
a card from the stock. Three would need a card in one tap, and all 52 cards do not fit
a 360-pixel screen as 44-pixel targets.
"""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before
from bench.turns._cards import cards
from bench.turns._cards import picker

GAME = "basketball-ten"
BOBS_TURN = before(GAME, "draw")
WHY = (
    "every basketball turn turns a second card face up (the one that comes out, or "
    "the one turned up after a discard); a card is a suit and a rank on the picker"
)


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
        WHY,
    ),
    Turn(
        GAME,
        "draws 9H, discards it and turns up JD",
        3,
        BOBS_TURN,
        _stock_discarded,
        WHY,
    ),
]
