"""Billiards matches: lag and break, fouls priced by 9-ball, 8-ball, 14.1 and plain."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import rulebook
from referee.games.billiards import GAME
from referee.games.boards import side_names
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

BREAK_ANN = {"type": "breaker", "side": "Ann"}


# --- helpers -----------------------------------------------------------------------


def new(players=("Ann", "Bob"), teams=None, **options):
    return GAME.start(GAME.new_setup(list(players or []), options, teams))


def shot(**facts):
    return {"type": "shot", **facts}


def run(state, *events):
    """Apply events in order; returns the last step (and checks every citation)."""
    step = None
    for event in events:
        step = GAME.step(state, event)
        for rule_id in step.ruling.rules:
            assert rulebook.rule(rule_id) is not None, rule_id
        state = step.state
    return step


def started(game="9-ball", **options):
    return run(new(game=game, **options), BREAK_ANN).state


def side(state, name):
    return next(s for s in GAME.view(state)["sides"] if s["name"] == name)


def detail(state):
    return GAME.view(state)["detail"]


# --- lag and break: rules 5, 6, 7 -----------------------------------------------------


def test_rule_5_a_new_match_waits_for_the_lag():
    view = GAME.view(new())
    assert view["phase"] == "lag"
    assert view["expects"] == ["lag", "breaker", "forfeit"]


def test_rule_5_a_tied_lag_is_replayed():
    step = run(
        new(),
        {"type": "lag", "first_faults": ["pocketed"], "second_faults": ["off-table"]},
    )
    assert GAME.view(step.state)["phase"] == "lag"
    assert "lag again" in step.ruling.summary


def test_rule_6_the_lag_winner_may_give_the_break_away():
    state = run(new(), {"type": "lag", "closer": "Ann"}).state
    view = GAME.view(state)
    assert view["turn"] == "Ann"
    assert view["expects"] == ["breaker", "forfeit"]
    state = run(state, {"type": "breaker", "side": "Bob"}).state
    assert detail(state)["breaker"] == "Bob"
    assert detail(state)["ball_in_hand"] == "kitchen"
    assert detail(state)["opening_break"] is True


def test_rule_6_lagging_again_after_the_break_is_refused():
    with pytest.raises(Refused, match="lag is over"):
        run(started(), {"type": "lag", "closer": "Ann"})


def test_rule_7_a_break_that_never_crosses_the_string_is_taken_again():
    state = started()
    step = run(state, shot(crossed=False))
    assert step.ruling.verdict == Verdict.VOID
    assert detail(step.state)["opening_break"] is True
    assert GAME.view(step.state)["turn"] == "Ann"


def test_shots_before_the_break_is_decided_are_refused():
    with pytest.raises(Refused, match="Lag for the break first"):
        run(new(), shot())


# --- the general penalty: rules 16, 4, 36 ---------------------------------------------


def test_rule_16_a_foul_ends_the_inning_and_credits_nothing():
    state = started(game="14-1", points=50)
    step = run(state, shot(pocketed=[1, 2], cue_ball="pocket"))
    assert step.ruling.verdict == Verdict.FOUL
    assert dict(step.ruling.score) == {"Ann": -1}
    assert GAME.view(step.state)["turn"] == "Bob"
    assert detail(step.state)["balls"] == list(range(1, 16))  # 14.1 spots them


def test_rule_16_balls_are_respotted_only_where_the_game_says():
    state = started()
    step = run(state, shot(pocketed=[1, 5], touched=[3]))  # 9-ball: they stay down
    assert detail(step.state)["balls"] == [2, 3, 4, 6, 7, 8, 9]
    assert detail(step.state)["spots"] == []


def test_rule_4_a_legal_shot_pocketing_nothing_passes_the_table():
    step = run(started(), shot())
    assert "billiards/4" in step.ruling.rules
    assert GAME.view(step.state)["turn"] == "Bob"
    assert detail(step.state)["ball_in_hand"] is None


def test_rule_36_innings_are_counted_per_player_and_for_the_match():
    state = started()
    state = run(state, shot(pocketed=[1]), shot(), shot(), shot(pocketed=[2])).state
    assert side(state, "Ann")["innings"] == 2
    assert side(state, "Bob")["innings"] == 1
    assert detail(state)["innings"] == 3


def test_one_tap_legal_shot_keeps_the_shooter_at_the_table():
    step = run(started(), {"type": "shot", "pocketed": [1]})
    assert step.ruling.verdict == Verdict.OK
    assert "Ann shoots again" in step.ruling.summary
    assert GAME.view(step.state)["turn"] == "Ann"


# --- fouls in a match: rules 8, 20, 28, 29, 38, 40 ------------------------------------


def test_rule_8_a_second_deflection_in_the_match_forfeits_it():
    state = started(race=3)
    step = run(state, shot(deflected=True))
    assert step.ruling.verdict == Verdict.WARNING
    assert side(step.state, "Ann")["warnings"] == 1
    assert side(step.state, "Ann")["warned_for"] == ["billiards/8"]
    # Bob runs the rack; Bob breaks rack 2 and Ann breaks rack 3 after winning 2.
    state = run(step.state, shot(pocketed=[1, 9])).state
    state = run(state, shot(), shot(pocketed=[1, 9])).state
    assert detail(state)["breaker"] == "Ann"
    step = run(state, shot(deflected=True))
    assert step.ruling.verdict == Verdict.FORFEIT
    view = GAME.view(step.state)
    assert view["winner"] == "Bob"
    assert view["detail"]["forfeit"]["side"] == "Ann"


def test_rule_8_in_9_ball_the_incoming_player_has_ball_in_hand_anywhere():
    step = run(started(), shot(deflected=True))
    assert detail(step.state)["ball_in_hand"] == "table"
    assert detail(step.state)["choices"] == []


@pytest.mark.parametrize("choice", ["take", "pass"])
def test_rule_8_elsewhere_the_incoming_player_takes_or_passes_the_kitchen(choice):
    state = run(started(game="8-ball"), shot(deflected=True)).state
    view = GAME.view(state)
    assert view["expects"] == ["choose", "forfeit"]
    assert view["turn"] == "Bob"
    assert [c["option"] for c in view["detail"]["choices"]] == ["take", "pass"]
    state = run(state, {"type": "choose", "option": choice}).state
    view = GAME.view(state)
    assert view["turn"] == ("Bob" if choice == "take" else "Ann")
    assert view["detail"]["ball_in_hand"] == "kitchen"


def test_rule_8_a_choice_that_is_not_offered_is_refused():
    state = run(started(game="plain"), shot(deflected=True)).state
    with pytest.raises(Refused, match="take or pass"):
        run(state, {"type": "choose", "option": "replay"})
    with pytest.raises(Refused, match="chooses first"):
        run(state, shot())


def test_choose_with_nothing_pending_is_refused():
    with pytest.raises(Refused, match="nothing to choose"):
        run(started(), {"type": "choose", "option": "take"})


def test_rule_20_the_incoming_player_chooses_restoration_without_a_referee():
    step = run(started(), shot(touched=[4]))
    assert "go back or stay, as Bob chooses" in detail(step.state)["restore"]
    assert "go back or stay" in step.ruling.summary
    assert detail(step.state)["after_foul"] == (
        "Bob has cue ball in hand anywhere on the table"
    )
    step = run(started(referee=True), shot(touched=[4]))
    assert detail(step.state)["restore"] == "the referee puts the moved balls back"
    assert "referee" in step.ruling.options
    after = run(step.state, shot())
    assert detail(after.state)["restore"] is None  # a legal shot clears it


def test_rule_28_intentional_ferrule_is_a_warning_then_forfeit():
    state = started()
    step = run(state, shot(struck_with="ferrule", intentional=True))
    assert step.ruling.verdict == Verdict.WARNING
    assert "billiards/28" in step.ruling.rules
    last = run(step.state, shot(), shot(struck_with="shaft", intentional=True))
    view = GAME.view(last.state)
    assert view["winner"] == "Bob"
    assert view["sides"][0]["forfeited"] is True
    assert {"billiards/28", "billiards/match/forfeit"} <= set(last.ruling.rules)


def test_rule_29_interfering_twice_in_one_inning_is_charged_once():
    state = started()
    state = run(state, shot(pocketed=[1])).state
    first = run(state, {"type": "interference", "by": "opponent"})
    assert first.ruling.verdict == Verdict.FOUL
    second = run(first.state, {"type": "interference", "by": "opponent"})
    assert second.ruling.verdict == Verdict.OK
    assert "billiards/29" in second.ruling.rules
    assert side(second.state, "Bob")["fouls"] == 1


def test_rule_38_without_referee_the_opponent_may_call_the_foul():
    # 14.1: Ann scratches, so Bob has cue ball in hand behind the head string.
    state = run(started(game="14-1"), shot(cue_ball="pocket")).state
    assert detail(state)["ball_in_hand"] == "kitchen"
    step = run(state, shot(before_leaving="cushion"))
    assert step.ruling.verdict == Verdict.OK
    assert GAME.view(step.state)["turn"] == "Ann"  # Ann chooses
    called = run(step.state, {"type": "choose", "option": "foul"})
    assert called.ruling.verdict == Verdict.FOUL
    assert "billiards/38" in called.ruling.rules
    assert dict(called.ruling.score) == {"Bob": -1}
    replay = run(step.state, {"type": "choose", "option": "replay"})
    assert GAME.view(replay.state)["turn"] == "Bob"
    assert side(replay.state, "Bob")["fouls"] == 0


def test_rule_40_shooting_out_of_turn_is_the_out_of_turn_players_foul():
    state = run(started(), shot(pocketed=[1])).state
    step = run(state, shot(shooter="Bob", pocketed=[2]))
    assert step.ruling.verdict == Verdict.FOUL
    assert "billiards/40" in step.ruling.rules
    assert side(step.state, "Bob")["fouls"] == 1
    assert side(step.state, "Bob")["successive"] == 0
    assert GAME.view(step.state)["turn"] == "Ann"
    assert detail(step.state)["balls"] == list(range(2, 10))  # the 2 goes back


def test_rule_40_opponent_interference_during_a_stroke():
    step = run(started(), shot(pocketed=[1]), shot(interference="opponent"))
    assert side(step.state, "Bob")["fouls"] == 1
    assert GAME.view(step.state)["turn"] == "Ann"
    assert detail(step.state)["ball_in_hand"] == "table"


# --- rules 27, 30, 31, 32, 33, 34 in a match ------------------------------------------


def test_rule_27_jumped_object_balls_are_spotted_except_in_9_ball():
    step = run(started(game="8-ball"), shot(off_table=[3, 12]))
    assert [s["ball"] for s in detail(step.state)["spots"]] == [3, 12]
    assert 3 in detail(step.state)["balls"]
    step = run(started(), shot(off_table=[3, 9]))  # 9-ball: only the 9 comes back
    assert [s["ball"] for s in detail(step.state)["spots"]] == [9]
    assert 3 not in detail(step.state)["balls"]


def test_rule_30_a_ball_that_settles_stays_and_a_hanging_ball_goes_back():
    state = started()
    step = run(state, {"type": "settle", "ball": "4"})
    assert "stays where it stopped" in step.ruling.summary
    step = run(state, {"type": "settle", "ball": "4", "fell": True})
    assert "put it back" in step.ruling.summary
    with pytest.raises(Refused, match="5 seconds"):
        run(state, {"type": "settle", "ball": "4", "fell": True, "still": False})


def test_rule_30_a_ball_falling_as_it_is_shot_at_is_replayed():
    step = run(started(), shot(fell_as_shot=True, first_contact="none"))
    assert GAME.view(step.state)["turn"] == "Ann"
    assert side(step.state, "Ann")["fouls"] == 0


def test_rule_31_spotted_balls_use_the_reported_blockers():
    step = run(
        started(game="14-1"),
        shot(pocketed=[2, 7], cue_ball="pocket", blocked=[0], cue_at=2),
    )
    spots = detail(step.state)["spots"]
    assert [(s["ball"], s["position"]) for s in spots] == [(2, 1), (7, 3)]
    assert spots[0]["against"] == "cue"


def test_rule_32_jawed_balls_that_would_fall_count_in_a_match():
    step = run(started(game="14-1"), shot(jawed_in=[4], jawed_out=[5]))
    assert dict(step.ruling.score) == {"Ann": 1}


def test_rule_33_extra_balls_on_a_scoring_stroke_count():
    step = run(started(game="14-1"), shot(pocketed=[3, 4, 5]))
    assert dict(step.ruling.score) == {"Ann": 3}
    assert "billiards/33" in step.ruling.rules


def test_rule_34_interference_that_cannot_be_undone_replays_the_rack():
    state = run(started(), shot(pocketed=[1, 2])).state
    step = run(state, {"type": "interference", "by": "non-player", "restorable": False})
    assert step.ruling.verdict == Verdict.VOID
    assert detail(step.state)["balls"] == list(range(1, 10))
    assert detail(step.state)["breaker"] == "Ann"
    assert detail(step.state)["rack"] == 1


def test_rule_34_in_14_1_a_new_rack_is_lagged_for_and_the_score_stands():
    state = run(started(game="14-1"), shot(pocketed=[1, 2])).state
    step = run(state, shot(interference="non-player", restorable=False))
    view = GAME.view(step.state)
    assert view["phase"] == "lag"
    assert view["sides"][0]["score"] == 2


def test_rule_34_restorable_interference_changes_nothing():
    state = started()
    step = run(state, {"type": "interference", "by": "non-player"})
    assert step.state == state


# --- rule 35: who breaks next ---------------------------------------------------------


@pytest.mark.parametrize(
    ("rotation", "breakers"),
    [
        ("winner", ["Ann", "Bob", "Bob", "Ann", "Ann"]),
        ("alternate", ["Ann", "Bob", "Ann", "Bob", "Ann"]),
        ("loser", ["Ann", "Ann", "Ann", "Bob", "Bob"]),
        ("trailing", ["Ann", "Ann", "Ann", "Ann", "Bob"]),  # 2-2: alternate
    ],
)
def test_rule_35_break_rotation_options(rotation, breakers):
    state = run(new(game="plain", rotation=rotation, race=5), BREAK_ANN).state
    seen = [detail(state)["breaker"]]
    for winner in ("Bob", "Bob", "Ann", "Ann"):
        state = run(state, {"type": "rack", "winner": winner}).state
        seen.append(detail(state)["breaker"])
    assert seen == breakers


def test_rule_35_trailing_on_a_level_score_alternates():
    state = run(new(game="plain", rotation="trailing"), BREAK_ANN).state
    state = run(state, {"type": "rack", "winner": "Ann"}).state  # Bob trails
    assert detail(state)["breaker"] == "Bob"
    state = run(state, {"type": "rack", "winner": "Bob"}).state  # 1-1: alternate
    assert detail(state)["breaker"] == "Ann"


# --- 9-ball ---------------------------------------------------------------------------


def test_9_ball_the_lowest_ball_is_on():
    state = run(started(), shot(pocketed=[1, 3])).state
    assert detail(state)["on"] == [2]
    step = run(state, shot(first_contact=4))
    assert "the 4 first, not the 2" in step.ruling.summary


def test_9_ball_the_9_on_the_break_wins_the_rack():
    step = run(started(), shot(pocketed=[9]))
    assert step.ruling.verdict == Verdict.WIN
    assert side(step.state, "Ann")["score"] == 1


def test_9_ball_the_9_on_a_foul_is_spotted_and_does_not_win():
    step = run(started(), shot(pocketed=[9], cue_ball="pocket"))
    assert step.ruling.verdict == Verdict.FOUL
    assert detail(step.state)["spots"][0]["ball"] == 9
    assert 9 in detail(step.state)["balls"]
    assert side(step.state, "Ann")["score"] == 0


def test_9_ball_three_fouls_in_a_row_lose_the_rack():
    state = started()
    state = run(state, shot(cue_ball="pocket"), shot()).state  # Ann 1, Bob misses
    step = run(state, shot(first_contact="none"))  # Ann 2
    assert "a third loses the rack" in step.ruling.summary
    step = run(step.state, shot(), shot(push=True))  # Bob misses, Ann 3
    assert step.ruling.verdict == Verdict.WIN
    assert side(step.state, "Bob")["score"] == 1
    assert "billiards/9-ball/three-fouls" in step.ruling.rules


def test_9_ball_a_legal_shot_resets_the_fouls_in_a_row():
    state = started()
    state = run(
        state,
        shot(cue_ball="pocket"),
        shot(),
        shot(first_contact="none"),
        shot(),
        shot(),
    ).state  # Ann fouls twice, then shoots legally
    assert side(state, "Ann")["successive"] == 0
    assert side(state, "Ann")["fouls"] == 2


def test_9_ball_push_out_right_after_the_break_then_the_opponent_chooses():
    state = run(started(), shot()).state  # dry break: Bob may push out
    step = run(state, shot(push_out=True, first_contact="none", cushion=False))
    assert step.ruling.verdict == Verdict.OK
    assert "billiards/9-ball/push-out" in step.ruling.rules
    view = GAME.view(step.state)
    assert view["turn"] == "Ann"
    assert [c["option"] for c in view["detail"]["choices"]] == ["shoot", "pass"]
    shoot = run(step.state, {"type": "choose", "option": "shoot"})
    assert GAME.view(shoot.state)["detail"]["at_table"] == "Ann"
    passed = run(step.state, {"type": "choose", "option": "pass"})
    assert GAME.view(passed.state)["detail"]["at_table"] == "Bob"
    with pytest.raises(Refused, match="right after the break"):
        run(passed.state, shot(push_out=True))


def test_9_ball_push_out_credits_nothing_and_spots_the_9():
    state = run(started(), shot()).state
    step = run(state, shot(push_out=True, pocketed=[4, 9]))
    assert side(step.state, "Bob")["score"] == 0
    assert detail(step.state)["balls"] == [1, 2, 3, 5, 6, 7, 8, 9]
    assert detail(step.state)["spots"][0]["ball"] == 9


def test_9_ball_a_foul_on_a_push_out_is_still_a_foul():
    state = run(started(), shot()).state
    step = run(state, shot(push_out=True, cue_ball="pocket"))
    assert step.ruling.verdict == Verdict.FOUL


def test_push_out_is_refused_outside_9_ball_and_on_the_break():
    with pytest.raises(Refused, match="push out"):
        run(started(), shot(push_out=True))
    state = run(started(game="8-ball"), shot()).state
    with pytest.raises(Refused, match="push out"):
        run(state, shot(push_out=True))


def test_9_ball_a_ball_that_is_not_on_the_table_is_bad_input():
    state = run(started(), shot(pocketed=[1])).state
    with pytest.raises(BadInput, match="The 1 is not on the table"):
        run(state, shot(pocketed=[1]))
    with pytest.raises(BadInput, match="not a ball"):
        run(state, shot(pocketed=[12]))
    with pytest.raises(BadInput, match="leave 'on' out"):
        run(state, shot(on=[2]))


# --- 8-ball ---------------------------------------------------------------------------


def eight_ball(**options):
    return started(game="8-ball", **options)


def test_8_ball_the_first_called_ball_after_the_break_decides_the_groups():
    state = run(eight_ball(), shot(pocketed=[3])).state  # break: table stays open
    assert detail(state)["open_table"] is True
    step = run(state, shot(pocketed=[12]))
    assert side(step.state, "Ann")["group"] == "stripes"
    assert side(step.state, "Bob")["group"] == "solids"
    assert "billiards/8-ball/groups" in step.ruling.rules


def test_8_ball_both_groups_dropping_needs_the_called_ball():
    state = run(eight_ball(), shot()).state
    with pytest.raises(BadInput, match="which ball was called"):
        run(state, shot(pocketed=[2, 10]))
    step = run(state, shot(pocketed=[2, 10], called="2"))
    assert side(step.state, "Bob")["group"] == "solids"


def test_8_ball_hitting_the_8_first_on_an_open_table_only_costs_the_turn():
    state = run(eight_ball(), shot()).state
    step = run(state, shot(first_contact=8, pocketed=[3]))
    assert step.ruling.verdict == Verdict.OK
    assert GAME.view(step.state)["turn"] == "Ann"
    assert side(step.state, "Bob")["group"] is None


def test_8_ball_hitting_the_opponents_group_first_is_a_foul():
    state = run(eight_ball(), shot(), shot(pocketed=[1])).state  # Bob: solids
    step = run(state, shot(first_contact=2))  # Bob shoots on; 2 is his own
    assert step.ruling.verdict == Verdict.OK
    step = run(state, shot(first_contact=9))
    assert step.ruling.verdict == Verdict.FOUL
    assert detail(step.state)["ball_in_hand"] == "table"


def test_8_ball_the_called_ball_missing_ends_the_inning():
    state = run(eight_ball(), shot(), shot(pocketed=[1])).state
    step = run(state, shot(pocketed=[2], call_made=False))
    assert GAME.view(step.state)["turn"] == "Ann"
    assert 2 not in detail(step.state)["balls"]


def test_8_ball_an_early_8_loses_the_rack():
    state = run(eight_ball(), shot(), shot(pocketed=[1])).state
    step = run(state, shot(pocketed=[8]))
    assert step.ruling.verdict == Verdict.WIN
    assert side(step.state, "Ann")["score"] == 1
    (lost,) = step.ruling.penalties  # the penalty the rule names: loss of the rack
    assert (lost.side, lost.rule) == ("Bob", "billiards/8-ball/eight-ball")
    assert "loss of the rack" in lost.reason


def test_8_ball_the_called_8_after_the_group_wins_and_an_uncalled_8_loses():
    state = run(eight_ball(), shot(), shot(pocketed=[1, 2, 3])).state
    state = run(state, shot(pocketed=[4, 5, 6, 7])).state
    assert detail(state)["on"] == [8]
    win = run(state, shot(pocketed=[8]))
    assert side(win.state, "Bob")["score"] == 1
    lose = run(state, shot(pocketed=[8], call_made=False))
    assert side(lose.state, "Ann")["score"] == 1


def test_8_ball_the_8_with_the_last_group_ball_loses():
    state = run(eight_ball(), shot(), shot(pocketed=[1, 2, 3, 4, 5, 6])).state
    step = run(state, shot(pocketed=[7, 8]))
    assert side(step.state, "Ann")["score"] == 1


def test_8_ball_the_8_on_a_foul_loses_the_rack():
    state = run(eight_ball(), shot(), shot(pocketed=[1])).state
    step = run(state, shot(pocketed=[8], cue_ball="pocket"))
    assert step.ruling.verdict == Verdict.WIN
    assert side(step.state, "Ann")["score"] == 1
    assert "billiards/8-ball/eight-ball" in step.ruling.rules


def test_8_ball_the_8_on_the_break_is_spotted_or_wins_by_option():
    step = run(eight_ball(), shot(pocketed=[8]))
    assert detail(step.state)["spots"][0]["ball"] == 8
    assert GAME.view(step.state)["turn"] == "Ann"
    step = run(eight_ball(eight_on_break="win"), shot(pocketed=[8]))
    assert side(step.state, "Ann")["score"] == 1


def test_8_ball_a_scratch_on_the_break_gives_the_kitchen():
    step = run(eight_ball(), shot(cue_ball="pocket", pocketed=[8]))
    assert detail(step.state)["ball_in_hand"] == "kitchen"
    assert 8 in detail(step.state)["balls"]


# --- 14.1 -----------------------------------------------------------------------------


def test_14_1_a_foul_costs_a_point_and_the_table_as_it_lies():
    step = run(started(game="14-1"), shot(push=True))
    assert dict(step.ruling.score) == {"Ann": -1}
    assert detail(step.state)["ball_in_hand"] is None


def test_14_1_third_foul_costs_fifteen_more_and_a_new_break():
    state = started(game="14-1")
    for _ in range(2):
        state = run(state, shot(cue_ball="pocket"), shot()).state
    step = run(state, shot(first_contact="none"))
    assert dict(step.ruling.score) == {"Ann": -16}
    assert side(step.state, "Ann")["score"] == -18
    assert side(step.state, "Ann")["successive"] == 0
    assert detail(step.state)["opening_break"] is True
    assert GAME.view(step.state)["turn"] == "Ann"


def test_14_1_racks_continue_when_one_ball_is_left():
    state = started(game="14-1", points=200)
    step = run(state, shot(pocketed=list(range(1, 15))))
    assert detail(step.state)["balls"] == list(range(1, 16))
    assert detail(step.state)["rack"] == 2
    assert "billiards/14-1/rerack" in step.ruling.rules


def test_14_1_reaching_the_points_total_wins():
    step = run(started(game="14-1", points=3), shot(pocketed=[1, 2, 3]))
    assert step.ruling.verdict == Verdict.WIN
    assert GAME.view(step.state)["winner"] == "Ann"


def test_14_1_has_no_rack_event():
    with pytest.raises(Refused, match="scored by points"):
        run(started(game="14-1"), {"type": "rack", "winner": "Ann"})


# --- plain mode, racks, races, forfeits, teams ----------------------------------------


def test_plain_mode_rack_won_and_race():
    state = run(new(game="plain", race=2), BREAK_ANN).state
    state = run(state, {"type": "rack", "winner": "Bob"}).state
    assert (
        "billiards/35"
        in run(
            run(new(game="plain", race=2), BREAK_ANN).state,
            {"type": "rack", "winner": "Bob"},
        ).ruling.rules
    )  # a rack won, not the match: who breaks next is rule 35's
    step = run(state, {"type": "rack", "winner": "Bob"})
    assert "billiards/match/race" in step.ruling.rules  # the race decided the match
    view = GAME.view(step.state)
    assert view["winner"] == "Bob"
    assert view["expects"] == []
    assert [r["winner"] for r in view["detail"]["racks"]] == ["Bob", "Bob"]
    with pytest.raises(Refused, match="match is over"):
        run(step.state, shot())


@pytest.mark.parametrize(
    ("penalty", "scratch", "other"),
    [("anywhere", "table", "table"), ("kitchen-after-scratch", "kitchen", None)],
)
def test_plain_mode_foul_price_follows_the_option(penalty, scratch, other):
    state = started(game="plain", plain_penalty=penalty)
    assert detail(run(state, shot(cue_ball="pocket")).state)["ball_in_hand"] == scratch
    assert detail(run(state, shot(push=True)).state)["ball_in_hand"] == other


def test_plain_mode_uses_the_balls_on_given_with_the_shot():
    step = run(started(game="plain"), shot(on=[3], first_contact=5))
    assert step.ruling.verdict == Verdict.FOUL


def test_a_conceded_rack_goes_to_the_winner():
    step = run(started(), {"type": "rack", "winner": "Bob"})
    assert "Ann conceded" in GAME.view(step.state)["detail"]["racks"][0]["how"]


def test_forfeit_is_recorded_as_such():
    step = run(new(), {"type": "forfeit", "side": "Bob", "reason": "no show"})
    view = GAME.view(step.state)
    assert step.ruling.verdict == Verdict.FORFEIT
    assert "billiards/match/forfeit" in step.ruling.rules
    assert view["winner"] == "Ann"
    assert view["detail"]["forfeit"] == {"side": "Bob", "reason": "no show"}
    assert [s["score"] for s in view["sides"]] == [0, 0]


def test_teams_play_as_two_sides():
    teams = [
        {"name": "Reds", "players": ["Ann", "Cy"]},
        {"name": "Blues", "players": ["Bob", "Di"]},
    ]
    state = new(players=None, teams=teams)
    state = run(state, {"type": "breaker", "side": "Blues"}).state
    view = GAME.view(state)
    assert [s["name"] for s in view["sides"]] == ["Reds", "Blues"]
    assert view["turn"] == "Blues"


def test_a_match_is_two_players_or_two_teams():
    with pytest.raises(BadInput, match="two players"):
        GAME.new_setup(["Ann", "Bob", "Cy"])
    with pytest.raises(BadInput, match="two teams"):
        GAME.new_setup(
            None,
            None,
            [
                {"name": "A", "players": ["a"]},
                {"name": "B", "players": ["b"]},
                {"name": "C", "players": ["c"]},
            ],
        )


# --- the contract ---------------------------------------------------------------------


def test_every_example_is_legal_after_its_setup():
    for kind in GAME.events:
        assert kind.examples, kind.type
        for example in kind.examples:
            state = GAME.start(
                GAME.new_setup(list(example.players), dict(example.options))
            )
            for event in example.setup:
                state = GAME.step(state, event).state
            assert kind.type in GAME.view(state)["expects"]
            GAME.step(state, example.event)


def test_a_rack_is_not_conceded_while_the_incoming_player_owes_a_choice():
    # what the board offers is what the engine takes: the choice comes first
    state = run(started(game="8-ball"), shot(deflected=True)).state
    assert "rack" not in GAME.view(state)["expects"]
    with pytest.raises(Refused, match="Bob chooses first: take or pass") as err:
        GAME.step(state, {"type": "rack", "winner": "Ann"})
    assert err.value.ruling.rules == ("billiards/8",)


def test_view_lists_every_documented_key():
    view = GAME.view(started())
    assert set(view["detail"]) == {
        "game",
        "race",
        "races",
        "points_to_win",
        "rotation",
        "referee",
        "rack",
        "innings",
        "at_table",
        "breaker",
        "opening_break",
        "ball_in_hand",
        "balls",
        "on",
        "open_table",
        "chooser",
        "choices",
        "after_foul",
        "restore",
        "spots",
        "lag_winner",
        "racks",
        "forfeit",
    }
    assert set(view["sides"][0]) == {
        "name",
        "score",
        "fouls",
        "successive",
        "warnings",
        "warned_for",
        "conduct",
        "innings",
        "group",
        "forfeited",
    }


# --- the replay -----------------------------------------------------------------------


def test_replay_race_to_3_nine_ball_with_a_foul_a_warning_and_a_forfeit():
    state = new(game="9-ball", race=3)
    transcript = [
        ({"type": "lag", "closer": "Ann"}, Verdict.OK),
        ({"type": "breaker", "side": "Ann"}, Verdict.OK),
        (shot(pocketed=[1]), Verdict.OK),  # Ann breaks and makes the 1
        (shot(first_contact="none"), Verdict.FOUL),  # misses the 2: Bob in hand
        (shot(pocketed=[2, 9]), Verdict.WIN),  # Bob 2-9 combination: 0-1
        (shot(), Verdict.OK),  # Bob breaks dry
        (shot(pocketed=[1, 2, 3]), Verdict.OK),
        (shot(pocketed=[4, 5, 6, 7, 8]), Verdict.OK),
        (shot(pocketed=[9]), Verdict.WIN),  # Ann runs out: 1-1
        (shot(deflected=True), Verdict.WARNING),  # Ann's break, deflected: warned
        (shot(), Verdict.OK),  # Bob, ball in hand anywhere, misses
        (shot(pocketed=[9]), Verdict.WIN),  # Ann 1-9 combination: 2-1
        (shot(deflected=True), Verdict.FORFEIT),  # second deflection: forfeit
    ]
    for event, verdict in transcript:
        step = run(state, event)
        assert step.ruling.verdict == verdict, (event, step.ruling.summary)
        state = step.state
    view = GAME.view(state)
    assert [s["score"] for s in view["sides"]] == [2, 1]
    assert view["winner"] == "Bob"
    assert view["detail"]["forfeit"] == {
        "side": "Ann",
        "reason": "second violation of rule 8",
    }
    ann, bob = view["sides"]
    assert (ann["fouls"], ann["warnings"], ann["forfeited"]) == (3, 1, True)
    assert (bob["fouls"], bob["warnings"]) == (0, 0)
    assert view["expects"] == []


# --- properties -----------------------------------------------------------------------


@st.composite
def stroke(draw, balls: list[int]):
    """Facts of a random stroke consistent with the balls on the table."""
    facts: dict = {}
    if balls and draw(st.booleans()):
        facts["pocketed"] = draw(
            st.lists(st.sampled_from(balls), max_size=3, unique=True)
        )
    rest = [b for b in balls if b not in facts.get("pocketed", [])]
    if rest and draw(st.integers(0, 5)) == 0:
        facts["off_table"] = [draw(st.sampled_from(rest))]
    contact = draw(st.sampled_from(["legal", "legal", "none", "ball"]))
    if contact == "none" and not facts.get("pocketed"):
        facts["first_contact"] = "none"
    elif contact == "ball" and balls:
        facts["first_contact"] = draw(st.sampled_from(balls))
    facts["cue_ball"] = draw(st.sampled_from(["table"] * 4 + ["pocket", "off"]))
    for name in ("push", "double_hit", "intentional", "push_out"):
        if draw(st.integers(0, 6)) == 0:
            facts[name] = True
    if draw(st.integers(0, 6)) == 0:
        facts["struck_with"] = "ferrule"
    if draw(st.integers(0, 8)) == 0:
        facts["shooter"] = draw(st.sampled_from(["Ann", "Bob"]))
    facts["cushion"] = draw(st.booleans())
    return shot(**facts)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["9-ball", "8-ball", "14-1", "plain"]), data=st.data())
def test_property_one_foul_per_inning_and_a_foul_never_credits_the_shooter(game, data):
    state = run(new(game=game, race=9, points=500), BREAK_ANN).state
    for _ in range(25):
        view = GAME.view(state)
        if view["over"]:
            break
        if "choose" in view["expects"]:
            option = data.draw(
                st.sampled_from([c["option"] for c in view["detail"]["choices"]])
            )
            event = {"type": "choose", "option": option}
        else:
            balls = view["detail"]["balls"] or list(range(1, 16))
            event = data.draw(stroke(balls))
        try:
            step = GAME.step(state, event)
        except (BadInput, Refused):
            continue
        for rule_id in step.ruling.rules:
            assert rulebook.rule(rule_id) is not None, rule_id
        new_state = step.state
        for seat, name in enumerate(side_names(state)):
            if new_state["fouls"][seat] > state["fouls"][seat]:
                # a foul never credits the side that committed it
                assert new_state["score"][seat] <= state["score"][seat]
                assert step.ruling.score.get(name, 0) <= 0
        state = new_state
    charged = [(f["inning"], f["side"]) for f in state["foul_log"]]
    assert len(charged) == len(set(charged))


def test_rule_14_a_ball_that_drops_before_the_table_is_still_belongs_to_the_stroke():
    with pytest.raises(Refused, match="stroke was not over") as err:
        run(started(), {"type": "settle", "ball": "2", "fell": True, "still": False})
    assert "billiards/14" in err.value.ruling.rules


def test_rule_15_a_cue_ball_set_on_the_head_string_is_not_behind_it():
    step = run(started(), shot(placed="on-string", objected=True))
    assert step.ruling.verdict == Verdict.FOUL
    assert {"billiards/9", "billiards/15"} <= set(step.ruling.rules)


# --- the match and the shot tool describe a foul the same way ------------------------


def tool(**request):
    return GAME.tools[0].run(request)


def as_match(text: str) -> str:
    """The tool's sentence with Ann at the table and Bob coming in."""
    return (
        text.replace("the incoming player", "Bob")
        .replace("The incoming player", "Bob")
        .replace("the shooter", "Ann")
        .replace("The shooter", "Ann")
    )


