"""A league season's fixtures and dates (referee/formats/league/schedule.py).

The rules checked are ``league/schedule``'s: everyone meets everyone once (twice in
a double round robin, home and away swapped), nobody plays twice in a week, byes
only for an odd count (each team exactly one per round robin), home and away
balanced, dates stepping from the start and passing over the skipped ones.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats.league import FORMAT as LEAGUE
from referee.formats.league import schedule as sched
from referee.games.outcomes import BadInput
from tests.formats.league_season import season

counts = st.integers(min_value=2, max_value=32)


@settings(max_examples=60, deadline=None)
@given(counts, st.sampled_from([1, 2]))
def test_everyone_meets_everyone_the_right_number_of_times(n, meetings):
    met = Counter(
        frozenset(pair) for w in sched.weeks(n, meetings) for pair in w["fixtures"]
    )
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {meetings}


@settings(max_examples=60, deadline=None)
@given(counts, st.sampled_from([1, 2]))
def test_nobody_plays_twice_in_a_week_and_the_bye_sits_out(n, meetings):
    for w in sched.weeks(n, meetings):
        playing = [t for pair in w["fixtures"] for t in pair]
        assert len(playing) == len(set(playing))
        assert w["bye"] not in playing
        assert set(playing) | ({w["bye"]} - {None}) == set(range(1, n + 1))


@settings(max_examples=60, deadline=None)
@given(counts, st.sampled_from([1, 2]))
def test_byes_only_for_an_odd_count_and_once_each_per_round_robin(n, meetings):
    byes = [w["bye"] for w in sched.weeks(n, meetings)]
    if n % 2 == 0:
        assert byes == [None] * len(byes)
        assert len(byes) == (n - 1) * meetings
    else:
        assert Counter(byes) == dict.fromkeys(range(1, n + 1), meetings)
        assert len(byes) == n * meetings


@settings(max_examples=60, deadline=None)
@given(counts)
def test_home_and_away_differ_by_at_most_one_per_team_single(n):
    home, away = Counter(), Counter()
    for w in sched.weeks(n, 1):
        for h, a in w["fixtures"]:
            home[h] += 1
            away[a] += 1
    for t in range(1, n + 1):
        assert abs(home[t] - away[t]) <= 1, (t, home[t], away[t])
        if n % 2:  # an even number of games each: exactly balanced
            assert home[t] == away[t]


@settings(max_examples=60, deadline=None)
@given(counts)
def test_a_double_round_robin_is_exactly_balanced_and_swaps_home(n):
    weeks = sched.weeks(n, 2)
    home, away = Counter(), Counter()
    for w in weeks:
        for h, a in w["fixtures"]:
            home[h] += 1
            away[a] += 1
    assert all(home[t] == away[t] == n - 1 for t in range(1, n + 1))
    ordered = Counter(pair for w in weeks for pair in w["fixtures"])
    assert set(ordered.values()) == {1}  # each meets each once at home, once away


@settings(max_examples=40, deadline=None)
@given(
    st.dates(min_value=dt.date(2026, 1, 1), max_value=dt.date(2030, 1, 1)),
    st.integers(min_value=1, max_value=28),
    st.sets(st.integers(min_value=0, max_value=40), max_size=10),
    st.integers(min_value=1, max_value=62),
)
def test_dates_step_from_the_start_and_pass_over_skipped_nights(
    start, every, skipped, count
):
    skip = [(start + dt.timedelta(days=k * every)).isoformat() for k in skipped]
    plan = sched.parse({"start": start.isoformat(), "every_days": every, "skip": skip})
    dates = sched.dates(plan, count)
    assert len(dates) == count == len(set(dates))
    assert dates == sorted(dates)
    for d in dates:
        gap = (dt.date.fromisoformat(d) - start).days
        assert gap % every == 0
        assert d not in skip
    # nothing passed over that was not skipped
    last = (dt.date.fromisoformat(dates[-1]) - start).days // every
    nights = [
        (start + dt.timedelta(days=k * every)).isoformat() for k in range(last + 1)
    ]
    assert [d for d in nights if d not in skip] == dates


@settings(max_examples=20, deadline=None)
@given(counts, st.sampled_from(["single", "double"]))
def test_a_seasons_fixtures_follow_the_weeks_at_the_home_teams_venue(n, meetings):
    state = season(n, {"meetings": meetings}, size=5)
    weeks = sched.weeks(n, 2 if meetings == "double" else 1)
    assert len(state["weeks"]) == len(weeks)
    assert len(state["fixtures"]) == n * (n - 1) // 2 * (
        2 if meetings == "double" else 1
    )
    for w, row in zip(weeks, state["weeks"], strict=True):
        got = [state["fixtures"][f - 1] for f in row["fixtures"]]
        assert [(f["home"], f["away"]) for f in got] == w["fixtures"]
        assert row["bye"] == w["bye"]
        for f in got:
            assert f["week"] == row["number"]
            assert f["date"] == row["date"]
            assert f["venue"] == state["teams"][f["home"] - 1]["venue"]
    assert LEAGUE.stations_for(state["players"], {}, state["options"]) == n + len(
        state["fixtures"]
    )


def test_the_week_after_a_skipped_night_is_played_the_night_after():
    state = season(
        4,
        schedule={
            "start": "2026-09-07",
            "every_days": 7,
            "time": "20:00",
            "skip": ["2026-09-14"],
        },
    )
    assert [w["date"] for w in state["weeks"]] == [
        "2026-09-07",
        "2026-09-21",
        "2026-09-28",
    ]
    assert {f["time"] for f in state["fixtures"]} == {"20:00"}


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        (None, "schedule"),
        ("2026-09-07", "schedule"),
        ({"start": "07/09/2026"}, "schedule.start"),
        ({"start": "2026-02-30"}, "schedule.start"),
        ({"start": "2026-09-07", "every_days": 0}, "schedule.every_days"),
        ({"start": "2026-09-07", "every_days": 29}, "schedule.every_days"),
        ({"start": "2026-09-07", "every_days": "7"}, "schedule.every_days"),
        ({"start": "2026-09-07", "time": "7pm"}, "schedule.time"),
        ({"start": "2026-09-07", "time": "24:00"}, "schedule.time"),
        ({"start": "2026-09-07", "skip": "2026-09-14"}, "schedule.skip"),
        ({"start": "2026-09-07", "skip": ["2026-09-15"]}, "schedule.skip"),
        ({"start": "2026-09-07", "skip": ["2026-08-31"]}, "schedule.skip"),
        ({"start": "2026-09-07", "skip": ["2026-09-14"] * 61}, "schedule.skip"),
        ({"start": "2026-09-07", "weekday": "Monday"}, "schedule.weekday"),
    ],
)
def test_a_wrong_schedule_is_refused_naming_the_field_with_an_example(raw, field):
    with pytest.raises(BadInput) as err:
        sched.parse(raw)
    assert err.value.field == field
    assert err.value.example
