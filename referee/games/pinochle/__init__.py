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
* With the ``trick_entry`` option, instead of ``tricks``: ``hand`` ``{"player",
  "cards"}``, each player's twenty cards once the meld is down, then ``play``
  ``{"card"}`` for every card, by the seat in turn, checked against the hand and the
  rules of the play; the referee counts tricks, counters and the last trick.

Every event may name its ``player``; naming anyone but the one the rules expect now
(the seat in turn, the bidder, the bidding side) is refused citing that phase's rule.
Without the option the ``legal`` tool (and the match page) rules on a disputed card,
and the ``trick`` tool on who won a trick.

``view(state)["detail"]`` holds ``dealer``, ``hand`` (number), ``phase`` (``bidding``,
``ask``, ``pass-to-bidder``, ``pass-back``, ``trump``, ``meld``, ``play``, ``over``),
``auction`` (each call ``{"player", "bid"}``, ``bid`` null for a pass), ``high`` (the
standing bid ``{"player", "amount"}``), ``min_bid`` (the least bid allowed now),
``bids`` (the six least bids allowed now, in order),
``forced`` (the dealer must bid), ``bidder``, ``partner``, ``asked``, ``trump``,
``passed`` and ``returned`` (cards), ``melds`` (per player: ``{"player", "points",
"cards", "melds"}`` or null), ``team_meld``, ``target``, ``trick_entry``, ``play``
(with the option, in play: ``play.detail``), ``last_hand`` and ``history``
(the latest ``HISTORY_WINDOW`` hands; ``GAME.history`` folds them all from the log).
Each side is ``{"name", "score", "players", "meld"}``.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games import cards
from referee.games import partnerships
from referee.games import wording
from referee.games.base import Game
from referee.games.base import Handler
from referee.games.base import Seats
from referee.games.base import Setup
from referee.games.boards import board
from referee.games.boards import two_partnerships
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Step
from referee.games.pinochle import auction
from referee.games.pinochle import exchange
from referee.games.pinochle import play
from referee.games.pinochle import scoring
from referee.games.pinochle import turns
from referee.games.pinochle.breaches import BREACHES
from referee.games.pinochle.events import EVENTS
from referee.games.pinochle.events import OPTIONS
from referee.games.pinochle.table import CITE
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import OPENING
from referee.games.pinochle.table import R_ASK_SUIT
from referee.games.pinochle.table import R_BIDDING_ORDER
from referee.games.pinochle.table import R_COUNTERS
from referee.games.pinochle.table import R_GAME_OVER
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_PARTNER_PASS
from referee.games.pinochle.table import R_PASS_BACK
from referee.games.pinochle.table import R_PLAY_ENTRY
from referee.games.pinochle.table import R_SEATS
from referee.games.pinochle.table import R_THROW_IN
from referee.games.pinochle.table import R_TRUMP_CALL
from referee.games.pinochle.table import SEATS
from referee.games.pinochle.table import TARGET
from referee.games.pinochle.table import name
from referee.games.pinochle.table import new_hand
from referee.games.pinochle.table import partner_of
from referee.games.pinochle.table import team_meld
from referee.games.pinochle.table import team_of
from referee.games.pinochle.table import trick_entry
from referee.games.pinochle.tools import TOOLS

GAME_ID = CITE.game
# What goes on in each phase, and the rule an event out of its phase breaks.
PHASES = {
    "bidding": ("the auction is on", R_BIDDING_ORDER),
    "ask": ("the bidder names the suit wanted from the partner", R_ASK_SUIT),
    "pass-to-bidder": (
        "the partner passes three cards to the bidder",
        R_PARTNER_PASS,
    ),
    "pass-back": ("the bidder passes three cards back", R_PASS_BACK),
    "trump": ("the bidder calls trump", R_TRUMP_CALL),
    "meld": ("the players lay down their meld", R_MELD_SHOWN),
    "play": (
        "the hand is played; enter the counters when it ends",
        R_COUNTERS,
    ),
}


# --- start ---------------------------------------------------------------------------


check_setup = two_partnerships("Pinochle is played by two teams of two.")


