"""Pinochle's calculators: the best meld in a hand, and the legal plays to a trick
(the ruling on a disputed card)."""

from __future__ import annotations

from collections import Counter

from referee.games import cards
from referee.games.base import Tool
from referee.games.fields import Field
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS
from referee.games.outcomes import BadInput
from referee.games.pinochle import meld as meldlib
from referee.games.pinochle import tricks as tricklib
from referee.games.pinochle.scoring import breakdown
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import PASS_SIZE
from referee.games.pinochle.table import R_CARD_RANK
from referee.games.pinochle.table import R_CRAWL
from referee.games.pinochle.table import R_CRAWL_IN_TRUMP
from referee.games.pinochle.table import R_MELD_TYPES
from referee.games.pinochle.table import R_ONE_PER_TYPE
from referee.games.pinochle.table import R_TRICK_WINNER
from referee.games.pinochle.table import SUIT_CHOICES
from referee.games.pinochle.table import suit_of
from referee.games.schemas import record
from referee.games.schemas import records


def meld_tool(request: JSON) -> JSON:
    """A hand (and trump) in; the best meld with its breakdown out."""
    hand = list(request["cards"])
    trump = suit_of(request.get("trump"))
    best = meldlib.declare(hand, trump)
    what = f"{cards.SUIT_NAMES[trump]} trump" if trump else "no trump called"
    return {
        **best.to_json(),
        "trump": trump,
        "rules": [R_MELD_TYPES, R_ONE_PER_TYPE, *best.rules],
        "summary": f"{best.points} points of meld ({what})"
        + (f": {breakdown(best)}." if best.melds else "."),
    }


def legal_tool(request: JSON) -> JSON:
    """The trick so far, trump and the player's hand in; the legal cards out, and
    the ruling on a disputed card."""
    trump = str(suit_of(request["trump"]))
    trick = list(request.get("trick") or [])
    hand = list(request["hand"])
    counts = Counter(trick) + Counter(hand)
    for card, n in counts.items():
        if n > 4:
            raise BadInput(
                f"{card} appears {n} times in the trick and the hand, but a pinochle "
                "deck has only 4 copies of it.",
                field="hand",
                example="AS 10S KS",
            )
    got = tricklib.legal_plays(hand, trick, trump)
    winning = trick[tricklib.winning_index(trick, trump)] if trick else None
    card = request.get("card")
    answer: JSON = {
        "legal": list(got.cards),
        "reason": got.reason,
        "rules": [*got.rules, *([R_TRICK_WINNER] if trick else [])]
        # beating a card rests on the order of the ranks
        + ([R_CARD_RANK] if {R_CRAWL, R_CRAWL_IN_TRUMP} & set(got.rules) else []),
        "winning": winning,
        "card": card,
        "verdict": None,
    }
    if card is not None:
        if card not in hand:
            raise BadInput(
                f"{card} is not in the hand given: the disputed card is one the "
                "player holds.",
                field="card",
                example="10S",
            )
        ok = card in got.cards
        answer["verdict"] = "legal" if ok else "illegal"
        answer["summary"] = (
            f"{card} is {'legal' if ok else 'not legal'}. {got.reason}"
            + ("" if ok else f" Legal: {' '.join(got.cards)}.")
        )
    else:
        answer["summary"] = f"Legal: {' '.join(got.cards)}. {got.reason}"
    return answer


MELD_RESULT: JSON = record(
    {
        "points": {"type": "integer"},
        "melds": records(
            {
                "name": {"type": "string"},
                "type": {"type": "integer"},
                "cards": STRINGS,
                "points": {"type": "integer"},
                "rule": {"type": "string"},
            },
            closed=False,
        ),
        "by_type": record(
            {
                "I": {"type": "integer"},
                "II": {"type": "integer"},
                "III": {"type": "integer"},
            },
            closed=False,
        ),
        "trump": {"type": ["string", "null"]},
        "rules": STRINGS,
        "summary": {"type": "string"},
    },
    closed=False,
)
LEGAL_RESULT: JSON = record(
    {
        "legal": STRINGS,
        "reason": {"type": "string"},
        "rules": STRINGS,
        "winning": {"type": ["string", "null"]},
        "card": {"type": ["string", "null"]},
        "verdict": {"enum": ["legal", "illegal", None]},
        "summary": {"type": "string"},
    },
    closed=False,
)


TOOLS = (
    Tool(
        name="meld",
        title="Pinochle meld",
        help="A player's cards and trump: the best meld, combination by combination.",
        fields=(
            Field(
                "cards",
                "cards",
                "The cards (up to 23, the bidder's hand while passing), like "
                "AH 10H KH QH JH JD QS.",
                minimum=1,
                maximum=HAND_SIZE + PASS_SIZE,
            ),
            Field(
                "trump",
                "choice",
                "Trump: S, H, D or C (leave out before trump is called).",
                required=False,
                choices=SUIT_CHOICES,
            ),
        ),
        run=meld_tool,
        example={"cards": "AH 10H KH QH JH KH QH JD QS AS AD AC", "trump": "h"},
        result=MELD_RESULT,
    ),
    Tool(
        name="legal",
        title="Pinochle legal plays",
        help="A disputed card: the trick so far, trump and the player's hand give "
        "the cards that may be played, and the ruling on the card.",
        fields=(
            Field("trump", "choice", "Trump: S, H, D or C.", choices=SUIT_CHOICES),
            Field(
                "trick",
                "cards",
                "The cards already played to the trick, in order (none: leading).",
                required=False,
                minimum=0,
                maximum=3,
            ),
            Field(
                "hand",
                "cards",
                "The player's hand.",
                minimum=1,
                maximum=HAND_SIZE,
            ),
            Field(
                "card",
                "card",
                "The disputed card (optional).",
                required=False,
            ),
        ),
        run=legal_tool,
        example={"trump": "h", "trick": "KS", "hand": "10S JS AH JD", "card": "JS"},
        result=LEGAL_RESULT,
    ),
)
