"""Gin rummy arrangements and lay-offs, checked against a brute-force reference."""

from __future__ import annotations

import random
from functools import cache
from itertools import product

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games.gin_rummy import melds

# --- an independent reference: every partition of the hand into valid sets ----------
# Written apart from the engine: no bit tricks, no group enumeration; it lists every
# subset of the hand that is a valid set and tries every way to cover the hand with
# disjoint ones (cards left over are deadwood).

REF_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "SHDC" for r in REF_RANKS]


def ref_rank(card: str) -> int:
    return REF_RANKS.index(card[:-1]) + 1


def ref_value(card: str) -> int:
    return {"J": 10, "Q": 10, "K": 10, "A": 1}.get(card[:-1]) or int(card[:-1])


def ref_is_set(group: list[str]) -> bool:
    if len(group) < 3 or len(set(group)) != len(group):
        return False
    if all(c[:-1] == group[0][:-1] for c in group):
        return len(group) <= 4
    if any(c[-1] != group[0][-1] for c in group):
        return False
    ranks = sorted(ref_rank(c) for c in group)
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:], strict=False))


def ref_solver(hand: list[str]):  # noqa: ANN201
    """A function from a bit mask of ``hand`` to the least deadwood of those cards."""
    n = len(hand)
    sets = []
    for mask in range(1 << n):
        members = [hand[i] for i in range(n) if mask >> i & 1]
        if len(members) >= 3 and ref_is_set(members):
            sets.append(mask)

    @cache
    def least(mask: int) -> int:
        if not mask:
            return 0
        first = (mask & -mask).bit_length() - 1
        best = ref_value(hand[first]) + least(mask & ~(1 << first))
        for s in sets:
            if s >> first & 1 and s & mask == s:
                best = min(best, least(mask & ~s))
        return best

    return least


def ref_deadwood(hand: list[str]) -> int:
    return ref_solver(hand)((1 << len(hand)) - 1)


def ref_best_after_discard(hand: list[str]) -> int:
    least = ref_solver(hand)
    full = (1 << len(hand)) - 1
    return min(least(full & ~(1 << i)) for i in range(len(hand)))


def ref_after_layoffs(knocker_melds: list[list[str]], hand: list[str]) -> int:
    """Try every subset of the opponent's cards on every assignment to the sets."""
    least = ref_solver(hand)
    full = (1 << len(hand)) - 1
    best = least(full)
    # a card of no set's rank or suit can never be laid off: leave it out of the subsets
    able = [
        i for i, c in enumerate(hand) if any(_could_join(m, c) for m in knocker_melds)
    ]
    for pick in range(1, 1 << len(able)):
        chosen = [able[k] for k in range(len(able)) if pick >> k & 1]
        laid = [hand[i] for i in chosen]
        places = [
            [j for j, meld in enumerate(knocker_melds) if _could_join(meld, card)]
            for card in laid
        ]
        for choice in product(*places):
            extended = [list(m) for m in knocker_melds]
            for card, j in zip(laid, choice, strict=True):
                extended[j].append(card)
            if all(ref_is_set(m) for m in extended):
                best = min(best, least(full & ~sum(1 << i for i in chosen)))
                break
    return best


def _could_join(meld: list[str], card: str) -> bool:
    if all(c[:-1] == meld[0][:-1] for c in meld):
        return card[:-1] == meld[0][:-1]
    return card[-1] == meld[0][-1]


# --- the test hands: dense ones where runs and groups fight over cards ---------------


def _dealt(seed: int, size: int, dense: bool) -> list[str]:
    rng = random.Random(seed)
    if dense:
        low = rng.randint(1, 9)
        pool = [c for c in PACK if low <= ref_rank(c) < low + 5]
    else:
        pool = PACK
    return rng.sample(pool, size)


GREEDY_TRAPS = [
    # a 7 fits the run 7 8 9 of hearts or the group of sevens
    ("7H 8H 9H 7S 7D 7C 2C 3C 4C KS", 10),
    # the longest run is wrong: 3-7S leaves 6H 6D, the group of sixes leaves 7S
    ("3S 4S 5S 6S 7S 6H 6D KD QC JH", 37),
    # four eights: three in a group and the fourth starting a run
    ("8S 8H 8D 8C 9C 10C AS 2H 4D 6H", 13),
    # the group takes one card from each of two runs
    ("4S 5S 6S 6H 7H 8H 6D 6C KS KH", 29),
    # two runs of one suit meeting at a card also wanted by a group
    ("AH 2H 3H 4H 5H 6H 7H 4S 4D KC", 10),
    ("9S 10S JS QS JH JD JC 2D 3D 4D", 0),
    ("AS 2S 3S AH 2H 3H AD 2D 3D AC", 0),
    # the long club run loses to two groups that each take one of its cards
    ("5C 6C 7C 8C 9C 7S 7H 8S 8H 9D", 29),
]


