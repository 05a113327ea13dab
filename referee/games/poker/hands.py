"""The poker hand evaluator: best five of any number of cards, wild cards, high and low.

One evaluator serves every poker game. A game says which cards are wild (``Wilds``)
and, for low or high/low games, which low ranking it plays (``LowRule``).

Readings chosen (rulebook ``poker-draw/hand-ranking`` and ``poker-draw/wild-cards``):

* Standard ranking, high: five of a kind (only where wilds and the game allow it),
  straight flush (the ace-high one is called a royal flush), four of a kind, full
  house, flush, straight, three of a kind, two pair, one pair, high card. An ace is
  high or low in a straight (``5 4 3 2 A`` is the lowest straight); suits never rank,
  so equal hands tie exactly.
* A wild card stands for any card the holder names, even one already in the hand
  (that is how five of a kind arises; it also makes ``A A K 9 5`` of one suit the best
  flush a wild can complete). A joker is always wild.
* Fewer than five cards (a partly turned hand in midnight baseball) rank by the same
  ladder with only the combinations that fit; straights and flushes need five.
* Low: ``ace-to-five`` (ace low; straights and flushes do not count: ``5 4 3 2 A`` is
  the best low), ``deuce-to-seven`` (ace high only; straights and flushes count
  against: ``7 5 4 3 2`` of mixed suits is the best low) and ``ace-to-six`` (ace low;
  straights and flushes count against: ``6 4 3 2 A``). Paired hands are worse than any
  unpaired one; two low hands compare by their highest card first.

Cards are the canonical strings of ``referee.games.cards`` (``10H``, ``AS``, ``JK``).
Every hand comes back as a ``Hand``: a comparable ``key`` (larger is better in its own
ranking, high or low), the category, the deciding ranks, the five cards played, what
each wild stands for, and the hand in words ("three nines, queen kicker").
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from itertools import combinations

from referee.games import cards as cardlib

# --- ranks, suits and categories ----------------------------------------------------

RANK_VALUE = {
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
}
VALUE_RANK = {v: r for r, v in RANK_VALUE.items()} | {1: "A"}
SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}
SUIT_LETTER = "SHDC"
WORD = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
PLURAL = {n: (w + "es" if w.endswith("x") else w + "s") for n, w in WORD.items()}

# High categories, worst to best; a key holds the category above five 4-bit ranks.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS = range(8)
STRAIGHT_FLUSH, FIVE_KIND = 8, 9
CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)
_SHIFT = 20
_MAX_KEY = (FIVE_KIND + 1) << _SHIFT

# Straight windows as rank bitmasks (bit r for rank r; the ace also sets bit 1 so the
# wheel 5-4-3-2-A is the window topped by five).
_WINDOWS = tuple(
    (top, sum(1 << r for r in range(top - 4, top + 1))) for top in range(14, 4, -1)
)


# --- what the game says: wild cards and the low ranking -----------------------------


@dataclass(frozen=True)
class Wilds:
    """Which cards are wild in a game (and for a hand).

    ``ranks``: every card of these ranks is wild (``{"2"}`` for deuces wild,
    ``{"3", "9"}`` for baseball). ``cards``: single wild cards (``{"JH", "JS"}`` for
    one-eyed jacks). A joker is always wild. ``tame``: cards of a wild rank that play at
    face value for this hand (baseball's face-up three that nobody paid for).
    ``five_of_a_kind``: whether wilds may make five of a kind (the top hand).
    """

    ranks: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    tame: frozenset[str] = frozenset()
    five_of_a_kind: bool = True

    def is_wild(self, card: str) -> bool:
        if card == cardlib.JOKER:
            return True
        if card in self.tame:
            return False
        return card in self.cards or cardlib.rank(card) in self.ranks

    def with_tame(self, tame: Iterable[str]) -> Wilds:
        """The same wilds with these cards playing at face value."""
        return Wilds(self.ranks, self.cards, frozenset(tame), self.five_of_a_kind)

    def describe(self) -> str:
        parts = [
            f"{PLURAL[RANK_VALUE[r]]}" for r in sorted(self.ranks, key=RANK_VALUE.get)
        ]
        parts += sorted(self.cards)
        if not parts:
            return "no wild cards"
        return " and ".join(parts) + " wild"


NO_WILDS = Wilds()


@dataclass(frozen=True)
class LowRule:
    """A low ranking: is the ace low, and do straights and flushes count against?"""

    name: str
    ace_low: bool
    straights_flushes: bool

    @property
    def title(self) -> str:
        counted = "count against" if self.straights_flushes else "do not count"
        ace = "ace low" if self.ace_low else "ace high"
        return f"{self.name} ({ace}; straights and flushes {counted})"


ACE_TO_FIVE = LowRule("ace-to-five", ace_low=True, straights_flushes=False)
DEUCE_TO_SEVEN = LowRule("deuce-to-seven", ace_low=False, straights_flushes=True)
ACE_TO_SIX = LowRule("ace-to-six", ace_low=True, straights_flushes=True)
LOW_RULES = {r.name: r for r in (ACE_TO_FIVE, DEUCE_TO_SEVEN, ACE_TO_SIX)}


# --- the result ----------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Hand:
    """A player's best hand. Compare hands of one ranking by ``key`` (or ``<``)."""

    key: int
    ranking: str = field(compare=False)  # "high" or a LowRule name
    category: str = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)  # the deciding ranks, in order
    cards: tuple[str, ...] = field(compare=False)  # the five (or fewer) cards played
    stands_for: tuple[tuple[str, str], ...] = field(compare=False, default=())
    name: str = field(compare=False, default="")

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "ranking": self.ranking,
            "category": self.category,
            "cards": list(self.cards),
            "wilds": {card: played for card, played in self.stands_for},
            "key": self.key,
        }


