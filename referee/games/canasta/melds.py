"""Canasta melds: card values, grouping cards into melds, legality and canastas.

Cards come in NOTATION.md form from the 108-card canasta pack (``cards.DECKS
["canasta"]``). A wild card (joker or 2) joins the natural cards written just before it
(``"7H 7D JK KS KC KD 2C"``: the joker goes with the sevens, the 2 with the kings);
wild cards written before any natural card join the first rank that follows.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from referee.games import cards
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.rulebook import cite

# Every module of the engine cites its rules through this one handle.
CITE = cite("canasta")
R_ASK_OUT_TIMING = CITE("ask-out-timing")
R_BLACK_THREES = CITE("black-threes")
R_CANASTA = CITE("canasta")
R_CARD_VALUES = CITE("card-values")
R_CONCEALED = CITE("concealed")
R_CONCEALED_AFTER_PILE = CITE("concealed-after-pile")
R_DEAL = CITE("deal")
R_FROZEN_PILE = CITE("frozen-pile")
R_GAME_END = CITE("game-end")
R_GOING_OUT = CITE("going-out")
R_HAND_SCORE = CITE("hand-score")
R_INITIAL_MELD = CITE("initial-meld")
R_MAY_I_GO_OUT = CITE("may-i-go-out")
R_MELDS = CITE("melds")
R_ONE_MELD_PER_RANK = CITE("one-meld-per-rank")
R_RED_THREES = CITE("red-threes")
R_RED_THREE_SCORE = CITE("red-three-score")
R_STOCK_OUT = CITE("stock-out")
R_TAKING_THE_PILE = CITE("taking-the-pile")
R_THREES = CITE("threes")
R_TURN = CITE("turn")
R_WILD_CAP = CITE("wild-cap")
R_WILD_CARDS = CITE("wild-cards")
DECK = "canasta"
JOKER = cards.JOKER
RED_THREES = ("3H", "3D")
BLACK_THREES = ("3S", "3C")
# Ranks a meld can be of; black threes only by a player going out.
MELD_RANKS = ("A", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "3")
NATURAL_RANKS = MELD_RANKS[:-1]
CANASTA_SIZE = 7
CANASTA_NATURALS = 4
MELD_NATURALS = 2
NATURAL_CANASTA = 500
MIXED_CANASTA = 300
WILD_CAPS = ("unlimited", "three")
WILD_CAP = {"unlimited": None, "three": 3}
# (lowest previous score, minimum count of the first meld): the table in the text.
MINIMUMS = ((3000, 120), (1500, 90), (0, 50))
NEGATIVE_MINIMUM = 15
EXAMPLE = "7H 7D JK KS KC KD"


def is_wild(card: str) -> bool:
    return card == JOKER or cards.rank(card) == "2"


def only_red_threes(laid: Sequence[str], why: str, field: str, example: str) -> None:
    """BadInput naming the first card of ``laid`` that is not a red three."""
    wrong = [c for c in laid if c not in RED_THREES]
    if wrong:
        raise BadInput(
            f"{wrong[0]} is not a red three{why}.", field=field, example=example
        )


def value(card: str) -> int:
    """A card's count: joker 50, ace and 2 20, K-8 10, 7-4 and black 3 5."""
    return _VALUES[card] if card in _VALUES else _value(card)


def _value(card: str) -> int:
    if card == JOKER:
        return 50
    r = cards.rank(card)
    if r in ("A", "2"):
        return 20
    if r in ("K", "Q", "J", "10", "9", "8"):
        return 10
    if card in RED_THREES:
        return 100  # only ever scored as a bonus; never melded or held at the end
    return 5


_VALUES = {c: _value(c) for c in cards.DECKS[DECK].copies}


def points(held: Iterable[str]) -> int:
    return sum(value(c) for c in held)


def minimum(score: int) -> int:
    """The least count a side's first meld of a hand needs, by its score so far."""
    if score < 0:
        return NEGATIVE_MINIMUM
    for lowest, need in MINIMUMS:
        if score >= lowest:
            return need
    return MINIMUMS[-1][1]


