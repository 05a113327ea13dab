"""Gin rummy on the web: a whole game by API, knocks by the page, the calculator."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.models import Match
from tests.web.redirects import refusal_page

GAME = "gin-rummy"
# Bob knocks with 4 (4C); Ann lays 8D off on his 9D 10D JD and keeps 43.
KNOCK = {
    "type": "knock",
    "knocker": 1,
    "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD 4C",
    "opponent_hand": "KS QH 5H 5D 8D 2H 3H 4H 8S JC",
}
# Two sets and 2C 3D 4H 5C: 14 deadwood.
FOURTEEN = "AS 2S 3S 7H 7D 7C 2C 3D 4H 5C"
OTHERS = "KS QS JS 9H 9D 9C 8H 6D 6C KC"


def start(client, players="Ann\nBob", **options):
    form = {"players": players, **{f"opt_{k}": v for k, v in options.items()}}
    response = client.post(f"/new/{GAME}", data=form)
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post_event(client, match_id, seq, idem="tap", **fields):
    return client.post(
        f"/m/{match_id}/events", data={"idem": idem, "seq": seq, **fields}
    )


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def main(page: str) -> str:
    """The page's <main> with the tags taken out and the spaces squeezed."""
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return " ".join(re.sub(r"<[^>]+>", " ", body).split())


# --- the API ------------------------------------------------------------------------


def test_a_whole_game_to_100_with_an_undercut_a_gin_and_the_bonuses(api, client):
    match = api.create(GAME)
    mid = match["id"]
    hands = [
        (
            KNOCK,
            "Bob knocks with 4; Ann has 43 after laying off 8D: "
            "Bob scores 43 - 4 = 39.",
        ),
        # Hand 2, Bob deals: Ann passes the up-card, Bob takes it.
        ({"type": "upcard", "player": 0, "take": False}, "Ann passes the up-card"),
        ({"type": "upcard", "player": 1, "take": True}, "Bob takes the up-card"),
        (
            {
                "type": "knock",
                "knocker": 0,
                "knocker_hand": "AS 2S 3S 4H 5H 6H 9C 9D 9S 8C",
                "opponent_hand": "AH 2H 3H 7C 7D 7S 10C JC QC 5D",
            },
            "Ann knocks with 8 but Bob has 5: undercut! Bob scores 3 + 10 = 13.",
        ),
        (
            {
                "type": "knock",
                "knocker": 0,
                "knocker_hand": "AS 2S 3S 4S 7H 7D 7C KH KD KC",
                "opponent_hand": "5H 6H 8D 9D 10S JS 2C 3C QS 4D",
            },
            "Ann goes gin; Bob has 37: Ann scores 20 + 37 = 57. Ann leads 57 to 52.",
        ),
        ({"type": "cancel"}, "Hand 4 is cancelled"),
        (
            {
                "type": "knock_counts",
                "knocker": 0,
                "knocker_count": 2,
                "opponent_count": 50,
            },
            "Ann knocks with 2; Bob has 50: Ann scores 50 - 2 = 48.",
        ),
    ]
    for event, said in hands:
        response = api.event(mid, event)
        assert response.status_code == 201, response.get_json()
        assert said in response.get_json()["ruling"]["summary"]

    body = response.get_json()
    ruling, state = body["ruling"], body["state"]
    assert ruling["verdict"] == "win"
    assert ruling["summary"].endswith(
        "Ann reaches 105 of 100 and wins the game (game bonus 100). With line "
        "bonuses: Ann 245, Bob 92; Bob pays Ann 153."
    )
    assert "gin-rummy/settlement" in ruling["rules"]
    assert state["over"]
    assert state["winner"] == "Ann"
    assert [(s["score"], s["hands_won"]) for s in state["sides"]] == [(105, 2), (52, 2)]
    detail = state["detail"]
    assert [h["result"] for h in detail["history"]] == [
        "knock",
        "undercut",
        "gin",
        "cancelled",
        "knock",
    ]
    assert detail["settlement"] == {
        "winner": "Ann",
        "loser": "Bob",
        "points": {"Ann": 105, "Bob": 52},
        "game_bonus": 100,
        "shutout": False,
        "line_bonus": {"Ann": 40, "Bob": 40},
        "hands_won": {"Ann": 2, "Bob": 2},
        "totals": {"Ann": 245, "Bob": 92},
        "payer": "Bob",
        "payee": "Ann",
        "amount": 153,
    }

    refused = api.event(mid, {"type": "cancel"})
    assert refused.status_code == 409
    assert refused.get_json()["detail"] == "The game is over: Ann won it."

    # The page at the end: the settlement, line by line, and who pays whom.
    text = main(client.get(f"/m/{mid}").text)
    assert "Settlement" in text
    assert "Hand points 105 52 Game bonus 100 – Line bonus 40 40" in text
    assert (
        "Total 245 92 Line bonus: 20 for each hand won (Ann 2, Bob 2). "
        "Bob pays Ann 153."
    ) in text
    assert "Hands so far (5)" in text
    assert "Bob undercuts Ann, +13 0 52" in text
    assert "Ann gin, +57 57 52" in text
    assert 'name="knocker_hand"' not in client.get(f"/m/{mid}").text


