"""Every documented breach through the public JSON API, on SQLite and PostgreSQL:
refused (409, nothing stored) or recorded with its penalty, citing its rule."""

from __future__ import annotations

import pytest

from referee.games import coverage
from referee.games import registry

GAMES = [g for g, game in registry().items() if game.breaches]


def _send(api, client, game_id, breach):
    """The breach's answer through the API, and what it checked on the way."""
    if breach.tool:
        response = client.post(
            f"/api/v1/tools/{game_id}/{breach.tool}", json=breach.request
        )
        assert response.status_code in (200, 409), response.get_json()
        return response.status_code, response.get_json()
    ex = breach.example
    match = api.create(game_id, list(ex.players), options=dict(ex.options))
    for event in ex.setup:
        done = api.event(match["id"], event)
        assert done.status_code == 201, (breach.title, event, done.get_json())
    before = api.get(match["id"])["seq"]
    response = api.event(match["id"], ex.event)
    after = api.get(match["id"])["seq"]
    if response.status_code == 409:
        assert after == before, f"{breach.title}: a refusal stored an event"
    return response.status_code, response.get_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_breach_through_the_api_cites_its_rule(api, client, game_id):
    failures = []
    for breach in registry()[game_id].breaches:
        status, body = _send(api, client, game_id, breach)
        rules = coverage.cited(body)
        if breach.rule not in rules:
            failures.append(f"{breach.title}: {status}, cites {rules}")
        elif breach.tool:
            continue
        elif breach.recorded and status != 201:
            failures.append(f"{breach.title}: {status}, not recorded")
        elif not breach.recorded and status != 409:
            failures.append(f"{breach.title}: {status}, not refused")
    assert not failures, "\n".join(failures)
