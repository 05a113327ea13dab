"""The order of checks on every API write: who you are (401, 403, 404) before what
you sent (400 for the Idempotency-Key, 422 for the body)."""

from __future__ import annotations

from tests.web.write_routes import API_BODIES
from tests.web.write_routes import body_for
from tests.web.write_routes import build_world
from tests.web.write_routes import is_api
from tests.web.write_routes import method_of
from tests.web.write_routes import url_of
from tests.web.write_routes import write_rules

# Writes anyone may send (no key to check first), and the PIN join, whose credential
# is the PIN in its body.
OPEN = {
    "api.create_match",
    "api.tool",
    "tournament_api.create",
    "league_api.create",
    "api.join",
}


def _api_writes(app):
    return [r for r in write_rules(app) if is_api(r) and r.endpoint not in OPEN]


def test_a_wrong_key_without_an_idempotency_key_is_403_not_400(client, app):
    world = build_world(client)
    # A league's routes need a league: a tournament's id there is rightly a 404.
    league = client.post("/api/v1/leagues", json=API_BODIES["league_api.create"])
    assert league.status_code == 201, league.get_json()
    answers = {}
    for rule in _api_writes(app):
        target = world.night["id"]
        if "league_id" in rule.arguments:
            target = league.get_json()["id"]
        url = url_of(rule, world.lone["id"], target)
        for headers, expected in (
            ({}, 401),
            ({"Authorization": "Bearer not-a-key-of-anything"}, 403),
            ({"Authorization": f"Bearer {world.other['edit_key']}"}, 403),
        ):
            response = client.open(
                url, method=method_of(rule), json=body_for(rule), headers=headers
            )
            answers[(rule.endpoint, expected)] = response.status_code
            assert response.mimetype == "application/problem+json", rule.rule
    wrong = {k: v for k, v in answers.items() if k[1] != v}
    assert not wrong, wrong


def test_the_right_key_without_an_idempotency_key_is_400(client, app):
    world = build_world(client)
    headers = {"Authorization": f"Bearer {world.lone['edit_key']}"}
    response = client.post(
        f"/api/v1/matches/{world.lone['id']}/events",
        json={"event": {"type": "dart", "dart": "T20"}},
        headers=headers,
    )
    assert response.status_code == 400
    assert response.get_json()["type"] == "/api/v1/problems/idempotency-key"
