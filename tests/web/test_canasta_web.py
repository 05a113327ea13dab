"""Canasta on the web: a whole game to 5000 by the JSON API, refusals and bad input
with their words, the meld calculator, and a hand entered on the phone page."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.models import Match
from tests.canasta_table import GAME_TO_5000
from tests.web.redirects import refusal_page

GAME = "canasta"
FOUR = ["Ann", "Bob", "Cy", "Di"]


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def test_a_whole_game_to_5000_through_the_json_api(api, app):
    mid = api.create(GAME, FOUR)["id"]
    for event, scores in GAME_TO_5000:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        body = response.get_json()
        assert body["ruling"]["rules"], event
        if scores is not None:
            assert {s["name"]: s["score"] for s in body["state"]["sides"]} == scores
    state = api.get(mid)["state"]
    assert state["winner"] == "Ann & Cy"
    assert body["ruling"]["verdict"] == "win"
    assert "canasta/game-end" in body["ruling"]["rules"]
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees
    refused = api.event(mid, {"type": "meld", "player": 0, "cards": "AS AH AD"})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["canasta/game-end"]


def test_a_refused_pile_is_409_with_every_rule_and_nothing_stored(api):
    mid = api.create(GAME, FOUR)["id"]
    assert api.event(mid, {"type": "deal", "upcard": "JK 9S"}).status_code == 201
    response = api.event(
        mid, {"type": "take_pile", "player": 1, "top": "9S", "cards": "9H JK"}
    )
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "canasta/taking-the-pile",
        "canasta/frozen-pile",
        "canasta/initial-meld",
    ]
    assert api.get(mid)["seq"] == 1


def test_a_third_copy_of_a_card_is_422_in_the_servers_words(api):
    mid = api.create(GAME, FOUR)["id"]
    response = api.event(mid, {"type": "meld", "player": 0, "cards": "7H 7H 7H JK"})
    assert response.status_code == 422
    message = response.get_json()["errors"]["cards"]
    assert message.startswith(
        "7H appears 3 times, but a canasta pack (two decks and four jokers) has only "
        "2 copies of 7H."
    )
    assert "Example:" in message


def test_counts_beyond_the_pack_are_422_naming_the_limit(api):
    mid = api.create(GAME, FOUR)["id"]
    first = {
        "type": "hand_counts",
        "side": 0,
        "natural_canastas": 0,
        "mixed_canastas": 0,
        "meld_points": 100,
        "hand_points": 0,
        "red_threes": 3,
    }
    assert api.event(mid, first).status_code == 201
    response = api.event(mid, {**first, "side": 1, "red_threes": 2})
    assert response.status_code == 422
    assert "only 4" in response.get_json()["errors"]["red_threes"]


def test_the_meld_calculator_api_and_page(client):
    response = client.post(
        "/api/v1/tools/canasta/melds",
        json={"cards": "KS KH KD KC KS KH JK 2C 7S 7H 7D", "wild_cap": "three"},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True
    assert [(m["rank"], m["canasta"]) for m in body["melds"]] == [
        ("K", "mixed"),
        ("7", None),
    ]
    assert body["total"] == 60 + 70 + 15 + 300
    bad = client.post("/api/v1/tools/canasta/melds", json={"cards": "7H 7H 7H"})
    assert bad.status_code == 422
    page = client.get("/tools/canasta/melds?cards=3S+3C+3S&going_out=on")
    assert "Legal: 1 meld, 15 points of cards." in main(page.text)
    page = client.get("/tools/canasta/melds?cards=3S+3C+3S")
    assert "Not legal: Black threes meld only" in main(page.text)


# --- the phone page -----------------------------------------------------------------


def start(client):
    response = client.post(f"/new/{GAME}", data={"players": "\n".join(FOUR)})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_a_hand_on_the_page_turn_by_turn_meld_go_out_and_both_results(client):
    mid = start(client)
    page = main(client.get(f"/m/{mid}").text)
    assert "First melds: Ann & Cy 50, Bob & Di 50." in page
    assert "Record the deal" in page
    assert "Rule on this meld" not in page  # nothing is laid before the deal
    assert post(client, mid, 0, type="deal", upcard="9S").status_code == 303
    page = main(client.get(f"/m/{mid}").text)
    assert "Bob drew from the stock" in page
    assert "Take the pile with 9S" in page
    assert "Hand 1: Bob draws from the stock or takes the pile." in page
    seq = 1
    for fields in (
        {"type": "draw", "player": 1},
        {"type": "discard", "player": 1, "card": "4C"},
        {"type": "draw", "player": 2},
    ):
        response = post(client, mid, seq, **fields)
        assert response.status_code == 303, main(response.text)
        seq += 1
    page = main(client.get(f"/m/{mid}").text)
    assert "Cy melds and discards" in page
    assert "Rule on this meld" in page
    bad = post(client, mid, seq, type="meld", player=2, cards="KS KH KD")
    bad = refusal_page(client, bad)
    assert "short of the 50" in main(bad.text)
    assert 'value="KS KH KD"' in bad.text  # what was typed stays
    out_of_turn = post(client, mid, seq, type="meld", player=0, cards="AS AH AD")
    out_of_turn = refusal_page(client, out_of_turn)
    assert "Meld by Ann is out of turn: it is Cy's to do now." in main(out_of_turn.text)
    steps = [
        {"type": "meld", "player": 2, "cards": "QS QH QD QC QS QH QD"},
        {"type": "discard", "player": 2, "card": "4D"},
        {"type": "draw", "player": 3},
        {"type": "discard", "player": 3, "card": "6C"},
        {"type": "draw", "player": 0},
        {"type": "go_out", "player": 0, "cards": "5S 5H 5D JK", "discard": "9C"},
        {
            "type": "hand_counts",
            "side": 0,
            "natural_canastas": 1,
            "mixed_canastas": 0,
            "meld_points": 135,
            "hand_points": 0,
        },
        {"type": "hand_cards", "side": 1, "melds": "", "hand": "AS KD 4C"},
    ]
    for fields in steps:
        response = post(client, mid, seq, **fields)
        assert response.status_code == 303, main(response.text)
        seq += 1
    page = main(client.get(f"/m/{mid}").text)
    assert "Hand 1: Ann & Cy +735, Bob & Di -35. Score 735 to -35." in page
    assert "First melds: Ann & Cy 50, Bob & Di 15." in page
    assert "Hand 2, Bob deals" in page


def test_the_findings_39_rotating_ask_outs_are_refused_and_nothing_stored(api):
    mid = api.create(GAME, FOUR)["id"]
    for i in range(39):
        response = api.event(
            mid, {"type": "ask_out", "player": i % 4, "answer": i % 2 == 0}
        )
        assert response.status_code == 409, response.get_json()
        assert response.get_json()["ruling"]["rules"] == [
            "canasta/turn",
            "canasta/deal",
        ]
    assert api.get(mid)["seq"] == 0
    assert api.event(mid, {"type": "deal", "upcard": "9S"}).status_code == 201
    answers = [
        api.event(mid, {"type": "ask_out", "player": i % 4, "answer": True})
        for i in range(39)
    ]
    # only Bob, on the dealer's left, asks, and only once in his turn
    assert [i for i, r in enumerate(answers) if r.status_code == 201] == [1]
    assert {r.status_code for r in answers[2:]} | {answers[0].status_code} == {409}
    assert all("canasta/turn" in r.get_json()["ruling"]["rules"] for r in answers[2:])
    state = api.get(mid)
    assert state["seq"] == 2
    assert state["state"]["detail"]["asked"] == {"player": "Bob", "answer": True}
    assert state["state"]["turn"] == "Bob"


def test_the_deal_naming_anyone_but_the_dealer_is_409_citing_the_turn(api):
    mid = api.create("canasta", ["Ann", "Bob", "Cy", "Di"])["id"]
    response = api.event(mid, {"type": "deal", "upcard": "9S", "player": "Cy"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == ["canasta/turn"]
    assert (
        api.event(mid, {"type": "deal", "upcard": "9S", "player": 0}).status_code == 201
    )
    drew = api.event(mid, {"type": "draw", "player": "Bob"})
    assert drew.status_code == 201


def test_the_calculator_says_a_rank_written_apart_is_one_meld(client):
    response = client.post(
        "/api/v1/tools/canasta/melds", json={"cards": "7H 7D 7S 9C 9D 9H 7C 7H 7D"}
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["merged"] == 1
    assert "canasta/one-meld-per-rank" in body["melds"][0]["rules"]
