"""The OpenAPI document matches what the server really accepts and answers."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from referee import games


@pytest.fixture
def spec(client) -> dict[str, Any]:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.get_json()


def check(spec: dict[str, Any], schema: str, instance: Any) -> None:
    root = {"$ref": f"#/components/schemas/{schema}", "components": spec["components"]}
    errors = sorted(Draft202012Validator(root).iter_errors(instance), key=str)
    assert not errors, f"{schema}: {errors[0].message} at {list(errors[0].path)}"


def test_the_document_is_openapi_3_1_and_its_schemas_are_valid(spec):
    assert spec["openapi"] == "3.1.0"
    for name, schema in spec["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema), name
    assert "/api/v1/matches/{id}/events" in spec["paths"]


def test_the_document_is_built_once_per_process_and_served_as_built(client):
    from referee.web.openapi import document
    from referee.web.openapi import spec as build

    first = client.get("/api/v1/openapi.json")
    hits = document.cache_info().hits
    again = client.get("/api/v1/openapi.json")
    assert document.cache_info().hits == hits + 1
    assert again.get_data() == first.get_data()
    assert again.mimetype == "application/json"
    assert again.get_json() == build()  # what the code builds now, not a stale copy


def test_every_event_kind_of_every_game_has_a_documented_example(spec):
    examples = spec["paths"]["/api/v1/matches/{id}/events"]["post"]["requestBody"][
        "content"
    ]["application/json"]["examples"]
    documented = {(e["x-game"], e["value"]["event"]["type"]) for e in examples.values()}
    expected = {(g.id, k.type) for g in games.registry().values() for k in g.events}
    assert documented == expected


def test_every_documented_event_example_is_accepted_by_the_live_app(spec, api):
    post = spec["paths"]["/api/v1/matches/{id}/events"]["post"]
    examples = post["requestBody"]["content"]["application/json"]["examples"]
    answers = post["responses"]["201"]["content"]["application/json"]["examples"]
    assert set(answers) == set(examples)
    for name, example in examples.items():
        check(spec, "EventRequest", example["value"])
        match = api.create(
            example["x-game"], example["x-players"], options=example["x-options"]
        )
        check(spec, "CreatedMatch", match)
        for event in example["x-setup"]:
            response = api.event(match["id"], event)
            assert response.status_code == 201, (name, event, response.get_json())
        response = api.event(match["id"], example["value"]["event"])
        assert response.status_code == 201, (name, response.get_json())
        check(spec, "Recorded", response.get_json())
        assert response.get_json() == answers[name]["value"], name


def test_every_documented_new_match_and_tool_example_works(spec, client):
    create = spec["paths"]["/api/v1/matches"]["post"]["requestBody"]["content"][
        "application/json"
    ]
    for example in create["examples"].values():
        check(spec, "NewMatch", example["value"])
        response = client.post("/api/v1/matches", json=example["value"])
        assert response.status_code == 201
        check(spec, "CreatedMatch", response.get_json())


def test_every_tool_has_a_path_whose_example_answer_validates_against_its_result(
    spec, client
):
    tools = [(g, t) for g in games.registry().values() for t in g.tools]
    assert tools
    for game, tool in tools:
        post = spec["paths"][f"/api/v1/tools/{game.id}/{tool.name}"]["post"]
        body = post["requestBody"]["content"]["application/json"]
        request_schema = body["schema"]["$ref"].rsplit("/", 1)[1]
        answer_schema = post["responses"]["200"]["content"]["application/json"][
            "schema"
        ]["$ref"].rsplit("/", 1)[1]
        fields = {f.name for f in tool.fields}
        assert set(spec["components"]["schemas"][request_schema]["properties"]) == (
            fields
        )
        check(spec, request_schema, body["example"])
        response = client.post(
            f"/api/v1/tools/{game.id}/{tool.name}", json=body["example"]
        )
        assert response.status_code == 200, response.get_json()
        check(spec, answer_schema, response.get_json())
        assert tool.result.get("properties"), f"{game.id}/{tool.name} has no result"
        Draft202012Validator(tool.result).validate(response.get_json())


def test_a_tool_refuses_an_unknown_field_with_a_422_naming_it(client):
    for body in ({"remaining": 40, "type": "x"}, {"remaining": 40, "score": 1}):
        response = client.post("/api/v1/tools/darts-301/checkout", json=body)
        assert response.status_code == 422
        name = next(k for k in body if k != "remaining")
        assert name in response.get_json()["errors"]
        assert "Example" in response.get_json()["errors"][name]


def test_a_tool_refuses_text_where_its_schema_says_number_or_list(client):
    checkout = client.post("/api/v1/tools/darts-301/checkout", json={"remaining": "40"})
    shot = client.post("/api/v1/tools/billiards/shot", json={"pocketed": "3 5"})
    assert checkout.status_code == shot.status_code == 422
    assert "remaining" in checkout.get_json()["errors"]
    assert "pocketed" in shot.get_json()["errors"]


def test_a_tool_reads_words_in_any_case_as_the_notation_says(client):
    for trump in ("S", "s", "Spades"):
        meld = client.post(
            "/api/v1/tools/pinochle/meld",
            json={"trump": trump, "cards": ["AS", "10S", "KS", "QS", "JS"]},
        )
        assert meld.status_code == 200, meld.get_json()
        assert "spades trump" in meld.get_json()["summary"]


def test_a_tool_says_what_is_wrong_and_shows_a_request_that_works(client):
    short = client.post(
        "/api/v1/tools/bowling-solitaire/plays", json={"pins": ["1"] * 9}
    )
    assert "'pins' holds 10 items; 9 given" in short.get_json()["errors"]["pins"]
    missing = client.post("/api/v1/tools/pinochle/legal", json={"trump": "h"})
    assert "Example: {" in missing.get_json()["errors"]["hand"]
    darts = client.post(
        "/api/v1/tools/darts-301/checkout", json={"remaining": 50, "darts": 4}
    )
    assert "Example: {" in darts.get_json()["errors"]["darts"]


def test_a_405_names_the_allowed_methods_in_allow(client):
    response = client.delete("/api/v1/matches")
    assert response.status_code == 405
    assert response.mimetype == "application/problem+json"
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"POST"}


def test_a_rule_search_in_an_unknown_game_is_a_documented_404(spec, client):
    response = client.get("/api/v1/rules?q=bust&game=chess")
    assert response.status_code == 404
    assert "404" in spec["paths"]["/api/v1/rules"]["get"]["responses"]


def test_a_new_match_schema_requires_players_and_bounds_names_per_game(spec):
    root = {"$ref": "#/components/schemas/NewMatch", "components": spec["components"]}
    validator = Draft202012Validator(root)
    for game in games.registry().values():
        seated = [f"P{i}" for i in range(game.min_players)]
        assert validator.is_valid({"game": game.id, "players": seated}), game.id
        assert not validator.is_valid({"game": game.id})
        too_long = ["x" * 41, *seated[1:]]
        assert not validator.is_valid({"game": game.id, "players": too_long})


def test_reads_and_problems_match_their_schemas(spec, api, client):
    match = api.create("darts-301")
    api.event(match["id"], {"type": "dart", "dart": "T20"})
    api.undo(match["id"])
    check(spec, "Match", client.get(f"/api/v1/matches/{match['id']}").get_json())
    check(
        spec, "EventLog", client.get(f"/api/v1/matches/{match['id']}/events").get_json()
    )
    check(spec, "GameList", client.get("/api/v1/games").get_json())
    check(spec, "Rulebook", client.get("/api/v1/games/darts-301/rules").get_json())
    check(spec, "RuleSearch", client.get("/api/v1/rules?q=bust").get_json())
    bad = api.event(match["id"], {"type": "dart", "dart": "T21"})
    refused = api.undo(match["id"], target=99)
    stale = api.event(match["id"], {"type": "dart", "dart": "S1"}, expected_seq=0)
    missing = client.get("/api/v1/matches/none")
    for response, status in ((bad, 422), (refused, 409), (stale, 409), (missing, 404)):
        assert response.status_code == status
        assert response.mimetype == "application/problem+json"
        check(spec, "Problem", response.get_json())
