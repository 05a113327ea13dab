"""Gin rummy's deadwood calculator: best sets, deadwood and the best discard."""

from __future__ import annotations

from referee.games import cards
from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.gin_rummy import melds
from referee.games.gin_rummy import scoring
from referee.games.outcomes import JSON
from referee.games.schemas import RULES


def deadwood_tool(request: JSON) -> JSON:
    """Best sets, deadwood and (for 11 cards) the best discard of one hand.

    ``request`` is what ``parse_fields`` made of the tool's fields: ``hand`` is a
    list of 10 or 11 distinct card codes already checked against the deck.
    """
    hand = list(request["hand"])
    if len(hand) == 11:
        found = melds.best_discard(hand)
        discard, kept, big_gin = found.card, found.kept, found.all_melded
    else:
        discard, kept, big_gin = None, melds.arrange(hand), False
    may_knock = kept.count <= melds.KNOCK_LIMIT
    if big_gin:
        summary = "All 11 cards are in sets: big gin where it is played, else gin"
        summary += f" after discarding {discard}."
    elif kept.count == 0:
        summary = "Gin" + (f" after discarding {discard}." if discard else ".")
    else:
        after = f" after discarding {discard}" if discard else ""
        verb = "May knock" if may_knock else "Cannot knock"
        summary = f"{verb}: {kept.count} deadwood{after}."
    return {
        "cards": cards.sort_cards(hand),
        "discard": discard,
        "melds": [list(m) for m in kept.melds],
        "deadwood": list(kept.deadwood),
        "count": kept.count,
        "may_knock": may_knock,
        "gin": kept.count == 0,
        "big_gin": big_gin,
        "rules": [
            scoring.SETS,
            scoring.DEADWOOD,
            scoring.KNOCK,
            *([scoring.GIN] if kept.count == 0 else []),
            *([scoring.BIG_GIN] if big_gin else []),
        ],
        "summary": summary,
    }


TOOL_EXAMPLE = "7H 8H 9H 7S 7D 7C 2C 3C 4C KS 5S"
_CARD_LIST: JSON = {"type": "array", "items": {"type": "string"}}
DEADWOOD_RESULT: JSON = {
    "type": "object",
    "required": [
        "cards",
        "discard",
        "melds",
        "deadwood",
        "count",
        "may_knock",
        "gin",
        "big_gin",
        "rules",
        "summary",
    ],
    "properties": {
        "cards": {**_CARD_LIST, "minItems": 10, "maxItems": 11},
        "discard": {
            "type": ["string", "null"],
            "description": "The card to throw from 11; null for 10.",
        },
        "melds": {"type": "array", "items": {**_CARD_LIST, "minItems": 3}},
        "deadwood": _CARD_LIST,
        "count": {"type": "integer", "minimum": 0},
        "may_knock": {"type": "boolean"},
        "gin": {"type": "boolean"},
        "big_gin": {"type": "boolean"},
        "rules": RULES,
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}


TOOLS = (
    Tool(
        name="deadwood",
        title="Deadwood calculator",
        help="Paste 10 or 11 cards: the best sets, the deadwood, the best discard "
        "from 11, and whether the hand may knock.",
        fields=(
            Field(
                "hand",
                "cards",
                "10 or 11 cards, like 7H 8H 9H ...",
                minimum=10,
                maximum=11,
            ),
        ),
        run=deadwood_tool,
        example={"hand": TOOL_EXAMPLE},
        result=DEADWOOD_RESULT,
    ),
)
