"""Corrections on the pages: what else they change is shown and confirmed first."""

from __future__ import annotations

import html
import re
from typing import Any

from referee import ledger

from .test_darts_web import post_event
from .test_darts_web import start


def _darts(client: Any, match_id: str, darts: list[str]) -> None:
    for seq, dart in enumerate(darts):
        response = post_event(client, match_id, seq, type="dart", dart=dart)
        assert response.status_code in (302, 303), response.text


def _version(app: Any, match_id: str) -> int:
    with app.app_context():
        return ledger.get(match_id).version


def _scores(app: Any, match_id: str) -> list[int]:
    with app.app_context():
        return [s["score"] for s in ledger.board(ledger.get(match_id))["sides"]]


def _form_fields(page: str) -> dict[str, str]:
    """The hidden fields of the confirmation page's form."""
    form = page[page.index('class="confirm-row"') :]
    form = form[: form.index("</form>")]
    return {
        name: html.unescape(value)
        for name, value in re.findall(r'name="([^"]+)" value="([^"]*)"', form)
    }


# Ann throws T20 T20 T20, Bob S1 S1 S1, Ann T20: removing #2 hands Bob's first dart
# to Ann and moves every later dart to the other thrower.
DARTS = ["T20", "T20", "T20", "S1", "S1", "S1", "T20"]


def test_removing_an_early_dart_asks_first_and_names_the_darts_that_move(client, app):
    match_id = start(client)
    _darts(client, match_id, DARTS)
    response = client.post(
        f"/m/{match_id}/undo", data={"idem": "u1", "seq": 7, "target": 2}
    )
    assert response.status_code == 200
    page = html.unescape(response.text)
    assert "Remove #2 (One dart: T20)?" in page
    assert "#4: Bob's dart becomes Ann's" in page
    assert "#7: Ann's dart becomes Bob's" in page
    assert "Cancel: change nothing" in page
    assert _version(app, match_id) == 7  # asked, nothing stored
    kept = _form_fields(response.text)
    assert kept["idem"] == "u1"  # the same key: a double tap stores one removal
    assert kept["seq"] == "7"
    assert kept["target"] == "2"
    assert kept["confirmed"] == "1"


def test_confirming_a_removal_commits_it_and_the_flash_says_what_moved(client, app):
    match_id = start(client)
    _darts(client, match_id, DARTS)
    data = {"idem": "u1", "seq": 7, "target": 2, "confirmed": "1"}
    response = client.post(f"/m/{match_id}/undo", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match_id}/log")
    log = html.unescape(client.get(f"/m/{match_id}/log").text)
    assert "Event #2 removed (One dart: T20). What changed:" in log
    assert "#4: Bob's dart becomes Ann's" in log
    assert _version(app, match_id) == 8
    # the same form again (a double tap) stores nothing more
    again = client.post(f"/m/{match_id}/undo", data=data)
    assert again.status_code == 303
    assert _version(app, match_id) == 8


def test_cancelling_leaves_the_match_as_it_was(client, app):
    match_id = start(client)
    _darts(client, match_id, DARTS)
    scores = _scores(app, match_id)
    response = client.post(
        f"/m/{match_id}/undo", data={"idem": "u1", "seq": 7, "target": 2}
    )
    cancel = re.search(
        r'<a class="button secondary" href="([^"]+)">Cancel', response.text
    )
    assert cancel is not None
    assert cancel.group(1).endswith(f"/m/{match_id}/log")
    assert client.get(cancel.group(1)).status_code == 200
    assert _version(app, match_id) == 7
    assert _scores(app, match_id) == scores


def test_removing_the_newest_dart_goes_straight_through(client, app):
    match_id = start(client)
    _darts(client, match_id, ["T20", "S5"])
    response = client.post(
        f"/m/{match_id}/undo", data={"idem": "u1", "seq": 2, "target": 2}
    )
    assert response.status_code == 303
    assert _version(app, match_id) == 3
    log = html.unescape(client.get(f"/m/{match_id}/log").text)
    assert "Event #2 removed (One dart: S5). What changed: Ann's score: 236" in log
    # the match page's Undo of the newest entry: one tap, as ever
    response = client.post(f"/m/{match_id}/undo", data={"idem": "u2", "seq": 3})
    assert response.status_code == 303
    assert _scores(app, match_id) == [301, 301]


def test_a_fix_that_moves_later_rulings_asks_then_commits(client, app):
    match_id = start(client)
    _darts(client, match_id, ["T20", "S1"])
    fix = {"idem": "f1", "seq": 2, "type": "dart", "mult": "T", "seg": "19"}
    response = client.post(f"/m/{match_id}/log/1/edit", data=fix)
    assert response.status_code == 200
    page = html.unescape(response.text)
    assert "Change #1 (One dart: T20 → One dart: T19)?" in page
    assert "#2 now reads: Ann: S1 scores 1, 243 left" in page
    assert _version(app, match_id) == 2
    kept = _form_fields(response.text)
    assert (kept["mult"], kept["seg"], kept["type"]) == ("T", "19", "dart")
    response = client.post(f"/m/{match_id}/log/1/edit", data={**fix, "confirmed": "1"})
    assert response.status_code == 302
    assert _scores(app, match_id) == [301 - 57 - 1, 301]
    log = html.unescape(client.get(f"/m/{match_id}/log").text)
    assert "Event #1 corrected (One dart: T20 → One dart: T19)." in log