# --- public functions ----------------------------------------------------------------


def best_high(cards: Sequence[str], wilds: Wilds = NO_WILDS) -> Hand:
    """The best high hand of any number of cards (at least one)."""
    naturals, wild = split_wilds(cards, wilds)
    key = high_key(_codes(naturals), len(wild), wilds.five_of_a_kind)
    return _realise_high(key, naturals, wild)


def best_low(
    cards: Sequence[str], low: LowRule = ACE_TO_FIVE, wilds: Wilds = NO_WILDS
) -> Hand:
    """The best low hand (five of five or more cards) under ``low``."""
    if len(cards) < 5:
        raise ValueError("a low hand needs five cards")
    naturals, wild = split_wilds(cards, wilds)
    raw, played, stands = _best_low(naturals, wild, low)
    return _low_hand(raw, played, stands, low)


def split_wilds(cards: Sequence[str], wilds: Wilds) -> tuple[list[str], list[str]]:
    """The natural cards and the wild ones, in the order given."""
    naturals = [c for c in cards if not wilds.is_wild(c)]
    wild = [c for c in cards if wilds.is_wild(c)]
    return naturals, wild


def encode(card: str) -> int:
    """A natural card as ``rank * 4 + suit`` (rank 2-14, suit S H D C = 0-3)."""
    return RANK_VALUE[card[:-1]] * 4 + SUIT_INDEX[card[-1]]


def high_key(codes: Sequence[int], wild: int = 0, five_of_a_kind: bool = True) -> int:
    """The high key of natural cards (``encode``) plus ``wild`` wild cards.

    Works on the counts of ranks and suits, without trying every five: this is the
    fast path the games and the bench use.
    """
    n = len(codes) + wild
    if n == 5:
        return _five_key(codes, wild, five_of_a_kind)
    return _count_key(codes, wild, five_of_a_kind)


# Five cards (a draw hand) are looked up: the key depends only on the ranks held (a
# product of primes, as in Cactus Kev's evaluator) unless every natural card shares
# one suit. Filled on first use; at most a few thousand entries per wild count.
_PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_FIVE: dict[tuple[int, int, bool, bool], int] = {}


