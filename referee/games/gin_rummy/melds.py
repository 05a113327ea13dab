"""Gin rummy sets: card values, the least-deadwood arrangement, and lay-offs.

The search is exact. A hand's arrangement is fixed by which groups it uses: at most
three ranks of a 10 or 11 card hand hold three cards or more, so there are only a
handful of group choices (none, the four, or any three of a rank). Once the groups
are chosen, every card left that sits in a block of three or more consecutive ranks
of one suit is in a run and every other card is deadwood, so each choice is scored
with a few bit operations per suit and the best choice wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from itertools import product

from referee.games import cards

KNOCK_LIMIT = 10  # the most deadwood a knocker may keep

_SUIT_INDEX = {s: i for i, s in enumerate(cards.SUITS)}
# card -> (suit index, rank 1..13 with the ace low, value)
_INFO: dict[str, tuple[int, int, int]] = {}
_CARD: dict[tuple[int, int], str] = {}
for _s in cards.SUITS:
    for _r in cards.RANKS:
        _card = _r + _s
        _rank = cards.rank_index(_card)
        _INFO[_card] = (_SUIT_INDEX[_s], _rank, min(_rank, 10))
        _CARD[(_SUIT_INDEX[_s], _rank)] = _card

# The value of a suit's cards given as a bit mask of ranks (bit r for rank r).
_MASK_VALUE = [0] * (1 << 14)
for _m in range(1, 1 << 14):
    _low = _m & -_m
    _MASK_VALUE[_m] = _MASK_VALUE[_m ^ _low] + min(_low.bit_length() - 1, 10)

# A group choice: (rank, suit indices, value of its cards), or None for no group.
_Group = tuple[int, tuple[int, ...], int]


def hand_value(hand: Iterable[str]) -> int:
    """The cards' values added up: face cards 10, the ace 1, the others their pips."""
    return sum(_INFO[c][2] for c in hand)


def is_set(meld: Sequence[str]) -> bool:
    """Whether these cards form one run or one group."""
    if len(meld) < 3:
        return False
    info = [_INFO[c] for c in meld]
    if len(set(meld)) != len(meld):
        return False
    ranks = {r for _, r, _ in info}
    if len(ranks) == 1:
        return len(meld) <= 4
    suits = {s for s, _, _ in info}
    low = min(r for _, r, _ in info)
    return len(suits) == 1 and ranks == set(range(low, low + len(meld)))


def is_group(meld: Sequence[str]) -> bool:
    return len({_INFO[c][1] for c in meld}) == 1


@dataclass(frozen=True)
class Arrangement:
    """Cards spread into sets and deadwood, with the deadwood's count."""

    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]
    count: int


@dataclass(frozen=True)
class Discard:
    """The best discard from 11 cards and the arrangement of the 10 kept."""

    card: str
    kept: Arrangement
    all_melded: bool  # all 11 cards were in sets before the discard (big gin)


def arrange(hand: Sequence[str]) -> Arrangement:
    """The arrangement of ``hand`` that leaves the least deadwood."""
    masks, groups, total = _prepare(hand)
    best = None
    best_dead = total + 1
    for choice in _choices(groups):
        dead = total - _melded_value(masks, choice)
        if dead < best_dead:
            best, best_dead = choice, dead
    return _build(masks, best or ())


def deadwood(hand: Sequence[str]) -> int:
    """The least deadwood count of ``hand``."""
    masks, groups, total = _prepare(hand)
    return total - max(_melded_value(masks, c) for c in _choices(groups))


def arrangements(hand: Sequence[str]) -> list[Arrangement]:
    """Every arrangement with the least deadwood (differing in the groups used)."""
    masks, groups, total = _prepare(hand)
    scored = [(total - _melded_value(masks, c), c) for c in _choices(groups)]
    least = min(dead for dead, _ in scored)
    return [_build(masks, c) for dead, c in scored if dead == least]


