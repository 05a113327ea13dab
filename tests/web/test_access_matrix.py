"""Access matrix (IDOR), built from the url_map: who must not write where.

Every write route that acts on an existing match or night (pages and API) is sent a
valid request by each of: no key at all, another match's key, another table's key,
another night's organiser key, and a viewer (a browser that only watched). Each is
answered 401, 403 or 404, and no row is added anywhere.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import ledger
from referee import tournaments
from referee.tournaments import ORGANISER
from referee.tournaments import Actor
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
        assert {"match_id", "tournament_id"} & set(rule.arguments), (
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
