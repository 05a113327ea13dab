"""Canasta's event kinds, options and the calculator's fields and result schema."""

from __future__ import annotations

import dataclasses

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.canasta import melds as ml
from referee.games.canasta import scoring
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.outcomes import STRINGS

FOUR = ("Ann", "Bob", "Cy", "Di")
MOST_POINTS = scoring.DECK_POINTS


def _ex(
    event: JSON, title: str, setup: tuple[JSON, ...] = (), **options: object
) -> Example:
    return Example(event, setup=setup, players=FOUR, options=options, title=title)


PLAYER = Field("player", "seat", "Who did it (0-3 or a name).")
SIDE = Field("side", "side", "Which partnership.")
MELD_CARDS = Field(
    "cards",
    "cards",
    "The cards laid, a wild card right after the rank it joins: 7H 7D JK KS KC KD.",
    minimum=1,
)
# Going out may lay nothing more: the player's last card is the discard.
OUT_CARDS = dataclasses.replace(
    MELD_CARDS,
    help=MELD_CARDS.help + " None when the player only discards the last card.",
    minimum=0,
    required=False,
)
TO = Field(
    "to",
    "string",
    "Only when the cards are all wild: the rank of the meld they join (e.g. 7).",
    required=False,
    maximum=5,
    label="Rank of the meld",
)
# Ann deals the first hand, so Bob plays first; every example is legal after its setup.
DEAL = {"type": "deal", "upcard": "9S"}
BOB_DRAWS = {"type": "draw", "player": 1}
MELD_EXAMPLE = {"type": "meld", "player": 1, "cards": "AS AH JK"}
# Round the table once after Bob's first meld, to Di's turn after drawing.
ROUND_TO_DI = (
    DEAL,
    BOB_DRAWS,
    MELD_EXAMPLE,
    {"type": "discard", "player": 1, "card": "9C"},
    {"type": "draw", "player": 2},
    {"type": "discard", "player": 2, "card": "8D"},
    {"type": "draw", "player": 3},
)
GO_OUT_EXAMPLE = {
    "type": "go_out",
    "player": 1,
    "cards": "8S 8H 8D 8C 8S 8H JK 5S 5H 5D",
    "discard": "9C",
}
CONCEALED_PILE = ("allowed", "barred")
ASK_OUT = ("before-draw", "before-meld")
WENT_OUT = Field(
    "went_out",
    "choice",
    "How this side ended the hand: none, out or concealed (taken from the log when "
    "the going out was recorded).",
    required=False,
    choices=scoring.WENT_OUT,
)

