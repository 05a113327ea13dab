"""Pinochle's play entered card by card (the ``trick_entry`` option): the four hands
declared once the meld is down, then every card checked against the hand and the
rules of the play, and the tricks, counters and last trick counted by the referee."""

from __future__ import annotations

import dataclasses
from collections import Counter

from referee.games import cards
from referee.games.outcomes import JSON
from referee.games.outcomes import Refused
from referee.games.outcomes import Ruling
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict
from referee.games.pinochle import tricks as tricklib
from referee.games.pinochle.scoring import score_hand
from referee.games.pinochle.table import HAND_SIZE
from referee.games.pinochle.table import LAST_TRICK
from referee.games.pinochle.table import R_CARD_RANK
from referee.games.pinochle.table import R_COUNTERS
from referee.games.pinochle.table import R_CRAWL
from referee.games.pinochle.table import R_CRAWL_IN_TRUMP
from referee.games.pinochle.table import R_DEAL
from referee.games.pinochle.table import R_LAST_TRICK
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MELD_SHOWN
from referee.games.pinochle.table import R_PARTNER_PASS
from referee.games.pinochle.table import R_PASS_BACK
from referee.games.pinochle.table import R_PLAY_ENTRY
from referee.games.pinochle.table import R_TRICK_WINNER
from referee.games.pinochle.table import R_VOID_BOTH
from referee.games.pinochle.table import SEATS
from referee.games.pinochle.table import name
from referee.games.pinochle.table import partner_of
from referee.games.pinochle.table import team_name
from referee.games.pinochle.table import team_of

OPTIONS = ("trick_entry",)


def new_play(leader: int) -> JSON:
    """The play before any hand is declared: the bidder leads the first trick."""
    return {
        "hands": [None] * SEATS,  # each player's cards still held, once declared
        "trick": [],  # the cards of the trick on the table, in play order
        "leader": leader,
        "tricks": [0, 0],  # tricks won by each side
        "won": [0, 0],  # counters won by each side
        "played": 0,  # tricks finished
        "last": None,  # the last finished trick
    }


def play_of(hand: JSON) -> JSON:
    """The hand's play so far (a fresh one before the first declaration)."""
    return hand.get("play") or new_play(int(hand["bidder"]))


def undeclared(hand: JSON) -> list[int]:
    """The seats whose hand is not declared yet, from the bidder round."""
    hands = play_of(hand)["hands"]
    bidder = int(hand["bidder"])
    return [
        (bidder + i) % SEATS
        for i in range(SEATS)
        if hands[(bidder + i) % SEATS] is None
    ]


def started(hand: JSON) -> bool:
    """A card has been played this hand."""
    play = play_of(hand)
    return bool(play["trick"]) or play["played"] > 0


def in_turn(hand: JSON) -> int:
    """The seat to play now: the leader, then clockwise."""
    play = play_of(hand)
    return (int(play["leader"]) + len(play["trick"])) % SEATS


def declare(state: JSON, event: JSON) -> Step:
    """One player's twenty cards, checked against the deal, their meld and the pass."""
    hand = state["hand"]
    play = hand.setdefault("play", new_play(int(hand["bidder"])))
    seat = event["player"]
    who = name(state, seat)
    held = list(event["cards"])
    if len(held) != HAND_SIZE:
        raise Refused(
            f"{who} declares {len(held)} cards: each player is dealt {HAND_SIZE}, "
            "and nobody has played yet.",
            [R_DEAL],
        )
    others = [c for h in play["hands"] if h for c in h]
    # a fifth copy across the hands is a slip of the pen, sent back as bad input
    cards.parse_cards(held, "pinochle", held=others)
    meld = hand["melds"][seat]
    _must_hold(
        who, held, meld["cards"] if meld else [], "laid down in meld", R_MELD_SHOWN
    )
    bidder = int(hand["bidder"])
    if seat == bidder:
        kept = Counter(hand["passed"]) - Counter(hand["returned"])
        _must_hold(
            who,
            held,
            list(kept.elements()),
            "passed by the partner and kept",
            R_PARTNER_PASS,
            R_PASS_BACK,
        )
    elif seat == partner_of(bidder):
        _must_hold(
            who, held, hand["returned"], "passed back by the bidder", R_PASS_BACK
        )
    play["hands"] = [
        cards.sort_cards(held) if s == seat else h for s, h in enumerate(play["hands"])
    ]
    waiting = undeclared(hand)
    summary = f"{who} holds {' '.join(cards.sort_cards(held))}."
    cited = [R_PLAY_ENTRY, R_DEAL]
    if waiting:
        hand["turn"] = waiting[0]
        summary += f" {name(state, waiting[0])} declares next."
    else:
        hand["turn"] = play["leader"]
        summary += f" All four hands are in: {name(state, play['leader'])} leads."
        cited.append(R_LEADING)
    return Step(state, Ruling(Verdict.OK, summary, tuple(cited), options=OPTIONS))


def _must_hold(
    who: str, held: list[str], need: list[str], what: str, *rules: str
) -> None:
    missing = Counter(need) - Counter(held)
    if missing:
        raise Refused(
            f"{who}'s hand lacks {' '.join(sorted(missing.elements()))}, {what}: "
            "nothing has been played, so the hand still holds it.",
            list(rules),
        )


