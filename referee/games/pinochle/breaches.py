"""What the referee checks in pinochle: a documented request breaking each rule that
forbids or requires something (the rule-coverage matrix), at the table of
``events.FOUR`` with the auction, pass, meld and deal of ``events``."""

from __future__ import annotations

from referee.games.base import Breach
from referee.games.base import Example
from referee.games.outcomes import JSON
from referee.games.pinochle.events import ASKED
from referee.games.pinochle.events import AUCTION
from referee.games.pinochle.events import CARD_BY_CARD
from referee.games.pinochle.events import DEAL
from referee.games.pinochle.events import DECLARED
from referee.games.pinochle.events import FOUR
from referee.games.pinochle.events import MELDED
from referee.games.pinochle.events import PASSED
from referee.games.pinochle.events import TRUMPED
from referee.games.pinochle.table import R_ASK_SUIT
from referee.games.pinochle.table import R_BID_HIGHER
from referee.games.pinochle.table import R_BID_STEPS
from referee.games.pinochle.table import R_BIDDING_ORDER
from referee.games.pinochle.table import R_CRAWL
from referee.games.pinochle.table import R_CRAWL_IN_TRUMP
from referee.games.pinochle.table import R_DEAL
from referee.games.pinochle.table import R_DEALER_FORCED
from referee.games.pinochle.table import R_FOLLOW_SUIT
from referee.games.pinochle.table import R_GAME_OVER
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_MUST_TRUMP
from referee.games.pinochle.table import R_ONE_PER_TYPE
from referee.games.pinochle.table import R_OPENING_BID
from referee.games.pinochle.table import R_PARTNER_PASS
from referee.games.pinochle.table import R_PASS_BACK
from referee.games.pinochle.table import R_PASS_FINAL
from referee.games.pinochle.table import R_PLAY_ENTRY
from referee.games.pinochle.table import R_SEATS
from referee.games.pinochle.table import R_SET
from referee.games.pinochle.table import R_THROW_IN
from referee.games.pinochle.table import R_TRUMP_CALL
from referee.games.pinochle.table import R_TRUMPED_TRICK
from referee.games.pinochle.table import R_VOID_BOTH


def _at(
    event: JSON, setup: tuple[JSON, ...] = (), options: JSON | None = None
) -> Example:
    return Example(event, setup=setup, players=FOUR, options=options or {})


def _card(card: str, *before: str) -> Example:
    """A card played after ``before`` (from the first lead, Di's), by card."""
    plays = tuple({"type": "play", "card": c} for c in before)
    return _at({"type": "play", "card": card}, (*DECLARED, *plays), CARD_BY_CARD)


# Bob's twenty cards before he passes (the deal's, with the pass undone): six hearts.
BOB_BEFORE = "AS AS 10S 10S 10S 10S JS JS QS QS QS KS 10H JH QH JD KD AH 10H KH"
ANN_LEADS = _at({"type": "play", "player": 0, "card": "AH"}, DECLARED, CARD_BY_CARD)
FOLLOW_SUIT = _card("KH", "QD")  # Ann holds diamonds
DISCARD = _card("AD", "KS")  # Ann holds trumps, no spades
AFTER_TRUMP = _card("JD", "KS", "KH")  # Bob holds spades; Ann has trumped
SHORT_DI = " ".join(DEAL[3].split()[:-1])  # one card short of twenty