REFERENCE_HANDS = (
    [_dealt(seed, 10, dense=True) for seed in range(120)]
    + [_dealt(1000 + seed, 10, dense=False) for seed in range(60)]
    + [hand.split() for hand, _ in GREEDY_TRAPS]
)
ELEVEN_CARD_HANDS = [_dealt(2000 + seed, 11, dense=seed % 3 != 0) for seed in range(60)]


def test_the_reference_set_has_over_two_hundred_hands() -> None:
    assert len(REFERENCE_HANDS) + len(ELEVEN_CARD_HANDS) >= 200


@pytest.mark.parametrize(("hand", "count"), GREEDY_TRAPS)
def test_deadwood_is_exact_where_greedy_choices_fail(hand: str, count: int) -> None:
    cards = hand.split()
    assert ref_deadwood(cards) == count
    assert melds.arrange(cards).count == count
    assert melds.deadwood(cards) == count


def test_deadwood_of_ten_cards_matches_the_brute_force_reference() -> None:
    wrong = [
        (hand, melds.arrange(hand).count, ref_deadwood(hand))
        for hand in REFERENCE_HANDS
        if melds.arrange(hand).count != ref_deadwood(hand)
    ]
    assert wrong == []


def test_best_discard_from_eleven_cards_matches_the_brute_force_reference() -> None:
    for hand in ELEVEN_CARD_HANDS:
        found = melds.best_discard(hand)
        assert found.kept.count == ref_best_after_discard(hand), hand
        assert found.card in hand
        _check_arrangement([c for c in hand if c != found.card], found.kept)


def test_lay_offs_match_the_brute_force_reference() -> None:
    rng = random.Random(77)
    checked = with_layoffs = 0
    for _ in range(3000):
        low = rng.randint(1, 9)
        knocker = rng.sample([c for c in PACK if low <= ref_rank(c) < low + 5], 10)
        if not 0 < ref_deadwood(knocker) <= 10:
            continue
        near = [
            c for c in PACK if c not in knocker and low - 3 <= ref_rank(c) < low + 8
        ]
        other = rng.sample(near, 10)
        shown, spread = melds.spread_knock(knocker, other)
        assert spread.kept.count == ref_after_layoffs(
            [list(m) for m in shown.melds], other
        ), (knocker, other)
        checked += 1
        with_layoffs += bool(spread.layoffs)
        if checked == 60:
            break
    assert checked == 60
    assert with_layoffs >= 20


# --- properties ----------------------------------------------------------------------

ten_cards = st.lists(st.sampled_from(PACK), min_size=10, max_size=10, unique=True)
eleven_cards = st.lists(st.sampled_from(PACK), min_size=11, max_size=11, unique=True)
dense_ten = st.integers(1, 9).flatmap(
    lambda low: st.lists(
        st.sampled_from([c for c in PACK if low <= ref_rank(c) < low + 5]),
        min_size=10,
        max_size=10,
        unique=True,
    )
)


def _check_arrangement(hand: list[str], arranged: melds.Arrangement) -> None:
    used = [c for m in arranged.melds for c in m]
    assert len(used) == len(set(used)), "sets share a card"
    assert all(ref_is_set(list(m)) for m in arranged.melds)
    assert sorted(used + list(arranged.deadwood)) == sorted(hand)
    assert arranged.count == sum(ref_value(c) for c in arranged.deadwood)


@settings(max_examples=150, deadline=None)
@given(st.one_of(ten_cards, dense_ten))
def test_deadwood_never_exceeds_the_hands_total_value(hand: list[str]) -> None:
    assert 0 <= melds.arrange(hand).count <= sum(ref_value(c) for c in hand)


@settings(max_examples=150, deadline=None)
@given(st.one_of(ten_cards, dense_ten))
def test_sets_shown_are_disjoint_valid_and_leave_exactly_the_deadwood(
    hand: list[str],
) -> None:
    _check_arrangement(hand, melds.arrange(hand))
    for option in melds.arrangements(hand):
        _check_arrangement(hand, option)


@settings(max_examples=100, deadline=None)
@given(eleven_cards)
def test_best_discard_is_no_worse_than_any_other_discard(hand: list[str]) -> None:
    found = melds.best_discard(hand)
    _check_arrangement([c for c in hand if c != found.card], found.kept)
    assert found.kept.count == min(
        melds.deadwood([c for c in hand if c != d]) for d in hand
    )


@settings(max_examples=150, deadline=None)
@given(st.permutations(PACK))
def test_lay_offs_never_raise_the_opponents_count(deck: list[str]) -> None:
    knocker, other = deck[:10], deck[10:20]
    shown, spread = melds.spread_knock(knocker, other)
    assert spread.kept.count <= spread.count_before
    laid = [lo.card for lo in spread.layoffs]
    assert sorted(
        laid + [c for m in spread.kept.melds for c in m] + list(spread.kept.deadwood)
    ) == sorted(other)
    # played in the order shown, each lay-off leaves a valid set
    table = [list(m) for m in shown.melds]
    for lo in spread.layoffs:
        table[lo.meld].append(lo.card)
        assert ref_is_set(table[lo.meld])
    if shown.count == 0:
        assert spread.layoffs == ()
