"""Darts pages and API: the kept leg sheet, the summary, rematch, short sets."""

from __future__ import annotations

import re
import uuid
from typing import Any

from sqlalchemy import func
from sqlalchemy import select

from referee.db import db
from referee.models import Match
from tests.web.redirects import refusal_page

# Ann wins a leg from 301: 180, then 121 out on T20 S11 DB (Bob scores 100 twice).
LEG_ONE = [
    {"type": "round", "darts": ["T20", "T20", "T20"]},
    {"type": "score", "points": 100},
    {"type": "round", "darts": ["T20", "S11", "DB"]},
]


def start(client: Any, game: str = "darts-301", players: str = "Ann\nBob", **opts):
    """Start a match from the new-match page; this client becomes its scorer."""
    form = {"players": players, **{f"opt_{k}": v for k, v in opts.items()}}
    response = client.post(f"/new/{game}", data=form)
    assert response.status_code == 302, response.text
    return response.headers["Location"].rsplit("/", 1)[-1]


def post_event(client: Any, match_id: str, seq: int, **fields: Any) -> Any:
    data = {"idem": uuid.uuid4().hex, "seq": seq, **fields}
    return client.post(f"/m/{match_id}/events", data=data)


def play_api(api: Any, match_id: str, events: list[dict[str, Any]]) -> None:
    for event in events:
        response = api.event(match_id, event)
        assert response.status_code == 201, response.get_json()


def match_count(app: Any) -> int:
    with app.app_context():
        return db.session.execute(select(func.count()).select_from(Match)).scalar_one()


def rematch_key(page: str) -> str:
    found = re.search(r'name="idem" value="([^"]+)">\s*<button[^>]*>Rematch', page)
    assert found, "no rematch button on the page"
    return found.group(1)


# --- the last leg's sheet and the match summary --------------------------------------


def test_a_finished_legs_sheet_and_figures_stay_on_the_page_until_the_next_dart(
    client, api
):
    match = api.create("darts-301", options={"legs": 2})
    play_api(api, match["id"], LEG_ONE)
    page = client.get(f"/m/{match['id']}").text
    assert "Leg 1: Ann won in 6 darts, 121 out" in page
    assert re.search(r'<details class="panel last-leg" open>', page)
    assert "T20 S11 DB" in page  # the checkout round on the kept sheet
    assert "150.50" in page  # Ann's leg average: 301 in 6 darts
    play_api(api, match["id"], [{"type": "dart", "dart": "S20"}])  # leg 2 begins
    page = client.get(f"/m/{match['id']}").text
    assert "Leg 1: Ann won" not in page
    assert "This leg&#39;s rounds" not in page  # no round of leg 2 is finished yet


def test_a_finished_match_shows_its_summary_on_the_page_and_in_the_json(client, api):
    match = api.create("darts-301", options={"legs": 2})
    play_api(api, match["id"], LEG_ONE)
    # Leg 2: Bob starts; Ann wins it with 180, 81 and a 40 checkout.
    play_api(
        api,
        match["id"],
        [
            {"type": "score", "points": 0},
            {"type": "score", "points": 180},
            {"type": "score", "points": 0},
            {"type": "score", "points": 81},
            {"type": "score", "points": 0},
            {"type": "round", "darts": ["D20"]},
        ],
    )
    state = api.get(match["id"])["state"]
    summary = state["detail"]["summary"]
    assert state["winner"] == "Ann"
    assert summary["legs"] == [
        {"number": 1, "set": 1, "winner": "Ann", "darts": 6, "finish": 121},
        {"number": 2, "set": 1, "winner": "Ann", "darts": 7, "finish": 40},
    ]
    assert summary["legs_played"] == 2
    assert summary["players"]["Ann"]["legs_won"] == 2
    assert summary["players"]["Ann"]["best_leg"] == 6
    assert summary["players"]["Ann"]["highest_finish"] == 121
    page = client.get(f"/m/{match['id']}").text
    assert "Match summary" in page
    assert "Leg 2: Ann won in 7 darts, 40 out" in page
    assert re.search(r"Leg 1</span> <span>Ann in 6 darts</span>", page)
    assert re.search(r"Best leg</th><td>6 darts</td><td>–</td>", page)


def test_a_match_in_play_has_no_summary_in_its_json(api):
    match = api.create("darts-301")
    play_api(api, match["id"], LEG_ONE[:1])
    assert api.get(match["id"])["state"]["detail"]["summary"] is None