def best_discard(hand: Sequence[str]) -> Discard:
    """From 11 cards, the discard that leaves the least deadwood, and what is kept.

    Any arrangement of the 10 kept cards is an arrangement of the 11 with the discard
    left out of the sets. So, for each group choice with its runs as long as they go,
    the best discard is the highest card left out, and the answer is the smallest
    deadwood less that card. When all 11 are in sets, one set has four cards or more
    and gives one up for free: gin.
    """
    masks, groups, total = _prepare(hand)
    best_after = total + 1
    best_top: tuple[int, int, int] | None = None  # (value, rank, -suit) of the discard
    all_melded = False
    for choice in _choices(groups):
        left, top = _left_over(masks, choice)
        if not left:
            all_melded = True
            best_after, best_top = 0, None
            break
        dead = _left_value(left)
        after = dead - top[0]
        # equal counts: throw the higher rank (a king before a ten), for stable answers
        if after < best_after or (after == best_after and top > (best_top or top)):
            best_after, best_top = after, top
    if best_top is None:
        # every card is in a set: give up a card whose set stays a set, highest first
        card = next(
            c
            for c in sorted(hand, key=lambda c: (-_INFO[c][2], -_INFO[c][1]))
            if deadwood([x for x in hand if x != c]) == 0
        )
    else:
        card = _CARD[(-best_top[2], best_top[1])]
    kept = arrange([c for c in hand if c != card])
    return Discard(card, kept, all_melded)


# --- lay-offs ------------------------------------------------------------------------


@dataclass(frozen=True)
class LayOff:
    """One card the opponent adds to the knocker's set number ``meld``."""

    card: str
    meld: int


@dataclass(frozen=True)
class Spread:
    """The opponent's side of a knock: the lay-offs and how the rest is arranged."""

    layoffs: tuple[LayOff, ...]
    kept: Arrangement
    count_before: int  # the opponent's least deadwood before laying off


def lay_off(knocker_melds: Sequence[Sequence[str]], hand: Sequence[str]) -> Spread:
    """The lay-offs onto ``knocker_melds`` that leave ``hand`` the least deadwood.

    A group of three takes its missing fourth card; a run takes the next cards of its
    suit at either end, each one only once the card before it is laid off. Laying off
    a card the opponent could meld is allowed, so each choice of lay-offs is scored by
    arranging what is left; among equal counts the fewest lay-offs are shown.
    """
    chains = _chains(knocker_melds, set(hand))
    before = arrange(hand)
    best_layoffs: tuple[LayOff, ...] = ()
    best = before
    for lengths in product(*(range(len(ch) + 1) for ch in chains)):
        chosen = [lo for ch, n in zip(chains, lengths, strict=True) for lo in ch[:n]]
        if not chosen:
            continue
        gone = {lo.card for lo in chosen}
        if len(gone) != len(chosen):
            continue  # one card cannot go on two sets
        kept = arrange([c for c in hand if c not in gone])
        if kept.count < best.count or (
            kept.count == best.count and len(chosen) < len(best_layoffs)
        ):
            best, best_layoffs = kept, tuple(chosen)
    return Spread(best_layoffs, best, before.count)


def misfits(knocker_melds: Sequence[Sequence[str]], laid: Sequence[str]) -> list[str]:
    """The cards of ``laid`` that cannot go onto ``knocker_melds`` (a run's next card
    fits only with every card between it and the run laid off too)."""
    fits = {lo.card for ch in _chains(knocker_melds, set(laid)) for lo in ch}
    return [c for c in laid if c not in fits]


def _chains(
    knocker_melds: Sequence[Sequence[str]], held: set[str]
) -> list[list[LayOff]]:
    """Each place cards of ``held`` can go, as a chain: a group's missing fourth
    card, or the cards extending a run at one end, each after the one before."""
    chains: list[list[LayOff]] = []
    for i, meld in enumerate(knocker_melds):
        info = [_INFO[c] for c in meld]
        if is_group(meld):
            if len(meld) == 3:
                rank = info[0][1]
                missing = (set(range(4)) - {s for s, _, _ in info}).pop()
                card = _CARD[(missing, rank)]
                if card in held:
                    chains.append([LayOff(card, i)])
            continue
        suit_ = info[0][0]
        ranks = [r for _, r, _ in info]
        for start, step in ((min(ranks) - 1, -1), (max(ranks) + 1, 1)):
            chain = []
            r = start
            while 1 <= r <= 13 and _CARD[(suit_, r)] in held:
                chain.append(LayOff(_CARD[(suit_, r)], i))
                r += step
            if chain:
                chains.append(chain)
    return chains


# --- private helpers -----------------------------------------------------------------