def test_14_1_third_foul_the_match_and_the_tool_agree():
    state = started(game="14-1")
    for _ in range(2):
        state = run(state, shot(cue_ball="pocket"), shot()).state
    step = run(state, shot(cue_ball="pocket"))
    out = tool(game="14-1", cue_ball="pocket", prior_fouls=2)
    assert step.ruling.summary == as_match(out["ruling"]["summary"])
    assert "All fifteen balls are racked and Ann breaks again" in step.ruling.summary


def test_rule_8_second_deflection_the_match_and_the_tool_agree():
    state = run(started(race=3), shot(deflected=True)).state
    state = run(state, shot(pocketed=[1, 9])).state
    state = run(state, shot(), shot(pocketed=[1, 9])).state
    step = run(state, shot(deflected=True))
    out = tool(game="9-ball", opening_break=True, deflected=True, warned=["8"])
    assert step.ruling.summary == as_match(out["ruling"]["summary"])
    assert step.ruling.summary.endswith("Bob wins the match by forfeit.")


@pytest.mark.parametrize(
    "facts",
    [
        {"cue_ball": "pocket", "pocketed": [9]},
        {"touched": [4]},
        {"measured_with": "ball"},
        {"first_contact": "none"},
    ],
)
def test_9_ball_fouls_the_match_and_the_tool_agree(facts):
    step = run(run(started(), shot()).state, shot())  # Ann again, after the break
    out = tool(game="9-ball", **facts)
    step = run(step.state, shot(**facts))
    # The finding's own words may name "the shooter"; the penalty is shared.
    tail = " ".join(filter(None, (out["penalty"], out["conduct"])))
    assert step.ruling.summary.endswith(as_match(tail))
    assert step.ruling.summary.startswith("Ann: foul, ")


