"""Pinochle after the auction: the suit asked for, the pass of three cards each way
and the call of trump."""

from __future__ import annotations

from collections import Counter

from referee.games import cards
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import PASS_SIZE
from referee.games.pinochle.table import R_ASK_SUIT
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_PARTNER_PASS
from referee.games.pinochle.table import R_PASS_BACK
from referee.games.pinochle.table import R_TRUMP_CALL
from referee.games.pinochle.table import name
from referee.games.pinochle.table import partner_of
from referee.games.pinochle.table import suit_of


def _bidder_check(state: JSON, event: JSON, rules: list[str]) -> int:
    hand = state["hand"]
    seat = event.get("player")
    if seat is not None and seat != hand["bidder"]:
        raise Refused(
            f"Only the bidder, {name(state, hand['bidder'])}, does this; not "
            f"{name(state, seat)}.",
            rules,
        )
    return int(hand["bidder"])


def ask(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = _bidder_check(state, event, [R_ASK_SUIT])
    hand["asked"] = suit_of(event["suit"])
    partner = partner_of(bidder)
    hand["phase"] = "pass-to-bidder"
    hand["turn"] = partner
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{name(state, bidder)} asks for {cards.SUIT_NAMES[hand['asked']]}: "
            f"{name(state, partner)} passes three of them if held, else all held of "
            "them and others to make three.",
            (R_ASK_SUIT, R_PARTNER_PASS),
        ),
    )


def pass_cards(state: JSON, event: JSON) -> Step:
    """The partner's three to the bidder, then the bidder's three back."""
    given = list(event["cards"])
    if state["hand"]["phase"] == "pass-to-bidder":
        return _to_bidder(state, event["player"], given, event.get("hand"))
    return _back(state, event["player"], given, event.get("hand"))


def _to_bidder(
    state: JSON, seat: int, given: list[str], held: list[str] | None
) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    partner = partner_of(bidder)
    if seat != partner:
        raise Refused(
            f"{name(state, partner)}, the bidder's partner, passes first; not "
            f"{name(state, seat)}.",
            [R_PARTNER_PASS],
        )
    asked = hand["asked"]
    suit_name = cards.SUIT_NAMES[asked]
    in_suit = sum(1 for c in given if cards.suit(c) == asked)
    cited = [R_PARTNER_PASS]
    if held is not None:
        _check_hand(held, given, HAND_SIZE, "the partner's hand before the pass")
        has = sum(1 for c in held if cards.suit(c) == asked)
        if in_suit < min(has, PASS_SIZE):
            raise Refused(
                f"{name(state, seat)} holds {has} {suit_name} but passes "
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
        note = f"on {name(state, seat)}'s word that these are all the {suit_name} held"
    else:
        note = f"three {suit_name} as asked"
    hand["passed"] = given
    hand["phase"] = "pass-back"
    hand["turn"] = bidder
    return Step(
        state,
        Ruling(
            Verdict.OK,
            f"{name(state, seat)} passes {' '.join(given)} to "
            f"{name(state, bidder)} ({note}). {name(state, bidder)} passes three "
            "back.",
            tuple(cited),
        ),
    )


def _back(state: JSON, seat: int, given: list[str], held: list[str] | None) -> Step:
    hand = state["hand"]
    bidder = hand["bidder"]
    if seat != bidder:
        raise Refused(
            f"The bidder, {name(state, bidder)}, passes three back; not "
            f"{name(state, seat)}.",
            [R_PASS_BACK],
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
            f"{name(state, bidder)} passes {' '.join(given)} back to "
            f"{name(state, partner_of(bidder))}. {name(state, bidder)} calls trump.",
            (R_PASS_BACK,),
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


def trump(state: JSON, event: JSON) -> Step:
    hand = state["hand"]
    bidder = _bidder_check(state, event, [R_TRUMP_CALL])
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
            f"{name(state, bidder)} calls {cards.SUIT_NAMES[trump]} trump"
            f"{extra}. Everyone lays down meld.",
            (R_TRUMP_CALL, R_MELD_SHOWN),
        ),
    )
