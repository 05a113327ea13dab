"""A long match's answers stay the same size; its board links to every hand (issue 27).

The state keeps the latest ``HISTORY_WINDOW`` hands, so a POST answers the same bytes
at hand 40 as at hand 80; the match page says so and links to the whole history,
folded from the log at ``/m/<id>/history``.
"""

from __future__ import annotations

import re

from referee.games.boards import HISTORY_WINDOW

GAME = "gin-rummy"


def history_rows(page: str) -> list[str]:
    """The hand numbers in the page's table of hands so far."""
    table = page.split('class="panel gin-history"', 1)[1].split("</details>", 1)[0]
    return re.findall(r'<th scope="row">(\d+)</th>', table)


def test_a_post_answers_as_many_bytes_at_hand_80_as_at_hand_40(api):
    match = api.create(GAME, options={"target": 1000})
    sizes = {}
    for hand in range(1, 81):
        response = api.event(match["id"], {"type": "cancel"})
        assert response.status_code == 201, response.get_json()
        sizes[hand] = len(response.data)
    assert sizes[80] <= sizes[40] * 1.05
    state = api.get(match["id"])["state"]
    assert len(state["detail"]["history"]) == HISTORY_WINDOW


def test_the_board_shows_the_latest_hands_and_links_to_every_hand_from_the_log(
    api, client
):
    match = api.create(GAME, options={"target": 1000})
    mid = match["id"]
    for _ in range(HISTORY_WINDOW + 8):
        assert api.event(mid, {"type": "cancel"}).status_code == 201
    knock = {
        "type": "knock_counts",
        "knocker": 0,
        "knocker_count": 5,
        "opponent_count": 30,
    }
    assert api.event(mid, knock).status_code == 201
    hands = HISTORY_WINDOW + 9
    page = client.get(f"/m/{mid}").text
    assert history_rows(page) == [str(h) for h in range(10, hands + 1)]
    assert f"The latest {HISTORY_WINDOW} hands." in page
    assert f'href="/m/{mid}/history"' in page
    whole = client.get(f"/m/{mid}/history")
    assert whole.status_code == 200
    assert history_rows(whole.text) == [str(h) for h in range(1, hands + 1)]
    assert "Ann knocks 5 v 30, +25" in whole.text
    assert "The latest" not in whole.text


def test_a_short_match_shows_every_hand_and_no_link(api, client):
    match = api.create(GAME)
    for _ in range(3):
        assert api.event(match["id"], {"type": "cancel"}).status_code == 201
    page = client.get(f"/m/{match['id']}").text
    assert history_rows(page) == ["1", "2", "3"]
    assert "/history" not in page.split('class="panel gin-history"', 1)[1]


def test_the_history_of_an_unknown_match_is_404(client):
    assert client.get("/m/nosuchmatch/history").status_code == 404


def test_every_games_history_page_renders_from_its_log(api, client):
    from referee import games
    from tests.long_matches import play
    from tests.long_matches import setup_for

    for game_id in games.GAME_IDS:
        setup = setup_for(games.get(game_id))
        match = api.create(game_id, list(setup.players), options=dict(setup.options))
        for played in play(game_id, 40):
            response = api.event(match["id"], played.event)
            assert response.status_code == 201, (game_id, response.get_json())
        page = client.get(f"/m/{match['id']}/history")
        assert page.status_code == 200, game_id


def test_the_api_gives_every_hand_from_the_log_past_the_boards_latest(api, client):
    match = api.create(GAME, options={"target": 1000})
    mid = match["id"]
    hands = HISTORY_WINDOW + 5
    for _ in range(hands):
        assert api.event(mid, {"type": "cancel"}).status_code == 201
    board = api.get(mid)["state"]["detail"]["history"]
    response = client.get(f"/api/v1/matches/{mid}/history")
    assert response.status_code == 200
    body = response.get_json()
    assert body["seq"] == hands
    assert [h["hand"] for h in body["history"]] == list(range(1, hands + 1))
    assert body["history"][-HISTORY_WINDOW:] == board
    assert client.get("/api/v1/matches/nosuchmatch/history").status_code == 404