# --- rematch on the page ------------------------------------------------------------


def finish_darts_match(client: Any, **opts: Any) -> str:
    """A darts 301 match started and won on the pages by this client."""
    match_id = start(client, players="Ann\nBob", **opts)
    for seq, fields in enumerate(
        [
            {"type": "round", "darts": "T20 T20 T20"},
            {"type": "score", "points": "100"},
            {"type": "round", "darts": "T20 S11 DB"},
        ]
    ):
        assert post_event(client, match_id, seq, **fields).status_code == 303
    return match_id


def test_rematch_is_one_tap_on_a_finished_match_with_the_same_setup(client, app):
    match_id = finish_darts_match(client, start="301", legs="1")
    with app.app_context():
        db.session.execute(
            Match.__table__.update()
            .where(Match.id == match_id)
            .values(title="Friday final")
        )
        db.session.commit()
    page = client.get(f"/m/{match_id}").text
    response = client.post(f"/m/{match_id}/rematch", data={"idem": rematch_key(page)})
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != match_id
    page = client.get(f"/m/{new_id}").text
    assert "Ann to throw: dart 1 of 3, 301 left" in page
    assert 'name="seg"' in page  # the scorer went straight to the pad
    with app.app_context():
        old, new = db.session.get(Match, match_id), db.session.get(Match, new_id)
        assert (new.game, new.players, new.teams, new.options, new.title) == (
            old.game,
            old.players,
            old.teams,
            old.options,
            "Friday final",
        )
        assert new.version == 0
        assert new.status == "live"


def test_rematch_double_tap_makes_one_match(client, app):
    match_id = finish_darts_match(client)
    key = rematch_key(client.get(f"/m/{match_id}").text)
    before = match_count(app)
    first = client.post(f"/m/{match_id}/rematch", data={"idem": key})
    second = client.post(f"/m/{match_id}/rematch", data={"idem": key})
    assert first.headers["Location"] == second.headers["Location"]
    assert match_count(app) == before + 1


def test_rematch_is_offered_only_to_the_scorer_of_a_finished_match(client, app):
    match_id = start(client)
    assert ">Rematch</button>" not in client.get(f"/m/{match_id}").text
    match_id = finish_darts_match(client)
    assert ">Rematch</button>" in client.get(f"/m/{match_id}").text
    watcher = app.test_client()
    assert ">Rematch</button>" not in watcher.get(f"/m/{match_id}").text
    before = match_count(app)
    refused = watcher.post(f"/m/{match_id}/rematch", data={"idem": "w1"})
    assert refused.status_code == 403
    assert match_count(app) == before


def test_rematch_without_its_key_re_renders_the_page_and_stores_nothing(client, app):
    match_id = finish_darts_match(client)
    before = match_count(app)
    response = client.post(f"/m/{match_id}/rematch", data={})
    assert response.status_code == 422
    assert "reload the page and try again" in response.text
    assert match_count(app) == before


# --- rematch in the API, for every game -------------------------------------------


def test_rematch_copies_game_players_teams_and_options_for_every_game(client, api):
    spec = client.get("/api/v1/openapi.json").get_json()
    examples = spec["paths"]["/api/v1/matches"]["post"]["requestBody"]["content"][
        "application/json"
    ]["examples"]
    games = client.get("/api/v1/games").get_json()
    assert {e["value"]["game"] for e in examples.values()} == {
        g["id"] for g in games["games"]
    }
    for example in examples.values():
        body = {**example["value"], "title": "Club night"}
        match = api.create(**body)
        response = client.post(
            f"/api/v1/matches/{match['id']}/rematch",
            headers=api.headers(match["id"]),
        )
        assert response.status_code == 201, (body["game"], response.get_json())
        fresh = response.get_json()
        assert fresh["id"] != match["id"]
        assert fresh["edit_key"] != match["edit_key"]
        same = ("game", "players", "teams", "options", "title")
        assert {k: fresh[k] for k in same} == {k: match[k] for k in same}
        assert fresh["seq"] == 0
        assert response.headers["Location"] == f"/api/v1/matches/{fresh['id']}"


