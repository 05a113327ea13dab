"""Poker dice hands for liar's dice: reading a claim, naming it and ranking it.

Five poker dice (faces ``9 10 J Q K A``, from ``dice.POKER_FACES``) make a hand that
ranks like a poker hand without suits: five of a kind, four of a kind, full house,
straight (10-A over 9-K; an option), three of a kind, two pair, one pair, no pair.
Inside a category the grouped faces decide, largest group first, then the higher
face. That makes the order strict on the 252 different hands: two hands rank equal
only when they are the same five faces.

A claim or a box's dice are written as faces (``K K J J 10``, ``T`` for ten, any
case) or in words (``two kings two jacks and a ten``, ``pair of aces``, ``kings full
of nines``, ``high straight``), mixed if need be. The canonical form lists the faces
largest group first, higher face first: ``K K J J 10``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from referee.games import dice
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.wording import and_

FACES = dice.POKER_FACES  # lowest first: 9 10 J Q K A
VALUE = {face: i for i, face in enumerate(FACES)}
DICE = 5
CATEGORIES = (
    "no pair",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "full house",
    "four of a kind",
    "five of a kind",
)
STRAIGHT = CATEGORIES.index("straight")
HIGH_STRAIGHT = ("A", "K", "Q", "J", "10")
LOW_STRAIGHT = ("K", "Q", "J", "10", "9")
EXAMPLE = "K K J J 10"
MAX_TEXT = 80  # a claim in words is short; anything longer is not a claim
WORDS_EXAMPLE = "two kings two jacks ten"

SINGULAR = {
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
PLURAL = {face: f"{word}s" for face, word in SINGULAR.items()}
COUNTS = {"one": 1, "two": 2, "pair": 2, "three": 3, "four": 4, "five": 5}
COUNTS.update({str(n): n for n in range(2, 6)})  # "2 kings": no poker die shows 2-5
FILLER = frozenset({"and", "with", "plus", "of", "&", "kicker", "kickers", "then"})
_RUN = re.compile(r"(?:10|[9tjqka])+")
_RUN_FACE = re.compile(r"10|[9tjqka]")
SPELLED = {
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}


@dataclass(frozen=True)
class Hand:
    """Five poker dice in canonical order, with what they make and how they rank."""

    dice: tuple[str, ...]
    category: int
    key: tuple[int, ...]  # compare keys to compare hands

    @property
    def text(self) -> str:
        return " ".join(self.dice)

    @property
    def category_name(self) -> str:
        return CATEGORIES[self.category]

    def beats(self, other: Hand) -> bool:
        return self.key > other.key

    def to_json(self, *, straights: bool = True) -> JSON:
        return {
            "dice": self.text,
            "name": name(self),
            "category": self.category_name,
            "order": order(self, straights=straights),
        }


# --- ranking ------------------------------------------------------------------------


def canonical(faces: Iterable[str]) -> tuple[str, ...]:
    """The faces largest group first, then the higher face first."""
    counts = Counter(faces)
    return tuple(sorted(counts.elements(), key=lambda f: (-counts[f], -VALUE[f])))


def hand(faces: Sequence[str], *, straights: bool = True) -> Hand:
    """The hand five canonical faces make; ``straights`` off makes them no pair."""
    if len(faces) != DICE:
        raise ValueError(f"a hand is {DICE} dice, not {len(faces)}")
    ordered = canonical(faces)
    shape = sorted(Counter(ordered).values(), reverse=True)
    category = {
        (5,): 7,
        (4, 1): 6,
        (3, 2): 5,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
    }.get(tuple(shape), 0)
    if category == 0 and straights and ordered in (HIGH_STRAIGHT, LOW_STRAIGHT):
        category = STRAIGHT
    return Hand(ordered, category, (category, *(VALUE[f] for f in ordered)))


@cache
def all_hands(straights: bool = True) -> tuple[Hand, ...]:
    """Every different hand of five poker dice (252), lowest first."""
    hands = (
        hand(combo, straights=straights)
        for combo in combinations_with_replacement(FACES, DICE)
    )
    return tuple(sorted(hands, key=lambda h: h.key))


@cache
def _orders(straights: bool) -> dict[tuple[str, ...], int]:
    return {h.dice: i + 1 for i, h in enumerate(all_hands(straights))}


def order(h: Hand, *, straights: bool = True) -> int:
    """The hand's place from the bottom: 1 (``A Q J 10 9``, the lowest no pair)
    to 252 (five aces)."""
    return _orders(straights)[h.dice]


def lowest_beating(h: Hand, *, straights: bool = True) -> Hand | None:
    """The smallest claim that beats ``h``; ``None`` above five aces."""
    place = order(h, straights=straights)
    hands = all_hands(straights)
    return hands[place] if place < len(hands) else None


def top(*, straights: bool = True) -> Hand:
    return all_hands(straights)[-1]


def name(h: Hand) -> str:
    """The hand in words, the way a player says it: "two kings, two jacks and a ten"."""
    groups = _groups(h.dice)
    if h.category == STRAIGHT:
        return (
            "high straight (10 to ace)"
            if h.dice[0] == "A"
            else "low straight (9 to king)"
        )
    if h.category == CATEGORIES.index("full house"):
        (three, _), (two, _) = groups
        return f"full house, {PLURAL[three]} over {PLURAL[two]}"
    if h.category == 0:
        return f"no pair, {SINGULAR[h.dice[0]]} high: {h.text}"
    parts = [_count_word(n, face) if n > 1 else _article(face) for face, n in groups]
    return and_(parts)


def say(h: Hand) -> str:
    """Faces and words: "K K J J 10 (two kings, two jacks and a ten)"."""
    return f"{h.text} ({name(h)})"


# --- reading what players type ------------------------------------------------------


def parse_dice(
    text: object,
    *,
    least: int = DICE,
    most: int = DICE,
    what: str = "claim",
    field: str = "claim",
) -> list[str]:
    """Faces from faces or words: ``"K K J J 10"``, ``"two kings two jacks ten"``.

    ``BadInput`` names ``field``, what is wrong and a correct example.
    """
    try:
        faces = _read(text, what)
    except BadInput as err:
        raise BadInput(err.message, field=field, example=err.example) from None
    if not least <= len(faces) <= most:
        want = str(most) if least == most else f"{least} to {most}"
        shown = " ".join(faces) or "nothing"
        raise BadInput(
            f"A {what} is {want} dice; '{_quote(text)}' reads as {len(faces)} "
            f"({shown}).",
            field=field,
            example=EXAMPLE if most == DICE and least == DICE else "K K",
        )
    return faces


def parse_claim(text: object, *, what: str = "claim") -> Hand:
    """One claim of five dice, as a hand ranked with straights (rank it again to
    drop them)."""
    return hand(parse_dice(text, what=what))


def parse_claims(text: object, *, field: str = "claims") -> list[tuple[str, ...]]:
    """Several claims: separated by ``;`` or ``|``, or simply five dice after five."""
    raw = str(
        text if not isinstance(text, list | tuple) else " ; ".join(map(str, text))
    )
    claims: list[tuple[str, ...]] = []
    for part in (p for p in re.split(r"[;|]", raw) if p.strip()):
        try:
            faces = _read(part, "claim")
        except BadInput as err:
            raise BadInput(err.message, field=field, example=err.example) from None
        if not faces or len(faces) % DICE:
            raise BadInput(
                f"'{_quote(part)}' reads as {len(faces)} dice; each claim is five. "
                "Separate claims with ';'.",
                field=field,
                example="K K J J 10; A A A 9 9",
            )
        claims += [canonical(faces[i : i + DICE]) for i in range(0, len(faces), DICE)]
    if not claims:
        raise BadInput("No claims given.", field=field, example="K K J J 10; A A A 9 9")
    return claims


def _read(text: object, what: str) -> list[str]:
    if isinstance(text, list | tuple):
        text = " ".join(str(t) for t in text)
    if not isinstance(text, str | int) or isinstance(text, bool):
        raise BadInput(
            f"A {what} is written as faces or words.",
            example=f"{EXAMPLE} or {WORDS_EXAMPLE}",
        )
    words = _expand(str(text))
    faces: list[str] = []
    pending: int | None = None
    for i, word in enumerate(words):
        # the next word that is not a filler: "pair of kings" counts kings
        nxt = next((w for w in words[i + 1 :] if w not in FILLER), "")
        prev = words[i - 1] if i else ""
        if word in FILLER:
            continue
        if word == "an" or (
            word == "a"
            and (
                _spelled(nxt)
                or nxt in COUNTS
                # "and a 10", "four kings a 9": a list goes on with an article
                or ((prev in FILLER or _plural(prev)) and _face(nxt))
            )
        ):
            continue  # an article: "a ten", "and a 10"; a lone "a" is an ace
        if word in COUNTS and _face(nxt):
            if pending is not None:
                raise BadInput(
                    f"'{_quote(text)}': two counts in a row ('{word}').",
                    example=WORDS_EXAMPLE,
                )
            pending = COUNTS[word]
            continue
        if _RUN.fullmatch(word) and word != "10":
            # faces run together: "kkjj10", "aaa99"
            faces += [_face(f) or f for f in _RUN_FACE.findall(word)] * (pending or 1)
            if pending is not None and len(_RUN_FACE.findall(word)) > 1:
                raise BadInput(
                    f"'{_quote(text)}': a count goes before one face ('{word}').",
                    example=WORDS_EXAMPLE,
                )
            pending = None
            continue
        face = _face(word)
        if face is None:
            try:
                face = dice.parse_poker_die(word)
            except BadInput:
                raise BadInput(
                    f"'{word}' is not a poker die face or a count: faces are "
                    "9 10 J Q K A (words: nine ten jack queen king ace).",
                    example=f"{EXAMPLE} or {WORDS_EXAMPLE}",
                ) from None
        faces += [face] * (pending or 1)
        pending = None
    return faces


def _expand(text: str) -> list[str]:
    """Lower-case words, with the named hands spelt out as counts and faces."""
    low = (
        " "
        + re.sub(r"[\s,.;:!?()\[\]\"'/_-]+", " ", text.lower().replace("'s", "s"))
        + " "
    )
    low = low.replace(" full house ", " ")
    face = r"(nines?|tens?|jacks?|queens?|kings?|aces?|9s?|10s?|js?|qs?|ks?|as?|t)"
    low = re.sub(rf" {face} (?:full of|full|over) {face} ", r" three \1 two \2 ", low)
    low = re.sub(rf" two pairs? {face} (?:and )?{face} ", r" two \1 two \2 ", low)
    low = re.sub(r" (?:high|big|large|ace high) straight ", " 10 j q k a ", low)
    low = re.sub(r" (?:low|small|little|king high) straight ", " 9 10 j q k ", low)
    if " straight " in low:
        raise BadInput(
            "Which straight? 'high straight' (10 J Q K A) or 'low straight' "
            "(9 10 J Q K).",
            example="high straight",
        )
    return low.split()


def _face(word: str) -> str | None:
    """A face from a spelt or plural word ("kings", "10s", "Js"), else None."""
    if word in SPELLED:
        return SPELLED[word]
    stem = word[:-1] if word.endswith("s") and len(word) > 1 else None
    if stem in SPELLED:
        return SPELLED[stem]
    if stem is not None and stem.upper() in FACES + ("T",):
        return "10" if stem == "t" else stem.upper()
    if word.upper() in FACES or word == "t":
        return dice.parse_poker_die(word)
    return None


def _spelled(word: str) -> bool:
    return word in SPELLED or (word.endswith("s") and word[:-1] in SPELLED)


def _plural(word: str) -> bool:
    return len(word) > 1 and word.endswith("s") and _face(word) is not None


def _groups(faces: Sequence[str]) -> list[tuple[str, int]]:
    counts = Counter(faces)
    return [(f, counts[f]) for f in dict.fromkeys(faces)]


def _count_word(n: int, face: str) -> str:
    return f"{['', 'one', 'two', 'three', 'four', 'five'][n]} {PLURAL[face]}"


def _article(face: str) -> str:
    return f"an {SINGULAR[face]}" if face == "A" else f"a {SINGULAR[face]}"


def _quote(text: object) -> str:
    shown = " ".join(str(text).split())
    return shown if len(shown) <= 40 else shown[:39] + "…"
