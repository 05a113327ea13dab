"""Round robin (referee/formats/round_robin.py): the schedule, byes and tie-breaks.

Pure: the format's functions over JSON, no app. Results are entered as a scorer
would (``parse_event`` then ``apply``), with the follow-ups the service folds in.
"""

from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.formats.round_robin import FORMAT as RR
from referee.formats.round_robin import schedule
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused

FOUR = ["A", "B", "C", "D"]


def settle(state: dict[str, Any]) -> dict[str, Any]:
    """Fold what the state calls for, as the service does after every write."""
    while follow := RR.follow_ups(state):
        state = RR.apply(copy.deepcopy(state), follow[0]).state
    return state


def start(players: list[str], options: dict[str, Any] | None = None, **setup: Any):
    draw = setup.pop("draw", None)
    parsed = RR.parse_setup({"game": "darts-301", **setup}, players)
    event = RR.create(players, RR.parse_options(options), draw, parsed)
    return settle(RR.apply(None, event).state)


def send(state: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    event = RR.parse_event(raw, state)
    return settle(RR.apply(copy.deepcopy(state), event).state)


def pairing(state: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(p for p in state["pairings"] if set(p["entrants"]) == {a, b})


def result(state, a, b, winner, score=None, how="played"):
    p = pairing(state, a, b)
    first = p["entrants"][0]
    raw = {"type": "result", "pairing": p["number"], "winner": winner, "how": how}
    if score is not None:
        raw["score"] = list(score) if first == a else list(reversed(score))
    return send(state, raw)


def order(state) -> list[tuple[int, str]]:
    return [(r["rank"], r["entrant"]) for r in RR.standings(state)]


# --- the schedule ---------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=2, max_value=20), meetings=st.sampled_from([1, 2]))
def test_schedule_everyone_meets_everyone_once_or_twice(n: int, meetings: int) -> None:
    names = [f"P{i}" for i in range(n)]
    rounds = schedule(names, meetings)
    met = Counter(frozenset(c) for r in rounds for c in r if None not in c)
    assert set(met) == {frozenset(p) for p in combinations(names, 2)}
    assert set(met.values()) == {meetings}
    for couples in rounds:  # nobody twice in one round
        seated = [x for c in couples for x in c if x is not None]
        assert len(seated) == len(set(seated))
    assert len(rounds) == meetings * (n - 1 if n % 2 == 0 else n)


@pytest.mark.parametrize("n", [3, 5, 7, 9])
def test_schedule_with_an_odd_count_gives_each_player_one_bye(n: int) -> None:
    names = [f"P{i}" for i in range(n)]
    byes = [x for r in schedule(names) for c in r if None in c for x in c if x]
    assert sorted(byes) == sorted(names)
    state = start(names)
    assert len(state["pairings"]) == n * (n - 1) // 2  # a bye is no pairing
    assert sorted(RR.byes(state).values()) == sorted(names)


def test_schedule_double_round_robin_swaps_who_starts() -> None:
    rounds = schedule(FOUR, 2)
    first, second = rounds[:3], rounds[3:]
    assert [[(b, a) for a, b in r] for r in first] == second


def test_schedule_starts_are_shared_out_within_one() -> None:
    for n in (4, 6, 8, 10):
        starts = Counter(c[0] for r in schedule([f"P{i}" for i in range(n)]) for c in r)
        assert max(starts.values()) - min(starts.values()) <= 1


# --- ranking and tie-breaks -----------------------------------------------------------


def played_league(options: dict[str, Any]) -> dict[str, Any]:
    """A and B level on points; B beat A; A has the better leg difference, B more legs.

    C and D level too: D beat C, and D has the better difference.
    """
    state = start(FOUR, options)
    for a, b, winner, score in [
        ("A", "C", "A", (3, 0)),
        ("A", "D", "A", (3, 0)),
        ("B", "A", "B", (3, 2)),
        ("B", "C", "C", (2, 3)),
        ("B", "D", "B", (5, 4)),
        ("C", "D", "D", (0, 3)),
    ]:
        state = result(state, a, b, winner, score)
    return state


def test_ranking_is_by_points_first() -> None:
    table = RR.standings(played_league({}))
    assert [r["points"] for r in table] == [4, 4, 2, 2]
    assert {r["entrant"]: r["difference"] for r in table} == {
        "A": 5,
        "B": 1,
        "C": -5,
        "D": -1,
    }


@pytest.mark.parametrize(
    ("breaks", "expected"),
    [
        (
            ("head-to-head", "difference", "won"),
            [(1, "B"), (2, "A"), (3, "D"), (4, "C")],
        ),
        (("difference", "won", "none"), [(1, "A"), (2, "B"), (3, "D"), (4, "C")]),
        (("won", "difference", "none"), [(1, "B"), (2, "A"), (3, "D"), (4, "C")]),
        (("none", "none", "none"), [(1, "A"), (1, "B"), (3, "C"), (3, "D")]),
    ],
)
def test_tie_breaks_apply_in_the_order_chosen(breaks, expected) -> None:
    options = {f"tie_break_{i}": b for i, b in enumerate(breaks, start=1)}
    assert order(played_league(options)) == expected


def test_head_to_head_counts_only_games_between_the_tied_players() -> None:
    # Three level on points in a cycle: head-to-head cannot split them, difference can.
    state = start(["A", "B", "C"])
    state = result(state, "A", "B", "A", (3, 0))
    state = result(state, "B", "C", "B", (3, 2))
    state = result(state, "C", "A", "C", (3, 2))
    assert order(state) == [(1, "A"), (2, "C"), (3, "B")]  # legs +2, 0, -2
    assert all(r["tied"] is False for r in RR.standings(state))


def test_a_tie_break_chosen_twice_is_bad_input() -> None:
    with pytest.raises(BadInput, match="once"):
        RR.parse_options({"tie_break_1": "won", "tie_break_2": "won"})


def test_a_walkover_and_a_no_show_are_wins_and_a_retirement_a_loss() -> None:
    state = start(FOUR)
    state = result(state, "A", "B", "A", how="walkover")
    state = result(state, "C", "D", "D", how="no-show")
    state = result(state, "A", "C", "C", (2, 1), how="retired")
    rows = {r["entrant"]: r for r in RR.standings(state)}
    assert (rows["A"]["won"], rows["A"]["lost"]) == (1, 1)
    assert rows["D"]["points"] == 2
    assert rows["C"]["won"] == 1
    assert rows["C"]["for"] == 1  # A retired at 2-1 up: C's legs count as played


def test_a_draw_scores_the_draw_points_each() -> None:
    state = start(["A", "B"], {"draw_points": 1, "win_points": 3})
    state = result(state, "A", "B", "draw", (1, 1))
    assert [r["points"] for r in RR.standings(state)] == [1, 1]
    assert state["over"]


def test_a_draw_needs_equal_scores_and_a_winner_the_better_one() -> None:
    state = start(["A", "B"])
    with pytest.raises(BadInput, match="equal"):
        result(state, "A", "B", "draw", (2, 1))
    with pytest.raises(BadInput, match="cannot be the worse"):
        result(state, "A", "B", "A", (1, 2))


def test_a_second_result_for_a_pairing_is_refused_a_correction_is_not() -> None:
    state = result(start(["A", "B"]), "A", "B", "A", (3, 1))
    with pytest.raises(Refused, match="correction"):
        result(state, "A", "B", "B", (1, 3))
    p = pairing(state, "A", "B")
    state = send(
        state,
        {
            "type": "correction",
            "pairing": p["number"],
            "winner": "B",
            "score": "1-3" if p["entrants"][0] == "A" else "3-1",
        },
    )
    assert order(state)[0] == (1, "B")


# --- seeding ---------------------------------------------------------------------


def test_seeding_by_rating_puts_the_highest_first_and_keeps_ties_in_list_order() -> (
    None
):
    state = start(FOUR, seeding="rating", ratings={"A": 5, "B": 9, "C": 5, "D": 7})
    assert state["seeds"] == ["B", "D", "A", "C"]


def test_seeding_by_draw_follows_the_recorded_permutation() -> None:
    state = start(FOUR, seeding="drawn", draw=[2, 0, 3, 1])
    assert state["seeds"] == ["C", "A", "D", "B"]
    with pytest.raises(BadInput, match="permutation"):
        start(FOUR, seeding="drawn", draw=[0, 0, 1, 2])


def test_a_game_not_played_side_against_side_cannot_be_paired() -> None:
    with pytest.raises(BadInput, match="one side against another"):
        start(FOUR, game="bowling-solitaire")
    with pytest.raises(BadInput, match="one side against another"):
        start(FOUR, game="bowling-cards")  # three or four players


def test_apply_leaves_its_input_unchanged_and_replay_matches() -> None:
    state = start(FOUR)
    before = copy.deepcopy(state)
    p = state["pairings"][0]
    event = RR.parse_event(
        {"type": "result", "pairing": 1, "winner": p["entrants"][0]}, state
    )
    after = RR.apply(state, event).state
    assert state == before
    assert after["pairings"][0]["result"] is not None


def test_a_team_game_pairs_teams_and_calls_them_as_teams() -> None:
    teams = {"Reds": ["Ann", "Cy"], "Blues": ["Bob", "Dee"], "Greens": ["Eve", "Fay"]}
    state = start(["Reds", "Blues", "Greens"], game="pinochle", teams=teams)
    assert len(state["pairings"]) == 3
    plans = RR.calls(state)
    assert plans[0].players is None
    assert [t["name"] for t in plans[0].teams] == state["pairings"][0]["entrants"]
    assert plans[0].teams[0]["players"] == teams[plans[0].teams[0]["name"]]


@pytest.mark.parametrize(
    ("teams", "message"),
    [
        (None, "teams of 2"),
        ({"Reds": ["Ann"], "Blues": ["Bob", "Dee"]}, "Reds needs 2"),
        ({"Reds": ["Ann", "Cy"], "Blues": ["Ann", "Dee"]}, "in two teams"),
        ({"Reds": ["Ann", "Cy"], "Blues": ["Bob", "Dee"], "Gold": ["X", "Y"]}, "Gold"),
    ],
)
def test_team_entrants_are_checked(teams, message) -> None:
    with pytest.raises(BadInput, match=message):
        start(["Reds", "Blues"], game="pinochle", teams=teams)


def test_a_one_against_one_game_takes_no_teams() -> None:
    with pytest.raises(BadInput, match="no teams"):
        start(["A", "B"], teams={"A": ["x"], "B": ["y"]})