def test_rematch_page_route_works_for_every_game(client, api, app):
    spec = client.get("/api/v1/openapi.json").get_json()
    examples = spec["paths"]["/api/v1/matches"]["post"]["requestBody"]["content"][
        "application/json"
    ]["examples"]
    for example in examples.values():
        match = api.create(**example["value"])
        joined = client.get(f"/m/{match['id']}/join/{match['edit_key']}")
        assert joined.status_code == 302
        response = client.post(
            f"/m/{match['id']}/rematch", data={"idem": f"page-{match['id']}"}
        )
        assert response.status_code == 303, (match["game"], response.text[:300])
        new_id = response.headers["Location"].rsplit("/", 1)[-1]
        page = client.get(f"/m/{new_id}")
        assert page.status_code == 200
        assert f"/m/{new_id}/share" in page.text  # the scorer can score the new match
        with app.app_context():
            fresh = db.session.get(Match, new_id)
            assert (fresh.game, fresh.players, fresh.teams, fresh.options) == (
                match["game"],
                match["players"],
                match["teams"],
                match["options"],
            )


def test_rematch_api_retry_with_the_same_key_returns_the_first_rematch(
    client, api, app
):
    match = api.create("darts-baseball", options={"innings": "20"})
    headers = api.headers(match["id"], key="rematch-1")
    first = client.post(f"/api/v1/matches/{match['id']}/rematch", headers=headers)
    count = match_count(app)
    again = client.post(f"/api/v1/matches/{match['id']}/rematch", headers=headers)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["id"] == first.get_json()["id"]
    assert match_count(app) == count
    # The same key for another match's rematch is another request: refused.
    other = api.create("darts-301")
    reused = client.post(
        f"/api/v1/matches/{other['id']}/rematch",
        headers={**api.headers(other["id"]), "Idempotency-Key": "rematch-1"},
    )
    assert reused.status_code == 409
    assert "different match" in reused.get_json()["detail"]


def test_rematch_api_needs_the_edit_key_and_no_body(client, api):
    match = api.create("darts-301")
    url = f"/api/v1/matches/{match['id']}/rematch"
    assert client.post(url).status_code == 401
    wrong = {"Authorization": "Bearer nope", "Idempotency-Key": "k"}
    assert client.post(url, headers=wrong).status_code == 403
    bad = client.post(url, json={"players": ["Cy"]}, headers=api.headers(match["id"]))
    assert bad.status_code == 422
    assert "'players' is not a field here" in bad.get_json()["detail"]


