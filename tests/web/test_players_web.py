"""Profiles, links, confirmation mode and the big-type switch, through pages and API."""

from __future__ import annotations

import uuid
from typing import Any

from flask.testing import FlaskClient

ROUNDS_TO_140 = [  # 301: Ann 180, Bob 60, Ann 81 (40 left), Bob 60, Ann D20 out
    {"type": "round", "darts": ["T20", "T20", "T20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["T20", "S1", "S20"]},
    {"type": "round", "darts": ["S20", "S20", "S20"]},
    {"type": "round", "darts": ["D20"]},
]


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex}


def _darts_match(api: Any, names: list[str], events: list[dict[str, Any]]) -> str:
    made = api.create("darts-301", ["Ann", "Bob"], options={"start": "301"})
    linked = api.client.put(
        f"/api/v1/matches/{made['id']}/players",
        json={"players": names},
        headers=_headers(made["edit_key"]),
    )
    assert linked.status_code == 200, linked.get_json()
    for event in events:
        assert api.event(made["id"], event).status_code == 201
    return made["id"]


def _player_id(client: FlaskClient, name: str) -> str:
    found = client.get("/api/v1/players").get_json()["players"]
    return next(p["id"] for p in found if p["name"] == name)


def test_a_profile_shows_darts_figures_charts_and_head_to_head(api, client):
    _darts_match(api, ["Ann Smith", "Bob Jones"], ROUNDS_TO_140)
    _darts_match(api, ["Ann Smith", None], ROUNDS_TO_140[:2])
    ann = _player_id(client, "Ann Smith")
    data = client.get(f"/api/v1/players/{ann}").get_json()
    darts = data["games"]["darts-301"]
    assert (darts["matches"], darts["won"], darts["lost"]) == (2, 1, 0)
    # 180 + 81 + 40 in 7 darts, then 180 in 3: 481 points in 10 darts
    assert darts["totals"]["three_dart_average"] == round(3 * 481 / 10, 2)
    assert darts["totals"]["highest_finish"] == 40
    assert darts["totals"]["checkout_percent"] == 100.0
    assert darts["doubles"]["D20"] == {"darts": 1, "hits": 1, "percent": 100.0}
    assert [s["three_dart_average"] for s in darts["series"]] == [
        round(3 * 301 / 7, 2),
        180.0,
    ]
    assert data["head_to_head"][0]["opponent"] == "Bob"
    assert data["head_to_head"][0]["won"] == 1
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    # averages, checkout %, doubles (and the rating history: issue 23)
    assert page.count('<svg class="chart') == 4
    assert "Checkout percentage by double" in page
    assert "D20: 1 of 1 (100.0%)" in page
    csv = client.get(f"/players/{ann}/export.csv").get_data(as_text=True)
    assert csv.splitlines()[0].startswith("date,match,game,as,opponents,result")
    assert len(csv.splitlines()) == 3
    exported = client.get(f"/players/{ann}/export.json").get_json()
    assert exported["games"] == data["games"]


def test_linking_by_page_makes_a_profile_with_a_claim_code_that_claims_it(api, client):
    made = api.create("darts-301", ["Ann", "Bob"])
    client.get(f"/m/{made['id']}/join/{made['edit_key']}")
    done = client.post(
        f"/m/{made['id']}/players",
        data={"idem": "x", "seat_0": "Ann  Smith", "seat_1": ""},
        follow_redirects=True,
    )
    page = done.get_data(as_text=True)
    assert "New profile Ann Smith: claim code" in page
    code = page.split("claim code ")[1][:8]
    ann = _player_id(client, "Ann Smith")
    other = client.application.test_client()
    wrong = other.post(f"/players/{ann}/claim", data={"idem": "x", "code": "NOPE"})
    assert wrong.status_code == 422
    claimed = other.post(
        f"/players/{ann}/claim", data={"idem": "x", "code": code.lower()}
    )
    assert claimed.status_code == 303
    assert "this phone" in other.get(f"/players/{ann}").get_data(as_text=True)
    # a watcher sees the links but cannot change them
    assert other.get(f"/m/{made['id']}/players").status_code == 200
    assert other.post(f"/m/{made['id']}/players", data={"idem": "y"}).status_code == 403


def test_confirmation_round_trip_over_the_api(api, client):
    made = api.create("darts-301", ["Ann", "Bob"], confirm=True)
    match_id, bob = made["id"], made["side_keys"][0]
    assert made["side_keys"][0]["name"] == "Bob"
    assert made["confirm"] is True
    client.put(
        f"/api/v1/matches/{match_id}/players",
        json={"players": ["Ann Smith", "Bob Jones"]},
        headers=_headers(made["edit_key"]),
    )
    assert api.event(match_id, ROUNDS_TO_140[0]).status_code == 201  # Ann's phone
    bob_round = client.post(
        f"/api/v1/matches/{match_id}/events",
        json={"event": ROUNDS_TO_140[1], "expected_seq": 1},
        headers=_headers(bob["key"]),
    )
    assert bob_round.status_code == 201
    trust = client.get(f"/api/v1/matches/{match_id}/confirmations").get_json()
    assert [e["entered_by"] for e in trust["entries"]] == ["side 0", "side 1"]
    assert trust["counts"] is False
    ann = _player_id(client, "Ann Smith")
    assert client.get(f"/api/v1/players/{ann}").get_json()["pending"]
    # Ann cannot confirm her own entry; she confirms Bob's
    own = client.post(
        f"/api/v1/matches/{match_id}/challenge",
        json={"target": 1},
        headers=_headers(made["edit_key"]),
    )
    assert own.status_code == 409
    ok = client.post(
        f"/api/v1/matches/{match_id}/confirm", headers=_headers(made["edit_key"])
    )
    assert ok.status_code == 201
    assert ok.get_json()["ruling"]["summary"] == "Ann confirmed #2."
    # Bob challenges Ann's round; Ann corrects it; Bob confirms the correction
    challenged = client.post(
        f"/api/v1/matches/{match_id}/challenge",
        json={"target": 1, "note": "the last was S20"},
        headers=_headers(bob["key"]),
    )
    assert challenged.status_code == 201
    assert (
        "Bob challenges #1: the last was S20"
        in challenged.get_json()["ruling"]["summary"]
    )
    # a confirmation or challenge does not make the scorer's seen seq stale
    fixed = client.put(
        f"/api/v1/matches/{match_id}/events/1",
        json={
            "event": {"type": "round", "darts": ["T20", "T20", "S20"]},
            "expected_seq": 2,
        },
        headers=_headers(made["edit_key"]),
    )
    assert fixed.status_code == 201, fixed.get_json()
    log = client.get(f"/api/v1/matches/{match_id}/events").get_json()["events"]
    assert [(e["kind"], e["actor"]) for e in log] == [
        ("event", "side 0"),
        ("event", "side 1"),
        ("confirm", "side 0"),
        ("challenge", "side 1"),
        ("amend", "side 0"),
    ]
    assert log[0]["voided"] is True
    assert log[1]["voided"] is False
    done = client.post(
        f"/api/v1/matches/{match_id}/confirm",
        json={"through": 5},
        headers=_headers(bob["key"]),
    )
    assert done.status_code == 201
    trust = client.get(f"/api/v1/matches/{match_id}/confirmations").get_json()
    assert trust["counts"] is True
    # the challenge was on the first version; the correction in force is row 5
    assert trust["entries"][0]["row"] == 5
    assert trust["entries"][0]["challenges"] == []
    again = client.post(
        f"/api/v1/matches/{match_id}/confirm", headers=_headers(bob["key"])
    )
    assert again.status_code == 409  # nothing waits
    profile = client.get(f"/api/v1/players/{ann}").get_json()
    assert profile["pending"] == []
    assert profile["games"]["darts-301"]["matches"] == 1


def test_confirm_needs_a_side_key_and_confirmation_mode(api, client):
    plain = api.create("darts-301")
    api.event(plain["id"], ROUNDS_TO_140[0])
    refused = client.post(
        f"/api/v1/matches/{plain['id']}/confirm", headers=_headers(plain["edit_key"])
    )
    assert refused.status_code == 409
    assert "not in confirmation mode" in refused.get_json()["detail"]
    other = api.create("darts-301", confirm=True)
    assert (
        client.post(
            f"/api/v1/matches/{plain['id']}/confirm",
            headers=_headers(other["side_keys"][0]["key"]),
        ).status_code
        == 403
    )
    assert client.post(f"/api/v1/matches/{plain['id']}/confirm").status_code == 401
    bad = client.post(
        f"/api/v1/matches/{other['id']}/challenge",
        json={"target": "one"},
        headers=_headers(other["edit_key"]),
    )
    assert bad.status_code == 422
    assert "target" in bad.get_json()["errors"]


def test_confirmation_by_pages_between_two_phones(app, client):
    ann = client
    made = ann.post(
        "/new/darts-301",
        data={"players": "Ann\nBob", "confirm_mode": "on", "opt_start": "301"},
    )
    match_id = made.headers["Location"].rsplit("/", 1)[1]
    page = ann.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Confirmation mode." in page
    share = ann.get(f"/m/{match_id}/share").get_data(as_text=True)
    link = share.split("data-side-link>")[1].split("<")[0]
    bob = app.test_client()
    assert bob.get(link.replace("http://referee.test", "")).status_code == 302
    ann.post(
        f"/m/{match_id}/events",
        data={"seq": 0, "idem": "a1", "type": "round", "darts": "T20 T20 T20"},
    )
    bob_page = bob.get(f"/m/{match_id}").get_data(as_text=True)
    assert "Confirm 1 entry (#1)" in bob_page
    assert "This phone: Bob." in bob_page
    confirmed = bob.post(
        f"/m/{match_id}/confirm", data={"seq": 1, "idem": "b1"}, follow_redirects=True
    )
    assert "Bob confirmed #1." in confirmed.get_data(as_text=True)
    assert "Every entry is confirmed." in ann.get(f"/m/{match_id}").get_data(
        as_text=True
    )


def test_big_type_is_a_switch_that_works_without_javascript(api, client):
    made = api.create("darts-301")
    page = client.get(f"/m/{made['id']}").get_data(as_text=True)
    assert 'class="big-type"' not in page
    switched = client.post(
        "/display", data={"idem": "big", "big": "on", "next": f"/m/{made['id']}"}
    )
    assert switched.status_code == 303
    assert switched.headers["Location"].endswith(f"/m/{made['id']}")
    assert 'class="big-type"' in client.get(f"/m/{made['id']}").get_data(as_text=True)
    away = client.post("/display", data={"idem": "big", "next": "//evil.example"})
    assert not away.headers["Location"].startswith("//evil")
