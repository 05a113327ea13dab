"""Billiards shot referee: general rules 1-41 on single strokes, lag and spotting."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games.billiards import GAME
from referee.games.billiards.facts import shot_from_event
from referee.games.billiards.lag import LAG_FAULTS
from referee.games.billiards.lag import judge_lag
from referee.games.billiards.lag import parse_faults
from referee.games.billiards.shots import CITE
from referee.games.billiards.shots import FOUL
from referee.games.billiards.shots import NOTE
from referee.games.billiards.shots import Call
from referee.games.billiards.shots import Context
from referee.games.billiards.shots import referee_shot
from referee.games.billiards.spotting import capacity
from referee.games.billiards.spotting import spot_balls
from referee.games.outcomes import BadInput

KITCHEN = Context(in_hand="kitchen")
KITCHEN_REF = Context(in_hand="kitchen", referee=True)


def call(ctx: Context | None = None, **facts) -> Call:
    return referee_shot(shot_from_event(facts), ctx or Context())


def foul_rules(c: Call) -> list[str]:
    return [f.rule for f in c.fouls]


def kinds(c: Call, rule: str) -> set[str]:
    return {f.kind for f in c.findings if f.rule == rule}


def tool(**request):
    return GAME.tools[0].run(request)


# --- a clean stroke -------------------------------------------------------------------


def test_rule_18_a_default_shot_is_a_legal_shot():
    c = call()
    assert c.outcome == "legal"
    assert not c.fouls


def test_rule_18_pocketing_a_ball_is_enough_without_a_cushion():
    assert call(pocketed=[3], cushion=False).outcome == "legal"


def test_rule_18_no_ball_pocketed_and_no_cushion_after_contact_is_a_foul():
    c = call(cushion=False)
    assert c.outcome == "foul"
    assert c.assessed.rule == "18"
    assert c.rules() == ["16", "18"]


# --- fouls on the stroke --------------------------------------------------------------


@pytest.mark.parametrize("what", ["ferrule", "shaft", "other"])
def test_rule_3_striking_the_cue_ball_with_anything_but_the_tip_is_a_foul(what):
    c = call(struck_with=what)
    assert c.assessed.rule == "3"
    assert kinds(c, "20") == {CITE}


def test_rule_12_no_foot_on_the_floor_is_a_foul():
    assert call(foot_on_floor=False).assessed.rule == "12"


def test_rule_13_shooting_while_a_ball_moves_is_a_foul():
    c = call(moving=True)
    assert c.assessed.rule == "13"
    assert "moving" in c.assessed.text


def test_rule_17_hitting_no_ball_is_a_foul():
    assert call(first_contact="none").assessed.rule == "17"


def test_rule_17_hitting_a_ball_that_is_not_on_first_is_a_foul():
    c = call(Context(on=(3,)), first_contact=5, pocketed=[3])
    assert c.assessed.rule == "17"
    assert "the 5 first, not the 3" in c.assessed.text


def test_rule_17_hitting_the_ball_on_first_is_legal():
    assert call(Context(on=(3,)), first_contact=3).outcome == "legal"


def test_rule_19_scratch_is_a_foul():
    c = call(cue_ball="pocket", pocketed=[4])
    assert c.assessed.rule == "19"
    assert "scratch" in c.assessed.text


def test_rule_19_touching_a_ball_already_pocketed_is_a_foul():
    c = call(touched_pocketed=True)
    assert c.assessed.rule == "19"
    assert "already in a pocket" in c.assessed.text


def test_rule_20_touching_an_object_ball_is_a_foul_restored_by_choice_without_referee():
    c = call(touched=[6])
    assert c.assessed.rule == "20"
    assert c.restore_choice is True


def test_rule_20_with_a_referee_the_incoming_player_has_no_restoration_option():
    c = call(Context(referee=True), touched=[6])
    assert c.assessed.rule == "20"
    assert c.restore_choice is False


def test_rule_20_touching_the_cue_ball_in_play_is_a_foul():
    assert call(touched=["cue"]).assessed.rule == "20"


def test_rule_9_adjusting_the_cue_ball_in_hand_is_not_a_foul():
    c = call(KITCHEN, touched=["cue"])
    assert c.outcome == "legal"
    assert kinds(c, "9") == {NOTE}


def test_rule_21_the_cue_ball_in_hand_touching_an_object_ball_is_a_foul():
    assert call(Context(in_hand="table"), placement_touch=True).assessed.rule == "21"


def test_rule_21_placement_facts_need_the_cue_ball_in_hand():
    with pytest.raises(BadInput, match="not in hand"):
        call(placement_touch=True)


def test_rule_22_double_hit_is_a_foul():
    assert call(double_hit=True).assessed.rule == "22"


def test_rule_22_a_normal_stroke_toward_a_ball_frozen_to_the_cue_ball_is_legal():
    c = call(frozen="cue-ball", pocketed=[2])
    assert c.outcome == "legal"
    assert kinds(c, "22") == {NOTE}


def test_rule_23_push_shot_is_a_foul():
    assert call(push=True).assessed.rule == "23"


@pytest.mark.parametrize(
    ("referee", "touched", "foul"),
    [
        (True, [7], True),  # a referee: any ball in play
        (False, [7], False),  # no referee: only the cue ball counts
        (False, ["cue"], True),
        (True, ["cue", 7], True),
    ],
)
def test_rule_24_dropped_chalk_touching_a_ball(referee, touched, foul):
    c = call(Context(referee=referee), touched=touched, touched_by="item")
    assert (c.outcome == "foul") is foul
    assert "24" in c.rules()


def test_rule_25_scooping_the_cue_ball_over_a_ball_is_a_foul():
    assert call(jump="scooped").assessed.rule == "25"


def test_rule_25_an_accidental_jump_is_not_a_foul_on_its_face():
    c = call(jump="accidental")
    assert c.outcome == "legal"
    assert kinds(c, "25") == {NOTE}


def test_rule_25_an_accidental_jump_with_the_ferrule_is_still_a_foul():
    c = call(jump="accidental", struck_with="ferrule")
    assert c.assessed.rule == "3"
    assert kinds(c, "25") == {CITE}


def test_rule_26_an_elevated_jump_shot_is_legal():
    c = call(jump="elevated", pocketed=[1])
    assert c.outcome == "legal"
    assert kinds(c, "26") == {NOTE}


def test_rule_26_a_miscue_on_a_jump_shot_is_a_foul():
    assert call(jump="elevated", miscue=True).assessed.rule == "26"


def test_rule_26_a_miscue_without_a_jump_is_not_a_foul_by_itself():
    assert call(miscue=True).outcome == "legal"


def test_rule_27_the_cue_ball_off_the_table_is_a_foul():
    c = call(cue_ball="off")
    assert c.assessed.rule == "27"


def test_rule_27_an_object_ball_off_the_table_is_a_foul():
    c = call(off_table=[5], pocketed=[2])
    assert c.assessed.rule == "27"
    assert "the 5 was jumped off" in c.assessed.text


def test_rule_37_frozen_ball_that_only_pushes_off_its_cushion_is_a_foul():
    c = call(frozen="cushion", rebound_only=True)
    assert c.assessed.rule == "37"
    assert kinds(c, "18") == {CITE}


def test_rule_37_frozen_ball_driven_to_a_new_cushion_is_legal():
    c = call(frozen="cushion")
    assert c.outcome == "legal"
    assert kinds(c, "37") == {NOTE}


def test_rule_37_a_frozen_ball_not_announced_is_ruled_like_any_ball():
    c = call(frozen="cushion-unannounced", rebound_only=True)
    assert c.outcome == "legal"
    assert "not announced" in c.findings[0].text


def test_rule_37_frozen_with_nothing_to_a_cushion_is_a_foul():
    assert call(frozen="cue-ball", cushion=False).assessed.rule == "37"


def test_rule_39_a_forward_stroke_while_placing_the_cue_ball_is_a_foul():
    assert call(KITCHEN, placement_stroke=True).assessed.rule == "39"


@pytest.mark.parametrize(
    ("measured", "foul"),
    [
        ("ball", True),
        ("triangle", True),
        ("other", True),
        ("cue-laid-down", True),
        ("cue-in-hand", False),
        ("nothing", False),
    ],
)
def test_rule_41_measuring_a_gap_with_a_device_is_a_foul(measured, foul):
    c = call(measured_with=measured)
    assert (c.outcome == "foul") is foul
    if foul:
        assert c.assessed.rule == "41"
        assert c.conduct is True


# --- the kitchen: rules 9, 15 and 38 --------------------------------------------------


def test_rule_9_a_cue_ball_on_the_head_string_is_legal_when_nobody_objects():
    c = call(KITCHEN, placed="on-string")
    assert c.outcome == "legal"
    assert kinds(c, "9") == {NOTE}
    assert kinds(c, "15") == {CITE}


def test_rule_9_shooting_from_the_head_string_after_an_objection_is_a_foul():
    c = call(KITCHEN, placed="on-string", objected=True)
    assert c.assessed.rule == "9"


def test_rule_9_shooting_from_clearly_outside_the_kitchen_is_a_foul_if_called():
    assert call(KITCHEN, placed="outside", objected=True).assessed.rule == "9"
    assert call(KITCHEN, placed="outside").outcome == "legal"


def test_rule_9_kitchen_facts_need_the_cue_ball_in_hand_behind_the_string():
    with pytest.raises(BadInput, match="behind the head string"):
        call(Context(in_hand="table"), before_leaving="cushion")


def test_rule_38_touching_a_cushion_in_the_kitchen_is_a_foul_with_a_referee():
    c = call(KITCHEN_REF, before_leaving="cushion")
    assert c.assessed.rule == "38"
    assert c.outcome == "foul"


def test_rule_38_without_a_referee_the_opponent_chooses_foul_or_replay():
    c = call(KITCHEN, before_leaving="cushion")
    assert c.outcome == "option"
    assert c.choices == ("foul", "replay")


def test_rule_38_a_ball_on_the_head_string_may_be_hit_before_leaving_the_kitchen():
    c = call(KITCHEN, before_leaving="ball-outside", crossed=False)
    assert c.outcome == "legal"
    assert kinds(c, "38") == {NOTE}


def test_rule_38_hitting_a_ball_behind_the_string_then_crossing_is_a_foul():
    assert call(KITCHEN, before_leaving="ball-inside").assessed.rule == "38"


def test_rule_38_hitting_a_ball_behind_the_string_and_staying_gives_a_choice():
    c = call(KITCHEN_REF, before_leaving="ball-inside", crossed=False)
    assert c.outcome == "option"


def test_rule_38_doing_it_on_purpose_is_unsportsmanlike():
    c = call(KITCHEN, before_leaving="ball-inside", crossed=False, intentional=True)
    assert c.assessed.rule == "38"
    assert c.conduct is True


def test_rule_38_a_real_foul_outweighs_the_optional_kitchen_foul():
    c = call(KITCHEN, before_leaving="cushion", cue_ball="pocket")
    assert c.outcome == "foul"
    assert c.assessed.rule == "19"


# --- warnings and the one-foul limit: rules 7, 8, 28, 29 ------------------------------


def test_rule_7_a_break_that_never_crosses_the_head_string_has_not_started():
    c = call(Context(in_hand="kitchen", opening_break=True), crossed=False)
    assert c.outcome == "void"
    assert c.rules() == ["7"]


def test_rule_8_deflecting_the_cue_ball_on_the_break_is_a_foul_with_a_warning():
    c = call(Context(in_hand="kitchen", opening_break=True), deflected=True)
    assert c.assessed.rule == "8"
    assert c.warning == "8"
    assert c.choices == ("take", "pass")


def test_rule_8_a_second_deflection_forfeits():
    ctx = Context(in_hand="kitchen", opening_break=True, warned=("8",))
    c = call(ctx, deflected=True)
    assert c.forfeit is True


def test_rule_8_is_about_the_break_only():
    with pytest.raises(BadInput, match="opening break"):
        call(deflected=True)


def test_rule_28_striking_the_cue_ball_on_purpose_is_a_warning_then_a_forfeit():
    first = call(struck_with="ferrule", intentional=True)
    assert first.assessed.rule == "28"
    assert first.warning == "28"
    assert foul_rules(first) == ["28"]  # the ferrule foul is the same act
    second = call(Context(warned=("28",)), struck_with="ferrule", intentional=True)
    assert second.forfeit is True


def test_rule_28_warnings_are_counted_rule_by_rule():
    c = call(Context(warned=("8",)), struck_with="shaft", intentional=True)
    assert c.forfeit is False
    assert c.warning == "28"


def test_rule_28_covers_only_the_cue_ball_unless_the_option_widens_it():
    plain = call(push=True, intentional=True)
    assert plain.assessed.rule == "23"
    wide = call(Context(intentional_scope="any"), push=True, intentional=True)
    assert wide.assessed.rule == "28"


def test_rule_28_intent_alone_is_not_a_foul():
    c = call(intentional=True)
    assert c.outcome == "legal"
    assert kinds(c, "28") == {NOTE}


def test_rule_29_only_the_most_severe_of_several_fouls_is_charged():
    c = call(foot_on_floor=False, push=True, cue_ball="pocket", first_contact="none")
    assert c.assessed.rule == "19"  # takes the cue ball out of play: heaviest here
    assert sorted(foul_rules(c), key=int) == ["12", "17", "19", "23"]
    assert "29" in c.rules()
    assert "16" in c.rules()


def test_rule_29_a_warning_foul_outweighs_a_scratch():
    c = call(
        Context(in_hand="kitchen", opening_break=True),
        deflected=True,
        cue_ball="pocket",
    )
    assert c.assessed.rule == "8"


# --- no-penalty outcomes: rules 30, 32, 34, 40 ----------------------------------------


def test_rule_30_a_ball_falling_as_it_is_shot_at_means_a_replay():
    c = call(fell_as_shot=True, first_contact="none")
    assert c.outcome == "replay"
    assert c.rules() == ["30"]


def test_rule_32_a_jawed_ball_that_would_drop_counts_as_pocketed():
    shot = shot_from_event({"jawed_in": [4], "jawed_out": [6], "cushion": False})
    assert shot.down == (4,)
    c = referee_shot(shot, Context())
    assert c.outcome == "legal"
    assert kinds(c, "32") == {NOTE}


def test_rule_32_a_jawed_cue_ball_that_would_drop_is_a_scratch():
    assert call(jawed_in=["cue"]).assessed.rule == "19"


def test_rule_34_non_player_interference_restores_with_no_penalty():
    c = call(interference="non-player", cue_ball="pocket")
    assert c.outcome == "restore"
    assert not c.fouls


def test_rule_40_interference_by_the_opponent_is_the_opponents_foul():
    c = call(interference="opponent")
    assert c.outcome == "interference"
    assert c.assessed.rule == "40"


# --- facts that cannot be -------------------------------------------------------------


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"pocketed": [3, 3]}, "listed twice"),
        ({"pocketed": [16]}, "not a ball"),
        ({"pocketed": ["cue"]}, "not a ball"),
        ({"pocketed": [3], "off_table": [3]}, "both in a pocket and off"),
        ({"first_contact": "none", "pocketed": [2]}, "hit no ball"),
        ({"jawed_in": ["cue"], "cue_ball": "pocket"}, "jawed or gone"),
        ({"touched_by": "item"}, "which balls"),
        ({"blocked": [14]}, "positions go from"),
    ],
)
def test_impossible_facts_are_bad_input(facts, message):
    with pytest.raises(BadInput, match=message):
        shot_from_event(facts)


# --- the lag: rules 5 and 6 -----------------------------------------------------------


@pytest.mark.parametrize("fault", list(LAG_FAULTS))
def test_rule_5_each_automatic_loss_condition_loses_the_lag(fault):
    # Ann's ball was closer, but a fault loses whatever the distance.
    result = judge_lag(0, ((fault,), ()), ("Ann", "Bob"))
    assert result.winner == 1
    assert LAG_FAULTS[fault] in result.reason
    mirrored = judge_lag(1, ((), (fault,)), ("Ann", "Bob"))
    assert mirrored.winner == 0


def test_rule_5_seven_automatic_loss_conditions():
    assert len(LAG_FAULTS) == 7


def test_rule_5_both_players_violating_is_a_tie():
    result = judge_lag(0, (("pocketed",), ("long-cushion",)))
    assert result.tie


def test_rule_5_no_decision_is_a_tie():
    assert judge_lag(None, ((), ())).tie


def test_rule_5_the_closer_ball_wins_a_clean_lag():
    assert judge_lag(1, ((), ())).winner == 1


def test_rule_5_lag_fault_codes_are_checked():
    assert parse_faults("long cushion, pocketed", "f") == ("pocketed", "long-cushion")
    with pytest.raises(BadInput, match="not a lag fault"):
        parse_faults(["scratched"], "first_faults")


# --- spotting: rule 31 ----------------------------------------------------------------


def test_rule_31_a_single_ball_goes_on_the_foot_spot():
    (spot,) = spot_balls([9])
    assert spot.position == 0
    assert spot.where == "on the foot spot"


def test_rule_31_several_balls_go_in_ascending_order_toward_the_foot_rail():
    spots = spot_balls([7, 2, 5])
    assert [(s.ball, s.position) for s in spots] == [(2, 0), (5, 1), (7, 2)]
    assert "toward the foot rail" in spots[1].where


def test_rule_31_a_blocked_foot_spot_pushes_the_ball_back_against_the_blocker():
    spots = spot_balls([4], {0: "11"})
    assert spots[0].position == 1
    assert "frozen to or just off the 11" in spots[0].where


def test_rule_31_a_ball_next_to_the_cue_ball_is_not_frozen_to_it():
    spots = spot_balls([4], {0: "cue"})
    assert spots[0].position == 1
    assert spots[0].against == "cue"
    assert "not touching" in spots[0].where


def test_rule_31_no_room_behind_sends_balls_in_front_lowest_nearest_the_spot():
    behind, _ = capacity("9ft")
    blocked = {p: "ball" for p in range(1, behind)}  # the whole string behind
    spots = spot_balls([3, 8, 12], blocked)
    assert [(s.ball, s.position) for s in spots] == [(3, 0), (8, -1), (12, -2)]
    assert "in front of the foot spot" in spots[1].where


@pytest.mark.parametrize(
    ("table", "behind", "front"), [("9ft", 11, 11), ("8ft", 10, 9), ("7ft", 9, 8)]
)
def test_rule_31_the_model_fits_the_table(table, behind, front):
    assert capacity(table) == (behind, front)


@settings(max_examples=60, deadline=None)
@given(
    balls=st.sets(st.integers(1, 15), min_size=1, max_size=15),
    blocked=st.dictionaries(
        st.integers(-11, 10), st.sampled_from(["cue", "ball"]), max_size=6
    ),
)
def test_property_spotting_never_puts_two_balls_on_one_spot(balls, blocked):
    spots = spot_balls(balls, blocked)
    positions = [s.position for s in spots]
    assert len(positions) == len(set(positions))
    assert not set(positions) & set(blocked)
    assert [s.ball for s in spots] == sorted(balls)
    # ascending numbers never go further from the foot spot's back side first
    behind = [s for s in spots if s.position >= 0]
    assert [s.position for s in behind] == sorted(s.position for s in behind)


# --- the "shot" tool ------------------------------------------------------------------


def test_tool_example_is_a_scratch_ruling():
    out = tool(**GAME.tools[0].example)
    assert out["outcome"] == "foul"
    assert out["assessed"] == "billiards/19"
    assert out["ruling"]["verdict"] == "foul"
    assert "billiards/16" in out["ruling"]["rules"]


def test_tool_legal_shot_says_the_shooter_continues():
    out = tool(pocketed=[3])
    assert out["ruling"]["verdict"] == "ok"
    assert "continues" in out["ruling"]["summary"]
    assert out["ruling"]["rules"] == ["billiards/18"]


def test_tool_9_ball_foul_spots_the_9_and_gives_ball_in_hand_anywhere():
    out = tool(game="9-ball", cue_ball="pocket", pocketed=[9])
    assert out["ball_in_hand"] == "table"
    assert out["spots"][0]["ball"] == 9
    assert out["spots"][0]["position"] == 0


def test_tool_14_1_scratch_costs_a_point_and_gives_the_kitchen():
    out = tool(game="14-1", cue_ball="pocket")
    assert out["ruling"]["penalties"][0]["points"] == -1
    assert out["ball_in_hand"] == "kitchen"


def test_tool_second_warning_forfeits():
    out = tool(warned=["28"], struck_with="ferrule", intentional=True)
    assert out["ruling"]["verdict"] == "forfeit"


def test_tool_kitchen_option_lists_the_choices():
    out = tool(in_hand="kitchen", before_leaving="cushion")
    assert out["choices"] == ["foul", "replay"]


def test_tool_push_out_lifts_the_first_ball_and_cushion_requirements():
    out = tool(game="9-ball", push_out=True, first_contact="none", cushion=False)
    assert out["outcome"] == "legal"
    with pytest.raises(BadInput, match="9-ball shot"):
        tool(push_out=True)


def test_tool_push_out_offers_the_opponent_the_choice_and_spots_a_pocketed_9():
    out = tool(game="9-ball", push_out=True, cushion=False)
    assert out["choices"] == ["shoot", "pass"]
    assert "billiards/9-ball/push-out" in out["ruling"]["rules"]
    assert "shoot again" in out["ruling"]["summary"]
    out = tool(game="9-ball", push_out=True, pocketed=[9])
    assert [s["ball"] for s in out["spots"]] == [9]
    assert "billiards/31" in out["ruling"]["rules"]


def test_tool_9_ball_the_9_on_a_legal_shot_wins_the_rack():
    out = tool(game="9-ball", pocketed=[9])
    assert out["ruling"]["verdict"] == "win"
    assert "billiards/9-ball/nine-wins" in out["ruling"]["rules"]
    out = tool(game="9-ball", pocketed=[3])
    assert "billiards/9-ball/lowest-first" in out["ruling"]["rules"]


def test_tool_8_ball_the_8_on_the_break_is_spotted():
    out = tool(game="8-ball", opening_break=True, pocketed=[8])
    assert [s["ball"] for s in out["spots"]] == [8]
    assert {"billiards/8-ball/break", "billiards/31"} <= set(out["ruling"]["rules"])


def test_tool_cites_as_the_match_does_rules_4_36_for_an_empty_stroke_33_for_more():
    empty = tool()
    assert {"billiards/4", "billiards/18", "billiards/36"} <= set(
        empty["ruling"]["rules"]
    )
    assert "inning ends" in empty["ruling"]["summary"]
    several = tool(pocketed=[3, 5])
    assert {"billiards/18", "billiards/33"} <= set(several["ruling"]["rules"])


def test_tool_interference_is_charged_as_a_foul_under_rule_16():
    out = tool(interference="opponent")
    assert {"billiards/16", "billiards/40"} <= set(out["ruling"]["rules"])


def test_tool_rejects_an_unknown_warning_rule():
    with pytest.raises(BadInput, match="not a rule that warns"):
        tool(warned=["19"])


def test_tool_request_fields_parse_through_the_shared_field_parser():
    from referee.games.base import parse_fields

    request = parse_fields(
        GAME.tools[0].fields, {"cue_ball": "POCKET", "game": "9-ball"}, None
    )
    assert tool(**request)["assessed"] == "billiards/19"


def test_every_finding_kind_is_known():
    c = call(struck_with="ferrule", foot_on_floor=False)
    assert {f.kind for f in c.findings} <= {FOUL, CITE, NOTE}


# --- the tool and the match describe a foul the same way ----------------------------


def test_rule_7_the_tool_plays_the_opening_break_from_the_kitchen():
    # Kitchen facts are the break's facts; no need to say "in hand" as well.
    out = tool(opening_break=True, crossed=False)
    assert out["outcome"] == "void"
    assert out["ruling"]["rules"] == ["billiards/7"]
    out = tool(opening_break=True, before_leaving="cushion", referee=True)
    assert out["assessed"] == "billiards/38"
    with pytest.raises(BadInput, match="opening break is shot with cue ball in hand"):
        tool(opening_break=True, in_hand="table")


def test_rule_20_the_tool_gives_the_restore_choice_without_a_referee():
    out = tool(game="9-ball", touched=[4])
    assert out["penalty"] == (
        "The incoming player has cue ball in hand anywhere on the table; the moved "
        "balls go back or stay, as the incoming player chooses."
    )
    out = tool(game="9-ball", touched=[4], referee=True)
    assert "the referee puts the moved balls back" in out["penalty"]
    assert "go back or stay" not in out["penalty"]


@pytest.mark.parametrize(
    ("facts", "rule"),
    [
        ({"measured_with": "triangle"}, "41"),
        (
            {
                "in_hand": "kitchen",
                "before_leaving": "ball-inside",
                "intentional": True,
            },
            "38",
        ),
    ],
)
def test_rules_38_and_41_the_tool_records_unsportsmanlike_conduct(facts, rule):
    out = tool(**facts)
    assert out["conduct"] == (
        f"Recorded as unsportsmanlike conduct by the shooter (rule {rule})."
    )
    assert out["ruling"]["summary"].endswith(out["conduct"])
    assert tool(cue_ball="pocket")["conduct"] is None


def test_rule_8_a_second_deflection_in_the_tool_leaves_no_choice_and_no_ball():
    first = tool(opening_break=True, deflected=True)
    assert first["choices"] == ["take", "pass"]
    assert first["ball_in_hand"] == "kitchen"
    out = tool(opening_break=True, deflected=True, warned=["8"])
    assert out["ruling"]["verdict"] == "forfeit"
    assert out["choices"] == []
    assert out["ball_in_hand"] is None
    assert out["penalty"] == (
        "Second violation of rule 8: the incoming player wins the match by forfeit."
    )


def test_rule_38_the_tool_gives_cue_ball_in_hand_even_in_14_1():
    kitchen = {"game": "14-1", "in_hand": "kitchen", "before_leaving": "ball-inside"}
    out = tool(**kitchen, crossed=False)
    assert out["outcome"] == "option"  # no foul yet: the opponent chooses
    out = tool(**kitchen)  # it crossed the string after the hit: a foul
    assert out["assessed"] == "billiards/38"
    assert out["ball_in_hand"] == "kitchen"  # not the table as it lies


def test_14_1_three_fouls_the_tool_reracks_and_the_offender_breaks():
    out = tool(game="14-1", cue_ball="pocket", prior_fouls=2)
    assert out["ruling"]["penalties"][0]["points"] == -16
    assert out["penalty"] == (
        "Third foul in a row: 16 points off for the shooter. All fifteen balls "
        "are racked and the shooter breaks again."
    )
    # The incoming player gets no cue ball in hand: the offender breaks.
    assert out["ball_in_hand"] is None
    assert out["choices"] == []


def test_9_ball_three_fouls_the_tool_ends_the_rack_with_no_ball_in_hand():
    out = tool(game="9-ball", cue_ball="pocket", prior_fouls=2)
    assert out["penalty"] == "The shooter loses the rack: three fouls in a row."
    assert out["ball_in_hand"] is None


def test_14_1_second_foul_the_tool_warns_of_the_third():
    out = tool(game="14-1", cue_ball="pocket", prior_fouls=1)
    assert "on two fouls in a row: a third costs 15 more points" in out["penalty"]


def test_the_tool_penalty_is_the_summary_after_the_lead():
    out = tool(game="9-ball", cue_ball="pocket", pocketed=[9])
    lead = "The shooter: foul, the cue ball went into a pocket (scratch). "
    assert out["ruling"]["summary"] == lead + out["penalty"]
    assert out["penalty"].startswith("Nothing pocketed on the stroke counts. Spot")


def test_rule_31_counts_of_ball_widths_are_words_not_numbers():
    spots = spot_balls([3, 5, 7])
    assert [s.where.split(" ball-width")[0] for s in spots[1:]] == ["one", "two"]
    out = tool(game="14-1", cue_ball="pocket", pocketed=[3, 5, 7])
    assert not re.search(r"the \d+ \d", out["penalty"])
    assert "the 7 two ball-widths behind the foot spot" in out["penalty"]


def test_rule_31_a_ball_of_unknown_number_is_the_ball_there():
    out = tool(game="14-1", cue_ball="pocket", pocketed=[3], blocked=[0])
    assert "frozen to or just off the ball there (referee's choice)" in out["penalty"]
    (spot,) = spot_balls([3], {0: "7"})
    assert spot.where.endswith("frozen to or just off the 7 (referee's choice)")


@pytest.mark.parametrize("referee", [False, True])
@pytest.mark.parametrize(
    ("game", "price"),
    [
        ("general", "the incoming player has cue ball in hand"),
        ("8-ball", "the incoming player has cue ball in hand anywhere on the table"),
        ("14-1", "behind the head string, one point off for the shooter"),
    ],
)
def test_rule_38_the_tool_offers_the_choice_for_an_accidental_hit_referee_or_not(
    game, price, referee
):
    out = tool(
        game=game,
        in_hand="kitchen",
        before_leaving="ball-inside",
        crossed=False,
        referee=referee,
    )
    assert out["outcome"] == "option"
    assert out["ruling"]["verdict"] == "ok"
    assert out["choices"] == ["foul", "replay"]
    offers = {o["option"]: o for o in out["offers"]}
    assert price in offers["foul"]["label"]
    assert offers["foul"]["ruling"]["verdict"] == "foul"
    assert offers["foul"]["ruling"]["summary"].startswith(
        "The incoming player calls the foul. The shooter: foul, the cue ball hit a "
        "ball behind the head string"
    )
    assert offers["replay"]["ruling"]["verdict"] == "ok"
    assert "no foul" in offers["replay"]["ruling"]["summary"]
    assert price in out["ruling"]["summary"]


def test_rule_38_in_14_1_a_called_third_foul_is_offered_as_the_rerack():
    out = tool(
        game="14-1",
        in_hand="kitchen",
        before_leaving="cushion",
        prior_fouls=2,
    )
    offers = {o["option"]: o for o in out["offers"]}
    assert "cue ball in hand" not in offers["foul"]["label"]
    assert "third foul in a row: 16 points off" in offers["foul"]["label"]
    assert offers["foul"]["ruling"]["penalties"][0]["points"] == -16


def test_only_rule_38_offers_a_choice_of_foul_or_replay():
    assert tool(cue_ball="pocket")["offers"] == []
