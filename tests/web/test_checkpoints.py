"""Checkpoints: folding from one gives what a replay from event 1 gives, every game.

The ledger keeps the folded state at checkpoints (``match_checkpoint``) so that an
undo, a correction, a read after a correction and a retry's answer fold forward from
the nearest valid one. Here every game of the registry gets random histories with
undos and corrections at random positions, with checkpoints every 3 versions (the
trigger and the ledger both, so small histories have many): the state at every
version, the current rulings from any seq and every retry's answer must equal what
the full replay from event 1 says, byte for byte for the answers.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from sqlalchemy import func
from sqlalchemy import select
from sqlalchemy import text

from referee import games
from referee import ledger
from referee.db import db
from referee.games import text as texts
from referee.games.outcomes import BadInput
from referee.games.outcomes import Refused
from referee.ledger import folding
from referee.ledger import matches
from referee.models import MatchCheckpoint
from referee.models import MatchEvent
from referee.models import checkpoint_trigger
from tests import strategies

EVERY = 3  # checkpoint spacing in these tests (64 in production)


@pytest.fixture
def dense(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    """Checkpoints every ``EVERY`` versions, for the trigger and the ledger alike."""
    monkeypatch.setattr(folding, "CHECKPOINT_EVERY", EVERY)
    with app.app_context():
        dialect = db.engine.dialect.name
        for sql in checkpoint_trigger(dialect, EVERY):
            db.session.execute(text(sql))
        db.session.commit()
    yield app
    with app.app_context():
        for sql in checkpoint_trigger(dialect):
            db.session.execute(text(sql))
        db.session.commit()


def _sendable(value: Any) -> bool:
    """Whether the API's edge lets the value through (no control characters)."""
    if isinstance(value, str):
        return texts.bad_char(value) is None
    if isinstance(value, dict):
        return all(_sendable(k) and _sendable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_sendable(v) for v in value)
    return True


def _event_at(match_id: str, seq: int) -> Any:
    match = ledger.get(match_id)
    return dict(folding.effective(ledger.rows(match)))[seq]


def _in_force(match_id: str) -> list[int]:
    match = ledger.get(match_id)
    return [seq for seq, _ in folding.effective(ledger.rows(match))]


OP = st.sampled_from(["event"] * 5 + ["undo", "undo-at", "amend"])


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), steps=st.integers(8, 20))
@pytest.mark.parametrize("game_id", list(games.GAME_IDS))
def test_checkpoint_folds_equal_the_replay_from_event_1_for_every_game(
    dense, game_id, data, steps
):
    app = dense
    game = games.get(game_id)
    # An example's opening is a legal start, so games whose random events mostly
    # miss still get a history; random events, undos and corrections follow.
    example = data.draw(st.sampled_from([x for k in game.events for x in k.examples]))
    opening = [*example.setup, example.event]
    players = list(example.players)
    with app.app_context():
        match_id = ledger.create_match(game_id, players, dict(example.options)).id
        board = game.view(ledger.get(match_id).state)
        done: list[tuple[Any, bytes]] = []  # (the write again, its first answer)
        for step in range(len(opening) + steps):
            op = "opening" if step < len(opening) else data.draw(OP)
            key = uuid.uuid4().hex
            in_force = _in_force(match_id)
            if op in ("event", "opening"):
                raw = (
                    opening[step]
                    if op == "opening"
                    else strategies.event(data, game, board, players)
                )
                write = lambda k, raw=raw: ledger.append(match_id, raw, idem_key=k)  # noqa: E731
            elif op == "undo":
                write = lambda k: ledger.undo(match_id, idem_key=k)  # noqa: E731
            elif not in_force:
                continue
            elif op == "undo-at":
                target = data.draw(st.sampled_from(in_force))
                write = lambda k, t=target: ledger.undo(  # noqa: E731
                    match_id, target=t, idem_key=k
                )
            else:
                target = data.draw(st.sampled_from(in_force))
                # the same event again (a correction that changes nothing must still
                # re-check everything after it), or any event
                raw = (
                    _event_at(match_id, target)
                    if data.draw(st.booleans())
                    else strategies.event(data, game, board, players)
                )
                write = lambda k, t=target, raw=raw: ledger.amend(  # noqa: E731
                    match_id, t, raw, idem_key=k
                )
            if op in ("event", "amend") and not _sendable(raw):
                continue  # the edge refuses it before the ledger sees it
            try:
                written = write(key)
            except (BadInput, Refused):
                continue  # a refused write stores nothing
            board = written.body["state"]
            done.append((lambda w=write, k=key: w(k), app.json.dumps(written.body)))

        match = ledger.get(match_id)
        full = ledger.replay(match)
        assert full.state == match.state
        assert ledger.audit(match) == []
        log = ledger.rows(match)
        some = st.lists(st.integers(0, match.version), min_size=1, max_size=4)
        for version in data.draw(some, label="versions"):
            # what a retry's answer at that version is rebuilt from
            prefix = folding.effective(row for row in log if row.seq <= version)
            expected = folding.fold_from_start(match, prefix).state
            assert ledger.state_at(match, version) == expected, version
        for first in data.draw(some, label="firsts"):
            current = ledger.rulings_from(match, first)
            assert {s: r.to_json() for s, r in current.items()} == {
                s: r.to_json() for s, r in full.rulings.items() if s >= first
            }
        retries = st.lists(st.sampled_from(done), max_size=5) if done else st.just([])
        for again, answer in data.draw(retries, label="retries"):
            retried = again()  # after every later correction and undo
            assert retried.replayed
            assert app.json.dumps(retried.body) == answer
        stored = db.session.execute(
            select(MatchEvent.seq, MatchEvent.response).where(
                MatchEvent.match_id == match_id
            )
        ).all()
        assert all(response == {"seq": seq} for seq, response in stored)


