"""Pinochle meld: the three types, the text's table, and the best declaration.

A card may serve once in each type (a queen of spades in a marriage, a pinochle and
queens around) but never twice within one type. The types share no constraint, so the
best declaration is the best of each type added up; within a type the combinations of
different suits or ranks share no card either, so each one is a small exact search
over how many copies to make and how to group them (a double marriage, 30 in trumps,
beats two marriages, 8). ``brute_force`` searches every set of combinations card by
card instead; the tests and bench/pinochle_meld.py hold the two to the same answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from referee.games import cards
from referee.games.pinochle.table import R_AROUNDS
from referee.games.pinochle.table import R_MARRIAGES
from referee.games.pinochle.table import R_PINOCHLES
from referee.games.pinochle.table import R_RUNS

SUITS = cards.SUITS
RUN_RANKS = ("A", "10", "K", "Q", "J")

# Points by how many sets are grouped into one combination (the text's table).
RUN_TRUMP = {1: 15, 2: 150, 3: 500}
MARRIAGE_TRUMP = {1: 4, 2: 30, 3: 60, 4: 240}
MARRIAGE_PLAIN = {1: 2, 2: 4, 3: 6, 4: 8}
PINOCHLE = {1: 4, 2: 30, 3: 90, 4: 360}
AROUNDS = {
    "A": {1: 10, 2: 100, 3: 500},
    "K": {1: 8, 2: 80, 3: 400},
    "Q": {1: 6, 2: 60, 3: 300},
    "J": {1: 4, 2: 40, 3: 200},
}
AROUND_NAMES = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks"}
MULTIPLE = {1: "", 2: "double ", 3: "triple ", 4: "quadruple "}


@dataclass(frozen=True)
class Meld:
    """One declared combination: its name, type (1-3), cards and points."""

    name: str
    type: int
    cards: tuple[str, ...]
    points: int
    rule: str

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "type": self.type,
            "cards": list(self.cards),
            "points": self.points,
            "rule": self.rule,
        }


@dataclass(frozen=True)
class Declaration:
    """The best meld of one hand: total, the combinations, points by type."""

    points: int
    melds: tuple[Meld, ...]
    by_type: tuple[int, int, int]

    def to_json(self) -> dict[str, object]:
        return {
            "points": self.points,
            "melds": [m.to_json() for m in self.melds],
            "by_type": {
                "I": self.by_type[0],
                "II": self.by_type[1],
                "III": self.by_type[2],
            },
        }

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(m.rule for m in self.melds))


@cache
def _best_grouping(
    sets: int, table: tuple[tuple[int, int], ...]
) -> tuple[int, tuple[int, ...]]:
    """The most points ``sets`` equal sets can make, grouped by ``table`` sizes.

    Returns (points, group sizes, largest first). Ties keep the fewer, larger groups.
    """
    if sets == 0:
        return 0, ()
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size, value in table:
        if size > sets:
            continue
        rest, groups = _best_grouping(sets - size, table)
        got = (value + rest, tuple(sorted((size, *groups), reverse=True)))
        if got[0] > best[0] or (got[0] == best[0] and len(got[1]) < len(best[1])):
            best = got
    return best


def best_grouping(sets: int, table: Mapping[int, int]) -> tuple[int, tuple[int, ...]]:
    """Points and group sizes for ``sets`` sets under one line of the meld table."""
    return _best_grouping(sets, tuple(sorted(table.items())))


def _meld(
    name: str,
    type_: int,
    one: Sequence[str],
    size: int,
    table: Mapping[int, int],
    rule: str,
) -> Meld:
    """``size`` sets of the cards ``one`` grouped into one combination (each card
    repeated in place: AH AH 10H 10H ... for a double run)."""
    return Meld(
        f"{MULTIPLE[size]}{name}".capitalize(),
        type_,
        tuple(c for c in one for _ in range(size)),
        table[size],
        rule,
    )


def declare(hand: Iterable[str], trump: str | None) -> Declaration:
    """The best legal meld of ``hand`` with ``trump`` (None: before trump is called,
    every suit counts as plain)."""
    count = Counter(hand)
    melds: list[Meld] = []
    by_type = [0, 0, 0]
    # Type I, suit by suit: how many runs (trumps only), then the marriages left.
    for s in SUITS:
        kings, queens = count["K" + s], count["Q" + s]
        is_trump = s == trump
        most_runs = min(count[r + s] for r in RUN_RANKS) if is_trump else 0
        best: tuple[int, int, tuple[int, ...], int, tuple[int, ...]] | None = None
        for runs in range(most_runs + 1):
            run_points, run_groups = best_grouping(runs, RUN_TRUMP)
            table = MARRIAGE_TRUMP if is_trump else MARRIAGE_PLAIN
            for pairs in range(min(kings, queens) - runs + 1):
                pair_points, pair_groups = best_grouping(pairs, table)
                total = run_points + pair_points
                if best is None or total > best[0]:
                    best = (total, runs, run_groups, pairs, pair_groups)
        assert best is not None
        _, _, run_groups, _, pair_groups = best
        run = [r + s for r in RUN_RANKS]
        melds += [
            _meld("run in trumps", 1, run, n, RUN_TRUMP, R_RUNS) for n in run_groups
        ]
        table = MARRIAGE_TRUMP if is_trump else MARRIAGE_PLAIN
        where = "in trumps" if is_trump else f"in {cards.SUIT_NAMES[s]}"
        pair = ["K" + s, "Q" + s]
        for n in pair_groups:
            melds.append(_meld(f"marriage {where}", 1, pair, n, table, R_MARRIAGES))
    # Type II: jack of diamonds with queen of spades.
    _, groups = best_grouping(min(count["JD"], count["QS"]), PINOCHLE)
    melds += [
        _meld("pinochle", 2, ["JD", "QS"], n, PINOCHLE, R_PINOCHLES) for n in groups
    ]
    # Type III: one (two, three) of a rank in every suit.
    for r, table in AROUNDS.items():
        around = [r + s for s in SUITS]
        _, groups = best_grouping(min(count[c] for c in around), table)
        name = f"{AROUND_NAMES[r]} around"
        melds += [_meld(name, 3, around, n, table, R_AROUNDS) for n in groups]
    for m in melds:
        by_type[m.type - 1] += m.points
    return Declaration(sum(by_type), tuple(melds), (by_type[0], by_type[1], by_type[2]))


# --- the brute-force check ------------------------------------------------------


def combinations(trump: str | None) -> list[tuple[int, int, Counter[str]]]:
    """Every combination in the table with a value: (type, points, cards)."""
    out: list[tuple[int, int, Counter[str]]] = []
    for s in SUITS:
        if s == trump:
            for size, value in RUN_TRUMP.items():
                out.append((1, value, Counter({r + s: size for r in RUN_RANKS})))
        table = MARRIAGE_TRUMP if s == trump else MARRIAGE_PLAIN
        for size, value in table.items():
            out.append((1, value, Counter({"K" + s: size, "Q" + s: size})))
    for size, value in PINOCHLE.items():
        out.append((2, value, Counter({"JD": size, "QS": size})))
    for r, table in AROUNDS.items():
        for size, value in table.items():
            out.append((3, value, Counter({r + s: size for s in SUITS})))
    return out


def brute_force(hand: Iterable[str], trump: str | None) -> int:
    """The best meld by trying every set of combinations, type by type.

    Slow on purpose: no reasoning about suits or groups, only card counting, so it
    checks ``declare``.
    """
    count = Counter(hand)
    total = 0
    every = combinations(trump)
    for kind in (1, 2, 3):
        options = [(v, c) for t, v, c in every if t == kind and not c - count]
        total += _search(options, 0, count)
    return total


def _search(options: list[tuple[int, Counter[str]]], i: int, left: Counter[str]) -> int:
    """The most points from ``options[i:]``, each used any number of times."""
    if i == len(options):
        return 0
    value, need = options[i]
    best = _search(options, i + 1, left)
    taken = 0
    while not need - left:
        left = left - need
        taken += value
        best = max(best, taken + _search(options, i + 1, left))
    return best
