"""Access matrix, built from the url_map: who may write where, and who must not.

First, IDOR: every write route that acts on an existing match or night (pages and
API) is sent a valid request by each of: no key at all, another match's key, another
table's key, another night's organiser key, and a viewer (a browser that only
watched). Each is answered 401, 403 or 404, and no row is added anywhere.

Then the credential matrix: each kind of credential (edit key, side key, table key,
organiser key, game PIN, table PIN, claim code, none) opens exactly what
docs/security.md says and nothing else. Its tables are the expected matrix (read by
tests/web/credentials.py). Every write route and every page that shows a secret must
be in a group there (or open by design); each is sent by every kind of credential to
every target, through the pages and through the API, on SQLite and PostgreSQL. A cell
that does not list the route's group must be refused (401, 403 or 404) with nothing
written; a cell that lists it must get past the credential check (the rules may
still say 409 or 422, never a 5xx). A last walk fetches every GET route as a phone
holding every credential: any answer that shows a key, PIN, claim code or join token
must be in the matrix and sent ``no-store``.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule

from referee import ledger
from referee import tournaments
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
from tests.web import credentials as matrix
from tests.web.write_routes import WRITE_METHODS
from tests.web.write_routes import World
from tests.web.write_routes import body_for
from tests.web.write_routes import build_world
from tests.web.write_routes import counts
from tests.web.write_routes import is_api
from tests.web.write_routes import method_of
from tests.web.write_routes import url_of
from tests.web.write_routes import write_rules

# Writes that need no key by design: creating something new, and stateless tools.
OPEN = {
    "pages.new_match",
    "api.create_match",
    "tournaments.new",
    "tournaments.new_event",
    "tournament_api.create",
    "league_api.create",
    "api.tool",
    "players.display",  # big type: this browser's own session only
}
# Writes whose credential is the PIN in the body (wrong PINs: 422, rate-limited; see
# test_pages.py and test_bunko_night.py).
PIN_JOINS = {
    "pages.join",
    "matches.join_pin",
    "api.join",
    "tournaments.join",
    "players.claim",
}
REFUSED = {401, 403, 404}


@dataclass
class Persona:
    name: str
    client: FlaskClient
    bearer: str | None = None


def _personas(app: Flask, world: World) -> list[Persona]:
    def fresh() -> FlaskClient:
        return app.test_client()

    viewer = fresh()
    for path in (
        f"/m/{world.lone['id']}",
        f"/m/{world.lone['id']}/watch",
        f"/m/{world.table_match}",
        f"/n/{world.night['id']}",
        f"/n/{world.night['id']}/tv",
        f"/n/{world.night['id']}/t/1",
    ):
        assert viewer.get(path).status_code == 200, path

    other_match = fresh()
    other = world.other
    assert (
        other_match.get(f"/m/{other['id']}/join/{other['edit_key']}").status_code == 302
    )

    other_table = fresh()
    table_two = world.table_key(2)
    joined = other_table.get(
        f"/n/{world.night['id']}/t/2/join/{table_two}", follow_redirects=True
    )
    assert joined.status_code == 200  # and now also holds table 2's match key

    other_night = fresh()
    night_b, key_b = (
        world.other_night["id"],
        world.other_night["keys"]["organiser"]["key"],
    )
    assert other_night.get(f"/n/{night_b}/t/1/join/{key_b}").status_code == 302

    return [
        Persona("no key", fresh()),
        Persona("viewer", viewer),
        Persona("another match's key", other_match, other["edit_key"]),
        Persona("another table's key", other_table, table_two),
        Persona("another night's organiser key", other_night, key_b),
    ]


def _targets(rule, world: World) -> list[tuple[str | None, str | None]]:
    if "match_id" in rule.arguments:
        return [(world.lone["id"], None), (world.table_match, None)]
    return [(None, world.night["id"])]


def test_every_write_route_is_in_the_matrix_or_open_by_design(app):
    endpoints = {rule.endpoint for rule in write_rules(app)}
    assert endpoints >= OPEN | PIN_JOINS  # nothing stale named here
    for rule in write_rules(app):
        if rule.endpoint in OPEN | PIN_JOINS:
            continue
        assert {"match_id", "tournament_id", "league_id"} & set(rule.arguments), (
            f"{rule.rule} writes without naming a match or night: add it to OPEN "
            "if anyone may call it, or give the matrix a target for it"
        )


def test_the_personas_hold_real_keys_of_their_own(client, app):
    world = build_world(client)
    other = world.other
    reply = client.post(
        f"/api/v1/matches/{other['id']}/events",
        json={"event": {"type": "dart", "dart": "T20"}},
        headers={
            "Authorization": f"Bearer {other['edit_key']}",
            "Idempotency-Key": uuid.uuid4().hex,
        },
    )
    assert reply.status_code == 201
    with app.app_context():
        night = tournaments.get(world.night["id"])
        assert tournaments.actor_for(night, world.table_key(2)) == Actor("table", 2)
        night_b = tournaments.get(world.other_night["id"])
        key_b = world.other_night["keys"]["organiser"]["key"]
        assert tournaments.actor_for(night_b, key_b) == ORGANISER
        assert not ledger.check_key(ledger.get(world.table_match), world.table_key(2))


@pytest.mark.parametrize("surface", ["pages", "api"])
def test_no_foreign_key_or_viewer_can_write_anywhere(client, app, surface):
    world = build_world(client)
    personas = _personas(app, world)
    cases = 0
    for rule in write_rules(app):
        if rule.endpoint in OPEN | PIN_JOINS or is_api(rule) != (surface == "api"):
            continue
        for match_id, tournament_id in _targets(rule, world):
            url = url_of(rule, match_id, tournament_id)
            for persona in personas:
                before = counts(app)
                if is_api(rule):
                    headers = {"Idempotency-Key": uuid.uuid4().hex}
                    if persona.bearer:
                        headers["Authorization"] = f"Bearer {persona.bearer}"
                    response = persona.client.open(
                        url,
                        method=method_of(rule),
                        json=body_for(rule),
                        headers=headers,
                    )
                else:
                    response = persona.client.open(
                        url, method=method_of(rule), data=body_for(rule)
                    )
                where = f"{persona.name} -> {method_of(rule)} {url}"
                assert response.status_code in REFUSED, (where, response.status_code)
                assert counts(app) == before, where
                cases += 1
    # Today: 3 match routes on two matches and 6 night routes per surface, five
    # personas each; more when routes are added, never fewer.
    assert cases >= 5 * (3 * 2 + 6)


# --- the credential matrix (docs/security.md) ----------------------------------------


def test_every_write_route_and_secret_page_is_in_the_matrix(app):
    grouped = matrix.groups()
    endpoints = {r.endpoint for r in app.url_map.iter_rules()}
    assert set(grouped) <= endpoints, set(grouped) - endpoints  # nothing stale
    for rule in app.url_map.iter_rules():
        if rule.methods & WRITE_METHODS and rule.endpoint not in OPEN | PIN_JOINS:
            assert rule.endpoint in grouped, (
                f"{rule.rule} ({rule.endpoint}) writes: put it in a group in "
                "docs/security.md"
            )
    assert set(matrix.GROUP_TARGETS) == set(grouped.values())
    cells = matrix.expected()
    assert {c for c, _, _ in cells} == set(matrix.CREDENTIALS)
    for (credential, target, _), opened in cells.items():
        assert opened <= set(matrix.GROUP_TARGETS), (credential, opened)
        for group in opened:
            assert target in matrix.GROUP_TARGETS[group], (credential, target, group)


@pytest.mark.parametrize("surface", ["pages", "API"])
@pytest.mark.parametrize("credential", matrix.CREDENTIALS)
def test_each_credential_opens_what_the_docs_say_and_nothing_else(
    app, credential, surface
):
    world = matrix.build(app)
    who = matrix.persona(app, world, credential)
    grouped, cells = matrix.groups(), matrix.expected()
    wrong = []
    tried = 0
    for rule in matrix.matrix_rules(app):
        if is_api(rule) != (surface == "API"):
            continue
        group = grouped[rule.endpoint]
        for target in matrix.GROUP_TARGETS[group]:
            opens = group in cells.get((credential, target, surface), set())
            before = counts(app)
            response = matrix.send(who, rule, target, world)
            status = response.status_code
            where = f"{credential} -> {rule.endpoint} on {target}: {status}"
            assert status < 500, where
            if opens and status in matrix.REFUSED:
                wrong.append(f"refused but the docs say it opens: {where}")
            if not opens and (status not in matrix.REFUSED or counts(app) != before):
                wrong.append(f"let through but the docs say it is closed: {where}")
            tried += 1
    assert not wrong, "\n".join(wrong)
    assert tried >= (20 if surface == "pages" else 15)


def _holds_everything(app: Flask, world: matrix.World) -> FlaskClient:
    """One phone with every credential of the world: it sees every secret page."""
    phone = app.test_client()
    made = world.made
    for m in (made["match"], made["sides"]):
        assert phone.get(f"/m/{m['id']}/join/{m['edit_key']}").status_code == 302
    for t in (made["night"], made["league"]):
        key = t["keys"]["organiser"]["key"]
        assert phone.get(f"/n/{t['id']}/t/1/join/{key}").status_code == 302
    return phone


def _get_rules(app: Flask) -> Iterator[Rule]:
    for rule in app.url_map.iter_rules():
        if (
            "GET" not in rule.methods
            or rule.endpoint in matrix.JOINS
            or rule.endpoint == "static"
        ):
            continue
        if rule.endpoint.startswith("live.") or rule.endpoint == "players.show":
            continue  # streams; a profile is reached below with its real id
        yield rule


def test_every_page_that_shows_a_secret_is_in_the_matrix_and_kept_nowhere(app):
    world = matrix.build(app)
    phone = _holds_everything(app, world)
    grouped = matrix.groups()
    secrets = world.secrets
    pattern = re.compile(
        "|".join(rf"(?<![\w-]){re.escape(v)}(?![\w-])" for v in secrets.values())
    )
    pages = 0
    showing = set()
    for rule in _get_rules(app):
        targets = [None]
        if "match_id" in rule.arguments:
            targets = [world.ids[t] for t in matrix.GROUP_TARGETS["enter"]]
        elif "tournament_id" in rule.arguments:
            targets = [world.ids["the night"], world.ids["the league"]]
        for target in targets:
            is_match = "match_id" in rule.arguments
            try:
                url = url_of(
                    rule, target if is_match else None, None if is_match else target
                )
            except LookupError:
                continue
            response = phone.get(url)
            pages += 1
            found = pattern.findall(response.get_data(as_text=True))
            if not found:
                continue
            showing.add(rule.endpoint)
            named = [k for k, v in secrets.items() if v in found]
            assert rule.endpoint in grouped, f"{url} shows {named}: not in the matrix"
            assert response.headers.get("Cache-Control") == "no-store", (
                f"{url} shows {named} but may be kept: "
                f"{response.headers.get('Cache-Control')}"
            )
    assert pages > 40
    # The pages that show secrets today; the walk finds any new one by itself.
    assert showing >= {"matches.share", "tournaments.admin"}
