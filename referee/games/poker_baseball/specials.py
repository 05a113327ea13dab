"""The baseball family's special cards: wild threes and nines, fours, the rainout queen.

Shared by baseball (stud) and midnight baseball (rolled cards). Pure functions of the
match options: what a card turned face up brings (a payment due, an extra card, a
rainout), and which cards are wild for a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games import cards

WILD_RANKS = ("3", "9")
FOUR = "4"
RAIN_CARD = "QS"
DOME_AFTER = 3  # rainouts before the dome goes up
FREE, PAY, PAY_OR_FOLD = "free", "pay", "pay-or-fold"
MODES = (FREE, PAY, PAY_OR_FOLD)
RAINOUT_CHOICES = ("off", "on", "dome")
RANK_WORD = {"3": "three", "9": "nine", "4": "four"}


@dataclass(frozen=True)
class Special:
    """What one face-up card sets off: at most one of these applies to a card."""

    kind: str  # "wild", "four" or "rainout" ("" for a plain card)
    mode: str = FREE  # for "wild": free / pay / pay-or-fold; for "four": free / pay
    option: str = ""  # the match option that set the mode


def wild_mode(rank: str, options: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """The payment setting for a wild rank (``names`` maps "3"/"9" to option names)."""
    return str(options.get(names[rank], FREE))


def special_of(
    card: str,
    options: Mapping[str, Any],
    names: Mapping[str, str],
    rainouts_so_far: int,
) -> Special:
    """What a card turned face up in front of a player sets off under these options."""
    r = cards.rank(card)
    if card == RAIN_CARD and rainout_live(options, rainouts_so_far):
        return Special("rainout", option="rainouts")
    if r in WILD_RANKS:
        return Special("wild", wild_mode(r, options, names), names[r])
    if r == FOUR:
        paid = bool(options.get("pay_four"))
        return Special("four", PAY if paid else FREE, "pay_four" if paid else "")
    return Special("")


def rainout_live(options: Mapping[str, Any], rainouts_so_far: int) -> bool:
    """Whether a face-up queen of spades rains the hand out now."""
    setting = options.get("rainouts", "off")
    if setting == "on":
        return True
    return setting == "dome" and rainouts_so_far < DOME_AFTER


def price(options: Mapping[str, Any], pot: int) -> int:
    """What a payment costs: the fixed price if the match set one, else the pot."""
    fixed = int(options.get("price", 0) or 0)
    return fixed if fixed > 0 else pot


def describe_price(options: Mapping[str, Any], amount: int) -> str:
    fixed = int(options.get("price", 0) or 0)
    return f"{amount} (the fixed price)" if fixed else f"{amount} (matching the pot)"


def plural(card_or_rank: str) -> str:
    r = cards.rank(card_or_rank) if len(card_or_rank) > 1 else card_or_rank
    return RANK_WORD.get(r, r) + "s"


def order_from(start: int, seats: Sequence[int], count: int) -> list[int]:
    """``seats`` in table order beginning at ``start`` (and going to the left)."""
    wanted = set(seats)
    return [(start + i) % count for i in range(count) if (start + i) % count in wanted]
