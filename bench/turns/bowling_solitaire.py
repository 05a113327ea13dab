"""Bowling solitaire: a ball is at most 3 taps.

Each legal play is one button (the ball card and the pins it takes); a pile with a
card under its ball card needs that card too, one digit more. The frame's layout
(twenty cards) is not a ball and is typed.
"""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before

GAME = "bowling-solitaire"
LAID_OUT = before(GAME, "bowl")


def _left_zero(thumb: Tapper) -> None:
    page = thumb.page
    thumb.tap(page.get_by_role("button", name="Left 0 takes F H", exact=True))
    thumb.submit(page.get_by_role("radio", name="5", exact=True))


def _digit_first(thumb: Tapper) -> None:
    page = thumb.page
    thumb.tap(page.get_by_role("radio", name="3", exact=True))
    thumb.submit(page.get_by_role("button", name="Right 4 takes I J", exact=True))


TURNS = [
    Turn(GAME, "the left 0 takes F and H; 5 turns up", 3, LAID_OUT, _left_zero),
    Turn(GAME, "3 turns up; the right 4 takes I and J", 3, LAID_OUT, _digit_first),
]
