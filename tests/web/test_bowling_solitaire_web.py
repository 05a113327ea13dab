"""Bowling solitaire on the web: a whole game by the JSON API, the page, the tools."""

from __future__ import annotations

from referee import ledger
from referee.db import db
from referee.games.bowling_solitaire import tools
from referee.models import Match
from tests.games.test_bowling_solitaire import SAMPLE
from tests.games.test_bowling_solitaire import SAMPLE_FRAME
from tests.games.test_bowling_solitaire import STRIKE_FRAME
from tests.web.redirects import refusal_page

GAME = "bowling-solitaire"


def test_a_whole_game_through_the_json_api_scores_like_ten_pin(api, app):
    mid = api.create(GAME, ["Ann"])["id"]
    # nine spares (7 then 3), then a tenth-frame strike and two strike bonus layouts
    events = SAMPLE_FRAME * 9 + STRIKE_FRAME * 3
    for event in events:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        assert response.get_json()["ruling"]["rules"]
    state = api.get(mid)["state"]
    assert state["over"]
    # spares followed by 7: 17 x 8, the ninth spare + strike 20, then 30
    assert state["sides"][0]["score"] == 17 * 8 + 20 + 30
    assert [f["total"] for f in state["detail"]["sheet"]][-1] == 186
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees
    refused = api.event(mid, SAMPLE)
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["bowling-solitaire/frames"]


def test_a_bowl_may_name_the_player_and_its_ball_card_the_wrong_card_is_409(api):
    mid = api.create(GAME, ["Ann"])["id"]
    assert api.event(mid, {**SAMPLE, "player": "Ann"}).status_code == 201
    wrong = {"type": "bowl", "pile": 1, "pins": "H F", "next": "5", "card": "4"}
    response = api.event(mid, wrong)
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "bowling-solitaire/piles",
        "bowling-solitaire/bowl",
    ]
    assert api.get(mid)["seq"] == 1  # nothing stored
    named = api.event(mid, {**wrong, "card": "0", "player": 0})
    assert named.status_code == 201, named.get_json()
    assert api.event(mid, {**SAMPLE, "player": "Bob"}).status_code == 422


def test_an_illegal_play_is_409_with_the_rule_and_nothing_stored(api, app):
    mid = api.create(GAME, ["Ann"])["id"]
    assert api.event(mid, SAMPLE).status_code == 201
    response = api.event(mid, {"type": "bowl", "pile": 1, "pins": "A B C", "next": "5"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "bowling-solitaire/first-card-back-row"
    ]
    assert (
        len(api.client.get(f"/api/v1/matches/{mid}/events").get_json()["events"]) == 1
    )


def test_a_card_11_or_a_pin_z_is_422_with_an_example(api):
    mid = api.create(GAME, ["Ann"])["id"]
    bad = dict(SAMPLE, balls="0 0 11")
    response = api.event(mid, bad)
    assert response.status_code == 422
    assert "7 3 0" in response.get_json()["errors"]["balls"]
    assert api.event(mid, SAMPLE).status_code == 201
    response = api.event(mid, {"type": "bowl", "pile": 1, "pins": "Z", "next": "5"})
    assert response.status_code == 422
    assert "H F" in response.get_json()["errors"]["pins"]


def test_the_page_lays_out_taps_pins_and_piles_and_teaches_the_legal_plays(client):
    response = client.post(f"/new/{GAME}", data={"players": "Ann"})
    assert response.status_code == 302, response.text
    mid = response.headers["Location"].rsplit("/", 1)[-1]
    assert "Frame 1: pins A to J" in client.get(f"/m/{mid}").text
    form = {"idem": "t0", "seq": 0, "type": "deal", "pins": "2 7 1 7 2 9 5 1 8 6"}
    response = client.post(f"/m/{mid}/events", data={**form, "balls": "0 0 4"})
    assert response.status_code == 303
    page = client.get(f"/m/{mid}").text
    assert 'name="pins" value="J"' in page
    assert 'name="pile" value="3"' in page
    assert "Legal now (5)" in page
    assert "tenpin-sheet" in page
    # each legal play one tap (with JavaScript), the card turned up a digit
    assert 'data-pile="1" data-pins="F H" data-deeper="1"' in page
    assert 'name="next" value="9"' in page
    # two ticked pins arrive as a list, as a tap on each would send them
    response = client.post(
        f"/m/{mid}/events",
        data={
            "idem": "t1",
            "seq": 1,
            "type": "bowl",
            "pile": "1",
            "pins": ["H", "F"],
            "next": "5",
        },
    )
    assert response.status_code == 303
    assert "takes F(9) H(1)" in client.get(f"/m/{mid}").text
    response = client.post(
        f"/m/{mid}/events",
        data={
            "idem": "t2",
            "seq": 2,
            "type": "bowl",
            "pile": "1",
            "pins": ["J"],
            "next": "8",
        },
    )
    response = refusal_page(client, response)
    assert "pin J shows 6" in response.text
    assert "§one-pin" in response.text


def test_the_tools_answer_legal_plays_and_reachability(client):
    plays = client.post(
        f"/api/v1/tools/{GAME}/plays",
        json=tools.EXAMPLE,
    )
    assert plays.status_code == 200
    assert plays.get_json()["count"] == 5
    solved = client.post(
        f"/api/v1/tools/{GAME}/solve",
        json=tools.SOLVE_EXAMPLE,
    )
    assert solved.get_json()["spare"]["reachable"] is True
    bad = client.post(f"/api/v1/tools/{GAME}/plays", json={"pins": list("271729518Z")})
    assert bad.status_code == 422


def test_the_solver_page_answers_the_link_the_match_page_gives(api, client):
    mid = api.create(GAME, ["Ann"])["id"]
    api.event(mid, SAMPLE)
    query = api.get(mid)["state"]["detail"]["solve"]
    page = client.get(f"/tools/{GAME}/solve", query_string=query)
    assert page.status_code == 200
    assert "Strike: on (if the face-down cards fall right)" in page.text
    bad = client.get(f"/tools/{GAME}/plays", query_string={"pins": "2 7 1 Z"})
    assert bad.status_code == 422
    assert "A to J" in bad.text
