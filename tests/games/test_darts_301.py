"""Tests for the darts 301 engine: the rules of the 301 section, one test per rule."""

from __future__ import annotations

import contextlib
import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee.games import checkouts
from referee.games import darts_301
from referee.games.darts import all_darts
from referee.games.darts_301 import GAME
from referee.games.fields import parse_fields
from referee.games.outcomes import JSON
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Step
from referee.games.outcomes import Verdict

RULEBOOK = Path(__file__).parents[2] / "referee" / "rulebook" / "darts_301.toml"
REQUIRED_RULES = {
    "start", "round", "scoring", "bounce-out", "double-out", "bust", "win",
    "legs-and-sets", "order", "stats",
}  # fmt: skip


# --- helpers -----------------------------------------------------------------------


def new(players: tuple[str, ...] = ("Ann", "Bob"), **options: Any) -> JSON:
    return GAME.start(GAME.new_setup(list(players), options))


def step(state: JSON, event: JSON) -> Step:
    return GAME.step(state, event)


def play(state: JSON, *events: JSON) -> JSON:
    for event in events:
        state = step(state, event).state
    return state


def dart(code: str) -> JSON:
    return {"type": "dart", "dart": code}


def rnd(*codes: str) -> JSON:
    return {"type": "round", "darts": list(codes)}


def score(points: int, **extra: Any) -> JSON:
    return {"type": "score", "points": points, **extra}


def remaining(state: JSON, name: str = "Ann") -> int:
    return next(s["score"] for s in GAME.view(state)["sides"] if s["name"] == name)


def ann_at(target: int, **options: Any) -> JSON:
    """A fresh match with Ann to throw on ``target`` and Bob untouched (misses)."""
    state = new(**options)
    left = remaining(state)
    while left - target > 0:
        take = min(180, left - target)
        while take not in checkouts.reachable(3):
            take -= 1  # step round totals three darts cannot make (179, 163 ...)
        state = play(state, score(take), score(0))
        left = remaining(state)
    assert left == target
    assert GAME.view(state)["turn"] == "Ann"
    return state


def stats(state: JSON, name: str = "Ann") -> JSON:
    return GAME.view(state)["detail"]["stats"][name]


def win_leg(state: JSON, seat: int) -> JSON:
    """Play rounds until ``seat`` checks out; everyone else misses."""
    while True:
        if GAME.view(state)["over"]:
            return state
        turn = state["turn"]
        left = state["scores"][turn]
        if turn != seat:
            state = step(state, score(0)).state
        elif checkouts.can_finish(left, 3):
            result = step(state, score(left, double_out=True))
            assert result.ruling.verdict == Verdict.WIN
            return result.state
        else:
            take = min(180, left - 40)
            while take not in checkouts.reachable(3):
                take -= 1
            state = step(state, score(take)).state


# --- start -------------------------------------------------------------------------


def test_start_everyone_begins_on_301_by_default() -> None:
    board = GAME.view(new())
    assert [s["score"] for s in board["sides"]] == [301, 301]
    assert board["detail"]["start"] == 301
    assert board["turn"] == "Ann"


@pytest.mark.parametrize("begin", ["301", "501", "701"])
def test_start_option_sets_the_starting_score(begin: str) -> None:
    board = GAME.view(new(start=begin))
    assert [s["score"] for s in board["sides"]] == [int(begin)] * 2
    assert board["detail"]["round"]["start_score"] == int(begin)


def test_start_option_rejects_other_scores() -> None:
    with pytest.raises(BadInput, match="301, 501, 701"):
        new(start="401")


def test_start_501_nine_darter_checks_out_on_t20_t19_d12() -> None:
    state = new(start="501")
    state = play(
        state, rnd("T20", "T20", "T20"), rnd("M"), rnd("T20", "T20", "T20"), rnd("M")
    )
    assert remaining(state) == 141
    result = step(state, rnd("T20", "T19", "D12"))
    assert result.ruling.verdict == Verdict.WIN
    assert stats(result.state)["three_dart_average"] == 167.0


def test_start_701_is_played_down_to_zero_too() -> None:
    state = win_leg(new(start="701"), 0)
    assert GAME.view(state)["winner"] == "Ann"
    assert stats(state)["points_scored"] == 701


@pytest.mark.parametrize("count", [1, 8])
def test_start_takes_one_to_eight_players(count: int) -> None:
    names = tuple(f"P{i}" for i in range(count))
    assert len(GAME.view(new(names))["sides"]) == count


def test_start_refuses_nine_players() -> None:
    with pytest.raises(BadInput, match="1 to 8 players"):
        new(tuple(f"P{i}" for i in range(9)))


def test_start_has_no_teams() -> None:
    with pytest.raises(BadInput, match="single players"):
        GAME.new_setup(None, {}, [{"name": "A", "players": ["Ann", "Cy"]}])


# --- round -------------------------------------------------------------------------


def test_round_takes_the_sum_of_its_darts_off_the_remaining_score() -> None:
    state = play(new(), dart("T20"), dart("T20"), dart("S20"))
    assert remaining(state) == 161
    assert GAME.view(state)["turn"] == "Bob"


def test_round_turn_passes_after_the_third_dart() -> None:
    state = play(new(), dart("S1"), dart("S1"))
    assert GAME.view(state)["turn"] == "Ann"
    result = step(state, dart("S1"))
    assert GAME.view(result.state)["turn"] == "Bob"
    assert "darts-301/round" in result.ruling.rules


def test_round_player_need_not_throw_all_three_darts() -> None:
    result = step(play(new(), dart("T20")), {"type": "end_round"})
    assert result.ruling.verdict == Verdict.OK
    assert "Ann stops after 1 dart" in result.ruling.summary
    assert remaining(result.state) == 241
    assert GAME.view(result.state)["turn"] == "Bob"
    assert stats(result.state)["darts_thrown"] == 1


def test_round_end_round_before_any_dart_is_refused() -> None:
    with pytest.raises(Refused, match="Ann has not thrown"):
        step(new(), {"type": "end_round"})


def test_round_event_with_fewer_darts_means_the_player_stopped() -> None:
    state = play(new(), rnd("T20", "T20"))
    assert remaining(state) == 181
    assert GAME.view(state)["turn"] == "Bob"


def test_round_entered_whole_is_refused_after_single_darts() -> None:
    state = play(new(), dart("T20"))
    with pytest.raises(Refused, match="already entered darts") as err:
        step(state, rnd("T20", "T20"))
    assert "darts-301/round" in err.value.ruling.rules


