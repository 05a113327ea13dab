"""Pinochle's auction: bids from 25, by ones to 50 and by fives above; a pass is
final; the dealer must bid after three passes; three passes with a bid end it."""

from __future__ import annotations

from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.pinochle.table import BY_ONES_TO
from referee.games.pinochle.table import OPENING
from referee.games.pinochle.table import R_AUCTION_END
from referee.games.pinochle.table import R_BID_HIGHER
from referee.games.pinochle.table import R_BID_STEPS
from referee.games.pinochle.table import R_BIDDING_ORDER
from referee.games.pinochle.table import R_DEALER_FORCED
from referee.games.pinochle.table import R_EXCHANGE
from referee.games.pinochle.table import R_OPENING_BID
from referee.games.pinochle.table import R_PASS_FINAL
from referee.games.pinochle.table import SEATS
from referee.games.pinochle.table import STEP_ABOVE
from referee.games.pinochle.table import name
from referee.games.pinochle.table import options_named
from referee.games.pinochle.table import partner_of


def _check_turn(state: JSON, seat: int, rules: list[str]) -> None:
    hand = state["hand"]
    turn = hand["turn"]
    if seat == turn:
        return
    if hand["phase"] == "bidding" and hand["out"][seat]:
        raise Refused(
            f"{name(state, seat)} has passed and cannot come back into the auction; "
            f"it is {name(state, turn)}'s call.",
            [R_PASS_FINAL, *rules],
        )
    raise Refused(
        f"It is {name(state, turn)}'s turn, not {name(state, seat)}'s.", rules
    )


def _next_above(amount: int) -> int:
    """The least bid over ``amount``: one more up to 50, then the next five."""
    return amount + 1 if amount < BY_ONES_TO else amount + STEP_ABOVE - amount % 5


def min_bid(hand: JSON) -> int:
    """The least bid allowed now: 25 to open, then one more (five more above 50)."""
    high = hand["high"]
    return OPENING if high is None else _next_above(int(high["amount"]))


def next_bids(hand: JSON, count: int = 6) -> list[int]:
    """The ``count`` least bids allowed now, in order (the page's bid buttons)."""
    bids = [min_bid(hand)]
    while len(bids) < count:
        bids.append(_next_above(bids[-1]))
    return bids


def dealer_forced(hand: JSON) -> bool:
    """The first three passed: the dealer must bid."""
    return hand["high"] is None and sum(hand["out"]) == SEATS - 1


def bid(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat, amount = event["player"], event["amount"]
    rules = [R_BIDDING_ORDER]
    _check_turn(state, seat, rules)
    who = name(state, seat)
    high = hand["high"]
    if amount < OPENING:
        cited = [R_OPENING_BID]
        if dealer_forced(hand):
            cited.append(R_DEALER_FORCED)
        raise Refused(f"{who} bids {amount}: the least bid is {OPENING}.", cited)
    if amount > BY_ONES_TO and amount % STEP_ABOVE:
        low = max(amount - amount % STEP_ABOVE, min_bid(hand))
        raise Refused(
            f"{who} bids {amount}: above {BY_ONES_TO} bids go up in fives "
            f"({low} or {low + STEP_ABOVE}).",
            [R_BID_STEPS],
        )
    if high is not None and amount <= high["amount"]:
        raise Refused(
            f"{who} bids {amount}: a bid must be higher than "
            f"{name(state, high['seat'])}'s {high['amount']} (at least "
            f"{min_bid(hand)}).",
            [R_BID_HIGHER, R_BID_STEPS],
        )
    cited = [
        R_BIDDING_ORDER,
        R_OPENING_BID if high is None else R_BID_HIGHER,
    ]
    if amount > BY_ONES_TO:
        cited.append(R_BID_STEPS)
    forced = dealer_forced(hand)
    if forced:
        cited.append(R_DEALER_FORCED)
    hand["auction"] = [*hand["auction"], {"player": seat, "bid": amount}]
    hand["high"] = {"seat": seat, "amount": amount}
    summary = f"{who} bids {amount}"
    if forced:
        summary += " (the dealer, forced after three passes)"
    return _after_call(state, summary, cited)


def pass_(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    _check_turn(state, seat, [R_BIDDING_ORDER])
    who = name(state, seat)
    if dealer_forced(hand):
        raise Refused(
            f"{who} deals and the other three passed: {who} must bid at least "
            f"{OPENING}.",
            [R_DEALER_FORCED],
        )
    out = list(hand["out"])
    out[seat] = True
    hand["out"] = out
    hand["auction"] = [*hand["auction"], {"player": seat, "bid": None}]
    return _after_call(state, f"{who} passes", [R_BIDDING_ORDER, R_PASS_FINAL])


def _after_call(state: JSON, summary: str, cited: list[str]) -> Step:
    """Move the auction on; three passes with a standing bid end it."""
    hand = state["hand"]
    if sum(hand["out"]) == SEATS - 1 and hand["high"] is not None:
        seat = hand["high"]["seat"]
        hand["bidder"] = seat
        cited = [*cited, R_AUCTION_END]
        summary += (
            f". Three have passed: {name(state, seat)} wins the bid at "
            f"{hand['high']['amount']}"
        )
        if state["options"].get("exchange", True):
            hand["phase"] = "ask"
            summary += (
                f" and names the suit wanted from {name(state, partner_of(seat))}."
            )
        else:
            hand["phase"] = "trump"
            summary += " and calls trump."
            cited.append(R_EXCHANGE)
        hand["turn"] = seat
        return Step(
            state,
            Ruling(Verdict.OK, summary, tuple(cited), options=options_named(state)),
        )
    nxt = (hand["turn"] + 1) % SEATS
    while hand["out"][nxt]:
        nxt = (nxt + 1) % SEATS
    hand["turn"] = nxt
    if dealer_forced(hand):
        summary += (
            f". Three passes: {name(state, nxt)} deals and must bid at least {OPENING}."
        )
        cited = [*cited, R_DEALER_FORCED]
    else:
        summary += f". {name(state, nxt)} to call (at least {min_bid(hand)})."
    return Step(state, Ruling(Verdict.OK, summary, tuple(dict.fromkeys(cited))))
