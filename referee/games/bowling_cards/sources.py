"""Bowling cards: where a card laid, thrown or put in a row card's place came from.

A scorer may say which card a player used and where it came from, so the referee can
refuse what the rules keep apart: only the card just drawn covers a row card or goes
on the pile, only a hand card takes a row card's place, and covers and row cards stay
where they lie. Said nothing, the card is the one the event normally uses.
"""

from __future__ import annotations

from referee.games.bowling_cards.scoring import R_DEAL
from referee.games.bowling_cards.scoring import R_DRAW
from referee.games.bowling_cards.scoring import R_EXCHANGE
from referee.games.bowling_cards.scoring import R_FRAME_END
from referee.games.bowling_cards.scoring import R_HAND_CARDS
from referee.games.bowling_cards.scoring import R_IMPROVING
from referee.games.bowling_cards.scoring import R_NO_SWAPPING
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused

DRAWN, HAND, COVER, ROW_CARD = "drawn", "hand", "cover", "row"

PLACE_SOURCE = Field(
    "source",
    "choice",
    "Where the cover came from: drawn (the card just drawn, the only one a rule "
    "allows), hand (a hand card) or cover (a cover moved from another position). "
    "Left out: drawn.",
    required=False,
    choices=(DRAWN, HAND, COVER),
)
PLACE_CARD = Field(
    "card",
    "card",
    "The card laid as the cover, checked against the card drawn. Left out: the "
    "card drawn.",
    required=False,
)
DISCARD_SOURCE = Field(
    "source",
    "choice",
    "Where the discarded card came from: drawn (the card just drawn) or hand (a "
    "hand card, which may not be thrown away once the pile is started). Left out: "
    "drawn.",
    required=False,
    choices=(DRAWN, HAND),
)
DISCARD_CARD = Field(
    "card",
    "card",
    "The card thrown on the pile, checked against the card drawn. Left out: the "
    "card drawn.",
    required=False,
)
REPLACE_SOURCE = Field(
    "source",
    "choice",
    "Where the card taking the row card's place came from: hand (the only one a "
    "rule allows), drawn (the card just drawn), cover (a cover from the row) or "
    "row (another row card). Left out: hand.",
    required=False,
    choices=(HAND, DRAWN, COVER, ROW_CARD),
)


def check_cover(state: JSON, seat: int, event: JSON) -> None:
    """Refuse a cover that is not the card just drawn (``place``)."""
    name = state["players"][seat]
    source = event.get("source") or DRAWN
    card = event.get("card")
    drawn = state["drawn"]["card"] if state["drawn"] else None
    which = f" {card}" if card else ""
    if source == HAND:
        raise Refused(
            f"{name} may not cover a row card with the hand card{which}: hand cards "
            "only ever take a row card's place; a cover is the card just drawn"
            f"{f' ({drawn})' if drawn else ''}.",
            [R_HAND_CARDS, R_DRAW],
        )
    if source == COVER:
        raise Refused(
            f"{name} may not move the cover{which} from another position: covers "
            "stay where they were laid, and only the card just drawn is laid now.",
            [R_NO_SWAPPING, R_DRAW],
        )
    if card is not None and drawn is not None and card != drawn:
        raise Refused(
            f"{name} drew {drawn}, not {card}: only the card just drawn may cover a "
            "row card, and a hand card never does.",
            [R_DRAW, R_HAND_CARDS],
        )


def check_thrown(state: JSON, seat: int, event: JSON) -> None:
    """Refuse throwing a hand card on the pile, or a card other than the one drawn
    (``discard``)."""
    name = state["players"][seat]
    card = event.get("card")
    which = f" {card}" if card else ""
    if (event.get("source") or DRAWN) == HAND:
        rules = [R_HAND_CARDS, R_EXCHANGE]
        if state["phase"] == "last":
            rules.append(R_FRAME_END)
        raise Refused(
            f"{name} may not throw away the hand card{which}: once the pile is "
            "started a hand card is only ever played in place of a row card, and "
            "one still held counts against the frame.",
            rules,
        )
    drawn = state["drawn"]["card"] if state["drawn"] else None
    if card is not None and drawn is not None and card != drawn:
        raise Refused(
            f"{name} drew {drawn}, not {card}: the turn's discard is the card just "
            "drawn; hand cards are not thrown away.",
            [R_DRAW, R_HAND_CARDS],
        )


def check_replacement(state: JSON, seat: int, event: JSON) -> None:
    """Refuse anything but a hand card taking a row card's place (``replace``)."""
    name = state["players"][seat]
    card = event["card"]
    source = event.get("source") or HAND
    if source == DRAWN:
        raise Refused(
            f"{name} may not put the drawn {card} in place of a row card: a drawn "
            "card covers a row card or, once all six are paired, an error's cover; "
            "only a hand card takes a row card's place.",
            [R_NO_SWAPPING, R_HAND_CARDS, R_IMPROVING],
        )
    if source == COVER:
        raise Refused(
            f"{name} may not use the cover {card} as a row card: covers stay where "
            "they were laid and never stand in for a row card.",
            [R_NO_SWAPPING],
        )
    if source == ROW_CARD:
        raise Refused(
            f"{name} may not move the row card {card} to another position: row "
            "cards keep the places they were dealt in.",
            [R_NO_SWAPPING, R_DEAL],
        )
