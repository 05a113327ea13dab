"""A correction's dry run: it stores nothing and says what the correction changes."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import ledger
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger import folding
from referee.ledger import preview

DARTS = ["T20", "T19", "D16", "S1", "S5", "DB", "M", "T17"]


def _darts(match_id: str, darts: list[str], first: int = 0) -> None:
    for i, dart in enumerate(darts, first):
        ledger.append(match_id, {"type": "dart", "dart": dart}, idem_key=f"d{i}")


def _records_now(match_id: str) -> tuple[dict[int, preview.Record], dict]:
    """Every event in force, folded from event 1: the yardstick."""
    match = ledger.get(match_id)
    game = ledger.game_of(match)
    events = folding.effective(ledger.rows(match))
    start = game.start(ledger.setup_of(match))
    found, state = preview.records(game, start, events, None)
    return found, game.view(state)


def test_removing_an_early_dart_says_the_later_darts_change_thrower(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        _darts(match.id, ["T20", "T20", "T20", "S1", "S1", "S1", "T20"])
        match = ledger.get(match.id)
        version = match.version
        seen = preview.preview_undo(match, 2)
        assert seen.confirm
        # dart 3 becomes Ann's second; Bob's first dart becomes Ann's third
        assert "#4: Bob's dart becomes Ann's" in seen.changes
        assert "#5-#6: Bob's darts become Bob's" not in seen.changes
        assert any(
            line.startswith("#7: Ann's dart becomes Bob's") for line in seen.changes
        )
        assert ledger.get(match.id).version == version  # nothing stored
        assert len(ledger.rows(ledger.get(match.id))) == version


def test_a_fix_that_makes_a_later_round_a_bust_says_so(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        # Ann 180 (121 left), Bob 3, Ann T20 (61 left) S20 (41 left)
        _darts(match.id, ["T20"] * 3 + ["S1"] * 3 + ["T20", "S20"])
        fixed = preview.preview_amend(
            ledger.get(match.id), 1, {"type": "dart", "dart": "T19"}
        )
        assert not fixed.later or all(row["seq"] > 1 for row in fixed.later)
        seen = preview.preview_amend(
            ledger.get(match.id), 8, {"type": "dart", "dart": "T20"}
        )
        # #8 itself busts: nothing after it, and busting is the entry's own ruling
        assert seen.ruling.verdict == "bust"
        assert not seen.confirm
        assert seen.changes == [
            "Ann's score: 41 becomes 121",
            "next to play: Bob instead of Ann",
        ]


def test_removing_the_newest_dart_asks_nothing(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        _darts(match.id, ["T20", "S5"])
        seen = preview.preview_undo(ledger.get(match.id))
        assert seen.target == 2
        assert not seen.confirm
        assert seen.changes == ["Ann's score: 236 becomes 241"]


def test_undoing_the_winning_dart_says_the_winner_changes(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        for n, points in enumerate([180, 3, 81, 3]):
            score = {"type": "score", "points": points}
            ledger.append(match.id, score, idem_key=f"s{n}")
        ledger.append(match.id, {"type": "dart", "dart": "D20"}, idem_key="c")
        seen = preview.preview_undo(ledger.get(match.id))
        assert seen.winner == {"before": "Ann", "after": None}
        assert seen.confirm
        assert "the winner changes from Ann to nobody yet" in seen.changes


def test_a_preview_refuses_what_the_correction_refuses(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"])
        _darts(match.id, ["T20"])
        ledger.undo(match.id, idem_key="u")
        with pytest.raises(Refused, match="not in play"):
            preview.preview_undo(ledger.get(match.id), 1)
        with pytest.raises(Refused, match="nothing to undo"):
            preview.preview_undo(ledger.get(match.id))
        _darts(match.id, ["S5"], first=1)
        with pytest.raises(BadInput):
            preview.preview_amend(
                ledger.get(match.id), 3, {"type": "dart", "dart": "T21"}
            )


op = st.one_of(
    st.tuples(st.just("dart"), st.sampled_from(DARTS)),
    st.tuples(st.just("score"), st.sampled_from([100, 140, 60])),
    st.tuples(st.just("undo"), st.integers(min_value=1, max_value=40)),
    st.tuples(st.just("amend"), st.tuples(st.integers(0, 40), st.sampled_from(DARTS))),
)


def _correct(match_id: str, kind: str, value: Any, key: str) -> ledger.Written:
    if kind == "undo":
        return ledger.undo(match_id, target=value, idem_key=key)
    return ledger.amend(
        match_id, value[0], {"type": "dart", "dart": value[1]}, idem_key=key
    )


def _preview(match: Any, kind: str, value: Any) -> preview.Preview:
    if kind == "undo":
        return preview.preview_undo(match, value)
    return preview.preview_amend(match, value[0], {"type": "dart", "dart": value[1]})


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(ops=st.lists(op, min_size=2, max_size=24))
def test_previewed_changes_are_the_differences_after_committing(app, ops):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "301"})
        for n, (kind, value) in enumerate(ops):
            key = f"k{n}"
            if kind in ("dart", "score"):
                said = "dart" if kind == "dart" else "points"
                with contextlib.suppress(Refused, BadInput):
                    ledger.append(match.id, {"type": kind, said: value}, idem_key=key)
                continue
            fresh = ledger.get(match.id)
            before, before_view = _records_now(match.id)
            # a pick among the events in force (an event out of play now and then)
            live = sorted(before) or [1]
            if kind == "undo":
                value = live[value % len(live)] if value % 5 else value
            else:
                value = (live[value[0] % len(live)], value[1])
            try:
                seen = _preview(fresh, kind, value)
            except (Refused, BadInput) as refused:
                # the correction itself is refused the same way, storing nothing
                with pytest.raises(type(refused)):
                    _correct(match.id, kind, value, key)
                assert ledger.get(match.id).version == fresh.version
                continue
            # the dry run stored nothing
            assert ledger.get(match.id).version == fresh.version
            written = _correct(match.id, kind, value, key)
            assert written.body["ruling"] == seen.ruling.to_json()
            after, after_view = _records_now(match.id)
            moved = [
                {
                    "seq": s,
                    "actor": {"before": before[s].actor, "after": after[s].actor},
                    "verdict": {"before": before[s].verdict, "after": after[s].verdict},
                    "summary": {"before": before[s].summary, "after": after[s].summary},
                }
                for s in sorted(before)
                if s > seen.target and s in after and before[s] != after[s]
            ]
            assert seen.later == moved
            winner = (before_view["winner"], after_view["winner"])
            assert (seen.winner is not None) == (winner[0] != winner[1])
            assert seen.confirm == (bool(moved) or winner[0] != winner[1])
            sides = zip(before_view["sides"], after_view["sides"], strict=True)
            scores = [
                (was["name"], was["score"], now["score"])
                for was, now in sides
                if was["score"] != now["score"]
            ]
            assert [
                (s["side"], s["before"], s["after"])
                for s in seen.sides
                if s["figure"] == "score"
            ] == scores


def test_an_early_removal_in_a_long_match_is_told_in_a_few_lines(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"], {"start": "501"})
        _darts(match.id, ["S1", "S5", "S1"] * 20)
        seen = preview.preview_undo(ledger.get(match.id), 1)
        assert len(seen.later) == 59
        assert len(seen.changes) <= 12
        # each round's first dart goes to the other thrower: four told, the rest counted
        assert seen.changes[:5] == [
            "#4: Bob's dart becomes Ann's",
            "#7: Ann's dart becomes Bob's",
            "#10: Bob's dart becomes Ann's",
            "#13: Ann's dart becomes Bob's",
            "15 more entries change player (up to #58)",
        ]
