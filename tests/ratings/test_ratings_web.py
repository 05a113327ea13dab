"""The ratings on the profile page (an SVG chart, no script) and in the API, as the
OpenAPI document describes them."""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from tests.ratings.test_ratings_stored import ROUNDS_2
from tests.ratings.test_ratings_stored import darts
from tests.ratings.test_ratings_stored import player_id


def check(spec: dict[str, Any], schema: str, instance: Any) -> None:
    root = {"$ref": f"#/components/schemas/{schema}", "components": spec["components"]}
    errors = sorted(Draft202012Validator(root).iter_errors(instance), key=str)
    assert not errors, f"{schema}: {errors[0].message} at {list(errors[0].path)}"


def test_the_ratings_api_answers_its_documented_schema_and_example(api, client):
    darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    darts(api, ["Ann", "Bob"], ["Bob Jones", "Ann Smith"], ROUNDS_2)
    ann = player_id(client, "Ann Smith")
    spec = client.get("/api/v1/openapi.json").get_json()
    got = client.get(f"/api/v1/players/{ann}/ratings")
    assert got.status_code == 200
    body = got.get_json()
    check(spec, "PlayerRatings", body)
    darts_rating = body["games"]["darts-301"]
    assert darts_rating["matches"] == 2
    assert [h["place"] for h in darts_rating["history"]] == [1, 2]  # won, then lost
    assert darts_rating["history"][-1]["rating"] == darts_rating["rating"]
    path = spec["paths"]["/api/v1/players/{id}/ratings"]["get"]
    example = path["responses"]["200"]["content"]["application/json"]["example"]
    check(spec, "PlayerRatings", example)
    profile = client.get(f"/api/v1/players/{ann}").get_json()
    check(spec, "Profile", profile)
    assert profile["ratings"]["darts-301"] == {
        k: darts_rating[k] for k in ("mu", "sigma", "rating", "matches")
    }


def test_an_unknown_profile_has_no_ratings_404(client):
    got = client.get("/api/v1/players/nobody/ratings")
    assert got.status_code == 404
    assert got.mimetype == "application/problem+json"


def test_the_profile_page_draws_the_rating_history_as_an_accessible_svg(api, client):
    for _ in range(3):
        darts(api, ["Ann", "Bob"], ["Ann Smith", "Bob Jones"], ROUNDS_2)
    ann = player_id(client, "Ann Smith")
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert '<section id="ratings"' in page
    chart = page.split('<svg class="chart rating-chart"')[1].split("</svg>")[0]
    assert "<title" in chart
    assert "<desc" in chart
    assert "after 3 rated matches" in chart
    assert ">Rating</text>" in chart
    assert "Rated matches (1 to 3)" in chart
    assert chart.count('class="line dot"') == 3
    assert "ratings." in page  # its own stylesheet, not style.css
    assert (
        "<script" not in page.split('<section id="ratings"')[1].split("</section>")[0]
    )


def test_a_profile_never_rated_shows_no_ratings_section(api, client):
    darts(api, ["Ann", "Bob"], ["Ann Smith", None], ROUNDS_2[:2])  # not finished
    ann = player_id(client, "Ann Smith")
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    assert 'id="ratings"' not in page
    assert client.get(f"/api/v1/players/{ann}/ratings").get_json()["games"] == {}
