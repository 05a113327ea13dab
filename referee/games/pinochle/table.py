"""Pinochle's table: the rulebook handle, the numbers of the game, seats and sides.

Every module of the engine cites its rules through ``CITE`` (module-level constants,
checked against referee/rulebook/pinochle.toml at import).
"""

from __future__ import annotations

from referee.games.outcomes import JSON
from referee.rulebook import cite

CITE = cite("pinochle")
R_AROUNDS = CITE("arounds")
R_ASK_SUIT = CITE("ask-suit")
R_AUCTION_END = CITE("auction-end")
R_BIDDING_ORDER = CITE("bidding-order")
R_BID_HIGHER = CITE("bid-higher")
R_BID_STEPS = CITE("bid-steps")
R_BOTH_REACH = CITE("both-reach")
R_CARD_RANK = CITE("card-rank")
R_COUNTERS = CITE("counters")
R_CRAWL = CITE("crawl")
R_CRAWL_IN_TRUMP = CITE("crawl-in-trump")
R_DEAL = CITE("deal")
R_DEALER_FORCED = CITE("dealer-forced")
R_EXCHANGE = CITE("exchange")
R_FOLLOW_SUIT = CITE("follow-suit")
R_GAME = CITE("game")
R_GAME_OVER = CITE("game-over")
R_LAST_TRICK = CITE("last-trick")
R_LEADING = CITE("leading")
R_MADE = CITE("made")
R_MARRIAGES = CITE("marriages")
R_MELD_SHOWN = CITE("meld-shown")
R_MELD_TYPES = CITE("meld-types")
R_MUST_TRUMP = CITE("must-trump")
R_ONE_PER_TYPE = CITE("one-per-type")
R_OPENING_BID = CITE("opening-bid")
R_PARTNER_PASS = CITE("partner-pass")
R_PASS_BACK = CITE("pass-back")
R_PASS_FINAL = CITE("pass-final")
R_PINOCHLES = CITE("pinochles")
R_PLAY_ENTRY = CITE("play-entry")
R_RUNS = CITE("runs")
R_SEATS = CITE("seats")
R_SET = CITE("set")
R_TEAM_MELD = CITE("team-meld")
R_THROW_IN = CITE("throw-in")
R_TRICK_WINNER = CITE("trick-winner")
R_TRUMPED_TRICK = CITE("trumped-trick")
R_TRUMP_CALL = CITE("trump-call")
R_VOID_BOTH = CITE("void-both")

SEATS = 4
OPENING = 25
BY_ONES_TO = 50
STEP_ABOVE = 5
MAX_BID = 2000
HAND_SIZE = 20
PASS_SIZE = 3
COUNTER_CARDS = 48  # 4 suits x (ace, ten, king) x 4 copies
LAST_TRICK = 2
TOTAL = COUNTER_CARDS + LAST_TRICK
TARGET = 500
# Choice fields are matched lower-case: a suit by its letter or its name.
SUIT_CHOICES = ("s", "h", "d", "c", "spades", "hearts", "diamonds", "clubs")


def suit_of(choice: str | None) -> str | None:
    """``"h"`` or ``"hearts"`` -> ``"H"``."""
    return None if choice is None else choice[0].upper()


def new_hand(number: int, dealer: int) -> JSON:
    """A hand before the auction: the seat left of the dealer calls first."""
    return {
        "number": number,
        "dealer": dealer,
        "phase": "bidding",
        "turn": (dealer + 1) % SEATS,
        "auction": [],
        "out": [False] * SEATS,
        "high": None,
        "bidder": None,
        "asked": None,
        "passed": [],
        "returned": [],
        "trump": None,
        "melds": [None] * SEATS,
    }


def team_of(seat: int) -> int:
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def name(state: JSON, seat: int) -> str:
    return str(state["players"][seat])


def team_name(state: JSON, team: int) -> str:
    return str(state["teams"][team]["name"])


def options_named(state: JSON) -> tuple[str, ...]:
    """The match options a ruling of this hand rests on (the pass turned off)."""
    return () if state["options"].get("exchange", True) else ("exchange",)


def trick_entry(state: JSON) -> bool:
    """The play is entered card by card (the ``trick_entry`` option)."""
    return bool(state["options"].get("trick_entry", False))


def team_meld(hand: JSON, team: int) -> int | None:
    """The partners' meld added up (None until both are entered)."""
    a, b = hand["melds"][team], hand["melds"][team + 2]
    if a is None or b is None:
        return None
    return int(a["points"]) + int(b["points"])
