"""What the card games' turns share: where a turn starts (the setup of a documented
example, before its event) and the card picker's taps (a card on a grid of the whole
pack; on a pad of one suit at a time, a suit, then a rank).

Not a game: it has no turns of its own.
"""

from __future__ import annotations

from playwright.sync_api import Locator

from bench.taps import Tapper
from bench.taps import Turn
from referee import games
from tests.e2e.screens import State

TURNS: list[Turn] = []

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def before(game_id: str, kind: str, index: int = 0) -> State:
    """The match of ``kind``'s example ``index`` with its setup, before its event."""
    example = games.registry()[game_id].event_kind(kind).examples[index]
    return State(
        game_id,
        f"before {kind}#{index}",
        example.players,
        dict(example.options),
        tuple(example.setup),
    )


def picker(thumb: Tapper, name: str) -> Locator:
    """The card picker whose field posts ``name`` (its suit row and rank grid)."""
    page = thumb.page
    return page.locator("[data-card-picker]").filter(
        has=page.locator(f"input[name='{name}']")
    )


def cards(thumb: Tapper, where: Locator, text: str, *, sends: bool = False) -> None:
    """Tap ``text``'s cards on a picker: each card once on a grid of the pack; on a pad
    of one suit at a time, a suit only when it changes (the picker keeps the suit
    chosen; spades first), then the rank. ``sends``: the last card sends the form (a
    one-card picker, or the last of a row: games/quick_card.js)."""
    suit = "S"
    by_suit = where.locator(".picker-suits").count() > 0
    tokens = text.split()
    for i, token in enumerate(tokens):
        rank, s = token[:-1], token[-1]
        if by_suit and s != suit:
            thumb.tap(where.get_by_role("button", name=SUITS[s], exact=True))
            suit = s
        button = where.get_by_role(
            "button", name=f"{RANKS.get(rank, rank)} of {SUITS[s]}", exact=True
        )
        if sends and i == len(tokens) - 1:
            thumb.submit(button)
        else:
            thumb.tap(button)