def test_a_gin_against_nothing_ends_the_game_with_the_shutout_bonus(api):
    match = api.create(GAME)
    event = {
        "type": "knock_counts",
        "knocker": 0,
        "knocker_count": 0,
        "opponent_count": 98,
        "gin": True,
    }
    body = api.event(match["id"], event).get_json()
    settlement = body["state"]["detail"]["settlement"]
    assert settlement["shutout"] is True
    assert settlement["game_bonus"] == 200
    # 20 + 98 hand points, 200 shutout bonus, 20 for the one hand won.
    assert settlement["totals"] == {"Ann": 338, "Bob": 0}
    assert (settlement["payer"], settlement["amount"]) == ("Bob", 338)


def test_an_illegal_knock_is_409_with_the_rule_and_stores_nothing(api, app):
    match = api.create(GAME)
    event = {
        "type": "knock",
        "knocker": 0,
        "knocker_hand": FOURTEEN,
        "opponent_hand": OTHERS,
    }
    response = api.event(match["id"], event)
    assert response.status_code == 409
    body = response.get_json()
    assert body["detail"].startswith("That knock is illegal: 14 deadwood.")
    assert body["ruling"]["verdict"] == "illegal"
    assert body["ruling"]["rules"] == ["gin-rummy/knock", "gin-rummy/deadwood"]
    assert version(app, match["id"]) == 0


def test_a_knock_naming_another_player_than_the_knocker_is_409_citing_the_turn(
    api, app
):
    match = api.create(GAME)
    response = api.event(match["id"], {**KNOCK, "player": "Ann"})
    assert response.status_code == 409
    ruling = response.get_json()["ruling"]
    assert ruling["rules"] == ["gin-rummy/turn", "gin-rummy/knock"]
    assert ruling["summary"] == "Bob knocked, so the knock is Bob's move, not Ann's."
    assert version(app, match["id"]) == 0
    response = api.event(match["id"], {**KNOCK, "player": "Bob"})
    assert response.status_code == 201