EVENTS = (
    EventKind(
        type="deal",
        title="The deal's up-card",
        help="The card(s) turned up to start the discard pile, bottom first: more are "
        "turned while the top one is wild or a three. Optional.",
        fields=(
            Field(
                "upcard",
                "cards",
                "The turned-up cards, bottom first: 9S, or JK 3H 9S.",
                minimum=1,
                maximum=25,
            ),
        ),
        examples=(
            _ex(DEAL, "The pile starts with 9S"),
            _ex({"type": "deal", "upcard": "JK 9S"}, "A joker turned up: frozen"),
        ),
    ),
    EventKind(
        type="draw",
        title="Draw from the stock",
        help="The turn's player draws the top card of the stock (the other way to "
        "start a turn is take_pile).",
        fields=(PLAYER,),
        examples=(_ex(BOB_DRAWS, "Bob draws", setup=(DEAL,)),),
    ),
    EventKind(
        type="discard",
        title="Discard: the turn ends",
        help="The turn's player discards one card face up on the pile; the turn "
        "passes clockwise. A wild card discarded freezes the pile.",
        fields=(
            PLAYER,
            Field("card", "card", "The card discarded: 9C."),
        ),
        examples=(
            _ex(
                {"type": "discard", "player": 1, "card": "9C"},
                "Bob discards 9C; Cy's turn",
                setup=(DEAL, BOB_DRAWS),
            ),
        ),
    ),
    EventKind(
        type="red_three",
        title="Red three laid out",
        help="A red three dealt (anyone, before the first draw of the hand) or drawn "
        "(the turn's player) goes face up at once and a replacement is drawn.",
        fields=(
            PLAYER,
            Field("cards", "cards", "The red threes: 3H, 3D.", minimum=1, maximum=4),
        ),
        examples=(
            _ex(
                {"type": "red_three", "player": 0, "cards": "3H"},
                "Ann lays out a dealt 3H",
                setup=(DEAL,),
            ),
        ),
    ),
    EventKind(
        type="meld",
        title="Meld",
        help="Cards laid from the hand: new melds or added to the side's melds of "
        "the same rank. The side's first meld must reach its minimum.",
        fields=(PLAYER, MELD_CARDS, TO),
        examples=(
            _ex(
                MELD_EXAMPLE,
                "Bob's first meld: aces with a joker (90)",
                setup=(DEAL, BOB_DRAWS),
            ),
            _ex(
                {"type": "meld", "player": 3, "cards": "2C", "to": "A"},
                "Di adds a 2 to the aces",
                setup=ROUND_TO_DI,
            ),
        ),
    ),
    EventKind(
        type="take_pile",
        title="Take the pile",
        help="The top discard, melded at once with cards from the hand only; the "
        "rest of the pile goes to the hand.",
        fields=(
            PLAYER,
            Field(
                "top",
                "card",
                "The top card of the discard pile (checked against the one the "
                "referee keeps).",
            ),
            Field(
                "cards",
                "cards",
                "The cards from the hand melded with it (none when it goes on a meld "
                "already down and the pile is not frozen).",
                required=False,
            ),
            Field(
                "frozen",
                "boolean",
                "The pile holds a wild card or a red three (a discarded wild).",
                required=False,
            ),
        ),
        examples=(
            _ex(
                {"type": "take_pile", "player": 1, "top": "AS", "cards": "AH AD"},
                "Bob takes the pile with two aces (first meld, 60)",
                setup=({"type": "deal", "upcard": "AS"},),
            ),
        ),
    ),
    EventKind(
        type="ask_out",
        title="May I go out?",
        help="The turn's player asks the partner before drawing (or, with the "
        "ask_out option before-meld, before laying any card); the answer binds: "
        "after no, no going out until the asker's next turn; after yes, the turn "
        "ends by going out.",
        fields=(
            PLAYER,
            Field("answer", "boolean", "The partner's answer: true for yes."),
        ),
        examples=(
            _ex(
                {"type": "ask_out", "player": 1, "answer": False},
                "Di says no",
                setup=(DEAL,),
            ),
        ),
    ),
    EventKind(
        type="go_out",
        title="Go out",
        help="The last melds of the hand (all the player's cards, or all but one "
        "discarded). The side needs a canasta.",
        fields=(
            PLAYER,
            OUT_CARDS,
            Field(
                "discard", "card", "The last card discarded, if any.", required=False
            ),
            Field(
                "concealed",
                "boolean",
                "The player melded the whole hand in this one turn.",
                required=False,
            ),
            TO,
        ),
        examples=(
            _ex(
                {**GO_OUT_EXAMPLE, "concealed": False},
                "Bob goes out with a mixed canasta of eights",
                setup=(DEAL, BOB_DRAWS),
            ),
            _ex(
                {**GO_OUT_EXAMPLE, "concealed": True},
                "Bob goes out concealed",
                setup=(DEAL, BOB_DRAWS),
            ),
        ),
    ),
    EventKind(
        type="stock_out",
        title="Stock used up: play ends",
        help="In place of a draw: the stock is gone and the turn's player does not "
        "take the discard (which they must when it matches their side's meld).",
        fields=(
            PLAYER,
            Field(
                "top",
                "card",
                "The top discard left untaken (checked against the referee's pile).",
                required=False,
            ),
            Field(
                "frozen",
                "boolean",
                "The pile is frozen (a wild card or red three in it): then nobody has "
                "to take it.",
                required=False,
            ),
        ),
        examples=(
            _ex(
                {"type": "stock_out", "player": 1, "top": "9C"},
                "Play ends",
                setup=({"type": "deal", "upcard": "9C"},),
            ),
        ),
    ),
    EventKind(
        type="hand_counts",
        title="Hand result (counts)",
        help="Quick entry for one side: canastas, red threes, points melded and "
        "points left in the hands.",
        fields=(
            SIDE,
            Field(
                "natural_canastas",
                "integer",
                "Natural canastas.",
                minimum=0,
                maximum=11,
            ),
            Field(
                "mixed_canastas", "integer", "Mixed canastas.", minimum=0, maximum=11
            ),
            Field(
                "meld_points",
                "integer",
                "Card values of all cards melded.",
                minimum=0,
                maximum=MOST_POINTS,
            ),
            Field(
                "hand_points",
                "integer",
                "Card values left in both hands.",
                minimum=0,
                maximum=MOST_POINTS,
            ),
            Field(
                "red_threes",
                "integer",
                "Red threes (default: those recorded).",
                required=False,
                minimum=0,
                maximum=4,
            ),
            WENT_OUT,
        ),
        examples=(
            _ex(
                {
                    "type": "hand_counts",
                    "side": 0,
                    "natural_canastas": 1,
                    "mixed_canastas": 0,
                    "meld_points": 120,
                    "hand_points": 15,
                },
                "Ann & Cy: one natural canasta",
            ),
        ),
    ),
    EventKind(
        type="hand_cards",
        title="Hand result (cards)",
        help="Exact entry for one side: its melds (default: those recorded), the "
        "cards left in both hands and its red threes.",
        fields=(
            SIDE,
            Field(
                "melds",
                "cards",
                "All the side's melded cards, a wild after the rank it joins.",
                required=False,
            ),
            Field(
                "hand", "cards", "Cards left in the partners' hands.", required=False
            ),
            Field(
                "red_threes",
                "cards",
                "The side's red threes.",
                required=False,
                maximum=4,
            ),
            WENT_OUT,
        ),
        examples=(
            _ex(
                {
                    "type": "hand_cards",
                    "side": 1,
                    "melds": "KS KH KD 2C",
                    "hand": "5S 9D",
                },
                "Bob & Di: kings melded, 5S 9D left",
            ),
        ),
    ),
)

