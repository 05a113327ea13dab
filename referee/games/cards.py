"""Card notation (NOTATION.md) and the decks the games use.

A card is a short canonical string: rank then suit (``AS``, ``10H``, ``QD``), ``JK``
for a joker, or a bare digit for Sid Sackson's bowling solitaire cards.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.games.outcomes import BadInput

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
JOKER = "JK"
EXAMPLE = "7H 7D JK"
_SUIT_SYMBOLS = {
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
    "♣": "C",
    "♧": "C",
}
# Exactly the spellings NOTATION.md lists, and no others: "11H" is not a jack, nor "1S"
# an ace (issue 25). ASCII only, so that no Unicode digit or case folding ("ſ" upper-
# cases to "S") reads as a card.
_RANK_WORDS = {"T": "10"}
_JOKERS = {"JK", "JOKER", "X"}
_RANK = re.compile(r"10|[2-9AJQKT]", re.ASCII | re.IGNORECASE)
_CARD = re.compile(r"(10|[2-9AJQKT])([SHDC])", re.ASCII | re.IGNORECASE)
_DIGIT_CARD = re.compile(r"[0-9]", re.ASCII)


@dataclass(frozen=True)
class Deck:
    """Which cards a game's pack holds and how many copies of each."""

    name: str
    title: str
    copies: Mapping[str, int]

    def __contains__(self, card: str) -> bool:
        return card in self.copies

    @property
    def size(self) -> int:
        return sum(self.copies.values())


def _standard(copies: int = 1, jokers: int = 0) -> dict[str, int]:
    deck = {r + s: copies for s in SUITS for r in RANKS}
    if jokers:
        deck[JOKER] = jokers
    return deck


DECKS: dict[str, Deck] = {
    "standard": Deck("standard", "standard 52-card deck", _standard()),
    "standard-jokers": Deck(
        "standard-jokers", "52-card deck with two jokers", _standard(jokers=2)
    ),
    "canasta": Deck(
        "canasta", "canasta pack (two decks and four jokers)", _standard(2, 4)
    ),
    "double-jokers": Deck(
        "double-jokers",
        "108-card pack (two decks, two jokers each)",
        _standard(2, 4),
    ),
    "golf-six": Deck(
        "golf-six", "golf table (up to three packs and six jokers)", _standard(3, 6)
    ),
    "basketball-ten": Deck(
        "basketball-ten", "basketball table (up to two packs)", _standard(2)
    ),
    "pinochle": Deck(
        "pinochle",
        "pinochle deck (A 10 K Q J, four of each card)",
        {r + s: 4 for s in SUITS for r in ("A", "10", "K", "Q", "J")},
    ),
    "bowling-solitaire": Deck(
        "bowling-solitaire",
        "bowling solitaire cards (0-9 twice)",
        {str(n): 2 for n in range(10)},
    ),
}


def parse_card(value: Any, deck: Deck | str = "standard") -> str:
    """One card in canonical form; a card the deck cannot hold is bad input."""
    deck = DECKS[deck] if isinstance(deck, str) else deck
    card = _canonical(value, deck)
    if card not in deck:
        raise BadInput(f"'{value}' is not in a {deck.title}.", example=_example(deck))
    return card


def parse_cards(
    value: Any,
    deck: Deck | str = "standard",
    *,
    least: int = 0,
    most: int | None = None,
    held: Iterable[str] = (),
) -> list[str]:
    """A list of cards (``"7H 7D JK"`` or a JSON list), checked against the deck.

    ``held`` are cards already accounted for elsewhere (another hand, the table), so
    that together they never hold more copies of a card than the deck has.
    """
    deck = DECKS[deck] if isinstance(deck, str) else deck
    tokens = split_cards(value)
    cards = [parse_card(t, deck) for t in tokens]
    if len(cards) < least or (most is not None and len(cards) > most):
        want = (
            f"{least}"
            if least == most
            else (f"at least {least}" if most is None else f"{least} to {most}")
        )
        raise BadInput(
            f"Expected {want} cards; {len(cards)} given.", example=_example(deck)
        )
    counts = Counter(cards) + Counter(held)
    for card, n in counts.items():
        if card in cards and n > deck.copies[card]:
            have = deck.copies[card]
            copies = "one" if have == 1 else f"{have} copies of"
            raise BadInput(
                f"{card} appears {n} times, but a {deck.title} has only {copies} "
                f"{describe(card) if have == 1 else card}.",
                example=_example(deck),
            )
    return cards


def split_cards(value: Any) -> list[Any]:
    if isinstance(value, str):
        return [t for t in re.split(r"[\s,;]+", value.strip()) if t]
    if isinstance(value, Sequence):
        return list(value)
    raise BadInput(f"Cards are written like {EXAMPLE}.", example=EXAMPLE)


def rank(card: str) -> str:
    """``"10H"`` -> ``"10"``; a joker has the rank ``"JK"``."""
    return card if card == JOKER or card.isdigit() else card[:-1]


def suit(card: str) -> str:
    return "" if card == JOKER or card.isdigit() else card[-1]


def rank_index(card: str) -> int:
    """Ace low: A=1 ... K=13 (jokers 0)."""
    r = rank(card)
    return 0 if r == JOKER else RANKS.index(r) + 1