def _darts(match_id: str, darts: list[str]) -> None:
    for dart in darts:
        ledger.append(match_id, {"type": "dart", "dart": dart}, idem_key=dart + "?")


def test_an_early_correction_replaces_the_checkpoints_after_it_only(dense):
    with dense.app_context():
        match_id = ledger.create_match("darts-301", ["Ann", "Bob"]).id
        for i in range(10):
            ledger.append(match_id, {"type": "dart", "dart": "S1"}, idem_key=f"e{i}")

        def checkpoints() -> dict[int, int]:
            found = db.session.execute(
                select(MatchCheckpoint.position, MatchCheckpoint.made_at).where(
                    MatchCheckpoint.match_id == match_id
                )
            ).all()
            db.session.rollback()
            return dict(found)

        assert checkpoints() == {3: 3, 6: 6, 9: 9}  # the trigger's, on the appends
        ledger.amend(match_id, 5, {"type": "dart", "dart": "S5"}, idem_key="fix")
        # #3 stands; #6 and #9 are folded again by the correction (version 11)
        assert checkpoints() == {3: 3, 6: 11, 9: 11}
        ledger.undo(match_id, idem_key="undo-last")  # version 12: the trigger's too
        assert checkpoints() == {3: 3, 6: 11, 9: 11, 12: 12}
        assert ledger.audit(ledger.get(match_id)) == []


def test_an_undo_of_the_last_event_folds_only_the_events_since_the_checkpoint(
    dense, monkeypatch
):
    with dense.app_context():
        match_id = ledger.create_match("darts-301", ["Ann", "Bob"]).id
        for i in range(20):
            ledger.append(match_id, {"type": "dart", "dart": "S1"}, idem_key=f"e{i}")
        folded: list[int] = []
        real = folding.fold_on

        def counting(match, state, events, **kw):
            folded.append(len(events))
            return real(match, state, events, **kw)

        monkeypatch.setattr(folding, "fold_on", counting)
        loaded: list[int] = []
        real_tail = folding.read_tail

        def tail(match, before, version):
            got = real_tail(match, before, version)
            loaded.append(len(got.rows))
            return got

        monkeypatch.setattr(folding, "read_tail", tail)

        def every_row(*_args, **_kwargs):
            raise AssertionError("loaded every row of the match")

        monkeypatch.setattr(matches, "rows", every_row)
        # the fold from event 1
        monkeypatch.setattr(folding, "fold_from_start", every_row)
        ledger.undo(match_id, idem_key="u1")  # #20: checkpoint 18, events 19 only
        assert loaded == [2]
        assert folded == [1]
        folded.clear(), loaded.clear()
        ledger.amend(match_id, 5, {"type": "dart", "dart": "S5"}, idem_key="a1")
        # from checkpoint 3: #4 before, then #5 and the 14 events after it, once
        assert loaded == [18]
        assert folded == [1, 15]