def _prepare(hand: Sequence[str]) -> tuple[list[int], list[list[_Group | None]], int]:
    masks = [0, 0, 0, 0]
    by_rank: dict[int, list[int]] = {}
    total = 0
    for card in hand:
        s, r, v = _INFO[card]
        masks[s] |= 1 << r
        by_rank.setdefault(r, []).append(s)
        total += v
    groups: list[list[_Group | None]] = []
    for r, suits in by_rank.items():
        if len(suits) >= 3:
            v = min(r, 10)
            options: list[_Group | None] = [None]
            if len(suits) == 4:
                options.append((r, tuple(sorted(suits)), 4 * v))
            options.extend((r, trio, 3 * v) for trio in combinations(sorted(suits), 3))
            groups.append(options)
    return masks, groups, total


def _choices(groups: list[list[_Group | None]]) -> Iterable[tuple[_Group | None, ...]]:
    if not groups:
        return ((),)
    if len(groups) == 1:
        return ((g,) for g in groups[0])
    return product(*groups)


def _after_groups(
    masks: list[int], choice: tuple[_Group | None, ...]
) -> tuple[list[int], int]:
    left = list(masks)
    group_value = 0
    for group in choice:
        if group is not None:
            rank, suits, v = group
            bit = ~(1 << rank)
            for s in suits:
                left[s] &= bit
            group_value += v
    return left, group_value


def _runs(mask: int) -> int:
    # bit r of ``starts`` is set when ranks r, r+1 and r+2 are all present
    starts = mask & (mask >> 1) & (mask >> 2)
    return starts | (starts << 1) | (starts << 2)


def _melded_value(masks: list[int], choice: tuple[_Group | None, ...]) -> int:
    left, melded = _after_groups(masks, choice)
    for m in left:
        if m:
            melded += _MASK_VALUE[_runs(m)]
    return melded


def _left_over(
    masks: list[int], choice: tuple[_Group | None, ...]
) -> tuple[list[int], tuple[int, int, int]]:
    """The cards outside sets as suit masks (an empty list if none), and the top one."""
    left, _ = _after_groups(masks, choice)
    out = []
    top = (0, 0, 0)
    for s, m in enumerate(left):
        m &= ~_runs(m)
        if m:
            r = m.bit_length() - 1
            key = (min(r, 10), r, -s)
            if key > top:
                top = key
        out.append(m)
    return (out if top[0] else []), top


def _left_value(left: list[int]) -> int:
    return sum(_MASK_VALUE[m] for m in left)


def _build(masks: list[int], choice: tuple[_Group | None, ...]) -> Arrangement:
    left, _ = _after_groups(masks, choice)
    melds: list[tuple[str, ...]] = []
    for group in choice:
        if group is not None:
            rank, suits, _ = group
            melds.append(tuple(_CARD[(s, rank)] for s in suits))
    dead: list[str] = []
    runs: list[tuple[str, ...]] = []
    for s, m in enumerate(left):
        in_runs = _runs(m)
        run: list[str] = []
        for r in range(1, 14):
            if in_runs >> r & 1:
                run.append(_CARD[(s, r)])
            elif run:
                runs.append(tuple(run))
                run = []
            if m >> r & 1 and not in_runs >> r & 1:
                dead.append(_CARD[(s, r)])
        if run:
            runs.append(tuple(run))
    melds.sort(key=lambda m: _INFO[m[0]][1])
    runs.sort(key=lambda m: (_INFO[m[0]][0], _INFO[m[0]][1]))
    ordered = tuple(melds + runs)
    return Arrangement(ordered, tuple(cards.sort_cards(dead)), hand_value(dead))


def spread_knock(
    knocker_hand: Sequence[str], opponent_hand: Sequence[str]
) -> tuple[Arrangement, Spread]:
    """Both sides of a knock: the knocker's sets, then the opponent's lay-offs.

    The knocker shows a least-deadwood arrangement; when several tie (a card that fits
    a group or a run), the one that leaves the opponent the highest count is shown, as
    a knocker would spread it. After gin nothing is laid off.
    """
    options = arrangements(knocker_hand)
    if options[0].count == 0:
        kept = arrange(opponent_hand)
        return options[0], Spread((), kept, kept.count)
    best = (options[0], lay_off(options[0].melds, opponent_hand))
    for option in options[1:]:
        spread = lay_off(option.melds, opponent_hand)
        if spread.kept.count > best[1].kept.count:
            best = (option, spread)
    return best
