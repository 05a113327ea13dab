"""Bowling cards: a row dealt (the issue's budget: 8 taps) and a draw placed.

A row is six cards on the picker's grid of the pack, one tap each in the order they
lie, and the button (the rows load no more script: the fresh match's first view stays
within 14 KB): 7, whatever the suits. A draw from the stock is its card (the picker
sends it) and the position tapped.
"""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before
from bench.turns._cards import cards
from bench.turns._cards import picker

GAME = "bowling-cards"
FRESH = before(GAME, "row")
BOBS_DRAW = before(GAME, "draw")


def _row(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "cards"), "7H QD 5S KC 3D 9H")
    thumb.submit(thumb.page.get_by_role("button", name="Deal Bob's row"))


def _draw_placed(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "3S", sends=True)
    thumb.submit(thumb.page.get_by_role("button", name="Position 1:"))


TURNS = [
    Turn(
        GAME,
        "Bob's row 7H QD 5S KC 3D 9H",
        8,
        FRESH,
        _row,
    ),
    Turn(
        GAME,
        "draws 3S from the stock and pairs it at position 1",
        3,
        BOBS_DRAW,
        _draw_placed,
    ),
]