def test_a_retry_after_a_later_correction_gets_its_first_answer_byte_for_byte(
    api, client, app
):
    match = api.create("darts-301")
    path = f"/api/v1/matches/{match['id']}/events"
    first = {}
    for i, dart in enumerate(["T20", "T20", "S5", "D16", "M", "T19"]):
        headers = api.headers(match["id"], f"key-{i}")
        body = {"event": {"type": "dart", "dart": dart}}
        first[i] = (dart, client.post(path, json=body, headers=headers).get_data())
    fix = client.put(
        f"/api/v1/matches/{match['id']}/events/1",
        json={"event": {"type": "dart", "dart": "S1"}},
        headers=api.headers(match["id"]),
    )
    assert fix.status_code == 201, fix.get_json()
    for i, (dart, answer) in first.items():
        again = client.post(
            path,
            json={"event": {"type": "dart", "dart": dart}},
            headers=api.headers(match["id"], f"key-{i}"),
        )
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.get_data() == answer
    with app.app_context():
        stored = db.session.execute(
            select(func.max(func.length(func.cast(MatchEvent.response, db.String))))
        ).scalar()
        assert stored < 20  # {"seq": n}: no view in the row


def test_a_page_read_after_an_early_correction_loads_only_the_rows_after_a_checkpoint(
    dense, monkeypatch
):
    with dense.app_context():
        match_id = ledger.create_match("darts-301", ["Ann", "Bob"]).id
        for i in range(30):
            ledger.append(match_id, {"type": "dart", "dart": "S1"}, idem_key=f"e{i}")
        ledger.amend(match_id, 2, {"type": "dart", "dart": "S5"}, idem_key="fix")
        loaded: list[int] = []
        real_tail = folding.read_tail

        def tail(*args, **kwargs):
            got = real_tail(*args, **kwargs)
            loaded.append(len(got.rows))
            return got

        def from_event_1(*_args):
            raise AssertionError("folded from event 1")

        monkeypatch.setattr(folding, "read_tail", tail)
        monkeypatch.setattr(folding, "fold_from_start", from_event_1)
        monkeypatch.setattr(folding, "replay", from_event_1)
        page = ledger.history(ledger.get(match_id), limit=5)  # rows 27 to 31
        assert [e.seq for e in page] == [31, 30, 29, 28, 27]
        # from the checkpoint at 24 (before 27): rows 25 to 31; then the ruling now of
        # #2, which the amend shown (#31) corrects: rows 1 and 2, and that amend
        assert loaded == [7, 3]
        # every dart after #2 is ruled 4 points lower now
        assert "left" in page[-1].current_ruling["summary"]
        assert page[-1].current_ruling != page[-1].ruling


def test_a_row_stored_with_its_whole_answer_before_0009_answers_a_retry_with_it(app):
    with app.app_context():
        match = ledger.create_match("darts-301", ["Ann", "Bob"])
        raw = {"type": "dart", "dart": "T20"}
        game = ledger.game_of(match)
        step = game.apply(match.state, game.parse_event(raw, match.state))
        said = step.ruling.to_json()
        whole = {"ruling": said, "state": game.view(step.state), "seq": 1}
        db.session.add(
            MatchEvent(
                match_id=match.id,
                seq=1,
                kind="event",
                data=game.parse_event(raw, match.state),
                ruling=said,
                idem_key="old",
                request_hash=ledger.request_hash({"op": "event", "event": raw}),
                response=whole,
            )
        )
        match.version, match.state = 1, step.state
        db.session.commit()
        again = ledger.append(match.id, raw, idem_key="old")
        assert again.replayed
        assert again.body == whole
