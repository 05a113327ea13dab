"""CSRF: every cookie-authenticated write route in the url_map needs a CSRF token.

The JSON API blueprints (``api``, ``tournament_api``) are exempt by design: they
authenticate with ``Authorization: Bearer <key>``, which a browser never adds to a
cross-site request, and never with the session cookie. The tests below check that
the exempt list is exactly those blueprints, and that the cookie alone buys nothing
there.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.db import db
from tests.conftest import _config
from tests.web.write_routes import API_BLUEPRINTS
from tests.web.write_routes import WRITE_METHODS
from tests.web.write_routes import World
from tests.web.write_routes import body_for
from tests.web.write_routes import build_world
from tests.web.write_routes import counts
from tests.web.write_routes import is_api
from tests.web.write_routes import method_of
from tests.web.write_routes import url_of
from tests.web.write_routes import write_rules


@pytest.fixture
def csrf_app(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """The app as it runs: CSRF protection on (the shared fixtures turn it off)."""
    app = create_app({**_config(database_url, tmp_path), "WTF_CSRF_ENABLED": True})
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _owner(app: Flask, world: World, rule):
    """A browser that may do what ``rule`` does: the scorer or the organiser."""
    client = app.test_client()
    if "match_id" in rule.arguments:
        lone = world.lone
        assert client.get(f"/m/{lone['id']}/join/{lone['edit_key']}").status_code == 302
    if "tournament_id" in rule.arguments:
        night, key = world.night["id"], world.night["keys"]["organiser"]["key"]
        assert client.get(f"/n/{night}/t/1/join/{key}").status_code == 302
    return client


def _form(rule, world: World) -> dict:
    form = body_for(rule)
    if rule.endpoint in ("pages.join", "matches.join_pin"):
        form["pin"] = world.lone["pin"]
    if rule.endpoint == "tournaments.join":
        form["pin"] = world.night["keys"]["organiser"]["pin"]
    return form


def _token(client) -> str:
    found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get("/").text)
    assert found, "the home page carries a CSRF token"
    return found.group(1)


def test_the_only_csrf_exemptions_are_the_bearer_token_api_blueprints(csrf_app):
    csrf = csrf_app.extensions["csrf"]
    exempt = {getattr(b, "name", b) for b in csrf._exempt_blueprints}
    assert exempt == API_BLUEPRINTS
    assert not csrf._exempt_views
    assert set(csrf_app.config["WTF_CSRF_METHODS"]) == WRITE_METHODS


def test_every_cookie_authenticated_write_route_refuses_a_request_without_a_token(
    csrf_app,
):
    world = build_world(csrf_app.test_client())
    checked = []
    for rule in write_rules(csrf_app):
        if is_api(rule):
            continue
        client = _owner(csrf_app, world, rule)
        url = url_of(rule, world.lone["id"], world.night["id"])
        form = _form(rule, world)
        before = counts(csrf_app)
        response = client.open(url, method=method_of(rule), data=form)
        assert response.status_code == 400, (rule.rule, response.status_code)
        assert "This form has expired" in response.text
        assert counts(csrf_app) == before, rule.rule
        # With the token it passes the CSRF check (it may still be refused on its
        # merits, e.g. 409 for a stale seq, but never as an expired form).
        form = {**_form(rule, world), "csrf_token": _token(client)}
        response = client.open(url, method=method_of(rule), data=form)
        assert response.status_code != 400, (rule.rule, response.text[:300])
        checked.append(rule.endpoint)
    assert len(checked) >= 13  # every page write in the app today


def test_the_exempt_api_takes_no_write_on_the_strength_of_a_session_cookie(csrf_app):
    """A cross-site request carries the cookie but cannot add the bearer header."""
    world = build_world(csrf_app.test_client())
    for rule in write_rules(csrf_app):
        if not is_api(rule) or not (
            {"match_id", "tournament_id"} & set(rule.arguments)
        ):
            continue  # creates and stateless tools touch no one's match
        if rule.endpoint == "api.join":
            continue  # its credential is the PIN in the body (test_pins.py)
        client = _owner(csrf_app, world, rule)
        before = counts(csrf_app)
        response = client.open(
            url_of(rule, world.lone["id"], world.night["id"]),
            method=method_of(rule),
            json=body_for(rule),
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        assert response.status_code == 401, (rule.rule, response.status_code)
        assert counts(csrf_app) == before, rule.rule


def test_a_request_that_read_the_session_before_a_change_cannot_put_it_back(csrf_app):
    """The race of stop 33's CI: the scorer's first dart refused as an expired form.

    The service worker fetched the assets with the cookie the join had just set; the
    match page then put a form token in the session; the assets' answers, written
    back after it, dropped the token again. The cookie is now written only by a
    response that changed the session.
    """
    client = csrf_app.test_client()
    lone = build_world(client).lone
    host = csrf_app.config["SERVER_NAME"]
    assert client.get(f"/m/{lone['id']}/join/{lone['edit_key']}").status_code == 302
    # What the service worker holds:
    joined = client.get_cookie("session", domain=host).value
    page = client.get(f"/m/{lone['id']}")
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.text).group(1)
    assert page.headers.getlist("Set-Cookie"), "the page put its token in the session"
    fresh = client.get_cookie("session", domain=host).value
    assert fresh != joined
    stale = csrf_app.test_client()
    stale.set_cookie("session", joined, domain=host)
    asset = re.search(r'src="(/static/[^"]+\.js)"', page.text).group(1)
    for url in (asset, "/sw.js", "/manifest.webmanifest"):
        response = stale.get(url)
        assert response.status_code == 200, url
        assert not response.headers.getlist("Set-Cookie"), url
    # The browser's cookie is still the page's, and the scorer's next dart goes in.
    seq = re.search(r'name="seq" value="(\d+)"', page.text).group(1)
    dart = client.post(
        f"/m/{lone['id']}/events",
        data={
            **{"csrf_token": token, "idem": uuid.uuid4().hex, "seq": seq},
            **{"type": "dart", "mult": "S", "seg": "19"},
        },
    )
    assert "This form has expired" not in dart.text
    assert dart.status_code in (302, 303), (dart.status_code, dart.text[:300])