OPTIONS = (
    Option(
        "concealed_pile",
        "Concealed after taking the pile",
        "allowed: a player may take the pile and go out concealed in that same turn "
        "(the rules text asks only for the whole hand melded in one turn). barred: "
        "not after taking the pile (a house rule).",
        "choice",
        "allowed",
        choices=CONCEALED_PILE,
    ),
    Option(
        "ask_out",
        'When to ask "may I go out?"',
        "before-draw: only before drawing (the rules text). before-meld: also after "
        "drawing, until the first card is laid (as some rule books allow).",
        "choice",
        "before-draw",
        choices=ASK_OUT,
    ),
    Option(
        "wild_cap",
        "Wild cards per meld",
        "unlimited: no cap (the rules text). three: at most three wild cards in a meld "
        "(a common house rule).",
        "choice",
        "unlimited",
        choices=ml.WILD_CAPS,
    ),
    Option(
        "target",
        "Game to",
        "The game ends after the hand in which a side reaches this score; the "
        "higher score wins.",
        "integer",
        scoring.TARGET,
        minimum=500,
        maximum=20000,
    ),
)

TOOL_FIELDS = (
    Field(
        "cards",
        "cards",
        "The melds' cards, a wild after the rank it joins: 7H 7D JK KS KC KD.",
        minimum=1,
    ),
    Field(
        "wild_cap",
        "choice",
        "unlimited or three wild cards per meld.",
        required=False,
        choices=ml.WILD_CAPS,
        default="unlimited",
    ),
    Field(
        "going_out",
        "boolean",
        "Laid by a player going out (black threes may meld).",
        required=False,
    ),
    Field(
        "score",
        "integer",
        "The side's score so far: checks the first-meld minimum.",
        required=False,
        minimum=-100000,
        maximum=100000,
    ),
)

_MELD: JSON = {
    "type": "object",
    "required": [
        "rank",
        "cards",
        "naturals",
        "wilds",
        "points",
        "canasta",
        "bonus",
        "legal",
        "reason",
        "rules",
    ],
    "properties": {
        "rank": {
            "enum": [*ml.MELD_RANKS, None],
            "description": "null: cards that make no meld (red threes, wilds alone).",
        },
        "cards": STRINGS,
        "naturals": {"type": "integer", "minimum": 0},
        "wilds": {"type": "integer", "minimum": 0},
        "points": {"type": "integer", "minimum": 0},
        "canasta": {
            "enum": ["natural", "mixed", None],
            "description": "null: not a canasta.",
        },
        "bonus": {"type": "integer", "description": "500 natural, 300 mixed, else 0."},
        "legal": {"type": "boolean"},
        "reason": {"type": "string", "description": "Why not legal; empty if legal."},
        "rules": STRINGS,
    },
    "additionalProperties": False,
}
TOOL_RESULT: JSON = {
    "type": "object",
    "required": [
        "melds",
        "legal",
        "count",
        "canasta_bonus",
        "total",
        "canastas",
        "minimum",
        "meets_minimum",
        "merged",
        "summary",
    ],
    "properties": {
        "melds": {"type": "array", "items": _MELD},
        "legal": {"type": "boolean"},
        "count": {"type": "integer", "description": "Card values of all the cards."},
        "canasta_bonus": {"type": "integer"},
        "total": {"type": "integer", "description": "count + canasta_bonus."},
        "canastas": {"type": "integer", "minimum": 0},
        "minimum": {
            "type": ["integer", "null"],
            "description": "The first-meld minimum for 'score'; null without it.",
        },
        "meets_minimum": {"type": ["boolean", "null"]},
        "merged": {
            "type": "integer",
            "minimum": 0,
            "description": "Groups of a rank already written, merged into one.",
        },
        "summary": {"type": "string"},
    },
    "additionalProperties": False,
}
