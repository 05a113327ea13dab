"""Baseball: a betting turn is one tap (check, call, fold, or a bet or raise of a usual
size: 1, 2, 5 and the pot), where the pages asked for the amount in a field (3 taps or
more); a card dealt face up, most of a hand's entries, is its suit and rank, the picker
sending it (games/quick_card.js), where it was 3 with the button."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from bench.turns._cards import before
from bench.turns._cards import cards
from bench.turns._cards import picker

GAME = "poker-baseball"


def _bets_two(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Bet 2", exact=True))


def _checks(thumb: Tapper) -> None:
    thumb.submit(thumb.page.get_by_role("button", name="Check", exact=True))


def _up_card(thumb: Tapper) -> None:
    cards(thumb, picker(thumb, "card"), "KD", sends=True)


TURNS = [
    Turn(GAME, "Bob bets 2", 1, before(GAME, "bet"), _bets_two),
    Turn(GAME, "Bob checks", 1, before(GAME, "bet"), _checks),
    Turn(GAME, "KD dealt face up to Bob", 2, before(GAME, "up"), _up_card),
]
