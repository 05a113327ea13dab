"""Gin rummy: a knock by cards is the knocker, each card of both hands one tap on the
knock's grid, and the button (22); a knock by counts, beside it, is the knocker, the
knocker's deadwood (a chip), the opponent's count typed, and the button (6)."""

from __future__ import annotations

from bench.taps import Tapper
from bench.taps import Turn
from tests.e2e.screens import State

FRESH = State("gin-rummy", "start", ("Ann", "Bob"), {}, ())
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def _name(card: str) -> str:
    return f"{RANKS.get(card[:-1], card[:-1])} of {SUITS[card[-1]]}"


def _knocker(thumb: Tapper, who: str) -> None:
    knock = thumb.page.get_by_role("form", name="Knock")
    thumb.tap(knock.get_by_role("group", name="Who knocked?").get_by_label(who))


def _by_cards(thumb: Tapper) -> None:
    _knocker(thumb, "Bob")
    for label, hand in (
        ("Knocker's hand", "AS 2S 3S 7H 7D 7C 9D 10D JD 4C"),
        ("Opponent's hand", "KS QH 5H 5D 8D 2H 3H 4H 8S JC"),
    ):
        picker = thumb.page.locator(".card-picker").filter(has_text=label)
        for card in hand.split():
            thumb.tap(picker.get_by_role("button", name=_name(card), exact=True))
    thumb.submit(thumb.page.get_by_role("button", name="Rule on this knock"))
    assert "39" in thumb.page.locator(".board").first.inner_text()


def _counts(knocker: str, opponent: str):  # noqa: ANN202 (a turn's play)
    def play(thumb: Tapper) -> None:
        _knocker(thumb, "Ann")
        deadwood = thumb.page.get_by_role("group", name="Knocker's deadwood")
        thumb.tap(deadwood.get_by_text(knocker, exact=True))
        thumb.type(thumb.page.get_by_label("Opponent's deadwood"), opponent)
        thumb.submit(thumb.page.get_by_role("button", name="Rule on these counts"))
        assert thumb.page.locator(".verdict-ok").count()

    return play


TURNS = [
    Turn("gin-rummy", "a knock by cards", 22, FRESH, _by_cards),
    Turn("gin-rummy", "a knock by counts (6 against 31)", 6, FRESH, _counts("6", "31")),
    Turn("gin-rummy", "gin by counts (Bob has 25)", 6, FRESH, _counts("Gin 0", "25")),
]
