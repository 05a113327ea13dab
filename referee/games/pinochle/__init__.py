"""Partnership pinochle for four: the auction, the pass, trump, meld, counters, to 500.

Seats go clockwise as listed (with teams: team A's first, team B's first, team A's
second, team B's second), so partners sit opposite: seats 0 and 2 against 1 and 3.
The first seat deals the first hand; the deal moves one seat left each hand.

Events, hand by hand:

* ``bid`` ``{"player", "amount"}`` and ``pass`` ``{"player"}``: the auction, from the
  seat left of the dealer.
* ``ask`` ``{"suit"}``: the bidder names the suit wanted from the partner.
* ``pass_cards`` ``{"player", "cards", "hand"}``: the partner's three cards to the
  bidder (``hand``, optional: the partner's twenty cards, to check the pass), then the
  bidder's three back.
* ``trump`` ``{"suit"}``: the bidder calls trump.
* ``meld`` ``{"player", "points"}`` or ``{"player", "cards"}``: each player's meld, as
  a number or as the cards laid down (the referee finds the best declaration).
* ``throw_in`` ``{}``: the bidding side concedes after trump is called.
* ``tricks`` ``{"bidders", "opponents", "last_trick"}``: the counters each side took
  (aces, tens and kings) and who took the last trick; the hand is scored.

The play of the twenty tricks is not entered card by card: the ``legal`` tool (and the
match page) rules on a disputed card from the trick so far, trump and the hand.

``view(state)["detail"]`` holds ``dealer``, ``hand`` (number), ``phase`` (``bidding``,
``ask``, ``pass-to-bidder``, ``pass-back``, ``trump``, ``meld``, ``play``, ``over``),
``auction`` (each call ``{"player", "bid"}``, ``bid`` null for a pass), ``high`` (the
standing bid ``{"player", "amount"}``), ``min_bid`` (the least bid allowed now),
``bids`` (the six least bids allowed now, in order),
``forced`` (the dealer must bid), ``bidder``, ``partner``, ``asked``, ``trump``,
``passed`` and ``returned`` (cards), ``melds`` (per player: ``{"player", "points",
"cards", "melds"}`` or null), ``team_meld``, ``target``, ``last_hand`` and ``history``
(the latest ``HISTORY_WINDOW`` hands; ``GAME.history`` folds them all from the log).
Each side is ``{"name", "score", "players", "meld"}``.
"""

from __future__ import annotations

import copy
from collections import Counter

from referee.games import cards
from referee.games.base import JSON
from referee.games.base import BadInput
from referee.games.base import EventKind
from referee.games.base import Example
from referee.games.base import Field
from referee.games.base import Game
from referee.games.base import Option
from referee.games.base import Penalty
from referee.games.base import Refused
from referee.games.base import Ruling
from referee.games.base import Setup
from referee.games.base import Step
from referee.games.base import Tool
from referee.games.base import Verdict
from referee.games.base import board
from referee.games.base import partners_opposite
from referee.games.base import recent
from referee.games.base import two_partnerships
from referee.games.pinochle import meld as meldlib
from referee.games.pinochle import tricks as tricklib

GAME_ID = "pinochle"
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
# Choice fields are matched lower-case: a suit by its letter or its name.
SUIT_CHOICES = ("s", "h", "d", "c", "spades", "hearts", "diamonds", "clubs")


def suit_of(choice: str | None) -> str | None:
    """``"h"`` or ``"hearts"`` -> ``"H"``."""
    return None if choice is None else choice[0].upper()


def rule(local: str) -> str:
    return f"{GAME_ID}/{local}"


R_OVER = rule("game-over")


# --- start ---------------------------------------------------------------------------


check_setup = two_partnerships("Pinochle is played by two teams of two.")


def start(setup: Setup) -> JSON:
    """Seat the four clockwise with partners opposite; seat 0 deals first."""
    seats, teams = partners_opposite(setup)
    return {
        "players": seats,
        "teams": teams,
        "options": dict(setup.options),
        "scores": [0, 0],
        "hand": _new_hand(1, 0),
        "history": [],
        "last_hand": None,
        "winner": None,
    }


def _new_hand(number: int, dealer: int) -> JSON:
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


# --- apply ---------------------------------------------------------------------------