def _five_key(codes: Sequence[int], wild: int, five_of_a_kind: bool) -> int:
    product = 1
    suits = 0
    for code in codes:
        product *= _PRIMES[code >> 2]
        suits |= 1 << (code & 3)
    suited = suits & (suits - 1) == 0  # zero or one suit among the naturals
    memo = (product, wild, five_of_a_kind, suited)
    key = _FIVE.get(memo)
    if key is None:
        key = _FIVE[memo] = _count_key(codes, wild, five_of_a_kind)
    return key


def _five_kind_or_straight_flush(
    counts: Sequence[int],
    suit_masks: Sequence[int],
    suit_counts: Sequence[int],
    wild: int,
    five_of_a_kind: bool,
) -> int:
    """The key of five of a kind or a straight flush, 0 if the cards make neither."""
    if five_of_a_kind and wild:
        if wild >= 5:
            return pack(FIVE_KIND, (14,) * 5)
        for r in range(14, 1, -1):
            if counts[r] + wild >= 5:
                return pack(FIVE_KIND, (r,) * 5)
    best = 0
    for s in range(4):
        if suit_counts[s] + wild >= 5:
            m = suit_masks[s]
            for top, window in _WINDOWS:
                if top <= best:
                    break
                if 5 - _bits(m & window) <= wild:
                    best = top
                    break
    if best:
        return pack(STRAIGHT_FLUSH, tuple(range(best, best - 5, -1)))
    return 0


def _flush_or_straight(
    codes: Sequence[int], suit_counts: Sequence[int], mask: int, wild: int
) -> int:
    """The key of the best flush, else of the best straight, 0 for neither."""
    best_flush: tuple[int, ...] = ()
    for s in range(4):
        if suit_counts[s] + wild >= 5:
            ranks = [c >> 2 for c in codes if c & 3 == s]
            ranks.sort(reverse=True)
            use = min(wild, 5)
            candidate = tuple([14] * use + ranks[: 5 - use])
            if candidate > best_flush:
                best_flush = candidate
    if best_flush:
        return pack(FLUSH, best_flush)
    for top, window in _WINDOWS:
        if 5 - _bits(mask & window) <= wild:
            return pack(STRAIGHT, tuple(range(top, top - 5, -1)))
    return 0


def _count_key(codes: Sequence[int], wild: int, five_of_a_kind: bool) -> int:
    """The key from the counts of ranks and suits (any number of cards)."""
    n = len(codes) + wild
    size = 5 if n > 5 else n
    counts = [0] * 15
    suit_masks = [0, 0, 0, 0]
    suit_counts = [0, 0, 0, 0]
    mask = 0
    for code in codes:
        r = code >> 2
        s = code & 3
        counts[r] += 1
        suit_masks[s] |= 1 << r
        suit_counts[s] += 1
        mask |= 1 << r
    if mask & (1 << 14):
        mask |= 2
        for s in range(4):
            if suit_masks[s] & (1 << 14):
                suit_masks[s] |= 2
    if size >= 5:
        top = _five_kind_or_straight_flush(
            counts, suit_masks, suit_counts, wild, five_of_a_kind
        )
        if top:
            return top
    if size >= 4:
        for r in range(14, 1, -1):
            if counts[r] + wild >= 4:
                if size == 4:
                    return pack(QUADS, (r,) * 4)
                left = wild - max(0, 4 - counts[r])
                kicker = _top(counts, 1, exclude=r)
                if left > 0:
                    spare = 14 if r != 14 else 13
                    kicker = [max(kicker[0], spare)] if kicker else [spare]
                return pack(QUADS, (r,) * 4 + tuple(kicker))
    if size >= 5:
        for t in range(14, 1, -1):
            if counts[t] + wild >= 3:
                left = wild - max(0, 3 - counts[t])
                for p in range(14, 1, -1):
                    if p != t and counts[p] + left >= 2:
                        return pack(FULL_HOUSE, (t, t, t, p, p))
        made = _flush_or_straight(codes, suit_counts, mask, wild)
        if made:
            return made
    if size >= 3:
        for r in range(14, 1, -1):
            if counts[r] + wild >= 3:
                return pack(TRIPS, (r,) * 3 + tuple(_top(counts, size - 3, exclude=r)))
    if size >= 2:
        pairs = [r for r in range(14, 1, -1) if counts[r] >= 2]
        if len(pairs) >= 2 and size >= 4 and not wild:
            hi, lo = pairs[0], pairs[1]
            rest = [r for r in range(14, 1, -1) if counts[r] and r not in (hi, lo)]
            kicker = tuple(rest[:1]) if size >= 5 else ()
            return pack(TWO_PAIR, (hi, hi, lo, lo) + kicker)
        for r in range(14, 1, -1):
            if counts[r] + wild >= 2:
                return pack(PAIR, (r, r) + tuple(_top(counts, size - 2, exclude=r)))
        if wild >= 2:  # two wild cards and nothing else: a pair of aces
            return pack(PAIR, (14, 14))
    if wild:  # a lone wild card plays as an ace
        return pack(HIGH_CARD, (14,))
    return pack(HIGH_CARD, tuple(_top(counts, size, exclude=0)))