def test_round_total_is_refused_after_single_darts() -> None:
    state = play(new(), dart("T20"))
    with pytest.raises(Refused, match="already entered darts"):
        step(state, score(100))


def test_round_of_four_darts_is_refused_citing_the_three_dart_round() -> None:
    with pytest.raises(Refused, match="at most 3 darts") as refused:
        step(new(), rnd("T20", "T20", "T20", "T20"))
    assert refused.value.ruling.rules == ("darts-301/round",)


def test_round_total_for_four_darts_is_refused_citing_the_three_dart_round() -> None:
    with pytest.raises(Refused, match="at most 3 darts") as refused:
        step(new(), score(100, darts=4))
    assert refused.value.ruling.rules == ("darts-301/round",)


def test_round_list_too_long_to_read_is_bad_input() -> None:
    with pytest.raises(BadInput, match="1 to 9 darts; 10 given"):
        step(new(), rnd(*["S1"] * 10))


def test_round_ruling_score_is_the_change_in_remaining() -> None:
    assert step(new(), rnd("T20", "T20", "S20")).ruling.score == {"Ann": -140}
    assert step(new(), dart("D16")).ruling.score == {"Ann": -32}
    assert step(new(), score(85)).ruling.score == {"Ann": -85}


def test_round_score_entry_with_fewer_darts_counts_only_those() -> None:
    state = play(new(), score(60, darts=1))
    assert stats(state)["darts_thrown"] == 1
    assert GAME.view(state)["detail"]["sheet"][0]["darts"] is None


# --- scoring -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "points"),
    [("S1", 1), ("S20", 20), ("D20", 40), ("T20", 60), ("T19", 57), ("D1", 2),
     ("SB", 25), ("DB", 50), ("M", 0), ("25", 25), ("bullseye", 50), ("t5", 15)],
)  # fmt: skip
def test_scoring_each_bed_ring_and_bull(code: str, points: int) -> None:
    state = play(new(), dart(code))
    assert remaining(state) == 301 - points


def test_scoring_treble_bull_is_bad_input() -> None:
    with pytest.raises(BadInput, match="no treble bull"):
        step(new(), dart("T25"))


def test_scoring_segment_21_is_bad_input() -> None:
    with pytest.raises(BadInput, match="T1 to T20"):
        step(new(), dart("T21"))


def test_scoring_one_eighty_is_the_most_a_round_can_make() -> None:
    with pytest.raises(BadInput, match="180"):
        step(new(), score(181))


@pytest.mark.parametrize(("points", "count"), [(179, 3), (163, 3), (61, 1), (23, 1),
                                               (121, 2), (175, 3)])  # fmt: skip
def test_scoring_a_total_no_darts_can_make_is_bad_input(
    points: int, count: int
) -> None:
    with pytest.raises(BadInput, match=f"can score {points}"):
        step(new(), score(points, darts=count))


# --- bounce-out --------------------------------------------------------------------


def test_bounce_out_scores_nothing_but_counts_as_a_dart() -> None:
    result = step(new(), dart("M"))
    assert remaining(result.state) == 301
    assert "darts-301/bounce-out" in result.ruling.rules
    state = play(result.state, {"type": "end_round"})
    assert stats(state)["darts_thrown"] == 1
    assert stats(state)["three_dart_average"] == 0.0


@pytest.mark.parametrize("word", ["M", "miss", "0"])
def test_bounce_out_accepts_the_words_for_a_miss(word: str) -> None:
    state = play(new(), dart(word))
    assert GAME.view(state)["detail"]["round"]["darts"] == ["M"]


@pytest.mark.parametrize("word", ["bounce", "X", "S25", "D25", "OB", "IB", "DBULL"])
def test_a_miss_or_bull_is_written_only_as_the_notation_lists(word: str) -> None:
    """Issue 25: only NOTATION.md's words (M, MISS, 0; SB, 25, BULL; DB, 50,
    BULLSEYE) are read; a word it does not list is refused with an example."""
    with pytest.raises(BadInput, match="is not a dart.*Example"):
        step(new(), dart(word))


# --- double-out and win ------------------------------------------------------------


def test_double_out_finishing_on_a_double_wins_the_leg() -> None:
    result = step(ann_at(32), dart("D16"))
    assert result.ruling.verdict == Verdict.WIN
    assert result.ruling.summary == "Ann checks out 32 on D16 and wins the match."
    assert {"darts-301/double-out", "darts-301/win"} <= set(result.ruling.rules)
    # one leg is the whole match by default: the rule that says so decides it too
    assert "darts-301/legs-and-sets" in result.ruling.rules
    assert result.ruling.score == {"Ann": -32}


def test_double_out_the_bullseye_counts_as_a_double() -> None:
    result = step(ann_at(50), dart("DB"))
    assert result.ruling.verdict == Verdict.WIN
    assert "darts-301/scoring" in result.ruling.rules


def test_double_out_the_outer_bull_is_not_a_double() -> None:
    state = play(ann_at(50), dart("SB"))
    result = step(state, dart("SB"))
    assert result.ruling.verdict == Verdict.BUST
    assert remaining(result.state) == 50


def test_double_out_after_setting_up_with_a_single() -> None:
    state = play(ann_at(44), dart("S4"))
    assert GAME.view(state)["detail"]["checkouts"][0] == ["D20"]
    assert step(state, dart("D20")).ruling.verdict == Verdict.WIN


def test_double_out_round_event_checks_out_part_way() -> None:
    result = step(ann_at(100), rnd("T20", "D20"))
    assert result.ruling.verdict == Verdict.WIN
    assert result.ruling.summary == "Ann checks out 100 on D20 and wins the match."


def test_double_out_round_event_with_a_dart_after_the_checkout_is_bad_input() -> None:
    with pytest.raises(BadInput, match="checked out on dart 2 .* never thrown"):
        step(ann_at(100), rnd("T20", "D20", "S1"))


def test_double_out_score_reaching_zero_asks_whether_the_last_dart_was_double() -> None:
    with pytest.raises(BadInput, match="double_out") as err:
        step(ann_at(40), score(40))
    assert err.value.field == "double_out"


def test_double_out_score_entry_checks_out() -> None:
    result = step(ann_at(121), score(121, double_out=True))
    assert result.ruling.verdict == Verdict.WIN
    assert result.ruling.summary == "Ann checks out 121 and wins the match."
    assert GAME.view(result.state)["detail"]["sheet"][-1]["darts"] is None