def test_stated_lay_offs_are_checked_onto_gin_and_onto_the_knockers_sets(api, app):
    match = api.create(GAME)
    gin = {**KNOCK, "knocker_hand": "AS 2S 3S 7H 7D 7C 9D 10D JD QD"}
    response = api.event(match["id"], {**gin, "laid_off": "8D"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == [
        "gin-rummy/gin",
        "gin-rummy/lay-off",
    ]
    response = api.event(match["id"], {**KNOCK, "laid_off": ["8D", "KS"]})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == ["gin-rummy/lay-off"]
    response = api.event(match["id"], {**KNOCK, "laid_off": "JS"})
    assert response.status_code == 422
    assert "laid_off" in response.get_json()["errors"]
    assert version(app, match["id"]) == 0
    response = api.event(match["id"], {**KNOCK, "laid_off": "8D"})
    assert response.status_code == 201
    layoffs = response.get_json()["state"]["detail"]["last_hand"]["layoffs"]
    assert [lo["card"] for lo in layoffs] == ["8D"]


def test_a_card_in_both_hands_is_422_naming_the_field(api, app):
    match = api.create(GAME)
    event = {**KNOCK, "opponent_hand": "AS QH 5H 5D 8D 2H 3H 4H 8S JC"}
    response = api.event(match["id"], event)
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert list(errors) == ["opponent_hand"]
    assert errors["opponent_hand"].startswith(
        "AS (ace of spades) is in both hands; a deck has one."
    )
    assert version(app, match["id"]) == 0


def test_a_card_the_deck_lacks_is_422_naming_the_hand(api):
    match = api.create(GAME)
    response = api.event(match["id"], {**KNOCK, "knocker_hand": "JK 2S 3S"})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors["knocker_hand"].startswith("'JK' is not in a standard 52-card deck.")


def test_the_deadwood_tool_answers_and_refuses_bad_hands(client):
    url = "/api/v1/tools/gin-rummy/deadwood"
    hand = "7H 8H 9H 7S 7D 7C 2C 3C 4C KS 5S"
    answer = client.post(url, json={"hand": hand}).get_json()
    assert answer["discard"] == "KS"
    assert answer["melds"] == [
        ["7S", "7D", "7C"],
        ["7H", "8H", "9H"],
        ["2C", "3C", "4C"],
    ]
    assert (answer["deadwood"], answer["count"], answer["may_knock"]) == (
        ["5S"],
        5,
        True,
    )
    short = client.post(url, json={"hand": "7H 8H 9H"})
    assert short.status_code == 422
    assert short.get_json()["errors"]["hand"].startswith(
        "Expected 10 to 11 cards; 3 given."
    )


# --- the pages ----------------------------------------------------------------------


def test_the_match_page_offers_the_card_picker_without_inline_code(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").text
    assert page.count("data-card-picker") == 2
    assert 'name="knocker_hand"' in page
    assert 'name="opponent_hand"' in page
    assert 'data-deck-title="standard 52-card deck"' in page
    assert 'data-least="10" data-most="10"' in page
    script_tag = re.search(
        r'<script src="(/static/cards\.[0-9a-f]{10}\.js)" defer>', page
    )
    assert script_tag, "the picker's script, by its fingerprinted URL"
    # The CSP allows no inline script or style: behaviour and looks live in files.
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert not re.search(r"\s(style|on[a-z]+)=", page)
    assert 'name="knocker_count"' in page
    assert "Bob chooses first" in page
    script = client.get(script_tag[1])
    assert script.status_code == 200
    script.close()


def test_the_common_preset_takes_eleven_cards_for_big_gin(client):
    match_id = start(client, preset="common")
    page = client.get(f"/m/{match_id}").text
    assert 'data-least="10" data-most="11" data-label="Knocker&#39;s hand"' in page
    assert 'name="big_gin"' in page
    assert 'name="big_gin"' not in client.get(f"/m/{start(client)}").text


def test_a_knock_entered_by_cards_on_the_page(client, app):
    match_id = start(client)
    response = post_event(
        client,
        match_id,
        0,
        type="knock",
        knocker="1",
        knocker_hand="as 2♠ 3s 7h 7d 7c 9d td jd 4c",  # any NOTATION.md spelling
        opponent_hand=KNOCK["opponent_hand"],
    )
    assert response.status_code == 303
    page = client.get(f"/m/{match_id}").text
    text = main(page)
    assert "Bob knocks with 4; Ann has 43 after laying off 8D" in text
    assert "Knock Hand 1: Bob scores 39" in text
    assert "Lays off 8 ♦ on 9 ♦ 10 ♦ J ♦" in text
    assert "Deadwood 4 ♣ = 4" in text
    assert "= 43 (51 before laying off)" in text
    assert "Bob +39 (43 − 4 = 39)" in text
    assert '<span class="pc pc-red" title="8 of diamonds">8' in page
    with app.app_context():
        board = ledger.board(ledger.get(match_id))
    assert [s["score"] for s in board["sides"]] == [0, 39]


def test_a_knock_entered_by_counts_on_the_page(client, app):
    match_id = start(client)
    response = post_event(
        client,
        match_id,
        0,
        type="knock_counts",
        knocker="0",
        knocker_count="6",
        opponent_count="31",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Ann knocks with 6; Bob has 31: Ann scores 31 - 6 = 25." in text
    assert (
        "Ann knocked with 6; Bob counted 31 after laying off. (counts entered)" in text
    )
    # Gin by counts: the checkbox is sent as "on".
    response = post_event(
        client,
        match_id,
        1,
        idem="gin",
        type="knock_counts",
        knocker="1",
        knocker_count="0",
        opponent_count="12",
        gin="on",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Gin Hand 2: Bob scores 32" in text
    assert "Bob +32 (20 gin bonus + 12 = 32)" in text
    assert version(app, match_id) == 2


def test_the_page_shows_the_engines_formula_for_undercut_and_big_gin(client, app):
    match_id = start(client, preset="common")
    # Hand 1: Ann's big gin entered by counts.
    response = post_event(
        client,
        match_id,
        0,
        idem="big",
        type="knock_counts",
        knocker="0",
        knocker_count="0",
        opponent_count="34",
        big_gin="on",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Big gin Hand 1: Ann scores 65" in text
    assert "Ann went big gin; Bob counted 34. (counts entered)" in text
    assert "went gin" not in text
    assert "Ann +65 (31 big gin bonus + 34 = 65)" in text
    # Hand 2: Bob knocks with 5 and Ann has 5 too: an undercut, the bonus alone.
    response = post_event(
        client,
        match_id,
        1,
        idem="under",
        type="knock_counts",
        knocker="1",
        knocker_count="5",
        opponent_count="5",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Undercut Hand 2: Ann scores 25" in text
    assert "Ann +25 (5 − 5 = 0 + 25 undercut bonus = 25)" in text
    # Hand 3: Bob's big gin entered by cards: eleven cards, nothing laid off.
    response = post_event(
        client,
        match_id,
        2,
        idem="cards",
        type="knock",
        knocker="1",
        knocker_hand="AS 2S 3S 7H 7D 7C 9D 10D JD QD KD",
        opponent_hand="KS QH 5D 8S JC 2H 3H 4H 5H 6C",
    )
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Big gin Hand 3: Bob scores 80" in text
    assert "No deadwood: big gin" in text
    assert "No lay-offs on big gin." in text
    assert "Bob +80 (31 big gin bonus + 49 = 80)" in text
    assert "Ann big gin, +65 65 0" in text
    assert "Ann undercuts Bob, +25 90 0" in text
    assert "Bob big gin, +80 90 80" in text
    assert version(app, match_id) == 3


def test_an_illegal_knock_from_the_page_is_409_and_keeps_the_hands(client, app):
    match_id = start(client)
    response = post_event(
        client,
        match_id,
        0,
        type="knock",
        knocker="0",
        knocker_hand=FOURTEEN,
        opponent_hand=OTHERS,
    )
    response = refusal_page(client, response)
    page = response.text
    assert "NOT ALLOWED" in page
    assert "That knock is illegal: 14 deadwood. Ann may knock with 10 or less." in page
    assert 'href="/rules/gin-rummy/knock"' in page
    assert f'value="{FOURTEEN}"' in page
    assert f'value="{OTHERS}"' in page
    assert 'value="0" required checked> Ann' in page
    assert "/tools/gin-rummy/deadwood?hand=AS+2S+3S+7H+7D+7C+2C+3D+4H+5C" in page
    assert version(app, match_id) == 0


def test_bad_cards_from_the_page_are_422_keeping_all_but_the_refused_card(client, app):
    match_id = start(client)
    response = post_event(
        client,
        match_id,
        0,
        type="knock",
        knocker="1",
        knocker_hand=KNOCK["knocker_hand"],
        opponent_hand="KS QH 5H 5D 8D 2H 3H 4H 8S 4C",
    )
    response = refusal_page(client, response)
    assert "4C (4 of clubs) is in both hands; a deck has one." in response.text
    # The card the refusal names is taken out of the hand it was typed in (issue 26):
    # the picker starts with the nine accepted, and the next tap is the right card.
    assert 'value="KS QH 5H 5D 8D 2H 3H 4H 8S"' in response.text
    assert version(app, match_id) == 0


def test_the_first_turn_buttons_and_a_cancelled_hand(client, app):
    match_id = start(client)
    response = post_event(client, match_id, 0, type="upcard", player="0", take="true")
    response = refusal_page(client, response)
    assert "by Ann is out of turn: it is Bob's to do now." in html.unescape(
        response.text
    )
    response = post_event(
        client, match_id, 0, idem="b", type="upcard", player="1", take="false"
    )
    assert response.status_code == 303
    page = client.get(f"/m/{match_id}").text
    assert "Ann deals and now" in page
    assert "Bob passed; Ann takes the up-card or passes." in page
    response = post_event(client, match_id, 1, idem="c", type="cancel")
    # the stock cannot run down on the first turn
    response = refusal_page(client, response)
    assert "still at its first turn" in response.text
    response = post_event(
        client, match_id, 1, idem="d", type="upcard", player="0", take="false"
    )
    assert response.status_code == 303
    response = post_event(client, match_id, 2, idem="e", type="cancel")
    assert response.status_code == 303
    text = main(client.get(f"/m/{match_id}").text)
    assert "Cancelled Hand 1" in text
    assert "No score: the stock ran down to two cards. Ann deals again." in text
    assert version(app, match_id) == 3


def test_the_calculator_page_answers_with_the_cards(client):
    empty = client.get("/tools/gin-rummy/deadwood")
    assert empty.status_code == 200
    assert "data-card-picker" in empty.text
    assert 'data-least="10" data-most="11"' in empty.text

    response = client.get(
        "/tools/gin-rummy/deadwood",
        query_string={"hand": "7h 8h 9h 7s 7d 7c 2c 3c 4c ks 5s"},
    )
    assert response.status_code == 200
    text = main(response.text)
    assert "May knock: 5 deadwood after discarding KS." in text
    assert "Discard K ♠" in text
    assert "Best sets 7 ♠ 7 ♦ 7 ♣ 7 ♥ 8 ♥ 9 ♥ 2 ♣ 3 ♣ 4 ♣" in text
    assert "Deadwood 5 ♠ = 5" in text

    gin = client.get(
        "/tools/gin-rummy/deadwood",
        query_string={"hand": KNOCK["knocker_hand"][:-3] + " QD"},
    )
    assert "Gin." in main(gin.text)


def test_the_calculator_page_says_what_is_wrong_with_a_hand(client):
    response = client.get(
        "/tools/gin-rummy/deadwood", query_string={"hand": "7H 8H 9H JK"}
    )
    assert response.status_code == 422
    assert "&#39;JK&#39; is not in a standard 52-card deck." in response.text
    assert 'value="7H 8H 9H JK"' in response.text
    assert "Best sets" not in response.text


def test_the_deadwood_tool_takes_a_json_list_of_cards_in_any_case(client):
    """NOTATION.md reads `as` as the ace of spades: a JSON list may say so too (it
    was 422 while the same cards as text were read)."""
    hand = ["7h", "8h", "9h", "7s", "7d", "7c", "2c", "3c", "4c", "ks", "5s"]
    response = client.post("/api/v1/tools/gin-rummy/deadwood", json={"hand": hand})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["discard"] == "KS"
