"""Liar's dice calculators: does this claim beat that one, and a ranking of claims."""

from __future__ import annotations

from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.liars_dice import hands
from referee.games.liars_dice.hands import MAX_TEXT
from referee.games.liars_dice.rules import R_BEAT
from referee.games.liars_dice.rules import R_RANKING
from referee.games.liars_dice.rules import R_TOP
from referee.games.liars_dice.rules import straights_cited
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS
from referee.games.schemas import record
from referee.games.schemas import records

HAND_PROPERTIES: JSON = {
    "dice": {"type": "string"},
    "name": {"type": "string"},
    "category": {"enum": list(hands.CATEGORIES)},
    "order": {"type": "integer", "minimum": 1, "maximum": 252},
}
HAND_SCHEMA = record(HAND_PROPERTIES)


def beats_tool(fields: JSON) -> JSON:
    """Does ``claim`` beat ``last``, and what is the lowest claim that would?"""
    straights = bool(fields.get("straights", True))
    claim = hands.hand(hands.parse_dice(fields["claim"]), straights=straights)
    last = hands.hand(
        hands.parse_dice(fields["last"], field="last"), straights=straights
    )
    above = hands.lowest_beating(last, straights=straights)
    beats = claim.beats(last)
    if beats:
        summary = f"Yes: {hands.say(claim)} beats {hands.say(last)}."
    elif claim.dice == last.dice:
        summary = (
            f"No: {claim.text} only repeats the last claim; each claim must beat it."
        )
    else:
        summary = f"No: {hands.say(claim)} does not beat {hands.say(last)}."
    if not beats:
        summary += (
            f" The lowest claim that beats it is {hands.say(above)}."
            if above
            else " Nothing beats it: the only answer is a call."
        )
    return {
        "beats": beats,
        "claim": claim.to_json(straights=straights),
        "last": last.to_json(straights=straights),
        "lowest_beating": above.to_json(straights=straights) if above else None,
        "straights": straights,
        "rules": [
            R_BEAT,
            R_RANKING,
            *straights_cited(claim, last),
            *([] if above else [R_TOP]),  # five aces: nothing beats it
        ],
        "summary": summary,
    }


def rank_tool(fields: JSON) -> JSON:
    """The claims ranked best first; equal only when they are the same five dice."""
    straights = bool(fields.get("straights", True))
    found = [
        hands.hand(c, straights=straights) for c in hands.parse_claims(fields["claims"])
    ]
    ordered = sorted(found, key=lambda h: h.key, reverse=True)
    ranked = []
    for h in ordered:
        place = 1 + sum(1 for other in ordered if other.beats(h))
        ranked.append({"place": place, **h.to_json(straights=straights)})
    best = ordered[0]
    summary = (
        f"Best: {hands.say(best)}."
        if len(ordered) == 1 or ordered[1].key != best.key
        else f"Tied at the top: {best.text}, the same five dice."
    )
    return {
        "ranked": ranked,
        "straights": straights,
        "rules": [R_RANKING, *straights_cited(*found)],
        "summary": summary,
    }


def _claim(name: str, help: str) -> Field:
    """A claim field: five dice as faces or words."""
    return Field(name, "string", help, maximum=MAX_TEXT)


_STRAIGHTS = Field(
    "straights",
    "boolean",
    "Straights count (10-A beats 9-K, both below a full house).",
    required=False,
    default=True,
)

TOOLS = (
    Tool(
        "beats",
        "Liar's dice: does this claim beat that one?",
        "A claim and the last claim, as faces or words; the answer, both named, "
        "and the lowest claim that beats the last.",
        (
            _claim("claim", "The new claim: 'K K J J Q'."),
            _claim("last", "The claim to beat: 'K K J J 10'."),
            _STRAIGHTS,
        ),
        beats_tool,
        {"claim": "three nines two tens", "last": "A A K K Q"},
        result=record(
            {
                "beats": {"type": "boolean"},
                "claim": HAND_SCHEMA,
                "last": HAND_SCHEMA,
                "lowest_beating": {"anyOf": [HAND_SCHEMA, {"type": "null"}]},
                "straights": {"type": "boolean"},
                "rules": STRINGS,
                "summary": {"type": "string"},
            }
        ),
    ),
    Tool(
        "rank",
        "Liar's dice: rank claims",
        "Claims separated by ';' (or five faces after five); ranked best first.",
        (
            Field(
                "claims",
                "string",
                "Claims separated by ';': 'K K J J 10; A A A 9 9; high straight'.",
                maximum=400,
            ),
            _STRAIGHTS,
        ),
        rank_tool,
        {"claims": "K K J J 10; A A A 9 9; high straight; two queens two nines ace"},
        result=record(
            {
                "ranked": records(
                    {"place": {"type": "integer", "minimum": 1}, **HAND_PROPERTIES}
                ),
                "straights": {"type": "boolean"},
                "rules": STRINGS,
                "summary": {"type": "string"},
            }
        ),
    ),
)
