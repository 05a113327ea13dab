"""Pinochle on the web: a whole game to 500 by the JSON API, rulings and refusals with
their rules, the two calculators, and a hand on the phone page."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.games.pinochle.events import MELDED
from referee.models import Match
from tests.web.redirects import refusal_page

GAME = "pinochle"
FOUR = ["Ann", "Bob", "Cy", "Di"]


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def hand_events(turn: int, bid: int, melds: tuple[int, ...], counters: int) -> list:
    """The seat on turn bids, the others pass; the pass, trump, four melds (bidder,
    left, partner, right), then the counters (the bidders take the last trick)."""
    return [
        {"type": "bid", "player": turn, "amount": bid},
        *({"type": "pass", "player": (turn + i) % 4} for i in (1, 2, 3)),
        {"type": "ask", "suit": "spades"},
        {"type": "pass_cards", "player": (turn + 2) % 4, "cards": "AS 10S KS"},
        {"type": "pass_cards", "player": turn, "cards": "JC JC QD"},
        {"type": "trump", "suit": "s"},
        *(
            {"type": "meld", "player": (turn + i) % 4, "points": melds[i]}
            for i in range(4)
        ),
        {
            "type": "tricks",
            "bidders": counters,
            "opponents": 48 - counters,
            "last_trick": "bidders",
        },
    ]


def test_a_whole_game_to_500_through_the_json_api(api, app):
    mid = api.create(GAME, FOUR)["id"]
    expected = [0, 0]
    hands = 0
    while not api.get(mid)["state"]["over"]:
        state = api.get(mid)["state"]
        turn = FOUR.index(state["turn"])
        melds = (60, 10, 40, 10)
        for event in hand_events(turn, 50, melds, 30):
            response = api.event(mid, event)
            assert response.status_code == 201, (event, response.get_json())
            ruling = response.get_json()["ruling"]
            assert ruling["rules"], event
        bidders = turn % 2
        expected[bidders] += 60 + 40 + 32
        expected[1 - bidders] += 20 + 18
        hands += 1
        assert hands < 20
    state = api.get(mid)["state"]
    assert [s["score"] for s in state["sides"]] == expected
    assert state["winner"] in ("Ann & Cy", "Bob & Di")
    assert max(expected) >= 500
    assert "pinochle/game" in ruling["rules"]
    assert ruling["verdict"] == "win"
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees
    refused = api.event(mid, {"type": "bid", "player": 0, "amount": 25})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["pinochle/game-over"]


def test_a_bid_against_the_rules_is_409_with_its_rule_and_nothing_stored(api, app):
    mid = api.create(GAME, FOUR)["id"]
    assert api.event(mid, {"type": "bid", "player": 1, "amount": 50}).status_code == 201
    seen = version(app, mid)
    response = api.event(mid, {"type": "bid", "player": 2, "amount": 52})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == ["pinochle/bid-steps"]
    response = api.event(mid, {"type": "bid", "player": 2, "amount": 50})
    assert response.status_code == 409
    assert "pinochle/bid-higher" in response.get_json()["ruling"]["rules"]
    response = api.event(mid, {"type": "bid", "player": 3, "amount": 55})
    assert response.status_code == 409  # out of turn
    assert response.get_json()["ruling"]["rules"] == ["pinochle/bidding-order"]
    assert version(app, mid) == seen
    ok = api.event(mid, {"type": "bid", "player": 2, "amount": 55})
    assert ok.status_code == 201
    assert ok.get_json()["ruling"]["rules"] == [
        "pinochle/bidding-order",
        "pinochle/bid-higher",
        "pinochle/bid-steps",
    ]


def test_a_fifth_copy_of_a_card_is_422_in_the_servers_words(api):
    mid = api.create(GAME, FOUR)["id"]
    for event in MELDED[:-4]:
        assert api.event(mid, event).status_code == 201
    meld = {"type": "meld", "player": 0, "cards": "AS AS AS AS AS"}
    response = api.event(mid, meld)
    assert response.status_code == 422
    message = response.get_json()["errors"]["cards"]
    assert "AS appears 5 times, but a pinochle deck" in message
    assert "only 4 copies of AS" in message


def test_counters_not_totalling_50_are_422(api):
    mid = api.create(GAME, FOUR)["id"]
    for event in MELDED:
        assert api.event(mid, event).status_code == 201
    response = api.event(
        mid, {"type": "tricks", "bidders": 30, "opponents": 30, "last_trick": "bidders"}
    )
    assert response.status_code == 422
    assert "50 in all" in response.get_json()["errors"]["bidders"]


def test_the_meld_and_legal_play_calculators(client):
    response = client.post(
        "/api/v1/tools/pinochle/meld",
        json={"cards": "AH 10H KH KH QH QH JH", "trump": "h"},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == 30  # the double marriage, not run + marriage (19)
    assert [m["name"] for m in body["melds"]] == ["Double marriage in trumps"]
    response = client.post(
        "/api/v1/tools/pinochle/legal",
        json={"trump": "h", "trick": "KS QH", "hand": "AH JH AD", "card": "JH"},
    )
    body = response.get_json()
    assert body["verdict"] == "illegal"
    assert body["legal"] == ["AH"]
    assert body["rules"] == [
        "pinochle/must-trump",
        "pinochle/crawl-in-trump",
        "pinochle/trick-winner",
        "pinochle/card-rank",
    ]
    bad = client.post(
        "/api/v1/tools/pinochle/legal",
        json={"trump": "h", "hand": "AH", "card": "9H"},
    )
    assert bad.status_code == 422
    page = client.get("/tools/pinochle/legal?trump=h&trick=KS&hand=10S+JS&card=JS")
    assert "JS is not legal" in main(page.text)
    page = client.get("/tools/pinochle/meld?cards=JD+QS+KS&trump=s")
    assert "Type II: Pinochle 4" in main(page.text)


# --- the phone page -----------------------------------------------------------------


def start(client):
    response = client.post(
        f"/new/{GAME}", data={"players": "\n".join(FOUR), "opt_exchange": "on"}
    )
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_a_hand_on_the_page_bidding_buttons_suits_meld_and_counters(client, app):
    mid = start(client)
    page = client.get(f"/m/{mid}").text
    assert 'name="amount" value="25"' in page
    assert "Bob passes" in main(page)
    seq = 0
    for fields in (
        {"type": "bid", "player": 1, "amount": 25},
        {"type": "pass", "player": 2},
        {"type": "pass", "player": 3},
        {"type": "pass", "player": 0},
    ):
        assert post(client, mid, seq, **fields).status_code == 303
        seq += 1
    page = client.get(f"/m/{mid}").text
    assert "Bob asks Di for" in main(page)
    assert 'name="suit" value="h"' in page
    for fields in (
        {"type": "ask", "suit": "h"},
        {"type": "pass_cards", "player": 3, "cards": "AH 10H KH"},
        {"type": "pass_cards", "player": 1, "cards": "JC QC KC"},
        {"type": "trump", "suit": "h"},
    ):
        assert post(client, mid, seq, **fields).status_code == 303
        seq += 1
    page = client.get(f"/m/{mid}").text
    assert "Points of meld" in main(page)
    # meld by cards goes through the optimiser
    response = post(client, mid, seq, type="meld", player=1, cards="KH KH QH QH")
    assert response.status_code == 303
    seq += 1
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob melds 30: double marriage in trumps 30" in text
    for player, points in ((2, 4), (3, 10), (0, 0)):
        response = post(client, mid, seq, type="meld", player=player, points=points)
        assert response.status_code == 303
        seq += 1
    page = client.get(f"/m/{mid}").text
    assert "Who took the last trick?" in main(page)
    assert "Disputed card?" in main(page)
    # counters that do not add up: 422, what was typed kept
    response = post(
        client, mid, seq, type="tricks", bidders=30, opponents=30, last_trick="bidders"
    )
    response = refusal_page(client, response)
    assert "50 in all" in main(response.text)
    # the page's form reads one way only: counters without the last trick (48), so
    # a total of 50 is refused there instead of being read as "with the last trick"
    page = client.get(f"/m/{mid}").text
    assert 'name="counted" value="counters"' in page
    assert "without the last trick" in main(page)
    response = post(
        client,
        mid,
        seq,
        type="tricks",
        bidders=30,
        opponents=20,
        last_trick="bidders",
        counted="counters",
    )
    response = refusal_page(client, response)
    assert "come to 48 between the sides, without the last trick's 2" in main(
        response.text
    )
    response = post(
        client,
        mid,
        seq,
        type="tricks",
        bidders=20,
        opponents=28,
        last_trick="opponents",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob & Di make 25: meld 40 + tricks 20 = 60" in text
    assert version(app, mid) == seq + 1
