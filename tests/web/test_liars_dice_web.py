"""Liar's dice on the web: a whole game by the API, refusals, calculators, the page."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.games import get
from referee.models import Match
from tests.web.redirects import refusal_page

GAME = "liars-dice"
PLAYERS = ["Ann", "Bob", "Cy"]
# Three players with the bets option at two (players drop out), to the end: every
# kind of event, both outcomes.
TRANSCRIPT = [
    {"type": "claim", "player": "Ann", "claim": "two kings two jacks ten"},
    {"type": "accept", "player": "Bob"},
    {"type": "claim", "player": "Bob", "claim": "kings full of jacks", "shown": "K K"},
    {"type": "call", "player": "Cy"},
    {"type": "open", "dice": "K K J J 10"},
    {
        "type": "claim",
        "player": "Bob",
        "claim": "9 9 A K Q",
        "direction": "right",
    },
    {"type": "accept", "player": "Ann"},
    {"type": "claim", "player": "Ann", "claim": "three queens ace king"},
    {"type": "call", "player": "Cy", "dice": "Q Q Q A K"},
    {"type": "claim", "player": "Cy", "claim": "high straight"},
    {"type": "call", "player": "Ann", "dice": "A K Q J 9"},
    {"type": "claim", "player": "Ann", "claim": "five nines"},
    {"type": "call", "player": "Bob", "dice": "9 9 9 9 9"},
]


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def test_a_whole_game_with_the_bets_option_through_the_json_api(api, app):
    match = api.create(GAME, PLAYERS, options={"bets": 2})
    mid = match["id"]
    assert match["state"]["prompt"] == "Box 1: Ann claims first."
    for event in TRANSCRIPT:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        assert response.get_json()["ruling"]["rules"]
    last = response.get_json()["ruling"]
    assert last["verdict"] == "win"
    assert last["score"] == {"Bob": -1}
    assert "liars-dice/winner" in last["rules"]
    state = api.get(mid)["state"]
    assert state["winner"] == "Ann"
    assert [(s["name"], s["score"], s["out"]) for s in state["sides"]] == [
        ("Ann", 2, False),
        ("Bob", 0, True),
        ("Cy", 0, True),
    ]
    boxes = state["detail"]["boxes"]
    assert [(b["claim"], b["dice"], b["true"], b["loser"]) for b in boxes] == [
        ("K K K J J", "K K J J 10", False, "Bob"),
        ("Q Q Q A K", "Q Q Q A K", True, "Cy"),
        ("A K Q J 10", "A K Q J 9", False, "Cy"),
        ("9 9 9 9 9", "9 9 9 9 9", True, "Bob"),
    ]
    game = get(GAME)
    expected = game.start(game.new_setup(PLAYERS, {"bets": 2}))
    for event in TRANSCRIPT:
        expected = game.step(expected, event).state
    assert state == game.view(expected)
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees
    over = api.event(mid, {"type": "claim", "player": "Ann", "claim": "five aces"})
    assert over.status_code == 409
    assert over.get_json()["ruling"]["rules"] == ["liars-dice/winner"]


def test_a_claim_that_does_not_beat_the_last_is_409_naming_both(api, app):
    mid = api.create(GAME, PLAYERS)["id"]
    for event in TRANSCRIPT[:2]:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    response = api.event(
        mid, {"type": "claim", "player": "Bob", "claim": "two kings two jacks nine"}
    )
    assert response.status_code == 409
    ruling = response.get_json()["ruling"]
    assert ruling["rules"][:2] == ["liars-dice/beat-the-claim", "liars-dice/ranking"]
    assert "does not beat Ann's K K J J 10" in ruling["summary"]
    assert "the lowest claim that beats it is K K J J Q" in ruling["summary"]
    assert version(app, mid) == seen
    claims = api.get(mid)["state"]["detail"]["claims"]
    assert [c["claim"] for c in claims] == ["K K J J 10"]


# The text's reading, the default: the loser starts the box again, and the game ends
# once every player has lost a bet; whoever lost the fewest wins.
DEFAULT_GAME = [
    {"type": "claim", "claim": "K K J J 10"},
    {"type": "call", "dice": "K K J 10 9"},  # false: Ann loses, starts box 2
    {"type": "claim", "claim": "A A A 9 9"},
    {"type": "accept"},
    {"type": "claim", "claim": "five aces", "shown": "A A A"},
    {"type": "call", "player": "Cy", "dice": "A A A A A"},  # true: Cy loses
    {"type": "claim", "player": "Cy", "claim": "Q Q 9 9 10"},
    {"type": "call", "player": "Ann", "dice": "Q Q 9 9 J"},  # false: Cy again
    {"type": "claim", "player": "Cy", "claim": "J J 9 9 10"},
    {"type": "call", "player": "Ann", "dice": "J J 9 9 10"},  # true: Ann again
    {"type": "claim", "player": "Ann", "claim": "K K 9 9 10", "direction": "right"},
    {"type": "call", "player": "Cy", "dice": "K K 9 9 10"},  # true: Cy, third
    {"type": "claim", "player": "Cy", "claim": "A A 9 9 10"},
    {"type": "call", "player": "Ann", "dice": "A A 9 9 J"},  # false: Cy, fourth
    {"type": "claim", "player": "Cy", "claim": "A A 9 9 J", "direction": "right"},
    {"type": "call", "player": "Bob", "dice": "A A 9 9 J"},  # true: Bob, the last
]


def test_the_texts_reading_by_default_the_loser_restarts_until_all_have_lost(api, app):
    mid = api.create(GAME, PLAYERS)["id"]
    for event in DEFAULT_GAME[:2]:
        assert api.event(mid, event).status_code == 201
    state = api.get(mid)["state"]
    assert state["turn"] == "Ann"  # lost the call, starts again: not out
    assert state["detail"]["out"] == []
    assert state["detail"]["yet_to_lose"] == ["Bob", "Cy"]
    for event in DEFAULT_GAME[2:]:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
    last = response.get_json()["ruling"]
    assert last["verdict"] == "win"
    assert "liars-dice/winner" in last["rules"]
    assert "Bob wins, having lost the fewest (one bet)" in last["summary"]
    state = api.get(mid)["state"]
    assert state["winner"] == "Bob"
    assert state["over"]
    assert [(s["name"], s["lost"], s["score"]) for s in state["sides"]] == [
        ("Ann", 2, -2),
        ("Bob", 1, -1),
        ("Cy", 4, -4),
    ]
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == state  # replay agrees


def test_a_move_naming_a_player_out_of_turn_is_409_citing_the_turn_rule(api, app):
    mid = api.create(GAME, PLAYERS)["id"]
    for event in DEFAULT_GAME[:2]:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    response = api.event(mid, {"type": "claim", "player": "Bob", "claim": "A A A 9 9"})
    assert response.status_code == 409
    ruling = response.get_json()["ruling"]
    assert {"liars-dice/turn", "liars-dice/restart"} <= set(ruling["rules"])
    assert "out of turn: it is Ann's" in ruling["summary"]
    assert version(app, mid) == seen
    response = api.event(mid, {"type": "claim", "player": "Ann", "claim": "A A A 9 9"})
    assert response.status_code == 201


def test_a_claim_that_is_not_five_poker_dice_is_422_naming_the_field(api):
    mid = api.create(GAME, PLAYERS)["id"]
    response = api.event(mid, {"type": "claim", "player": "Ann", "claim": "K K 8 J J"})
    assert response.status_code == 422
    assert "'8' is not a poker die face" in response.get_json()["errors"]["claim"]
    response = api.event(mid, {"type": "claim", "player": "Ann", "claim": "two kings"})
    assert "reads as 2" in response.get_json()["errors"]["claim"]


def test_the_calculators_answer_by_api_and_page(client):
    response = client.post(
        "/api/v1/tools/liars-dice/beats",
        json={"claim": "three nines two tens", "last": "A A K K Q"},
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["beats"] is True
    assert body["claim"]["dice"] == "9 9 9 10 10"
    assert (
        body["lowest_beating"]["dice"] == "9 9 9 J 10"
    )  # two pair tops out at A A K K Q
    bad = client.post(
        "/api/v1/tools/liars-dice/beats", json={"claim": "K K J J 10", "last": "K"}
    )
    assert bad.status_code == 422
    assert "last" in bad.get_json()["errors"]
    ranked = client.post(
        "/api/v1/tools/liars-dice/rank",
        json={"claims": "K K J J 10; high straight", "straights": False},
    ).get_json()
    assert [r["dice"] for r in ranked["ranked"]] == ["K K J J 10", "A K Q J 10"]
    page = client.get("/tools/liars-dice/beats?claim=K+K+J+J+10&last=K+K+J+J+Q")
    assert page.status_code == 200
    assert "The lowest claim that beats it is K K J J A" in main(page.text)
    page = client.get("/tools/liars-dice/rank?claims=K+K+J+J+10;A+A+A+9+9")
    assert "Best: A A A 9 9 (full house, aces over nines)." in main(page.text)


# --- the phone page -----------------------------------------------------------------


def start(client, players="Ann\nBob\nCy"):
    response = client.post(f"/new/{GAME}", data={"players": players})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def forms(page: str) -> list[str]:
    return re.findall(r'name="type" value="(\w+)"', page)


def test_the_page_asks_for_exactly_what_comes_next(client):
    mid = start(client)
    page = client.get(f"/m/{mid}").text
    assert forms(page) == ["claim"]
    assert 'name="direction" value="right"' in page  # the opening claim picks a way
    assert 'name="shown"' not in page  # nothing can be face up yet
    assert (
        post(client, mid, 0, type="claim", player="Ann", claim="K K J J 10").status_code
        == 303
    )
    page = client.get(f"/m/{mid}").text
    assert forms(page) == ["accept", "call"]
    assert "Bob: Ann claims K K J J 10" in main(page)
    assert post(client, mid, 1, type="accept", player="Bob").status_code == 303
    page = client.get(f"/m/{mid}").text
    assert forms(page) == ["claim"]
    assert 'name="shown"' in page
    assert "At least K K J J Q (two kings, two jacks and a queen)." in main(page)
    refused = post(client, mid, 2, type="claim", player="Bob", claim="K K J J 9")
    refused = refusal_page(client, refused)
    assert "the lowest claim that beats it is K K J J Q" in main(refused.text)
    assert 'value="K K J J 9"' in refused.text  # what was typed is kept
    done = post(
        client, mid, 2, type="claim", player="Bob", claim="K K K 9 9", shown="K K"
    )
    assert done.status_code == 303
    assert post(client, mid, 3, type="call", player="Cy").status_code == 303
    page = client.get(f"/m/{mid}").text
    assert forms(page) == ["open"]
    assert "The five dice in the box (with K K face up)" in main(page)
    assert post(client, mid, 4, type="open", dice="K K Q J 9").status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Box 1 opened after Cy called Bob." in text
    assert "False : Bob lost a bet." in text  # nobody drops out by default
    assert "Box 2: Bob claims first." in text  # the loser starts again
    assert "Bets lost" in text
    assert "yet to lose: Ann, Cy" in text


def test_five_aces_leaves_only_the_call(client):
    mid = start(client, "Ann\nBob")
    assert (
        post(client, mid, 0, type="claim", player="Ann", claim="five aces").status_code
        == 303
    )
    page = client.get(f"/m/{mid}").text
    assert forms(page) == ["call"]
    assert "Nothing beats five aces: the only answer is a call." in main(page)
