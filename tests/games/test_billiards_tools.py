"""The billiards lag (rule 5) and spotting (rule 31) tools, with no match."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games.billiards import GAME
from referee.games.billiards.lag import LAG_FAULTS
from referee.games.billiards.spotting import LENGTHS
from referee.games.billiards.spotting import capacity
from referee.games.fields import parse_fields
from referee.games.outcomes import BadInput


def run(name: str, **request):
    """The tool as the API and the page call it: fields parsed, then run."""
    tool = next(t for t in GAME.tools if t.name == name)
    answer = tool.run(parse_fields(tool.fields, request, None, GAME))
    for rule_id in answer["ruling"]["rules"]:
        assert rulebook.rule(rule_id) is not None, rule_id
    return answer


def test_the_lag_and_spot_tools_are_declared_beside_the_shot_tool():
    assert [t.name for t in GAME.tools] == ["shot", "lag", "spot"]
    for tool in GAME.tools:
        assert tool.run(copy.deepcopy(tool.example))["ruling"]["summary"]


# --- rule 5: the lag ------------------------------------------------------------------


@pytest.mark.parametrize("fault", list(LAG_FAULTS))
@pytest.mark.parametrize(
    ("faulty", "winner"), [("first_faults", "second"), ("second_faults", "first")]
)
def test_rule_5_each_automatic_loss_loses_the_lag_whoever_was_closer(
    fault, faulty, winner
):
    closer = "first" if faulty == "first_faults" else "second"
    answer = run("lag", closer=closer, **{faulty: [fault]})
    assert answer["winner"] == winner
    assert answer["replay"] is False
    assert LAG_FAULTS[fault] in answer["ruling"]["summary"]
    assert answer["ruling"]["rules"] == ["billiards/5", "billiards/6"]
    side = faulty.removesuffix("_faults")
    assert answer["faults"][side] == [{"code": fault, "text": LAG_FAULTS[fault]}]


def test_rule_5_when_both_players_lose_the_lag_it_is_replayed():
    answer = run(
        "lag", closer="first", first_faults=["pocketed"], second_faults=["crossed"]
    )
    assert answer["winner"] is None
    assert answer["replay"] is True
    assert answer["ruling"]["summary"] == (
        "Both lags broke a rule: the lag is a tie, lag again."
    )
    assert answer["ruling"]["rules"] == ["billiards/5"]


def test_rule_5_too_close_to_call_is_replayed():
    answer = run("lag", closer="too-close")
    assert answer["replay"] is True
    assert (
        (answer["ruling"]["summary"])
        == "Nobody can tell which ball is closer: lag again."
    )
    assert run("lag")["replay"] is True  # saying nothing is too close to call


def test_rule_5_the_closer_ball_wins_a_clean_lag():
    answer = run("lag", closer="second")
    assert answer["winner"] == "second"
    assert answer["ruling"]["summary"].endswith("Player 2 chooses who breaks.")


def test_rule_5_a_fault_given_twice_or_in_any_spelling_counts_once():
    answer = run("lag", first_faults="Long-Cushion, long_cushion")
    assert answer["faults"]["first"] == [
        {"code": "long-cushion", "text": LAG_FAULTS["long-cushion"]}
    ]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"first_faults": ["scratch"]}, "'scratch' is not a lag fault"),
        ({"closer": "Ann"}, "not one of: first, second, too-close"),
        ({"winner": "first"}, "'winner' is not a field"),
    ],
)
def test_rule_5_lag_input_that_cannot_be_is_bad_input(request_, message):
    with pytest.raises(BadInput, match=message):
        run("lag", **request_)


def test_rule_5_the_tool_and_the_match_say_the_same_for_the_same_lag():
    state = GAME.start(GAME.new_setup(["Player 1", "Player 2"]))
    step = GAME.step(
        state, {"type": "lag", "closer": "Player 1", "first_faults": ["off-table"]}
    )
    answer = run("lag", closer="first", first_faults=["off-table"])
    assert step.ruling.summary == answer["ruling"]["summary"]
    assert list(step.ruling.rules) == answer["ruling"]["rules"]


@settings(max_examples=200, deadline=None)
@given(
    closer=st.sampled_from(["first", "second", "too-close"]),
    first=st.lists(st.sampled_from(list(LAG_FAULTS)), unique=True),
    second=st.lists(st.sampled_from(list(LAG_FAULTS)), unique=True),
)
def test_property_rule_5_a_fault_decides_two_faults_replay(closer, first, second):
    answer = run("lag", closer=closer, first_faults=first, second_faults=second)
    if first and second:
        expected = None
    elif first or second:
        expected = "second" if first else "first"
    else:
        expected = None if closer == "too-close" else closer
    assert answer["winner"] == expected
    assert answer["replay"] is (expected is None)


# --- rule 31: spotting ----------------------------------------------------------------


def positions(answer) -> dict[int, int]:
    return {s["ball"]: s["position"] for s in answer["spots"]}


def test_rule_31_a_single_ball_goes_on_the_foot_spot():
    answer = run("spot", balls=[9])
    assert positions(answer) == {9: 0}
    assert answer["ruling"]["summary"] == "Spot the 9 on the foot spot."
    assert answer["ruling"]["rules"] == ["billiards/31"]


def test_rule_31_several_balls_go_lowest_first_from_the_foot_spot_back():
    answer = run("spot", balls="12 3 7")
    assert [s["ball"] for s in answer["spots"]] == [3, 7, 12]
    assert positions(answer) == {3: 0, 7: 1, 12: 2}
    assert answer["ruling"]["summary"].endswith("Place them lowest first.")


def test_rule_31_balls_in_the_way_stay_and_the_spotted_balls_go_around_them():
    answer = run("spot", balls=[2, 5], blocked=[0, 2])
    assert positions(answer) == {2: 1, 5: 3}


def test_rule_31_next_to_the_cue_ball_a_ball_is_close_but_not_frozen():
    answer = run("spot", balls=[4], blocked=[0], cue_at=1)
    assert positions(answer) == {4: 2}
    assert "close to the cue ball but not touching it" in answer["spots"][0]["where"]


@pytest.mark.parametrize("table", list(LENGTHS))
def test_rule_31_with_no_room_behind_the_spot_balls_go_in_front_in_order(table):
    behind, _ = capacity(table)
    answer = run("spot", balls=[5, 6], blocked=list(range(behind)), table=table)
    assert positions(answer) == {5: -1, 6: -2}
    assert (
        "in front of the foot spot, toward the center spot"
        in (answer["spots"][0]["where"])
    )


def test_rule_31_the_string_shows_every_ball_where_it_stands():
    answer = run("spot", balls=[3], blocked=[0], cue_at=2)
    string = {cell["position"]: cell["what"] for cell in answer["string"]}
    assert string[0] == "ball"
    assert string[1] == "3"
    assert string[2] == "cue"
    behind, front = capacity("9ft")
    assert [c["position"] for c in answer["string"]] == list(range(-front, behind))


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({}, "'balls' is missing"),
        ({"balls": []}, "Say which balls to spot"),
        ({"balls": [3, 3]}, "listed twice"),
        ({"balls": ["cue"]}, "not a ball"),
        ({"balls": [3], "blocked": [9], "table": "7ft"}, "off the long string"),
        ({"balls": [3], "blocked": [0], "cue_at": 0}, "cannot be there too"),
        ({"balls": [3], "cue_at": 11}, "cue_at"),
        ({"balls": [3], "blocked": "zero"}, "not a long-string position"),
        ({"balls": list(range(1, 16)), "blocked": list(range(-8, 9))}, "no room"),
    ],
)
def test_rule_31_spotting_input_that_cannot_be_is_bad_input(request_, message):
    with pytest.raises(BadInput, match=message):
        run("spot", **request_)


@settings(max_examples=200, deadline=None)
@given(
    balls=st.sets(st.integers(1, 15), min_size=1, max_size=6),
    blocked=st.sets(st.integers(-3, 6), max_size=5),
    table=st.sampled_from(list(LENGTHS)),
)
def test_property_rule_31_spotted_balls_fill_free_places_in_number_order(
    balls, blocked, table
):
    answer = run("spot", balls=sorted(balls), blocked=sorted(blocked), table=table)
    placed = positions(answer)
    assert set(placed) == balls
    assert not set(placed.values()) & blocked
    # Behind the spot first, nearest first; then in front, nearest first.
    order = sorted(placed.values(), key=lambda p: (p < 0, abs(p)))
    assert [placed[b] for b in sorted(balls)] == order
    behind, front = capacity(table)
    free = [p for p in range(behind) if p not in blocked]
    free += [p for p in range(-1, -front - 1, -1) if p not in blocked]
    assert order == free[: len(balls)]
