"""The JSON API: the three outcomes, concurrency guards, idempotency, access, undo."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from referee import ledger
from referee.db import db
from referee.models import MatchEvent

DART = {"type": "dart", "dart": "T20"}


def count_rows(app, match_id: str) -> int:
    with app.app_context():
        return len(ledger.rows(ledger.get(match_id)))


# --- creating matches ---------------------------------------------------------------


def test_create_match_returns_id_edit_key_pin_and_the_board(api):
    match = api.create("darts-301", ["Ann", "Bob"], options={"start": "501"})
    assert match["seq"] == 0
    assert len(match["pin"]) == 6
    assert match["pin"].isdigit()
    assert match["options"]["start"] == "501"
    assert [s["score"] for s in match["state"]["sides"]] == [501, 501]
    assert match["state"]["turn"] == "Ann"


@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"game": "darts-999", "players": ["Ann"]}, "game", "not a game here"),
        ({"game": "darts-301", "players": []}, "players", "1 to 8 players; 0 given"),
        ({"game": "darts-301", "players": ["Ann", "ann"]}, "players", "same|called"),
        (
            {"game": "darts-301", "players": ["Ann"], "options": {"start": "401"}},
            "options.start",
            "one of 301, 501, 701",
        ),
        (
            {"game": "darts-301", "players": ["Ann"], "options": {"double_in": True}},
            "options.double_in",
            "not an option",
        ),
        ({"game": "darts-301", "players": ["Ann"], "score": 5}, "score", "not a field"),
        (
            {"game": "darts-301", "players": ["Ann"], "teams": [{"players": ["Cy"]}]},
            "teams",
            "single players",
        ),
    ],
)
def test_bad_setup_is_422_problem_json_naming_the_field(client, body, field, message):
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 422
    assert field in problem["errors"]
    assert re.search(message, problem["errors"][field])


def test_a_body_that_is_not_json_is_422_with_an_example(client):
    response = client.post(
        "/api/v1/matches", data="players=Ann", content_type="text/plain"
    )
    assert response.status_code == 422
    assert "application/json" in response.get_json()["detail"]


def test_unknown_match_is_404_problem_json(client):
    response = client.get("/api/v1/matches/nosuchmatch")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert "nosuchmatch" in response.get_json()["detail"]


# --- the three outcomes -------------------------------------------------------------


def test_an_event_that_happened_is_201_with_the_ruling_and_new_state(api):
    match = api.create("darts-301")
    response = api.event(match["id"], DART)
    assert response.status_code == 201
    body = response.get_json()
    assert body["seq"] == 1
    assert body["ruling"]["verdict"] == "ok"
    assert body["ruling"]["score"] == {"Ann": -60}
    assert body["ruling"]["rules"]
    assert body["state"]["sides"][0]["score"] == 241


def test_a_bust_is_recorded_201_with_its_verdict_and_rule(api):
    mid = api.create("darts-301")["id"]
    for dart in ["T20", "T20", "T20", "M", "M", "M", "T20"]:
        assert api.event(mid, {"type": "dart", "dart": dart}).status_code == 201
    # Ann is on 61; a T20 leaves exactly 1: a bust, recorded, not refused.
    response = api.event(mid, {"type": "dart", "dart": "T20"})
    assert response.status_code == 201
    bust = response.get_json()
    assert bust["ruling"]["verdict"] == "bust"
    assert "darts-301/bust" in bust["ruling"]["rules"]
    assert bust["state"]["sides"][0]["score"] == 121  # back to the round's start
    assert bust["state"]["turn"] == "Bob"


def test_bad_input_is_422_and_stores_nothing(api, app):
    match = api.create("darts-301")
    response = api.event(match["id"], {"type": "dart", "dart": "T25"})
    assert response.status_code == 422
    problem = response.get_json()
    assert "treble bull" in problem["errors"]["dart"]
    assert "DB" in problem["detail"]  # shows a correct example
    assert count_rows(app, match["id"]) == 0


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"dart": "T20"}, "type"),
        ({"type": "throw", "dart": "T20"}, "type"),
        ({"type": "dart"}, "dart"),
        ({"type": "dart", "dart": "T20", "score": 999}, "score"),
        ("T20", "event"),
    ],
)
def test_malformed_events_are_422_naming_the_field(api, event, field):
    match = api.create("darts-301")
    response = api.event(match["id"], event)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_a_refused_action_is_409_with_the_ruling_and_stores_nothing(api, app):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    response = api.event(match["id"], {"type": "round", "darts": ["T20", "T20"]})
    assert response.status_code == 409
    problem = response.get_json()
    assert problem["ruling"]["verdict"] == "illegal"
    assert problem["ruling"]["rules"]
    assert count_rows(app, match["id"]) == 1


def test_events_after_the_match_is_won_are_refused(api):
    match = api.create("darts-301", ["Ann"])
    mid = match["id"]
    for darts in (["T20", "T20", "T20"], ["T20", "T11", "D14"]):
        assert api.event(mid, {"type": "round", "darts": darts}).status_code == 201
    assert api.get(mid)["status"] == "over"
    assert api.get(mid)["state"]["winner"] == "Ann"
    response = api.event(mid, DART)
    assert response.status_code == 409
    assert "over" in response.get_json()["detail"]


# --- optimistic concurrency and idempotency -----------------------------------------


def test_a_stale_expected_seq_is_409_with_the_current_seq(api, app):
    match = api.create("darts-301")
    assert api.event(match["id"], DART, expected_seq=0).status_code == 201
    response = api.event(match["id"], DART, expected_seq=0)
    assert response.status_code == 409
    assert response.get_json()["seq"] == 1
    assert count_rows(app, match["id"]) == 1
    assert api.event(match["id"], DART, expected_seq=1).status_code == 201


def test_the_same_idempotency_key_records_one_event_and_replays_the_answer(api, app):
    match = api.create("darts-301")
    first = api.event(match["id"], DART, idem="tap-1")
    again = api.event(match["id"], DART, idem="tap-1")
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert count_rows(app, match["id"]) == 1


def test_a_reused_idempotency_key_with_another_body_is_409(api, app):
    match = api.create("darts-301")
    api.event(match["id"], DART, idem="tap-1")
    response = api.event(match["id"], {"type": "dart", "dart": "S1"}, idem="tap-1")
    assert response.status_code == 409
    assert "Idempotency-Key" in response.get_json()["errors"]
    assert count_rows(app, match["id"]) == 1


def test_a_write_without_idempotency_key_is_400(api, client):
    match = api.create("darts-301")
    response = client.post(
        f"/api/v1/matches/{match['id']}/events",
        json={"event": DART},
        headers={"Authorization": f"Bearer {match['edit_key']}"},
    )
    assert response.status_code == 400
    assert "Idempotency-Key" in response.get_json()["detail"]


def test_a_refused_or_bad_request_does_not_burn_its_idempotency_key(api):
    match = api.create("darts-301")
    assert (
        api.event(match["id"], {"type": "dart", "dart": "T25"}, idem="k").status_code
        == 422
    )
    assert api.event(match["id"], DART, idem="k").status_code == 201


# --- access -------------------------------------------------------------------------


def test_writes_without_the_edit_key_are_401_and_store_nothing(api, client, app):
    match = api.create("darts-301")
    response = client.post(
        f"/api/v1/matches/{match['id']}/events",
        json={"event": DART},
        headers={"Idempotency-Key": "a"},
    )
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert count_rows(app, match["id"]) == 0


def test_writes_with_a_wrong_edit_key_are_403_and_store_nothing(api, client, app):
    match = api.create("darts-301")
    other = api.create("darts-301")
    for path in ("events", "undo"):
        response = client.post(
            f"/api/v1/matches/{match['id']}/{path}",
            json={"event": DART},
            headers={
                "Authorization": f"Bearer {other['edit_key']}",
                "Idempotency-Key": "a",
            },
        )
        assert response.status_code == 403
    assert count_rows(app, match["id"]) == 0


def test_anyone_may_read_a_match_and_its_log(api, client):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    assert client.get(f"/api/v1/matches/{match['id']}").status_code == 200
    log = client.get(f"/api/v1/matches/{match['id']}/events").get_json()
    assert [e["seq"] for e in log["events"]] == [1]
    assert "edit_key" not in client.get(f"/api/v1/matches/{match['id']}").get_json()


# --- undo and corrections -----------------------------------------------------------


def test_undo_voids_the_last_event_and_rebuilds_the_state(api):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    api.event(match["id"], {"type": "dart", "dart": "T19"})
    response = api.undo(match["id"])
    assert response.status_code == 201
    body = response.get_json()
    assert body["ruling"]["verdict"] == "void"
    assert body["state"]["sides"][0]["score"] == 241
    log = api.client.get(f"/api/v1/matches/{match['id']}/events").get_json()["events"]
    assert [(e["seq"], e["kind"], e["voided"]) for e in log] == [
        (1, "event", False),
        (2, "event", True),
        (3, "undo", False),
    ]


def test_undo_then_the_same_event_gives_the_same_state(api):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    before = api.event(match["id"], {"type": "dart", "dart": "D16"}).get_json()["state"]
    api.undo(match["id"])
    after = api.event(match["id"], {"type": "dart", "dart": "D16"}).get_json()["state"]
    assert after == before


def test_undo_with_nothing_to_undo_is_409(api):
    match = api.create("darts-301")
    response = api.undo(match["id"])
    assert response.status_code == 409
    assert "nothing to undo" in response.get_json()["detail"]


def test_undo_of_an_earlier_event_that_later_events_need_is_refused(api):
    mid = api.create("darts-301", ["Ann"])["id"]
    for dart in ("T20", "T20", "T20"):
        api.event(mid, {"type": "dart", "dart": dart})
    api.event(mid, {"type": "round", "darts": ["S1", "S1", "S1"]})
    # Without #1, the whole-round entry #4 would land in the middle of a round.
    response = api.undo(mid, target=1)
    assert response.status_code == 409
    assert "#4" in response.get_json()["detail"]
    assert api.get(mid)["seq"] == 4


def test_amend_replaces_an_earlier_event_and_re_rules_the_later_ones(api, client):
    match = api.create("darts-301", ["Ann"])
    mid = match["id"]
    api.event(mid, {"type": "dart", "dart": "T20"})
    api.event(mid, {"type": "dart", "dart": "S1"})
    response = client.put(
        f"/api/v1/matches/{mid}/events/1",
        json={"event": {"type": "dart", "dart": "T19"}},
        headers=api.headers(mid),
    )
    assert response.status_code == 201
    assert response.get_json()["state"]["sides"][0]["score"] == 301 - 57 - 1
    log = client.get(f"/api/v1/matches/{mid}/events").get_json()["events"]
    first = next(e for e in log if e["seq"] == 1)
    assert first["voided"]
    assert first["replaced_by"] == 3


def test_snapshot_equals_replay_and_every_stored_ruling_replays(api, app):
    match = api.create("darts-301", ["Ann", "Bob"])
    mid = match["id"]
    for dart in ["T20", "T20", "T20", "S5", "M", "D10", "T20", "T19"]:
        api.event(mid, {"type": "dart", "dart": dart})
    api.undo(mid)
    api.client.put(
        f"/api/v1/matches/{mid}/events/2",
        json={"event": {"type": "dart", "dart": "S20"}},
        headers=api.headers(mid),
    )
    api.event(mid, {"type": "dart", "dart": "T17"})
    with app.app_context():
        m = ledger.get(mid)
        assert ledger.audit(m) == []
        assert ledger.replay(m).state == m.state


def test_audit_reports_a_stored_ruling_that_replay_does_not_reproduce(api, app):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    api.event(match["id"], DART)
    with app.app_context():
        # Only a tamperer with the triggers switched off could do this.
        if db.engine.dialect.name == "postgresql":
            db.session.execute(text("ALTER TABLE match_event DISABLE TRIGGER USER"))
        else:
            db.session.execute(text("DROP TRIGGER match_event_no_update"))
        db.session.execute(
            text("UPDATE match_event SET ruling = :r WHERE seq = 2"),
            {"r": '{"verdict": "ok", "summary": "Ann scores 180."}'},
        )
        if db.engine.dialect.name == "postgresql":
            db.session.execute(text("ALTER TABLE match_event ENABLE TRIGGER USER"))
        db.session.commit()
        problems = ledger.audit(ledger.get(match["id"]))
    assert len(problems) == 1
    assert problems[0].startswith("#2: stored ruling")


def test_the_event_log_is_append_only_in_the_database(api, app):
    match = api.create("darts-301")
    api.event(match["id"], DART)
    with app.app_context():
        for statement in (
            "UPDATE match_event SET kind = 'x'",
            "DELETE FROM match_event",
        ):
            with pytest.raises(DBAPIError, match="append-only"):
                db.session.execute(text(statement))
            db.session.rollback()
        assert db.session.query(MatchEvent).count() == 1


# --- games, rules, tools ------------------------------------------------------------


def test_games_list_every_game_with_options_and_event_kinds(client):
    games = client.get("/api/v1/games").get_json()["games"]
    ids = [g["id"] for g in games]
    assert {"darts-301", "darts-baseball"} <= set(ids)
    darts = next(g for g in games if g["id"] == "darts-301")
    assert {o["name"] for o in darts["options"]} >= {"start", "legs", "sets"}
    assert {e["type"] for e in darts["events"]} >= {"dart", "round", "score"}
    assert all(e["example"] for e in darts["events"])


def test_rules_api_lists_a_rulebook_and_searches_it(client):
    book = client.get("/api/v1/games/darts-301/rules").get_json()
    assert any(r["id"] == "darts-301/bust" for r in book["rules"])
    hits = client.get("/api/v1/rules?q=busted").get_json()["rules"]
    assert hits
    assert hits[0]["id"] == "darts-301/bust"
    assert client.get("/api/v1/rules?q=").status_code == 422
    assert client.get("/api/v1/games/nope/rules").status_code == 404


def test_the_checkout_tool_answers_without_a_match(client):
    response = client.post(
        "/api/v1/tools/darts-301/checkout", json={"remaining": 170, "darts": 3}
    )
    assert response.status_code == 200
    assert response.get_json()["routes"][0] == ["T20", "T20", "DB"]
    bad = client.post("/api/v1/tools/darts-301/checkout", json={"remaining": "lots"})
    assert bad.status_code == 422
    assert client.post("/api/v1/tools/darts-301/nope", json={}).status_code == 404


def test_an_unexpected_api_error_is_a_500_problem_without_a_trace(app, monkeypatch):
    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(ledger, "board", boom)
    client = app.test_client()
    created = client.post(
        "/api/v1/matches", json={"game": "darts-301", "players": ["Ann"]}
    )
    assert created.status_code == 500
    problem = created.get_json()
    assert problem["type"] == "about:blank"
    assert "kaboom" not in created.text
    assert "Traceback" not in created.text


ODD = ["²", "café", 1e300, float("inf"), [], {}, None, True, -1, "", " ", "0x1F"]


@pytest.mark.parametrize("odd", ODD)
def test_odd_values_anywhere_are_422_or_409_never_500(api, client, odd):
    match = api.create("gin-rummy", ["Ann", "Bob"])
    bodies = [
        ("/api/v1/matches", {"game": "darts-301", "players": ["Ann"], "options": odd}),
        (
            "/api/v1/matches",
            {"game": "darts-301", "players": ["Ann"], "options": {"legs": odd}},
        ),
        ("/api/v1/matches", {"game": "darts-301", "players": odd}),
        ("/api/v1/tools/darts-301/checkout", {"remaining": odd, "darts": 2}),
        ("/api/v1/tools/billiards/shot", {"first_contact": odd}),
        ("/api/v1/tools/gin-rummy/deadwood", {"hand": odd}),
    ]
    for path, body in bodies:
        response = client.post(path, json=body)
        assert response.status_code < 500, (path, body, response.get_json())
    for event in (
        {
            "type": "knock_counts",
            "knocker": odd,
            "knocker_count": 3,
            "opponent_count": 20,
        },
        {"type": "upcard", "player": 1, "take": odd},
        {"type": odd},
    ):
        response = api.event(match["id"], event)
        assert response.status_code in (201, 409, 422), (event, response.get_json())
    odd_key = client.post(
        f"/api/v1/matches/{match['id']}/events",
        json={"event": {"type": "cancel"}},
        headers={"Authorization": f"Bearer {odd}", "Idempotency-Key": "k"},
    )
    assert odd_key.status_code in (401, 403)


def test_a_retried_create_with_the_same_key_makes_one_match(client):
    body = {"game": "darts-301", "players": ["Ann", "Bob"]}
    first = client.post("/api/v1/matches", json=body, headers={"Idempotency-Key": "c1"})
    again = client.post("/api/v1/matches", json=body, headers={"Idempotency-Key": "c1"})
    assert first.status_code == again.status_code == 201
    assert again.get_json()["id"] == first.get_json()["id"]
    assert again.headers["Idempotent-Replayed"] == "true"
    other = client.post(
        "/api/v1/matches",
        json={**body, "players": ["Cy"]},
        headers={"Idempotency-Key": "c1"},
    )
    assert other.status_code == 409
    assert "Idempotency-Key" in other.get_json()["errors"]
    fresh = client.post("/api/v1/matches", json=body)
    assert fresh.get_json()["id"] != first.get_json()["id"]
