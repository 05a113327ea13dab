"""Ledger invariants over random histories: snapshot = replay, audit is clean."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import ledger
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger import folding

DARTS = ["T20", "T19", "D16", "D20", "S1", "S5", "SB", "DB", "M", "T17"]

op = st.one_of(
    st.tuples(st.just("dart"), st.sampled_from(DARTS)),
    st.tuples(st.just("undo"), st.none()),
    st.tuples(st.just("amend"), st.sampled_from(DARTS)),
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(ops=st.lists(op, min_size=1, max_size=14))
def test_any_history_replays_to_its_snapshot_and_audits_clean(app, ops):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        keys = iter(range(10_000))
        for kind, value in ops:
            try:
                if kind == "dart":
                    ledger.append(
                        match.id,
                        {"type": "dart", "dart": value},
                        idem_key=f"k{next(keys)}",
                    )
                elif kind == "undo":
                    ledger.undo(match.id, idem_key=f"k{next(keys)}")
                else:
                    live = [
                        e
                        for e in ledger.history(match)
                        if e.kind == "event" and not e.voided
                    ]
                    if live:
                        ledger.amend(
                            match.id,
                            live[-1].seq,
                            {"type": "dart", "dart": value},
                            idem_key=f"k{next(keys)}",
                        )
            except (Refused, BadInput):
                pass  # refused writes store nothing; the invariants must still hold
            fresh = ledger.get(match.id)
            assert ledger.replay(fresh).state == fresh.state
        fresh = ledger.get(match.id)
        assert ledger.audit(fresh) == []
        assert fresh.version == len(ledger.rows(fresh))


@pytest.mark.parametrize("dart", ["T20", "D16", "M"])
def test_undo_then_the_same_event_again_gives_the_same_state(app, dart):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"])
        ledger.append(match.id, {"type": "dart", "dart": "S5"}, idem_key="a")
        first = ledger.append(match.id, {"type": "dart", "dart": dart}, idem_key="b")
        ledger.undo(match.id, idem_key="c")
        again = ledger.append(match.id, {"type": "dart", "dart": dart}, idem_key="d")
        assert again.body["state"] == first.body["state"]
        assert again.body["ruling"] == first.body["ruling"]


def test_history_marks_corrections_that_were_corrected_again_or_undone(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann"])
        for i, dart in enumerate(["T20", "S1", "S2"]):
            ledger.append(match.id, {"type": "dart", "dart": dart}, idem_key=f"e{i}")
        ledger.amend(match.id, 1, {"type": "dart", "dart": "T19"}, idem_key="a1")  # 4
        ledger.amend(match.id, 1, {"type": "dart", "dart": "T18"}, idem_key="a2")  # 5
        ledger.amend(match.id, 2, {"type": "dart", "dart": "S3"}, idem_key="a3")  # 6
        ledger.undo(match.id, target=2, idem_key="u1")  # 7
        entries = {e.seq: e for e in ledger.history(ledger.get(match.id))}
        assert [s for s, e in sorted(entries.items()) if e.voided] == [1, 2, 4, 6]
        assert entries[1].replaced_by == 5
        assert entries[2].replaced_by == 6
        # dart 3 was ruled on 301-60-1; it is re-ruled on 301-54 now
        assert entries[3].current_ruling is not None
        assert "245 left" in entries[3].current_ruling["summary"]
        recent = ledger.history(ledger.get(match.id), limit=3)
        assert [e.seq for e in recent] == [7, 6, 5]
        assert [e.voided for e in recent] == [False, True, False]
        assert ledger.audit(ledger.get(match.id)) == []


def test_history_after_an_early_correction_folds_from_a_checkpoint_not_event_1(
    app, monkeypatch
):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"])
        ledger.append(match.id, {"type": "dart", "dart": "T20"}, idem_key="a")
        ledger.append(match.id, {"type": "dart", "dart": "S1"}, idem_key="b")
        ledger.undo(match.id, idem_key="c")
        ledger.amend(match.id, 1, {"type": "dart", "dart": "T19"}, idem_key="d")
        ledger.append(match.id, {"type": "dart", "dart": "S5"}, idem_key="e")
        ledger.undo(match.id, target=1, idem_key="f")  # no longer the last event

        def no_replay(match):
            raise AssertionError("history replayed the log")

        monkeypatch.setattr(folding, "replay", no_replay)
        monkeypatch.setattr(folding, "fold_from_start", no_replay)
        entries = {e.seq: e for e in ledger.history(ledger.get(match.id))}
        assert [s for s, e in sorted(entries.items()) if e.voided] == [1, 2, 4]
        # dart 5 was ruled on 301-60; with #1 undone it leaves 296 now
        assert "296 left" in entries[5].current_ruling["summary"]