BREACHES = (
    Breach(R_SEATS, "Ann plays the first card while Di, the bidder, leads", ANN_LEADS),
    Breach(
        R_BIDDING_ORDER,
        "Cy bids first, though Bob sits left of the dealer",
        _at({"type": "bid", "player": 2, "amount": 25}),
    ),
    Breach(
        R_OPENING_BID,
        "Bob opens the auction at 20",
        _at({"type": "bid", "player": 1, "amount": 20}),
    ),
    Breach(
        R_BID_STEPS,
        "Cy bids 53 over 25",
        _at({"type": "bid", "player": 2, "amount": 53}, AUCTION[:1]),
    ),
    Breach(
        R_BID_HIGHER,
        "Cy bids 25, only equal to Bob's 25",
        _at({"type": "bid", "player": 2, "amount": 25}, AUCTION[:1]),
    ),
    Breach(
        R_PASS_FINAL,
        "Cy passed, then bids 35 when the auction comes round",
        _at({"type": "bid", "player": 2, "amount": 35}, AUCTION[:4]),
    ),
    Breach(
        R_DEALER_FORCED,
        "The other three pass and Ann, the dealer, passes too",
        _at(
            {"type": "pass", "player": 0},
            tuple({"type": "pass", "player": s} for s in (1, 2, 3)),
        ),
    ),
    Breach(
        R_ASK_SUIT,
        "Bob asks for the suit, though Di won the bid",
        _at({"type": "ask", "suit": "h", "player": 1}, AUCTION),
    ),
    Breach(
        R_PARTNER_PASS,
        "Bob holds six hearts, is asked for hearts and passes two",
        _at(
            {
                "type": "pass_cards",
                "player": 1,
                "cards": "AH 10H JS",
                "hand": BOB_BEFORE,
            },
            ASKED,
        ),
    ),
    Breach(
        R_PASS_BACK,
        "Bob passes again instead of Di passing three back",
        _at({"type": "pass_cards", "player": 1, "cards": "AS AS JS"}, PASSED[:-1]),
    ),
    Breach(
        R_TRUMP_CALL,
        "Bob calls trump for Di",
        _at({"type": "trump", "suit": "s", "player": 1}, PASSED),
    ),
    Breach(
        R_MELD_SHOWN,
        "Di enters her meld a second time",
        _at({"type": "meld", "player": 3, "points": 10}, MELDED[: len(TRUMPED) + 1]),
    ),
    Breach(
        R_MELD_SHOWN,
        "Di declares a hand without the king of diamonds she melded",
        _at(
            {"type": "hand", "player": 3, "cards": DEAL[3].replace("KD", "AC", 2)},
            MELDED,
            CARD_BY_CARD,
        ),
    ),
    Breach(
        R_ONE_PER_TYPE,
        "Ann counts a king with two queens of trump as two marriages (8)",
        _at({"type": "meld", "player": 0, "cards": "KH QH QH", "points": 8}, TRUMPED),
    ),
    Breach(
        R_LEADING, "Ann plays the first card while Di, the bidder, leads", ANN_LEADS
    ),
    Breach(
        R_FOLLOW_SUIT,
        "Di leads a diamond and Ann, holding diamonds, trumps",
        FOLLOW_SUIT,
    ),
    Breach(
        R_CRAWL,
        "Di leads the queen of diamonds and Ann, holding aces, plays a jack",
        _card("JD", "QD"),
    ),
    Breach(
        R_TRUMPED_TRICK,
        "Ann trumps a spade and Bob, holding spades, throws a diamond",
        AFTER_TRUMP,
    ),
    Breach(
        R_MUST_TRUMP,
        "Di leads a spade and Ann, void in spades, throws an ace of diamonds",
        DISCARD,
    ),
    Breach(
        R_CRAWL_IN_TRUMP,
        "Ann trumps with a king; Cy, void in spades, trumps with a jack, holding aces",
        _card("JH", "KS", "KH", "QS"),
    ),
    Breach(
        R_VOID_BOTH,
        "Ann, void in spades but holding trumps, throws off a diamond",
        DISCARD,
    ),
    Breach(
        R_SET,
        "Di and Bob bid 30 and make 26",
        _at(
            {
                "type": "tricks",
                "bidders": 5,
                "opponents": 43,
                "last_trick": "opponents",
            },
            MELDED,
        ),
        recorded=True,
    ),
    Breach(
        R_THROW_IN,
        "Ann throws in for Di's contract",
        _at({"type": "throw_in", "player": 0}, MELDED),
    ),
    Breach(
        R_THROW_IN,
        "Di and Bob throw in after Di has led",
        _at(
            {"type": "throw_in"},
            (*DECLARED, {"type": "play", "card": "KS"}),
            CARD_BY_CARD,
        ),
    ),
    Breach(
        R_GAME_OVER,
        "A bid after Di and Bob reached 50 and won",
        _at(
            {"type": "bid", "player": 2, "amount": 25},
            (
                *MELDED,
                {
                    "type": "tricks",
                    "bidders": 30,
                    "opponents": 18,
                    "last_trick": "bidders",
                },
            ),
            {"target": 50},
        ),
    ),
    Breach(
        R_DEAL,
        "Di declares nineteen cards",
        _at({"type": "hand", "player": 3, "cards": SHORT_DI}, MELDED, CARD_BY_CARD),
    ),
    Breach(
        R_PLAY_ENTRY,
        "Di leads the ace of clubs, not in the hand she declared",
        _card("AC"),
    ),
    Breach(
        R_PLAY_ENTRY,
        "The counters entered by hand in a match played card by card",
        _at(
            {"type": "tricks", "bidders": 30, "opponents": 18, "last_trick": "bidders"},
            DECLARED,
            CARD_BY_CARD,
        ),
    ),
)