@pytest.mark.parametrize(
    ("left", "count"), [(169, 3), (168, 3), (171, 3), (41, 1), (45, 1), (100, 1)]
)
def test_double_out_score_entry_of_an_impossible_checkout_is_bad_input(
    left: int, count: int
) -> None:
    state = ann_at(left)
    with pytest.raises(BadInput, match=f"{left} cannot be checked out|can score"):
        step(state, score(left, darts=count, double_out=True))


def test_win_first_to_check_out_wins_whatever_the_others_have_left() -> None:
    state = play(new(), score(180), score(180))
    result = step(state, score(121, double_out=True))
    board = GAME.view(result.state)
    assert board["winner"] == "Ann"
    assert board["over"]
    assert [s["score"] for s in board["sides"]] == [0, 121]
    assert board["expects"] == []
    assert board["turn"] is None
    assert board["prompt"] == "Ann wins the match."


@pytest.mark.parametrize(
    "event",
    [dart("T20"), rnd("T20"), score(60), {"type": "end_round"}],
)
def test_win_every_event_after_the_match_is_refused(event: JSON) -> None:
    state = step(ann_at(40), dart("D20")).state
    with pytest.raises(Refused, match="The match is over.") as err:
        step(state, event)
    assert err.value.ruling.verdict == Verdict.ILLEGAL


# --- bust --------------------------------------------------------------------------

# (kind, remaining when the busting dart is thrown, busting dart, total for "score")
BUSTS = [
    ("below zero", 40, "T20", 60),
    ("exactly one", 58, "T19", 57),
    ("zero without a double", 60, "T20", 60),
]


@pytest.mark.parametrize("position", [1, 2, 3])
@pytest.mark.parametrize(("kind", "at", "code", "_total"), BUSTS)
def test_bust_by_single_darts_restores_the_round_start_score(
    kind: str, at: int, code: str, _total: int, position: int
) -> None:
    start = at + position - 1  # the darts before the bust are S1s
    state = play(ann_at(start), *[dart("S1")] * (position - 1))
    result = step(state, dart(code))
    assert result.ruling.verdict == Verdict.BUST
    assert "darts-301/bust" in result.ruling.rules
    assert remaining(result.state) == start
    assert result.ruling.score == {"Ann": position - 1}  # the S1s are given back
    board = GAME.view(result.state)
    assert board["turn"] == "Bob"  # the rest of the round is not thrown
    assert board["detail"]["sheet"][-1] == {
        "player": "Ann",
        "darts": ["S1"] * (position - 1) + [code],
        "points": 0,
        "bust": True,
        "left": start,
    }
    assert (
        stats(result.state)["darts_thrown"] == stats(state)["darts_thrown"] + position
    )


@pytest.mark.parametrize("position", [1, 2, 3])
@pytest.mark.parametrize(("kind", "at", "code", "_total"), BUSTS)
def test_bust_in_a_round_event_restores_the_round_start_score(
    kind: str, at: int, code: str, _total: int, position: int
) -> None:
    start = at + position - 1
    result = step(ann_at(start), rnd(*["S1"] * (position - 1), code))
    assert result.ruling.verdict == Verdict.BUST
    assert f"busts on dart {position}" in result.ruling.summary
    assert remaining(result.state) == start
    assert result.ruling.score == {"Ann": 0}
    assert GAME.view(result.state)["turn"] == "Bob"


@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize(("kind", "at", "_code", "total"), BUSTS)
def test_bust_by_score_entry_restores_the_round_start_score(
    kind: str, at: int, _code: str, total: int, count: int
) -> None:
    state = ann_at(at)
    result = step(state, score(total, darts=count, double_out=False))
    assert result.ruling.verdict == Verdict.BUST
    assert remaining(result.state) == at
    assert GAME.view(result.state)["turn"] == "Bob"
    assert stats(result.state)["darts_thrown"] == stats(state)["darts_thrown"] + count


@pytest.mark.parametrize(
    ("at", "code", "reason"),
    [(40, "T20", "T20 goes 20 below zero"), (58, "T19", "T19 leaves 1"),
     (60, "T20", "T20 reaches zero but is not a double")],
)  # fmt: skip
def test_bust_summary_names_the_reason(at: int, code: str, reason: str) -> None:
    summary = step(ann_at(at), dart(code)).ruling.summary
    assert summary == f"Ann busts: {reason}. Back to {at}; Bob to throw."


def test_bust_round_event_darts_after_the_bust_do_not_count() -> None:
    # Seed: going below zero loses the round's points and play passes on; darts
    # thrown after the one that bust (players often throw them) change nothing.
    result = step(ann_at(60), rnd("T20", "T20", "T20"))
    assert result.ruling.verdict == Verdict.BUST
    assert "busts on dart 1" in result.ruling.summary
    assert result.ruling.summary.endswith("(T20 T20 after the bust do not count.)")
    assert remaining(result.state) == 60
    result = step(ann_at(100), rnd("T20", "T20", "S1"))
    assert "busts on dart 2" in result.ruling.summary
    assert result.ruling.summary.endswith("(S1 after the bust does not count.)")
    assert remaining(result.state) == 100
    assert GAME.view(result.state)["turn"] == "Bob"
    assert "darts-301/bust" in result.ruling.rules


def test_bust_on_the_third_dart_gives_back_the_first_two() -> None:
    state = play(ann_at(100), dart("T20"), dart("S20"))
    assert remaining(state) == 20
    result = step(state, dart("D20"))
    assert result.ruling.verdict == Verdict.BUST
    assert remaining(result.state) == 100
    assert result.ruling.score == {"Ann": 80}
    assert result.ruling.penalties[0].points == -80


def test_bust_score_points_do_not_count_in_the_average() -> None:
    state = play(ann_at(40), score(60, double_out=False))
    before = stats(ann_at(40))
    after = stats(state)
    assert after["points_scored"] == before["points_scored"]
    assert after["darts_thrown"] == before["darts_thrown"] + 3


# --- legs and sets, order ----------------------------------------------------------