def key5(
    ranks: Sequence[int],
    suits: Sequence[int],
    *,
    straights_flushes: bool = True,
    wheel: bool = True,
) -> int:
    """The key of exactly five natural cards, by the textbook method.

    Ranks may be 1-14 (an ace played low is 1). ``wheel``: an ace (14) may also end a
    five-high straight. This plain version is the reference the tests substitute wild
    cards into; ``high_key`` must always agree with it.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    # group by count, then rank: AAKKQ -> (A, A, K, K, Q)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tied = tuple(r for r in order for _ in range(counts[r]))
    flush = straights_flushes and len(set(suits)) == 1
    straight_top = 0
    if straights_flushes and len(counts) == 5:
        hi, lo = max(ranks), min(ranks)
        if hi - lo == 4:
            straight_top = hi
        elif wheel and sorted(ranks) == [2, 3, 4, 5, 14]:
            straight_top = 5
    if shape[0] == 5:
        return pack(FIVE_KIND, tied)
    if straight_top and flush:
        return pack(STRAIGHT_FLUSH, tuple(range(straight_top, straight_top - 5, -1)))
    if shape[0] == 4:
        return pack(QUADS, tied)
    if shape[:2] == [3, 2]:
        return pack(FULL_HOUSE, tied)
    if flush:
        return pack(FLUSH, tuple(sorted(ranks, reverse=True)))
    if straight_top:
        return pack(STRAIGHT, tuple(range(straight_top, straight_top - 5, -1)))
    if shape[0] == 3:
        return pack(TRIPS, tied)
    if shape[:2] == [2, 2]:
        return pack(TWO_PAIR, tied)
    if shape[0] == 2:
        return pack(PAIR, tied)
    return pack(HIGH_CARD, tied)


def low_raw(ranks: Sequence[int], suits: Sequence[int], low: LowRule) -> int:
    """Five natural cards' low value: smaller is better."""
    if low.ace_low:
        ranks = [1 if r == 14 else r for r in ranks]
    return key5(ranks, suits, straights_flushes=low.straights_flushes, wheel=False)


def unpack(key: int) -> tuple[int, tuple[int, ...]]:
    """A key's category and its deciding ranks (zeros dropped)."""
    ranks = tuple(r for r in ((key >> (16 - 4 * i)) & 15 for i in range(5)) if r)
    return key >> _SHIFT, ranks


