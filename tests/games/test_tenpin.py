"""The ten-pin scorecard module: frames, bonuses, the tenth frame's extra balls."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.games import tenpin


def test_the_rules_text_sheet_spare_strike_strike_then_six_three_runs_20_46_65_74():
    sheet = tenpin.frames([8, 2, 10, 10, 6, 3])
    assert [f.total for f in sheet] == [20, 46, 65, 74]
    assert [f.marks for f in sheet] == [("8", "/"), ("X",), ("X",), ("6", "3")]


def test_a_spare_waits_for_the_next_ball_before_its_total_is_written():
    sheet = tenpin.frames([8, 2])
    assert sheet[0].spare
    assert sheet[0].score is None
    assert sheet[0].total is None


def test_a_strike_scores_ten_plus_the_next_two_balls():
    assert tenpin.frames([10, 10, 6])[0].score == 26
    assert tenpin.frames([10, 10])[0].score is None


def test_twelve_strikes_are_a_perfect_300():
    balls = [10] * 12
    assert tenpin.total(balls) == tenpin.PERFECT
    assert tenpin.frames(balls)[-1].marks == ("X", "X", "X")
    assert tenpin.is_over(balls)


@pytest.mark.parametrize(
    ("tenth", "fresh_rack_balls", "over_after"),
    [
        ([10], [2], None),  # strike: the second ball is at a fresh rack
        ([10, 10], [3], None),  # two strikes: the third too
        ([10, 7], [], None),  # strike then 7: the third ball at the 3 left
        ([7, 3], [3], None),  # spare: one bonus ball at a fresh rack
        ([7, 2], [], 2),  # open: over after two balls
    ],
)
def test_tenth_frame_extra_balls_follow_a_strike_or_a_spare(
    tenth, fresh_rack_balls, over_after
):
    balls = [0, 0] * 9 + tenth
    pos = tenpin.position(balls)
    if over_after:
        assert pos.over
    else:
        assert pos.frame == 10
        assert pos.ball == len(tenth) + 1
        assert pos.fresh_rack == (pos.ball in fresh_rack_balls)


def test_tenth_frame_scores_all_its_pins():
    assert tenpin.frames([0, 0] * 9 + [10, 7, 3])[-1].score == 20
    assert tenpin.frames([0, 0] * 9 + [7, 3, 5])[-1].marks == ("7", "/", "5")


def test_a_gutter_then_all_ten_is_a_spare_not_a_strike():
    assert tenpin.frames([0, 10, 5, 0])[0].marks == ("-", "/")
    assert tenpin.frames([0, 10, 5, 0])[0].score == 15


@pytest.mark.parametrize(
    ("balls", "message"),
    [
        ([7, 4], "only 3 were standing"),
        ([11], "only 10"),
        ([-1], "0 to 10"),
        ([0, 0] * 10 + [1], "game is over"),
    ],
)
def test_impossible_balls_are_refused_by_the_sheet(balls, message):
    with pytest.raises(tenpin.ScoreError, match=message):
        tenpin.frames(balls)


@st.composite
def games(draw):
    balls: list[int] = []
    while not tenpin.is_over(balls):
        standing = tenpin.position(balls).standing
        balls.append(draw(st.integers(0, standing)))
    return balls


@given(games())
def test_a_game_never_scores_above_300_and_the_sheet_agrees_with_the_total(balls):
    sheet = tenpin.frames(balls)
    assert len(sheet) == 10
    assert sheet[-1].total == tenpin.total(balls) <= tenpin.PERFECT
    assert all(f.score is not None and f.score <= 30 for f in sheet)


@given(games(), st.integers(0, 30))
def test_the_running_score_never_falls_as_balls_are_added(balls, cut):
    part = balls[: min(cut, len(balls))]
    assert tenpin.total(part) <= tenpin.total(balls)
