"""Pinochle trick play: which cards a player may play, and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.games import cards
from referee.games.pinochle.table import R_CRAWL
from referee.games.pinochle.table import R_CRAWL_IN_TRUMP
from referee.games.pinochle.table import R_FOLLOW_SUIT
from referee.games.pinochle.table import R_LEADING
from referee.games.pinochle.table import R_MUST_TRUMP
from referee.games.pinochle.table import R_TRUMPED_TRICK
from referee.games.pinochle.table import R_VOID_BOTH

ORDER = {"A": 5, "10": 4, "K": 3, "Q": 2, "J": 1}
COUNTERS = ("A", "10", "K")  # one point each when won in a trick


def power(card: str) -> int:
    return ORDER[cards.rank(card)]


def winning_index(trick: Sequence[str], trump: str) -> int:
    """Index of the card winning ``trick`` so far: the highest trump, else the
    highest of the suit led; of identical cards the one played first."""
    best = 0
    for i, card in enumerate(trick[1:], start=1):
        top = trick[best]
        if cards.suit(card) == cards.suit(top):
            if power(card) > power(top):  # an identical card does not beat the first
                best = i
        elif cards.suit(card) == trump:
            best = i
    return best


@dataclass(frozen=True)
class Legal:
    """The cards a player may play now, why, and the rules that say so."""

    cards: tuple[str, ...]
    reason: str
    rules: tuple[str, ...]


def legal_plays(hand: Sequence[str], trick: Sequence[str], trump: str) -> Legal:
    """What ``hand`` may play to ``trick`` (cards so far, in order) with ``trump``."""
    held = list(dict.fromkeys(hand))
    suit_name = cards.SUIT_NAMES
    if not trick:
        return Legal(tuple(held), "Leading: any card may be led.", (R_LEADING,))
    led = cards.suit(trick[0])
    top = trick[winning_index(trick, trump)]
    trumped = cards.suit(top) == trump and led != trump
    follow = [c for c in held if cards.suit(c) == led]
    if follow:
        if trumped:
            return Legal(
                tuple(follow),
                f"Holding {suit_name[led]}, the player follows suit; the trick is "
                f"already trumped, so any {suit_name[led][:-1]} will do.",
                (R_FOLLOW_SUIT, R_TRUMPED_TRICK),
            )
        return _crawl(
            follow,
            top,
            f"Holding {suit_name[led]}, the player follows suit and must beat the "
            f"winning {cards.describe(top)}.",
            f"Holding {suit_name[led]} but none above the winning "
            f"{cards.describe(top)}, the player still follows suit.",
            (R_FOLLOW_SUIT, R_CRAWL),
        )
    trumps = [c for c in held if cards.suit(c) == trump]
    if trumps:
        if cards.suit(top) == trump:
            return _crawl(
                trumps,
                top,
                f"Void in {suit_name[led]}, the player must trump and beat the "
                f"winning {cards.describe(top)}.",
                f"Void in {suit_name[led]} with no trump above the winning "
                f"{cards.describe(top)}, the player must still trump.",
                (R_MUST_TRUMP, R_CRAWL_IN_TRUMP),
            )
        return Legal(
            tuple(trumps),
            f"Void in {suit_name[led]}, the player must trump.",
            (R_MUST_TRUMP,),
        )
    return Legal(
        tuple(held),
        f"Void in {suit_name[led]} and in trumps ({suit_name[trump]}): any card.",
        (R_VOID_BOTH,),
    )


def _crawl(
    held: list[str], top: str, beat: str, cannot: str, rules: tuple[str, ...]
) -> Legal:
    """The cards of ``held`` above ``top`` if any (the crawl), else all of them."""
    higher = [c for c in held if power(c) > power(top)]
    if higher:
        return Legal(tuple(higher), beat, rules)
    return Legal(tuple(held), cannot, rules)


def counters(taken: Sequence[str]) -> int:
    """Points in cards won: aces, tens and kings one each."""
    return sum(1 for c in taken if cards.rank(c) in COUNTERS)