def test_legs_and_sets_first_to_two_legs_wins_the_match() -> None:
    state = new(legs=2)
    state = win_leg(state, 0)
    board = GAME.view(state)
    assert board["winner"] is None
    assert [s["legs"] for s in board["sides"]] == [1, 0]
    assert [s["score"] for s in board["sides"]] == [301, 301]
    assert board["detail"]["leg"] == {"number": 2, "set": 1, "starter": "Bob"}
    assert board["detail"]["sheet"] == []
    state = win_leg(state, 1)
    while state["turn"] != 0:
        state = step(state, score(0)).state
    state = play(state, score(180), score(0))
    result = step(state, score(121, double_out=True))
    assert result.ruling.summary == "Ann checks out 121 and wins the match (2-1)."
    assert result.ruling.options == ("legs",)
    assert "darts-301/legs-and-sets" in result.ruling.rules
    assert GAME.view(result.state)["winner"] == "Ann"


def test_legs_and_sets_leg_win_summary_gives_the_leg_score() -> None:
    state = play(new(legs=3), score(180), score(180))
    result = step(state, score(121, double_out=True))
    assert result.ruling.summary == "Ann checks out 121 and wins leg 1 (1-0)."
    assert result.ruling.verdict == Verdict.WIN


def test_legs_and_sets_legs_reset_after_each_set() -> None:
    state = new(legs=2, sets=2)
    state = win_leg(win_leg(state, 0), 0)
    board = GAME.view(state)
    assert [s["sets"] for s in board["sides"]] == [1, 0]
    assert [s["legs"] for s in board["sides"]] == [0, 0]
    assert board["detail"]["leg"] == {"number": 3, "set": 2, "starter": "Ann"}
    assert board["detail"]["legs_to_win"] == 2
    assert board["detail"]["sets_to_win"] == 2
    state = win_leg(win_leg(state, 1), 1)
    state = win_leg(win_leg(state, 0), 1)
    assert [s["legs"] for s in GAME.view(state)["sides"]] == [1, 1]
    assert GAME.view(state)["detail"]["leg"]["starter"] == "Ann"  # leg 7
    while state["turn"] != 1:
        state = step(state, score(0)).state
    state = play(state, score(180), score(0))
    result = step(state, score(121, double_out=True))
    assert (
        result.ruling.summary == "Bob checks out 121 and wins the match (2-1 in sets)."
    )
    board = GAME.view(result.state)
    assert board["winner"] == "Bob"
    assert [s["sets"] for s in board["sides"]] == [1, 2]
    assert stats(result.state, "Bob")["legs_won"] == 4
    assert stats(result.state, "Bob")["sets_won"] == 2


def test_legs_and_sets_set_win_summary_names_leg_and_set() -> None:
    state = win_leg(new(legs=2, sets=3), 1)
    while state["turn"] != 1:
        state = step(state, score(0)).state
    state = play(state, score(180), score(0))
    result = step(state, score(121, double_out=True))
    assert (
        result.ruling.summary
        == "Bob checks out 121 and wins leg 2 and set 1 (1-0 in sets)."
    )
    assert set(result.ruling.options) == {"legs", "sets"}


@pytest.mark.parametrize(("legs", "sets"), [(0, 1), (22, 1), (1, 0), (1, 14)])
def test_legs_and_sets_options_are_bounded(legs: int, sets: int) -> None:
    with pytest.raises(BadInput, match="goes from"):
        new(legs=legs, sets=sets)


def test_order_players_throw_in_turn() -> None:
    state = new(("Ann", "Bob", "Cy"))
    seen = []
    for _ in range(4):
        seen.append(GAME.view(state)["turn"])
        state = step(state, score(0)).state
    assert seen == ["Ann", "Bob", "Cy", "Ann"]


def test_order_the_first_throw_rotates_one_seat_each_leg() -> None:
    state = new(("Ann", "Bob", "Cy"), legs=5)
    starters = []
    for winner in [0, 0, 2, 1]:
        starters.append(GAME.view(state)["detail"]["leg"]["starter"])
        assert GAME.view(state)["turn"] == starters[-1]
        state = win_leg(state, winner)
    starters.append(GAME.view(state)["detail"]["leg"]["starter"])
    assert starters == ["Ann", "Bob", "Cy", "Ann", "Bob"]


def test_order_rotation_continues_across_sets() -> None:
    state = win_leg(new(legs=1, sets=3), 0)
    assert GAME.view(state)["detail"]["leg"] == {
        "number": 2,
        "set": 2,
        "starter": "Bob",
    }


def test_order_one_player_practises_alone() -> None:
    state = play(new(("Ann",)), score(100))
    assert GAME.view(state)["turn"] == "Ann"
    assert remaining(state) == 201


# --- stats -------------------------------------------------------------------------


def _stats_match() -> JSON:
    """The worked example of the rule darts-301/stats: two legs, Ann wins 2-0."""
    state = new(legs=2)
    state = play(
        state,
        rnd("T20", "T20", "T20"),  # Ann 180: 121 left
        score(100),  # Bob 201
        rnd("T20", "T19", "S3"),  # Ann at 4 throws S3: leaves 1, bust (1 at a double)
        score(100),  # Bob 101
        dart("T20"), dart("S11"), dart("DB"),  # Ann checks out 121 (1 at a double)
    )  # fmt: skip
    assert GAME.view(state)["detail"]["leg"]["starter"] == "Bob"
    return play(
        state,
        score(60), score(60), score(60), score(60), score(60), score(60),
        score(0),  # Bob's fourth round
        score(121, double_out=True),  # Ann's fourth round in leg 2 finishes
    )  # fmt: skip


def test_stats_worked_example_for_the_winner() -> None:
    state = _stats_match()
    assert GAME.view(state)["winner"] == "Ann"
    assert stats(state) == {
        "three_dart_average": 86.0,  # 602 points / 21 darts x 3
        "first_nine_average": 80.17,  # (301 + 180) / 18 x 3
        "checkout_percent": 66.67,  # 2 checkouts / 3 darts at a double
        "checkouts": 2,
        "darts_at_double": 3,
        "highest_finish": 121,
        "one_eighties": 1,
        "tons": 3,  # 180, 121, 121; the bust round is not one
        "darts_thrown": 21,
        "points_scored": 602,
        "legs_won": 2,
        "sets_won": 1,
        "best_leg": 9,  # leg 1 took 9 darts, leg 2 took 12
    }


def test_stats_worked_example_for_the_loser() -> None:
    bob = stats(_stats_match(), "Bob")
    assert bob["three_dart_average"] == 63.33  # 380 / 18 x 3
    assert bob["first_nine_average"] == 76.0  # 380 / 15 x 3: his 0 was a fourth round
    assert bob["checkout_percent"] is None  # never at a double
    assert bob["highest_finish"] is None
    assert bob["tons"] == 2
    assert bob["legs_won"] == 0
    assert bob["best_leg"] is None