def test_rematch_of_a_tournament_tables_game_is_refused(client):
    night = client.post(
        "/api/v1/tournaments",
        json={"players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]},
    ).get_json()
    table = night["keys"]["tables"][0]
    match_id = night["tables"][0]["match"]
    response = client.post(
        f"/api/v1/matches/{match_id}/rematch",
        headers={"Authorization": f"Bearer {table['key']}", "Idempotency-Key": "t"},
    )
    assert response.status_code == 409
    assert "tournament table" in response.get_json()["detail"]


# --- baseball: a short set needs "the rest missed" --------------------------------


def test_baseball_short_set_on_the_page_asks_for_the_missing_darts(client, app):
    match_id = start(client, game="darts-baseball")
    page = client.get(f"/m/{match_id}").text
    assert 'data-full-set="3"' in page
    assert 'name="rest_missed"' in page
    response = post_event(client, match_id, 0, type="round", darts="S1 D1")
    response = refusal_page(client, response)
    assert "enter the 3rd dart" in response.text
    assert 'value="S1 D1"' in response.text  # what was typed is kept
    with app.app_context():
        assert db.session.get(Match, match_id).version == 0
    said = post_event(
        client, match_id, 0, type="round", darts="S1 D1", rest_missed="true"
    )
    assert said.status_code == 303
    page = client.get(f"/m/{match_id}").text
    assert "Ann: S1 D1 M in the 1st: 3 runs." in page


def test_baseball_short_set_in_the_api_is_422_with_a_correct_example(api):
    match = api.create("darts-baseball")
    response = api.event(match["id"], {"type": "round", "darts": ["S1"]})
    assert response.status_code == 422
    problem = response.get_json()
    assert "enter the 2nd and 3rd darts" in problem["detail"]
    assert '"rest_missed": true' in problem["errors"]["darts"]
    assert "Example: S1 M M" in problem["errors"]["darts"]
    assert api.get(match["id"])["seq"] == 0
    said = api.event(
        match["id"], {"type": "round", "darts": ["S1"], "rest_missed": True}
    )
    assert said.status_code == 201
    assert said.get_json()["state"]["sides"][0]["score"] == 1


def test_baseball_rest_missed_is_a_declared_field_of_a_set(client):
    game = client.get("/api/v1/games/darts-baseball").get_json()
    fields = next(e for e in game["events"] if e["type"] == "round")["fields"]
    rest = next(f for f in fields if f["name"] == "rest_missed")
    assert rest["kind"] == "boolean"
    assert rest["required"] is False


# --- who threw (issue 24) ------------------------------------------------------------


def test_a_dart_naming_another_thrower_is_refused_and_stores_nothing(api):
    match = api.create("darts-301")["id"]
    refused = api.event(match, {"type": "dart", "dart": "T20", "player": "Bob"})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["darts-301/order"]
    assert api.get(match)["seq"] == 0
    taken = api.event(match, {"type": "round", "darts": "S1 S1 S1", "player": "ann"})
    assert taken.status_code == 201
    fourth = api.event(match, {"type": "dart", "dart": "T20", "player": 0})
    assert fourth.status_code == 409
    assert fourth.get_json()["ruling"]["rules"] == [
        "darts-301/round",
        "darts-301/order",
    ]
    assert api.get(match)["seq"] == 1
    assert api.get(match)["state"]["turn"] == "Bob"


def test_a_round_of_four_darts_is_refused_not_bad_input(api):
    match = api.create("darts-301")["id"]
    refused = api.event(match, {"type": "round", "darts": ["T20"] * 4})
    assert refused.status_code == 409
    assert refused.get_json()["ruling"]["rules"] == ["darts-301/round"]
    unreadable = api.event(match, {"type": "round", "darts": ["T20"] * 10})
    assert unreadable.status_code == 422


def test_a_fourth_dart_in_a_darts_baseball_inning_is_refused_not_credited_onward(api):
    match = api.create("darts-baseball")["id"]
    play_api(api, match, [{"type": "dart", "dart": "S1", "player": "Ann"}] * 3)
    fourth = api.event(match, {"type": "dart", "dart": "S1", "player": "Ann"})
    assert fourth.status_code == 409
    assert fourth.get_json()["ruling"]["rules"] == ["darts-baseball/turns"]
    board = api.get(match)["state"]
    assert board["turn"] == "Bob"
    assert {s["name"]: s["score"] for s in board["sides"]} == {"Ann": 3, "Bob": 0}


def test_the_darts_event_form_leaves_the_thrower_out(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").get_data(as_text=True)
    assert 'name="player"' not in page
    assert post_event(client, match_id, 0, type="dart", dart="T20").status_code == 303


# --- the pad's Undo key (no JavaScript: it submits the undo form beside the pad) ---


def _pad_undo_action(page: str) -> str:
    """Where the Undo key inside the dart pad sends: its undo form's address."""
    pad = re.search(r'<form[^>]*class="darts-pad".*?</form>', page, re.S)
    assert pad, "no dart pad on the page"
    key = re.search(r'<button[^>]*form="([^"]+)"[^>]*>Undo</button>', pad[0])
    assert key, "no Undo key in the pad"
    form = re.search(rf'<form[^>]*action="([^"]+)"[^>]*id="{key.group(1)}"', page)
    assert form, f"no form {key.group(1)} for the pad's Undo"
    return form.group(1)


def test_the_pads_undo_sends_the_undo_form(client):
    match_id = start(client)
    page = client.get(f"/m/{match_id}").text
    assert re.search(r"<button[^>]*disabled[^>]*>Undo</button>", page)  # nothing yet
    thrown = post_event(client, match_id, 0, type="dart", mult="T", seg="20")
    assert thrown.status_code in (302, 303), thrown.text
    page = client.get(f"/m/{match_id}").text
    action = _pad_undo_action(page)
    assert action == f"/m/{match_id}/undo"
    assert 'aria-label="Undo the last dart"' in page
    sent = client.post(action, data={"idem": uuid.uuid4().hex, "seq": 1})
    assert sent.status_code in (302, 303), sent.text
    page = client.get(f"/m/{match_id}").text
    assert "UNDONE" in page
    assert "Ann to throw: dart 1 of 3, 301 left" in page


def test_the_baseball_pad_has_its_undo_key_too(client):
    match_id = start(client, game="darts-baseball")
    thrown = post_event(client, match_id, 0, type="dart", dart="S1")
    assert thrown.status_code in (302, 303), thrown.text
    assert _pad_undo_action(client.get(f"/m/{match_id}").text) == f"/m/{match_id}/undo"
