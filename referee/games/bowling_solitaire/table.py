"""The bowling solitaire table: pins A-J, their adjacency, ball piles, legal plays.

Pure functions over a ``Table`` (the pins standing and the face-up ball cards); the
engine and both calculators share them, so what the helper lists is exactly what the
referee accepts.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from referee.rulebook import cite

GAME_ID = "bowling-solitaire"
CITE = cite(GAME_ID)
LETTERS = "ABCDEFGHIJ"
ROWS = ("ABCD", "EFG", "HI", "J")  # back row first, head pin J last
BACK_ROW = frozenset("ABCD")
CENTRE = "F"
PILE_SIZES = (5, 3, 2)
PILE_NAMES = ("left", "centre", "right")
DIGITS = tuple(str(n) for n in range(10))
COPIES = 2  # each number 0-9 is in the pack twice

# Each pin touches the pins beside it in its row and the two it sits between in the
# row behind and the row in front (the triangle of the rules' picture).
ADJACENT: Mapping[str, frozenset[str]] = {
    "A": frozenset("BE"),
    "B": frozenset("ACEF"),
    "C": frozenset("BDFG"),
    "D": frozenset("CG"),
    "E": frozenset("ABFH"),
    "F": frozenset("BCEGHI"),
    "G": frozenset("CDFI"),
    "H": frozenset("EFIJ"),
    "I": frozenset("FGHJ"),
    "J": frozenset("HI"),
}

# The rules it cites (each id checked against its rulebook at import):
R_CARDS = CITE("cards")
R_SETUP = CITE("setup")
R_PILES = CITE("piles")
R_FRAMES = CITE("frames")
R_BOWL = CITE("bowl")
R_ONE_PIN = CITE("one-pin")
R_SEVERAL_PINS = CITE("several-pins")
R_ADJACENT_PINS = CITE("adjacent-pins")
R_LAST_DIGIT = CITE("last-digit")
R_CARDS_OUT = CITE("cards-out")
R_FIRST_CARD_BACK_ROW = CITE("first-card-back-row")
R_FIRST_CARD_CENTRE = CITE("first-card-centre")
R_NEXT_TO_FALLEN = CITE("next-to-fallen")
R_END_FIRST_BALL = CITE("end-first-ball")
R_SECOND_BALL = CITE("second-ball")
R_STRIKE = CITE("strike")
R_SPARE = CITE("spare")
R_END_OF_FRAME = CITE("end-of-frame")
R_SCORING = CITE("scoring")
R_SPARE_BONUS = CITE("spare-bonus")
R_STRIKE_BONUS = CITE("strike-bonus")
R_TENTH_FRAME = CITE("tenth-frame")
R_BONUS_RACKS = CITE("bonus-racks")
R_PERFECT_GAME = CITE("perfect-game")


def connected(pins: Iterable[str]) -> bool:
    """Every pin of the group reaches the others through adjacent pins of the group."""
    group = set(pins)
    if not group:
        return False
    start = next(iter(group))
    seen = {start}
    todo = [start]
    while todo:
        for n in ADJACENT[todo.pop()] & group:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == group


# Every group a ball may take: one pin, or two or three joined by adjacency.
GROUPS: tuple[tuple[str, ...], ...] = tuple(
    combo
    for size in (1, 2, 3)
    for combo in combinations(LETTERS, size)
    if connected(combo)
)


@dataclass(frozen=True)
class Table:
    """What decides a play: the card on each pin (None once down), the face-up ball
    cards (None for a spent pile)."""

    pins: tuple[str | None, ...]  # A..J
    tops: tuple[str | None, ...]  # left, centre, right

    @property
    def down(self) -> frozenset[str]:
        return frozenset(
            L for L, c in zip(LETTERS, self.pins, strict=True) if c is None
        )

    @property
    def standing(self) -> tuple[str, ...]:
        return tuple(
            L for L, c in zip(LETTERS, self.pins, strict=True) if c is not None
        )

    @property
    def first_card(self) -> bool:
        """No card played on this rack yet: every card takes a pin, so none is down."""
        return not self.down

    def card(self, letter: str) -> str | None:
        return self.pins[LETTERS.index(letter)]


@dataclass(frozen=True)
class Play:
    """A ball card from a pile and the pins it takes."""

    pile: int  # 1-3
    card: str
    pins: tuple[str, ...]

    def to_json(self, table: Table) -> dict[str, object]:
        values = [table.card(p) for p in self.pins]
        return {
            "pile": self.pile,
            "pile_name": PILE_NAMES[self.pile - 1],
            "card": self.card,
            "pins": list(self.pins),
            "values": [int(v) for v in values if v is not None],
            "rules": list(cited(table, self)),
            "why": explain(table, self),
        }


def problems(table: Table, play: Play) -> list[tuple[str, str]]:
    """Every rule the play breaks, as (rule id, one sentence); [] when it is legal."""
    out: list[tuple[str, str]] = []
    pins = play.pins
    gone = [p for p in pins if table.card(p) is None]
    if gone:
        out.append(
            (
                R_CARDS_OUT,
                f"Pin {', '.join(gone)} is already down and out of play.",
            )
        )
    if len(pins) > 3:
        out.append((R_SEVERAL_PINS, "One ball card takes at most three pins."))
    values = [int(table.card(p) or 0) for p in pins if table.card(p) is not None]
    n = int(play.card)
    if len(pins) == 1 and not gone and values[0] != n:
        out.append(
            (
                R_ONE_PIN,
                f"A {n} takes a single pin only if it shows {n}; pin {pins[0]} "
                f"shows {values[0]}.",
            )
        )
    if 2 <= len(pins) <= 3:
        if not connected(pins):
            out.append(
                (
                    R_ADJACENT_PINS,
                    f"Pins {'-'.join(pins)} do not touch one another in the triangle.",
                )
            )
        if not gone and sum(values) % 10 != n:
            total = "+".join(map(str, values))
            out.append(
                (
                    R_LAST_DIGIT,
                    f"{total} = {sum(values)} ends in {sum(values) % 10}, not {n}.",
                )
            )
    if table.first_card:
        back = [p for p in pins if p in BACK_ROW]
        if back:
            out.append(
                (
                    R_FIRST_CARD_BACK_ROW,
                    f"The first card of a frame may not take a back-row pin "
                    f"({', '.join(back)}).",
                )
            )
        if tuple(pins) == (CENTRE,):
            out.append(
                (
                    R_FIRST_CARD_CENTRE,
                    "The first card of a frame may not take the centre pin F alone.",
                )
            )
    else:
        down = table.down
        if not any(ADJACENT[p] & down for p in pins):
            out.append(
                (
                    R_NEXT_TO_FALLEN,
                    f"None of pins {', '.join(pins)} is next to a pin already down.",
                )
            )
    return out


def cited(table: Table, play: Play) -> tuple[str, ...]:
    """The rules that govern a play: how it knocks its pins, and the frame's order."""
    rules = [R_BOWL]
    if len(play.pins) == 1:
        rules.append(R_ONE_PIN)
    else:
        rules += [R_SEVERAL_PINS, R_ADJACENT_PINS, R_LAST_DIGIT]
    if table.first_card:
        rules += [R_FIRST_CARD_BACK_ROW, R_FIRST_CARD_CENTRE]
    else:
        rules.append(R_NEXT_TO_FALLEN)
    return tuple(rules)


def explain(table: Table, play: Play) -> str:
    values = [table.card(p) or "0" for p in play.pins]
    if len(play.pins) == 1:
        how = f"the {play.card} matches pin {play.pins[0]}"
    else:
        total = sum(int(v) for v in values)
        how = (
            f"{'-'.join(play.pins)} touch and {'+'.join(values)} = {total} ends in "
            f"{play.card}"
        )
    where = (
        "first card: no back row, F not alone"
        if table.first_card
        else "next to a fallen pin"
    )
    return f"{how}; {where}."


def legal_plays(table: Table) -> list[Play]:
    """Every play the rules allow from the table as it lies, pile by pile."""
    out: list[Play] = []
    standing = set(table.standing)
    for i, top in enumerate(table.tops):
        if top is None:
            continue
        for group in GROUPS:
            if not standing.issuperset(group):
                continue
            play = Play(i + 1, top, group)
            if not problems(table, play):
                out.append(play)
    return out
