"""Double-out checkout routes: which darts finish a score, in the order players use.

Pure arithmetic over ``darts.all_darts()``; darts-301's board, prompt and "checkout"
tool (``darts_301.tool``) answer with it. A route is a list of dart codes whose last
dart is a double (D1-D20 or DB) and whose points add up exactly to the score left.

Routes are ranked as the common checkout charts rank them (the standard three-dart
chart is in ``tests/games/checkout_chart.py``, with a test of how often the first
route is the chart's): fewest darts first, then the lowest cost, where

- set-up darts are trebles, T20 first (a player's darts are already there), a lower
  treble costing a little more the further it is from 20; a single is cheap when a
  small set-up is enough; the bull and doubles are poor set-up darts;
- the last dart is a favoured double: D20 and D16, then D18, D8, D12, D10 (even
  doubles, whose single leaves another double); the bull finishes only where the
  chart uses it (170, 167, 164, 161 and the two-dart 101-110), and D1-D5 are last;
- the likely miss is looked at: a treble that lands in its single bed must still
  leave a finish with the darts that follow (so 129 is T19 first: S19 leaves 110,
  T20 Bull, where S20 would leave 109, no two-dart finish), and a double missed into
  its single must leave a double when a dart is left after it.

A single is never thrown before a treble (the treble's miss is the one to guard),
and of the orders of the same set-up darts only the best is listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from referee import warmup
from referee.games.darts import BULL
from referee.games.darts import Dart
from referee.games.darts import all_darts

MAX_DARTS = 3
MAX_ONE_DART = 2 * BULL  # the bullseye is the biggest double

# The cost of finishing on each double (by segment): favoured doubles first. Odd
# doubles from D7 up cost _ODD_DOUBLE, D1, D3 and D5 _SMALL_ODD_DOUBLE.
_FINISH_COST = {
    20: 0.0, 16: 0.5, 18: 1.0, 8: 1.5, 12: 2.0, 10: 2.5, 4: 3.0, 14: 3.5, 6: 4.0,
    2: 4.5, BULL: 5.0,
}  # fmt: skip
_ODD_DOUBLE = 4.0
_SMALL_ODD_DOUBLE = 6.0
_TREBLE_COST = 0.5  # any treble but T20 ...
_TREBLE_STEP = 0.3  # ... and this much a number further from 20
_SINGLE_COST = 1.0  # a single bed is big: any single is an easy set-up
_OUTER_BULL_COST = 5.0
_BULL_SETUP_COST = 6.0
_DOUBLE_SETUP_COST = 8.0  # doubles are the narrow ring: poor set-up darts
_FIRST_DART_WEIGHT = 1.5  # in a three-dart route the first set-up matters most
# A treble missed into its single that leaves no finish with the darts that follow:
# with two to follow it is a finish thrown away, with one a last chance lost.
_MISS_COST = {2: 6.0, 1: 2.0}
_DOUBLE_MISS_COST = 2.0  # a double missed into its single leaves no double

Route = tuple[str, ...]


def one_dart_finish(remaining: int) -> bool:
    """Whether one double can finish ``remaining``: an even 2-40, or 50 (the bull)."""
    return remaining == MAX_ONE_DART or (2 <= remaining <= 40 and remaining % 2 == 0)


def routes(remaining: int, darts_left: int, limit: int | None = 3) -> list[list[str]]:
    """Routes that finish ``remaining`` exactly on a double within ``darts_left`` darts.

    Fewest darts first, then the routes players prefer; at most ``limit`` (all when
    None). Empty when there is none (1, 169, an odd score with one dart, above 170).
    """
    if darts_left < 1:
        return []
    found = _table(min(darts_left, MAX_DARTS)).get(remaining, ())
    if limit is not None:
        found = found[: max(limit, 0)]
    return [list(r) for r in found]


def can_finish(remaining: int, darts_left: int) -> bool:
    """Whether some route checks ``remaining`` out within ``darts_left`` darts."""
    return darts_left >= 1 and remaining in _finishable(min(darts_left, MAX_DARTS))


def reachable(count: int) -> frozenset[int]:
    """Every total exactly ``count`` darts can make, misses included (0 with misses)."""
    return _reachable(count)


# --- private helpers ---------------------------------------------------------------


def _scoring_darts() -> list[Dart]:
    return [d for d in all_darts() if d.points > 0]


@cache
def _finishable(count: int) -> frozenset[int]:
    """Every score some route of at most ``count`` darts finishes (none for 0)."""
    if count < 1:
        return frozenset()
    doubles = frozenset(d.points for d in _scoring_darts() if d.is_double)
    if count == 1:
        return doubles
    fewer = _finishable(count - 1)
    return fewer | {d.points + rest for d in _scoring_darts() for rest in fewer}


def _setup_cost(dart: Dart) -> float:
    if dart.segment == BULL:
        return _BULL_SETUP_COST if dart.is_double else _OUTER_BULL_COST
    if dart.is_treble:
        if dart.segment == 20:
            return 0.0
        return _TREBLE_COST + _TREBLE_STEP * (20 - dart.segment)
    if dart.is_double:
        return _DOUBLE_SETUP_COST
    return _SINGLE_COST


def _finish_cost(dart: Dart) -> float:
    if dart.segment in _FINISH_COST:
        return _FINISH_COST[dart.segment]
    return _SMALL_ODD_DOUBLE if dart.segment < 7 else _ODD_DOUBLE


@dataclass(frozen=True)
class _Aim:
    """A dart as the route builder weighs it (plain numbers: 80,000 routes each)."""

    code: str
    points: int
    segment: int
    treble: bool
    double: bool
    single: bool  # a single 1-20 (not the outer bull)
    setup: float  # its set-up cost
    finish: float  # its cost as the last dart (doubles only)


def _aims() -> list[_Aim]:
    return [
        _Aim(
            d.code,
            d.points,
            d.segment,
            d.is_treble,
            d.is_double,
            d.multiplier == 1 and d.segment != BULL,
            _setup_cost(d),
            _finish_cost(d) if d.is_double else 0.0,
        )
        for d in _scoring_darts()
    ]


def _miss(left: int, aim: _Aim, follow: int) -> float:
    """The cost of a treble landing in its single with ``left`` to score before it."""
    if aim.treble and left - aim.segment not in _finishable(follow):
        return _MISS_COST[min(follow, 2)]
    return 0.0


def _finish(last: _Aim, spare: int) -> float:
    """The last double's cost, and its miss into the single when darts are spare."""
    if spare and last.segment != BULL and last.segment not in _finishable(spare):
        return last.finish + _DOUBLE_MISS_COST
    return last.finish


