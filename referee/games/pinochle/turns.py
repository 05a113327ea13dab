"""Who may act now in each phase of a pinochle hand, and the refusal, citing that
phase's own rule, of an event that names someone else (``Handler.out_of_turn``)."""

from __future__ import annotations

from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.pinochle import play
from referee.games.pinochle.table import R_ASK_SUIT
from referee.games.pinochle.table import R_BIDDING_ORDER
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_PARTNER_PASS
from referee.games.pinochle.table import R_PASS_BACK
from referee.games.pinochle.table import R_PASS_FINAL
from referee.games.pinochle.table import R_PLAY_ENTRY
from referee.games.pinochle.table import R_SEATS
from referee.games.pinochle.table import R_THROW_IN
from referee.games.pinochle.table import R_TRUMP_CALL
from referee.games.pinochle.table import name
from referee.games.pinochle.table import partner_of

# --- who may act ---------------------------------------------------------------------


def in_turn(state: JSON) -> int:
    """The seat the hand waits on (the auction, the pass)."""
    return int(state["hand"]["turn"])


def bidder(state: JSON) -> int:
    return int(state["hand"]["bidder"])


def not_melded(state: JSON) -> list[int]:
    """Meld goes down in any order: whoever has not entered theirs."""
    return [s for s, m in enumerate(state["hand"]["melds"]) if m is None]


def bidding_side(state: JSON) -> tuple[int, int]:
    return (bidder(state), partner_of(bidder(state)))


def undeclared(state: JSON) -> list[int]:
    return play.undeclared(state["hand"])


def card_turn(state: JSON) -> int:
    return play.in_turn(state["hand"])


def anyone(state: JSON) -> None:
    """Both sides count the counters together: anyone at the table enters them."""
    return None


# --- the refusals --------------------------------------------------------------------


def auction(state: JSON, seat: int) -> Refused:
    """A call out of turn; one from a player who passed breaks the pass rule too."""
    hand = state["hand"]
    turn = name(state, hand["turn"])
    if hand["out"][seat]:
        return Refused(
            f"{name(state, seat)} has passed and cannot come back into the auction; "
            f"it is {turn}'s call.",
            [R_PASS_FINAL, R_BIDDING_ORDER],
        )
    return Refused(
        f"It is {turn}'s turn, not {name(state, seat)}'s.", [R_BIDDING_ORDER]
    )


def _bidder_only(state: JSON, seat: int, rule: str) -> Refused:
    return Refused(
        f"Only the bidder, {name(state, bidder(state))}, does this; not "
        f"{name(state, seat)}.",
        [rule],
    )


def ask(state: JSON, seat: int) -> Refused:
    return _bidder_only(state, seat, R_ASK_SUIT)


def trump(state: JSON, seat: int) -> Refused:
    return _bidder_only(state, seat, R_TRUMP_CALL)


def passing(state: JSON, seat: int) -> Refused:
    """The partner passes first, then the bidder passes back."""
    hand = state["hand"]
    who = name(state, seat)
    if hand["phase"] == "pass-to-bidder":
        return Refused(
            f"{name(state, partner_of(bidder(state)))}, the bidder's partner, passes "
            f"first; not {who}.",
            [R_PARTNER_PASS],
        )
    return Refused(
        f"The bidder, {name(state, bidder(state))}, passes three back; not {who}.",
        [R_PASS_BACK],
    )


def meld(state: JSON, seat: int) -> Refused:
    """Only a player whose meld is in is ever refused: it goes down once."""
    entered = state["hand"]["melds"][seat]
    return Refused(
        f"{name(state, seat)}'s meld is already entered ({entered['points']}); undo "
        "it to change it.",
        [R_MELD_SHOWN],
    )


def declare(state: JSON, seat: int) -> Refused:
    return Refused(
        f"{name(state, seat)}'s hand is already declared; undo it to change it.",
        [R_PLAY_ENTRY],
    )


def card(state: JSON, seat: int) -> Refused:
    """A card out of turn: the leader plays first, then the others clockwise."""
    hand = state["hand"]
    now = play.in_turn(hand)
    current = play.play_of(hand)
    doing = "lead" if not current["trick"] else "play"
    return Refused(
        f"It is {name(state, now)}'s turn to {doing} to trick "
        f"{current['played'] + 1}, not {name(state, seat)}'s: the leader plays first, "
        "then the others clockwise.",
        [R_LEADING, R_SEATS],
    )


def throw_in(state: JSON, seat: int) -> Refused:
    side = bidding_side(state)
    return Refused(
        f"Only the bidding side, {name(state, side[0])} and {name(state, side[1])}, "
        f"may throw in; not {name(state, seat)}.",
        [R_THROW_IN],
    )
