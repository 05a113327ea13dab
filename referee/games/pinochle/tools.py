"""Pinochle's calculators: the best meld in a hand, the legal plays to a trick (the
ruling on a disputed card) and who won a trick."""

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
from referee.games.pinochle.table import R_COUNTERS
from referee.games.pinochle.table import R_CRAWL
from referee.games.pinochle.table import R_CRAWL_IN_TRUMP
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MELD_TYPES
from referee.games.pinochle.table import R_ONE_PER_TYPE
from referee.games.pinochle.table import R_TRICK_WINNER
from referee.games.pinochle.table import SEATS
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


def trick_tool(request: JSON) -> JSON:
    """A trick in play order, the leader and trump in; who wins it and why out."""
    trump = str(suit_of(request["trump"]))
    trick = list(request["cards"])
    leader = int(request["leader"])
    at = tricklib.winning_index(trick, trump)
    top = trick[at]
    seats = [(leader + i) % SEATS for i in range(len(trick))]
    complete = len(trick) == SEATS
    led = cards.suit(trick[0])
    if cards.suit(top) != trump:
        why = f"No trump played: the highest {cards.SUIT_NAMES[led][:-1]} wins"
    elif led == trump:
        why = f"Trump ({cards.SUIT_NAMES[trump]}) led: the highest trump wins"
    else:
        why = f"Trumped: the highest trump ({cards.SUIT_NAMES[trump]}) wins"
    why += f", {top} (card {at + 1})."
    later = [str(i + 1) for i in range(at + 1, len(trick)) if trick[i] == top]
    if later:
        why += (
            f" The identical {top} played later (card {' and '.join(later)}) ranks "
            "below it: of identical cards the first played wins."
        )
    points = tricklib.counters(trick)
    rules = [R_TRICK_WINNER, R_CARD_RANK, R_COUNTERS]
    if complete:
        rules.append(R_LEADING)
    verb = "wins" if complete else "is winning so far"
    summary = f"Seat {seats[at]} {verb} with {top}, card {at + 1} of {len(trick)}. "
    return {
        "trump": trump,
        "plays": [
            {
                "position": i + 1,
                "seat": seat,
                "card": card,
                "counter": cards.rank(card) in tricklib.COUNTERS,
            }
            for i, (seat, card) in enumerate(zip(seats, trick, strict=True))
        ],
        "winner": {"position": at + 1, "seat": seats[at], "card": top},
        "complete": complete,
        "counters": points,
        "next_leader": seats[at] if complete else None,
        "reason": why,
        "rules": rules,
        "summary": summary + why,
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
    if len(trick) == SEATS:
        raise BadInput(
            "Four cards make a whole trick: nobody plays to it. Ask the trick check "
            "who won it (POST /api/v1/tools/pinochle/trick).",
            field="trick",
            example="KS AS 10S",
        )
    got = tricklib.legal_plays(hand, trick, trump)
    at = tricklib.winning_index(trick, trump) if trick else None
    leader = request.get("leader")
    card = request.get("card")
    answer: JSON = {
        "legal": list(got.cards),
        "reason": got.reason,
        "rules": [*got.rules, *([R_TRICK_WINNER] if trick else [])]
        # beating a card rests on the order of the ranks
        + ([R_CARD_RANK] if {R_CRAWL, R_CRAWL_IN_TRUMP} & set(got.rules) else []),
        "winning": None if at is None else trick[at],
        "winning_position": None if at is None else at + 1,
        "winning_seat": None if at is None or leader is None else (leader + at) % SEATS,
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
        "winning_position": {
            "type": ["integer", "null"],
            "description": "Where the winning card so far lies in play order, 1 for "
            "the card led (null when leading).",
        },
        "winning_seat": {
            "type": ["integer", "null"],
            "description": "Its player's seat, from 'leader' (null without it).",
        },
        "card": {"type": ["string", "null"]},
        "verdict": {"enum": ["legal", "illegal", None]},
        "summary": {"type": "string"},
    },
    closed=False,
)


_SEAT = {"type": "integer", "minimum": 0, "maximum": SEATS - 1}
_POSITION = {"type": "integer", "minimum": 1, "maximum": SEATS}
TRICK_RESULT: JSON = record(
    {
        "trump": {"type": "string"},
        "plays": records(
            {
                "position": _POSITION,
                "seat": _SEAT,
                "card": {"type": "string"},
                "counter": {"type": "boolean"},
            },
            "The cards in play order: position (1 = the lead), the seat that played "
            "it, the card and whether it is a counter (A, 10, K).",
        ),
        "winner": {
            **record(
                {"position": _POSITION, "seat": _SEAT, "card": {"type": "string"}}
            ),
            "description": "The card that wins (so far, if fewer than four): its "
            "position in play order, its seat and the card.",
        },
        "complete": {"type": "boolean", "description": "Four cards: it is over."},
        "counters": {"type": "integer", "description": "Aces, tens and kings in it."},
        "next_leader": {
            "type": ["integer", "null"],
            "description": "The seat that leads next (null until four cards).",
        },
        "reason": {"type": "string"},
        "rules": STRINGS,
        "summary": {"type": "string"},
    },
    closed=False,
)
LEADER = Field(
    "leader",
    "integer",
    "The seat that led the trick: 0 to 3, clockwise as the match seats them.",
    minimum=0,
    maximum=SEATS - 1,
)
LEADER_OPTIONAL = Field(
    "leader",
    "integer",
    "The seat that led (optional: names the seat winning so far).",
    required=False,
    minimum=0,
    maximum=SEATS - 1,
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
                "The cards already played to the trick, in order (none: leading; "
                "up to three: a fourth closes it, see the trick check).",
                required=False,
                minimum=0,
                maximum=SEATS,
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
            LEADER_OPTIONAL,
        ),
        run=legal_tool,
        example={"trump": "h", "trick": "KS", "hand": "10S JS AH JD", "card": "JS"},
        result=LEGAL_RESULT,
    ),
    Tool(
        name="trick",
        title="Pinochle: who won this trick",
        help="The cards of a trick in the order played, the seat that led and trump: "
        "the winning seat, card and its position (of two identical cards the one "
        "played first wins). Fewer than four: who is winning so far.",
        fields=(
            Field(
                "cards",
                "cards",
                "The cards in the order played, the lead first, like KS AS 10S AS.",
                minimum=1,
                maximum=SEATS,
            ),
            LEADER,
            Field("trump", "choice", "Trump: S, H, D or C.", choices=SUIT_CHOICES),
        ),
        run=trick_tool,
        example={"cards": "AS 10S AS JH", "leader": 1, "trump": "s"},
        result=TRICK_RESULT,
    ),
)