def apply(state: JSON, event: JSON) -> Step:
    """Apply one parsed event; the input state is left as it was."""
    new = copy.deepcopy(state)
    if new["winner"] is not None:
        a, b = new["scores"]
        raise Refused(
            f"The game is over: {new['teams'][new['winner']]['name']} won, "
            f"{max(a, b)} to {min(a, b)}.",
            [R_OVER],
        )
    hand = new["hand"]
    kind = event["type"]
    handlers = {
        "bid": ("bidding", _bid),
        "pass": ("bidding", _pass),
        "ask": ("ask", _ask),
        "pass_cards": (("pass-to-bidder", "pass-back"), _pass_cards),
        "trump": ("trump", _trump),
        "meld": ("meld", _meld),
        "throw_in": (("meld", "play"), _throw_in),
        "tricks": ("play", _tricks),
    }
    if kind not in handlers:
        raise BadInput(f"'{kind}' is not an event of Pinochle.", field="type")
    phases, handler = handlers[kind]
    if hand["phase"] not in (phases if isinstance(phases, tuple) else (phases,)):
        raise Refused(_wrong_phase(new, kind), _phase_rules(hand["phase"]))
    return handler(new, event)


def _wrong_phase(state: JSON, kind: str) -> str:
    hand = state["hand"]
    now = {
        "bidding": "the auction is on",
        "ask": "the bidder names the suit wanted from the partner",
        "pass-to-bidder": "the partner passes three cards to the bidder",
        "pass-back": "the bidder passes three cards back",
        "trump": "the bidder calls trump",
        "meld": "the players lay down their meld",
        "play": "the hand is played; enter the counters when it ends",
    }[hand["phase"]]
    what = {
        "bid": "A bid",
        "pass": "A pass in the auction",
        "ask": "Naming the suit for the pass",
        "pass_cards": "Passing cards",
        "trump": "Calling trump",
        "meld": "Meld",
        "throw_in": "Throwing in",
        "tricks": "The counters",
    }[kind]
    return f"{what} is not possible now: {now} (hand {hand['number']})."


def _phase_rules(phase: str) -> list[str]:
    return {
        "bidding": [rule("bidding-order")],
        "ask": [rule("ask-suit")],
        "pass-to-bidder": [rule("partner-pass")],
        "pass-back": [rule("pass-back")],
        "trump": [rule("trump-call")],
        "meld": [rule("meld-shown")],
        "play": [rule("counters")],
    }[phase]


def _name(state: JSON, seat: int) -> str:
    return str(state["players"][seat])


def _team_name(state: JSON, team: int) -> str:
    return str(state["teams"][team]["name"])


