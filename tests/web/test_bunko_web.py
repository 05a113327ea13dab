"""Bunko through the JSON API and the pages: who acted, and the tables calculator."""

from __future__ import annotations

from typing import Any

START = [
    {"type": "first_roll", "player": "Ann", "die": 6},
    {"type": "first_roll", "player": "Bob", "die": 2},
    {"type": "first_roll", "player": "Cy", "die": 3},
    {"type": "first_roll", "player": "Dee", "die": 1},
]
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def _table(api: Any, **options: Any) -> str:
    match = api.create("bunko", PLAYERS, options=options)["id"]
    for event in START:
        assert api.event(match, event).status_code == 201
    return match


def test_a_roll_naming_nobody_is_the_dice_holders_and_naming_another_is_refused(api):
    match = _table(api)
    refused = api.event(match, {"type": "roll", "player": "Bob", "dice": "6 6 1"})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["bunko/turn"]
    assert api.get(match)["seq"] == 4
    taken = api.event(match, {"type": "roll", "dice": "6 6 1"})
    assert taken.status_code == 201
    assert taken.get_json()["ruling"]["score"] == {"Ann & Cy": 2}


def test_two_dice_are_refused_citing_the_three_dice_rule(api):
    match = _table(api)
    refused = api.event(match, {"type": "roll", "dice": [6, 6]})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["bunko/three-dice"]
    assert api.event(match, {"type": "roll", "dice": [6, 6, 7]}).status_code == 422


def test_stop_naming_a_player_is_refused(api):
    match = _table(api, head_table=False)
    refused = api.event(match, {"type": "stop", "player": "Dee"})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["bunko/stop"]
    assert api.event(match, {"type": "stop"}).status_code == 201


def test_the_tables_calculator_answers_and_cites_the_night_rules(client):
    ok = client.post("/api/v1/tools/bunko/tables", json={"players": 12})
    assert ok.status_code == 200
    assert ok.get_json()["tables"] == 3
    short = client.post("/api/v1/tools/bunko/tables", json={"players": 9})
    assert short.status_code == 200
    body = short.get_json()
    assert (body["possible"], body["more_needed"]) == (False, 3)
    assert body["rules"] == ["bunko/night-players", "bunko/night-tables"]
    bad = client.post("/api/v1/tools/bunko/tables", json={"players": 0})
    assert bad.status_code == 422


def test_the_tables_calculator_has_a_page(client):
    page = client.get("/tools/bunko/tables?players=10")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "cannot play a bunko night" in text
    assert "2 more make 12" in text
    assert "Bunko night tables" in client.get("/tools/").get_data(as_text=True)
