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
    assert "Remove #2 (dart T20)?" in page
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
    assert "Event #2 removed (it was dart T20). What changed:" in log
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
    cancel = re.search(r'<a class="button secondary" href="([^"]+)">Cancel', response.text)
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
    assert "Event #2 removed (it was dart S5). What changed: Ann's score: 236" in log
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
    assert "Change #1 from dart T20 to dart T19?" in page
    assert "#2 now reads: Ann: S1 scores 1, 243 left" in page
    assert _version(app, match_id) == 2
    kept = _form_fields(response.text)
    assert (kept["mult"], kept["seg"], kept["type"]) == ("T", "19", "dart")
    response = client.post(f"/m/{match_id}/log/1/edit", data={**fix, "confirmed": "1"})
    assert response.status_code == 302
    assert _scores(app, match_id) == [301 - 57 - 1, 301]
    log = html.unescape(client.get(f"/m/{match_id}/log").text)
    assert "Event #1 corrected: dart T20 is now dart T19." in log


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