def refusal_rules(
    got: tricklib.Legal, card: str, trick: list[str], trump: str
) -> list[str]:
    """The rules a card outside ``got`` breaks: those of the legal plays, the order of
    the ranks where it fails to head the trick, and the discard rule for a card of a
    third suit."""
    rules = list(got.rules)
    # too low a card of the suit it must play: it fails to head the trick
    if {R_CRAWL, R_CRAWL_IN_TRUMP} & set(rules) and cards.suit(card) == cards.suit(
        got.cards[0]
    ):
        rules.append(R_CARD_RANK)
    if cards.suit(card) not in (cards.suit(trick[0]), trump):
        rules.append(R_VOID_BOTH)
    return rules


def play_card(state: JSON, event: JSON) -> Step:
    """The card the seat in turn plays, checked; the fourth closes the trick."""
    hand = state["hand"]
    play = hand["play"]
    seat = in_turn(hand)
    who = name(state, seat)
    card = str(event["card"])
    held = list(play["hands"][seat])
    if card not in held:
        raise Refused(
            f"{who} does not hold {card}: the hand declared has "
            f"{' '.join(held) or 'no cards'} left.",
            [R_PLAY_ENTRY],
        )
    trick = list(play["trick"])
    trump = str(hand["trump"])
    got = tricklib.legal_plays(held, trick, trump)
    if card not in got.cards:
        raise Refused(
            f"{who} may not play {card}. {got.reason} Legal: {' '.join(got.cards)}.",
            refusal_rules(got, card, trick, trump),
        )
    held.remove(card)
    play["hands"] = [held if s == seat else h for s, h in enumerate(play["hands"])]
    trick.append(card)
    play["trick"] = trick
    summary = f"{who} plays {card}."
    cited = list(got.rules)
    if len(trick) < SEATS:
        hand["turn"] = in_turn(hand)
        summary += f" {name(state, hand['turn'])} to play."
        return Step(state, Ruling(Verdict.OK, summary, tuple(cited), options=OPTIONS))
    return _close_trick(state, summary, cited)


def _close_trick(state: JSON, summary: str, cited: list[str]) -> Step:
    """Four cards down: the winner's side takes them and leads; after the last trick
    the hand is scored."""
    hand = state["hand"]
    play = hand["play"]
    trick, leader = play["trick"], int(play["leader"])
    position = tricklib.winning_index(trick, str(hand["trump"]))
    winner = (leader + position) % SEATS
    side = team_of(winner)
    points = tricklib.counters(trick)
    play["tricks"] = [n + (s == side) for s, n in enumerate(play["tricks"])]
    play["won"] = [n + points * (s == side) for s, n in enumerate(play["won"])]
    play["played"] += 1
    play["last"] = {
        "cards": trick,
        "leader": leader,
        "winner": winner,
        "position": position + 1,
    }
    play["trick"], play["leader"] = [], winner
    summary += (
        f" {name(state, winner)} wins trick {play['played']} with {trick[position]} "
        f"(card {position + 1}), {points} counter{'s' * (points != 1)}."
    )
    cited += [R_TRICK_WINNER, R_COUNTERS, R_LEADING]
    if play["played"] < HAND_SIZE:
        hand["turn"] = winner
        summary += f" {name(state, winner)} leads."
        return Step(
            state,
            Ruling(Verdict.OK, summary, tuple(dict.fromkeys(cited)), options=OPTIONS),
        )
    won = list(play["won"])
    won[side] += LAST_TRICK
    summary += f" Last trick: {team_name(state, side)} +{LAST_TRICK}."
    us = team_of(int(hand["bidder"]))
    step = score_hand(
        state, won[us], won[1 - us], (*dict.fromkeys(cited), R_LAST_TRICK)
    )
    ruling = step.ruling
    return dataclasses.replace(
        step, ruling=dataclasses.replace(ruling, summary=f"{summary} {ruling.summary}")
    )


def detail(state: JSON) -> JSON:
    """The board's view of the play: hands declared, the trick, tricks and counters,
    and the cards the player in turn may play."""
    hand = state["hand"]
    play = play_of(hand)
    names = state["players"]
    leader = int(play["leader"])
    last = play["last"]
    legal: list[str] = []
    if not undeclared(hand) and play["played"] < HAND_SIZE:
        held = play["hands"][in_turn(hand)]
        legal = list(tricklib.legal_plays(held, play["trick"], hand["trump"]).cards)
    return {
        "declared": [names[s] for s in range(SEATS) if play["hands"][s] is not None],
        "held": [None if h is None else len(h) for h in play["hands"]],
        "leader": names[leader],
        "trick": [
            {"player": names[(leader + i) % SEATS], "card": c}
            for i, c in enumerate(play["trick"])
        ],
        "tricks": list(play["tricks"]),
        "counters": list(play["won"]),
        "played": play["played"],
        "last_trick": None
        if last is None
        else {
            "cards": list(last["cards"]),
            "leader": names[last["leader"]],
            "winner": names[last["winner"]],
            "position": last["position"],
        },
        "legal": legal,
    }
