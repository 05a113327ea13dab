"""Idempotency keys: the same key while its first request is still running is 409
with Retry-After (as the IETF draft has it), then the first answer is replayed; the
same key with a different request is a conflict too, 409 on every route that takes
one (the outcome table, referee/web/errors.py)."""

from __future__ import annotations

import threading
import uuid

import pytest

from referee.ledger import stream
from tests.web.redirects import refusal_page

DART = {"event": {"type": "dart", "dart": "T20"}}


@pytest.fixture
def held(monkeypatch):
    """Hold the first write inside its transaction until the test lets it go."""
    entered, release = threading.Event(), threading.Event()
    real = stream._add_rows

    def slow(*args, **kwargs):
        if not entered.is_set():
            entered.set()
            assert release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(stream, "_add_rows", slow)
    return entered, release


def test_the_same_key_while_the_first_runs_is_409_then_the_first_is_replayed(
    client, api, app, held
):
    entered, release = held
    match = api.create("darts-301")
    headers = api.headers(match["id"], uuid.uuid4().hex)
    path = f"/api/v1/matches/{match['id']}/events"
    first: list = []
    runner = threading.Thread(
        target=lambda: first.append(
            app.test_client().post(path, json=DART, headers=headers)
        )
    )
    runner.start()
    try:
        assert entered.wait(30)
        twin = app.test_client().post(path, json=DART, headers=headers)
        assert twin.status_code == 409
        assert twin.mimetype == "application/problem+json"
        assert twin.get_json()["type"] == "/api/v1/problems/in-flight"
        assert twin.headers["Retry-After"] == "1"
    finally:
        release.set()
        runner.join(30)
    assert first[0].status_code == 201
    again = app.test_client().post(path, json=DART, headers=headers)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first[0].get_json()
    assert api.get(match["id"])["seq"] == 1


def test_another_key_while_one_runs_is_not_in_flight(client, api, app, held):
    entered, release = held
    match = api.create("darts-301")
    path = f"/api/v1/matches/{match['id']}/events"
    runner = threading.Thread(
        target=lambda: app.test_client().post(
            path, json=DART, headers=api.headers(match["id"])
        )
    )
    runner.start()
    assert entered.wait(30)
    release.set()  # the other key may wait for the lock, but is never told 409
    other = app.test_client().post(path, json=DART, headers=api.headers(match["id"]))
    runner.join(30)
    assert other.status_code == 201


def _reused(client, path: str, first: dict, second: dict, **kw) -> int:
    assert client.post(path, data=first, **kw).status_code in (201, 302, 303)
    return client.post(path, data=second, **kw).status_code


def test_a_reused_key_is_409_everywhere(client, api, app):
    match = api.create("darts-301")
    key = uuid.uuid4().hex
    path = f"/api/v1/matches/{match['id']}/events"
    headers = api.headers(match["id"], key)
    assert client.post(path, json=DART, headers=headers).status_code == 201
    other = {"event": {"type": "dart", "dart": "T19"}}
    api_reuse = client.post(path, json=other, headers=headers)
    assert api_reuse.status_code == 409
    assert api_reuse.get_json()["type"] == "/api/v1/problems/idempotency-key"
    # The page, and a phone's outbox replaying a queued form.
    phone = app.test_client()
    phone.get(f"/m/{match['id']}/join/{match['edit_key']}")
    form = {"idem": "tap-1", "seq": 1, "type": "dart", "dart": "T20"}
    page = f"/m/{match['id']}/events"
    assert phone.post(page, data=form).status_code == 303
    reused = refusal_page(
        phone, phone.post(page, data={**form, "dart": "S5", "seq": 2})
    )
    assert "already sent something else" in reused.text
    outbox = phone.post(
        page,
        data={**form, "dart": "S6", "seq": 2},
        headers={"Accept": "application/json"},
    )
    assert outbox.status_code == 409
    assert outbox.get_json()["type"] == "/api/v1/problems/idempotency-key"


def test_a_reused_key_on_a_nights_page_is_409(client, app):
    eight = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": eight}
    ).get_json()
    phone = app.test_client()
    table = night["keys"]["tables"][0]
    assert phone.get(f"/n/{night['id']}/t/1/join/{table['key']}").status_code == 302
    path = f"/n/{night['id']}/t/1/result"
    form = {"idem": "r-1", "score_a": "21", "score_b": "3"}
    assert phone.post(path, data=form).status_code in (302, 303)
    assert phone.post(path, data={**form, "score_b": "4"}).status_code == 409
