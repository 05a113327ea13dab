"""Issue 25's trust findings, one test each: sides, game PINs, cookies, redirects.

docs/security.md says what each credential opens; test_credential_matrix.py walks
every route. These are the attacks found on main, replayed as an attacker would.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from referee import keys
from referee import ledger
from referee.web import access
from referee.web import qr
from referee.web.targets import same_site_path
from referee.web.tournaments import access as night_access
from tests.web.write_routes import EIGHT


def _headers(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Idempotency-Key": uuid.uuid4().hex}


def _confirmation_match(client: FlaskClient) -> dict[str, Any]:
    made = client.post(
        "/api/v1/matches",
        json={"game": "darts-301", "players": ["Ann", "Bob"], "confirm": True},
    )
    assert made.status_code == 201
    return dict(made.get_json())


def _bob(app: Flask, made: dict[str, Any]) -> FlaskClient:
    """Bob's phone, joined with his side's link."""
    (side,) = made["side_keys"]
    bob = app.test_client()
    assert bob.get(f"/m/{made['id']}/side/1/{side['key']}").status_code == 302
    return bob


def _event(client: FlaskClient, match_id: str, key: str, dart: str = "T20") -> Any:
    return client.post(
        f"/api/v1/matches/{match_id}/events",
        json={"event": {"type": "dart", "dart": dart}},
        headers=_headers(key),
    )


def _session_text(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        return json.dumps(dict(session))


# --- confirmation mode --------------------------------------------------------------


def test_a_side_is_never_shown_the_scorer_pin_the_qr_or_the_edit_key(client, app):
    made = _confirmation_match(client)
    bob = _bob(app, made)
    match_id = made["id"]
    paths = (f"/m/{match_id}", f"/m/{match_id}/log", f"/m/{match_id}/players")
    for path in paths:
        page = bob.get(path)
        assert page.status_code == 200
        assert made["edit_key"] not in page.text, path
        assert made["pin"] not in page.text, path
        assert "Scorer PIN" not in page.text
    with app.app_context():
        token = ledger.join_token(ledger.get(match_id))
    assert not any(token in bob.get(path).text for path in paths)
    assert bob.get(f"/m/{match_id}/share").status_code == 403
    assert bob.get(f"/m/{match_id}/qr.svg").status_code == 403
    assert 'name="seg"' in bob.get(f"/m/{match_id}").text  # he still enters darts


def test_a_side_cannot_become_the_scorer_and_confirm_its_own_entries(client, app):
    made = _confirmation_match(client)
    bob = _bob(app, made)
    match_id = made["id"]
    # Everything Bob's phone is shown, tried as a PIN and as a scorer link.
    shown = " ".join(
        bob.get(path).text
        for path in (f"/m/{match_id}", f"/m/{match_id}/log", f"/m/{match_id}/share")
    )
    for pin in set(re.findall(r"\b\d{6}\b", shown)):
        assert bob.post("/join", data={"pin": pin}).status_code != 302
    for token in set(re.findall(r"[A-Za-z0-9_-]{32}", shown)):
        assert bob.get(f"/m/{match_id}/join/{token}").status_code in (403, 404)
    # So Bob's phone stays Bob's: his own entry waits for Ann.
    bob.post(
        f"/m/{match_id}/events",
        data={"seq": 0, "idem": "b-e1", "type": "dart", "dart": "T20"},
    )
    bob.post(f"/m/{match_id}/confirm", data={"idem": "c1"})
    confirmations = client.get(f"/api/v1/matches/{match_id}/confirmations").get_json()
    assert [e["entered_by"] for e in confirmations["entries"]] == ["side 1"]
    assert confirmations["entries"][0]["confirmed_by"] is None
    assert confirmations["counts"] is False


def test_a_side_key_cannot_correct_or_undo_the_other_sides_entries(client, app):
    made = _confirmation_match(client)
    match_id, ann = made["id"], made["edit_key"]
    bob = made["side_keys"][0]["key"]
    assert _event(client, match_id, ann).status_code == 201  # #1, Ann's
    confirmed = client.post(
        f"/api/v1/matches/{match_id}/confirm", json={}, headers=_headers(bob)
    )
    assert confirmed.status_code == 201
    assert _event(client, match_id, ann, "S5").status_code == 201  # #3, unconfirmed
    for target in (1, 3):
        fixed = client.put(
            f"/api/v1/matches/{match_id}/events/{target}",
            json={"event": {"type": "dart", "dart": "M"}},
            headers=_headers(bob),
        )
        assert fixed.status_code == 403, fixed.get_json()
        assert f"#{target} is Ann's entry" in fixed.get_json()["detail"]
        undone = client.post(
            f"/api/v1/matches/{match_id}/undo",
            json={"target": target},
            headers=_headers(bob),
        )
        assert undone.status_code == 403
    plain = client.post(
        f"/api/v1/matches/{match_id}/undo", json={}, headers=_headers(bob)
    )
    assert plain.status_code == 403  # the last entry is Ann's too
    log = client.get(f"/api/v1/matches/{match_id}/events").get_json()["events"]
    assert [e["kind"] for e in log] == ["event", "confirm", "event"]
    # His own entry he may correct or take back; Ann may not.
    assert _event(client, match_id, bob, "S1").status_code == 201  # #4
    fixed = client.put(
        f"/api/v1/matches/{match_id}/events/4",
        json={"event": {"type": "dart", "dart": "S2"}},
        headers=_headers(bob),
    )
    assert fixed.status_code == 201
    theirs = client.post(
        f"/api/v1/matches/{match_id}/undo", json={"target": 4}, headers=_headers(ann)
    )
    assert theirs.status_code == 403


def test_a_sides_phone_cannot_fix_or_remove_the_other_sides_entries_on_the_pages(
    client, app
):
    made = _confirmation_match(client)
    match_id = made["id"]
    assert _event(client, match_id, made["edit_key"]).status_code == 201
    bob = _bob(app, made)
    log = bob.get(f"/m/{match_id}/log").text
    assert f"/m/{match_id}/log/1/edit" not in log  # no Fix, no Remove for #1
    assert "Remove" not in log
    assert "Challenge" in log
    assert bob.get(f"/m/{match_id}/log/1/edit").status_code == 403  # no form either
    undo = bob.post(
        f"/m/{match_id}/undo", data={"seq": 1, "idem": "b-u1", "target": "1"}
    )
    assert undo.status_code == 403
    assert "#1 is Ann&#39;s entry" in undo.text
    fix = bob.post(
        f"/m/{match_id}/log/1/edit",
        data={"seq": 1, "idem": "b-f1", "type": "dart", "dart": "M"},
    )
    assert fix.status_code == 403
    events = client.get(f"/api/v1/matches/{match_id}/events").get_json()["events"]
    assert len(events) == 1


def test_a_sides_phone_cannot_rematch_into_a_full_edit_key(client, app):
    made = _confirmation_match(client)
    bob = _bob(app, made)
    answer = bob.post(f"/m/{made['id']}/rematch", data={"idem": "r1"})
    assert answer.status_code == 403
    with bob.session_transaction() as session:
        assert list(session.get("grants", {})) == [made["id"]]


def test_a_side_link_works_once_so_the_scorer_cannot_act_as_that_side(client, app):
    made = _confirmation_match(client)
    match_id = made["id"]
    link = f"/m/{match_id}/side/1/{made['side_keys'][0]['key']}"
    ann = app.test_client()
    assert ann.get(f"/m/{match_id}/join/{made['edit_key']}").status_code == 302
    assert "data-side-link" in ann.get(f"/m/{match_id}/share").text
    bob = _bob(app, made)
    assert bob.get(link).status_code == 302  # opened again on his own phone: fine
    assert ann.get(link).status_code == 403  # the scorer, who was shown it
    assert "data-side-link" not in ann.get(f"/m/{match_id}/share").text
    assert _event(client, match_id, made["edit_key"]).status_code == 201
    # The side key Ann's create answer held no longer confirms her entries.
    stolen = client.post(
        f"/api/v1/matches/{match_id}/confirm",
        json={},
        headers=_headers(made["side_keys"][0]["key"]),
    )
    assert stolen.status_code == 403
    assert bob.post(f"/m/{match_id}/confirm", data={"idem": "b1"}).status_code == 303
    confirmations = client.get(f"/api/v1/matches/{match_id}/confirmations").get_json()
    assert confirmations["entries"][0]["confirmed_by"] == "side 1"


# --- a game's PIN opens that game only ----------------------------------------------


def test_a_table_games_pin_opens_that_game_only(client, app, monkeypatch):
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    table_key = night["keys"]["tables"][0]["key"]
    game = str(night["tables"][0]["match"])
    with app.app_context():
        pin = ledger.credentials(ledger.get(game)).pin
    phone = app.test_client()
    assert phone.post("/join", data={"pin": pin}).status_code == 302
    assert "die for the start" in phone.get(f"/m/{game}").text  # it scores the game
    # The session holds no key, and nothing the phone is shown is the table's key.
    assert table_key not in _session_text(phone)
    links: list[str] = []
    real_make = qr.segno.make
    monkeypatch.setattr(
        qr.segno,
        "make",
        lambda data, **kw: links.append(data) or real_make(data, **kw),
    )
    assert phone.get(f"/m/{game}/qr.svg").status_code == 200
    shown = phone.get(f"/m/{game}/share").text + " ".join(links)
    assert table_key not in shown
    # What it was shown opens no table: not the table's page, not its seating.
    (qr_link,) = links
    token = qr_link.rsplit("/", 1)[1]
    assert phone.get(f"/n/{night['id']}/t/1/join/{token}").status_code == 403
    assert "Score roll by roll" not in phone.get(f"/n/{night['id']}/t/1").text
    seating = phone.post(
        f"/n/{night['id']}/t/1/seating", data={"seats": "|".join(EIGHT[:4])}
    )
    assert seating.status_code == 403
    # The QR link it shows joins that game, and only that game.
    friend = app.test_client()
    assert friend.get(urlsplit(qr_link).path).status_code == 302
    assert friend.get(f"/n/{night['id']}/t/1/join/{token}").status_code == 403
    other = str(night["tables"][1]["match"])
    assert friend.get(f"/m/{other}/join/{token}").status_code == 403


# --- the session cookie carries no key ----------------------------------------------


def test_session_cookies_carry_no_key_only_hashes(client, app):
    phone = app.test_client()
    started = phone.post("/new/darts-301", data={"players": "Ann\nBob"})
    match_id = started.headers["Location"].rsplit("/", 1)[1]
    night = phone.post("/n/new", data={"players": "\n".join(EIGHT)})
    night_id = night.headers["Location"].split("/")[-2]
    made = _confirmation_match(client)
    _bob_phone = _bob(app, made)
    table = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    table_phone = app.test_client()
    key = table["keys"]["tables"][0]["key"]
    assert table_phone.get(f"/n/{table['id']}/t/1/join/{key}").status_code == 302
    with app.app_context():
        plain = {
            ledger.credentials(ledger.get(match_id)).key,
            made["side_keys"][0]["key"],
            key,
        }
        from referee import tournaments

        plain.add(tournaments.organiser_credentials(tournaments.get(night_id)).key)
    # What the signed cookie says, decoded (anyone who sees the cookie can).
    cookies = " ".join(_session_text(c) for c in (phone, _bob_phone, table_phone))
    for secret in plain:
        assert secret not in cookies
    with phone.session_transaction() as session:
        assert re.fullmatch(r"[0-9a-f]{32}", session["grants"][match_id])
    # And what it holds still scores and organises.
    assert 'name="seg"' in phone.get(f"/m/{match_id}").text
    assert phone.get(f"/n/{night_id}/admin").status_code == 200


def test_an_old_cookie_with_plain_keys_works_once_and_is_migrated(client, app, api):
    made = api.create("darts-301")
    night = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    ).get_json()
    organiser = night["keys"]["organiser"]["key"]
    phone = app.test_client()
    with phone.session_transaction() as session:  # as main's cookies were
        session["keys"] = {made["id"]: made["edit_key"]}
        session["nights"] = {night["id"]: [organiser]}
    assert 'name="seg"' in phone.get(f"/m/{made['id']}").text
    assert phone.get(f"/n/{night['id']}/admin").status_code == 200
    text = _session_text(phone)
    assert made["edit_key"] not in text
    assert organiser not in text
    with phone.session_transaction() as session:
        assert "keys" not in session
        assert "nights" not in session
        with app.app_context():
            hashed = keys.grant(keys.hash_key(made["edit_key"]))
        assert session["grants"][made["id"]] == hashed


def test_a_full_session_of_grants_still_fits_a_browsers_4kb_cookie(app):
    """40 matches and 20 nights of two keys each, as many as a session keeps."""
    with app.test_request_context():
        signer = app.session_interface.get_signing_serializer(app)
        grants = {
            f"m{i:09d}": keys.grant(keys.hash_key(f"k{i}"))
            for i in range(access.MAX_REMEMBERED)
        }
        nights = {
            f"n{i:09d}": [keys.grant(keys.hash_key(f"t{i}.{j}")) for j in range(2)]
            for i in range(night_access.MAX_REMEMBERED)
        }
        cookie = signer.dumps(
            {
                "grants": grants,
                "night_grants": nights,
                "csrf_token": "a" * 40,
                "me": "p123456789",
                "big": True,
                "_permanent": True,
            }
        )
    assert len(f"__Host-session={cookie}") < 4096


# --- redirects stay on this site ----------------------------------------------------


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\t/evil.example/",
        "/\n/evil.example/",
        "/\\evil.example/",
        "\\\\evil.example",
        "javascript:alert(1)",
        " /m/x",
    ],
)
def test_every_next_is_a_same_site_path(client, app, target):
    made = _confirmation_match(client)
    bob = _bob(app, made)  # a side's phone, as a cross-site form would find it
    for path in (f"/m/{made['id']}/confirm", "/display"):
        answer = bob.post(path, data={"idem": "n1", "next": target})
        assert answer.status_code == 303
        where = urlsplit(answer.headers["Location"])
        assert where.netloc in ("", "referee.test"), (path, target, where)
        assert not where.path.startswith("//")
        assert "evil" not in answer.headers["Location"]
    good = bob.post("/display", data={"idem": "n2", "next": f"/m/{made['id']}"})
    assert good.headers["Location"].endswith(f"/m/{made['id']}")


def _as_browser_reads(path: str) -> str:
    """What a browser makes of a relative URL: tabs and newlines dropped, \\ as /."""
    return re.sub(r"[\t\n\r]", "", path).replace("\\", "/")


@settings(max_examples=500, deadline=None)
@given(
    st.text(
        alphabet=st.sampled_from(list("/\\\t\n\r :.@?#%evilxm0") + ["\x00", "\x7f"]),
        max_size=24,
    )
)
def test_a_same_site_path_never_names_another_host(value):
    kept = same_site_path(value)
    if kept is None:
        return
    read = _as_browser_reads(kept)
    parts = urlsplit(read)
    assert read.startswith("/"), repr(value)
    assert not read.startswith("//"), repr(value)
    assert not parts.scheme, repr(value)
    assert not parts.netloc, repr(value)


# --- what a phone may keep ----------------------------------------------------------


def test_a_page_showing_a_pin_key_or_claim_code_is_sent_no_store(client, app, api):
    made = api.create("darts-301")
    phone = app.test_client()
    assert phone.get(f"/m/{made['id']}/join/{made['edit_key']}").status_code == 302
    board = phone.get(f"/m/{made['id']}")
    assert board.headers["Cache-Control"] == "private, no-cache"  # kept for offline
    share = phone.get(f"/m/{made['id']}/share")
    assert made["pin"] in share.text
    assert share.headers["Cache-Control"] == "no-store"
    linked = phone.post(
        f"/m/{made['id']}/players",
        data={"idem": "l1", "seat_0": "Ann Newname", "seat_1": ""},
        follow_redirects=True,
    )
    assert "claim code" in linked.text
    assert linked.headers["Cache-Control"] == "no-store"
    again = phone.get(f"/m/{made['id']}")  # the code is not shown twice
    assert "claim code" not in again.text
    assert again.headers["Cache-Control"] == "private, no-cache"


def test_the_service_worker_keeps_no_page_sent_no_store(client):
    worker = client.get("/sw.js").text  # minified: no spaces around "="
    assert 'PAGES="pages-v2"' in worker  # the copies kept in pages-v1 are dropped
    assert "no-store" in worker
    assert "keepable(response)" in worker
    assert "cache.delete(request.url)" in worker
