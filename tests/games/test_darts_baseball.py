"""Darts baseball: innings, runs, Newfoundland, Yogi Berra and extra innings."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import darts
from referee.games import darts_baseball
from referee.games.darts_baseball import GAME
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict
from referee.rulebook import books

ALL_CODES = [d.code for d in darts.all_darts()]


# --- helpers -----------------------------------------------------------------------


def new(players=("Ann", "Bob"), **options):
    return GAME.start(GAME.new_setup(list(players), options))


def rnd(*codes):
    """A set entered at once; listing fewer than three says the rest missed."""
    event = {"type": "round", "darts": list(codes)}
    if len(codes) < darts_baseball.DARTS_PER_SET:
        event["rest_missed"] = True
    return event


def dart(code):
    return {"type": "dart", "dart": code}


def play(state, *events):
    """Apply events through Game.step; the state and the last ruling."""
    ruling = None
    for event in events:
        step = GAME.step(state, event)
        state, ruling = step.state, step.ruling
    return state, ruling


def blank(state, innings):
    """Everyone in play misses every dart for this many innings."""
    for _ in range(innings):
        for _ in view(state)["detail"]["in_play"]:
            state, _ = play(state, rnd("M"))
    return state


def view(state):
    return GAME.view(state)


def totals(state):
    return {side["name"]: side["score"] for side in view(state)["sides"]}


def line(state):
    return view(state)["detail"]["line"]


def tie_after_nine(players=("Ann", "Bob"), **options):
    """Everyone on 1 run after the 1st inning, then blanks to the end of the 9th."""
    state = new(players, **options)
    for _ in players:
        state, _ = play(state, rnd("S1"))
    return blank(state, 8)


# --- players and setup -------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 8])
def test_players_one_to_eight(count):
    names = [f"P{i}" for i in range(count)]
    assert view(new(names))["turn"] == "P0"


@pytest.mark.parametrize("count", [0, 9])
def test_players_fewer_than_one_or_more_than_eight_is_bad_input(count):
    with pytest.raises(BadInput, match="1 to 8 players"):
        GAME.new_setup([f"P{i}" for i in range(count)])


def test_players_no_teams():
    with pytest.raises(BadInput, match="single players"):
        GAME.new_setup(None, teams=[{"name": "Reds", "players": ["Ann", "Bob"]}])


# --- scoring -----------------------------------------------------------------------


@pytest.mark.parametrize(("code", "runs"), [("S1", 1), ("D1", 2), ("T1", 3)])
def test_scoring_single_double_treble_on_the_inning_number(code, runs):
    state, ruling = play(new(), dart(code))
    assert ruling.verdict == Verdict.OK
    assert ruling.score == {"Ann": runs}
    assert totals(state)["Ann"] == runs
    assert view(state)["sides"][0]["hits"] == 1
    assert "darts-baseball/scoring" in ruling.rules


@pytest.mark.parametrize(("code", "runs"), [("S3", 1), ("D3", 2), ("T3", 3)])
def test_scoring_counts_the_number_of_the_inning_being_played(code, runs):
    state = blank(new(), 2)
    assert view(state)["detail"]["target"] == 3
    state, ruling = play(state, dart(code))
    assert ruling.score == {"Ann": runs}
    assert ruling.summary == f"Ann: {code} in the 3rd: {runs} run{'s' * (runs > 1)}."


@pytest.mark.parametrize("code", ["S2", "T20", "D5", "T4", "SB", "DB", "M"])
def test_scoring_other_numbers_bulls_and_misses_score_nothing(code):
    state = blank(new(), 2)  # inning 3: the 3 is the target
    state, ruling = play(state, dart(code))
    assert ruling.score == {"Ann": 0}
    assert ruling.summary == f"Ann: {code} in the 3rd: 0 runs."
    assert view(state)["sides"][0] == {"name": "Ann", "score": 0, "hits": 0}


def test_scoring_last_inning_number_scores_nothing_in_the_next():
    state = blank(new(), 1)
    state, ruling = play(state, rnd("T1", "D1", "S1"))
    assert ruling.score == {"Ann": 0}


def test_scoring_three_trebles_is_nine_runs():
    state, ruling = play(new(), rnd("T1", "T1", "T1"))
    assert ruling.score == {"Ann": 9}
    assert totals(state) == {"Ann": 9, "Bob": 0}
    assert view(state)["turn"] == "Bob"


# --- innings and turns -------------------------------------------------------------


def test_innings_target_is_the_inning_number_from_one_to_nine():
    state = new()
    for inning in range(1, 10):
        detail = view(state)["detail"]
        assert (detail["inning"], detail["target"]) == (inning, inning)
        assert detail["extra"] is False
        state = blank(state, 1) if inning < 9 else state


def test_innings_nine_by_default_then_the_game_ends():
    state = new()
    state, _ = play(state, rnd("S1"), rnd("M"))
    state = blank(state, 7)
    state, _ = play(state, rnd("M"))
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.WIN
    assert ruling.options == ()
    assert view(state)["winner"] == "Ann"
    assert view(state)["detail"]["innings"] == 9
    assert len(line(state)["Ann"]) == 9


def test_innings_twenty_option_plays_on_to_the_20():
    state = new(innings="20")
    state, _ = play(state, rnd("S1"), rnd("M"))
    state = blank(state, 7)
    state, _ = play(state, rnd("M"))
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.OK
    assert view(state)["detail"]["target"] == 10
    assert view(state)["detail"]["extra"] is False
    state = blank(state, 10)
    assert view(state)["detail"]["target"] == 20
    state, _ = play(state, rnd("M"))
    state, ruling = play(state, rnd("S20"))
    assert ruling.verdict == Verdict.OK  # a one-run 20th ties it: extra innings
    assert "innings" in ruling.options
    assert view(state)["detail"]["extra"] is True


def test_innings_option_is_nine_or_twenty():
    with pytest.raises(BadInput, match="one of 9, 20"):
        GAME.new_setup(["Ann"], {"innings": "12"})


def test_turns_go_in_seat_order_and_every_inning_starts_with_the_first_seat():
    state = new(("Ann", "Bob", "Cy"))
    seen = []
    for _ in range(6):
        seen.append(view(state)["turn"])
        state, ruling = play(state, rnd("M"))
    assert seen == ["Ann", "Bob", "Cy", "Ann", "Bob", "Cy"]
    assert view(state)["detail"]["inning"] == 3


def test_turns_pass_after_the_third_dart():
    state, ruling = play(new(), dart("S1"), dart("M"))
    assert view(state)["turn"] == "Ann"
    assert view(state)["detail"]["darts"] == ["S1", "M"]
    assert view(state)["detail"]["darts_left"] == 1
    state, ruling = play(state, dart("D1"))
    assert "darts-baseball/turns" in ruling.rules
    assert view(state)["turn"] == "Bob"
    assert view(state)["detail"]["darts"] == []


def test_turns_prompt_names_the_player_inning_target_and_dart():
    state = blank(new(), 2)
    state, _ = play(state, dart("S3"))
    board = view(state)
    assert board["prompt"] == "Ann: inning 3, throw at 3 (dart 2 of 3)"
    assert board["expects"] == ["dart"]
    assert board["phase"] == "play"


# --- entering darts ----------------------------------------------------------------


def test_entry_short_set_counts_the_rest_as_misses_when_the_player_says_so():
    state, ruling = play(new(), rnd("D1"))
    assert ruling.summary == "Ann: D1 M M in the 1st: 2 runs."
    assert "darts-baseball/entry" in ruling.rules
    assert view(state)["turn"] == "Bob"
    assert line(state) == {"Ann": [2], "Bob": []}


@pytest.mark.parametrize(
    ("codes", "missing"),
    [(["D1"], "enter the 2nd and 3rd darts"), (["S1", "T1"], "enter the 3rd dart")],
)
@pytest.mark.parametrize("said", [{}, {"rest_missed": False}])
def test_entry_short_set_without_rest_missed_is_bad_input_asking_for_the_darts(
    codes, missing, said
):
    event = {"type": "round", "darts": codes, **said}
    with pytest.raises(BadInput, match=missing) as err:
        GAME.step(new(), event)
    assert err.value.field == "darts"
    assert '"rest_missed": true' in str(err.value)
    # The example is the set written out in full, the rest as misses.
    assert err.value.example == " ".join([*codes, "M", "M"][:3])
    full = GAME.step(new(), {"type": "round", "darts": err.value.example})
    said = GAME.step(new(), {"type": "round", "darts": codes, "rest_missed": True})
    assert full.state == said.state


def test_entry_full_set_needs_no_rest_missed_and_accepts_it_said():
    plain, _ = play(new(), {"type": "round", "darts": ["S1", "M", "M"]})
    said, _ = play(
        new(), {"type": "round", "darts": ["S1", "M", "M"], "rest_missed": True}
    )
    assert plain == said
    assert view(plain)["turn"] == "Bob"


def test_entry_stored_short_set_without_the_key_keeps_its_old_reading():
    # Logs written before "rest_missed" existed replay as they were ruled.
    legacy = {"type": "round", "darts": ["D1"]}
    step = GAME.apply(new(), legacy)
    assert step.ruling.summary == "Ann: D1 M M in the 1st: 2 runs."


def test_entry_rest_missed_is_not_a_field_of_one_dart():
    with pytest.raises(BadInput, match="'rest_missed' is not a field of 'dart'"):
        GAME.step(new(), {"type": "dart", "dart": "S1", "rest_missed": True})


def test_entry_round_summary_reads_like_the_box_score():
    state = blank(new(("Ann", "Bob")), 2)
    state, _ = play(state, rnd("M"))
    state, ruling = play(state, rnd("D3", "T3", "M"))
    assert ruling.summary == "Bob: D3 T3 M in the 3rd: 5 runs."
    assert ruling.score == {"Bob": 5}


def test_entry_round_refused_after_darts_entered_one_by_one():
    state, _ = play(new(), dart("S1"))
    assert view(state)["expects"] == ["dart"]
    with pytest.raises(Refused, match="Ann has entered 1 dart of this set") as err:
        GAME.step(state, rnd("S1", "S1"))
    assert err.value.ruling.rules == ("darts-baseball/entry",)


def test_entry_round_allowed_at_the_start_of_a_yogi_berra_set():
    state, _ = play(new(yogi_berra=True), dart("S1"), dart("S1"), dart("S1"))
    assert view(state)["expects"] == ["dart", "round"]
    state, ruling = play(state, rnd("T1", "M"))
    assert ruling.score == {"Ann": 3}
    assert view(state)["turn"] == "Bob"


@pytest.mark.parametrize(
    ("event", "match"),
    [
        (dart("T25"), "no treble bull"),
        (dart("S21"), "singles go from S1 to S20"),
        (dart("Q3"), "not a dart"),
        (rnd(*["S1"] * 10), "1 to 9 darts; 10 given"),
        (rnd(), "1 to 9 darts; 0 given"),
        ({"type": "throw", "dart": "S1"}, "not an event"),
        ({"type": "dart"}, "'dart' is missing"),
    ],
)
def test_entry_impossible_darts_are_bad_input(event, match):
    with pytest.raises(BadInput, match=match):
        GAME.step(new(), event)


# --- Newfoundland ------------------------------------------------------------------


def test_newfoundland_no_runs_in_the_7th_sends_the_total_to_zero():
    state = new(newfoundland=True)
    state, _ = play(state, rnd("T1", "T1"), rnd("S1"))  # Ann 6, Bob 1
    state = blank(state, 5)
    state, _ = play(state, dart("M"), dart("S9"))
    assert totals(state)["Ann"] == 6  # the reset waits for the end of the turn
    state, ruling = play(state, dart("SB"))
    assert ruling.verdict == Verdict.WIPEOUT
    assert ruling.score == {"Ann": -6}
    assert ruling.options == ("newfoundland",)
    assert "darts-baseball/newfoundland" in ruling.rules
    assert "goes back to 0 from 6" in ruling.summary
    assert totals(state) == {"Ann": 0, "Bob": 1}
    (penalty,) = ruling.penalties
    assert (penalty.side, penalty.points) == ("Ann", -6)
    assert penalty.rule == "darts-baseball/newfoundland"
    assert line(state)["Ann"] == [6, 0, 0, 0, 0, 0, -6]


def test_newfoundland_runs_in_the_7th_keep_the_total():
    state = new(newfoundland=True)
    state, _ = play(state, rnd("T1"), rnd("S1"))
    state = blank(state, 5)
    state, ruling = play(state, rnd("M", "M", "S7"))
    assert ruling.verdict == Verdict.OK
    assert totals(state)["Ann"] == 4


def test_newfoundland_off_no_runs_in_the_7th_costs_nothing():
    state = new()
    state, _ = play(state, rnd("T1"), rnd("S1"))
    state = blank(state, 5)
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.OK
    assert ruling.options == ()
    assert totals(state)["Ann"] == 3


def test_newfoundland_player_on_zero_is_still_ruled_a_wipeout():
    state = blank(new(newfoundland=True), 6)
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.WIPEOUT
    assert ruling.score == {"Ann": 0}
    assert "already 0" in ruling.summary


@pytest.mark.parametrize("inning", [6, 8, 13])
def test_newfoundland_other_innings_are_not_must_score(inning):
    state = new(innings="20", newfoundland=True)
    for number in range(1, inning):  # Ann scores a run in every earlier inning
        state, _ = play(state, rnd(f"S{number}"), rnd("M"))
    assert view(state)["detail"]["inning"] == inning
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.OK
    assert totals(state)["Ann"] == inning - 1


def test_newfoundland_14th_is_must_score_in_twenty_innings():
    state = new(innings="20", newfoundland=True)
    state, _ = play(state, rnd("T1"), rnd("S1"))
    state = blank(state, 5)
    state, _ = play(state, rnd("S7"), rnd("D7"))  # both score in the 7th
    state = blank(state, 6)
    assert view(state)["detail"]["target"] == 14
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.WIPEOUT
    assert ruling.score == {"Ann": -4}
    state, ruling = play(state, rnd("S14"))
    assert ruling.verdict == Verdict.OK
    assert totals(state) == {"Ann": 0, "Bob": 4}


def test_newfoundland_does_not_apply_in_extra_innings():
    state = tie_after_nine(newfoundland=True)  # the 7th was a wipeout for both
    assert totals(state) == {"Ann": 0, "Bob": 0}
    state = blank(state, 4)
    assert view(state)["detail"]["target"] == 14
    state, _ = play(state, rnd("S14"))
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.WIN
    assert "newfoundland" not in ruling.options
    assert view(state)["winner"] == "Ann"


# --- Yogi Berra --------------------------------------------------------------------


def test_yogi_berra_all_three_scoring_keeps_the_inning_alive_for_several_sets():
    state = blank(new(yogi_berra=True), 2)
    state, ruling = play(state, rnd("T3", "T3", "T3"))
    assert ruling.options == ("yogi_berra",)
    assert "darts-baseball/yogi-berra" in ruling.rules
    assert "inning stays alive" in ruling.summary
    board = view(state)
    assert board["turn"] == "Ann"
    assert board["detail"]["alive"] is True
    assert board["detail"]["darts_left"] == 3
    assert (
        board["prompt"] == "Ann: inning 3, throw at 3 (dart 1 of 3, inning still alive)"
    )
    state, ruling = play(state, rnd("S3", "D3", "S3"))
    assert view(state)["turn"] == "Ann"
    state, ruling = play(state, dart("S3"), dart("S3"), dart("S3"))
    assert view(state)["turn"] == "Ann"
    state, ruling = play(state, rnd("D3", "S4", "T3"))
    assert ruling.options == ("yogi_berra",)  # thrown only because of the option
    assert view(state)["turn"] == "Bob"
    assert view(state)["detail"]["alive"] is False
    assert totals(state)["Ann"] == 9 + 4 + 3 + 5
    assert line(state)["Ann"] == [0, 0, 21]
    assert view(state)["sides"][0]["hits"] == 11


def test_yogi_berra_off_all_three_scoring_ends_the_turn():
    state, ruling = play(new(), rnd("S1", "S1", "S1"))
    assert ruling.options == ()
    assert view(state)["turn"] == "Bob"


def test_yogi_berra_one_dart_that_does_not_score_ends_the_turn():
    state, ruling = play(new(yogi_berra=True), rnd("T1", "T1", "SB"))
    assert ruling.options == ()
    assert view(state)["turn"] == "Bob"


def test_yogi_berra_comeback_in_the_bottom_of_the_ninth():
    state = new(yogi_berra=True)
    state, _ = play(state, rnd("D1"), rnd("M"))
    state = blank(state, 7)
    state, _ = play(state, rnd("M"))
    state, _ = play(state, rnd("S9", "S9", "S9"), rnd("S9", "M"))
    assert view(state)["winner"] == "Bob"
    assert totals(state) == {"Ann": 2, "Bob": 4}


# --- extra innings and the winner --------------------------------------------------


def test_extra_innings_two_tied_leaders_play_on_alone():
    state = new(("Ann", "Bob", "Cy"))
    state, _ = play(state, rnd("S1"), rnd("S1"), rnd("M"))
    state = blank(state, 8)
    board = view(state)
    assert board["detail"]["extra"] is True
    assert board["phase"] == "extra"
    assert board["detail"]["in_play"] == ["Ann", "Bob"]
    assert board["detail"]["target"] == 10
    assert board["prompt"] == "Ann: extra inning 10, throw at 10 (dart 1 of 3)"
    assert line(state)["Cy"][-1] is None
    state, ruling = play(state, rnd("M"))
    assert view(state)["turn"] == "Bob"
    state, ruling = play(state, rnd("S10"))
    assert ruling.verdict == Verdict.WIN
    assert "darts-baseball/winner" in ruling.rules
    assert ruling.summary == "Bob: S10 M M in the 10th: 1 run. Bob wins with 2 runs."
    assert line(state) == {
        "Ann": [1] + [0] * 9,
        "Bob": [1] + [0] * 8 + [1],
        "Cy": [0] * 9 + [None],
    }


def test_extra_innings_ruling_names_the_tied_leaders():
    state = new(("Ann", "Bob", "Cy"))
    state, _ = play(state, rnd("S1"), rnd("M"), rnd("S1"))
    state = blank(state, 7)
    state, _ = play(state, rnd("M"), rnd("M"))
    state, ruling = play(state, rnd("M"))
    assert ruling.verdict == Verdict.OK
    assert "darts-baseball/extra-innings" in ruling.rules
    assert ruling.summary == (
        "Cy: M M M in the 9th: 0 runs. "
        "Tied at 1 run: Ann and Cy play extra inning 10, at 10."
    )


def test_extra_innings_three_tied_then_two_still_tied_then_a_winner():
    state = new(("Ann", "Bob", "Cy", "Di"))
    state, _ = play(state, rnd("D1"), rnd("S1"), rnd("D1"), rnd("D1"))
    state = blank(state, 8)
    assert view(state)["detail"]["in_play"] == ["Ann", "Cy", "Di"]
    assert view(state)["turn"] == "Ann"
    state, _ = play(state, rnd("S10"), rnd("M"))
    state, ruling = play(state, rnd("S10"))  # Ann and Di still tied on 3
    assert ruling.verdict == Verdict.OK
    board = view(state)
    assert board["detail"]["in_play"] == ["Ann", "Di"]
    assert board["detail"]["inning"] == 11
    state, _ = play(state, rnd("M"))
    state, ruling = play(state, rnd("T11"))
    assert ruling.verdict == Verdict.WIN
    assert view(state)["winner"] == "Di"
    assert totals(state) == {"Ann": 3, "Bob": 1, "Cy": 2, "Di": 6}
    assert line(state)["Bob"][9:] == [None, None]
    assert line(state)["Cy"][9:] == [0, None]
    assert line(state)["Di"][9:] == [1, 3]


def test_extra_innings_after_the_20th_the_bull_is_the_target():
    state = new(innings="20")
    state, _ = play(state, rnd("S1"), rnd("S1"))
    state = blank(state, 19)
    board = view(state)
    assert board["detail"]["target"] == "bull"
    assert board["prompt"] == "Ann: extra inning 21, throw at the bull (dart 1 of 3)"
    state, ruling = play(state, rnd("SB", "S20", "M"))
    assert ruling.score == {"Ann": 1}
    state, ruling = play(state, rnd("DB", "T2", "M"))
    assert ruling.score == {"Bob": 2}
    assert view(state)["winner"] == "Bob"


def test_extra_innings_after_nine_count_up_through_the_numbers_to_the_bull():
    state = tie_after_nine()
    targets = []
    for _ in range(12):
        targets.append(view(state)["detail"]["target"])
        state = blank(state, 1)
    assert targets == [*range(10, 21), "bull"]
    assert view(state)["detail"]["inning"] == 22


def test_winner_most_runs_after_the_ninth():
    state, _ = play(new(("Ann", "Bob", "Cy")), rnd("S1"), rnd("T1"), rnd("D1"))
    state = blank(state, 8)
    board = view(state)
    assert board["winner"] == "Bob"
    assert board["over"] is True
    assert board["turn"] is None
    assert board["expects"] == []
    assert board["phase"] == "over"
    assert board["prompt"] == "Game over: Bob wins with 3 runs."


def test_winner_a_lone_player_finishes_after_nine_innings():
    state, ruling = play(new(("Ann",)), rnd("S1"))
    state = blank(state, 8)
    assert view(state)["winner"] == "Ann"
    assert view(state)["prompt"] == "Game over: Ann finishes with 1 run."


@pytest.mark.parametrize("event", [dart("S9"), rnd("S9", "S9")])
def test_winner_every_event_after_the_game_is_refused(event):
    state, _ = play(new(), rnd("S1"), rnd("M"))
    state = blank(state, 8)
    assert view(state)["winner"] == "Ann"
    with pytest.raises(Refused, match="The game is over: Ann won") as err:
        GAME.step(state, event)
    assert err.value.ruling.rules == ("darts-baseball/winner",)


# --- a whole game ------------------------------------------------------------------

# Ann and Bob, nine innings, no options: one set each per inning.
TRANSCRIPT = [
    (rnd("S1", "S1", "M"), rnd("T1", "S5", "S1")),
    (rnd("D2", "S2", "S2"), rnd("S2", "M", "M")),
    (rnd("S3", "S19", "S3"), rnd("D3", "T3", "M")),
    (rnd("T4", "T4", "S4"), rnd("S4")),
    (rnd("M", "M", "M"), rnd("SB", "S5", "D5")),
    (rnd("S6", "S6", "S6"), rnd("DB", "T6", "S10")),
    (rnd("D7", "S7"), rnd("S7", "S7", "S7")),
    ([dart("S8"), dart("T8"), dart("M")], rnd("T8", "T8", "T8")),
    (rnd("S9", "D9", "S9"), rnd("S9", "S9", "M")),
]


def test_full_nine_inning_game_transcript_box_score():
    state = new()
    rulings = []
    for ann, bob in TRANSCRIPT:
        for event in [*(ann if isinstance(ann, list) else [ann]), bob]:
            step = GAME.step(state, event)
            state = step.state
            rulings.append(step.ruling)
    board = view(state)
    assert board["detail"]["line"] == {
        "Ann": [2, 4, 2, 7, 0, 3, 3, 4, 4],
        "Bob": [4, 1, 5, 1, 3, 3, 3, 9, 2],
    }
    assert board["sides"] == [
        {"name": "Ann", "score": 29, "hits": 20},
        {"name": "Bob", "score": 31, "hits": 17},
    ]
    assert board["winner"] == "Bob"
    assert rulings[-1].verdict == Verdict.WIN
    assert (
        rulings[-1].summary == "Bob: S9 S9 M in the 9th: 2 runs. Bob wins with 31 runs."
    )
    assert [r.verdict for r in rulings[:-1]] == [Verdict.OK] * (len(rulings) - 1)
    runs = {"Ann": 0, "Bob": 0}
    for ruling in rulings:
        for name, change in ruling.score.items():
            runs[name] += change
    assert runs == {"Ann": 29, "Bob": 31}
    assert json.loads(json.dumps(state)) == state


# --- the rulebook and the examples -------------------------------------------------

BOOK_IDS = {r.id for r in books()["darts-baseball"].rules}


@pytest.mark.parametrize(
    "local",
    [
        "innings",
        "scoring",
        "turns",
        "newfoundland",
        "yogi-berra",
        "extra-innings",
        "winner",
        "entry",
        "line-score",
        "players",
    ],
)
def test_rulebook_has_each_rule_the_engine_needs(local):
    assert f"darts-baseball/{local}" in BOOK_IDS


def test_rulebook_every_rule_the_engine_cites_exists():
    # the engine takes its ids from its rulebook handle, which checks them at import
    assert {
        darts_baseball.R_SCORING,
        darts_baseball.R_WINNER,
    } <= darts_baseball.CITE.cited
    assert darts_baseball.CITE.cited <= BOOK_IDS
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        darts_baseball.CITE("not-a-rule")


def test_rulebook_option_rules_name_their_option():
    options = {r.number: r.option for r in books()["darts-baseball"].rules}
    assert options["newfoundland"] == "newfoundland"
    assert options["yogi-berra"] == "yogi_berra"
    assert options["innings"] == "innings"
    assert {o.name for o in GAME.options} == {"innings", "newfoundland", "yogi_berra"}


def test_examples_are_legal_after_their_setup():
    for kind in GAME.events:
        assert kind.examples
        for example in kind.examples:
            state = GAME.start(GAME.new_setup(example.players, example.options))
            state, _ = play(state, *example.setup)
            state, ruling = play(state, example.event)
            assert ruling.verdict in (Verdict.OK, Verdict.WIN)


# --- properties --------------------------------------------------------------------

# A dart is drawn as (roll, multiplier, code): below the game's skill it hits the target
# with that multiplier, otherwise it is any dart at all (which rarely scores). Low
# skill makes ties at the top, and so extra innings, common.
DART = st.tuples(
    st.integers(min_value=0, max_value=9),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(ALL_CODES),
)
SET = st.lists(DART, min_size=3, max_size=3)
OPTIONS = st.fixed_dictionaries(
    {
        "innings": st.sampled_from(["9", "20"]),
        "newfoundland": st.booleans(),
        "yogi_berra": st.booleans(),
    }
)
PLAYERS = st.integers(min_value=1, max_value=4)
SKILL = st.integers(min_value=0, max_value=6)
MAX_SETS = 150


def aim(state, skill, drawn):
    """The dart code for a drawn dart: a hit on the current target, or any dart."""
    roll, multiplier, code = drawn
    if roll >= skill:
        return code
    target = view(state)["detail"]["target"]
    if target == "bull":
        return "DB" if multiplier > 1 else "SB"
    return "SDT"[multiplier - 1] + str(target)


def check_invariants(state):
    board = view(state)
    for side in board["sides"]:
        assert side["score"] >= 0
        runs = board["detail"]["line"][side["name"]]
        assert side["score"] == sum(r for r in runs if r is not None)


def hits_of(state):
    return {side["name"]: side["hits"] for side in view(state)["sides"]}


@settings(max_examples=80, deadline=None)
@given(players=PLAYERS, options=OPTIONS, skill=SKILL, data=st.data())
def test_property_totals_never_negative_and_equal_the_line_score(
    players, options, skill, data
):
    state = new([f"P{i}" for i in range(players)], **options)
    for _ in range(MAX_SETS):
        if view(state)["over"]:
            break
        codes = [aim(state, skill, d) for d in data.draw(SET)]
        state, _ = play(state, rnd(*codes))
        check_invariants(state)


@settings(max_examples=50, deadline=None)
@given(players=PLAYERS, options=OPTIONS, skill=SKILL, data=st.data())
def test_property_dart_by_dart_equals_whole_sets(players, options, skill, data):
    names = [f"P{i}" for i in range(players)]
    by_set = new(names, **options)
    by_dart = new(names, **options)
    changes_set = dict.fromkeys(names, 0)
    changes_dart = dict.fromkeys(names, 0)
    for _ in range(MAX_SETS):
        if view(by_set)["over"]:
            break
        codes = [aim(by_set, skill, d) for d in data.draw(SET)]
        step = GAME.apply(by_set, GAME.parse_event(rnd(*codes)))
        by_set = step.state
        for name, change in step.ruling.score.items():
            changes_set[name] += change
        for code in codes:
            before = by_dart
            step = GAME.apply(by_dart, GAME.parse_event(dart(code)))
            by_dart = step.state
            for name, change in step.ruling.score.items():
                changes_dart[name] += change
                # a dart that brings in runs is a hit; nothing else is
                hits = hits_of(by_dart)[name] - hits_of(before)[name]
                assert hits == (change > 0)
        assert by_dart == by_set
    assert view(by_dart) == view(by_set)
    assert changes_set == changes_dart == totals(by_set)


# --- who threw: the player in turn, three darts a turn (issue 24) --------------------


def refusal(state, event):
    with pytest.raises(Refused) as refused:
        GAME.step(state, event)
    return refused.value.ruling


@pytest.mark.parametrize("event", [dart("S1"), rnd("S1", "M", "M")])
def test_turns_an_event_naming_the_player_not_in_turn_is_refused(event):
    ruling = refusal(new(), {**event, "player": "Bob"})
    assert ruling.rules == ("darts-baseball/turns",)
    assert "Bob" in ruling.summary


def test_turns_naming_the_player_in_turn_credits_them():
    state, ruling = play(new(), {**dart("S1"), "player": "Ann"})
    assert ruling.score == {"Ann": 1}
    state, ruling = play(state, {**dart("D1"), "player": 0}, dart("M"))
    assert totals(state) == {"Ann": 3, "Bob": 0}
    assert view(state)["turn"] == "Bob"
    _, ruling = play(state, {**rnd("S1", "M", "M"), "player": "Bob"})
    assert ruling.score == {"Bob": 1}


def test_turns_a_fourth_dart_by_the_same_player_is_refused_not_credited_to_the_next():
    state, _ = play(new(), dart("S1"), dart("S1"), dart("S1"))
    ruling = refusal(state, {**dart("S1"), "player": "Ann"})
    assert ruling.rules == ("darts-baseball/turns",)
    assert "Ann has thrown a set of three in the 1st" in ruling.summary
    assert totals(state) == {"Ann": 3, "Bob": 0}


def test_turns_the_last_thrower_of_an_inning_does_not_lead_off_the_next():
    state, _ = play(new(), rnd("S1", "M", "M"), rnd("M", "M", "M"))
    ruling = refusal(state, {**dart("S2"), "player": "Bob"})
    assert ruling.rules == ("darts-baseball/turns", "darts-baseball/innings")
    assert "Ann leads off the 2nd" in ruling.summary


def test_entry_a_set_of_four_darts_is_refused():
    ruling = refusal(new(), {"type": "round", "darts": ["S1"] * 4})
    assert ruling.rules == ("darts-baseball/turns", "darts-baseball/entry")
    assert "4 darts" in ruling.summary


def test_yogi_berra_nobody_else_throws_while_the_inning_is_alive():
    state, _ = play(new(yogi_berra=True), rnd("S1", "S1", "S1"))
    ruling = refusal(state, {**dart("S1"), "player": "Bob"})
    assert ruling.rules == ("darts-baseball/yogi-berra", "darts-baseball/turns")
    _, taken = play(state, {**dart("S1"), "player": "Ann"})
    assert taken.score == {"Ann": 1}


def test_extra_innings_a_player_out_of_the_tie_cannot_throw():
    state = new(("Ann", "Bob", "Cy"))
    state, _ = play(state, rnd("S1", "M", "M"), rnd("S1", "M", "M"), rnd("M"))
    state = blank(state, 8)
    assert view(state)["detail"]["in_play"] == ["Ann", "Bob"]
    ruling = refusal(state, {**dart("S10"), "player": "Cy"})
    assert ruling.rules == ("darts-baseball/extra-innings", "darts-baseball/turns")
    assert "only Ann and Bob" in ruling.summary


def outcome(state, event):
    try:
        step = GAME.step(state, event)
    except Refused as refused:
        return "refused", refused.ruling
    except BadInput as bad:
        return "bad input", str(bad)
    return "taken", (step.state, step.ruling)


@settings(max_examples=40, deadline=None)
@given(players=PLAYERS, options=OPTIONS, skill=SKILL, data=st.data())
def test_property_naming_the_player_in_turn_is_the_same_as_naming_nobody(
    players, options, skill, data
):
    state = new([f"P{i}" for i in range(players)], **options)
    for _ in range(data.draw(st.integers(min_value=0, max_value=40))):
        if state["winner"] is not None:
            return
        event = dart(aim(state, skill, data.draw(DART)))
        if data.draw(st.booleans()):
            event = rnd(*(aim(state, skill, d) for d in data.draw(SET)))
        named = {**event, "player": state["in_play"][state["at"]]}
        assert outcome(state, named) == outcome(state, event)
        with contextlib.suppress(Refused):
            state, _ = play(state, event)
