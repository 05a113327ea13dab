"""Pinochle's events (with the examples the API documents) and match options."""

from __future__ import annotations

from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.fields import Field
from referee.games.fields import Option
from referee.games.outcomes import JSON
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import MAX_BID
from referee.games.pinochle.table import PASS_SIZE
from referee.games.pinochle.table import SUIT_CHOICES
from referee.games.pinochle.table import TARGET
from referee.games.pinochle.table import TOTAL

PLAYER = Field("player", "seat", "Who: seat number from 0 (clockwise), or the name.")
SUIT = Field(
    "suit", "choice", "A suit: S, H, D or C (or its name).", choices=SUIT_CHOICES
)
BIDDER = Field("player", "seat", "The bidder (optional).", required=False)
FOUR = ("Ann", "Bob", "Cy", "Di")
AUCTION = (
    {"type": "bid", "player": 1, "amount": 25},
    {"type": "pass", "player": 2},
    {"type": "bid", "player": 3, "amount": 30},
    {"type": "pass", "player": 0},
    {"type": "pass", "player": 1},
)
ASKED = (*AUCTION, {"type": "ask", "suit": "h"})
PASSED = (
    *ASKED,
    {"type": "pass_cards", "player": 1, "cards": "AH 10H KH"},
    {"type": "pass_cards", "player": 3, "cards": "JC JC QD"},
)
TRUMPED = (*PASSED, {"type": "trump", "suit": "h"})
MELDED = (
    *TRUMPED,
    {"type": "meld", "player": 3, "cards": "AH 10H KH QH JH KD QD"},
    {"type": "meld", "player": 0, "points": 10},
    {"type": "meld", "player": 1, "cards": "JD QS"},
    {"type": "meld", "player": 2, "points": 0},
)
# A deal that fits the auction, pass and meld above (hearts trump, Di leads): Ann
# and Cy hold no spades, so a spade lead shows trumping, heading a trump and
# following once the trick is trumped.
DEAL = (
    "AH 10H KH KH AD AD 10D 10D JD JD KD AC AC 10C 10C JC QC QC KC KC",
    "AS AS 10S 10S 10S 10S JS JS QS QS QS KS 10H JH QH JD QD KD JC JC",
    "AH 10H JH JH QH AD AD 10D 10D JD QD AC AC 10C 10C JC QC QC KC KC",
    "AS AS JS JS QS KS KS KS AH AH 10H JH QH QH KH KH QD QD KD KD",
)
CARD_BY_CARD = {"trick_entry": True}
DECLARED = (
    *MELDED,
    *({"type": "hand", "player": seat, "cards": DEAL[seat]} for seat in (3, 0, 1, 2)),
)


def _ex(
    event: JSON,
    *,
    setup: tuple[JSON, ...] = (),
    title: str,
    options: JSON | None = None,
) -> Example:
    """A worked example at the four-seat table."""
    return Example(event, setup=setup, players=FOUR, options=options or {}, title=title)


def _suit_named(type_: str, title: str, help: str, example: Example) -> EventKind:
    """An event in which the bidder names a suit (the ask, the trump call)."""
    return EventKind(type_, title, help, (SUIT, BIDDER), (example,))