def name_high(category: int, ranks: Sequence[int]) -> str:
    """A high hand in words: "three nines, queen kicker"."""
    r = ranks
    if category == FIVE_KIND:
        return f"five {PLURAL[r[0]]}"
    if category == STRAIGHT_FLUSH:
        return "royal flush" if r[0] == 14 else f"straight flush, {WORD[r[0]]} high"
    if category == QUADS:
        return f"four {PLURAL[r[0]]}" + _kickers(r[4:])
    if category == FULL_HOUSE:
        return f"full house, {PLURAL[r[0]]} full of {PLURAL[r[3]]}"
    if category == FLUSH:
        return f"flush, {WORD[r[0]]} high ({_spelled(r)})"
    if category == STRAIGHT:
        return f"straight, {WORD[r[0]]} high"
    if category == TRIPS:
        return f"three {PLURAL[r[0]]}" + _kickers(r[3:])
    if category == TWO_PAIR:
        return f"two pair, {PLURAL[r[0]]} and {PLURAL[r[2]]}" + _kickers(r[4:])
    if category == PAIR:
        return f"pair of {PLURAL[r[0]]}" + _kickers(r[2:])
    if len(r) == 1:
        return f"{WORD[r[0]]} high"
    return f"{WORD[r[0]]} high ({_spelled(r)})"


# --- private helpers -----------------------------------------------------------------


def pack(category: int, ranks: Sequence[int]) -> int:
    """The key of a category and its deciding ranks (``pack(PAIR, (11, 11))`` is
    the lowest pair of jacks: a floor to compare hands with)."""
    key = category
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return key


def _bits(m: int) -> int:
    return bin(m).count("1")


def _top(counts: list[int], k: int, *, exclude: int) -> list[int]:
    """The ``k`` highest single ranks held, skipping ``exclude`` (kickers)."""
    out: list[int] = []
    if k <= 0:
        return out
    for r in range(14, 1, -1):
        if r != exclude:
            for _ in range(counts[r]):
                out.append(r)
                if len(out) == k:
                    return out
    return out


def _codes(naturals: Sequence[str]) -> list[int]:
    return [encode(c) for c in naturals]


def _kickers(ranks: Sequence[int]) -> str:
    """The top kicker only, as players say it; ``Hand.cards`` shows the rest."""
    return f", {WORD[ranks[0]]} kicker" if ranks else ""


def _spelled(ranks: Sequence[int]) -> str:
    return " ".join(VALUE_RANK[r] for r in ranks)


def _realise_high(key: int, naturals: list[str], wild: list[str]) -> Hand:
    """Pick the cards that make ``key`` and say what each wild stands for."""
    category, ranks = unpack(key)
    pool = sorted(naturals, key=encode, reverse=True)
    used: list[str] = []
    stands: list[tuple[str, str]] = []
    suit = ""
    if category in (FLUSH, STRAIGHT_FLUSH):
        # The suit that makes it: the one whose naturals leave the fewest ranks to the
        # wilds. (Guessing by the ranks' values chose spades for "4S + three wilds"
        # against a wheel of hearts, and ran out of wilds: issue 25.)
        suit = min(SUIT_LETTER, key=lambda s: _wilds_needed(ranks, naturals, s))
        pool = [c for c in pool if c[-1] == suit]
    spare_wild = list(wild)
    for r in ranks:
        pick = next((c for c in pool if _value(c, r) and c not in used), None)
        if pick is not None:
            used.append(pick)
        else:
            w = spare_wild.pop(0)
            used.append(w)
            stands.append((w, VALUE_RANK[r] + (suit or _free_suit(used, r))))
    return Hand(
        key,
        "high",
        CATEGORIES[category],
        ranks,
        tuple(used),
        tuple(stands),
        name_high(category, ranks),
    )


def _wilds_needed(ranks: Sequence[int], naturals: Sequence[str], suit: str) -> int:
    """How many of ``ranks`` the naturals of ``suit`` leave for wild cards."""
    left = [c for c in naturals if c[-1] == suit]
    needed = 0
    for r in ranks:
        pick = next((c for c in left if _value(c, r)), None)
        if pick is None:
            needed += 1
        else:
            left.remove(pick)
    return needed


