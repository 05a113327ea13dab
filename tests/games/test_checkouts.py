"""Tests for the double-out checkout routes (referee/games/checkouts.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import checkouts
from referee.games.darts import parse_dart
from tests.games.checkout_chart import CHART
from tests.games.checkout_chart import NO_FINISH


@pytest.mark.parametrize(
    ("remaining", "best"),
    [
        (170, ["T20", "T20", "DB"]),
        (167, ["T20", "T19", "DB"]),
        (164, ["T20", "T18", "DB"]),
        (161, ["T20", "T17", "DB"]),
        (160, ["T20", "T20", "D20"]),
        (141, ["T20", "T19", "D12"]),
        (100, ["T20", "D20"]),
        (50, ["DB"]),
        (40, ["D20"]),
        (32, ["D16"]),
        (3, ["S1", "D1"]),
    ],
)
def test_standard_routes_come_first(remaining: int, best: list[str]) -> None:
    assert checkouts.routes(remaining, 3)[0] == best


def test_164_also_offers_t19_t19_db() -> None:
    assert ["T19", "T19", "DB"] in checkouts.routes(164, 3, limit=None)


def test_50_offers_the_bull_before_two_dart_routes() -> None:
    found = checkouts.routes(50, 3, limit=None)
    assert found[0] == ["DB"]
    assert ["S10", "D20"] in found
    assert found.index(["S10", "D20"]) < found.index(["S20", "S10", "D10"])


@pytest.mark.parametrize("remaining", [169, 168, 166, 165, 163, 162, 159, 171, 301])
def test_bogey_numbers_have_no_three_dart_route(remaining: int) -> None:
    assert checkouts.routes(remaining, 3) == []
    assert not checkouts.can_finish(remaining, 3)


@pytest.mark.parametrize("remaining", [0, 1])
def test_zero_and_one_have_no_route(remaining: int) -> None:
    assert checkouts.routes(remaining, 3) == []


@pytest.mark.parametrize("remaining", [3, 21, 39, 41, 45, 49, 51])
def test_odd_scores_have_no_one_dart_route(remaining: int) -> None:
    assert checkouts.routes(remaining, 1) == []


@pytest.mark.parametrize("remaining", [42, 44, 46, 48, 52, 60])
def test_even_scores_over_40_but_50_have_no_one_dart_route(remaining: int) -> None:
    assert checkouts.routes(remaining, 1) == []
    assert not checkouts.one_dart_finish(remaining)


@pytest.mark.parametrize("remaining", [*range(2, 41, 2), 50])
def test_one_dart_finishes_are_even_up_to_40_and_the_bull(remaining: int) -> None:
    assert checkouts.one_dart_finish(remaining)
    assert checkouts.routes(remaining, 1) != []


def test_fewest_darts_first() -> None:
    found = checkouts.routes(100, 3, limit=None)
    lengths = [len(r) for r in found]
    assert lengths == sorted(lengths)
    assert lengths[0] == 2


def test_limit_caps_the_number_of_routes() -> None:
    assert len(checkouts.routes(100, 3, limit=5)) == 5
    assert len(checkouts.routes(100, 3)) == 3
    assert checkouts.routes(100, 3, limit=0) == []


def test_no_darts_left_means_no_route() -> None:
    assert checkouts.routes(40, 0) == []


def test_routes_are_fresh_lists_each_call() -> None:
    # The table is cached; a caller editing its answer must not change the next one.
    first = checkouts.routes(170, 3)
    first[0].append("X")
    assert checkouts.routes(170, 3)[0] == ["T20", "T20", "DB"]


@pytest.mark.parametrize(
    ("count", "impossible"),
    [
        (1, [23, 29, 31, 35, 37, 41, 43, 44, 46, 47, 49, 52, 53, 55, 56, 58, 59, 61]),
        (3, [163, 166, 169, 172, 173, 175, 176, 178, 179, 181]),
    ],
)
def test_reachable_totals_exclude_what_darts_cannot_make(
    count: int, impossible: list[int]
) -> None:
    totals = checkouts.reachable(count)
    assert not totals & set(impossible)
    assert 0 in totals
    assert max(totals) == 60 * count


@settings(max_examples=150, deadline=None)
@given(remaining=st.integers(min_value=0, max_value=200), darts=st.integers(1, 3))
def test_every_route_finishes_exactly_on_a_double(remaining: int, darts: int) -> None:
    found = checkouts.routes(remaining, darts, limit=None)
    assert bool(found) == checkouts.can_finish(remaining, darts)
    for route in found:
        thrown = [parse_dart(code) for code in route]
        assert 1 <= len(thrown) <= darts
        assert sum(d.points for d in thrown) == remaining
        assert thrown[-1].is_double
        assert all(d.points > 0 for d in thrown)
    assert len({tuple(r) for r in found}) == len(found)


@settings(max_examples=60, deadline=None)
@given(remaining=st.integers(min_value=2, max_value=170))
def test_a_finish_exists_for_every_score_up_to_170_but_the_bogeys(
    remaining: int,
) -> None:
    bogeys = {169, 168, 166, 165, 163, 162, 159}
    assert checkouts.can_finish(remaining, 3) == (remaining not in bogeys)


# --- the published chart (tests/games/checkout_chart.py) -----------------------------


def _first(remaining: int, darts: int = 3) -> str:
    return " ".join(checkouts.routes(remaining, darts)[0])


def _fewest(routes: tuple[str, ...]) -> int:
    return min(len(r.split()) for r in routes)


def test_the_chart_is_a_true_finishing_table() -> None:
    assert set(CHART) | set(NO_FINISH) == set(range(41, 171))
    for remaining, printed in CHART.items():
        for route in printed:
            thrown = [parse_dart(code) for code in route.split()]
            assert sum(d.points for d in thrown) == remaining, route
            assert thrown[-1].is_double, route


def test_at_least_90_percent_of_first_routes_41_to_170_are_the_charts() -> None:
    differ = [
        f"{n}: {_first(n)} (chart: {' or '.join(CHART[n])})"
        for n in sorted(CHART)
        if _first(n) not in CHART[n]
    ]
    agree = len(CHART) - len(differ)
    assert agree / len(CHART) >= 0.9, "\n".join(differ)


def test_the_fewest_darts_agree_with_the_chart_on_every_score() -> None:
    for remaining, printed in CHART.items():
        assert len(checkouts.routes(remaining, 3)[0]) == _fewest(printed), remaining


def test_the_bull_finishes_a_first_route_only_where_the_chart_uses_it() -> None:
    for remaining, printed in CHART.items():
        if _first(remaining).endswith("DB"):
            assert any(r.endswith("DB") for r in printed), remaining


@pytest.mark.parametrize(
    ("remaining", "best"),
    [
        (61, "T15 D8"),  # not S11 then the bull
        (62, "T10 D16"),
        (64, "T16 D8"),
        (67, "T17 D8"),
        (124, "T20 T16 D8"),  # not T20 S14 then the bull
        (127, "T20 T17 D8"),
        (110, "T20 DB"),  # two darts: the bull is the only two-dart way
    ],
)
def test_the_charts_routes_for_the_issues_odd_ones(remaining: int, best: str) -> None:
    assert _first(remaining) == best


@pytest.mark.parametrize("remaining", [61, 62, 63, 64, 65, 66, 67, 69])
def test_61_to_69_set_up_with_a_treble_not_a_single_and_the_bull(
    remaining: int,
) -> None:
    first = checkouts.routes(remaining, 3)[0]
    assert parse_dart(first[0]).is_treble
    assert first[-1] != "DB"
    assert " ".join(first) in CHART[remaining]


def test_129_starts_on_t19_whose_single_still_leaves_a_two_dart_finish() -> None:
    # S20 would leave 109 (no two-dart finish); S19 leaves 110 (T20, bull).
    assert _first(129).startswith("T19 ")


def _miss_leaves_a_finish(route: list[str], darts: int) -> bool:
    """Whether the first dart, a treble landing in its single, leaves a finish."""
    first = parse_dart(route[0])
    left = sum(parse_dart(c).points for c in route) - first.segment
    return checkouts.can_finish(left, darts - 1)


def test_a_route_whose_first_miss_still_finishes_comes_first() -> None:
    """Three darts in hand: of the routes that start on a treble with the fewest
    darts, one whose treble, landing in its single, still leaves a finish with the
    two darts that follow is offered before any whose miss leaves none."""
    darts = 3
    for remaining in range(41, 171):
        found = checkouts.routes(remaining, darts, limit=None)
        if not found or not parse_dart(found[0][0]).is_treble:
            continue
        trebles = [
            r for r in found if len(r) == len(found[0]) and parse_dart(r[0]).is_treble
        ]
        if any(_miss_leaves_a_finish(r, darts) for r in trebles):
            assert _miss_leaves_a_finish(found[0], darts), (remaining, found[0])


@pytest.mark.parametrize("remaining", [*range(61, 99), 100])
def test_two_darts_left_at_61_to_100_finish_with_two(remaining: int) -> None:
    assert len(checkouts.routes(remaining, 2)[0]) == 2


def test_two_darts_left_mostly_take_the_charts_two_dart_routes() -> None:
    printed = {
        n: [r for r in routes if len(r.split()) == 2]
        for n, routes in CHART.items()
        if 61 <= n <= 110
    }
    charted = {n: r for n, r in printed.items() if r}
    agree = sum(_first(n, 2) in r for n, r in charted.items())
    assert agree / len(charted) >= 0.9


@pytest.mark.parametrize(
    ("remaining", "best"),
    [(101, "T17 DB"), (104, "T18 DB"), (107, "T19 DB"), (110, "T20 DB")],
)
def test_two_darts_left_at_101_to_110_need_the_bull(remaining: int, best: str) -> None:
    assert [" ".join(r) for r in checkouts.routes(remaining, 2, limit=None)] == [best]


@pytest.mark.parametrize("remaining", [99, 102, 103, 105, 106, 108, 109, 111, 120])
def test_two_darts_left_have_no_route_where_two_darts_cannot_finish(
    remaining: int,
) -> None:
    assert checkouts.routes(remaining, 2) == []
    assert not checkouts.can_finish(remaining, 2)


@pytest.mark.parametrize(("remaining", "best"), [(65, "T15 D10"), (66, "T16 D9")])
def test_two_darts_left_at_65_and_66_guard_the_miss_with_the_bull(
    remaining: int, best: str
) -> None:
    # A single 15 (16) leaves 50, the bull, for the last dart; with three darts the
    # chart's route comes first, as a miss leaves two darts to finish with.
    assert _first(remaining, 2) == best
    assert _first(remaining, 3) in CHART[remaining]


@pytest.mark.parametrize("remaining", range(2, 61))
def test_one_dart_left_is_the_double_itself_or_nothing(remaining: int) -> None:
    found = checkouts.routes(remaining, 1, limit=None)
    if remaining == 50:
        assert found == [["DB"]]
    elif remaining <= 40 and remaining % 2 == 0:
        assert found == [[f"D{remaining // 2}"]]
    else:
        assert found == []


def test_each_set_of_darts_is_offered_once_in_its_better_order() -> None:
    for remaining in (129, 121, 100, 60):
        found = checkouts.routes(remaining, 3, limit=None)
        sets = [(tuple(sorted(r[:-1])), r[-1]) for r in found]
        assert len(set(sets)) == len(sets)


def test_a_single_is_never_thrown_before_a_treble() -> None:
    for remaining in range(2, 171):
        for route in checkouts.routes(remaining, 3, limit=None):
            first, second = ([parse_dart(c) for c in route] + [None, None])[:2]
            if first is not None and second is not None and len(route) == 3:
                assert not (
                    first.multiplier == 1 and first.segment != 25 and second.is_treble
                ), route
