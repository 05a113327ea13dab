"""Organiser approval of a bunko night's table results, through the format's fold.

While approval is on a table's result (paper or scorepad) waits in its round's
``pending``: it counts in no tally and seats nobody until ``approve`` names its round
and table; the head table's finished game still calls stop; the organiser's
correction counts at once; turning approval off lets the waiting results count.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.formats.bunko_night import FORMAT
from referee.formats.bunko_night.common import tallies_of
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.games.outcomes import Verdict

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
ON = {"type": "approval", "required": True}
OFF = {"type": "approval", "required": False}


def fold(*events: dict[str, Any]) -> Any:
    """The night after ``events`` (parsed as a client sends them), and its ruling."""
    state = FORMAT.apply(None, FORMAT.create(EIGHT, {"variant": "text"}, None)).state
    state = FORMAT.apply(state, FORMAT.round_event(state, 1, {1: "m1", 2: "m2"})).state
    ruling = None
    for raw in events:
        event = raw if "source" in raw else FORMAT.parse_event(raw, state)
        step = FORMAT.apply(state, event)
        state, ruling = step.state, step.ruling
        for follow in FORMAT.follow_ups(state):
            state = FORMAT.apply(state, follow).state
    return state, ruling


def report(table: int, scores: list[int]) -> dict[str, Any]:
    return {"type": "result", "table": table, "scores": scores}


def wins(state: Any) -> dict[str, int]:
    return {p: t.wins for p, t in tallies_of(state).items() if t.wins}


def test_approval_result_waits_and_counts_in_no_tally():
    state, ruling = fold(ON, report(1, [21, 12]))
    rnd = state["rounds"][0]
    assert rnd["results"] == {}
    assert rnd["pending"]["1"]["scores"] == [21, 12]
    assert wins(state) == {}
    assert ruling.verdict == Verdict.OK
    assert "waits for the organiser's approval" in ruling.summary


def test_approval_head_table_waiting_still_calls_stop():
    state, _ = fold(ON, report(1, [21, 12]))
    assert state["rounds"][0]["stop"] == {"tables": [2]}
    view = FORMAT.view(state, [])
    assert [t["status"] for t in view["tables"]] == ["approval", "waiting"]
    assert view["tables"][0]["pending"]["winners"] == ["Ann", "Cy"]


def test_approve_names_round_and_table_and_the_result_counts():
    state, ruling = fold(
        ON, report(1, [21, 12]), {"type": "approve", "round": 1, "table": 1}
    )
    assert state["rounds"][0]["results"]["1"]["scores"] == [21, 12]
    assert state["rounds"][0]["pending"] == {}
    assert wins(state) == {"Ann": 1, "Cy": 1}
    assert ruling.verdict == Verdict.WIN
    assert ruling.summary.startswith("Approved")


def test_approve_round_defaults_to_the_one_being_played():
    state, _ = fold(ON, report(1, [21, 12]), {"type": "approve", "table": 1})
    assert "1" in state["rounds"][0]["results"]


def test_approval_waiting_result_decides_no_seat_of_the_next_round():
    state, _ = fold(ON, report(1, [21, 12]), report(2, [5, 9]))
    with pytest.raises(Refused):
        FORMAT.plan(state)
    with pytest.raises(Refused, match="waiting for your approval"):
        FORMAT.apply(state, {"type": "end"})
    state, _ = fold(
        ON,
        report(1, [21, 12]),
        report(2, [5, 9]),
        {"type": "approve", "table": 1},
        {"type": "approve", "table": 2},
    )
    number, plans = FORMAT.plan(state)
    assert number == 2
    assert len(plans) == 2


def test_approve_refused_when_nothing_waits_there():
    with pytest.raises(Refused, match="no result waiting"):
        fold(ON, {"type": "approve", "table": 1})
    with pytest.raises(Refused, match="no result waiting"):
        fold(report(1, [21, 12]), {"type": "approve", "table": 1})


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"type": "approve", "table": 9}, "table"),
        ({"type": "approve", "round": 4, "table": 1}, "round"),
        ({"type": "approve", "table": "x"}, "table"),
        ({"type": "approve", "table": 1, "pairing": 1}, "pairing"),
        ({"type": "approval", "required": "yes"}, "required"),
        ({"type": "approval", "required": True, "table": 1}, "table"),
    ],
)
def test_approve_bad_input_names_the_field(raw, field):
    with pytest.raises(BadInput) as err:
        fold(ON, report(1, [21, 12]), raw)
    assert err.value.field == field


def test_correction_counts_at_once_and_clears_the_waiting_result():
    state, ruling = fold(
        ON,
        report(1, [21, 12]),
        {"type": "correction", "round": 1, "table": 1, "scores": [12, 21]},
    )
    rnd = state["rounds"][0]
    assert rnd["pending"] == {}
    assert rnd["results"]["1"]["source"] == "correction"
    assert wins(state) == {"Bob": 1, "Dee": 1}
    assert "Before: 21-12, reported on paper" in ruling.summary


def test_approval_off_lets_the_waiting_results_count():
    state, ruling = fold(ON, report(1, [21, 12]), report(2, [5, 9]), OFF)
    assert state["rounds"][0]["pending"] == {}
    assert wins(state) == {"Ann": 1, "Cy": 1, "Fay": 1, "Hal": 1}
    assert "2 waiting result(s) count now" in ruling.summary


def test_approval_scorepad_result_waits_and_its_reopening_withdraws_it():
    match = {
        "type": "result",
        "round": 1,
        "table": 1,
        "scores": [21, 3],
        "bunkos": {},
        "wipeouts": {},
        "source": "match",
        "match_seq": 40,
    }
    state, _ = fold(ON, match)
    assert state["rounds"][0]["pending"]["1"]["source"] == "match"
    withdraw = {"type": "withdraw", "round": 1, "table": 1, "match_seq": 41}
    state = FORMAT.apply(state, withdraw).state
    assert state["rounds"][0]["pending"] == {}
    assert state["rounds"][0]["results"] == {}


def test_approval_a_second_paper_report_is_refused_while_one_waits():
    with pytest.raises(Refused, match="already has its result"):
        fold(ON, report(1, [21, 12]), report(1, [21, 15]))


def test_approval_is_the_organisers_and_not_a_table_write():
    assert {"approval", "approve"}.isdisjoint(FORMAT.table_writes)
    assert [k.type for k in FORMAT.events] == ["approval", "approve"]
