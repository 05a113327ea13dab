"""Bowling cards on the web: a whole game by the API, a turn on the page, the tool."""

from __future__ import annotations

import html
import re

from referee import ledger
from referee.db import db
from referee.games import get
from referee.models import Match
from tests.bowling_cards_table import play_game
from tests.web.redirects import refusal_page

GAME = "bowling-cards"
PLAYERS = ["Ann", "Bob", "Cy"]
ROWS = [
    {"type": "row", "player": 1, "cards": "7H QD 5S KC 3D 9H"},
    {"type": "row", "player": 2, "cards": "4C 10S 8D 2H AS 6C"},
    {"type": "row", "player": 0, "cards": "JH 5D 3C 9S 7D 4H"},
]
DEALT = [*ROWS, {"type": "upcard", "card": "8C"}]


def main(page: str) -> str:
    body = page.split("<main>", 1)[1].split("</main>", 1)[0]
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", body).split()))


def version(app, match_id) -> int:
    with app.app_context():
        return db.session.get(Match, match_id).version


def test_a_whole_game_of_six_frames_through_the_json_api(api, app):
    table = play_game(PLAYERS, seed=17)
    match = api.create(GAME, PLAYERS)
    mid = match["id"]
    for event in table.events:
        response = api.event(mid, event)
        assert response.status_code == 201, (event, response.get_json())
        assert response.get_json()["ruling"]["rules"]
    state = api.get(mid)["state"]
    expected = get(GAME).view(table.state)
    assert state == expected
    assert state["over"]
    assert len(state["detail"]["history"]) == 6
    for side in state["sides"]:
        assert side["score"] == round(sum(side["frames"]) / 6, 2)
    with app.app_context():
        assert ledger.board(db.session.get(Match, mid)) == expected  # replay agrees
    refused = api.event(mid, ROWS[0])
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["bowling-cards/winner"]


def test_a_pair_over_ten_is_409_with_the_rule_and_nothing_is_stored(api, app):
    mid = api.create(GAME, PLAYERS)["id"]
    draw = {"type": "draw", "player": 1, "source": "stock", "card": "5S"}
    for event in [*DEALT, draw]:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    response = api.event(mid, {"type": "place", "player": 1})
    assert response.status_code == 409
    body = response.get_json()
    assert "bowling-cards/over-ten" in body["ruling"]["rules"]
    assert "must be discarded" in body["ruling"]["summary"]
    assert version(app, mid) == seen
    assert api.event(mid, {"type": "discard", "player": 1}).status_code == 201


def test_a_card_the_108_card_pack_cannot_supply_is_422_with_an_example(api):
    mid = api.create(GAME, PLAYERS)["id"]
    for event in DEALT:
        assert api.event(mid, event).status_code == 201
    draw = {"type": "draw", "player": 1, "source": "stock", "card": "7H"}
    assert api.event(mid, draw).status_code == 201
    assert api.event(mid, {"type": "discard", "player": 1}).status_code == 201
    response = api.event(mid, {**draw, "player": 2})
    assert response.status_code == 422
    message = response.get_json()["errors"]["card"]
    assert "7H appears 3 times, but a 108-card pack" in message
    assert "Example" in message
    response = api.event(mid, {**draw, "player": 2, "card": "1X"})
    assert response.status_code == 422
    assert "'1X' is not a card" in response.get_json()["errors"]["card"]


def test_a_row_with_a_third_copy_is_refused_in_the_card_pickers_words(api):
    mid = api.create(GAME, PLAYERS)["id"]
    row = {"type": "row", "player": 1, "cards": "7H 7H 7H 5S KC 3D"}
    response = api.event(mid, row)
    assert response.status_code == 422
    # static/cards.js says the same before the form is sent
    assert response.get_json()["errors"]["cards"].startswith(
        "7H appears 3 times, but a 108-card pack (two decks, two jokers each) has "
        "only 2 copies of 7H."
    )


def test_two_players_are_too_few(api):
    response = api.client.post(
        "/api/v1/matches", json={"game": GAME, "players": ["Ann", "Bob"]}
    )
    assert response.status_code == 422
    assert "3 to 4 players" in response.get_json()["errors"]["players"]


def test_the_frame_calculator_takes_pairs_and_says_why(client):
    response = client.post(
        "/api/v1/tools/bowling-cards/frame",
        json={
            "pairs": ["QH/KS", "10D/2C", "7S/3H", "9C/AD", "JK/5D", "4C"],
            "held": ["2D"],
        },
    )
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == 95
    assert body["marks"] == ["X", "X", "/", "/", "X", "-"]
    assert body["why"][0] == "2 strikes in a row: bonus 15"
    bad = client.post(
        "/api/v1/tools/bowling-cards/frame",
        json={"pairs": ["QH/5S", "7S", "7S", "4C", "4C", "5C"]},
    )
    assert bad.status_code == 422
    assert "more than ten" in bad.get_json()["errors"]["pairs"]
    page = client.get("/tools/bowling-cards/frame?pairs=QH/KS+7S/3H+4C+4D+5C+5D")
    assert page.status_code == 200
    assert "35 points: X / - - - -." in main(page.text)


# --- the phone page -----------------------------------------------------------------


def start(client, players="Ann\nBob\nCy"):
    response = client.post(f"/new/{GAME}", data={"players": players})
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post(client, mid, seq, **fields):
    return client.post(
        f"/m/{mid}/events", data={"idem": f"t{seq}", "seq": seq, **fields}
    )


