"""Edit keys and PINs at rest: keyed hashes and a sealed copy, never the plain values.

A copy of the database must not give write access: nothing stored works as a key or
a PIN, and without the server's SECRET_KEY nothing stored can be opened or checked.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import pytest
from flask_migrate import downgrade
from flask_migrate import upgrade
from sqlalchemy import text

from referee import create_app
from referee import keys
from referee import ledger
from referee import tournaments
from referee.db import MIGRATIONS
from referee.db import db
from referee.models import Match
from referee.models import Tournament
from tests.conftest import _config
from tests.serve import database

EIGHT = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def _night(client) -> dict[str, Any]:
    response = client.post(
        "/api/v1/tournaments", json={"kind": "bunko-night", "players": EIGHT}
    )
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _secrets_of(night: dict[str, Any], *matches: dict[str, Any]) -> set[str]:
    found = {night["keys"]["organiser"]["key"], night["keys"]["organiser"]["pin"]}
    for table in night["keys"]["tables"]:
        found |= {table["key"], table["pin"]}
    for match in matches:
        found |= {match["edit_key"], match["pin"]}
    return found


def _stored_cells(app) -> list[str]:
    """Every cell of every match and tournament row, as text."""
    with app.app_context():
        cells = []
        for table in ("match", "tournament"):
            for row in db.session.execute(text(f'SELECT * FROM "{table}"')):
                cells += [str(value) for value in row]
        return cells


def test_stored_rows_never_hold_a_plain_key_or_pin(client, app, api):
    match = api.create("darts-301")
    page = client.post("/new/darts-301", data={"players": "Ann\nBob", "idem": "p1"})
    assert page.status_code == 302
    night = _night(client)
    plain = _secrets_of(night, match)
    with app.app_context():
        page_match = ledger.get(page.headers["Location"].rsplit("/", 1)[-1])
        creds = ledger.credentials(page_match)
        plain |= {creds.key, creds.pin}
        assert Match.query.count() == 2 + 2  # two lone matches, two table matches
    secret_cells = []
    with app.app_context():
        for m in db.session.execute(db.select(Match)).scalars():
            secret_cells += [m.edit_key, m.pin, m.sealed or ""]
        for t in db.session.execute(db.select(Tournament)).scalars():
            secret_cells += [t.edit_key, t.pin, t.sealed or "", str(t.table_keys)]
    for value in plain:
        assert all(value not in cell for cell in secret_cells), value
        if len(value) > 6:  # a key: nowhere at all (a PIN's digits may occur by luck)
            assert all(value not in cell for cell in _stored_cells(app)), value


def test_the_stored_values_do_not_work_as_keys_or_pins(client, app, api):
    match = api.create("darts-301")
    night = _night(client)
    with app.app_context():
        row = ledger.get(match["id"])
        stored_key, stored_pin, sealed = row.edit_key, row.pin, row.sealed
        t = tournaments.get(night["id"])
        stored_table = t.table_keys[0]
    for token in (stored_key, stored_pin, sealed):
        reply = client.post(
            f"/api/v1/matches/{match['id']}/events",
            json={"event": {"type": "dart", "dart": "T20"}},
            headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "k"},
        )
        assert reply.status_code == 403
        assert client.get(f"/m/{match['id']}/join/{token}").status_code == 403
    assert client.post("/join", data={"pin": stored_pin}).status_code == 422
    for token in (t.edit_key, stored_table["key"], stored_table["sealed"]):
        reply = client.post(
            f"/api/v1/tournaments/{night['id']}/end",
            headers={"Authorization": f"Bearer {token}", "Idempotency-Key": "k"},
        )
        assert reply.status_code == 403
    with app.app_context():
        assert ledger.get(match["id"]).version == 0
        assert tournaments.get(night["id"]).status == "live"
    # The plain ones do work.
    assert api.event(match["id"], {"type": "dart", "dart": "T20"}).status_code == 201


def test_without_the_servers_secret_nothing_stored_can_be_opened_or_checked(
    client, app, api, database_url: str, tmp_path: Path
):
    match = api.create("darts-301")
    night = _night(client)
    thief = create_app({**_config(database_url, tmp_path), "SECRET_KEY": "x" * 40})
    with thief.app_context():
        row = ledger.get(match["id"])
        assert not ledger.check_key(row, match["edit_key"])
        assert ledger.by_pin(match["pin"]) is None
        with pytest.raises(keys.Unreadable):
            ledger.credentials(row)
        t = tournaments.get(night["id"])
        assert tournaments.actor_for(t, night["keys"]["organiser"]["key"]) is None
        with pytest.raises(keys.Unreadable):
            tournaments.organiser_credentials(t)
        db.session.remove()
        db.engine.dispose()
    with app.app_context():  # the real server still can
        assert ledger.credentials(ledger.get(match["id"])).key == match["edit_key"]


def test_a_sealed_copy_opens_only_for_its_own_row(app):
    with app.app_context():
        creds = keys.Credentials(keys.new_key(), keys.new_pin())
        sealed = keys.seal("match:aaa", creds)
        assert keys.unseal("match:aaa", sealed) == creds
        with pytest.raises(keys.Unreadable):
            keys.unseal("match:bbb", sealed)
        with pytest.raises(keys.Unreadable):
            keys.unseal("match:aaa", sealed[:-4] + "AAAA")
        assert keys.seal("match:aaa", creds) != sealed  # a fresh nonce each time


def test_keys_and_pins_are_hashed_with_hmac_under_the_secret_not_plain_sha256(app):
    import hashlib

    with app.app_context():
        assert keys.hash_key("abc") != hashlib.sha256(b"abc").hexdigest()
        assert keys.hash_key("123456") != keys.hash_pin("123456")  # own domains
        assert len(keys.hash_pin("123456")) == keys.HASH_LENGTH


def test_the_pin_join_and_its_rate_limit_still_work_on_hashed_pins(client, app, api):
    match = api.create("darts-301")
    wrong = "000000" if match["pin"] != "000000" else "111111"
    guesser = app.test_client()
    for _ in range(10):
        assert guesser.post("/join", data={"pin": wrong}).status_code == 422
    assert guesser.post("/join", data={"pin": match["pin"]}).status_code == 429
    phone = app.test_client()
    joined = phone.post(f"/m/{match['id']}/join", data={"pin": match["pin"]})
    assert joined.status_code == 303
    page = phone.get(f"/m/{match['id']}").text
    # The second scorer is shown the PIN and the QR join link, as the first one is.
    assert match["pin"] in phone.get(f"/m/{match['id']}/share").text
    svg = phone.get(f"/m/{match['id']}/qr.svg")
    assert svg.status_code == 200
    assert 'name="seg"' in page


def test_a_retried_create_hands_back_the_same_key_and_pin(client):
    body = {"game": "darts-301", "players": ["Ann", "Bob"]}
    first = client.post("/api/v1/matches", json=body, headers={"Idempotency-Key": "c1"})
    again = client.post("/api/v1/matches", json=body, headers={"Idempotency-Key": "c1"})
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    for field in ("id", "edit_key", "pin"):
        assert first.get_json()[field] == again.get_json()[field]


def test_a_double_tapped_start_still_lets_the_second_tap_score(app):
    phone = app.test_client()
    form = {"players": "Ann\nBob", "idem": "tap-tap"}
    first = phone.post("/new/darts-301", data=form)
    lost = app.test_client()  # the first answer never reached the browser
    again = lost.post("/new/darts-301", data=form)
    assert first.headers["Location"] == again.headers["Location"]
    assert 'name="seg"' in lost.get(again.headers["Location"]).text


def test_the_organiser_page_shows_every_tables_pin_and_scorer_link(app):
    organiser = app.test_client()
    made = organiser.post("/n/new", data={"players": "\n".join(EIGHT), "idem": "n1"})
    assert made.status_code == 302
    tid = made.headers["Location"].split("/")[2]
    page = organiser.get(f"/n/{tid}/admin").text
    with app.app_context():
        night = tournaments.get(tid)
        tables = [tournaments.table_key(night, n) for n in (1, 2)]
        organiser_pin = tournaments.organiser_credentials(night).pin
    for table in tables:
        assert table["pin"] in page
        assert f"/join/{table['key']}" in page
    assert organiser_pin in page
    assert organiser.get(f"/n/{tid}/t/1/qr.svg").status_code == 200
    # A second phone joins as a table by PIN and scores that table's match.
    phone = app.test_client()
    joined = phone.post(f"/n/{tid}/join", data={"pin": tables[1]["pin"]})
    assert joined.headers["Location"].endswith(f"/n/{tid}/t/2")
    with app.app_context():
        match_id = tournaments.view(tournaments.get(tid))["tables"][1]["match"]
    phone.get(f"/n/{tid}/t/2")
    assert "bk-die" in phone.get(f"/m/{match_id}").text


def test_the_migration_hashes_existing_plain_keys_and_pins_and_goes_back(
    backend: str, tmp_path: Path
):
    with database(backend, tmp_path, os.environ.get("TEST_DATABASE_URL", "")) as url:
        app = create_app(_config(url, tmp_path))
        client = app.test_client()
        match = client.post(
            "/api/v1/matches", json={"game": "darts-301", "players": ["Ann", "Bob"]}
        ).get_json()
        night = _night(client)
        # An event in the log, so the rebuilt match table has rows pointing at it.
        first = client.post(
            f"/api/v1/matches/{match['id']}/events",
            json={"event": {"type": "dart", "dart": "T20"}},
            headers={
                "Authorization": f"Bearer {match['edit_key']}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        assert first.status_code == 201
        with app.app_context():
            db.session.remove()
            downgrade(directory=str(MIGRATIONS), revision="0004")
            row = db.session.execute(
                text('SELECT edit_key, pin FROM "match" WHERE id = :id'),
                {"id": match["id"]},
            ).one()
            assert tuple(row) == (match["edit_key"], match["pin"])
            db.session.remove()
            upgrade(directory=str(MIGRATIONS))
            db.session.remove()
            if db.engine.dialect.name == "sqlite":
                assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1
                assert db.session.execute(text("PRAGMA foreign_key_check")).all() == []
            assert ledger.get(match["id"]).version == 1
            db.session.remove()
        plain = _secrets_of(night, match)
        for cell in _stored_cells(app):
            assert not any(len(v) > 6 and v in cell for v in plain)
        # The old key, PIN, organiser key and table PIN all still work.
        reply = client.post(
            f"/api/v1/matches/{match['id']}/events",
            json={"event": {"type": "dart", "dart": "T20"}},
            headers={
                "Authorization": f"Bearer {match['edit_key']}",
                "Idempotency-Key": uuid.uuid4().hex,
            },
        )
        assert reply.status_code == 201
        assert (
            app.test_client().post("/join", data={"pin": match["pin"]}).status_code
            == 302
        )
        table = night["keys"]["tables"][1]
        joined = app.test_client().post(
            f"/n/{night['id']}/join", data={"pin": table["pin"]}
        )
        assert joined.headers["Location"].endswith(f"/n/{night['id']}/t/2")
        one = client.get(
            f"/api/v1/tournaments/{night['id']}",
            headers={"Authorization": f"Bearer {night['keys']['organiser']['key']}"},
        ).get_json()
        assert one["keys"] == night["keys"]
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
