"""A match's figures per player, replayed from its log (``referee.profiles.stats``).

The figures must agree with what each engine keeps itself (darts statistics, bunko
tallies, gin hands won), and the readings chosen for pool's break and run and the
darts doubles heat map are checked case by case.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import games
from referee.profiles import stats
from referee.web import caller

DARTS = ["T20", "T19", "S20", "S5", "S1", "D20", "D16", "D10", "D8", "D4", "D2", "D1"]
DARTS += ["DB", "SB", "M", "T17", "S3"]


def _play(game_id: str, players: list[str], raw: list[dict], **options: Any):
    """Parse and apply raw events as the ledger does; the canonical ones played."""
    game = games.get(game_id)
    setup = game.new_setup(players, options, None)
    state, done = game.start(setup), []
    for event in raw:
        event = game.parse_event(event, state)
        state = game.apply(state, event).state
        done.append(event)
    return game, setup, state, done


@settings(max_examples=25, deadline=None)
@given(st.lists(st.lists(st.sampled_from(DARTS), min_size=3, max_size=3), max_size=30))
def test_darts_figures_equal_the_engines_own_statistics(rounds):
    game = games.get("darts-301")
    setup = game.new_setup(["Ann", "Bob"], {"start": "301", "legs": 2}, None)
    state, done = game.start(setup), []
    for darts in rounds:
        if game.view(state)["over"]:
            break
        for dart in darts:  # dart by dart: the round ends where the engine says
            event = game.parse_event({"type": "dart", "dart": dart}, state)
            state = game.apply(state, event).state
            done.append(event)
            if not state["round"]["darts"] or game.view(state)["over"]:
                break
    got = stats.figures(game, setup, done)["players"]
    for seat, name in enumerate(["Ann", "Bob"]):
        own = state["stats"][seat]
        mine = got[name]
        assert mine["darts"] == own["darts"]
        assert mine["points"] == own["points"]
        assert mine["first_nine_points"] == own["first_nine_points"]
        assert mine["darts_at_double"] == own["at_double"]
        assert mine["checkouts"] == own["checkouts"]
        assert mine["highest_finish"] == own["highest_finish"]
        assert mine["legs_won"] == own["legs_won"]
        # every dart at a double is on the heat map, and every checkout a hit there
        assert sum(a for a, _ in mine["doubles"].values()) == own["at_double"]
        assert sum(h for _, h in mine["doubles"].values()) == own["checkouts"]


def test_doubles_heat_map_names_the_double_each_dart_was_at():
    _, setup, _, done = _play(
        "darts-301",
        ["Ann", "Bob"],
        [
            {"type": "round", "darts": ["T20", "T20", "T20"]},  # Ann 121
            {"type": "round", "darts": ["M", "M", "M"]},
            {"type": "round", "darts": ["T20", "S19", "D16"]},  # 42 left, then 10
            {"type": "round", "darts": ["M", "M", "M"]},
            {"type": "round", "darts": ["D4", "D1"]},  # 10: at D5 (D4), 2: at D1, out
        ],
        start="301",
    )
    doubles = stats.figures(games.get("darts-301"), setup, done)["players"]["Ann"][
        "doubles"
    ]
    assert {d: v for d, v in doubles.items() if v != [0, 0]} == {
        "D5": [1, 0],
        "D1": [1, 1],
    }


def test_pool_break_and_run_is_the_breakers_rack_won_without_leaving_the_table():
    run_out = [{"type": "shot", "pocketed": [n]} for n in range(1, 10)]
    game, setup, _, done = _play(
        "billiards",
        ["Ann", "Bob"],
        [
            {"type": "breaker", "side": "Ann"},
            *run_out,  # rack 1: Ann breaks and runs out
            {"type": "shot", "pocketed": [1]},  # rack 2: Ann breaks again (winner)
            {"type": "shot", "cue_ball": "pocket"},  # Ann scratches: Bob to shoot
            *[{"type": "shot", "pocketed": [n]} for n in range(2, 10)],  # Bob wins
        ],
        race=3,
    )
    got = stats.figures(game, setup, done)["players"]
    assert got["Ann"] == {
        "racks": 2,
        "racks_won": 1,
        "fouls": 1,
        "breaks": 2,
        "break_and_runs": 1,
    }
    assert got["Bob"]["racks_won"] == 1
    assert got["Bob"]["break_and_runs"] == 0


def test_bunko_figures_equal_the_tables_tallies_and_gin_counts_its_hands():
    raw = [
        {"type": "first_roll", "player": "Ann", "die": 6},
        {"type": "first_roll", "player": "Bob", "die": 2},
        {"type": "first_roll", "player": "Cy", "die": 3},
        {"type": "first_roll", "player": "Dee", "die": 1},
        {"type": "roll", "player": "Ann", "dice": [6, 6, 6]},
        {"type": "scramble", "team_a": 2, "team_b": 1},
        {"type": "roll", "player": "Ann", "dice": [1, 1, 1]},
        {"type": "roll", "player": "Bob", "dice": [6, 2, 3]},
    ]
    game, setup, state, done = _play("bunko", ["Ann", "Bob", "Cy", "Dee"], raw)
    got = stats.figures(game, setup, done)["players"]
    for name, tally in game.view(state)["detail"]["tallies"].items():
        assert got[name] == tally
    assert (got["Ann"]["bunkos"], got["Ann"]["wipeouts"]) == (1, 1)

    game, setup, state, done = _play(
        "gin-rummy",
        ["Ann", "Bob"],
        [
            {
                "type": "knock_counts",
                "knocker": 0,
                "knocker_count": 6,
                "opponent_count": 3,
            },
            {
                "type": "knock_counts",
                "knocker": 0,
                "knocker_count": 0,
                "opponent_count": 31,
                "gin": True,
            },
            {"type": "cancel"},
        ],
    )
    got = stats.figures(game, setup, done)["players"]
    assert got["Ann"] == {
        "hands": 3,
        "hands_won": 1,
        "gins": 1,
        "undercuts": 0,
        "undercut": 1,
    }
    assert got["Bob"] == {
        "hands": 3,
        "hands_won": 1,
        "gins": 0,
        "undercuts": 1,
        "undercut": 0,
    }
    assert [s["hands_won"] for s in game.view(state)["sides"]] == [1, 1]


def _last(event: dict, ruling: dict) -> SimpleNamespace:
    return SimpleNamespace(
        kind="event", event=event, ruling=ruling, current_ruling=None
    )


def test_the_caller_says_the_score_what_is_required_and_game_shot():
    game, setup, state, done = _play(
        "darts-301",
        ["Ann", "Bob"],
        [
            {"type": "round", "darts": ["T20", "T20", "T20"]},
            {"type": "round", "darts": ["T20", "T20", "S20"]},
        ],
        start="301",
    )
    view = game.view(state)
    said = caller.call("darts-301", view, _last(done[-1], {"verdict": "ok"}))
    assert said == "140. Ann, you require 121."
    step = game.apply(state, game.parse_event({"type": "dart", "dart": "T20"}, state))
    assert (
        caller.call("darts-301", game.view(step.state), _last({}, {"verdict": "ok"}))
        == ""
    )
    assert caller.call("darts-301", view, _last({}, {"verdict": "win"})).startswith(
        "Game shot"
    )
    assert caller.call("darts-301", view, _last({}, {"verdict": "bust"})).startswith(
        "No score."
    )


def test_the_caller_calls_a_bunko_once_not_again_at_the_scramble():
    game, _, state, _ = _play(
        "bunko",
        ["Ann", "Bob", "Cy", "Dee"],
        [
            {"type": "first_roll", "player": "Ann", "die": 6},
            {"type": "first_roll", "player": "Bob", "die": 2},
            {"type": "first_roll", "player": "Cy", "die": 3},
            {"type": "first_roll", "player": "Dee", "die": 1},
            {"type": "roll", "player": "Ann", "dice": [6, 6, 6]},
        ],
    )
    view = game.view(state)
    roll = _last({"type": "roll"}, {"verdict": "ok"})
    assert caller.call("bunko", view, roll) == "Bunko!"
    assert (
        caller.call("bunko", view, _last({"type": "scramble"}, {"verdict": "ok"})) == ""
    )
