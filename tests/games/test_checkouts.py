"""Tests for the double-out checkout routes (referee/games/checkouts.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import checkouts
from referee.games.darts import parse_dart


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
