"""The session cookie over HTTP and HTTPS (__Host-, Secure), and trusted proxies."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.db import db
from tests.conftest import _config


def _start(client, **kw):
    response = client.post(
        "/new/darts-301", data={"players": "Ann\nBob", "idem": "start-1"}, **kw
    )
    assert response.status_code == 302, response.text
    return response


def _cookie_parts(response) -> tuple[str, set[str]]:
    (header,) = response.headers.getlist("Set-Cookie")
    first, *attrs = [part.strip() for part in header.split(";")]
    name = first.split("=", 1)[0]
    return name, {
        a.split("=", 1)[0].lower() + ("=" + a.split("=", 1)[1] if "=" in a else "")
        for a in attrs
    }


def test_over_https_the_session_cookie_is_host_prefixed_secure_httponly_lax(client):
    response = _start(client, base_url="https://referee.test")
    name, attrs = _cookie_parts(response)
    assert name == "__Host-session"
    assert {"secure", "httponly", "samesite=Lax", "path=/"} <= attrs
    assert not any(a.startswith("domain") for a in attrs)  # __Host- forbids it
    # The browser sends it back over HTTPS, and the scorer can score.
    page = client.get(response.headers["Location"], base_url="https://referee.test")
    assert 'name="seg"' in page.text


def test_over_plain_http_the_cookie_keeps_its_plain_name_without_secure(client):
    response = _start(client)
    name, attrs = _cookie_parts(response)
    assert name == "session"
    assert "secure" not in attrs
    assert {"httponly", "samesite=Lax", "path=/"} <= attrs
    assert 'name="seg"' in client.get(response.headers["Location"]).text


def test_x_forwarded_proto_is_ignored_unless_proxy_hops_is_set(client):
    response = _start(client, headers={"X-Forwarded-Proto": "https"})
    assert _cookie_parts(response)[0] == "session"


def _closed(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def proxied(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    app = create_app({**_config(database_url, tmp_path), "PROXY_HOPS": 1})
    yield app
    _closed(app)


def test_behind_one_trusted_proxy_https_at_the_proxy_makes_the_cookie_secure(proxied):
    client = proxied.test_client()
    response = _start(
        client, headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    )
    name, attrs = _cookie_parts(response)
    assert name == "__Host-session"
    assert "secure" in attrs


def test_the_old_secure_setting_still_forces_the_secure_cookie(
    database_url: str, tmp_path: Path
):
    app = create_app({**_config(database_url, tmp_path), "SESSION_COOKIE_SECURE": True})
    name, attrs = _cookie_parts(_start(app.test_client()))
    _closed(app)
    assert name == "__Host-session"
    assert "secure" in attrs


def test_behind_a_trusted_proxy_one_players_wrong_pins_lock_no_other_player_out(
    proxied,
):
    """Wrong PINs are counted per PIN, not per address: a guesser behind the venue's
    proxy does not stop another player there from joining with the right PIN."""
    made = proxied.test_client().post(
        "/api/v1/matches", json={"game": "darts-301", "players": ["Ann", "Bob"]}
    )
    match = made.get_json()
    client = proxied.test_client()

    def headers(address: str) -> dict[str, str]:
        return {"X-Forwarded-For": address, "X-Forwarded-Proto": "https"}

    wrong = "000000" if match["pin"] != "000000" else "111111"
    for _ in range(11):
        client.post("/join", data={"pin": wrong}, headers=headers("203.0.113.7"))
    other = proxied.test_client()
    joined = other.post(
        f"/m/{match['id']}/join",
        data={"pin": match["pin"]},
        headers=headers("203.0.113.7"),
    )
    assert joined.status_code == 303
