"""Six card golf: a turn is a draw and where the card goes, at most 3 taps.

Taking the discard is one tap and the position another; a card from the stock is one
tap on the picker's grid of the pack, which sends it (games/quick_card.js), then the
position or "Discard". Bob starts each turn with KS and 9D face up (positions 2 and
6). A card put where one lay face down tells the card that comes out too (it goes face
up on the discard pile): the position, then that card, which sends both.
"""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before
from bench.turns._cards import cards
from bench.turns._cards import picker

GAME = "golf-six"
BOBS_TURN = before(GAME, "draw")


def _position(thumb: Tapper, position: int) -> None:
    grid = thumb.page.get_by_role("group", name="Bob's layout")
    thumb.submit(grid.get_by_role("button", name=f"Position {position}:"))


def _discard_onto_face_up(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Bob took the discard"))
    _position(thumb, 2)  # KS comes out, face up on the pile


def _stock_onto_face_up(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "3H", sends=True)
    _position(thumb, 6)


def _stock_onto_face_down(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "3H", sends=True)
    thumb.tap(
        thumb.page.get_by_role("group", name="Bob's layout").get_by_role(
            "button", name="Position 1:"
        )
    )
    cards(thumb, picker(thumb, "replaced"), "QC", sends=True)


def _stock_discarded(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "QC", sends=True)
    thumb.submit(thumb.page.get_by_role("button", name="Discard"))


TURNS = [
    Turn(
        GAME,
        "takes the discard onto a face-up card",
        3,
        BOBS_TURN,
        _discard_onto_face_up,
    ),
    Turn(
        GAME,
        "draws 3H from the stock onto a face-up card",
        3,
        BOBS_TURN,
        _stock_onto_face_up,
    ),
    Turn(
        GAME, "draws QC from the stock and discards it", 3, BOBS_TURN, _stock_discarded
    ),
    Turn(
        GAME,
        "draws 3H onto face-down position 1 (QC comes out)",
        3,
        BOBS_TURN,
        _stock_onto_face_down,
    ),
]