def test_a_frame_on_the_page_deals_rows_then_taps_the_row_to_pair(client, app):
    mid = start(client)
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob's six row cards" in text
    assert "Frame 1: Ann deals." in text
    for seq, row in enumerate(ROWS):
        response = post(
            client, mid, seq, type="row", player=row["player"], cards=row["cards"]
        )
        assert response.status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Card that starts the pile" in text
    assert "hand cards worth ten may go back" in text
    # A king must be kept: 409, the rule shown.
    response = post(client, mid, 3, type="exchange", player=0, card="KS")
    response = refusal_page(client, response)
    assert "Ann must keep KS" in main(response.text)
    assert post(client, mid, 3, type="upcard", card="8C").status_code == 303
    assert (
        post(
            client, mid, 4, type="draw", player=1, source="stock", card="3S"
        ).status_code
        == 303
    )
    page = client.get(f"/m/{mid}").text
    assert 'name="position" value="1"' in page  # the next row card is a button
    assert 'name="position" value="2"' not in page.split("Discard")[0]
    assert post(client, mid, 5, type="place", player=1, position=1).status_code == 303
    text = main(client.get(f"/m/{mid}").text)
    assert "Bob puts 3S on 7H at position 1: 7H + 3S = 10: a spare, 15." in text
    assert "Cy draws for position 1." in text
    assert version(app, mid) == 6


def test_watchers_see_the_bowling_sheet(client, api):
    mid = api.create(GAME, PLAYERS)["id"]
    draw = {"type": "draw", "player": 1, "source": "stock", "card": "2S"}
    for event in [*DEALT, draw, {"type": "place", "player": 1}]:
        assert api.event(mid, event).status_code == 201
    other = client.application.test_client()
    text = main(other.get(f"/m/{mid}").text)
    assert "Bob 9····· 9" in text  # the error's count on the sheet, live
    assert "Rows" in text


def test_a_card_code_the_notation_does_not_list_is_422_in_an_event_and_the_tool(
    api, client
):
    """Issue 25: '11H' was read as a jack and '1S' as an ace."""
    mid = api.create(GAME, PLAYERS)["id"]
    for code in ("11H", "1S", "13C"):
        row = {"type": "row", "player": 1, "cards": f"7H QD 5S KC 3D {code}"}
        response = api.event(mid, row)
        assert response.status_code == 422, code
        message = response.get_json()["errors"]["cards"]
        assert f"'{code}' is not a card: ranks are A 2-10 J Q K" in message
        assert "Example: " in message
        frame = client.post(
            "/api/v1/tools/bowling-cards/frame",
            json={"pairs": [f"QH/{code}", "7S/3H", "4C", "4D", "5C", "5D"]},
        )
        assert frame.status_code == 422, code
        assert f"'{code}' is not a card" in frame.get_json()["errors"]["pairs"]
    assert api.event(mid, ROWS[0]).status_code == 201  # nothing was stored before


def test_card_codes_in_a_tool_request_are_read_in_any_case_as_the_notation_says(
    client,
):
    response = client.post(
        "/api/v1/tools/bowling-cards/frame",
        json={"pairs": ["QH/KS", "7S/3H", "4C", "4D", "5C", "5D"], "held": ["2d"]},
    )
    assert response.status_code == 200, response.get_json()
    bad = client.post(
        "/api/v1/tools/bowling-cards/frame",
        json={"pairs": ["QH/KS", "7S/3H", "4C", "4D", "5C", "5D"], "held": ["1D"]},
    )
    assert bad.status_code == 422
    assert "'1D' is not a card" in bad.get_json()["errors"]["held"]


def test_a_hand_card_laid_as_a_cover_is_409_citing_the_rule_and_nothing_stored(
    api, app
):
    mid = api.create(GAME, PLAYERS)["id"]
    draw = {"type": "draw", "player": "Bob", "source": "stock", "card": "3S"}
    for event in [*DEALT, draw]:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    hand = {"type": "place", "player": "Bob", "card": "KH", "source": "hand"}
    response = api.event(mid, hand)
    assert response.status_code == 409
    assert "bowling-cards/hand-cards" in response.get_json()["ruling"]["rules"]
    thrown = api.event(mid, {"type": "discard", "player": 1, "source": "hand"})
    assert thrown.status_code == 409
    assert version(app, mid) == seen
    said = {"type": "place", "player": "Bob", "card": "3S", "source": "drawn"}
    assert api.event(mid, said).status_code == 201


def test_an_event_naming_a_player_out_of_turn_is_409_citing_the_turn_rule(api, app):
    mid = api.create(GAME, PLAYERS)["id"]
    for event in ROWS:
        assert api.event(mid, event).status_code == 201
    seen = version(app, mid)
    response = api.event(mid, {"type": "upcard", "card": "8C", "player": "Cy"})
    assert response.status_code == 409
    assert response.get_json()["ruling"]["rules"] == ["bowling-cards/turn-order"]
    assert version(app, mid) == seen
    upcard = {"type": "upcard", "card": "8C", "player": "Ann"}
    assert api.event(mid, upcard).status_code == 201
    bad = api.event(mid, {"type": "draw", "player": "Ann", "source": "pile"})
    assert bad.status_code == 409
    assert "out of turn: it is Bob's to do now" in bad.get_json()["ruling"]["summary"]