def start(setup: Setup) -> JSON:
    """Seat the four clockwise with partners opposite; seat 0 deals first."""
    return partnerships.start(setup, new_hand(1, 0))


# --- the events, by phase ------------------------------------------------------------


def _in_phase(
    what: str,
    phases: tuple[str, ...],
    run: Callable[[JSON, JSON], Step],
    also: Callable[[JSON], bool] = lambda state: True,
    *,
    actor: Callable[[JSON], Seats],
    turn: Callable[[JSON, int], Refused] | None = None,
) -> Handler:
    """``run`` offered in ``phases`` (where ``also`` holds); in another phase refused,
    naming what goes on now and its rule. ``actor`` is who may do it now, ``turn``
    the refusal of anyone else naming themselves."""

    def guarded(state: JSON, event: JSON) -> Step:
        hand = state["hand"]
        if hand["phase"] not in phases:
            now, cited = PHASES[hand["phase"]]
            raise Refused(
                f"{what} is not possible now: {now} (hand {hand['number']}).", [cited]
            )
        return run(state, event)

    return Handler(
        guarded,
        when=lambda state: state["hand"]["phase"] in phases and also(state),
        actor=actor,
        out_of_turn=None
        if turn is None
        else lambda state, event, seat: turn(state, seat),
    )


def _may_pass(state: JSON) -> bool:
    """Not the dealer after three passes: the dealer must bid."""
    return not auction.dealer_forced(state["hand"])


def _may_throw_in(state: JSON) -> bool:
    """In play before the first card, or in the meld once both opponents' meld is
    in (they score it)."""
    hand = state["hand"]
    if hand["phase"] == "play":
        return not (trick_entry(state) and play.started(hand))
    return hand["bidder"] is not None and (
        team_meld(hand, 1 - team_of(hand["bidder"])) is not None
    )


def _throw_in(state: JSON, event: JSON) -> Step:
    if trick_entry(state) and play.started(state["hand"]):
        raise Refused(
            "Throwing in is only before the first lead; the play has begun.",
            [R_THROW_IN],
        )
    return scoring.throw_in(state, event)


def _counters(state: JSON, event: JSON) -> Step:
    if trick_entry(state):
        raise Refused(
            "This match enters the play card by card (trick_entry): the referee "
            "counts the counters from the cards played.",
            [R_PLAY_ENTRY],
        )
    return scoring.tricks(state, event)


def _by_cards_only(state: JSON) -> None:
    """A hand or a card is entered only in a match played card by card."""
    if not trick_entry(state):
        raise Refused(
            "This match takes the counters after the hand, not the cards: start it "
            "with the option trick_entry to enter the play card by card.",
            [R_PLAY_ENTRY],
        )


def _declare(state: JSON, event: JSON) -> Step:
    _by_cards_only(state)
    if play.play_of(state["hand"])["hands"][event["player"]] is not None:
        raise turns.declare(state, event["player"])
    return play.declare(state, event)


def _play_card(state: JSON, event: JSON) -> Step:
    _by_cards_only(state)
    waiting = play.undeclared(state["hand"])
    if waiting:
        raise Refused(
            f"Cards are played once the four hands are declared; waiting for "
            f"{wording.and_([name(state, s) for s in waiting])}.",
            [R_PLAY_ENTRY],
        )
    return play.play_card(state, event)


def _cards_in(state: JSON) -> bool:
    return trick_entry(state) and not play.undeclared(state["hand"])