def test_stats_checkout_percent_counts_every_dart_thrown_at_a_double() -> None:
    # 40: D20 missed into the single (20 left), D10 missed outside (M), then D10.
    state = play(ann_at(40), dart("S20"), dart("M"), dart("D10"))
    assert stats(state)["darts_at_double"] == 3
    assert stats(state)["checkout_percent"] == 33.33


def test_stats_score_entry_darts_at_a_double_come_from_the_chalker() -> None:
    state = play(ann_at(40), score(0, at_double=3), score(0))
    assert stats(state)["darts_at_double"] == 3
    assert stats(state)["checkout_percent"] == 0.0


def test_stats_score_entry_cannot_claim_darts_at_a_double_from_301() -> None:
    with pytest.raises(BadInput, match="at most 0") as err:
        step(new(), score(60, at_double=1))
    assert err.value.field == "at_double"


def test_stats_score_entry_checkout_needs_a_dart_at_a_double() -> None:
    with pytest.raises(BadInput, match="at least 1"):
        step(ann_at(40), score(40, double_out=True, at_double=0))


def test_stats_count_180s() -> None:
    state = play(
        new(start="701"),
        rnd("T20", "T20", "T20"),
        score(0),
        score(180),
        score(0),
        dart("T20"),
        dart("T20"),
        dart("T20"),
    )
    assert stats(state)["one_eighties"] == 3
    assert stats(state)["tons"] == 3


def test_stats_a_bust_round_is_neither_a_180_nor_a_ton() -> None:
    result = step(ann_at(170), rnd("T20", "T20", "T20"))  # 10 below zero
    assert result.ruling.verdict == Verdict.BUST
    assert stats(result.state)["one_eighties"] == 0
    assert stats(result.state)["tons"] == stats(ann_at(170))["tons"]


@pytest.mark.parametrize(("points", "tons"), [(99, 0), (100, 1), (140, 1), (180, 1)])
def test_stats_100_plus_rounds_are_rounds_of_100_or_more(
    points: int, tons: int
) -> None:
    assert stats(play(new(), score(points), score(0)))["tons"] == tons


def test_stats_highest_finish_keeps_the_biggest() -> None:
    state = new(legs=3)
    state = play(state, score(180), score(0), score(121, double_out=True))
    state = play(state, score(0), score(180), score(0), score(81), score(0))
    state = play(state, score(40, double_out=True))
    assert stats(state)["highest_finish"] == 121


def test_stats_update_when_the_round_ends() -> None:
    state = play(new(), dart("T20"))
    assert stats(state)["darts_thrown"] == 0
    state = play(state, dart("T20"), dart("T20"))
    assert stats(state)["darts_thrown"] == 3


def test_stats_state_stays_compact_over_a_long_match() -> None:
    state = new(legs=21, sets=2)
    for i in range(10):
        state = win_leg(state, i % 2)
    assert len(state["sheet"]) == 0
    assert len(json.dumps(state)) < 3000


# --- the last leg's sheet and the match summary (stats) -----------------------------


def _after_leg_one() -> JSON:
    """_stats_match up to Ann's 121 checkout in leg 1: leg 2 has not begun."""
    return play(
        new(legs=2),
        rnd("T20", "T20", "T20"), score(100), rnd("T20", "T19", "S3"), score(100),
        dart("T20"), dart("S11"), dart("DB"),
    )  # fmt: skip


def test_stats_last_leg_sheet_and_figures_stay_until_the_next_legs_first_dart() -> None:
    state = _after_leg_one()
    board = GAME.view(state)
    assert board["detail"]["sheet"] == []  # leg 2's sheet is empty
    last = board["detail"]["last_leg"]
    assert {k: last[k] for k in ("number", "set", "winner", "darts", "finish")} == {
        "number": 1, "set": 1, "winner": "Ann", "darts": 9, "finish": 121,
    }  # fmt: skip
    rows = [(r["player"], r["points"], r["bust"], r["left"]) for r in last["sheet"]]
    assert rows == [
        ("Ann", 180, False, 121), ("Bob", 100, False, 201), ("Ann", 0, True, 121),
        ("Bob", 100, False, 101), ("Ann", 121, False, 0),
    ]  # fmt: skip
    assert last["sheet"][-1]["darts"] == ["T20", "S11", "DB"]
    ann, bob = last["stats"]["Ann"], last["stats"]["Bob"]
    assert ann["three_dart_average"] == 100.33  # 301 in 9 darts
    assert ann["checkout_percent"] == 50.0  # 1 of 2 at a double
    assert ann["highest_finish"] == 121
    assert bob["three_dart_average"] == 100.0  # 200 in 6 darts
    assert bob["highest_finish"] is None
    state = play(state, score(60))  # Bob throws leg 2's first round
    assert GAME.view(state)["detail"]["last_leg"] is None


def test_stats_last_leg_figures_are_that_legs_alone() -> None:
    state = play(_after_leg_one(), score(60), score(60), score(60), score(60))
    state = play(state, score(60), score(60), score(0), score(121, double_out=True))
    last = GAME.view(state)["detail"]["last_leg"]
    assert (last["number"], last["darts"], last["finish"]) == (2, 12, 121)
    assert last["stats"]["Ann"]["three_dart_average"] == 75.25  # 301 in 12 darts
    assert last["stats"]["Ann"]["checkout_percent"] == 100.0  # 1 of 1
    assert last["stats"]["Bob"]["darts_thrown"] == 12


def test_stats_the_match_summary_lists_every_leg_and_each_players_figures() -> None:
    state = _stats_match()
    board = GAME.view(state)
    summary = board["detail"]["summary"]
    assert summary["legs"] == [
        {"number": 1, "set": 1, "winner": "Ann", "darts": 9, "finish": 121},
        {"number": 2, "set": 1, "winner": "Ann", "darts": 12, "finish": 121},
    ]
    assert summary["legs_played"] == 2
    assert summary["players"] == board["detail"]["stats"]
    assert summary["players"]["Ann"]["first_nine_average"] == 80.17
    assert summary["players"]["Ann"]["checkout_percent"] == 66.67
    assert summary["players"]["Bob"]["legs_won"] == 0
    # The last leg's sheet stays on the board of a finished match too.
    assert board["detail"]["last_leg"]["number"] == 2


