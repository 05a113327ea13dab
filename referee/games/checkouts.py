"""Double-out checkout routes: which darts finish a score, in the order players use.

Pure arithmetic over ``darts.all_darts()``; darts-301's "checkout" tool
(``darts_301.tool``) answers with it. A route is a list of dart codes whose last dart
is a double (D1-D20 or DB) and whose points add up exactly to the score left.
Routes are ordered as a darts scorer suggests them: fewest darts first; then by a cost
that prefers T20 (then T19, T18 ...) as the set-up darts, cheap singles for small
set-ups, and finishing on a favourite double (D20, D16, D8, D18, D12, D10, bull ...).
"""

from __future__ import annotations

from functools import cache

from referee import warmup
from referee.games.darts import BULL
from referee.games.darts import Dart
from referee.games.darts import all_darts

MAX_DARTS = 3
MAX_ONE_DART = 2 * BULL  # the bullseye is the biggest double
# Favourite doubles first: halving ones (a single in the bed leaves another double)
# beat odd ones, and the bull is a small target.
DOUBLE_ORDER = (
    "D20", "D16", "D8", "D18", "D12", "D10", "DB", "D4", "D14", "D6", "D2",
    "D19", "D17", "D15", "D13", "D11", "D9", "D7", "D5", "D3", "D1",
)  # fmt: skip
_SINGLE_COST = 0.5  # a single bed is big: any single is an easy set-up
_OUTER_BULL_COST = 4.0
_BULL_SETUP_COST = 6.0
_DOUBLE_SETUP_COST = 8.0  # doubles are the narrow ring: poor set-up darts
_FIRST_DART_WEIGHT = 2.0  # in a three-dart route the first set-up matters most

Route = tuple[str, ...]


def one_dart_finish(remaining: int) -> bool:
    """Whether one double can finish ``remaining``: an even 2-40, or 50 (the bull)."""
    return remaining == MAX_ONE_DART or (2 <= remaining <= 40 and remaining % 2 == 0)


def routes(remaining: int, darts_left: int, limit: int | None = 3) -> list[list[str]]:
    """Routes that finish ``remaining`` exactly on a double within ``darts_left`` darts.

    Fewest darts first, then the routes players prefer; at most ``limit`` (all when
    None). Empty when there is none (1, 169, an odd score with one dart, above 170).
    """
    found: list[list[str]] = []
    for count in range(1, min(darts_left, MAX_DARTS) + 1):
        found.extend(list(r) for r in _table(count).get(remaining, ()))
    return found if limit is None else found[: max(limit, 0)]


def can_finish(remaining: int, darts_left: int) -> bool:
    """Whether some route checks ``remaining`` out within ``darts_left`` darts."""
    return any(
        remaining in _table(count) for count in range(1, min(darts_left, MAX_DARTS) + 1)
    )


def reachable(count: int) -> frozenset[int]:
    """Every total exactly ``count`` darts can make, misses included (0 with misses)."""
    return _reachable(count)


# --- private helpers ---------------------------------------------------------------


def _scoring_darts() -> list[Dart]:
    return [d for d in all_darts() if d.points > 0]


def _setup_cost(dart: Dart) -> float:
    if dart.segment == BULL:
        return _BULL_SETUP_COST if dart.is_double else _OUTER_BULL_COST
    if dart.is_treble:
        return float(20 - dart.segment)  # T20 0, T19 1, T18 2 ...
    if dart.is_double:
        return _DOUBLE_SETUP_COST
    return _SINGLE_COST


def _double_cost(dart: Dart) -> float:
    return DOUBLE_ORDER.index(dart.code) * 0.5


@cache
def _table(count: int) -> dict[int, tuple[Route, ...]]:
    """Routes of exactly ``count`` darts by the total they finish, best first."""
    doubles = [d for d in _scoring_darts() if d.is_double]
    setups = _scoring_darts()
    ranked: dict[int, list[tuple[tuple[float, tuple[int, ...], Route], Route]]] = {}
    # Set-up darts are combinations, written biggest first as players read a route.
    combos: list[tuple[Dart, ...]] = [()]
    for _ in range(count - 1):
        combos = [
            (*c, d)
            for c in combos
            for d in setups
            if not c or _order_key(d) >= _order_key(c[-1])
        ]
    for combo in combos:
        setup_cost = sum(
            _setup_cost(d) * (_FIRST_DART_WEIGHT if i == 0 and len(combo) > 1 else 1.0)
            for i, d in enumerate(combo)
        )
        for last in doubles:
            darts = (*combo, last)
            total = sum(d.points for d in darts)
            route = tuple(d.code for d in darts)
            key = (
                setup_cost + _double_cost(last),
                tuple(-d.points for d in darts),
                route,
            )
            ranked.setdefault(total, []).append((key, route))
    return {
        total: tuple(route for _, route in sorted(items))
        for total, items in ranked.items()
    }


def _order_key(dart: Dart) -> tuple[int, str]:
    # Descending by points (ties by code) so each combination is listed once.
    return (-dart.points, dart.code)


@cache
def _reachable(count: int) -> frozenset[int]:
    totals = {0}
    for _ in range(count):
        totals = {t + d.points for t in totals for d in all_darts()}
    return frozenset(totals)


@warmup.at_start
def _tables() -> None:
    """Every route and total table (about 170 ms): the first 301 board needs them."""
    for count in range(1, MAX_DARTS + 1):
        _table(count)
        _reachable(count)
