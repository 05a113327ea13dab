"""The handicap options of billiards (races per side) and darts 301 (starts and head
starts): rules billiards/match/handicap and darts-301/handicap."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.games.darts_301.common import HANDICAP_STARTS
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

POOL = games.registry()["billiards"]
DARTS = games.registry()["darts-301"]
BREAK_ANN = {"type": "breaker", "side": "Ann"}


def pool(**options: Any) -> JSON:
    state = POOL.start(POOL.new_setup(["Ann", "Bob"], {"game": "plain", **options}))
    return POOL.step(state, BREAK_ANN).state


def rack(state: JSON, winner: str):
    return POOL.step(state, {"type": "rack", "winner": winner})


def darts(players=("Ann", "Bob"), **options: Any) -> JSON:
    return DARTS.start(DARTS.new_setup(list(players), options))


def score(state: JSON, points: int, **more: Any):
    return DARTS.step(state, {"type": "score", "points": points, **more})


# --- billiards: races per side -----------------------------------------------------


def test_match_handicap_a_race_of_5_against_3_ends_when_the_weaker_reaches_3():
    state = pool(race=5, race_2=3)
    assert POOL.view(state)["detail"]["races"] == [5, 3]
    for winner in ("Ann", "Ann", "Ann", "Ann", "Bob", "Bob"):
        state = rack(state, winner).state
    assert POOL.view(state)["winner"] is None  # Ann 4 of 5, Bob 2 of 3
    step = rack(state, "Bob")
    view = POOL.view(step.state)
    assert view["winner"] == "Bob"
    assert [s["score"] for s in view["sides"]] == [4, 3]
    assert step.ruling.verdict == Verdict.WIN
    assert "billiards/match/handicap" in step.ruling.rules
    assert "races to 5 and 3, a handicap" in step.ruling.summary
    with pytest.raises(Refused, match="match is over"):
        rack(step.state, "Ann")


def test_match_handicap_the_stronger_still_wins_by_reaching_its_own_race():
    state = pool(race=5, race_1=5, race_2=3)
    for winner in ("Bob", "Bob", "Ann", "Ann", "Ann", "Ann"):
        state = rack(state, winner).state
    step = rack(state, "Ann")
    assert POOL.view(step.state)["winner"] == "Ann"
    assert "billiards/match/handicap" in step.ruling.rules


def test_match_handicap_left_blank_keeps_the_race_and_its_wording():
    state = pool(race=2)
    assert POOL.view(state)["detail"]["races"] == [2, 2]
    step = rack(rack(state, "Bob").state, "Bob")
    assert step.ruling.rules.count("billiards/match/race") == 1
    assert "billiards/match/handicap" not in step.ruling.rules
    assert "race to 2" in step.ruling.summary


def test_match_handicap_a_state_stored_before_the_options_races_as_before():
    state = pool(race=2)
    del state["options"]["race_1"], state["options"]["race_2"]
    step = rack(rack(state, "Ann").state, "Ann")
    assert POOL.view(step.state)["winner"] == "Ann"


@pytest.mark.parametrize(
    ("options", "field", "example"),
    [
        ({"race_1": 0}, "options.race_1", '"race_1": 1'),
        ({"race_2": 100}, "options.race_2", '"race_2": 1'),
        ({"race_2": "three"}, "options.race_2", '"race_2": 1'),
        ({"game": "14-1", "race_2": 3}, "options.race_2", '"race_2": 3'),
    ],
)
def test_match_handicap_bad_races_are_refused_with_an_example(options, field, example):
    with pytest.raises(BadInput) as err:
        POOL.new_setup(["Ann", "Bob"], options)
    assert err.value.field == field
    assert example in err.value.example


# --- darts: starts and head starts -------------------------------------------------


def test_handicap_the_weaker_player_counts_down_from_401_against_501():
    state = darts(start="501", start_2=401)
    view = DARTS.view(state)
    assert [s["score"] for s in view["sides"]] == [501, 401]
    assert view["detail"]["starts"] == [501, 401]
    state = score(state, 100).state  # Ann 401
    state = score(state, 100).state  # Bob 301
    assert [s["score"] for s in DARTS.view(state)["sides"]] == [401, 301]


def test_handicap_a_bust_returns_to_the_score_before_the_round_not_the_start():
    state = darts(start="501", start_2=401)
    state = score(state, 180).state  # Ann 321
    state = score(state, 180).state  # Bob 221
    state = score(state, 0).state
    state = score(state, 180).state  # Bob 41
    state = score(state, 0).state
    step = score(state, 60)  # 60 from 41: bust
    assert step.ruling.verdict == Verdict.BUST
    assert [s["score"] for s in DARTS.view(step.state)["sides"]] == [321, 41]


def test_handicap_a_checkout_from_the_lower_start_wins_and_the_next_leg_resets():
    state = darts(start="501", start_2=401, legs=2)
    for points in (180, 180, 0, 180, 0):
        state = score(state, points).state  # Ann 321, Bob 41 to throw
    step = score(state, 41, darts=2, at_double=1, double_out=True)
    assert step.ruling.verdict == Verdict.WIN
    assert "darts-301/handicap" in step.ruling.rules
    view = DARTS.view(step.state)
    assert [s["legs"] for s in view["sides"]] == [0, 1]
    # leg 2: each back to their own start, Bob (the next starter) first on 401
    assert [s["score"] for s in view["sides"]] == [501, 401]
    assert view["turn"] == "Bob"
    assert step.state["round"]["start"] == 401


def test_handicap_a_head_start_in_legs_counts_toward_the_set():
    state = darts(start="301", legs=3, head_start_2=2)
    view = DARTS.view(state)
    assert [s["legs"] for s in view["sides"]] == [0, 2]
    assert view["detail"]["head_start"] == [0, 2]
    for points in (180, 0):
        state = score(state, points).state  # Ann 121, Bob 301
    step = score(state, 121, at_double=1, double_out=True)
    assert DARTS.view(step.state)["winner"] is None  # Ann 1, Bob 2 (his head start)
    state = step.state  # leg 2: Bob starts
    state = score(state, 180).state  # Bob 121
    state = score(state, 0).state
    step = score(state, 121, at_double=1, double_out=True)
    view = DARTS.view(step.state)
    assert view["winner"] == "Bob"
    assert [s["legs"] for s in view["sides"]] == [1, 3]


def test_handicap_head_starts_come_back_with_every_set():
    state = darts(start="301", legs=2, sets=2, head_start_1=1)
    state = score(state, 180).state
    state = score(state, 0).state
    step = score(state, 121, at_double=1, double_out=True)  # Ann: leg and set
    view = DARTS.view(step.state)
    assert [s["sets"] for s in view["sides"]] == [1, 0]
    assert [s["legs"] for s in view["sides"]] == [1, 0]  # the head start again


def test_handicap_without_options_the_state_is_as_before():
    state = darts(start="501")
    assert "starts" not in state
    assert "head_start" not in state
    assert DARTS.view(state)["detail"]["starts"] == [501, 501]


@pytest.mark.parametrize(
    ("players", "options", "field", "example"),
    [
        (2, {"start_2": 450}, "options.start_2", '"start_2": 451'),
        (2, {"start_1": 100}, "options.start_1", '"start_1": 101'),
        (2, {"start_1": 800}, "options.start_1", '"start_1": 101'),
        (2, {"legs": 3, "head_start_2": 3}, "options.head_start_2", '"legs": 3'),
        (2, {"head_start_1": 1}, "options.head_start_1", '"legs": 3'),
        (3, {"start_2": 401}, "options.start_2", '"players": ["Ann", "Bob"]'),
        (3, {"legs": 2, "head_start_1": 1}, "options.head_start_1", '"players"'),
    ],
)
def test_handicap_bad_starts_and_head_starts_are_refused_with_an_example(
    players, options, field, example
):
    with pytest.raises(BadInput) as err:
        DARTS.new_setup(["Ann", "Bob", "Cy"][:players], options)
    assert err.value.field == field
    assert example in err.value.example


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(HANDICAP_STARTS),
    st.sampled_from(HANDICAP_STARTS),
    st.lists(st.integers(0, 180), max_size=12),
)
def test_handicap_every_allowed_start_plays_and_scores_never_go_below_zero(
    first, second, rounds
):
    state = darts(start="501", start_1=first, start_2=second)
    assert [s["score"] for s in DARTS.view(state)["sides"]] == [first, second]
    for points in rounds:
        try:
            state = score(state, points, double_out=False).state
        except BadInput:
            continue  # a total no three darts make
        assert all(s["score"] >= 0 for s in DARTS.view(state)["sides"])
        assert set(state["scores"]) <= set(range(0, 702))