HANDLERS = {
    "bid": _in_phase(
        "A bid", ("bidding",), auction.bid, actor=turns.in_turn, turn=turns.auction
    ),
    "pass": _in_phase(
        "A pass in the auction",
        ("bidding",),
        auction.pass_,
        _may_pass,
        actor=turns.in_turn,
        turn=turns.auction,
    ),
    "ask": _in_phase(
        "Naming the suit for the pass",
        ("ask",),
        exchange.ask,
        actor=turns.bidder,
        turn=turns.ask,
    ),
    "pass_cards": _in_phase(
        "Passing cards",
        ("pass-to-bidder", "pass-back"),
        exchange.pass_cards,
        actor=turns.in_turn,
        turn=turns.passing,
    ),
    "trump": _in_phase(
        "Calling trump",
        ("trump",),
        exchange.trump,
        actor=turns.bidder,
        turn=turns.trump,
    ),
    "meld": _in_phase(
        "Meld", ("meld",), scoring.meld, actor=turns.not_melded, turn=turns.meld
    ),
    "tricks": _in_phase(
        "The counters",
        ("play",),
        _counters,
        lambda state: not trick_entry(state),
        actor=turns.anyone,
    ),
    "hand": _in_phase(
        "Declaring a hand",
        ("play",),
        _declare,
        lambda state: trick_entry(state) and bool(turns.undeclared(state)),
        actor=turns.undeclared,
        turn=turns.declare,
    ),
    "play": _in_phase(
        "Playing a card",
        ("play",),
        _play_card,
        _cards_in,
        actor=turns.card_turn,
        turn=turns.card,
    ),
    "throw_in": _in_phase(
        "Throwing in",
        ("meld", "play"),
        _throw_in,
        _may_throw_in,
        actor=turns.bidding_side,
        turn=turns.throw_in,
    ),
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
        "min_bid": auction.min_bid(hand),
        "bids": auction.next_bids(hand),
        "forced": auction.dealer_forced(hand),
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
        "trick_entry": trick_entry(state),
        "last_hand": state["last_hand"],
        "history": list(state["history"]),
    }
    if trick_entry(state) and phase == "play":
        detail["play"] = play.detail(state)
    if target != TARGET:
        detail["title"] = f"Pinochle to {target}"
    return board(
        sides=sides,
        turn=turn,
        expects=GAME.expects(state),
        prompt=prompt,
        phase=phase,
        winner=winner,
        detail=detail,
    )


def _prompt(state: JSON, phase: str) -> str:
    hand = state["hand"]
    if phase == "over":
        return partnerships.result(state)
    turn = name(state, hand["turn"])
    bidder = None if hand["bidder"] is None else name(state, hand["bidder"])
    if phase == "bidding":
        if auction.dealer_forced(hand):
            return f"{turn} deals and must bid at least {OPENING}."
        high = hand["high"]
        if high is None:
            return f"{turn}: open at {OPENING} or more, or pass."
        least = auction.min_bid(hand)
        return f"{turn}: bid {least} or more over {high['amount']}, or pass."
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
    trumps = cards.SUIT_NAMES[hand["trump"]]
    if not trick_entry(state):
        return (
            f"Play the hand: {bidder} leads, {trumps} trump, "
            f"bid {hand['high']['amount']}. Then enter the counters."
        )
    if play.undeclared(hand):
        return f"{turn}: declare the {HAND_SIZE} cards you hold."
    done = play.play_of(hand)["played"]
    verb = "leads" if not play.play_of(hand)["trick"] else "plays"
    return f"{turn} {verb} to trick {done + 1} of {HAND_SIZE} ({trumps} trump)."


# --- the game ------------------------------------------------------------------------

GAME = Game(
    id=GAME_ID,
    title="Pinochle",
    summary="Partnership pinochle with the 80-card deck: the auction, the pass, trump, "
    "meld found by an exact optimiser, counters, made or set, the game to 500.",
    source="The Pinochle text (seed 004). Readings: the deal moves left each hand; "
    "the play is entered as the counters (a disputed card or trick is ruled on by "
    "the legal-plays and trick checks), or with the trick_entry option card by card "
    "from the four hands declared when play starts; four of a rank in each suit "
    "count as a triple around plus a single one; both sides at 500 on one hand: "
    "the bidding side wins, whatever the scores.",
    **partnerships.game_parts(R_GAME_OVER),
    options=OPTIONS,
    events=EVENTS,
    start=start,
    view=view,
    handlers=HANDLERS,
    check_setup=check_setup,
    deck="pinochle",
    stylesheet="games/pinochle.css",  # the bid pad, the auction line
    tools=TOOLS,
    turn_rule=R_SEATS,
    breaches=BREACHES,
)