def _check_turn(state: JSON, seat: int, rules: list[str]) -> None:
    hand = state["hand"]
    turn = hand["turn"]
    if seat == turn:
        return
    if hand["phase"] == "bidding" and hand["out"][seat]:
        raise Refused(
            f"{_name(state, seat)} has passed and cannot come back into the auction; "
            f"it is {_name(state, turn)}'s call.",
            [rule("pass-final"), *rules],
        )
    raise Refused(
        f"It is {_name(state, turn)}'s turn, not {_name(state, seat)}'s.", rules
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


def _bid(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat, amount = event["player"], event["amount"]
    rules = [rule("bidding-order")]
    _check_turn(state, seat, rules)
    who = _name(state, seat)
    high = hand["high"]
    if amount < OPENING:
        cited = [rule("opening-bid")]
        if dealer_forced(hand):
            cited.append(rule("dealer-forced"))
        raise Refused(f"{who} bids {amount}: the least bid is {OPENING}.", cited)
    if amount > BY_ONES_TO and amount % STEP_ABOVE:
        low = max(amount - amount % STEP_ABOVE, min_bid(hand))
        raise Refused(
            f"{who} bids {amount}: above {BY_ONES_TO} bids go up in fives "
            f"({low} or {low + STEP_ABOVE}).",
            [rule("bid-steps")],
        )
    if high is not None and amount <= high["amount"]:
        raise Refused(
            f"{who} bids {amount}: a bid must be higher than "
            f"{_name(state, high['seat'])}'s {high['amount']} (at least "
            f"{min_bid(hand)}).",
            [rule("bid-higher"), rule("bid-steps")],
        )
    cited = [
        rule("bidding-order"),
        rule("opening-bid") if high is None else rule("bid-higher"),
    ]
    if amount > BY_ONES_TO:
        cited.append(rule("bid-steps"))
    forced = dealer_forced(hand)
    if forced:
        cited.append(rule("dealer-forced"))
    hand["auction"] = [*hand["auction"], {"player": seat, "bid": amount}]
    hand["high"] = {"seat": seat, "amount": amount}
    summary = f"{who} bids {amount}"
    if forced:
        summary += " (the dealer, forced after three passes)"
    return _after_call(state, summary, cited)


def _pass(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    _check_turn(state, seat, [rule("bidding-order")])
    who = _name(state, seat)
    if dealer_forced(hand):
        raise Refused(
            f"{who} deals and the other three passed: {who} must bid at least "
            f"{OPENING}.",
            [rule("dealer-forced")],
        )
    out = list(hand["out"])
    out[seat] = True
    hand["out"] = out
    hand["auction"] = [*hand["auction"], {"player": seat, "bid": None}]
    return _after_call(
        state, f"{who} passes", [rule("bidding-order"), rule("pass-final")]
    )


def _after_call(state: JSON, summary: str, cited: list[str]) -> Step:
    """Move the auction on; three passes with a standing bid end it."""
    hand = state["hand"]
    if sum(hand["out"]) == SEATS - 1 and hand["high"] is not None:
        seat = hand["high"]["seat"]
        hand["bidder"] = seat
        cited = [*cited, rule("auction-end")]
        summary += (
            f". Three have passed: {_name(state, seat)} wins the bid at "
            f"{hand['high']['amount']}"
        )
        if state["options"].get("exchange", True):
            hand["phase"] = "ask"
            summary += (
                f" and names the suit wanted from {_name(state, partner_of(seat))}."
            )
        else:
            hand["phase"] = "trump"
            summary += " and calls trump."
            cited.append(rule("exchange"))
        hand["turn"] = seat
        return Step(
            state, Ruling(Verdict.OK, summary, tuple(cited), options=_opts(state))
        )
    nxt = (hand["turn"] + 1) % SEATS
    while hand["out"][nxt]:
        nxt = (nxt + 1) % SEATS
    hand["turn"] = nxt
    if dealer_forced(hand):
        summary += (
            f". Three passes: {_name(state, nxt)} deals and must bid at least "
            f"{OPENING}."
        )
        cited = [*cited, rule("dealer-forced")]
    else:
        summary += f". {_name(state, nxt)} to call (at least {min_bid(hand)})."
    return Step(state, Ruling(Verdict.OK, summary, tuple(dict.fromkeys(cited))))


def _opts(state: JSON) -> tuple[str, ...]:
    return () if state["options"].get("exchange", True) else ("exchange",)


def _bidder_check(state: JSON, event: JSON, rules: list[str]) -> int:
    hand = state["hand"]
    seat = event.get("player")
    if seat is not None and seat != hand["bidder"]:
        raise Refused(
            f"Only the bidder, {_name(state, hand['bidder'])}, does this; not "
            f"{_name(state, seat)}.",
            rules,
        )
    return int(hand["bidder"])


def _ask(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = _bidder_check(state, event, [rule("ask-suit")])
    hand["asked"] = suit_of(event["suit"])
    partner = partner_of(bidder)
    hand["phase"] = "pass-to-bidder"
    hand["turn"] = partner
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{_name(state, bidder)} asks for {cards.SUIT_NAMES[hand['asked']]}: "
            f"{_name(state, partner)} passes three of them if held, else all held of "
            "them and others to make three.",
            (rule("ask-suit"), rule("partner-pass")),
        ),
    )


def _pass_cards(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    seat = event["player"]
    given = list(event["cards"])
    held = event.get("hand")
    if hand["phase"] == "pass-to-bidder":
        partner = partner_of(bidder)
        if seat != partner:
            raise Refused(
                f"{_name(state, partner)}, the bidder's partner, passes first; not "
                f"{_name(state, seat)}.",
                [rule("partner-pass")],
            )
        asked = hand["asked"]
        suit_name = cards.SUIT_NAMES[asked]
        in_suit = sum(1 for c in given if cards.suit(c) == asked)
        cited = [rule("partner-pass")]
        if held is not None:
            _check_hand(held, given, HAND_SIZE, "the partner's hand before the pass")
            has = sum(1 for c in held if cards.suit(c) == asked)
            if in_suit < min(has, PASS_SIZE):
                raise Refused(
                    f"{_name(state, seat)} holds {has} {suit_name} but passes "
                    f"{in_suit}: the pass must be "
                    + (
                        f"three {suit_name}."
                        if has >= PASS_SIZE
                        else f"all {has} {suit_name} held, then any others."
                    ),
                    cited,
                )
            note = "checked against the hand given"
        elif in_suit < PASS_SIZE:
            note = (
                f"on {_name(state, seat)}'s word that these are all the "
                f"{suit_name} held"
            )
        else:
            note = f"three {suit_name} as asked"
        hand["passed"] = given
        hand["phase"] = "pass-back"
        hand["turn"] = bidder
        return Step(
            state,
            Ruling(
                Verdict.OK,
                f"{_name(state, seat)} passes {' '.join(given)} to "
                f"{_name(state, bidder)} ({note}). {_name(state, bidder)} passes three "
                "back.",
                tuple(cited),
            ),
        )
    if seat != bidder:
        raise Refused(
            f"The bidder, {_name(state, bidder)}, passes three back; not "
            f"{_name(state, seat)}.",
            [rule("pass-back")],
        )
    if held is not None:
        _check_hand(
            held, given, HAND_SIZE + PASS_SIZE, "the bidder's hand with the pass"
        )
        missing = Counter(hand["passed"]) - Counter(held)
        if missing:
            raise BadInput(
                f"The bidder's hand lacks {' '.join(sorted(missing.elements()))}, "
                "which the partner passed.",
                field="hand",
            )
    hand["returned"] = given
    hand["phase"] = "trump"
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{_name(state, bidder)} passes {' '.join(given)} back to "
            f"{_name(state, partner_of(bidder))}. {_name(state, bidder)} calls trump.",
            (rule("pass-back"),),
        ),
    )


def _check_hand(held: list[str], given: list[str], size: int, what: str) -> None:
    if len(held) != size:
        raise BadInput(
            f"'hand' is {what}: {size} cards; {len(held)} given.", field="hand"
        )
    short = Counter(given) - Counter(held)
    if short:
        raise BadInput(
            f"{' '.join(sorted(short.elements()))} is passed but not in the hand "
            "given.",
            field="hand",
        )


def _trump(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = _bidder_check(state, event, [rule("trump-call")])
    hand["trump"] = trump = suit_of(event["suit"])
    hand["phase"] = "meld"
    hand["turn"] = bidder
    asked = hand["asked"]
    extra = ""
    if asked and asked != trump:
        extra = f" (not the {cards.SUIT_NAMES[asked]} asked for: the bidder may choose)"
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{_name(state, bidder)} calls {cards.SUIT_NAMES[trump]} trump"
            f"{extra}. Everyone lays down meld.",
            (rule("trump-call"), rule("meld-shown")),
        ),
    )


