"""Six card golf on the web: a series by the API, a turn on the page, the calculator."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.games import get
from referee.models import Match
from tests.layout_table import play_series
from tests.web.redirects import refusal_page

GAME = "golf-six"
DEAL = {"type": "deal", "upcard": "5D"}
FLIPS = [
    {"type": "flip", "player": 0, "position": 1, "card": "7H"},
    {"type": "flip", "player": 0, "position": 4, "card": "7C"},
    {"type": "flip", "player": 1, "position": 2, "card": "KS"},
    {"type": "flip", "player": 1, "position": 6, "card": "9D"},
]


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def test_a_whole_series_of_nine_deals_through_the_json_api(api, app):
    players = ["Ann", "Bob", "Cy"]
    table = play_series(get(GAME), players, seed=11)
    match = api.create(GAME, players)
    mid = match["id"]
    for event in table.events:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        assert response.get_json()["ruling"]["rules"]
    state = api.get(mid)["state"]
    expected = get(GAME).view(table.state)
    assert state == expected
    assert state["over"]
    assert len(state["detail"]["history"]) == 9
    totals = {s["name"]: s["score"] for s in state["sides"]}
    best = min(totals.values())
    assert state["detail"]["winners"] == [n for n in players if totals[n] == best]
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == expected  # replay agrees
    refused = api.event(mid, DEAL)
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["golf-six/winner"]


def test_taking_the_discard_then_discarding_it_is_409_with_the_rule(api, app):
    mid = api.create(GAME)["id"]
    for event in [DEAL, *FLIPS, {"type": "draw", "player": 1, "source": "discard"}]:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    response = api.event(mid, {"type": "discard", "player": 1})
    assert response.status_code == 409
    body = response.get_json()
    assert "golf-six/taken-discard" in body["ruling"]["rules"]
    assert version(app, mid) == seen


def test_a_card_the_packs_cannot_hold_again_is_422_naming_the_field(api, app):
    mid = api.create(GAME)["id"]
    for event in [DEAL, *FLIPS]:
        assert api.event(mid, event).status_code == 201
    response = api.event(
        mid, {"type": "draw", "player": 1, "source": "stock", "card": "9D"}
    )
    assert response.status_code == 422
    assert "9D is already on the table once" in response.get_json()["errors"]["card"]
    response = api.event(
        mid, {"type": "draw", "player": 1, "source": "stock", "card": "T25"}
    )
    assert response.status_code == 422
    assert "card" in response.get_json()["errors"]


def test_the_options_say_how_play_ends_and_whether_jokers_count(api):
    match = api.create(GAME, options={"last_turns": True, "jokers": True, "deals": 3})
    assert match["state"]["detail"]["deals"] == 3
    assert "with 2 jokers" in match["state"]["detail"]["packs_text"]
    games = api.client.get("/api/v1/games").get_json()
    golf = next(g for g in (games.get("games") or games) if g["id"] == GAME)
    assert {o["name"] for o in golf["options"]} == {"deals", "jokers", "last_turns"}


def test_the_score_calculator_takes_a_layout_and_says_why(client):
    response = client.post(
        "/api/v1/tools/golf-six/score", json={"layout": "7H 2S KD 7C 9H QS"}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == 21
    assert body["columns"][0]["why"] == "column 1 (left): a pair of 7s scores 0"
    assert body["complete"] is True
    page = client.get("/tools/golf-six/score?layout=7H+2S+KD+7C+9H+QS")
    assert page.status_code == 200
    assert "21 points (1 column pair cancelled)." in main(page.text)


def test_the_score_calculator_says_five_cards_are_an_incomplete_layout(client):
    url = "/api/v1/tools/golf-six/score"
    short = client.post(url, json={"layout": "7H 2S KD 7C 9H"})
    assert short.status_code == 200
    body = short.get_json()
    assert body["complete"] is False
    assert body["points"] is None
    assert body["rules"] == ["golf-six/positions"]
    assert "Incomplete layout: 5 of 6 cards" in body["summary"]
    so_far = client.post(url, json={"layout": "7H 2S KD 7C 9H", "so_far": True})
    body = so_far.get_json()
    assert body["so_far"] is True
    assert body["points"] == 11
    assert "partial count" in body["summary"]
    seven = client.post(url, json={"layout": "7H 2S KD 7C 9H QS 3C"})
    assert seven.status_code == 422
    assert "layout" in seven.get_json()["errors"]
    page = client.get("/tools/golf-six/score?layout=7H+2S")
    assert page.status_code == 200
    assert "Incomplete layout: 2 of 6 cards" in html.unescape(main(page.text))
    page = client.get("/tools/golf-six/score?layout=7H+2S&so_far=on")
    assert "So far, a partial count: 9 points" in html.unescape(main(page.text))


# --- the phone page -----------------------------------------------------------------


def start(client, players="Ann\nBob"):
    response = client.post(f"/new/{GAME}", data={"players": players})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_a_golf_turn_on_the_page_asks_for_one_thing_at_a_time(client, app):
    mid = start(client)
    text = main(client.get(f"/m/{mid}").text)
    assert "Deal 1: the card turned up" in text
    assert "Ann deals: 6 cards each" in text
    assert "2 players: one 52-card pack (52 cards)" in text
    assert post(client, mid, 0, type="deal", upcard="5D").status_code == 303
    page = client.get(f"/m/{mid}").text
    assert 'name="position" value="1"' in page  # every face-down cell is tappable
    for seq, flip in enumerate(FLIPS, start=1):
        response = post(
            client,
            mid,
            seq,
            type="flip",
            player=flip["player"],
            position=flip["position"],
            card=flip["card"],
        )
        assert response.status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob draws" in text
    assert "Bob took the discard" in text
    assert (
        post(
            client, mid, 5, type="draw", player=1, source="stock", card="3H"
        ).status_code
        == 303
    )
    # A face-up cell sends a form of its own, without the card that comes out; a
    # face-down one needs that card (the picker's field is required).
    page = client.get(f"/m/{mid}").text
    assert 'form="lay-onto-up" formnovalidate' in page
    assert 'id="cards-replaced" name="replaced"' in page
    # A face-down position without the card that came out: 422, what was typed kept.
    response = post(client, mid, 6, type="replace", player=1, position=1)
    response = refusal_page(client, response)
    assert "Card that comes out is missing" in main(response.text)
    response = post(client, mid, 6, type="replace", player=1, position=1, replaced="QC")
    assert response.status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob puts 3H at position 1; QC goes face up on the discard pile." in text
    assert "Ann draws" in text
    assert version(app, mid) == 7


def test_watchers_see_the_layouts_and_the_live_deal_score(client, api):
    mid = api.create(GAME)["id"]
    for event in [DEAL, *FLIPS]:
        assert api.event(mid, event).status_code == 201
    other = client.application.test_client()
    text = main(other.get(f"/m/{mid}").text)
    assert "Layouts" in text
    assert "Bob 9 +4 down 0" in text  # KS 0 + 9D 9, four still face down


def test_undo_takes_back_a_draw_and_the_same_turn_can_be_replayed(api):
    mid = api.create(GAME)["id"]
    for event in [DEAL, *FLIPS, {"type": "draw", "player": 1, "source": "discard"}]:
        assert api.event(mid, event).status_code == 201
    response = api.undo(mid)
    assert response.status_code in (200, 201)
    state = api.get(mid)["state"]
    assert state["expects"] == ["draw"]
    assert state["detail"]["discard_top"] == "5D"
    drawn = {"type": "draw", "player": 1, "source": "stock", "card": "3H"}
    assert api.event(mid, drawn).status_code == 201
    assert api.get(mid)["state"]["expects"] == ["replace", "discard"]