def test_stats_a_state_stored_before_leg_figures_still_plays_and_summarises() -> None:
    old = play(new(), score(180))
    for key in ("leg_base", "leg_list", "last_leg"):
        del old[key]
    for figures in old["stats"]:
        del figures["best_leg"]
    assert GAME.view(old)["detail"]["last_leg"] is None
    state = play(old, score(0), score(121, double_out=True))
    assert GAME.view(state)["detail"]["summary"]["legs"][0]["darts"] == 6


def test_stats_the_summary_lists_the_latest_legs_and_counts_them_all() -> None:
    state = new(legs=21, sets=2)
    while not GAME.view(state)["over"]:
        # Bob levels each time Ann leads: every set goes 20-20, then Ann wins it.
        ann, bob = state["legs"]
        state = win_leg(state, 1 if ann > bob else 0)
    summary = GAME.view(state)["detail"]["summary"]
    assert summary["legs_played"] == 82
    assert len(summary["legs"]) == darts_301.LEGS_LISTED
    assert [leg["number"] for leg in summary["legs"]] == list(range(19, 83))
    assert summary["legs"][-1] == {
        "number": 82, "set": 2, "winner": "Ann", "darts": 6, "finish": 121,
    }  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 3),
    winners=st.lists(st.integers(0, 2), min_size=1, max_size=9),
)
def test_stats_property_the_legs_figures_add_up_to_the_match_statistics(
    players: int, winners: list[int]
) -> None:
    names = tuple(f"P{i}" for i in range(players))
    state = new(names, legs=3, sets=2)
    totals = {n: dict.fromkeys(("darts_thrown", "points_scored", "checkouts"), 0)
              for n in names}  # fmt: skip
    won: dict[str, list[int]] = {n: [] for n in names}
    legs: list[tuple[str, int]] = []
    for seat in winners:
        if GAME.view(state)["over"]:
            break
        state = win_leg(state, seat % players)
        last = GAME.view(state)["detail"]["last_leg"]
        assert last["winner"] == names[seat % players]
        won[last["winner"]].append(last["darts"])
        legs.append((last["winner"], last["darts"]))
        for name, figures in last["stats"].items():
            for key in totals[name]:
                totals[name][key] += figures[key]
    board = GAME.view(state)
    for name in names:
        match_stats = board["detail"]["stats"][name]
        assert totals[name] == {k: match_stats[k] for k in totals[name]}
        best = board["detail"]["stats"][name]["best_leg"]
        assert best == (min(won[name]) if won[name] else None)
    if board["over"]:  # the summary lists the same legs, in order
        listed = board["detail"]["summary"]["legs"]
        assert [(leg["winner"], leg["darts"]) for leg in listed] == legs


# --- view --------------------------------------------------------------------------


def test_view_shape_for_templates() -> None:
    board = GAME.view(play(new(), dart("T20")))
    assert set(board["sides"][0]) == {"name", "score", "legs", "sets"}
    assert set(board["detail"]) == {
        "start", "round", "checkouts", "leg", "legs_to_win", "sets_to_win", "stats",
        "sheet", "title", "last_leg", "summary", "starts", "head_start",
    }  # fmt: skip
    assert board["detail"]["last_leg"] is None
    assert board["detail"]["summary"] is None
    assert board["detail"]["title"] == "Darts: 301"
    assert board["detail"]["round"] == {
        "player": "Ann",
        "darts": ["T20"],
        "points": 60,
        "darts_left": 2,
        "start_score": 301,
    }
    assert board["expects"] == ["dart", "end_round"]
    assert board["phase"] == "play"


def test_view_prompt_gives_the_dart_the_score_and_a_route() -> None:
    state = play(ann_at(181), dart("T20"))
    board = GAME.view(state)
    assert board["prompt"] == "Ann to throw: dart 2 of 3, 121 left"
    assert board["detail"]["checkouts"] == []
    board = GAME.view(ann_at(141))
    assert board["prompt"] == "Ann to throw: dart 1 of 3, 141 left (T20 T19 D12)"
    assert board["detail"]["checkouts"][0] == ["T20", "T19", "D12"]
    assert board["expects"] == ["dart", "round", "score"]


def test_view_checkouts_use_only_the_darts_left() -> None:
    state = play(ann_at(141), dart("T20"))
    assert GAME.view(state)["detail"]["checkouts"][0] == ["T19", "D12"]


def test_view_sheet_lists_this_legs_rounds() -> None:
    state = play(new(), rnd("T20", "S20"), score(45))
    assert GAME.view(state)["detail"]["sheet"] == [
        {"player": "Ann", "darts": ["T20", "S20"], "points": 80, "bust": False,
         "left": 221},
        {"player": "Bob", "darts": None, "points": 45, "bust": False, "left": 256},
    ]  # fmt: skip


# --- rulebook, examples, tool ------------------------------------------------------


def _rule_ids() -> set[str]:
    data = tomllib.loads(RULEBOOK.read_text(encoding="utf-8"))
    assert data["game"] == "darts-301"
    return {r["id"] for r in data["rule"]}


def test_rulebook_has_every_rule_with_keywords() -> None:
    data = tomllib.loads(RULEBOOK.read_text(encoding="utf-8"))
    assert _rule_ids() >= REQUIRED_RULES
    assert all(r.get("keywords") for r in data["rule"])


def test_rulebook_has_every_rule_the_engine_cites() -> None:
    known = {f"darts-301/{i}" for i in _rule_ids()}
    cited: set[str] = set()
    states = [new(), ann_at(40), ann_at(50), ann_at(2), play(new(), dart("T20"))]
    events = [dart(d.code) for d in all_darts()] + [
        rnd("T20", "T20", "T20"), rnd("M"), score(60), score(40, double_out=True),
        score(40, double_out=False), {"type": "end_round"},
    ]  # fmt: skip
    for state in states:
        for event in events:
            try:
                cited.update(step(state, event).ruling.rules)
            except Refused as err:
                cited.update(err.ruling.rules)
            except BadInput:
                pass
    over = step(ann_at(40), dart("D20")).state
    with pytest.raises(Refused) as refused:
        step(over, dart("T20"))
    cited.update(refused.value.ruling.rules)
    cited.update(step(win_leg(new(legs=2), 0), dart("T20")).ruling.rules)
    leg_won = step(play(new(legs=2), score(180), score(0)), score(121, double_out=True))
    cited.update(leg_won.ruling.rules)
    assert cited <= known
    assert {"darts-301/bust", "darts-301/win", "darts-301/bounce-out"} <= cited
    assert {"darts-301/order", "darts-301/start", "darts-301/legs-and-sets"} <= cited