@dataclass(frozen=True)
class Meld:
    """One side's meld of one rank: its natural and wild cards."""

    rank: str
    naturals: tuple[str, ...]
    wilds: tuple[str, ...] = ()

    @property
    def cards(self) -> list[str]:
        return [*self.naturals, *self.wilds]

    @property
    def size(self) -> int:
        return len(self.naturals) + len(self.wilds)

    @property
    def points(self) -> int:
        return points(self.cards)

    @property
    def canasta(self) -> str | None:
        """ "natural", "mixed" or None (not a canasta)."""
        if self.size < CANASTA_SIZE or len(self.naturals) < CANASTA_NATURALS:
            return None
        return "mixed" if self.wilds else "natural"

    @property
    def bonus(self) -> int:
        return {"natural": NATURAL_CANASTA, "mixed": MIXED_CANASTA}.get(
            self.canasta or "", 0
        )

    def plus(self, other: Meld) -> Meld:
        return Meld(
            self.rank, (*self.naturals, *other.naturals), (*self.wilds, *other.wilds)
        )

    def to_json(self) -> JSON:
        return {
            "rank": self.rank,
            "cards": self.cards,
            "naturals": len(self.naturals),
            "wilds": len(self.wilds),
            "points": self.points,
            "canasta": self.canasta,
            "bonus": self.bonus,
        }


def from_json(data: Mapping[str, Sequence[str]]) -> dict[str, Meld]:
    """A side's melds as stored in the state: rank -> its cards."""
    return {
        r: Meld(
            r, tuple(c for c in held if not is_wild(c)), tuple(filter(is_wild, held))
        )
        for r, held in data.items()
    }


def to_json(melds: Mapping[str, Meld]) -> JSON:
    return {r: m.cards for r, m in sorted(melds.items(), key=rank_order)}


def group(laid: Sequence[str], to: str | None = None) -> list[Meld]:
    """Cards laid at once, split into one group per rank (in the order written).

    A wild card joins the natural rank written before it; wild cards before any
    natural card join the first rank after them, or ``to`` when there is none.
    """
    for card in laid:
        if card in RED_THREES:
            raise Refused(
                f"{card} is a red three: red threes are laid out as bonus cards, "
                "never melded.",
                [R_RED_THREES, R_THREES],
            )
    ranks: list[str] = []
    naturals: dict[str, list[str]] = {}
    wilds: dict[str, list[str]] = {}
    waiting: list[str] = []
    current: str | None = None
    for card in laid:
        if is_wild(card):
            if current is None:
                waiting.append(card)
            else:
                wilds[current].append(card)
            continue
        r = cards.rank(card)
        if r not in naturals:
            ranks.append(r)
            naturals[r], wilds[r] = [], []
        naturals[r].append(card)
        current = r
        if waiting:
            wilds[r].extend(waiting)
            waiting = []
    if waiting:
        if not to:
            raise Refused(
                "Jokers and 2s never meld on their own: say the rank of the meld "
                "they join (e.g. 7).",
                [R_WILD_CARDS],
            )
        if to in naturals:
            wilds[to].extend(waiting)
        else:
            ranks.append(to)
            naturals[to], wilds[to] = [], list(waiting)
    elif to and ranks and to not in ranks:
        raise BadInput(
            f"The rank of the meld is {to} but the cards are {', '.join(ranks)}: "
            "leave the rank out or lay cards of that rank.",
            field="to",
            label="Rank of the meld",
            example='{"type": "meld", "player": 0, "cards": "JK", "to": "7"}',
        )
    return [Meld(r, tuple(naturals[r]), tuple(wilds[r])) for r in ranks]


def parse_rank(text: str | None) -> str | None:
    """A meld's rank as written in 'to' ("7", "k", "10", "t")."""
    if text is None or text == "":
        return None
    try:
        r = cards.parse_rank(text)
    except BadInput:
        r = ""
    if r not in MELD_RANKS:
        raise BadInput(
            f"'{text}' is not a rank that melds: A, 4-10, J, Q, K (3 for black threes "
            "when going out).",
            field="to",
            example='"to": "7"',
        )
    return r


def check(
    meld: Meld,
    *,
    existing: Meld | None = None,
    wild_cap: int | None = None,
    going_out: bool = False,
) -> list[str]:
    """The rules a meld (with what the side already has of its rank) keeps.

    Raises ``Refused`` citing every rule it breaks; returns the rules it rests on.
    """
    whole = existing.plus(meld) if existing else meld
    cited = [R_MELDS]
    if existing:
        cited.append(R_ONE_MELD_PER_RANK)
    if meld.wilds or whole.wilds:
        cited.append(R_WILD_CARDS)
    if meld.rank == "3":
        cited.append(R_BLACK_THREES)
        if not going_out:
            raise Refused(
                "Black threes meld only when the player goes out in that turn "
                "(three or four of them, no wild cards).",
                [R_BLACK_THREES, R_THREES],
            )
        if whole.wilds:
            raise Refused(
                "A meld of black threes takes no wild cards.",
                [R_BLACK_THREES, R_WILD_CARDS],
            )
        if whole.size > 4:
            raise BadInput("A pack of 108 cards holds only four black threes.")
    if not whole.naturals:
        raise Refused(
            "Jokers and 2s never meld on their own: a meld needs natural cards.",
            [R_WILD_CARDS, R_MELDS],
        )
    if len(whole.naturals) < MELD_NATURALS or whole.size < 3:
        raise Refused(
            f"A meld of {rank_name(whole.rank)} needs at least three cards, two of "
            f"them natural; this one has {whole.size} ({len(whole.naturals)} "
            "natural).",
            cited,
        )
    # The cap is cited whenever it is in force, and without it whenever the common
    # cap of three would have refused this meld: either way the option decided.
    if wild_cap is not None or len(whole.wilds) > WILD_CAP["three"]:
        cited.append(R_WILD_CAP)
    if wild_cap is not None and len(whole.wilds) > wild_cap:
        raise Refused(
            f"At most {wild_cap} wild cards in a meld (the wild-card cap in "
            f"force); the {rank_name(whole.rank)} would have {len(whole.wilds)}.",
            [R_WILD_CAP, R_WILD_CARDS],
            options=("wild_cap",),
        )
    if whole.canasta:
        cited.append(R_CANASTA)
    return cited


