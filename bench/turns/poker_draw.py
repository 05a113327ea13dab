"""Draw poker: a betting turn is one tap (check, call, fold, or a bet or raise of a
usual size: 1, 2, 5 and the pot), as a dart is; the pages used to ask for the amount in
a field (a tap to focus, the digits, the button: 3 or more). Any other size is still
typed."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before

GAME = "poker-draw"


def _bets_two(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Bet 2", exact=True))


def _calls(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Call 5", exact=True))


def _draws_three(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="3", exact=True))


TURNS = [
    Turn(GAME, "Bob opens the betting for 2", 1, before(GAME, "bet"), _bets_two),
    Turn(GAME, "Ann calls Bob's 5", 1, before(GAME, "bet", 1), _calls),
    Turn(GAME, "Bob exchanges three cards", 1, before(GAME, "draw"), _draws_three),
]
