"""SQL statements per request: the lean write path and the two-statement reads.

Targets from issue 8 (and RELIABILITY.md P3): an event POST runs at most 4
statements (SQLite: BEGIN IMMEDIATE, the locked read of the match, the event's
INSERT, the snapshot's UPDATE), a match page or API GET at most 2, and the counts
are the same in a match with 5,000 events as in one with 10. Counted with a
``before_cursor_execute`` listener, so BEGIN on SQLite counts too.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event as sa_event
from sqlalchemy import insert

from referee import ledger
from referee.db import db
from referee.models import Match
from referee.models import MatchEvent

WRITE_MAX = 4
READ_MAX = 2
# Nine-dart legs of 301 (180, three misses, 121 out) in a match too long to end.
OPTIONS = {"start": "301", "legs": 21, "sets": 13}
DARTS = ("T20", "T20", "T20", "M", "M", "M", "T20", "T19", "D2")


@contextmanager
def counted(app: Flask) -> Iterator[list[str]]:
    """The SQL statements run while the block runs, in order."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(" ".join(statement.split())[:80])

    with app.app_context():
        engine = db.engine
    sa_event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        sa_event.remove(engine, "before_cursor_execute", note)


def _match_with(app: Flask, client: Any, events: int) -> tuple[str, str]:
    """A darts match with ``events`` darts in its log, made without the HTTP path.

    The log is folded here and inserted in one go (5,000 appends one by one would
    take the suite's time), the same rows and snapshot the ledger would write.
    """
    made = client.post(
        "/api/v1/matches",
        json={"game": "darts-301", "players": ["Ann", "Bob"], "options": OPTIONS},
    ).get_json()
    with app.app_context():
        match = db.session.get(Match, made["id"])
        game = ledger.game_of(match)
        state = match.state
        rows = []
        for seq in range(1, events + 1):
            event = game.parse_event(
                {"type": "dart", "dart": DARTS[(seq - 1) % len(DARTS)]}, state
            )
            step = game.apply(state, event)
            state = step.state
            rows.append(
                {
                    "match_id": match.id,
                    "seq": seq,
                    "kind": "event",
                    "data": event,
                    "ruling": step.ruling.to_json(),
                }
            )
        if rows:
            db.session.execute(insert(MatchEvent), rows)
        match.version = events
        match.state = state
        db.session.commit()
        assert ledger.audit(db.session.get(Match, made["id"])) == []
    return made["id"], made["edit_key"]


def _post_dart(client: Any, match_id: str, key: str, dart: str = "S1") -> Any:
    return client.post(
        f"/api/v1/matches/{match_id}/events",
        json={"event": {"type": "dart", "dart": dart}},
        headers={
            "Authorization": f"Bearer {key}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )


@pytest.mark.parametrize("events", [10, 5000])
def test_an_api_event_post_runs_at_most_four_statements(app, client, events):
    match_id, key = _match_with(app, client, events)
    with counted(app) as seen:
        response = _post_dart(client, match_id, key)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["seq"] == events + 1
    assert len(seen) <= WRITE_MAX, seen


@pytest.mark.parametrize("events", [10, 5000])
def test_an_api_match_get_runs_at_most_two_statements(app, client, events):
    match_id, _key = _match_with(app, client, events)
    with counted(app) as seen:
        response = client.get(f"/api/v1/matches/{match_id}")
    assert response.status_code == 200
    assert response.get_json()["seq"] == events
    assert len(seen) <= READ_MAX, seen


@pytest.mark.parametrize("events", [10, 5000])
def test_a_match_page_get_runs_at_most_two_statements(app, client, events):
    match_id, key = _match_with(app, client, events)
    client.get(f"/m/{match_id}/join/{key}")  # the scorer's view: pad, undo, PIN
    with counted(app) as seen:
        response = client.get(f"/m/{match_id}")
    assert response.status_code == 200
    assert f"#{events}" in response.get_data(as_text=True)
    assert len(seen) <= READ_MAX, seen


@pytest.mark.parametrize("events", [10, 5000])
def test_a_page_form_event_post_runs_at_most_four_statements(app, client, events):
    match_id, key = _match_with(app, client, events)
    client.get(f"/m/{match_id}/join/{key}")
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    idem = re.search(r'name="idem" value="([^"]+)"', page)
    assert idem is not None
    with counted(app) as seen:
        response = client.post(
            f"/m/{match_id}/events",
            data={"type": "dart", "dart": "S1", "idem": idem.group(1), "seq": events},
        )
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    assert len(seen) <= WRITE_MAX, seen
    with app.app_context():
        assert db.session.get(Match, match_id).version == events + 1


def test_a_replayed_post_answers_the_first_answer_and_stores_nothing(app, client):
    match_id, key = _match_with(app, client, 10)
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "same-tap"}
    body = {"event": {"type": "dart", "dart": "T20"}}
    first = client.post(
        f"/api/v1/matches/{match_id}/events", json=body, headers=headers
    )
    _post_dart(client, match_id, key)  # the match moves on meanwhile
    again = client.post(
        f"/api/v1/matches/{match_id}/events", json=body, headers=headers
    )
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    with app.app_context():
        match = db.session.get(Match, match_id)
        assert match.version == 12
        assert ledger.audit(match) == []


def test_a_replay_of_a_write_the_match_now_refuses_still_gets_its_first_answer(
    app, client
):
    """The key is checked when the rules refuse, too: the first answer, not a 409."""
    match_id, key = _match_with(app, client, 0)
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "tap-1"}
    body = {"event": {"type": "dart", "dart": "T20"}, "expected_seq": 0}
    first = client.post(
        f"/api/v1/matches/{match_id}/events", json=body, headers=headers
    )
    again = client.post(
        f"/api/v1/matches/{match_id}/events", json=body, headers=headers
    )
    assert first.status_code == 201
    assert again.status_code == 201  # expected_seq 0 is stale now, the key wins
    assert again.get_json() == first.get_json()


def test_a_write_with_another_matchs_key_is_forbidden_and_stores_nothing(app, client):
    match_id, _key = _match_with(app, client, 3)
    _other, other_key = _match_with(app, client, 0)
    response = _post_dart(client, match_id, other_key)
    assert response.status_code == 403
    bad_body = client.post(
        f"/api/v1/matches/{match_id}/events",
        json={"nonsense": 1},
        headers={"Authorization": f"Bearer {other_key}", "Idempotency-Key": "k"},
    )
    assert bad_body.status_code == 403  # a stranger learns nothing from the body
    with app.app_context():
        assert db.session.get(Match, match_id).version == 3
