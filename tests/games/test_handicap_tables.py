"""The handicap tables (referee/handicaps/tables.py) and the suggestion built on them:
the promises docs/handicaps.md makes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.handicaps import tables
from referee.handicaps.suggest import suggest
from referee.handicaps.tables import Side

DOC = Path(__file__).parents[2] / "docs" / "handicaps.md"
gaps = st.floats(min_value=0, max_value=40, allow_nan=False)
mus = st.floats(min_value=0, max_value=60, allow_nan=False)
races = st.integers(1, 21)
starts = st.sampled_from(tables.ALLOWED_STARTS[8:])  # 301 and up: a base start


def test_the_published_chance_per_rack_is_the_model_rounded():
    assert (
        tuple(round(tables._chance(b), 2) for b in range(len(tables.RACK_CHANCE)))
        == tables.RACK_CHANCE
    )


def test_the_charts_in_the_docs_are_the_tables():
    doc = DOC.read_text()
    pool, darts = tables.charts().strip().split("\n\n")
    for name, chart in (("pool", pool), ("darts", darts)):
        found = re.search(
            rf"<!-- chart:{name} -->\n(.*?)\n<!-- /chart:{name} -->", doc, re.S
        )
        assert found, name
        assert found.group(1) == chart


def test_race_of_5_at_a_gap_of_7_is_5_against_2():
    assert tables.races(7.2, 5) == (5, 2)


@settings(deadline=None)
@given(gaps, gaps, races)
def test_races_are_monotone_in_the_gap(a, b, base):
    small, large = sorted((a, b))
    assert tables.weaker_race(large, base) <= tables.weaker_race(small, base)


@settings(deadline=None)
@given(gaps, races)
def test_a_race_is_never_below_1_nor_above_the_base(gap, base):
    assert 1 <= tables.weaker_race(gap, base) <= base


@settings(deadline=None)
@given(races)
def test_equal_ratings_give_no_handicap(base):
    assert tables.races(0, base) == (base, base)
    assert tables.head_start(0, base) == 0
    for start in (301, 501, 701):
        assert tables.weaker_start(0, start) == start


@settings(deadline=None)
@given(gaps, gaps, starts)
def test_starts_are_monotone_in_the_gap_and_allowed(a, b, base):
    small, large = sorted((a, b))
    low, high = tables.weaker_start(large, base), tables.weaker_start(small, base)
    assert low <= high <= base
    assert low in tables.ALLOWED_STARTS
    assert low >= base * (1 - tables.MOST_CUT)


@settings(deadline=None)
@given(gaps, st.integers(1, 20))
def test_a_head_start_is_below_the_legs_needed(gap, legs):
    assert 0 <= tables.head_start(gap, legs) < legs


@settings(deadline=None)
@given(mus, mus, st.sampled_from(["billiards", "darts-301"]), races)
def test_the_suggestion_is_symmetric_in_the_order_of_the_players(a, b, game, race):
    ann, bob = Side("Ann", a, 10), Side("Bob", b, 10)
    options = {"race": race} if game == "billiards" else {"start": "501", "legs": race}
    one = suggest(game, options, ["Ann", "Bob"], [ann, bob])
    two = suggest(game, options, ["Bob", "Ann"], [bob, ann])
    swap = {"1": "2", "2": "1"}

    def by_name(s, names):
        return {
            (k[:-1] + names[int(k[-1]) - 1] if k[-1] in swap else k): v
            for k, v in s.options.items()
        }

    assert by_name(one, ["Ann", "Bob"]) == by_name(two, ["Bob", "Ann"])
    assert one.note == two.note


@settings(deadline=None)
@given(mus, races)
def test_equal_ratings_suggest_nothing(mu, race):
    side = Side("Ann", mu, 10)
    found = suggest("billiards", {"race": race}, ["Ann", "Bob"], [side, side])
    assert not found.applied
    assert found.options == {"race": race}


@settings(deadline=None)
@given(mus, mus, races)
def test_every_suggested_pool_handicap_makes_a_valid_match(a, b, race):
    found = suggest(
        "billiards",
        {"race": race},
        ["Ann", "Bob"],
        [Side("Ann", a, 10), Side("Bob", b, 10)],
    )
    game = games.registry()["billiards"]
    game.new_setup(["Ann", "Bob"], found.options)  # accepted: no BadInput


@settings(deadline=None)
@given(mus, mus, st.sampled_from(["301", "501", "701"]), st.integers(1, 9))
def test_every_suggested_darts_handicap_makes_a_valid_match(a, b, start, legs):
    sides = [Side("Ann", a, 10), Side("Bob", b, 10)]
    game = games.registry()["darts-301"]
    for way in ("start", "legs"):
        found = suggest(
            "darts-301",
            {"start": start, "legs": legs},
            ["Ann", "Bob"],
            sides,
            darts=way,
        )
        game.new_setup(["Ann", "Bob"], found.options)


def test_the_note_names_the_races_and_the_gap():
    found = suggest(
        "billiards",
        {"race": 5},
        ["Bob", "Ann"],
        [Side("Bob", 25.8, 4), Side("Ann", 33.0, 12)],
    )
    assert found.options == {"race": 5, "race_1": 2, "race_2": 5}
    assert found.note == (
        "Ann races to 5, Bob to 2 (rating gap 7.2; table in docs/handicaps.md)."
    )


def test_the_weaker_darts_player_starts_lower():
    found = suggest(
        "darts-301",
        {"start": "501"},
        ["Ann", "Bob"],
        [Side("Ann", 33.0, 12), Side("Bob", 25.8, 4)],
    )
    assert found.options == {"start": "501", "start_2": 451}
    assert found.note.startswith("Bob starts on 451, Ann on 501 (rating gap 7.2")


@pytest.mark.parametrize(
    ("sides", "note"),
    [
        ([None, Side("Bob", 30, 5)], "No handicap: Ann has no rating at billiards"),
        (
            [Side("Ann", 20, 2), Side("Bob", 30, 5)],
            "No handicap: Ann has 2 rated matches at billiards (3 needed).",
        ),
    ],
)
def test_no_handicap_without_established_ratings(sides, note):
    found = suggest("billiards", {"race": 5, "race_2": 3}, ["Ann", "Bob"], sides)
    assert not found.applied
    assert found.note.startswith(note)
    assert found.options == {"race": 5}  # an old handicap is not kept


def test_games_without_a_table_are_left_as_they_are():
    found = suggest("bunko", {"rounds": 6}, ["Ann", "Bob"], [None, None])
    assert found.options == {"rounds": 6}
    assert "no handicap table for bunko" in found.note


def test_14_1_is_not_handicapped():
    sides = [Side("Ann", 40, 9), Side("Bob", 20, 9)]
    found = suggest("billiards", {"game": "14-1"}, ["Ann", "Bob"], sides)
    assert not found.applied
