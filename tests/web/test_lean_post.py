"""The event POST's lean path: its answer is serialised once (a match write stores
only its seq, and a retry's answer is rebuilt to the same bytes), and an API call
without a session cookie gets none."""

from __future__ import annotations

import json
import uuid

from sqlalchemy import text

from referee.db import Serialized
from referee.db import db
from referee.db import json_text

DART = {"event": {"type": "dart", "dart": "T20"}}


def _stored_answer(app, match_id: str, key: str) -> str:
    with app.app_context():
        return db.session.execute(
            text(
                "SELECT CAST(response AS TEXT) FROM match_event "
                "WHERE match_id = :m AND idem_key = :k"
            ),
            {"m": match_id, "k": key},
        ).scalar_one()


def test_a_match_write_stores_its_seq_and_a_retry_gets_the_sent_bytes(app, client, api):
    match = api.create("darts-301")
    key = uuid.uuid4().hex
    path = f"/api/v1/matches/{match['id']}/events"
    first = client.post(path, json=DART, headers=api.headers(match["id"], key))
    assert first.status_code == 201
    assert first.mimetype == "application/json"
    assert json.loads(_stored_answer(app, match["id"], key)) == {"seq": 1}
    assert first.get_json()["seq"] == 1
    assert set(first.get_json()) == {"ruling", "state", "seq"}
    again = client.post(path, json=DART, headers=api.headers(match["id"], key))
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()


def test_undo_and_correction_answers_come_back_to_a_retry_byte_for_byte(
    app, client, api
):
    match = api.create("darts-301")
    for dart in ("T20", "T19"):
        api.event(match["id"], {"type": "dart", "dart": dart})
    writes = [
        (
            "PUT",
            f"/api/v1/matches/{match['id']}/events/1",
            {"event": {"type": "dart", "dart": "S5"}},
        ),
        ("POST", f"/api/v1/matches/{match['id']}/undo", {}),
    ]
    for method, path, body in writes:
        key = uuid.uuid4().hex
        sent = client.open(
            path, method=method, json=body, headers=api.headers(match["id"], key)
        )
        assert sent.status_code == 201
        stored = json.loads(_stored_answer(app, match["id"], key))
        assert stored == {"seq": sent.get_json()["seq"]}
        # a later write moves the match on; the retry still gets the first bytes
        api.event(match["id"], {"type": "dart", "dart": "S1"})
        again = client.open(
            path, method=method, json=body, headers=api.headers(match["id"], key)
        )
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.get_data() == sent.get_data()


def test_an_api_write_without_a_session_cookie_sets_none(app, api):
    match = api.create("darts-301")
    bare = app.test_client(use_cookies=False)
    answer = bare.post(
        f"/api/v1/matches/{match['id']}/events",
        json=DART,
        headers=api.headers(match["id"], uuid.uuid4().hex),
    )
    assert answer.status_code == 201
    assert "Set-Cookie" not in answer.headers


def test_a_json_column_writes_serialized_text_as_it_is_and_dumps_the_rest():
    made = Serialized('{"seq":1}')
    assert json_text(made) is made
    assert json_text({"seq": 1, "state": [1, "a"]}) == json.dumps(
        {"seq": 1, "state": [1, "a"]}
    )