def _value(card: str, r: int) -> bool:
    v = RANK_VALUE[card[:-1]]
    return v == r or (r == 1 and v == 14)


def _free_suit(used: Sequence[str], r: int) -> str:
    """A suit for a wild playing rank ``r``: one not already shown at that rank."""
    taken = {
        c[-1]
        for c in used
        if c != cardlib.JOKER and c[-1] in SUIT_LETTER and _value(c, r)
    }
    return next((s for s in SUIT_LETTER if s not in taken), "S")


def _best_low(
    naturals: list[str], wild: list[str], low: LowRule
) -> tuple[int, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """Try every five of the cards; wilds take unused ranks (and break any flush)."""
    cards = [(c, False) for c in naturals] + [(c, True) for c in wild]
    best: tuple[int, tuple[str, ...], tuple[tuple[str, str], ...]] | None = None
    ace = 1 if low.ace_low else 14
    all_ranks = [ace] + list(range(2, 14)) if low.ace_low else list(range(2, 15))
    seen: set[tuple[tuple[str, ...], int]] = set()
    for five in combinations(cards, 5):
        nat = [c for c, is_wild in five if not is_wild]
        wil = [c for c, is_wild in five if is_wild]
        # fives that differ only in which wild cards they hold rank alike
        shape = (tuple(nat), len(wil))
        if shape in seen:
            continue
        seen.add(shape)
        ranks = [RANK_VALUE[c[:-1]] for c in nat]
        suits = [SUIT_INDEX[c[-1]] for c in nat]
        if not wil:
            raw = low_raw(ranks, suits, low)
            if best is None or raw < best[0]:
                best = (raw, tuple(nat), ())
            continue
        held = {1 if (low.ace_low and r == 14) else r for r in ranks}
        free = [r for r in all_ranks if r not in held]
        # a wild never needs to share a suit with the naturals, so no flush
        first_suit = suits[0] if suits else 0
        wild_suits = [(first_suit + 1 + i) % 4 for i in range(len(wil))]
        if not suits and len(wil) > 1:
            wild_suits = [i % 4 for i in range(len(wil))]
        for chosen in combinations(free, len(wil)):
            as_high = [14 if r == 1 else r for r in chosen]
            raw = low_raw(ranks + as_high, suits + wild_suits, low)
            if best is None or raw < best[0]:
                stands = tuple(
                    (w, VALUE_RANK[r] + SUIT_LETTER[s])
                    for w, r, s in zip(wil, chosen, wild_suits, strict=True)
                )
                best = (raw, tuple(nat) + tuple(wil), stands)
    assert best is not None  # at least five cards were checked above
    return best


def _low_hand(
    raw: int, played: tuple[str, ...], stands: tuple[tuple[str, str], ...], low: LowRule
) -> Hand:
    category, ranks = unpack(raw)
    if category == HIGH_CARD:
        top = ranks[0]
        if ranks == (5, 4, 3, 2, 1) or (not low.ace_low and ranks == (7, 5, 4, 3, 2)):
            extra = " (the best low)"
        else:
            extra = ""
        name = f"{WORD[top]}-{WORD[ranks[1]]} low ({_spelled(ranks)}){extra}"
    else:
        name = name_high(category, ranks) + " (a poor low)"
    order = sorted(played, key=lambda c: _low_sort(c, stands, low), reverse=True)
    return Hand(
        _MAX_KEY - raw,
        low.name,
        "no pair" if category == HIGH_CARD else CATEGORIES[category],
        ranks,
        tuple(order),
        stands,
        name,
    )


def _low_sort(card: str, stands: tuple[tuple[str, str], ...], low: LowRule) -> int:
    played = dict(stands).get(card, card)
    v = RANK_VALUE[played[:-1]]
    return 1 if (low.ace_low and v == 14) else v
