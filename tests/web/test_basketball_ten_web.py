"""Ten-card basketball on the web: a series by the API, the page, the calculator."""

from __future__ import annotations

import html
import re

from referee.games import get
from tests.layout_table import play_series

GAME = "basketball-ten"
DEAL = {"type": "deal", "upcard": "5D"}
DRAW = {"type": "draw", "player": 1, "source": "stock", "card": "9H"}


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def test_a_whole_series_of_three_deals_for_five_players_on_two_packs(api):
    players = ["Ann", "Bob", "Cy", "Di", "Ed"]
    table = play_series(get(GAME), players, {"deals": 3}, seed=7)
    match = api.create(GAME, players, options={"deals": 3})
    assert (
        "5 players: two 52-card packs (104 cards)"
        in (match["state"]["detail"]["packs_text"])
    )
    for event in table.events:
        response = api.event(match["id"], event)
        assert response.status_code == 201, (event, response.get_json())
    state = api.get(match["id"])["state"]
    assert state == get(GAME).view(table.state)
    assert state["over"]
    totals = {s["name"]: s["score"] for s in state["sides"]}
    best = max(totals.values())
    assert state["detail"]["winners"] == [n for n in players if totals[n] == best]


def test_replacing_a_face_up_card_is_409_with_the_rule(api):
    mid = api.create(GAME)["id"]
    events = [
        DEAL,
        DRAW,
        {"type": "discard", "player": 1, "position": 2, "card": "JD"},
        {"type": "draw", "player": 0, "source": "stock", "card": "4S"},
        {"type": "discard", "player": 0, "position": 1, "card": "3C"},
        {"type": "draw", "player": 1, "source": "stock", "card": "8H"},
    ]
    for event in events:
        assert api.event(mid, event).status_code == 201
    response = api.event(mid, {"type": "replace", "player": 1, "position": 2})
    assert response.status_code == 409
    assert "basketball-ten/replace" in response.get_json()["ruling"]["rules"]


def test_a_discard_must_say_which_card_is_turned_up(api):
    mid = api.create(GAME)["id"]
    assert api.event(mid, DEAL).status_code == 201
    assert api.event(mid, DRAW).status_code == 201
    response = api.event(mid, {"type": "discard", "player": 1, "position": 2})
    assert response.status_code == 422
    assert "card" in response.get_json()["errors"]


def test_the_calculator_scores_three_nines_as_40_and_two_aces_as_30(client):
    response = client.post(
        "/api/v1/tools/basketball-ten/score",
        json={"layout": "9H 9D 9C AS AD KH 2C 5S JH JD"},
    )
    body = response.get_json()
    assert body["points"] == 127
    whys = [g["why"] for g in body["groups"]]
    assert "triple of 9s = 40 (instead of 27)" in whys
    assert "2 aces count singly: 2 x 15 = 30" in whys
    # Nine cards are not a layout: said so, with no total, unless asked so far.
    partial = client.post(
        "/api/v1/tools/basketball-ten/score",
        json={"layout": "9H 9D 9C AS AD KH 2C 5S JH"},
    )
    assert partial.status_code == 200
    assert partial.get_json()["complete"] is False
    assert partial.get_json()["points"] is None
    assert partial.get_json()["rules"] == ["basketball-ten/positions"]
    so_far = client.post(
        "/api/v1/tools/basketball-ten/score",
        json={"layout": "9H 9D 9C", "so_far": True},
    )
    assert so_far.get_json()["points"] == 40
    assert "partial count" in so_far.get_json()["summary"]
    assert so_far.get_json()["rules"][0] == "basketball-ten/positions"
    too_many = client.post(
        "/api/v1/tools/basketball-ten/score", json={"layout": "9H " * 11}
    )
    assert too_many.status_code == 422


def test_the_page_shows_ten_positions_and_only_face_down_ones_take_the_card(
    client, api
):
    mid = api.create(GAME)["id"]
    for event in [
        DEAL,
        DRAW,
        {"type": "replace", "player": 1, "position": 7, "replaced": "2C"},
    ]:
        assert api.event(mid, event).status_code == 201
    # The scorer's phone joins with the key, as the QR link does.
    key = api.keys[mid]
    client.get(f"/m/{mid}/join/{key}")
    assert (
        api.event(
            mid, {"type": "draw", "player": 0, "source": "stock", "card": "8S"}
        ).status_code
        == 201
    )
    page = client.get(f"/m/{mid}").text
    assert "lay-cols-5" in page
    # Ann replaces: ten face-down positions are buttons, and so for the discard form.
    assert page.count('name="position" value="10"') == 2
    text = main(page)
    assert "Or discard" in text
    assert "Bob 9 +9 down" in text


def test_the_big_board_shows_every_layout(client, api):
    mid = api.create(GAME)["id"]
    for event in [
        DEAL,
        DRAW,
        {"type": "discard", "player": 1, "position": 2, "card": "JD"},
    ]:
        assert api.event(mid, event).status_code == 201
    page = client.get(f"/m/{mid}/watch").text
    text = main(page)
    assert "Ann 0 this deal 0 so far" in text
    assert "Bob 0 this deal 10 so far" in text
    assert page.count('class="lay-grid lay-cols-5') == 2