def test_a_fix_of_the_newest_dart_goes_straight_through(client, app):
    match_id = start(client)
    _darts(client, match_id, ["T20", "S1"])
    response = client.post(
        f"/m/{match_id}/log/2/edit",
        data={"idem": "f1", "seq": 2, "type": "dart", "seg": "DB"},
    )
    assert response.status_code == 302
    assert _scores(app, match_id) == [301 - 60 - 50, 301]


def test_the_fix_page_draws_the_darts_pad_with_the_recorded_dart_chosen(client):
    match_id = start(client)
    _darts(client, match_id, ["T20"])
    page = client.get(f"/m/{match_id}/log/1/edit").text
    assert re.search(r'name="mult" value="T" checked', page)
    assert re.search(r'name="seg" value="20" checked', page)
    assert 'name="seg" value="DB"' in page
    assert 'name="seg" value="M"' in page
    assert 'name="dart"' not in page  # no typed box as the way in


# --- the API's dry run ------------------------------------------------------------


def _api_darts(api: Any, match_id: str, darts: list[str]) -> None:
    for dart in darts:
        assert api.event(match_id, {"type": "dart", "dart": dart}).status_code == 201


def test_an_api_undo_dry_run_answers_the_changes_and_stores_nothing(api, app):
    match = api.create("darts-301")
    _api_darts(api, match["id"], DARTS)
    response = api.undo(match["id"], target=2, dry_run=True)
    assert response.status_code == 200
    seen = response.get_json()
    assert seen["dry_run"] is True
    assert seen["seq"] == 7
    assert seen["action"] == "remove"
    assert seen["confirm"] is True
    assert "#4: Bob's dart becomes Ann's" in seen["changes"]
    assert seen["later"][0]["seq"] == 3
    assert {"seq": 4, "before": "Bob", "after": "Ann"} in [
        {"seq": row["seq"], **row["actor"]} for row in seen["later"]
    ]
    assert _version(app, match["id"]) == 7
    # the correction itself answers the ruling the dry run said
    done = api.undo(match["id"], target=2, expected_seq=seen["seq"])
    assert done.status_code == 201
    assert done.get_json()["ruling"] == seen["ruling"]


def test_an_api_fix_dry_run_answers_the_ruling_and_keeps_the_key_unused(api, app):
    match = api.create("darts-301")
    _api_darts(api, match["id"], ["T20", "S1"])
    headers = api.headers(match["id"], "fix-1")
    url = f"/api/v1/matches/{match['id']}/events/1"
    event = {"type": "dart", "dart": "T19"}
    response = api.client.put(
        url, json={"event": event, "dry_run": True}, headers=headers
    )
    assert response.status_code == 200
    seen = response.get_json()
    assert seen["action"] == "fix"
    assert seen["ruling"]["summary"].startswith("Ann: T19 scores 57")
    assert seen["sides"] == [
        {"side": "Ann", "figure": "score", "before": 240, "after": 243}
    ]
    assert seen["winner"] is None
    assert _version(app, match["id"]) == 2
    # the same Idempotency-Key then stores the correction once
    done = api.client.put(url, json={"event": event}, headers=headers)
    assert done.status_code == 201
    assert _version(app, match["id"]) == 3


def test_an_api_dry_run_is_refused_as_the_correction_would_be(api, app):
    match = api.create("darts-301")
    _api_darts(api, match["id"], ["T20"])
    url = f"/api/v1/matches/{match['id']}/events/1"
    bad = api.client.put(
        url,
        json={"event": {"type": "dart", "dart": "T21"}, "dry_run": True},
        headers=api.headers(match["id"]),
    )
    assert bad.status_code == 422
    gone = api.undo(match["id"], target=5, dry_run=True)
    assert gone.status_code == 409
    stale = api.undo(match["id"], dry_run=True, expected_seq=0)
    assert stale.status_code == 409
    word = api.undo(match["id"], dry_run="yes")
    assert word.status_code == 422
    assert "dry_run" in word.get_json()["errors"]
    stranger = api.client.post(
        f"/api/v1/matches/{match['id']}/undo",
        json={"dry_run": True},
        headers={"Authorization": "Bearer nope", "Idempotency-Key": "k"},
    )
    assert stranger.status_code == 403
    assert _version(app, match["id"]) == 1


def test_undoing_the_winning_dart_on_the_match_page_asks_first(client, api, app):
    match_id = start(client)
    for seq, points in enumerate([180, 3, 81, 3]):
        post_event(client, match_id, seq, type="score", points=points)
    post_event(client, match_id, 4, type="dart", dart="D20")
    assert ledger_winner(app, match_id) == "Ann"
    asked = client.post(f"/m/{match_id}/undo", data={"idem": "u1", "seq": 5})
    assert asked.status_code == 200
    assert "the winner changes from Ann to nobody yet" in html.unescape(asked.text)
    assert _version(app, match_id) == 5
    data = _form_fields(asked.text)  # the Confirm button sends the same form again
    done = client.post(f"/m/{match_id}/undo", data=data)
    assert done.status_code == 303
    assert done.headers["Location"].endswith(f"/m/{match_id}")
    assert ledger_winner(app, match_id) is None
    page = html.unescape(client.get(f"/m/{match_id}").text)
    assert "Event #5 removed (One dart: D20)." in page


def ledger_winner(app: Any, match_id: str) -> str | None:
    with app.app_context():
        return ledger.board(ledger.get(match_id))["winner"]
