"""A new game needs its engine, its rulebook and a registry entry, nothing else.

docs/engines.md walks through adding Pig (``tests/games/pig.py``). Here it is
registered the way a real game would be (its book beside the others, its Game in
the registry) and played through the public API and the generic pages: no
template, form, OpenAPI line or web module knows it.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from referee import games
from referee import rulebook
from referee.rulebook import lookup
from referee.rulebook import texts
from referee.web import openapi
from tests.conftest import Api


def _forget() -> None:
    """Drop what was built from the registry and the books (rebuilt on next use)."""
    texts._index.cache_clear()
    lookup._index.cache_clear()
    openapi.document.cache_clear()
    texts.cite.cache_clear()


@pytest.fixture
def pig() -> Iterator[object]:
    toml = Path(__file__).parents[1] / "games" / "pig.toml"
    book = texts.read_book(toml.read_text(encoding="utf-8"))
    rulebook.books()[book.game] = book
    _forget()
    sys.modules.pop("tests.games.pig", None)
    module = importlib.import_module("tests.games.pig")
    games.registry()[module.GAME.id] = module.GAME
    yield module
    del games.registry()[module.GAME.id]
    del rulebook.books()[book.game]
    sys.modules.pop("tests.games.pig", None)
    _forget()


def _send(api: Api, match: str, event: dict, status: int) -> dict:
    answer = api.event(match, event)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def test_a_new_game_is_played_through_the_api_with_its_rules_cited(
    pig: object, client: FlaskClient
) -> None:
    api = Api(client)
    match = api.create("pig", ["Ann", "Bob"], options={"target": 10})["id"]
    rolled = _send(api, match, {"type": "roll", "die": 6}, 201)
    assert rolled["ruling"]["rules"] == ["pig/turn"]
    bad = _send(api, match, {"type": "roll", "die": 7}, 422)
    assert "die" in bad["detail"]
    _send(api, match, {"type": "roll", "die": 5}, 201)
    won = _send(api, match, {"type": "hold"}, 201)
    assert won["ruling"]["verdict"] == "win"
    assert won["state"]["winner"] == "Ann"
    over = _send(api, match, {"type": "roll", "die": 2}, 409)
    assert over["ruling"]["rules"] == ["pig/target"]


def test_an_event_the_board_does_not_offer_is_refused_with_the_order_rule(
    pig: object, client: FlaskClient
) -> None:
    api = Api(client)
    match = api.create("pig", ["Ann", "Bob"])["id"]
    assert api.get(match)["state"]["expects"] == ["roll"]
    refused = _send(api, match, {"type": "hold"}, 409)
    assert refused["ruling"]["rules"] == ["pig/hold"]


def test_an_event_naming_the_player_out_of_turn_is_refused_and_in_turn_taken(
    pig: object, client: FlaskClient
) -> None:
    api = Api(client)
    match = api.create("pig", ["Ann", "Bob"])["id"]
    refused = _send(api, match, {"type": "roll", "die": 3, "player": "Bob"}, 409)
    assert refused["ruling"]["rules"] == ["pig/turn"]
    assert "Bob" in refused["ruling"]["summary"]
    assert "Ann" in refused["ruling"]["summary"]
    assert api.get(match)["seq"] == 0
    _send(api, match, {"type": "roll", "die": 3, "player": 0}, 201)
    _send(api, match, {"type": "hold", "player": "ann"}, 201)
    assert api.get(match)["state"]["turn"] == "Bob"


def test_a_new_games_rules_page_shows_what_the_referee_checks(
    pig: object, client: FlaskClient
) -> None:
    page = client.get("/rules/pig").get_data(as_text=True)
    assert "What the referee checks (2 of 2 rules" in page
    assert "Bob rolls while it is Ann&#39;s turn" in page
    assert "out of turn" in page


def test_a_new_game_has_generic_pages_rules_and_an_openapi_entry(
    pig: object, client: FlaskClient
) -> None:
    created = Api(client).create("pig", ["Ann", "Bob"])
    match = created["id"]
    for path in (f"/m/{match}/watch", "/rules/pig", "/rules/pig/turn", "/new/pig"):
        assert client.get(path).status_code == 200, path
    client.post(f"/m/{match}/join", data={"pin": created["pin"]})
    scorer = client.get(f"/m/{match}")
    assert scorer.status_code == 200
    assert b'name="die"' in scorer.data  # the generic widget of a die field
    spec = client.get("/api/v1/openapi.json").get_json()
    assert "PigRollEvent" in spec["components"]["schemas"]
    hits = rulebook.search("rolled a one", game="pig")
    assert [r.id for r in hits][:1] == ["pig/turn"]