def test_rule_41_the_match_records_and_says_unsportsmanlike_conduct():
    step = run(started(), shot(measured_with="triangle"))
    assert step.ruling.summary.endswith(
        "Recorded as unsportsmanlike conduct by Ann (rule 41)."
    )
    assert side(step.state, "Ann")["conduct"] == 1


def test_rule_31_the_match_spots_with_counts_in_words():
    step = run(started(game="14-1"), shot(cue_ball="pocket", pocketed=[3, 5]))
    assert "the 5 one ball-width behind the foot spot" in step.ruling.summary
    step = run(
        started(game="14-1"), shot(cue_ball="pocket", pocketed=[3, 5, 7], blocked=[0])
    )
    assert "the 7 three ball-widths behind" in step.ruling.summary
    assert "frozen to or just off the ball there" in step.ruling.summary


# --- rule 38: the incoming player's choice --------------------------------------------


def in_kitchen(game: str, **options):
    """Ann scratched: Bob has cue ball in hand behind the head string."""
    state = run(started(game=game, **options), shot(cue_ball="pocket")).state
    assert detail(state)["ball_in_hand"] == "kitchen"
    return state


ACCIDENT = {"before_leaving": "ball-inside", "crossed": False}


@pytest.mark.parametrize("referee", [False, True])
@pytest.mark.parametrize("game", ["8-ball", "14-1"])
def test_rule_38_an_accidental_hit_behind_the_string_is_a_choice_referee_or_not(
    game, referee
):
    step = run(in_kitchen(game, referee=referee), shot(**ACCIDENT))
    assert step.ruling.verdict == Verdict.OK
    assert "referee" not in step.ruling.options  # the referee changes nothing here
    view = GAME.view(step.state)
    assert view["turn"] == "Ann"
    assert view["expects"] == ["choose", "forfeit"]
    assert [c["option"] for c in view["detail"]["choices"]] == ["foul", "replay"]
    called = run(step.state, {"type": "choose", "option": "foul"})
    assert called.ruling.verdict == Verdict.FOUL
    assert GAME.view(called.state)["turn"] == "Ann"
    replay = run(step.state, {"type": "choose", "option": "replay"})
    assert replay.ruling.verdict == Verdict.OK
    assert GAME.view(replay.state)["turn"] == "Bob"
    assert detail(replay.state)["ball_in_hand"] == "kitchen"


