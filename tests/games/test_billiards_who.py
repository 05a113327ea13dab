"""Who acted in a billiards match (issue 24): each event a player does may name the
player, and naming anyone the rules do not let act now is refused citing the rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games.billiards import GAME
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

BREAK_ANN = {"type": "breaker", "side": "Ann"}


def new(players=("Ann", "Bob"), teams=None, **options):
    return GAME.start(GAME.new_setup(list(players or []), options, teams))


def run(state, *events):
    step = None
    for event in events:
        step = GAME.step(state, event)
        state = step.state
    return step


def started(game="9-ball", **options):
    return run(new(game=game, **options), BREAK_ANN).state


def shot(**facts):
    return {"type": "shot", **facts}


def refused(state, event):
    before = repr(state)
    with pytest.raises(Refused) as caught:
        GAME.step(state, event)
    assert repr(state) == before, "a refusal changed the state"
    return caught.value.ruling


def turn(state):
    return GAME.view(state)["turn"]


# --- rule 36: the player at the table shoots ------------------------------------------


def test_rule_36_a_shot_naming_the_player_not_at_the_table_is_refused():
    state = run(started(), shot(pocketed=[1])).state  # Ann shoots on
    ruling = refused(state, shot(player="Bob", pocketed=[2]))
    assert ruling.rules == ("billiards/36",)
    assert "Bob" in ruling.summary
    assert "Ann" in ruling.summary


def test_rule_36_a_shot_naming_the_player_at_the_table_is_taken():
    state = run(started(), shot(pocketed=[1])).state
    step = run(state, shot(player="Ann", pocketed=[2]))
    assert step.ruling.verdict == Verdict.OK
    assert turn(step.state) == "Ann"


def test_rule_36_the_player_may_be_named_by_seat_number():
    state = run(started(), shot()).state  # Ann missed: Bob is at the table
    assert run(state, shot(player=1)).ruling.verdict == Verdict.OK
    assert refused(state, shot(player=0)).rules == ("billiards/36",)


def test_rule_6_the_opening_break_by_the_other_player_cites_who_breaks():
    ruling = refused(started(), shot(player="Bob"))
    assert ruling.rules == ("billiards/36", "billiards/6")


def test_rule_35_the_next_rack_is_broken_by_the_rotation():
    state = run(started(), shot(pocketed=[9])).state  # Ann wins the rack, breaks
    ruling = refused(state, shot(player="Bob"))
    assert ruling.rules == ("billiards/36", "billiards/35")
    assert run(state, shot(player="Ann")).ruling.verdict == Verdict.OK


def test_rule_40_the_shooter_fact_still_records_a_shot_out_of_turn_as_a_foul():
    step = run(started(), shot(), shot(shooter="Ann"))
    assert step.ruling.verdict == Verdict.FOUL
    assert "billiards/40" in step.ruling.rules


# --- rule 6: the lag winner chooses who breaks --------------------------------------


def test_rule_6_only_the_lag_winner_says_who_breaks():
    state = run(new(), {"type": "lag", "closer": "Bob"}).state
    ruling = refused(state, {"type": "breaker", "side": "Ann", "player": "Ann"})
    assert ruling.rules == ("billiards/36",)
    step = run(state, {"type": "breaker", "side": "Ann", "player": "Bob"})
    assert GAME.view(step.state)["turn"] == "Ann"


def test_rule_6_before_a_lag_either_player_reports_the_lot():
    step = run(new(), {"type": "breaker", "side": "Bob", "player": "Ann"})
    assert turn(step.state) == "Bob"


def test_rule_5_both_players_lag():
    for who in ("Ann", "Bob"):
        step = run(new(), {"type": "lag", "closer": "Ann", "player": who})
        assert "billiards/5" in step.ruling.rules


# --- choices, interference, racks and forfeits ----------------------------------------


def test_rule_8_the_incoming_player_makes_the_choice():
    state = run(started(game="plain"), shot(deflected=True)).state
    assert refused(state, {"type": "choose", "option": "take", "player": "Ann"}).rules
    step = run(state, {"type": "choose", "option": "take", "player": "Bob"})
    assert "billiards/8" in step.ruling.rules


def test_rule_40_only_the_player_not_shooting_can_interfere():
    state = started()
    ruling = refused(state, {"type": "interference", "by": "opponent", "player": "Ann"})
    assert ruling.rules == ("billiards/36",)
    step = run(state, {"type": "interference", "by": "opponent", "player": "Bob"})
    assert step.ruling.verdict == Verdict.FOUL
    assert "billiards/40" in step.ruling.rules


def test_rule_34_a_non_players_interference_names_no_player():
    event = {"type": "interference", "by": "non-player", "player": "Bob"}
    assert refused(started(), event).rules == ("billiards/34",)


def test_concede_only_the_loser_concedes_the_rack():
    state = started()
    ruling = refused(state, {"type": "rack", "winner": "Ann", "player": "Ann"})
    assert ruling.rules == ("billiards/match/concede",)
    step = run(state, {"type": "rack", "winner": "Ann", "player": "Bob"})
    assert step.ruling.verdict == Verdict.WIN


def test_plain_mode_either_player_reports_the_rack():
    step = run(
        started(game="plain"), {"type": "rack", "winner": "Ann", "player": "Bob"}
    )
    assert step.ruling.verdict == Verdict.WIN


def test_forfeit_a_side_forfeits_only_its_own_match():
    ruling = refused(new(), {"type": "forfeit", "side": "Bob", "player": "Ann"})
    assert ruling.rules == ("billiards/match/forfeit",)
    step = run(new(), {"type": "forfeit", "side": "Bob", "player": "Bob"})
    assert step.ruling.verdict == Verdict.FORFEIT


def test_rule_30_a_ball_settling_by_itself_names_nobody():
    with pytest.raises(BadInput):
        GAME.step(started(), {"type": "settle", "ball": "3", "player": "Ann"})


def test_a_team_match_names_the_team_at_the_table():
    teams = [
        {"name": "Reds", "players": ["Ann", "Cy"]},
        {"name": "Blues", "players": ["Bob", "Di"]},
    ]
    state = run(new(players=None, teams=teams), {"type": "breaker", "side": "Reds"})
    assert run(state.state, shot(player="Reds")).ruling.verdict == Verdict.OK
    state = run(state.state, shot()).state  # the Reds missed: the Blues shoot
    ruling = refused(state, shot(player="Reds"))
    assert ruling.rules == ("billiards/36",)
    assert "Reds" in ruling.summary
    assert "Blues" in ruling.summary


# --- the game's own rule on the first ball ---------------------------------------


def test_9_ball_lowest_first_a_wrong_first_ball_cites_the_9_ball_rule():
    step = run(started(), shot(), shot(first_contact=3))
    assert step.ruling.verdict == Verdict.FOUL
    assert {"billiards/17", "billiards/9-ball/lowest-first"} <= set(step.ruling.rules)


def test_8_ball_call_hitting_the_other_group_first_cites_the_8_ball_rule():
    state = run(started(game="8-ball"), shot(), shot(pocketed=[3])).state
    step = run(state, shot(first_contact=10))
    assert step.ruling.verdict == Verdict.FOUL
    assert {"billiards/17", "billiards/8-ball/call"} <= set(step.ruling.rules)


def test_8_ball_call_on_an_open_table_hitting_any_group_is_no_foul():
    step = run(started(game="8-ball"), shot(), shot(first_contact=10))
    assert step.ruling.verdict == Verdict.OK


# --- naming the player in turn changes nothing ---------------------------------------

FACTS = st.sampled_from(
    [
        {},
        {"pocketed": [1]},
        {"pocketed": [2, 3]},
        {"cue_ball": "pocket"},
        {"first_contact": "none"},
        {"cushion": False},
        {"deflected": True},
        {"moving": True},
        {"struck_with": "shaft", "intentional": True},
        {"touched": [4]},
    ]
)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["9-ball", "8-ball", "14-1", "plain"]),
    shots=st.lists(FACTS, min_size=1, max_size=8),
)
def test_naming_the_player_in_turn_never_changes_the_ruling(game, shots):
    state = started(game=game)
    for facts in shots:
        view = GAME.view(state)
        if "shot" not in view["expects"]:
            break
        try:
            plain = GAME.step(state, shot(**facts))
        except (Refused, BadInput):
            continue
        named = GAME.step(state, shot(player=view["turn"], **facts))
        assert named.ruling.to_json() == plain.ruling.to_json()
        assert named.state == plain.state
        state = plain.state


def test_rule_34_after_a_new_lag_in_14_1_the_old_lag_winner_chooses_nothing():
    state = run(
        new(game="14-1"),
        {"type": "lag", "closer": "Ann"},
        BREAK_ANN,
        {"type": "interference", "by": "non-player", "restorable": False},
    ).state
    assert GAME.view(state)["phase"] == "lag"
    step = run(state, {"type": "breaker", "side": "Bob", "player": "Bob"})
    assert turn(step.state) == "Bob"
