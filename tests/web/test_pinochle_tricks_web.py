"""Pinochle's trick play on the web (issue 24): the trick check and the legal-plays
check's winning position through the JSON API and their pages, and a hand entered
card by card (option trick_entry) through the API and the phone page."""

from __future__ import annotations

import html
import random
import re

from referee import ledger
from referee.db import db
from referee.games.pinochle.events import DECLARED
from referee.games.pinochle.events import MELDED
from referee.models import Match
from tests.web.redirects import refusal_page

GAME = "pinochle"
FOUR = ["Ann", "Bob", "Cy", "Di"]
BY_CARD = {"trick_entry": True}


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def test_the_trick_check_names_the_seat_card_and_position(client):
    response = client.post(
        "/api/v1/tools/pinochle/trick",
        json={"cards": "KS AS 10S AS", "leader": 3, "trump": "h"},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["winner"] == {"position": 2, "seat": 0, "card": "AS"}
    assert body["next_leader"] == 0
    assert body["counters"] == 4
    assert "pinochle/trick-winner" in body["rules"]
    assert "card 4" in body["reason"]
    bad = client.post(
        "/api/v1/tools/pinochle/trick",
        json={"cards": "KS AS 10S AS QS", "leader": 0, "trump": "h"},
    )
    assert bad.status_code == 422
    bad = client.post(
        "/api/v1/tools/pinochle/trick", json={"cards": "KS", "leader": 4, "trump": "h"}
    )
    assert bad.status_code == 422
    page = client.get("/tools/pinochle/trick?cards=KS+AS+10S+AS&leader=3&trump=h")
    assert page.status_code == 200
    assert "Seat 0 wins with AS, card 2 of 4" in main(page.text)


def test_the_legal_check_gives_the_winning_position(client):
    response = client.post(
        "/api/v1/tools/pinochle/legal",
        json={"trump": "h", "trick": "KS AS KS", "hand": "AS JS", "leader": 2},
    )
    body = response.get_json()
    assert body["winning"] == "AS"
    assert body["winning_position"] == 2
    assert body["winning_seat"] == 3
    whole = client.post(
        "/api/v1/tools/pinochle/legal",
        json={"trump": "h", "trick": "KS AS KS AS", "hand": "JS"},
    )
    assert whole.status_code == 422
    assert "trick check" in whole.get_json()["detail"]


def test_a_hand_card_by_card_through_the_api(api, app):
    mid = api.create(GAME, FOUR, options=BY_CARD)["id"]
    for event in DECLARED:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
    seen = version(app, mid)
    # out of turn, a card not held, a card against the rules: 409, nothing stored
    for event, rule in (
        ({"type": "play", "player": 0, "card": "AH"}, "pinochle/leading"),
        ({"type": "play", "card": "AC"}, "pinochle/play-entry"),
        (
            {"type": "tricks", "bidders": 30, "opponents": 18, "last_trick": "bidders"},
            "pinochle/play-entry",
        ),
    ):
        response = api.event(mid, event)
        assert response.status_code == 409, event
        assert rule in response.get_json()["ruling"]["rules"]
    assert version(app, mid) == seen
    assert api.event(mid, {"type": "play", "card": "KS"}).status_code == 201
    response = api.event(mid, {"type": "play", "card": "AD"})
    assert response.status_code == 409
    assert set(response.get_json()["ruling"]["rules"]) == {
        "pinochle/must-trump",
        "pinochle/void-both",
    }
    rng = random.Random(3)
    ruling = None
    while api.get(mid)["state"]["detail"]["phase"] == "play":
        state = api.get(mid)["state"]
        legal = state["detail"]["play"]["legal"]
        event = {"type": "play", "card": rng.choice(legal), "player": state["turn"]}
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        ruling = response.get_json()["ruling"]
    assert "pinochle/last-trick" in ruling["rules"]
    assert ruling["options"] == ["trick_entry"]
    state = api.get(mid)["state"]
    assert sum(state["detail"]["last_hand"]["tricks"]) == 50
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees


def start(client):
    response = client.post(
        f"/new/{GAME}",
        data={
            "players": "\n".join(FOUR),
            "opt_exchange": "on",
            "opt_trick_entry": "on",
        },
    )
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_a_hand_card_by_card_on_the_page(client, app):
    mid = start(client)
    seq = 0
    for event in MELDED:
        assert post(client, mid, seq, **event).status_code == 303, event
        seq += 1
    page = client.get(f"/m/{mid}").text
    assert "Declare a hand" in main(page)
    assert "Who took the last trick?" not in main(page)
    for event in DECLARED[len(MELDED) :]:
        assert post(client, mid, seq, **event).status_code == 303, event
        seq += 1
    page = client.get(f"/m/{mid}").text
    assert "Di leads" in main(page)
    assert 'name="card" value="KS"' in page
    assert post(client, mid, seq, type="play", card="KS").status_code == 303
    seq += 1
    page = client.get(f"/m/{mid}").text
    # Ann, void in spades, must trump: only her hearts are offered
    assert 'name="card" value="KH"' in page
    assert 'name="card" value="AD"' not in page
    assert "Trick 1 of 20" in main(page)
    response = post(client, mid, seq, type="play", card="AD")
    response = refusal_page(client, response)
    assert "must trump" in main(response.text)
    assert version(app, mid) == seq