EVENTS = (
    EventKind(
        type="bid",
        title="Bid",
        help="The seat on turn bids: 25 or more to open, each bid higher than the "
        "last, by ones up to 50 and by fives above.",
        fields=(
            PLAYER,
            Field(
                "amount",
                "integer",
                "The points bid: 25 to 50, then 55, 60, ...",
                minimum=1,
                maximum=MAX_BID,
            ),
        ),
        examples=(_ex(AUCTION[0], title="Bob, left of the dealer, opens at 25"),),
    ),
    EventKind(
        type="pass",
        title="Pass",
        help="The seat on turn passes and is out of this auction.",
        fields=(PLAYER,),
        examples=(_ex(AUCTION[1], setup=AUCTION[:1], title="Cy passes"),),
    ),
    _suit_named(
        "ask",
        "Ask for a suit",
        "The bidder names the suit the partner must pass.",
        _ex(ASKED[-1], setup=AUCTION, title="Di asks for hearts"),
    ),
    EventKind(
        type="pass_cards",
        title="Pass three cards",
        help="First the partner passes three cards to the bidder: three of the suit "
        "asked if held, else all held of it and others. Then the bidder passes any "
        "three back. The passer's whole hand (optional) checks the pass: twenty "
        "cards for the partner, twenty-three for the bidder.",
        fields=(
            PLAYER,
            Field("cards", "cards", "The three cards passed.", minimum=3, maximum=3),
            Field(
                "hand",
                "cards",
                "The passer's hand before passing (optional).",
                required=False,
                minimum=20,
                maximum=23,
            ),
        ),
        examples=(
            _ex(PASSED[-2], setup=ASKED, title="Bob passes three hearts"),
            _ex(PASSED[-1], setup=PASSED[:-1], title="Di passes three back"),
        ),
    ),
    _suit_named(
        "trump",
        "Call trump",
        "The bidder names trump (not necessarily the suit asked for).",
        _ex(TRUMPED[-1], setup=PASSED, title="Di calls hearts"),
    ),
    EventKind(
        type="meld",
        title="Meld",
        help="One player's meld: the points as counted, or the cards laid down (the "
        "referee finds the best declaration; both: the points are checked).",
        fields=(
            PLAYER,
            Field(
                "points",
                "integer",
                "The meld in points.",
                required=False,
                minimum=0,
                maximum=5000,
            ),
            Field(
                "cards",
                "cards",
                "The cards laid down, like KH QH JD QS.",
                required=False,
                minimum=0,
                maximum=HAND_SIZE,
            ),
        ),
        examples=(
            _ex(
                MELDED[len(TRUMPED)],
                setup=TRUMPED,
                title="Di shows a run in hearts and a marriage in diamonds",
            ),
            _ex(
                {"type": "meld", "player": 0, "points": 10},
                setup=TRUMPED,
                title="Ann melds 10",
            ),
        ),
    ),
    EventKind(
        type="throw_in",
        title="Throw in",
        help="After trump is called the bidding side concedes: their bid comes off "
        "their score, the opponents score their meld.",
        fields=(),
        examples=(
            _ex(
                {"type": "throw_in"},
                setup=MELDED,
                title="Di and Bob throw in",
            ),
        ),
    ),
    EventKind(
        type="tricks",
        title="Counters",
        help="After the last trick: the aces, tens and kings each side took (48 "
        "between them) and who took the last trick (2 more). Totals including the "
        "last trick (50) are accepted too; 'counted' says which of the two the "
        "numbers are, and then only that total is.",
        fields=(
            Field(
                "bidders",
                "integer",
                "Counters won by the bidding side.",
                minimum=0,
                maximum=TOTAL,
            ),
            Field(
                "opponents",
                "integer",
                "Counters won by the other side.",
                minimum=0,
                maximum=TOTAL,
            ),
            Field(
                "last_trick",
                "choice",
                "Who took the last trick.",
                choices=("bidders", "opponents"),
            ),
            Field(
                "counted",
                "choice",
                "How the two numbers were counted: 'counters', the aces, tens and "
                "kings alone (48 between the sides; the last trick's 2 is added), or "
                "'with-last-trick' (50). Left out, either total is read.",
                choices=("counters", "with-last-trick"),
                required=False,
            ),
        ),
        examples=(
            _ex(
                {
                    "type": "tricks",
                    "bidders": 30,
                    "opponents": 18,
                    "last_trick": "bidders",
                },
                setup=MELDED,
                title="The bidders take 30 and the last trick",
            ),
        ),
    ),
    EventKind(
        type="hand",
        title="Declare a hand",
        help="With the play entered card by card (option trick_entry): once the meld "
        "is down, each player's twenty cards. They must hold the meld they showed, "
        "and the pass as it went.",
        fields=(
            PLAYER,
            Field(
                "cards",
                "cards",
                "The twenty cards held, like AS 10S KS ...",
                minimum=1,
                maximum=HAND_SIZE + PASS_SIZE,
            ),
        ),
        examples=(
            _ex(
                DECLARED[len(MELDED)],
                setup=MELDED,
                options=CARD_BY_CARD,
                title="Di, the bidder, declares her twenty cards",
            ),
        ),
    ),
    EventKind(
        type="play",
        title="Play a card",
        help="With the play entered card by card (option trick_entry): the card the "
        "seat in turn plays. The leader may lead anything; the others must follow "
        "suit and head the trick, trump when void (beating a winning trump if able), "
        "and only throw off with neither. The fourth card closes the trick; after "
        "the twentieth the hand is scored.",
        fields=(Field("card", "card", "The card played, like KS."),),
        examples=(
            _ex(
                {"type": "play", "player": 3, "card": "KS"},
                setup=DECLARED,
                options=CARD_BY_CARD,
                title="Di leads the king of spades",
            ),
            _ex(
                {"type": "play", "card": "KH"},
                setup=(*DECLARED, {"type": "play", "card": "KS"}),
                options=CARD_BY_CARD,
                title="Ann, void in spades, trumps",
            ),
        ),
    ),
)

OPTIONS = (
    Option(
        "target",
        "Game to",
        "The first side to reach this many points wins (both on one hand: the bidding "
        "side).",
        "integer",
        TARGET,
        minimum=50,
        maximum=5000,
    ),
    Option(
        "exchange",
        "Pass cards",
        "The bidder and partner exchange three cards before trump (off: the bidder "
        "calls trump at once).",
        "boolean",
        True,
    ),
    Option(
        "trick_entry",
        "Card by card",
        "Enter the play card by card: each player's hand once the meld is down, then "
        "every card, checked (off: the counters are entered after the hand).",
        "boolean",
        False,
    ),
)