def _meld(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    seat = event["player"]
    who = _name(state, seat)
    if hand["melds"][seat] is not None:
        raise Refused(
            f"{who}'s meld is already entered ({hand['melds'][seat]['points']}); undo "
            "it to change it.",
            [rule("meld-shown")],
        )
    shown = event.get("cards")
    points = event.get("points")
    if shown is None and points is None:
        raise BadInput(
            "Give the meld as 'points' (a number) or as 'cards' (the cards laid down).",
            field="points",
            example='{"type": "meld", "player": 0, "cards": "KH QH JD QS"}',
        )
    cited = [rule("meld-shown")]
    entry: JSON
    if shown is not None:
        others: list[str] = []
        for m in hand["melds"]:
            if m is not None:
                others.extend(m["cards"])
        # All four hands come from one deck: a fifth copy across them is bad input.
        shown = cards.parse_cards(shown, "pinochle", most=HAND_SIZE, held=others)
        best = meldlib.declare(shown, hand["trump"])
        if points is not None and points != best.points:
            raise Refused(
                f"{who} claims {points}, but the best meld in these cards is "
                f"{best.points}: {_breakdown(best)}.",
                [rule("meld-types"), rule("one-per-type"), *best.rules],
            )
        cited += [rule("meld-types"), rule("one-per-type"), *best.rules]
        entry = {
            "player": seat,
            "points": best.points,
            "cards": cards.sort_cards(shown),
            "melds": [m.to_json() for m in best.melds],
        }
        detail = _breakdown(best) if best.melds else "nothing that counts"
        summary = f"{who} melds {best.points}: {detail}"
    else:
        if points % 2 and points < meldlib.RUN_TRUMP[1]:
            # Every meld counts an even number but a run in trumps (15): an odd
            # total needs a run, so it is at least 15.
            raise BadInput(
                f"No meld counts {points}: every meld but a run (15) counts an even "
                "number, so an odd meld is at least 15.",
                field="points",
                example='{"type": "meld", "player": 0, "points": 24}',
            )
        entry = {"player": seat, "points": points, "cards": [], "melds": []}
        summary = f"{who} melds {points}"
    melds = list(hand["melds"])
    melds[seat] = entry
    hand["melds"] = melds
    team = team_of(seat)
    if all(melds[s] is not None for s in (team, team + 2)):
        total = melds[team]["points"] + melds[team + 2]["points"]
        summary += f"; {_team_name(state, team)} meld {total} together"
        cited.append(rule("team-meld"))
    if all(m is not None for m in melds):
        hand["phase"] = "play"
        hand["turn"] = hand["bidder"]
        summary += f". {_name(state, hand['bidder'])} leads the first trick"
        cited.append(rule("leading"))
    else:
        hand["turn"] = next(
            (hand["bidder"] + i) % SEATS
            for i in range(SEATS)
            if melds[(hand["bidder"] + i) % SEATS] is None
        )
    return Step(state, Ruling(Verdict.OK, summary + ".", tuple(dict.fromkeys(cited))))


def _breakdown(best: meldlib.Declaration) -> str:
    return ", ".join(f"{m.name.lower()} {m.points}" for m in best.melds) or "none"


def team_meld(hand: JSON, team: int) -> int | None:
    """The partners' meld added up (None until both are entered)."""
    a, b = hand["melds"][team], hand["melds"][team + 2]
    if a is None or b is None:
        return None
    return int(a["points"]) + int(b["points"])


def _throw_in(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    us, them = team_of(bidder), 1 - team_of(bidder)
    theirs = team_meld(hand, them)
    if theirs is None:
        raise Refused(
            "Enter both opponents' meld first: on a throw-in they score it.",
            [rule("throw-in")],
        )
    bid = int(hand["high"]["amount"])
    change = [0, 0]
    change[us] = -bid
    change[them] = theirs
    summary = (
        f"{_team_name(state, us)} throw in: {bid} off their score, no meld. "
        f"{_team_name(state, them)} score their meld, {theirs}."
    )
    record = {
        "hand": hand["number"],
        "result": "throw-in",
        "bidder": _name(state, bidder),
        "bid": bid,
        "trump": hand["trump"],
        "meld": [team_meld(hand, 0), team_meld(hand, 1)],
        "tricks": None,
        "change": change,
    }
    lost = Penalty(
        _team_name(state, us), f"throw-in: the bid of {bid} off", -bid, rule("throw-in")
    )
    return _close_hand(
        state, record, summary, [rule("throw-in"), rule("team-meld")], penalty=lost
    )


def _tricks(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    us, them = team_of(bidder), 1 - team_of(bidder)
    ours, theirs = int(event["bidders"]), int(event["opponents"])
    last = event["last_trick"]
    total = ours + theirs
    if total == COUNTER_CARDS:
        if last == "bidders":
            ours += LAST_TRICK
        else:
            theirs += LAST_TRICK
    elif total == TOTAL:
        if (ours if last == "bidders" else theirs) < LAST_TRICK:
            raise BadInput(
                f"{ours} + {theirs} = {TOTAL} includes the last trick's {LAST_TRICK}, "
                f"but the {last} who took it have fewer than {LAST_TRICK}.",
                field="last_trick",
            )
    else:
        raise BadInput(
            f"The counters come to {COUNTER_CARDS} (aces, tens and kings) plus "
            f"{LAST_TRICK} for the last trick, {TOTAL} in all; {ours} + {theirs} = "
            f"{total} given.",
            field="bidders",
            example='{"type": "tricks", "bidders": 30, "opponents": 18, '
            '"last_trick": "bidders"}',
        )
    points = [0, 0]
    points[us], points[them] = ours, theirs
    meld = [team_meld(hand, 0) or 0, team_meld(hand, 1) or 0]
    bid = int(hand["high"]["amount"])
    made = meld[us] + points[us] >= bid
    change = [0, 0]
    change[them] = meld[them] + points[them]
    cited = [rule("counters"), rule("last-trick"), rule("team-meld")]
    if made:
        change[us] = meld[us] + points[us]
        summary = (
            f"{_team_name(state, us)} make {bid}: meld {meld[us]} + tricks "
            f"{points[us]} = {change[us]}. {_team_name(state, them)} score "
            f"{meld[them]} + {points[them]} = {change[them]}."
        )
        cited.append(rule("made"))
        verdict = Verdict.OK
    else:
        change[us] = -bid
        summary = (
            f"{_team_name(state, us)} are set: meld {meld[us]} + tricks {points[us]} "
            f"= {meld[us] + points[us]}, short of {bid}; {bid} off their score. "
            f"{_team_name(state, them)} keep {meld[them]} + {points[them]} = "
            f"{change[them]}."
        )
        cited.append(rule("set"))
        verdict = Verdict.FOUL
        lost = Penalty(
            _team_name(state, us), f"set: the bid of {bid} off", -bid, rule("set")
        )
    record = {
        "hand": hand["number"],
        "result": "made" if made else "set",
        "bidder": _name(state, bidder),
        "bid": bid,
        "trump": hand["trump"],
        "meld": meld,
        "tricks": points,
        "change": change,
    }
    return _close_hand(state, record, summary, cited, verdict, None if made else lost)


def _close_hand(
    state: JSON,
    record: JSON,
    summary: str,
    cited: list[str],
    verdict: Verdict = Verdict.OK,
    penalty: Penalty | None = None,
) -> Step:
    hand = state["hand"]
    change = record["change"]
    scores = [state["scores"][i] + change[i] for i in range(2)]
    state["scores"] = scores
    record["scores"] = scores
    state["history"] = recent(state["history"], record)
    state["last_hand"] = record
    target = int(state["options"]["target"])
    reached = [i for i in range(2) if scores[i] >= target]
    bidding_team = team_of(hand["bidder"])
    options: tuple[str, ...] = _opts(state)
    if reached:
        if len(reached) == 2:
            winner = bidding_team
            summary += (
                f" Both sides reach {target} on this hand: the bidding side, "
                f"{_team_name(state, winner)}, wins."
            )
            cited.append(rule("both-reach"))
        else:
            winner = reached[0]
            summary += f" {_team_name(state, winner)} reach {target} and win."
        cited.append(rule("game"))
        options = (*options, "target") if target != 500 else options
        state["winner"] = winner
        hand["phase"] = "over"
        verdict = Verdict.WIN
    else:
        state["hand"] = _new_hand(hand["number"] + 1, (hand["dealer"] + 1) % SEATS)
        summary += (
            f" {_name(state, state['hand']['dealer'])} deals hand "
            f"{state['hand']['number']}."
        )
    names = [_team_name(state, 0), _team_name(state, 1)]
    return Step(
        state,
        Ruling(
            verdict,
            summary,
            tuple(dict.fromkeys(cited)),
            penalties=(penalty,) if penalty else (),
            score={names[0]: change[0], names[1]: change[1]},
            options=options,
        ),
    )


# --- view ----------------------------------------------------------------------------

EXPECTS = {
    "bidding": ["bid", "pass"],
    "ask": ["ask"],
    "pass-to-bidder": ["pass_cards"],
    "pass-back": ["pass_cards"],
    "trump": ["trump"],
    "meld": ["meld"],
    "play": ["tricks", "throw_in"],
    "over": [],
}


def view(state: JSON) -> JSON:
    hand = state["hand"]
    phase = hand["phase"] if state["winner"] is None else "over"
    names = state["players"]
    sides = [
        {
            "name": t["name"],
            "score": state["scores"][i],
            "players": list(t["players"]),
            "meld": team_meld(hand, i),
        }
        for i, t in enumerate(state["teams"])
    ]
    expects = list(EXPECTS[phase])
    if phase == "bidding" and dealer_forced(hand):
        expects = ["bid"]
    if (
        phase == "meld"
        and hand["bidder"] is not None
        and team_meld(hand, 1 - team_of(hand["bidder"])) is not None
    ):
        expects.append("throw_in")
    turn = None if phase == "over" else names[hand["turn"]]
    bidder = hand["bidder"]
    high = hand["high"]
    prompt = _prompt(state, phase)
    target = int(state["options"]["target"])
    winner = (
        None if state["winner"] is None else state["teams"][state["winner"]]["name"]
    )
    detail = {
        "dealer": names[hand["dealer"]],
        "hand": hand["number"],
        "phase": phase,
        "auction": [
            {"player": names[c["player"]], "bid": c["bid"]} for c in hand["auction"]
        ],
        "high": None
        if high is None
        else {"player": names[high["seat"]], "amount": high["amount"]},
        "min_bid": min_bid(hand),
        "bids": next_bids(hand),
        "forced": dealer_forced(hand),
        "out": [names[s] for s in range(SEATS) if hand["out"][s]],
        "bidder": None if bidder is None else names[bidder],
        "partner": None if bidder is None else names[partner_of(bidder)],
        "asked": hand["asked"],
        "trump": hand["trump"],
        "passed": list(hand["passed"]),
        "returned": list(hand["returned"]),
        "melds": [
            None if m is None else {**m, "player": names[m["player"]]}
            for m in hand["melds"]
        ],
        "team_meld": [team_meld(hand, 0), team_meld(hand, 1)],
        "target": target,
        "exchange": bool(state["options"].get("exchange", True)),
        "last_hand": state["last_hand"],
        "history": list(state["history"]),
    }
    if target != 500:
        detail["title"] = f"Pinochle to {target}"
    return board(
        sides=sides,
        turn=turn,
        expects=expects if winner is None else [],
        prompt=prompt,
        phase=phase,
        winner=winner,
        detail=detail,
    )


def _prompt(state: JSON, phase: str) -> str:
    hand = state["hand"]
    if phase == "over":
        a, b = state["scores"]
        return f"{_team_name(state, state['winner'])} win, {max(a, b)} to {min(a, b)}."
    turn = _name(state, hand["turn"])
    bidder = None if hand["bidder"] is None else _name(state, hand["bidder"])
    if phase == "bidding":
        if dealer_forced(hand):
            return f"{turn} deals and must bid at least {OPENING}."
        high = hand["high"]
        if high is None:
            return f"{turn}: open at {OPENING} or more, or pass."
        return f"{turn}: bid {min_bid(hand)} or more over {high['amount']}, or pass."
    if phase == "ask":
        return (
            f"{bidder} won the bid at {hand['high']['amount']}: name a suit to ask for."
        )
    if phase == "pass-to-bidder":
        return f"{turn}: pass three {cards.SUIT_NAMES[hand['asked']]} to {bidder}."
    if phase == "pass-back":
        return f"{bidder}: pass three cards back."
    if phase == "trump":
        return f"{bidder}: call trump."
    if phase == "meld":
        return f"{turn}: enter your meld ({cards.SUIT_NAMES[hand['trump']]} trump)."
    return (
        f"Play the hand: {bidder} leads, {cards.SUIT_NAMES[hand['trump']]} trump, "
        f"bid {hand['high']['amount']}. Then enter the counters."
    )


# --- tools ---------------------------------------------------------------------------


def meld_tool(request: JSON) -> JSON:
    """A hand (and trump) in; the best meld with its breakdown out."""
    hand = list(request["cards"])
    trump = suit_of(request.get("trump"))
    best = meldlib.declare(hand, trump)
    what = f"{cards.SUIT_NAMES[trump]} trump" if trump else "no trump called"
    return {
        **best.to_json(),
        "trump": trump,
        "rules": [rule("meld-types"), rule("one-per-type"), *best.rules],
        "summary": f"{best.points} points of meld ({what})"
        + (f": {_breakdown(best)}." if best.melds else "."),
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
        "rules": [*got.rules, *([rule("trick-winner")] if trick else [])]
        # beating a card rests on the order of the ranks
        + (
            [rule("card-rank")]
            if {rule("crawl"), rule("crawl-in-trump")} & set(got.rules)
            else []
        ),
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


# --- the game ------------------------------------------------------------------------

PLAYER = Field("player", "seat", "Who: seat number from 0 (clockwise), or the name.")
SUIT = Field(
    "suit", "choice", "A suit: S, H, D or C (or its name).", choices=SUIT_CHOICES
)
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
        examples=(
            Example(
                AUCTION[0], players=FOUR, title="Bob, left of the dealer, opens at 25"
            ),
        ),
    ),
    EventKind(
        type="pass",
        title="Pass",
        help="The seat on turn passes and is out of this auction.",
        fields=(PLAYER,),
        examples=(
            Example(AUCTION[1], setup=AUCTION[:1], players=FOUR, title="Cy passes"),
        ),
    ),
    EventKind(
        type="ask",
        title="Ask for a suit",
        help="The bidder names the suit the partner must pass.",
        fields=(
            SUIT,
            Field("player", "seat", "The bidder (optional).", required=False),
        ),
        examples=(
            Example(ASKED[-1], setup=AUCTION, players=FOUR, title="Di asks for hearts"),
        ),
    ),
    EventKind(
        type="pass_cards",
        title="Pass three cards",
        help="First the partner passes three cards to the bidder: three of the suit "
        "asked if held, else all held of it and others. Then the bidder passes any "
        "three back. 'hand' (optional) is the passer's whole hand, to check the pass: "
        "twenty cards for the partner, twenty-three for the bidder.",
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
            Example(
                PASSED[-2], setup=ASKED, players=FOUR, title="Bob passes three hearts"
            ),
            Example(
                PASSED[-1],
                setup=PASSED[:-1],
                players=FOUR,
                title="Di passes three back",
            ),
        ),
    ),
    EventKind(
        type="trump",
        title="Call trump",
        help="The bidder names trump (not necessarily the suit asked for).",
        fields=(
            SUIT,
            Field("player", "seat", "The bidder (optional).", required=False),
        ),
        examples=(
            Example(TRUMPED[-1], setup=PASSED, players=FOUR, title="Di calls hearts"),
        ),
    ),
    EventKind(
        type="meld",
        title="Meld",
        help="One player's meld: 'points' as counted, or 'cards' laid down (the "
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
            Example(
                MELDED[len(TRUMPED)],
                setup=TRUMPED,
                players=FOUR,
                title="Di shows a run in hearts and a marriage in diamonds",
            ),
            Example(
                {"type": "meld", "player": 0, "points": 10},
                setup=TRUMPED,
                players=FOUR,
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
            Example(
                {"type": "throw_in"},
                setup=MELDED,
                players=FOUR,
                title="Di and Bob throw in",
            ),
        ),
    ),
    EventKind(
        type="tricks",
        title="Counters",
        help="After the last trick: the aces, tens and kings each side took (48 "
        "between them) and who took the last trick (2 more). Totals including the "
        "last trick (50) are accepted too.",
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
        ),
        examples=(
            Example(
                {
                    "type": "tricks",
                    "bidders": 30,
                    "opponents": 18,
                    "last_trick": "bidders",
                },
                setup=MELDED,
                players=FOUR,
                title="The bidders take 30 and the last trick",
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
        500,
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
)

MELD_RESULT: JSON = {
    "type": "object",
    "required": ["points", "melds", "by_type", "trump", "rules", "summary"],
    "properties": {
        "points": {"type": "integer"},
        "melds": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["name", "type", "cards", "points", "rule"],
                "properties": {
                    "name": {"type": "string"},
                    "type": {"type": "integer"},
                    "cards": {"type": "array", "items": {"type": "string"}},
                    "points": {"type": "integer"},
                    "rule": {"type": "string"},
                },
            },
        },
        "by_type": {
            "type": "object",
            "required": ["I", "II", "III"],
            "properties": {
                "I": {"type": "integer"},
                "II": {"type": "integer"},
                "III": {"type": "integer"},
            },
        },
        "trump": {"type": ["string", "null"]},
        "rules": {"type": "array", "items": {"type": "string"}},
        "summary": {"type": "string"},
    },
}
LEGAL_RESULT: JSON = {
    "type": "object",
    "required": ["legal", "reason", "rules", "winning", "card", "verdict", "summary"],
    "properties": {
        "legal": {"type": "array", "items": {"type": "string"}},
        "reason": {"type": "string"},
        "rules": {"type": "array", "items": {"type": "string"}},
        "winning": {"type": ["string", "null"]},
        "card": {"type": ["string", "null"]},
        "verdict": {"enum": ["legal", "illegal", None]},
        "summary": {"type": "string"},
    },
}

GAME = Game(
    id=GAME_ID,
    title="Pinochle",
    summary="Partnership pinochle with the 80-card deck: the auction, the pass, trump, "
    "meld found by an exact optimiser, counters, made or set, the game to 500.",
    source="The Pinochle text (seed 004). Readings: the deal moves left each hand; "
    "the play is not entered card by card (the counters are, and a disputed card is "
    "ruled on by the legal-plays check); four of a rank in each suit count as a "
    "triple around plus a single one; both sides at 500 on one hand: the bidding "
    "side wins, whatever the scores.",
    min_players=4,
    max_players=4,
    options=OPTIONS,
    events=EVENTS,
    start=start,
    apply=apply,
    view=view,
    teams=True,
    team_size=2,
    check_setup=check_setup,
    deck="pinochle",
    tools=(
        Tool(
            name="meld",
            title="Pinochle meld",
            help="A player's cards and trump: the best meld, combination by "
            "combination.",
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
    ),
)