def test_rulebook_cross_links_exist() -> None:
    data = tomllib.loads(RULEBOOK.read_text(encoding="utf-8"))
    known = {f"darts-301/{i}" for i in _rule_ids()}
    for entry in data["rule"]:
        assert set(entry.get("see", [])) <= known


def test_examples_are_legal_after_their_setup() -> None:
    for kind in GAME.events:
        assert kind.examples
        for example in kind.examples:
            state = GAME.start(GAME.new_setup(list(example.players), example.options))
            state = play(state, *example.setup)
            assert kind.type in GAME.view(state)["expects"]
            step(state, example.event)


def run_tool(raw: JSON) -> JSON:
    """As the API does it: the request is checked against the tool's fields first."""
    tool = GAME.tools[0]
    return tool.run(parse_fields(tool.fields, raw, None, GAME))


def test_checkout_tool_lists_routes() -> None:
    tool = GAME.tools[0]
    assert tool.name == "checkout"
    assert run_tool(tool.example) == {
        "remaining": 170,
        "darts": 3,
        "possible": True,
        "routes": [["T20", "T20", "DB"]],
        "rules": [
            "darts-301/double-out",
            "darts-301/scoring",
            "darts-301/checkout-routes",
        ],
    }
    answer = run_tool({"remaining": 169})
    assert answer["possible"] is False
    assert answer["routes"] == []
    assert run_tool({"remaining": "100", "darts": 2})["routes"][0] == ["T20", "D20"]


@pytest.mark.parametrize(
    ("request_", "match"),
    [({"remaining": "lots"}, "whole number"), ({"remaining": 40, "darts": 4}, "1 to 3"),
     ({"darts": 3}, "'remaining' is missing"), ({"remaining": 40, "x": 1}, "'x'"),
     ({"remaining": -2}, "goes from 0")],
)  # fmt: skip
def test_checkout_tool_rejects_bad_requests(request_: JSON, match: str) -> None:
    with pytest.raises(BadInput, match=match):
        run_tool(request_)


# --- a whole game, purity and properties -------------------------------------------


def test_transcript_of_a_501_leg_ends_with_the_scores_of_the_board() -> None:
    state = new(start="501")
    state = play(
        state,
        rnd("T20", "S20", "S20"),  # Ann 100: 401
        rnd("T20", "T20", "S20"),  # Bob 140: 361
        dart("T20"), dart("T20"), dart("T20"),  # Ann 180: 221
        rnd("T19", "S19", "S7"),  # Bob 83: 278
        rnd("T20", "T19", "S4"),  # Ann 121: 100
        rnd("T20", "T20", "T20"),  # Bob 180: 98
        dart("T20"), dart("S20"),  # Ann 40, 20 ...
    )  # fmt: skip
    bust = step(state, dart("S20"))  # ... and zero on a single: bust, back to 100
    assert bust.ruling.verdict == Verdict.BUST
    result = step(bust.state, rnd("T20", "D19"))  # Bob checks out 98
    assert result.ruling.summary == "Bob checks out 98 on D19 and wins the match."
    board = GAME.view(result.state)
    assert [s["score"] for s in board["sides"]] == [100, 0]
    assert board["winner"] == "Bob"
    assert stats(result.state, "Bob")["three_dart_average"] == 136.64  # 501 / 11 x 3
    assert stats(result.state, "Ann")["three_dart_average"] == 100.25  # 401 / 12 x 3
    assert stats(result.state, "Bob")["highest_finish"] == 98


EVENTS = st.one_of(
    st.sampled_from([d.code for d in all_darts()]).map(dart),
    st.lists(
        st.sampled_from(["T20", "T19", "D20", "D16", "DB", "S5", "M", "D1"]),
        min_size=1,
        max_size=3,
    ).map(lambda codes: rnd(*codes)),
    st.builds(
        lambda p, n, d: score(p, darts=n, double_out=d),
        st.integers(0, 180),
        st.integers(1, 3),
        st.booleans(),
    ),
    st.just({"type": "end_round"}),
)


# An aim is resolved against the state: the dart that leaves ``aim`` points (a double
# when ``double``), so random games reach checkouts and every kind of bust; T20 when
# no dart does.
AIMS = st.builds(lambda aim, dbl: {"aim": aim, "double": dbl},
                 st.integers(-3, 3), st.booleans())  # fmt: skip
INTENTS = st.one_of(EVENTS, AIMS, AIMS, AIMS)


def _concrete(intents: list[JSON], state: JSON) -> list[JSON]:
    """Turn intents into the events a table would report, aims aimed at this state."""
    events = []
    for intent in intents:
        event = intent
        if "aim" in intent:
            turn = state["turn"]
            want = (state["scores"][turn] if turn is not None else 0) - intent["aim"]
            fits = [d for d in all_darts() if d.points == want and d.points > 0]
            fits.sort(key=lambda d: d.is_double != intent["double"])
            if fits:
                event = dart(fits[0].code)
            elif state["round"]["darts"] or want < 240:
                event = dart("T20")
            else:  # far from a finish: a big round entered by its total
                event = score(180 if want >= 360 else want - 180)
        events.append(event)
        with contextlib.suppress(BadInput, Refused):
            state = step(state, event).state
    return events


Taken = list[tuple[JSON, JSON, Step]]


def _fold(events: list[JSON], state: JSON) -> tuple[JSON, Taken]:
    """Apply what is accepted, skip what is rejected (the ledger stores neither)."""
    taken = []
    for event in events:
        try:
            result = step(state, event)
        except (BadInput, Refused):
            continue
        taken.append((state, event, result))
        state = result.state
    return state, taken


@settings(max_examples=40, deadline=None)
@given(st.lists(INTENTS, min_size=10, max_size=60), st.sampled_from(["301", "501"]))
def test_property_bust_never_changes_the_score_and_nothing_goes_below_zero(
    intents: list[JSON], begin: str
) -> None:
    start = new(start=begin, legs=2)
    _, taken = _fold(_concrete(intents, start), start)
    for before, _, result in taken:
        after = result.state
        assert all(s >= 0 and s != 1 for s in after["scores"])
        if result.ruling.verdict == Verdict.BUST:
            seat = before["turn"]
            assert after["scores"][seat] == before["round"]["start"]
            assert after["legs"] == before["legs"]


