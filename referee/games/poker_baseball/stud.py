"""Seven-card stud dealing as baseball plays it: streets, the next card, the stock.

A deal is a plain dict (part of the match state)::

    {"street": 3..7, "up": [[cards] per seat], "down": [count per seat],
     "to_deal": [seats still owed this street's face-up card, in dealing order],
     "dealt": cards gone from the pack, "common": a shared card or None}

The referee never sees face-down cards until the showdown, so it only counts them.
Streets 3 to 6 end with a face-up card to each player still in (street 3 after two
face-down ones), street 7 is one face-down card each, or one shared face-up card
when the pack cannot go round (rulebook ``short-deck``).
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.games.outcomes import JSON
from referee.games.poker_baseball.specials import order_from

DECK_SIZE = 52
FIRST_STREET = 3
LAST_UP_STREET = 6
LAST_STREET = 7
STREET_NAMES = {
    3: "third street",
    4: "fourth street",
    5: "fifth street",
    6: "sixth street",
    7: "seventh street",
}


def new_deal(count: int, dealer: int, seats_in: Sequence[int]) -> JSON:
    """The first three cards: two face down to everyone in, then the face-up round."""
    order = order_from((dealer + 1) % count, seats_in, count)
    down = [2 if s in order else 0 for s in range(count)]
    return {
        "street": FIRST_STREET,
        "up": [[] for _ in range(count)],
        "down": down,
        "to_deal": order,
        "dealt": 2 * len(order),
        "common": None,
        "short": False,
    }


def stock(deal: JSON) -> int:
    """Cards left in the pack."""
    return DECK_SIZE - deal["dealt"] - (1 if deal["common"] else 0)


def next_up(deal: JSON) -> int | None:
    """The seat owed the next face-up card this street (None: the street is out)."""
    return deal["to_deal"][0] if deal["to_deal"] else None


def give_up(deal: JSON, seat: int, card: str) -> JSON:
    """The next face-up card lands in front of ``seat`` (checked by the caller)."""
    up = [list(cards) for cards in deal["up"]]
    up[seat].append(card)
    return {
        **deal,
        "up": up,
        "to_deal": [s for s in deal["to_deal"] if s != seat],
        "dealt": deal["dealt"] + 1,
    }


def give_extra(deal: JSON, seat: int) -> tuple[JSON, bool]:
    """One extra face-down card (a four's); False when the pack is empty."""
    if stock(deal) < 1:
        return deal, False
    down = list(deal["down"])
    down[seat] += 1
    return {**deal, "down": down, "dealt": deal["dealt"] + 1}, True


def turn_up(deal: JSON, seat: int, card: str) -> JSON:
    """A face-down card of ``seat`` turned face up (a four, for its extra card)."""
    up = [list(cards) for cards in deal["up"]]
    up[seat].append(card)
    down = list(deal["down"])
    down[seat] -= 1
    return {**deal, "up": up, "down": down}


def fold(deal: JSON, seat: int) -> JSON:
    """A folded player gets no more cards this street."""
    return {**deal, "to_deal": [s for s in deal["to_deal"] if s != seat]}


def next_street(deal: JSON, count: int, dealer: int, seats_in: Sequence[int]) -> JSON:
    """Move to the next street: owe each player in a face-up card, or deal the last one.

    On seventh street each player in gets a face-down card if the pack holds enough;
    otherwise nothing is dealt yet and ``needs_common`` says a shared card is owed.
    """
    street = deal["street"] + 1
    order = order_from((dealer + 1) % count, seats_in, count)
    if street <= LAST_UP_STREET:
        return {**deal, "street": street, "to_deal": order}
    if stock(deal) >= len(order):
        down = list(deal["down"])
        for s in order:
            down[s] += 1
        return {
            **deal,
            "street": street,
            "to_deal": [],
            "down": down,
            "dealt": deal["dealt"] + len(order),
        }
    return {**deal, "street": street, "to_deal": [], "short": True}


def needs_common(deal: JSON) -> bool:
    """Seventh street is short of cards and the shared card is not out yet."""
    return deal["street"] == LAST_STREET and deal["short"] and not deal["common"]


def owed_cards(deal: JSON, seat: int) -> int:
    """How many cards ``seat`` holds (face up and face down), the shared card apart."""
    return len(deal["up"][seat]) + deal["down"][seat]


def seen(deal: JSON) -> list[str]:
    """Every card face up on the table in this deal."""
    out = [c for cards in deal["up"] for c in cards]
    if deal["common"]:
        out.append(deal["common"])
    return out