def describe(card: str) -> str:
    """``"QS"`` -> ``"queen of spades"``."""
    if card == JOKER:
        return "joker"
    if card.isdigit():
        return f"card {card}"
    r = rank(card)
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[suit(card)]}"


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Suit by suit (S H D C), ace low within a suit; jokers last."""

    def key(card: str) -> tuple[int, int]:
        if card == JOKER:
            return (9, 0)
        if card.isdigit():
            return (0, int(card))
        return (SUITS.index(suit(card)), rank_index(card))

    return sorted(cards, key=key)


def parse_rank(value: Any, *, field: str = "rank", example: str = "7") -> str:
    """A rank alone (``"q"`` -> ``"Q"``, ``"T"`` -> ``"10"``): A 2-10 J Q K."""
    token = "".join(str(value).split()) if isinstance(value, str | int) else ""
    if isinstance(value, bool) or not _RANK.fullmatch(token):
        raise BadInput(
            f"'{value}' is not a rank: ranks are A 2-10 J Q K (T for ten).",
            field=field,
            example=example,
        )
    token = token.upper()
    return _RANK_WORDS.get(token, token)


def card_pattern(deck: Deck | str = "standard") -> str:
    """A regular expression (JSON Schema's dialect) for every spelling of a card of
    ``deck`` that ``parse_card`` takes: any case, T for ten, the suit symbols."""
    deck = DECKS[deck] if isinstance(deck, str) else deck
    ranks = {rank(c) for c in deck.copies if c != JOKER and not c.isdigit()}
    digits = sorted(c for c in deck.copies if c.isdigit())
    spelt = [
        "10|[Tt]" if r == "10" else f"[{r}{r.lower()}]" if r.isalpha() else r
        for r in RANKS
        if r in ranks
    ]
    suits = "".join(s + s.lower() for s in SUITS) + "".join(_SUIT_SYMBOLS)
    forms = [f"({'|'.join(spelt)})[{suits}]"] if ranks else []
    if digits:
        forms.append(f"[{''.join(digits)}]")
    if JOKER in deck.copies:
        forms.append("[Jj][Kk]|[Jj][Oo][Kk][Ee][Rr]|[Xx]")
    return "^(" + "|".join(forms) + ")$"


def _canonical(value: Any, deck: Deck) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise BadInput("A card is written like QS, 10H or JK.", example=_example(deck))
    token = "".join(str(value).split())
    for symbol, letter in _SUIT_SYMBOLS.items():
        token = token.replace(symbol, letter)
    if token.isascii() and token.upper() in _JOKERS:
        return JOKER
    if _DIGIT_CARD.fullmatch(token):
        # a bare digit: a bowling solitaire card, or (elsewhere) a clear "not in deck"
        return token
    card = _CARD.fullmatch(token)
    if card is None and token.isascii() and token.isdigit() and len(token) <= 3:
        # a number alone is no card of a suited pack; in bowling solitaire's own pack
        # it is a number that pack does not hold (its cards run 0 to 9)
        raise BadInput(f"'{value}' is not in a {deck.title}.", example=_example(deck))
    if card is None:
        bad_rank = token.isascii() and len(token) >= 2 and token[-1].upper() in SUITS
        raise BadInput(
            f"'{value}' is not a card: ranks are A 2-10 J Q K (T for ten)."
            if bad_rank
            else f"'{value}' is not a card: write the rank then the suit "
            "(S H D C), like QS, 10H or JK.",
            example=_example(deck),
        )
    r = card.group(1).upper()
    return _RANK_WORDS.get(r, r) + card.group(2).upper()


def _example(deck: Deck) -> str:
    if deck.name == "bowling-solitaire":
        return "7 3 0"
    if deck.name == "pinochle":
        return "AS 10S KS"
    return EXAMPLE if JOKER in deck.copies else "7H 7D 7C"


# --- drawing at the table (stock and a face-up pile) ---------------------------------


def take_top(
    pile: Sequence[str], given: Any, *, seat: int, source: str, named: str
) -> str:
    """The top card of a face-up pile; a card named with the draw must be that one.

    ``named`` says the pile in the message ("The top discard"); ``source`` is the
    event's value for it, for the example.
    """
    top = pile[-1]
    if given is not None and given != top:
        raise BadInput(
            f"{named} is {top}, not {given}: leave 'card' out or send {top}.",
            field="card",
            example=f'{{"type": "draw", "player": {seat}, "source": "{source}"}}',
        )
    return top


def stock_card(given: Any, *, seat: int) -> Any:
    """The card drawn from the (face-down) stock: the table must say which."""
    if given is None:
        raise BadInput(
            "'card' is missing: which card came off the stock?",
            field="card",
            example=f'{{"type": "draw", "player": {seat}, "source": "stock", '
            '"card": "7H"}',
        )
    return given


def restocked(pile: Sequence[str]) -> tuple[int, list[str]] | None:
    """A spent stock rebuilt from the pile under its top card: (stock, pile left).

    None when nothing lies under the top card.
    """
    if len(pile) <= 1:
        return None
    return len(pile) - 1, list(pile[-1:])