def test_rule_38_a_cushion_first_with_a_referee_is_a_foul_without_a_choice():
    step = run(in_kitchen("8-ball", referee=True), shot(before_leaving="cushion"))
    assert step.ruling.verdict == Verdict.FOUL
    assert "referee" in step.ruling.options
    assert detail(step.state)["choices"] == []


@pytest.mark.parametrize(
    ("game", "price"),
    [
        ("8-ball", "Ann has cue ball in hand anywhere on the table"),
        ("14-1", "Ann has cue ball in hand behind the head string, one point off"),
    ],
)
def test_rule_38_the_choice_says_what_calling_the_foul_leads_to(game, price):
    step = run(in_kitchen(game), shot(**ACCIDENT))
    labels = {c["option"]: c["label"] for c in detail(step.state)["choices"]}
    assert labels["foul"].startswith(f"Call the foul: {price}")
    assert labels["replay"].startswith("Replay: the balls go back and Bob shoots again")
    assert price in step.ruling.summary


def test_14_1_third_foul_called_under_rule_38_re_racks_and_the_tool_agrees():
    # Ann and Bob both scratch twice: Ann is on two fouls, in hand in the kitchen.
    state = started(game="14-1")
    for _ in range(2):
        state = run(state, shot(cue_ball="pocket"), shot(cue_ball="pocket")).state
    assert side(state, "Ann")["successive"] == 2
    out = tool(game="14-1", in_hand="kitchen", prior_fouls=2, **ACCIDENT)
    step = run(state, shot(**ACCIDENT))
    assert step.ruling.summary == as_match(out["ruling"]["summary"])
    labels = {c["option"]: c["label"] for c in detail(step.state)["choices"]}
    offers = {o["option"]: o for o in out["offers"]}
    assert labels["foul"] == as_match(offers["foul"]["label"])
    assert "cue ball in hand" not in labels["foul"]
    assert "all fifteen balls racked and Ann breaks again" in labels["foul"]
    called = run(step.state, {"type": "choose", "option": "foul"})
    assert called.ruling.summary == as_match(offers["foul"]["ruling"]["summary"])
    assert list(called.ruling.rules) == offers["foul"]["ruling"]["rules"]
    assert side(called.state, "Ann")["score"] == -2 - 16
    assert detail(called.state)["opening_break"] is True
    assert GAME.view(called.state)["turn"] == "Ann"
    replay = run(step.state, {"type": "choose", "option": "replay"})
    assert replay.ruling.summary == as_match(offers["replay"]["ruling"]["summary"])
