"""The baseball family on the web: a whole hand of each game by the JSON API (SQLite and
PostgreSQL), refusals with their rules, and phone pages that ask for what comes next."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.games.poker_baseball.baseball_game import SEVEN
from referee.games.poker_baseball.baseball_game import SHORT
from referee.models import Match
from tests.web.redirects import refusal_page

P3 = ["Ann", "Bob", "Cy"]
ANTE = {"type": "ante", "amount": 1}


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def checks(state: dict) -> list[dict]:
    """Everyone still to act checks (the betting detail names who acts)."""
    turn = state["detail"]["betting"]["turn"]
    return [{"type": "bet", "player": turn, "action": "check"}]


def play(api, mid: str, events: list[dict]) -> dict:
    body: dict = {}
    for event in events:
        response = api.event(mid, event)
        body = response.get_json()
        assert response.status_code == 201, (event, body)
        assert body["ruling"]["rules"], event
    return body


def check_round(api, mid: str) -> dict:
    body = {"state": api.get(mid)["state"]}
    while "bet" in body["state"]["expects"]:
        body = play(api, mid, checks(body["state"]))
    return body


def test_a_whole_baseball_hand_with_a_four_and_a_paid_three_through_the_api(api, app):
    mid = api.create("poker-baseball", P3)["id"]
    # third street: Bob a four (extra card), Cy a three (matches the pot), Ann a king
    body = play(api, mid, [ANTE, {"type": "up", "card": "4D"}])
    assert "one extra card face down" in body["ruling"]["summary"]
    body = play(api, mid, [{"type": "up", "card": "3H"}])
    assert "must pay 3 (matching the pot)" in body["ruling"]["summary"]
    assert "poker-baseball/usual-way" in body["ruling"]["rules"]
    assert body["state"]["expects"] == ["pay", "fold"]
    body = play(
        api, mid, [{"type": "pay", "player": "Cy"}, {"type": "up", "card": "KS"}]
    )
    assert body["state"]["detail"]["pot"] == 6
    assert body["state"]["turn"] == "Cy"  # the wild three shows as an ace
    for street in (["KD", "5C", "KH"], ["7H", "5D", "2C"], ["8H", "6D", "2D"]):
        check_round(api, mid)
        play(api, mid, [{"type": "up", "card": c} for c in street])
    check_round(api, mid)
    body = check_round(api, mid)  # seventh street, face down
    assert body["state"]["expects"] == ["show"]
    play(
        api,
        mid,
        [
            {"type": "show", "player": 0, "cards": "KS KH 2C 2D AS 10C JC"},
            {"type": "show", "player": 1, "cards": "4D KD 7H 8H AH QH 6H JD"},
        ],
    )
    body = play(
        api, mid, [{"type": "show", "player": 2, "cards": "3H 5C 5D 6D 10S JS QS"}]
    )
    ruling = body["ruling"]
    assert ruling["verdict"] == "win"
    assert "Bob wins with flush" in ruling["summary"]
    assert ruling["score"] == {"Ann": -1, "Bob": 5, "Cy": -4}
    state = body["state"]
    assert state["over"]
    assert state["winner"] == "Bob"
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees


def test_a_whole_midnight_baseball_hand_through_the_api(api):
    mid = api.create("poker-midnight-baseball", P3)["id"]
    body = play(api, mid, [ANTE, {"type": "table", "card": "8D"}])
    assert body["state"]["turn"] == "Bob"
    body = play(api, mid, [{"type": "roll", "card": "3H"}])
    assert body["state"]["expects"] == ["pay", "fold"]
    body = play(api, mid, [{"type": "pay", "player": 1}])
    assert "Bob has the high hand" in body["ruling"]["summary"]
    check_round(api, mid)
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("2C", "5D", "7S")])
    assert body["state"]["turn"] == "Cy"
    body = play(
        api, mid, [{"type": "roll", "card": c} for c in ("10D", "JD", "KC", "QD")]
    )
    assert "Cy has no cards left: out" in body["ruling"]["summary"]
    assert "poker-midnight-baseball/out" in body["ruling"]["rules"]
    check_round(api, mid)
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("AC", "AD")])
    assert "Ann has the high hand" in body["ruling"]["summary"]
    check_round(api, mid)
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("2S", "6C")])
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("7D", "10H", "JH")])
    body = play(api, mid, [{"type": "roll", "card": "QC"}])
    assert body["ruling"]["verdict"] == "win"
    assert "Ann is the last player in and wins" in body["ruling"]["summary"]
    assert body["state"]["winner"] == "Ann"


def test_a_whole_mexican_sweat_hand_through_the_api(api):
    mid = api.create("mexican-sweat", P3)["id"]
    body = play(api, mid, [ANTE, {"type": "table", "card": "8D"}])
    assert "A roller who turns up an eight folds." in body["ruling"]["summary"]
    body = play(api, mid, [{"type": "roll", "card": "KS"}])
    check_round(api, mid)
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("2C", "8S")])
    assert "mexican-sweat/match" in body["ruling"]["rules"]
    check_round(api, mid)
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("2H", "5C", "6C")])
    body = play(api, mid, [{"type": "roll", "card": c} for c in ("7C", "JD", "10D")])
    body = play(api, mid, [{"type": "roll", "card": "QH"}])
    assert body["ruling"]["verdict"] == "win"
    assert body["ruling"]["score"] == {"Ann": -1, "Bob": 2, "Cy": -1}


def test_refusals_are_409_with_the_rule_and_a_seen_card_is_422(api, app):
    mid = api.create("poker-baseball", P3)["id"]
    play(api, mid, [ANTE, {"type": "up", "card": "3H"}])
    response = api.event(mid, {"type": "decline", "player": 1})
    assert response.status_code == 409
    assert "poker-baseball/pay-up-threes" in response.get_json()["ruling"]["rules"]
    play(api, mid, [{"type": "pay", "player": 1}])
    response = api.event(mid, {"type": "up", "card": "3H"})
    assert response.status_code == 422
    assert "already face up" in response.get_json()["errors"]["card"]
    with app.app_context():
        assert db.session.get(Match, mid).version == 3


def start(client, game: str) -> str:
    response = client.post(f"/new/{game}", data={"players": "\n".join(P3)})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_the_baseball_page_asks_for_exactly_what_comes_next(client):
    mid = start(client, "poker-baseball")
    text = main(client.get(f"/m/{mid}").text)
    assert "Everyone antes" in text
    assert "Dealt face up" not in text
    assert post(client, mid, 0, type="ante", amount="2").status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Third street: Bob's face-up card" in text
    assert "Everyone antes" not in text
    assert post(client, mid, 1, type="up", player="1", card="3C").status_code == 303
    page = client.get(f"/m/{mid}").text
    text = main(page)
    assert "Bob pays 6" in text
    assert "Bob folds" in text
    assert "Declines" not in text  # the usual way: pay or fold
    assert "Dealt face up" not in text
    assert post(client, mid, 2, type="pay", player="1").status_code == 303
    assert post(client, mid, 3, type="up", player="2", card="KD").status_code == 303
    assert post(client, mid, 4, type="up", player="0", card="5S").status_code == 303
    page = client.get(f"/m/{mid}").text
    assert 'aria-label="Bob to act"' in page
    assert 'name="action" value="check"' in page
    # the usual sizes one tap each: 1, 2, 5 and the pot (12)
    for n in (1, 2, 5, 12):
        assert f'name="amount" value="{n}"' in page
    response = post(client, mid, 5, type="bet", player="1", action="bet", amount="x")
    response = refusal_page(client, response)


def test_the_rolling_page_asks_for_the_table_card_then_the_roll(client):
    mid = start(client, "mexican-sweat")
    assert post(client, mid, 0, type="ante", amount="1").status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Table card out" in text
    assert post(client, mid, 1, type="table", card="8D").status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob rolled it" in text
    assert "Table card out" not in text


def test_who_acts_through_the_api_named_in_turn_is_stored_out_of_turn_is_409(api, app):
    """The optional ``player`` of ante, table and roll: the player in turn (by name)
    is credited as if left out; anyone else is refused, nothing stored."""
    named = api.create("mexican-sweat", P3)["id"]
    unnamed = api.create("mexican-sweat", P3)["id"]
    for event in (ANTE, {"type": "table", "card": "8D"}):
        play(api, unnamed, [event])
        play(api, named, [{**event, "player": "Ann"}])  # Ann antes with all; deals
    response = api.event(named, {"type": "roll", "player": "Cy", "card": "KS"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "mexican-sweat/lead",
        "mexican-sweat/roll",
    ]
    one = play(api, named, [{"type": "roll", "player": "Bob", "card": "KS"}])
    other = play(api, unnamed, [{"type": "roll", "card": "KS"}])
    assert one["ruling"] == other["ruling"]
    assert api.get(named)["state"] == api.get(unnamed)["state"]
    with app.app_context():
        assert db.session.get(Match, named).version == 3


def test_the_shared_card_is_the_dealers_through_the_api(api):
    mid = api.create("poker-baseball", list(SEVEN))["id"]
    play(api, mid, list(SHORT))
    response = api.event(mid, {"type": "common", "player": "Bob", "card": "JS"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == ["poker-baseball/short-deck"]
    body = play(api, mid, [{"type": "common", "player": "Ann", "card": "JS"}])
    assert "Shared card JS" in body["ruling"]["summary"]


def test_a_stated_payment_other_than_the_price_is_409_through_the_api(api, app):
    mid = api.create("poker-midnight-baseball", P3)["id"]
    play(
        api,
        mid,
        [ANTE, {"type": "table", "card": "8D"}, {"type": "roll", "card": "3H"}],
    )
    response = api.event(mid, {"type": "pay", "player": "Bob", "amount": 1})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "poker-midnight-baseball/pay-threes",
        "poker-midnight-baseball/payments",
    ]
    body = play(api, mid, [{"type": "pay", "player": "Bob", "amount": 3}])
    assert body["state"]["detail"]["pot"] == 6
    with app.app_context():
        assert db.session.get(Match, mid).version == 4