def evaluate(
    laid: Sequence[str],
    *,
    wild_cap: str = "unlimited",
    going_out: bool = False,
    score: int | None = None,
) -> JSON:
    """The calculator: legality and points of the melds the cards make.

    Cards that can make no meld at all (red threes, wild cards with no natural card
    anywhere) come back as an illegal entry with no rank, so the answer says why.
    """
    reds = [c for c in laid if c in RED_THREES]
    rest = [c for c in laid if c not in RED_THREES]
    out: list[JSON] = []
    if reds:
        out.append(
            _loose(
                reds,
                "Red threes are laid out as bonus cards, never melded.",
                [R_RED_THREES, R_THREES],
            )
        )
    if rest and all(is_wild(c) for c in rest):
        out.append(
            _loose(
                rest,
                "Jokers and 2s never meld on their own: a meld needs natural cards.",
                [R_WILD_CARDS, R_MELDS],
            )
        )
        rest = []
    parts = group(rest)
    split = _written_apart(rest)
    merged: dict[str, Meld] = {}
    for m in parts:
        merged[m.rank] = merged[m.rank].plus(m) if m.rank in merged else m
    cap = WILD_CAP[wild_cap]
    legal = not out
    for m in merged.values():
        try:
            rules = check(m, wild_cap=cap, going_out=going_out)
            reason = ""
        except Refused as err:
            rules, reason = list(err.ruling.rules), err.ruling.summary
            legal = False
        if m.rank in split:
            # written as separate melds of one rank: one side keeps only one
            rules = [*rules, R_ONE_MELD_PER_RANK]
        out.append(
            {**m.to_json(), "legal": not reason, "reason": reason, "rules": rules}
        )
    count = points(c for c in laid if c not in RED_THREES)
    bonus = sum(m.bonus for m in merged.values())
    need = None if score is None else minimum(score)
    return {
        "melds": out,
        "legal": legal,
        "count": count,
        "canasta_bonus": bonus,
        "total": count + bonus,
        "canastas": sum(1 for m in merged.values() if m.canasta),
        "minimum": need,
        "meets_minimum": None if need is None else legal and count >= need,
        "merged": len(parts) - len(merged) + sum(split.values()),
    }


def _written_apart(laid: Sequence[str]) -> dict[str, int]:
    """Ranks whose natural cards are written as more than one group (7H 7D 7S 9C 9D
    9H 7C 7D): rank -> how many groups beyond the first were merged into it."""
    runs = [cards.rank(c) for c in laid if not is_wild(c)]
    starts = [r for i, r in enumerate(runs) if i == 0 or runs[i - 1] != r]
    return {r: starts.count(r) - 1 for r in set(starts) if starts.count(r) > 1}


def _loose(laid: list[str], reason: str, rules: list[str]) -> JSON:
    return {
        "rank": None,
        "cards": list(laid),
        "naturals": sum(1 for c in laid if not is_wild(c)),
        "wilds": sum(1 for c in laid if is_wild(c)),
        "points": points(c for c in laid if c not in RED_THREES),
        "canasta": None,
        "bonus": 0,
        "legal": False,
        "reason": reason,
        "rules": rules,
    }


def rank_order(item: tuple[str, Meld]) -> int:
    """Sort key for (rank, meld) pairs: aces first, black threes last."""
    return MELD_RANKS.index(item[0])


RANK_WORDS = {
    "A": "aces",
    "3": "black threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "10": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
}


def rank_name(r: str) -> str:
    """A meld's rank in words, plural: "7" -> "sevens"."""
    return RANK_WORDS.get(r, f"{r}s")