@settings(max_examples=40, deadline=None)
@given(st.lists(INTENTS, min_size=10, max_size=60))
def test_property_replay_one_by_one_equals_the_whole_sequence(
    intents: list[JSON],
) -> None:
    start = new(("Ann", "Bob", "Cy"), legs=2)
    events = _concrete(intents, start)
    whole, taken = _fold(events, start)
    # One by one as the ledger appends: load the stored snapshot, step, store it.
    snapshot = json.dumps(start)
    for _, event, result in taken:
        again = step(json.loads(snapshot), event)
        assert again.ruling == result.ruling
        snapshot = json.dumps(again.state)
    assert json.loads(snapshot) == whole


@settings(max_examples=40, deadline=None)
@given(st.lists(INTENTS, min_size=10, max_size=40), EVENTS)
def test_property_same_event_on_same_state_gives_the_same_result(
    intents: list[JSON], event: JSON
) -> None:
    state, _ = _fold(_concrete(intents, new()), new())
    before = copy.deepcopy(state)
    outcomes = []
    for _ in range(2):
        try:
            result = step(state, event)
            outcomes.append((result.state, result.ruling.to_json()))
        except (BadInput, Refused) as err:
            outcomes.append((type(err).__name__, str(err)))
    assert outcomes[0] == outcomes[1]
    assert state == before


def test_the_score_sheet_keeps_a_bounded_number_of_rounds_in_an_endless_leg():
    from referee.games.darts_301 import SHEET_ROUNDS

    state = GAME.start(GAME.new_setup(["Ann", "Bob"]))
    for _ in range(SHEET_ROUNDS + 10):
        state = GAME.apply(state, {"type": "round", "darts": ["M", "M", "M"]}).state
    sheet = GAME.view(state)["detail"]["sheet"]
    assert len(sheet) == SHEET_ROUNDS
    assert GAME.view(state)["detail"]["stats"]["Ann"]["darts_thrown"] == 3 * 29


def test_every_cited_rule_comes_from_the_rulebook_handle() -> None:
    # the engine takes its ids from its rulebook handle, which checks them at import
    assert {darts_301.common.R_BUST, darts_301.common.R_WIN} <= darts_301.CITE.cited
    assert darts_301.CITE.cited <= {f"darts-301/{i}" for i in _rule_ids()}
    with pytest.raises(LookupError, match="no rule 'not-a-rule'"):
        darts_301.CITE("not-a-rule")


# --- who threw: the player in turn, three darts a round (issue 24) -------------------


def _refusal(state: JSON, event: JSON) -> Refused:
    with pytest.raises(Refused) as refused:
        step(state, event)
    return refused.value


@pytest.mark.parametrize(
    "event",
    [
        dart("T20"),
        rnd("T20", "T20", "S20"),
        score(140),
    ],
)
def test_order_an_event_naming_the_player_not_in_turn_is_refused(event: JSON) -> None:
    refused = _refusal(new(), {**event, "player": "Bob"})
    assert refused.ruling.rules == ("darts-301/order",)
    assert "Bob" in refused.ruling.summary
    assert "Ann" in refused.ruling.summary


def test_order_stopping_a_round_is_for_the_player_throwing_it() -> None:
    state = play(new(), dart("T20"))
    refused = _refusal(state, {"type": "end_round", "player": "Bob"})
    assert refused.ruling.rules == ("darts-301/order",)
    assert step(state, {"type": "end_round", "player": "Ann"}).ruling.score == {
        "Ann": 0
    }


def test_order_a_dart_naming_the_player_in_turn_is_credited_to_them() -> None:
    state = play(new(), rnd("S1", "S1", "S1"))
    taken = step(state, {"type": "dart", "dart": "T20", "player": "Bob"})
    assert taken.ruling.score == {"Bob": -60}
    taken = step(state, {"type": "dart", "dart": "T20", "player": 1})
    assert taken.ruling.score == {"Bob": -60}


def test_round_a_fourth_dart_for_the_player_whose_three_are_thrown_is_refused() -> None:
    state = play(new(), dart("S1"), dart("S1"), dart("S1"))
    refused = _refusal(state, {"type": "dart", "dart": "T20", "player": "Ann"})
    assert refused.ruling.rules == ("darts-301/round", "darts-301/order")
    assert "all three darts are thrown" in refused.ruling.summary
    assert "Bob's turn" in refused.ruling.summary


def test_round_a_dart_named_for_the_player_who_just_bust_is_refused() -> None:
    state = play(ann_at(21), dart("S20"))  # leaves 1: bust, Bob is up
    refused = _refusal(state, {"type": "dart", "dart": "S1", "player": "Ann"})
    assert refused.ruling.rules == ("darts-301/round", "darts-301/order")
    assert "it was bust" in refused.ruling.summary


def test_round_a_total_named_for_the_player_whose_round_ended_is_refused() -> None:
    state = play(new(("Ann", "Bob", "Cy")), score(60))
    refused = _refusal(state, score(60, player="Ann"))
    assert refused.ruling.rules == ("darts-301/round", "darts-301/order")
    # Cy has not thrown yet this time round: plainly out of turn
    refused = _refusal(state, score(60, player="Cy"))
    assert refused.ruling.rules == ("darts-301/order",)


def test_order_a_solo_player_throws_every_round() -> None:
    state = play(new(("Ann",)), rnd("S1", "S1", "S1"))
    assert step(state, {**dart("T20"), "player": "Ann"}).ruling.score == {"Ann": -60}


def _outcome(state: JSON, event: JSON) -> tuple[str, Any]:
    try:
        taken = step(state, event)
    except Refused as refused:
        return "refused", refused.ruling
    except BadInput as bad:
        return "bad input", str(bad)
    return "taken", (taken.state, taken.ruling)


@settings(max_examples=40, deadline=None)
@given(st.lists(INTENTS, min_size=1, max_size=40), EVENTS)
def test_property_naming_the_player_in_turn_is_the_same_as_naming_nobody(
    intents: list[JSON], event: JSON
) -> None:
    state, _ = _fold(_concrete(intents, new()), new())
    if state["winner"] is not None:
        return
    named = {**event, "player": state["turn"]}
    assert _outcome(state, named) == _outcome(state, event)