def _better_order(one: _Aim, two: _Aim, last: _Aim) -> tuple[float, _Aim, _Aim]:
    """The cheaper order of two set-up darts before ``last`` (three darts in hand):
    its set-up cost, first dart, second dart. A single never goes before a treble."""
    left = one.points + two.points + last.points
    orders = []
    for a, b in ((one, two), (two, one)):
        if a.single and b.treble:
            continue
        cost = _FIRST_DART_WEIGHT * a.setup + b.setup
        cost += _miss(left, a, 2) + _miss(left - a.points, b, 1)
        orders.append((cost, -a.points, a, b))
    cost, _, a, b = min(orders, key=lambda o: o[:2])
    return cost, a, b


@cache
def _table(darts_left: int) -> dict[int, tuple[Route, ...]]:
    """Every route for a player holding ``darts_left`` darts, by the total it
    finishes: fewest darts first, then cheapest, then biggest darts first.

    Of two orders of the same set-up darts only the cheaper is kept; a single is
    never thrown before a treble (the treble's miss is the one to guard).
    """
    aims = _aims()
    doubles = [a for a in aims if a.double]
    ranked: dict[int, list[tuple[int, float, tuple[int, ...], Route]]] = {}

    def add(count: int, cost: float, darts: tuple[_Aim, ...]) -> None:
        total = sum(a.points for a in darts)
        ranked.setdefault(total, []).append(
            (count, cost, tuple(-a.points for a in darts), tuple(a.code for a in darts))
        )

    for last in doubles:
        add(1, _finish(last, darts_left - 1), (last,))
    if darts_left >= 2:
        for first in aims:
            for last in doubles:
                left = first.points + last.points
                cost = first.setup + _miss(left, first, darts_left - 1)
                add(2, cost + _finish(last, darts_left - 2), (first, last))
    if darts_left >= 3:
        for i, one in enumerate(aims):
            for two in aims[i:]:
                for last in doubles:
                    cost, a, b = _better_order(one, two, last)
                    add(3, cost + _finish(last, darts_left - 3), (a, b, last))
    return {
        total: tuple(r[3] for r in sorted(found)) for total, found in ranked.items()
    }


@cache
def _reachable(count: int) -> frozenset[int]:
    totals = {0}
    for _ in range(count):
        totals = {t + d.points for t in totals for d in all_darts()}
    return frozenset(totals)


@warmup.at_start
def _tables() -> None:
    """Every route and total table (about 150 ms): the first 301 board needs them."""
    for count in range(1, MAX_DARTS + 1):
        _table(count)
        _reachable(count)
